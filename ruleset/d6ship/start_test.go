package d6ship

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTemplates: the form offers the three examples as templates, each a
// clean stat block called "New <label>" with its headline number; the
// guided path's steps point at fields of the form.
func TestTemplates(t *testing.T) {
	f := rs.Form()
	var ids []string
	for _, tp := range f.Templates {
		ids = append(ids, tp.ID)
		s, err := rs.DecodeShip(tp.Document)
		if err != nil {
			t.Fatalf("%s: %v", tp.ID, err)
		}
		res := EvaluateShip(s, Options{Velocity: -1})
		if !res.Legal || len(res.Problems) != 0 {
			t.Errorf("%s: %v", tp.ID, res.Problems)
		}
		if len(tp.Numbers) == 0 || tp.Numbers[0].Label != "Actions" || tp.Numbers[0].Value != float64(res.Actions) {
			t.Errorf("%s: numbers %+v, actions %d", tp.ID, tp.Numbers, res.Actions)
		}
		var doc map[string]any
		if err := json.Unmarshal(tp.Document, &doc); err != nil {
			t.Fatal(err)
		}
		if want := "New " + strings.ToLower(tp.Label); doc["name"] != want || doc["description"] != nil {
			t.Errorf("%s: named %q (want %q), description %v", tp.ID, doc["name"], want, doc["description"])
		}
	}
	if got := strings.Join(ids, " "); got != "courier frigate carrier" {
		t.Errorf("templates %q", got)
	}
	names := map[string]bool{}
	for _, g := range f.Groups {
		for _, fl := range g.Fields {
			names[fl.Name] = true
		}
	}
	if len(f.Guide) < 3 {
		t.Errorf("guided path %+v", f.Guide)
	}
	for _, st := range f.Guide {
		if !names[st.Path] {
			t.Errorf("guide step %q points at %q, no field of the form", st.Title, st.Path)
		}
	}
	if m := f.MissingHelp(); len(m) > 0 {
		t.Errorf("no help for %v", m)
	}
}
