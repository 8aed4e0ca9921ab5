package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesetsCommand: slipway rulesets lists the four games.
func TestRulesetsCommand(t *testing.T) {
	code, out, errs := runCLI(t, "rulesets")
	if code != 0 || !strings.Contains(out, "battleshift") || !strings.Contains(out, "metaverse") {
		t.Fatalf("rulesets: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "rulesets", "--json")
	var infos []struct{ ID string }
	if code != 0 || json.Unmarshal([]byte(out), &infos) != nil || len(infos) != 4 || infos[0].ID != "battleshift" || infos[len(infos)-1].ID != "stareater" {
		t.Fatalf("rulesets --json: %d %s", code, out)
	}
	ids := map[string]bool{}
	for _, i := range infos {
		ids[i.ID] = true
	}
	if !ids["d6ship"] || !ids["metaverse"] {
		t.Errorf("rulesets --json lists no d6ship or metaverse: %s", out)
	}
	if code, out, _ := runCLI(t, "catalogue", "--ruleset", "battleshift"); code != 0 || !strings.Contains(out, "Heavy Broadside Battery") {
		t.Errorf("catalogue --ruleset battleshift: %d %.200s", code, out)
	}
	if code, _, errs := runCLI(t, "catalogue", "--ruleset", "nope"); code != 2 || !strings.Contains(errs, "battleshift, d6ship, metaverse, stareater") {
		t.Errorf("catalogue --ruleset nope: %d %q", code, errs)
	}
}

// TestBattleshiftFiles: validate and eval read Battleshift classes; every
// sample is legal at its expected cost (spec §6), each class fixture is
// illegal.
func TestBattleshiftFiles(t *testing.T) {
	samples, _ := filepath.Glob("../../data/battleshift/samples/*.json")
	invalid, _ := filepath.Glob("../../testdata/battleshift/invalid/BS-*.json")
	if len(samples) != 43 || len(invalid) < 10 {
		t.Fatalf("%d samples, %d invalid fixtures", len(samples), len(invalid))
	}
	if code, out, errs := runCLI(t, append([]string{"validate"}, samples...)...); code != 0 {
		t.Errorf("validate the samples: %d\n%s%s", code, out, errs)
	}
	for _, f := range invalid {
		want := 1
		if base := filepath.Base(f); base == "BS-SPACE-02.json" || base == "BS-EXP-01.json" {
			want = 0 // warnings
		}
		if code, out, _ := runCLI(t, "validate", f); code != want {
			t.Errorf("validate %s: %d, want %d\n%s", f, code, want, out)
		}
	}
	code, out, errs := runCLI(t, "eval", "--json", "../../data/battleshift/samples/generic-fast-attack-cruiser.json")
	var ev struct {
		File    string
		Ruleset string
		Cost    int
		Legal   bool
	}
	if code != 0 || json.Unmarshal([]byte(out), &ev) != nil || ev.Cost != 36 || !ev.Legal || ev.Ruleset != "battleshift" || ev.File == "" {
		t.Errorf("eval --json: %d %+v %s", code, ev, errs)
	}
	code, out, _ = runCLI(t, "eval", "--explain", "../../data/battleshift/samples/generic-fast-attack-cruiser.json")
	if code != 0 || !strings.Contains(out, "cost 36") || !strings.Contains(out, "Base cost = 30") {
		t.Errorf("eval --explain: %d\n%s", code, out)
	}
}

// TestBattleshiftFleetFiles: fleet validate and eval read Battleshift
// fleets (issue 18, acceptance 6).
func TestBattleshiftFleetFiles(t *testing.T) {
	code, out, errs := runCLI(t, "fleet", "eval", "--json", "../../testdata/battleshift/fleets/vanguard.json")
	var r struct {
		Legal       bool
		Cost        int
		PointsLimit int
		Squadrons   []struct {
			ID                                                        string
			Ships, Threshold, TotalDamage, HitsToSuppress, ShieldDice int
			Flagship                                                  bool
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("fleet eval --json: %d %s %s", code, out, errs)
	}
	want := [][6]int{{5, 4, 20, 5, 10, 0}, {4, 5, 20, 8, 8, 0}, {3, 8, 24, 6, 12, 1}, {7, 2, 14, 7, 7, 0}, {6, 3, 18, 6, 6, 1}}
	if !r.Legal || r.Cost != 710 || r.PointsLimit != 750 || len(r.Squadrons) != len(want) {
		t.Fatalf("vanguard: %+v", r)
	}
	for i, s := range r.Squadrons {
		flag := 0
		if s.Flagship {
			flag = 1
		}
		if got := [6]int{s.Ships, s.Threshold, s.TotalDamage, s.HitsToSuppress, s.ShieldDice, flag}; got != want[i] {
			t.Errorf("squadron %s: %v, want %v", s.ID, got, want[i])
		}
	}
	code, out, _ = runCLI(t, "fleet", "eval", "../../testdata/battleshift/fleets/vanguard.json")
	if code != 0 || !strings.HasPrefix(out, "Vanguard\nlegal, 710 points of a 750-point limit") {
		t.Errorf("fleet eval: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "fleet", "eval", "../../data/fleets/cruiser-wing.json")
	if code != 0 || !strings.HasPrefix(out, "Cruiser Wing\n584 CV, 650 points of a 600 CV limit") {
		t.Errorf("Metaverse fleet eval: %d\n%.200s", code, out)
	}
	fixtures, _ := filepath.Glob("../../testdata/battleshift/fleets/BS-*.json")
	for _, f := range fixtures {
		want := 1
		if strings.Contains(f, "BS-TF-04") { // a warning
			want = 0
		}
		if code, out, _ := runCLI(t, "fleet", "validate", f); code != want {
			t.Errorf("fleet validate %s: %d, want %d\n%s", f, code, want, out)
		}
	}
}
