package fleet_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

var ev = fleet.NewEvaluator(nil)

func load(t testing.TB, path string) *fleet.Fleet {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := fleet.Decode(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// errorRules lists the distinct rules of the errors among ps.
func errorRules(ps designer.Problems) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Severity == designer.Error && !seen[p.Rule] {
			seen[p.Rule] = true
			out = append(out, p.Rule)
		}
	}
	return out
}

// TestTestdata: every legal fleet file is legal; every F-*.json breaks
// its rule and only that rule.
func TestTestdata(t *testing.T) {
	files, _ := filepath.Glob("../testdata/fleets/*.json")
	if len(files) < 10 {
		t.Fatalf("only %d fleet files", len(files))
	}
	illegal := map[string]bool{}
	for _, path := range files {
		base := strings.TrimSuffix(filepath.Base(path), ".json")
		r := ev.Evaluate(load(t, path), nil)
		if strings.HasPrefix(base, "F-") {
			illegal[base] = true
			if got := errorRules(r.Problems); r.Legal || len(got) != 1 || got[0] != base {
				t.Errorf("%s: legal %v, error rules %v; want only %s\n%v", base, r.Legal, got, base, r.Problems)
			}
			continue
		}
		if !r.Legal {
			t.Errorf("%s: illegal: %v", base, r.Problems)
		}
	}
	for _, ru := range fleet.Rules {
		if ru.Severity == designer.Error && !illegal[ru.ID] {
			t.Errorf("no testdata/fleets/%s.json", ru.ID)
		}
	}
}
