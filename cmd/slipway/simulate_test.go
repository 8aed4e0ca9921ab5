package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	cruiser = "../../data/samples/reference-cruiser.json"
	newton  = "../../data/samples/uss-newton.json"
	freedom = "../../data/samples/ras-freedom.json"
)

// TestSimulateText: the text report names both sides with their CV, gives
// each side's wins with a 95 % interval that holds the rate, the draws and
// the mean length, and the three shares add up to the battles played.
func TestSimulateText(t *testing.T) {
	code, out, errs := runCLI(t, "simulate", cruiser, newton, "--runs", "200", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"200 battles, seed 7, model ", "A  Reference Cruiser", "B  USS Newton", "wins", "95 % CI", "draws", "mean length", "turns"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// simulateJSON runs simulate --json and decodes the report.
func simulateJSON(t *testing.T, args ...string) simulateReport {
	t.Helper()
	code, out, errs := runCLI(t, append([]string{"simulate", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	var r simulateReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return r
}

// TestSimulateFleetText: a side of several ships names each design once,
// with its count.
func TestSimulateFleetText(t *testing.T) {
	code, out, errs := runCLI(t, "simulate", newton+","+cruiser+","+newton, freedom, "--runs", "20")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "A  2 × USS Newton, Reference Cruiser ") || !strings.Contains(out, "B  RAS Freedom ") {
		t.Errorf("side labels:\n%s", out)
	}
}

// TestSimulateJSONAndFleets: a fleet of two against one; the report lists
// the ships of each side, their summed CV (the same as slipway eval prints
// for each), wins and draws that count every battle, rates inside their
// intervals.
func TestSimulateJSONAndFleets(t *testing.T) {
	r := simulateJSON(t, cruiser+","+newton, freedom, "--runs", "150", "--seed", "3")
	if got := strings.Join(r.Sides[0].Ships, "|"); got != "Reference Cruiser|USS Newton" {
		t.Errorf("side A ships %q", got)
	}
	if got := strings.Join(r.Sides[1].Ships, "|"); got != "RAS Freedom" {
		t.Errorf("side B ships %q", got)
	}
	cv := func(file string) int {
		code, out, _ := runCLI(t, "eval", "--json", "--model", r.Model, file)
		if code != 0 {
			t.Fatalf("eval %s: exit %d", file, code)
		}
		var e struct {
			CV int `json:"cv"`
		}
		if err := json.Unmarshal([]byte(out), &e); err != nil {
			t.Fatalf("eval --json %s: %v", file, err)
		}
		return e.CV
	}
	if want := cv(cruiser) + cv(newton); r.Sides[0].CV != want {
		t.Errorf("side A CV %d, want %d (the sum of its ships)", r.Sides[0].CV, want)
	}
	res := r.Result
	if res.Runs != 150 || r.Runs != 150 || res.Wins[0]+res.Wins[1]+res.Draws != 150 {
		t.Fatalf("result %+v does not count 150 battles", res)
	}
	for i, s := range r.Sides {
		if s.WinLow > s.Win || s.Win > s.WinHigh || s.WinLow < 0 || s.WinHigh > 1 || s.WinHigh-s.WinLow < 0.01 {
			t.Errorf("side %d: win %.3f outside or at its interval [%.3f, %.3f]", i, s.Win, s.WinLow, s.WinHigh)
		}
	}
	if sum := r.Sides[0].Win + r.Sides[1].Win + r.Draws; math.Abs(sum-1) > 1e-9 {
		t.Errorf("wins and draws add up to %v", sum)
	}
	if r.Turns < 1 || r.Turns > 30 {
		t.Errorf("mean length %v turns, outside 1-30", r.Turns)
	}
}

// TestSimulateReproducible: the same seed gives the same report whatever
// the number of workers; another seed gives another.
func TestSimulateReproducible(t *testing.T) {
	args := []string{"simulate", cruiser, freedom, "--runs", "120", "--seed", "11"}
	_, one, _ := runCLI(t, append(args, "--workers", "1")...)
	_, three, _ := runCLI(t, append(args, "--workers", "3")...)
	_, again, _ := runCLI(t, args...)
	if one != three || one != again || one == "" {
		t.Fatalf("same seed, different reports:\n%s\n%s\n%s", one, three, again)
	}
	a := simulateJSON(t, cruiser, freedom, "--runs", "120", "--seed", "11")
	b := simulateJSON(t, cruiser, freedom, "--runs", "120", "--seed", "12")
	if a.Result == b.Result {
		t.Errorf("seeds 11 and 12 gave the very same result %+v", a.Result)
	}
}

// TestSimulateBadInput: every refusal exits 2 with a message that names
// the cause.
func TestSimulateBadInput(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	notJSON := filepath.Join(dir, "broken.json")
	if err := os.WriteFile(notJSON, []byte(`{"schema": 1,`), 0o644); err != nil {
		t.Fatal(err)
	}
	many := strings.TrimSuffix(strings.Repeat(newton+",", 21), ",")
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"one side only", []string{cruiser}, "usage: slipway simulate"},
		{"three sides", []string{cruiser, newton, freedom}, "usage: slipway simulate"},
		{"missing file", []string{cruiser, missing}, "missing.json"},
		{"broken JSON", []string{notJSON, cruiser}, "broken.json"},
		{"illegal design", []string{"../../testdata/invalid/R-SEC-05.json", cruiser}, "R-SEC-05"},
		{"illegal design in a fleet", []string{cruiser + ",../../testdata/invalid/R-WPN-03.json", newton}, "is not legal"},
		{"empty side", []string{",", cruiser}, "side 1: no design on this side"},
		{"too many ships", []string{many, cruiser}, "side 1: 21 designs on this side: allowed 1 to 20"},
		{"no runs", []string{cruiser, newton, "--runs", "0"}, "--runs 0: allowed 1 to 1000000"},
		{"negative runs", []string{cruiser, newton, "--runs", "-5"}, "--runs -5"},
		{"too many runs", []string{cruiser, newton, "--runs", "1000001"}, "allowed 1 to 1000000"},
		{"huge runs", []string{cruiser, newton, "--runs", "99999999999999999999"}, "--runs"},
		{"no turns", []string{cruiser, newton, "--turns", "0"}, "--turns 0"},
		{"too many turns", []string{cruiser, newton, "--turns", "5000"}, "allowed 1 to 1000"},
		{"range too long", []string{cruiser, newton, "--range", "500"}, "--range 500: allowed 5 to 200 cm"},
		{"range too short", []string{cruiser, newton, "--range", "4"}, "--range 4"},
		{"negative workers", []string{cruiser, newton, "--workers", "-1"}, "--workers -1"},
		{"too many workers", []string{cruiser, newton, "--workers", "100000"}, "--workers 100000"},
		{"negative seed", []string{cruiser, newton, "--seed", "-1"}, "--seed"},
		{"unknown model", []string{cruiser, newton, "--model", "metaverse-cv/9"}, "metaverse-cv/9"},
		{"unknown flag", []string{cruiser, newton, "--fast"}, "flag provided but not defined: -fast"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, append([]string{"simulate"}, tt.args...)...)
			if code != 2 {
				t.Fatalf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, out, errs)
			}
			if !strings.Contains(errs, tt.want) {
				t.Errorf("stderr lacks %q:\n%s", tt.want, errs)
			}
			if out != "" {
				t.Errorf("a refusal printed a report:\n%s", out)
			}
		})
	}
}
