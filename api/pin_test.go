package api_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/internal/testenv"
)

// fleetAnswer is the part of a fleet answer the pinning tests read.
type fleetAnswer struct {
	ID         string
	Model      string
	Evaluation *struct{ Totals struct{ CV, Points int } }
	Current    *struct{ Totals struct{ CV, Points int } }
}

// TestFleetModelPin: a fleet pins the combat value model it was agreed
// under; an unknown model is a 400 naming the allowed ones; the pinned
// fleet's answers, evaluation and pack carry that model's numbers and
// what the current model says; its pack verifies under the pinned model.
func TestFleetModelPin(t *testing.T) {
	e := newEnv(t)
	c := e.withToken("pinner")
	d := c.create(t, "Pinned Cruiser", "public")
	doc := func(model string) map[string]any {
		f := map[string]any{"name": "Pinned Wing", "limit": map[string]int{"cv": 1000},
			"ships": []map[string]any{{"id": "a", "design": d.ID}, {"id": "b", "design": d.ID}}}
		if model != "" {
			f["model"] = model
		}
		return f
	}
	bad := c.do("POST", "/api/v1/fleets/evaluate", doc("metaverse-cv/9"), "Content-Type", "application/json").want(t, 400)
	for _, want := range []string{"model", `metaverse-cv/9`, strings.Join(costing.Versions(), ", ")} {
		if !strings.Contains(string(bad.Body), want) {
			t.Errorf("the refusal of an unknown model lacks %q: %s", want, bad.Body)
		}
	}
	c.do("POST", "/api/v1/fleets", map[string]any{"fleet": doc("cv2")}).want(t, 400)

	var now, pinned fleetAnswer
	c.do("POST", "/api/v1/fleets/evaluate", doc("")).want(t, 200).decode(t, &now)
	if now.Model != costing.ModelVersion || now.Current != nil {
		t.Fatalf("an unpinned fleet: model %q, current %v", now.Model, now.Current)
	}
	c.do("POST", "/api/v1/fleets/evaluate", doc(costing.VersionV1)).want(t, 200).decode(t, &pinned)
	if pinned.Model != costing.VersionV1 || pinned.Current == nil || pinned.Current.Totals != now.Evaluation.Totals {
		t.Fatalf("a pinned fleet: model %q, current %+v, the current model's %+v", pinned.Model, pinned.Current, now.Evaluation.Totals)
	}
	var saved fleetAnswer
	c.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": doc(costing.VersionV1)}).want(t, 201).decode(t, &saved)
	var got fleetAnswer
	e.anon().do("GET", "/api/v1/fleets/"+saved.ID, nil).want(t, 200).decode(t, &got)
	if got.Model != costing.VersionV1 || got.Evaluation.Totals != pinned.Evaluation.Totals || got.Current == nil || got.Current.Totals != now.Evaluation.Totals {
		t.Errorf("the saved pinned fleet: %+v", got)
	}

	pack := c.do("GET", "/api/v1/fleets/"+saved.ID+"/pack.pdf", nil).want(t, 200)
	dump(t, "pinned-pack.pdf", pack.Body)
	var v verification
	e.anon().do("GET", "/api/v1/verify/"+e.codeOf(t, readQR(t, pack.Body)), nil).want(t, 200).decode(t, &v)
	if !v.Matches || v.Printed.Model != costing.VersionV1 {
		t.Errorf("the pinned pack's verification: %+v", v)
	}
	text := pdfText(t, pack.Body)
	for _, want := range []string{"AGREED UNDER", costing.VersionV1, "This fleet was agreed under " + costing.VersionV1, "Under " + costing.ModelVersion + " it would be"} {
		if !strings.Contains(text, want) {
			t.Errorf("the pinned pack does not print %q", want)
		}
	}
}

// pdfText is the text of a PDF as pdftotext reads it, lines joined.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		testenv.Missing(t, "pdftotext", "apt-get install poppler-utils")
	}
	in := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-raw", in, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// encounterPinAnswer is the part of an encounter answer the pinning test
// reads.
type encounterPinAnswer struct {
	Initiative struct {
		A, B    struct{ CV int }
		EqualCV bool
	}
	A, B struct {
		Name    string
		CV      int
		Model   string
		Current *struct {
			Model string
			CV    int
		}
	}
	Model        string
	ModelsDiffer bool
	Note         string
}

