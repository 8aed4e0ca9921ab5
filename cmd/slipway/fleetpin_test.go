package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/fleet"
)

// pinnedFleet writes the sample Cruiser Wing pinned to model ("" for
// none) and returns the file and its evaluation under model (the
// current one for "") by an evaluator made here over that model, not by
// the one the command line prices with.
func pinnedFleet(t *testing.T, dir, name, model string) (string, *fleet.Result) {
	t.Helper()
	raw, err := os.ReadFile("../../data/fleets/cruiser-wing.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	doc["name"] = name
	if model != "" {
		doc["model"] = model
	}
	b, _ := json.Marshal(doc)
	file := filepath.Join(dir, strings.ReplaceAll(strings.ToLower(name), " ", "-")+".json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := fleet.Read(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	v := model
	if v == "" {
		v = costing.ModelVersion
	}
	m, err := costing.NewModelVersion(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	return file, fleet.NewEvaluator(m).Evaluate(f, nil)
}

// TestFleetCommandsHonourThePin: a fleet pinned to metaverse-cv/1
// (issue 22 item 5) is validated, evaluated, packed and set up for an
// encounter with that model's numbers, each saying what today's model
// would give, as the API does; a model that is not published is refused
// naming the models allowed.
func TestFleetCommandsHonourThePin(t *testing.T) {
	dir := t.TempDir()
	old := costing.VersionV1
	pinned, agreed := pinnedFleet(t, dir, "Old Guard", old)
	plain, now := pinnedFleet(t, dir, "New Guard", "")
	if agreed.Totals.CV == now.Totals.CV || agreed.Totals.Points == now.Totals.Points {
		t.Fatalf("the fixture does not tell the models apart: %d CV, %d points under both", now.Totals.CV, now.Totals.Points)
	}
	sentence := "This fleet was agreed under " + old + ": every number here is that model's. Under " + costing.ModelVersion +
		" it would be " + itoa(now.Totals.CV) + " CV and " + itoa(now.Totals.Points) + " points (agreed: " +
		itoa(agreed.Totals.CV) + " CV and " + itoa(agreed.Totals.Points) + " points)."

	// fleet validate: the pinned totals, and the sentence.
	code, out, errb := runCLI(t, "fleet", "validate", pinned, plain)
	if code != 0 || !strings.Contains(out, pinned+": "+agreed.TotalsLine()+"\n  "+sentence+"\n") ||
		!strings.Contains(out, plain+": "+now.TotalsLine()+"\n") || strings.Count(out, "agreed under") != 1 {
		t.Errorf("fleet validate: exit %d:\n%s%s", code, out, errb)
	}
	code, out, _ = runCLI(t, "fleet", "validate", "--json", pinned, plain)
	var reps []fleetReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil || code != 0 || len(reps) != 2 {
		t.Fatalf("fleet validate --json: exit %d, %v\n%s", code, err, out)
	}
	if r := reps[0]; r.Model != old || r.Totals.CV != agreed.Totals.CV || r.Current == nil ||
		*r.Current != (currentTotals{Model: costing.ModelVersion, CV: now.Totals.CV, Points: now.Totals.Points}) {
		t.Errorf("fleet validate --json, pinned: %+v (current %+v)", r, r.Current)
	}
	if r := reps[1]; r.Model != costing.ModelVersion || r.Current != nil || r.Totals.CV != now.Totals.CV {
		t.Errorf("fleet validate --json, not pinned: %+v", r)
	}

	// fleet eval: every ship under both models.
	code, out, _ = runCLI(t, "fleet", "eval", pinned)
	if code != 0 || !strings.Contains(out, agreed.TotalsLine()) || !strings.Contains(out, "Combat value model:\n  "+sentence) {
		t.Errorf("fleet eval: exit %d:\n%s", code, out)
	}
	for i, s := range agreed.Ships {
		want := s.Label() + ": " + itoa(s.Result.CV) + " CV, " + itoa(s.Result.Points) + " points agreed; " +
			itoa(now.Ships[i].Result.CV) + " CV, " + itoa(now.Ships[i].Result.Points) + " points under " + costing.ModelVersion
		if !strings.Contains(out, want) {
			t.Errorf("fleet eval lacks %q", want)
		}
	}
	code, out, _ = runCLI(t, "fleet", "eval", "--json", pinned)
	var ev struct {
		Totals       fleet.Totals  `json:"totals"`
		Model        string        `json:"model"`
		Current      *fleet.Result `json:"current"`
		CurrentModel string        `json:"currentModel"`
	}
	if err := json.Unmarshal([]byte(out), &ev); err != nil || code != 0 || ev.Model != old || ev.Totals.CV != agreed.Totals.CV ||
		ev.Current == nil || ev.Current.Totals.CV != now.Totals.CV || ev.CurrentModel != costing.ModelVersion {
		t.Errorf("fleet eval --json: exit %d, %v: model %q, %d CV, current %v under %q", code, err, ev.Model, ev.Totals.CV, ev.Current != nil, ev.CurrentModel)
	}

	// fleet pack: AGREED UNDER on page one and the sentence.
	pdf := filepath.Join(dir, "old.pdf")
	if code, _, errb := runCLI(t, "fleet", "pack", pinned, "-o", pdf); code != 0 {
		t.Fatalf("fleet pack: exit %d: %s", code, errb)
	}
	text := unspaced(pdfToText(t, pdf, 0, 0))
	for _, want := range []string{"AGREEDUNDER", old, unspaced(sentence), itoa(agreed.Totals.CV) + " CV, " + itoa(agreed.Totals.Points) + " points"} {
		if !strings.Contains(text, unspaced(want)) {
			t.Errorf("the pinned fleet's pack lacks %q", want)
		}
	}

	// fleet encounter: two fleets pinned alike compare that model's CV;
	// a pin against none compares both under today's, and says so.
	code, out, _ = runCLI(t, "fleet", "encounter", pinned, pinned)
	if code != 0 || !strings.Contains(out, "Old Guard: "+itoa(agreed.Totals.CV)+" CV") ||
		!strings.Contains(out, "Both fleets were agreed under "+old+": the numbers compared are that model's ("+itoa(agreed.Totals.CV)+" CV against "+itoa(agreed.Totals.CV)+" CV)") {
		t.Errorf("fleet encounter, both pinned: exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "fleet", "encounter", pinned, plain)
	if code != 0 || !strings.Contains(out, "These fleets were agreed under different combat value models: Old Guard under "+old+" ("+itoa(agreed.Totals.CV)+" CV), New Guard under "+costing.ModelVersion) ||
		!strings.Contains(out, "Old Guard: "+itoa(now.Totals.CV)+" CV") {
		t.Errorf("fleet encounter, one pinned: exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "fleet", "encounter", "--json", pinned, plain)
	var enc struct {
		A            fleet.Side `json:"a"`
		Model        string     `json:"model"`
		ModelsDiffer bool       `json:"modelsDiffer"`
		Note         string     `json:"note"`
		Fleets       []struct {
			Model   string         `json:"model"`
			CV      int            `json:"cv"`
			Current *currentTotals `json:"current"`
		} `json:"fleets"`
	}
	if err := json.Unmarshal([]byte(out), &enc); err != nil || code != 0 || !enc.ModelsDiffer || enc.Model != costing.ModelVersion ||
		enc.A.CV != now.Totals.CV || len(enc.Fleets) != 2 || enc.Fleets[0].Model != old || enc.Fleets[0].CV != agreed.Totals.CV ||
		enc.Fleets[0].Current == nil || enc.Fleets[0].Current.CV != now.Totals.CV || enc.Fleets[1].Current != nil || enc.Note == "" {
		t.Errorf("fleet encounter --json: exit %d, %v:\n%s", code, err, out)
	}
	code, out, _ = runCLI(t, "fleet", "encounter", plain, plain)
	if code != 0 || strings.Contains(out, "agreed under") {
		t.Errorf("fleet encounter, none pinned, says something of models: exit %d:\n%s", code, out)
	}

	// An unpublished model: no valid fleet document, the models allowed.
	bad := filepath.Join(dir, "bad.json")
	raw, _ := os.ReadFile(pinned)
	os.WriteFile(bad, []byte(strings.Replace(string(raw), `"model":"`+old+`"`, `"model":"metaverse-cv/9"`, 1)), 0o644)
	want := `The model this fleet is agreed under is "metaverse-cv/9", not a combat value model; allowed: ` +
		strings.Join(costing.Versions(), ", ") + ", or leave it out for the current model (" + costing.ModelVersion + ") [F-DOC-01 at model]"
	code, out, _ = runCLI(t, "fleet", "validate", bad)
	if code != 1 || !strings.Contains(out, "not a valid fleet document") || !strings.Contains(out, want) {
		t.Errorf("fleet validate, unknown model: exit %d:\n%s", code, out)
	}
	for _, args := range [][]string{{"eval", bad}, {"pack", bad, "-o", filepath.Join(dir, "bad.pdf")}, {"encounter", bad, plain}} {
		code, out, errb := runCLI(t, append([]string{"fleet"}, args...)...)
		if code != 2 || !strings.Contains(errb, want) {
			t.Errorf("fleet %s, unknown model: exit %d:\n%s%s", args[0], code, out, errb)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.pdf")); err == nil {
		t.Error("fleet pack wrote a PDF of a fleet pinned to an unknown model")
	}
}

// TestValidateNamesFleetFiles: slipway validate, given a fleet file of
// either game (pinned to a model or not, or to one that is not
// published), says it is a fleet and which command checks it; a design
// or a broken file is told nothing of fleets.
func TestValidateNamesFleetFiles(t *testing.T) {
	dir := t.TempDir()
	pinned, _ := pinnedFleet(t, dir, "Old Guard", costing.VersionV1)
	bad := filepath.Join(dir, "bad.json")
	raw, _ := os.ReadFile(pinned)
	os.WriteFile(bad, []byte(strings.Replace(string(raw), costing.VersionV1, "metaverse-cv/9", 1)), 0o644)
	junk := filepath.Join(dir, "junk.json")
	os.WriteFile(junk, []byte(`{"name": "x", "ships": [}`), 0o644)
	for _, f := range []string{pinned, bad, "../../testdata/battleshift/fleets/vanguard.json", "../../data/fleets/tesla-battle-squadron.json"} {
		code, out, _ := runCLI(t, "validate", f)
		if want := "  this file is a fleet, not a design: check it with slipway fleet validate " + f + "\n"; code != 1 || !strings.Contains(out, want) {
			t.Errorf("validate %s: exit %d, want 1 with %q:\n%s", f, code, want, out)
		}
	}
	code, out, _ := runCLI(t, "validate", "--json", pinned)
	var reps []fileReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil || code != 1 || len(reps) != 1 || !strings.Contains(reps[0].Hint, "slipway fleet validate") {
		t.Errorf("validate --json a fleet: exit %d, %v:\n%s", code, err, out)
	}
	for _, f := range []string{junk, "../../data/stareater/samples/example-card-set.json"} {
		if _, out, _ := runCLI(t, "validate", f); strings.Contains(out, "fleet") {
			t.Errorf("validate %s speaks of fleets:\n%s", f, out)
		}
	}
}
