package api_test

import (
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
