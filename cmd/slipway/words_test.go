package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/internal/pdftext"
	"github.com/slipway/slipway/internal/playerwords"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// TestProblemsInPlayersWords is issue 19's acceptance 2: slipway validate
// --json and fleet validate --json on every rule's fixture of both games
// give each problem a message and a hint a player reads (no {, " or [, no
// rule id, no JSON path, numbers, plurals and articles that agree), and
// keep rule, path and severity for programs. Every rule of both games,
// class and fleet, is seen in some fixture, so every rule's texts are
// checked.
func TestProblemsInPlayersWords(t *testing.T) {
	seen := map[string]bool{}
	check := func(file string, ps []ruleset.Problem) {
		for _, p := range ps {
			seen[p.Rule] = true
			if p.Rule == "" || p.Severity == "" || p.Message == "" {
				t.Errorf("%s: a problem without rule, severity or message: %+v", file, p)
			}
			for _, text := range []string{p.Message, p.Hint} {
				if bad := playerwords.Check(text, p.Path); len(bad) > 0 {
					t.Errorf("%s: %s at %s: %q %s", file, p.Rule, p.Path, text, strings.Join(bad, "; "))
				}
			}
		}
	}
	designs := glob(t, "../../testdata/invalid/*.json", "../../testdata/battleshift/invalid/*.json")
	_, out, _ := runCLI(t, append([]string{"validate", "--json", "--tier", "1"}, designs...)...)
	var reports []fileReport
	if err := json.Unmarshal([]byte(out), &reports); err != nil || len(reports) != len(designs) {
		t.Fatalf("validate --json: %v, %d reports of %d files", err, len(reports), len(designs))
	}
	for i, r := range reports {
		rule := strings.TrimSuffix(filepath.Base(designs[i]), ".json")
		if !slices.ContainsFunc(r.Problems, func(p ruleset.Problem) bool { return p.Rule == rule }) {
			t.Errorf("%s: no %s problem: %+v", designs[i], rule, r.Problems)
		}
		check(designs[i], r.Problems)
	}
	fleets := glob(t, "../../testdata/fleets/F-*.json", "../../testdata/battleshift/fleets/BS-*.json", "../../testdata/fleets/*.json", "../../testdata/battleshift/fleets/*.json")
	_, out, _ = runCLI(t, append([]string{"fleet", "validate", "--json"}, fleets...)...)
	var freps []fleetReport
	if err := json.Unmarshal([]byte(out), &freps); err != nil || len(freps) != len(fleets) {
		t.Fatalf("fleet validate --json: %v, %d reports of %d files", err, len(freps), len(fleets))
	}
	for i, r := range freps {
		check(fleets[i], r.Problems)
	}
	var rules []string
	for _, rs := range registry().List() {
		for _, ri := range rs.Rules() {
			rules = append(rules, ri.ID)
		}
	}
	for _, ri := range fleet.Rules {
		rules = append(rules, ri.ID)
	}
	for _, ri := range battleshift.New().FleetRules() {
		rules = append(rules, ri.ID)
	}
	// A rule no fixture file shows (F-05 and F-07 come only with other
	// fleets' problems) is named, so that a new one is noticed.
	for _, id := range rules {
		if !seen[id] {
			t.Logf("no fixture shows %s", id)
		}
	}
}

func glob(t *testing.T, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if !slices.Contains(out, f) && !strings.HasSuffix(f, ".go") {
				out = append(out, f)
			}
		}
	}
	return out
}

// TestCountsAgreeInPrint: every text a player reads of a fleet, on the
// terminal (fleet eval, fleet encounter) and in its printed pack, counts
// with a noun that agrees ("1 unit", "2 units", never "1 units" or "1
// sub-commanders"), for every fleet fixture and sample of both games and
// for a fleet of one ship.
func TestCountsAgreeInPrint(t *testing.T) {
	fleets := glob(t, "../../testdata/fleets/*.json", "../../data/fleets/*.json", "../../testdata/battleshift/fleets/*.json")
	// A fleet of one ship and no squadron, whose flagship commands one unit.
	b, err := os.ReadFile("../../data/fleets/cruiser-wing.json")
	if err != nil {
		t.Fatal(err)
	}
	var one map[string]any
	if err := json.Unmarshal(b, &one); err != nil {
		t.Fatal(err)
	}
	one["ships"] = one["ships"].([]any)[:2]
	one["command"] = []any{map[string]any{"level": "squadron", "ship": "cruiser", "ships": []any{"clinton"}}}
	pair := filepath.Join(t.TempDir(), "pair.json")
	b, _ = json.Marshal(one)
	if err := os.WriteFile(pair, b, 0o644); err != nil {
		t.Fatal(err)
	}
	one["ships"] = one["ships"].([]any)[:1]
	one["command"] = []any{map[string]any{"level": "squadron", "ship": "cruiser"}}
	single := filepath.Join(t.TempDir(), "single.json")
	b, _ = json.Marshal(one)
	if err := os.WriteFile(single, b, 0o644); err != nil {
		t.Fatal(err)
	}
	fleets = append(fleets, pair, single)
	check := func(what, text string) {
		t.Helper()
		for _, line := range strings.Split(text, "\n") {
			if bad := playerwords.Agreement(line); len(bad) > 0 {
				t.Errorf("%s: %q %s", what, line, strings.Join(bad, "; "))
			}
		}
	}
	var printed strings.Builder
	for _, f := range fleets {
		_, out, _ := runCLI(t, "fleet", "eval", f)
		check("fleet eval "+filepath.Base(f), out)
		printed.WriteString(out)
		pdf := filepath.Join(t.TempDir(), "pack.pdf")
		if code, _, errs := runCLI(t, "fleet", "pack", f, "-o", pdf); code == 0 {
			pb, err := os.ReadFile(pdf)
			if err != nil {
				t.Fatal(err)
			}
			check("fleet pack "+filepath.Base(f), pdftext.Text(pdftext.Read(t, pb)))
		} else if !strings.Contains(f, "-") {
			t.Errorf("fleet pack %s: exit %d: %s", f, code, errs)
		}
	}
	_, out, _ := runCLI(t, "fleet", "encounter", "../../data/fleets/cruiser-wing.json", single)
	check("fleet encounter", out)
	// The texts this test is for are there to be checked.
	for _, want := range []string{"1 ship,", "1 unit)", "2 units)"} {
		if !strings.Contains(printed.String(), want) {
			t.Errorf("no fleet printed %q; the test no longer sees the counts it checks", want)
		}
	}
}
