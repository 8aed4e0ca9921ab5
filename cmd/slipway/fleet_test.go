package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rsc.io/pdf"
)

func TestFleetValidateExitCodes(t *testing.T) {
	all, _ := filepath.Glob("../../testdata/fleets/*.json")
	var legal, illegal []string
	for _, f := range all {
		if strings.HasPrefix(filepath.Base(f), "F-") {
			illegal = append(illegal, f)
		} else {
			legal = append(legal, f)
		}
	}
	samples, _ := filepath.Glob("../../data/fleets/*.json")
	if len(legal) < 3 || len(illegal) < 8 || len(samples) < 2 {
		t.Fatalf("fixtures missing: %d legal, %d illegal, %d samples", len(legal), len(illegal), len(samples))
	}
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.json")
	os.WriteFile(junk, []byte(`{"name": "x", "ships": [}`), 0o644)
	for _, c := range []struct {
		name string
		args []string
		want int
	}{
		{"legal fleets", append([]string{"fleet", "validate"}, legal...), 0},
		{"sample fleets", append([]string{"fleet", "validate"}, samples...), 0},
		{"one illegal", []string{"fleet", "validate", legal[0], illegal[0]}, 1},
		{"broken JSON is illegal", []string{"fleet", "validate", junk}, 1},
		{"missing file", []string{"fleet", "validate", filepath.Join(dir, "none.json")}, 2},
		{"a directory", []string{"fleet", "validate", dir}, 2},
		{"no files", []string{"fleet", "validate"}, 2},
		{"no subcommand", []string{"fleet"}, 2},
		{"unknown subcommand", []string{"fleet", "launch"}, 2},
	} {
		if code, out, errb := runCLI(t, c.args...); code != c.want {
			t.Errorf("%s: exit %d, want %d\n%s%s", c.name, code, c.want, out, errb)
		}
	}
	for _, f := range illegal {
		code, out, _ := runCLI(t, "fleet", "validate", f)
		rule := strings.TrimSuffix(filepath.Base(f), ".json")
		if code != 1 || !strings.Contains(out, "["+rule+" at ") {
			t.Errorf("%s: exit %d:\n%s", rule, code, out)
		}
	}
	code, out, _ := runCLI(t, "fleet", "validate", "--json", illegal[0])
	var reps []fleetReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil || code != 1 || len(reps) != 1 || reps[0].Legal || reps[0].Totals == nil {
		t.Errorf("--json: %d %v %s", code, err, out)
	}
}

func TestFleetEval(t *testing.T) {
	code, out, errb := runCLI(t, "fleet", "eval", "../../testdata/fleets/carrier-task-force.json")
	for _, want := range []string{"Carrier Task Force", "points limit", "FLAGSHIP: IKS Tesla", "towed by SS Clinton", "Lancer strike squadron", "Flank Attack"} {
		if !strings.Contains(out, want) {
			t.Errorf("eval lacks %q:\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("exit %d: %s", code, errb)
	}
	code, out, _ = runCLI(t, "fleet", "eval", "--json", "../../testdata/fleets/cruiser-wing.json")
	var r struct {
		Legal  bool
		Totals struct{ CV, Ships int }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || !r.Legal || r.Totals.CV != 584 || r.Totals.Ships != 4 {
		t.Errorf("--json: %d %v %+v", code, err, r)
	}
}

func TestFleetPack(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pack.pdf")
	if code, o, e := runCLI(t, "fleet", "pack", "../../testdata/fleets/carrier-task-force.json", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s%s", code, o, e)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	// Summary, fleet page, four record sheets, cards, chart.
	if r.NumPage() < 8 {
		t.Errorf("%d pages", r.NumPage())
	}
	code, _, errb := runCLI(t, "fleet", "pack", "../../testdata/fleets/F-01.json", "-o", out)
	if code != 0 || !strings.Contains(errb, "not legal") {
		t.Errorf("illegal fleet: exit %d, %s", code, errb)
	}
	if code, _, _ := runCLI(t, "fleet", "pack", "../../testdata/fleets/F-01.json"); code != 2 {
		t.Errorf("no -o: exit %d", code)
	}
}

func TestFleetEncounter(t *testing.T) {
	code, out, errb := runCLI(t, "fleet", "encounter", "../../data/fleets/cruiser-wing.json", "../../data/fleets/tesla-battle-squadron.json")
	for _, want := range []string{"Cruiser Wing: 584 CV, flagship cruiser", "tie (meeting engagement)", "difference 2 (", "Flank Attack", "flank 50%"} {
		if !strings.Contains(out, want) {
			t.Errorf("encounter lacks %q:\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("equal CV: exit %d %s", code, errb)
	}
	code, out, _ = runCLI(t, "fleet", "encounter", "--json", "../../testdata/fleets/tesla-battle-squadron.json", "../../testdata/fleets/carrier-task-force.json")
	var s struct {
		A, B    struct{ Bonus int }
		EqualCV bool
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != 1 || s.EqualCV || s.A.Bonus != 2 || s.B.Bonus != 0 {
		t.Errorf("unequal CV: exit %d %v %+v", code, err, s)
	}
	if code, _, _ := runCLI(t, "fleet", "encounter", "../../data/fleets/cruiser-wing.json"); code != 2 {
		t.Errorf("one file: exit %d", code)
	}
}
