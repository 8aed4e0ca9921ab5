package api_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestD6shipRoutes: the d6 chapter through the API, every answer checked
// against openapi.json (newEnv): each sample evaluated (with the players
// and velocity options) and validated, each fixture validated, a bad
// option refused naming it, the library's ruleset filter, a saved stat
// block read back with its numbers, and its sheet and quick reference.
func TestD6shipRoutes(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	samples, _ := filepath.Glob("../data/d6ship/samples/*.json")
	if len(samples) != 3 {
		t.Fatalf("%d d6 samples, want 3", len(samples))
	}
	for _, f := range samples {
		doc := readJSONFile(t, f)
		var ev struct {
			Ruleset                      string
			Legal                        bool
			Actions, CrewActions, Class  int
			Collision, Velocity, Players int
		}
		a.do("POST", "/api/v1/evaluate?players=20&velocity=2", doc).want(t, 200).decode(t, &ev)
		if ev.Ruleset != "d6ship" || !ev.Legal || ev.Actions != 20 || ev.CrewActions != 0 || ev.Collision != 2*ev.Class || ev.Players != 20 {
			t.Errorf("%s: %+v", filepath.Base(f), ev)
		}
		a.do("POST", "/api/v1/validate", doc).want(t, 200)
	}
	r := a.do("POST", "/api/v1/evaluate?players=21", readJSONFile(t, samples[0]))
	if r.Status != 400 || !strings.Contains(string(r.Body), "players") {
		t.Errorf("players=21: %d %s", r.Status, r.Body)
	}
	fixtures, _ := filepath.Glob("../testdata/d6ship/invalid/*.json")
	if len(fixtures) < 15 {
		t.Fatalf("%d d6 fixtures", len(fixtures))
	}
	for _, f := range fixtures {
		rule := strings.TrimSuffix(filepath.Base(f), ".json")
		r := a.do("POST", "/api/v1/validate", readJSONFile(t, f))
		var rep struct {
			Problems []struct{ Rule string }
		}
		r.decode(t, &rep)
		found := false
		for _, p := range rep.Problems {
			found = found || p.Rule == rule
		}
		switch {
		case strings.HasPrefix(rule, "R-JSON-"):
			if r.Status != 400 || !found {
				t.Errorf("%s: %d %s, want 400 naming it", rule, r.Status, r.Body)
			}
		case r.Status != 200 || !found:
			t.Errorf("%s: %d %s, want 200 reporting it", rule, r.Status, r.Body)
		}
	}
	var page struct {
		Designs []struct {
			ID, Ruleset string
			Evaluation  struct {
				Hull string
				CV   float64
			}
		}
	}
	a.do("GET", "/api/v1/library?ruleset=d6ship&limit=100", nil).want(t, 200).decode(t, &page)
	if len(page.Designs) != 3 {
		t.Fatalf("library ruleset=d6ship: %d designs, want 3", len(page.Designs))
	}
	for _, d := range page.Designs {
		if d.Ruleset != "d6ship" || !strings.HasPrefix(d.Evaluation.Hull, "Class ") || d.Evaluation.CV != 0 {
			t.Errorf("library ruleset=d6ship lists %+v", d)
		}
	}
	sheet := a.do("GET", "/api/v1/designs/"+page.Designs[0].ID+"/sheet.pdf", nil).want(t, 200)
	if !strings.HasPrefix(string(sheet.Body), "%PDF-") {
		t.Errorf("the sheet is not a PDF: %.40q", sheet.Body)
	}
	aids := a.do("GET", "/api/v1/rulesets/d6ship/aids.pdf", nil).want(t, 200)
	if !strings.HasPrefix(string(aids.Body), "%PDF-") {
		t.Errorf("the quick reference is not a PDF: %.40q", aids.Body)
	}

	u := e.register("gamemaster")
	doc := readJSONFile(t, "../data/d6ship/samples/frigate-class-v.json")
	var saved struct {
		ID         string
		Ruleset    string
		Evaluation struct{ Hull string }
	}
	u.do("POST", "/api/v1/designs", map[string]any{"design": json.RawMessage(doc)}).want(t, 201).decode(t, &saved)
	if saved.Ruleset != "d6ship" || saved.Evaluation.Hull != "Class V" {
		t.Errorf("saved %+v", saved)
	}
	u.do("GET", "/api/v1/designs/"+saved.ID+"/versions/1", nil).want(t, 200)
}
