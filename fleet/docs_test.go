package fleet_test

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/fleet"
)

// TestDocsListRules: docs/fleets.md has a row for every rule.
func TestDocsListRules(t *testing.T) {
	b, err := os.ReadFile("../docs/fleets.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range fleet.Rules {
		if !strings.Contains(string(b), "| "+r.ID+" | "+string(r.Severity)+" |") {
			t.Errorf("docs/fleets.md has no row for %s (%s)", r.ID, r.Severity)
		}
	}
}

// TestSampleFleets: the embedded sample fleets are legal and of equal CV.
func TestSampleFleets(t *testing.T) {
	names, _ := fs.Glob(data.Fleets(), "*.json")
	if len(names) < 2 {
		t.Fatalf("%d sample fleets", len(names))
	}
	cv := -1
	for _, n := range names {
		b, _ := fs.ReadFile(data.Fleets(), n)
		f, err := fleet.Decode(b)
		if err != nil {
			t.Fatal(n, err)
		}
		r := ev.Evaluate(f, nil)
		if !r.Legal || len(r.Problems) != 0 {
			t.Errorf("%s: %v", n, r.Problems)
		}
		if cv >= 0 && r.Totals.CV != cv {
			t.Errorf("%s: CV %d, the first sample %d", n, r.Totals.CV, cv)
		}
		cv = r.Totals.CV
	}
}
