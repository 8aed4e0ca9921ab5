package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slipway/slipway/sim"
)

const tesla = "../../data/samples/iks-tesla.json"

// TestForecastText is issue 21's acceptance 5 on the command line: both
// CVs, win and draw shares with their intervals, and a reason; the same
// seed gives the same bytes, whatever the number of workers.
func TestForecastText(t *testing.T) {
	args := []string{"forecast", newton, tesla, "--runs", "2000", "--seed", "1"}
	code, out, errs := runCLI(t, append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"CV ", "simulated: ", "A  USS Newton ", "B  IKS Tesla ", "CV   68", "95 % interval", "draws ", "Why: ", "2,000 battles deployed by the encounter rules and 500 from each of 20, 100 and 200 cm, at most 30 turns each, seed 1, model metaverse-cv/7",
		"By start (wins of A / B): from 20 cm "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// A matchup the start decides says so.
	_, startOut, _ := runCLI(t, "forecast", "../../data/samples/ras-freedom.json", "../../data/samples/hms-thunderchild.json", "--runs", "2000", "--seed", "1")
	if !strings.Contains(startOut, "Start: RAS Freedom wins ") {
		t.Errorf("the RAS Freedom against the HMS Thunderchild, decided by the start, says nothing of it:\n%s", startOut)
	}
	_, again, _ := runCLI(t, append(args, "--workers", "3")...)
	if again != out {
		t.Errorf("the same seed on 3 workers printed other bytes:\n%s\nthen\n%s", out, again)
	}
	_, other, _ := runCLI(t, "forecast", newton, tesla, "--runs", "2000", "--seed", "2")
	if other == out {
		t.Error("seed 2 printed the same bytes as seed 1: the seed is not used")
	}
}

// TestForecastJSON: the shares add up to the battles, each interval holds
// its share, CV's expectation follows the fitted curve, and the reason
// has a code and a sentence.
func TestForecastJSON(t *testing.T) {
	code, out, errs := runCLI(t, "forecast", "--json", newton, tesla, "--runs", "400")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	var f sim.Forecast
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if f.Runs != 400 || f.Sides[0].CV <= 0 || f.Sides[1].CV <= 0 {
		t.Fatalf("runs %d, CVs %d %d", f.Runs, f.Sides[0].CV, f.Sides[1].CV)
	}
	if s := f.Sides[0].Win + f.Sides[1].Win + f.Draws; s < 0.999 || s > 1.001 {
		t.Errorf("wins and draws add to %.4f", s)
	}
	for _, s := range f.Sides {
		if s.WinLow > s.Win || s.Win > s.WinHigh {
			t.Errorf("%s: win %.3f outside its interval %.3f-%.3f", s.Name, s.Win, s.WinLow, s.WinHigh)
		}
	}
	if f.Sides[0].Expected+f.Sides[1].Expected < 0.999 || f.Sides[1].Expected <= 0.5 {
		t.Errorf("CV expects %.3f / %.3f; the Tesla has the higher CV", f.Sides[0].Expected, f.Sides[1].Expected)
	}
	if f.Reason.Code == "" || !strings.HasSuffix(f.Reason.Text, ".") || strings.ContainsAny(f.Reason.Text, "{}[]\"") {
		t.Errorf("reason %+v", f.Reason)
	}
}

// TestForecastFleets: a fleet file is a side, each ship with the
// qualities the fleet bought; the CV of a side is its ships' summed CV.
func TestForecastFleets(t *testing.T) {
	code, out, errs := runCLI(t, "forecast", "--json", "../../testdata/fleets/cruiser-wing.json", "../../testdata/fleets/tesla-battle-squadron.json", "--runs", "20")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	var f sim.Forecast
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Sides[0].Ships) < 2 || len(f.Sides[1].Ships) < 2 {
		t.Errorf("sides %v and %v: a fleet has several ships", f.Sides[0].Ships, f.Sides[1].Ships)
	}
}

// TestForecastBadInput: an illegal design, a missing file and flags out
// of range are refused with exit 2 and say why.
func TestForecastBadInput(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"illegal", []string{"../../testdata/invalid/R-SEC-05.json", tesla}, "is not legal"},
		{"missing", []string{"nope.json", tesla}, "nope.json"},
		{"runs", []string{newton, tesla, "--runs", "0"}, "--runs 0: allowed 1 to 1000000"},
		{"range", []string{newton, tesla, "--range", "1"}, "--range 1: allowed 5 to 200 cm"},
		{"one side", []string{newton}, "forecast A B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI(t, append([]string{"forecast"}, c.args...)...)
			if code != 2 || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, stderr %q, stdout %q; want 2 and %q", code, errs, out, c.want)
			}
		})
	}
}
