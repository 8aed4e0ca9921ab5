package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestD6shipFiles: validate and eval read d6 stat blocks. Every sample is
// legal, and eval --explain shows its actions, pools, FTL spool and
// collision damage each with its formula; each fixture of an error is
// illegal (exit 1), of a warning legal (exit 0).
func TestD6shipFiles(t *testing.T) {
	samples, _ := filepath.Glob("../../data/d6ship/samples/*.json")
	invalid, _ := filepath.Glob("../../testdata/d6ship/invalid/*.json")
	if len(samples) != 3 || len(invalid) < 15 {
		t.Fatalf("%d samples, %d invalid fixtures", len(samples), len(invalid))
	}
	if code, out, errs := runCLI(t, append([]string{"validate"}, samples...)...); code != 0 {
		t.Errorf("validate the samples: %d\n%s%s", code, out, errs)
	}
	for _, f := range invalid {
		want := 1
		switch filepath.Base(f) {
		case "D6-CPU-01.json", "D6-PD-02.json":
			want = 0 // warnings
		}
		if code, out, errs := runCLI(t, "validate", f); code != want {
			t.Errorf("validate %s: %d, want %d\n%s%s", f, code, want, out, errs)
		}
	}
	for _, f := range samples {
		code, out, errs := runCLI(t, "eval", "--explain", f)
		if code != 0 {
			t.Errorf("eval --explain %s: %d %s", f, code, errs)
			continue
		}
		for _, want := range []string{
			"d6 Starships", "Actions per turn, beside the move = ", "[class]",
			"Crew dice pool (d6), for every crew action and INITIATIVE = ", "[crew rating ",
			"FTL spool time (rounds on a straight vector) = ",
			"Collision damage dealt at velocity ", "[class × velocity",
			"attack pool through the forward arc, first range increment (d6) = ", "[crew pool + 1d6 (forward mount)]",
			"Explosion damage in the ship's own hex = ", "no points and no combat value",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("eval --explain %s lacks %q:\n%s", f, want, out)
			}
		}
	}
	code, out, _ := runCLI(t, "eval", "--explain", "../../data/d6ship/samples/frigate-class-v.json")
	for _, want := range []string{"Actions per turn, beside the move = 5   [class]", "= 7   [crew pool + 1d6 (forward mount)]   (crew=6, arc=1)",
		"FTL spool time (rounds on a straight vector) = 5   [class]", "Collision damage dealt at velocity 5 = 25   [class × velocity"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("the frigate's explanation lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ := runCLI(t, "eval", "--players", "7", "--velocity", "3", "../../data/d6ship/samples/frigate-class-v.json"); code != 0 ||
		!strings.Contains(out, "actions 7") || !strings.Contains(out, "collision damage 15   at velocity 3") {
		t.Errorf("eval --players 7 --velocity 3: %d\n%s", code, out)
	}
	if code, _, errs := runCLI(t, "eval", "--players", "21", "../../data/d6ship/samples/frigate-class-v.json"); code != 2 ||
		!strings.Contains(errs, "--players must be a whole number from 0 to 20") {
		t.Errorf("eval --players 21: %d %s", code, errs)
	}
	code, out, _ = runCLI(t, "eval", "--json", "../../data/d6ship/samples/carrier-class-xii.json")
	var ev struct {
		Ruleset   string
		Actions   int
		CrewDice  int
		FtlSpool  int
		Collision int
		Legal     bool
	}
	if code != 0 || json.Unmarshal([]byte(out), &ev) != nil || ev.Ruleset != "d6ship" || ev.Actions != 12 || ev.CrewDice != 5 || ev.FtlSpool != 12 || ev.Collision != 36 || !ev.Legal {
		t.Errorf("eval --json: %d %+v", code, ev)
	}
}