// TestEncounterPinnedFleets: an encounter of fleets pinned to the same
// older model plays that model's numbers and says what today's model
// gives; fleets agreed under different models are compared under
// today's model and the answer says so in words; an unknown model in a
// fleet document is a 400 naming the field.
func TestEncounterPinnedFleets(t *testing.T) {
	e := newEnv(t)
	c := e.withToken("umpire")
	// The Cruiser Wing, whose CV differs between metaverse-cv/1 and today's.
	doc := func(name, model string) map[string]any {
		var f map[string]any
		if err := json.Unmarshal(readJSONFile(t, "../testdata/fleets/F-03.json"), &f); err != nil {
			t.Fatal(err)
		}
		f["name"] = name
		if model != "" {
			f["model"] = model
		}
		return f
	}
	var pinnedF, currentF fleetAnswer
	c.do("POST", "/api/v1/fleets", map[string]any{"fleet": doc("Old Guard", costing.VersionV1)}).want(t, 201).decode(t, &pinnedF)
	c.do("POST", "/api/v1/fleets", map[string]any{"fleet": doc("New Guard", "")}).want(t, 201).decode(t, &currentF)
	if pinnedF.Evaluation.Totals.CV == currentF.Evaluation.Totals.CV {
		t.Fatalf("the models give the same CV (%d): the test shows nothing", pinnedF.Evaluation.Totals.CV)
	}
	oldCV, nowCV := pinnedF.Evaluation.Totals.CV, currentF.Evaluation.Totals.CV

	// Both pinned to the same model: that model's numbers, today's beside.
	var same encounterPinAnswer
	c.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": pinnedF.ID}, "b": map[string]any{"fleet": doc("Old Guard B", costing.VersionV1)}}).
		want(t, 200).decode(t, &same)
	if same.Model != costing.VersionV1 || same.ModelsDiffer || same.A.Model != costing.VersionV1 || same.A.CV != oldCV ||
		same.Initiative.A.CV != oldCV || same.Initiative.B.CV != oldCV || !same.Initiative.EqualCV ||
		same.A.Current == nil || same.A.Current.CV != nowCV || same.A.Current.Model != costing.ModelVersion || same.B.Current == nil {
		t.Errorf("two fleets pinned to %s: %+v", costing.VersionV1, same)
	}
	for _, want := range []string{"Both fleets were agreed under " + costing.VersionV1, "Under today's " + costing.ModelVersion} {
		if !strings.Contains(same.Note, want) {
			t.Errorf("the note %q lacks %q", same.Note, want)
		}
	}

	// Different models: compared under today's, and said plainly.
	var mixed encounterPinAnswer
	c.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": pinnedF.ID}, "b": map[string]any{"id": currentF.ID}}).
		want(t, 200).decode(t, &mixed)
	if mixed.Model != costing.ModelVersion || !mixed.ModelsDiffer || mixed.A.CV != oldCV || mixed.B.CV != nowCV || mixed.B.Current != nil ||
		mixed.Initiative.A.CV != nowCV || mixed.Initiative.B.CV != nowCV || !mixed.Initiative.EqualCV {
		t.Errorf("fleets of different models: %+v", mixed)
	}
	for _, want := range []string{"different combat value models", "Old Guard under " + costing.VersionV1, "New Guard under " + costing.ModelVersion,
		"today's, " + costing.ModelVersion} {
		if !strings.Contains(mixed.Note, want) {
			t.Errorf("the note %q lacks %q", mixed.Note, want)
		}
	}

	// Neither pinned: no note, the current model.
	var plain encounterPinAnswer
	c.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": currentF.ID}, "b": map[string]any{"fleet": doc("Other", "")}}).
		want(t, 200).decode(t, &plain)
	if plain.Model != costing.ModelVersion || plain.ModelsDiffer || plain.Note != "" || plain.A.Current != nil {
		t.Errorf("two unpinned fleets: %+v", plain)
	}

	bad := c.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": currentF.ID}, "b": map[string]any{"fleet": doc("Bad", "cv-9")}}).want(t, 400)
	for _, want := range []string{"b.fleet.model", "cv-9", costing.VersionV1} {
		if !strings.Contains(string(bad.Body), want) {
			t.Errorf("the refusal of an unknown model lacks %q: %s", want, bad.Body)
		}
	}
}
