package battleshift

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTemplates: the form offers a class of each size from destroyer to
// dreadnought and a carrier, each a legal class with no problem, of the
// size its label names, called "New <class>", with help; the guided path
// has help for each step.
func TestTemplates(t *testing.T) {
	f := rs.Form()
	sizes := map[string]int{"destroyer": 1, "frigate": 2, "cruiser": 3, "battleship": 4, "dreadnought": 5}
	var ids []string
	for _, tp := range f.Templates {
		ids = append(ids, tp.ID)
		c, err := rs.DecodeClass(tp.Document)
		if err != nil {
			t.Fatalf("%s: %v", tp.ID, err)
		}
		if res := rs.EvaluateClass(c); !res.Legal || len(res.Problems) != 0 {
			t.Errorf("%s: %v", tp.ID, res.Problems)
		}
		if res := rs.EvaluateClass(c); len(tp.Numbers) == 0 || tp.Numbers[0].Label != "Cost" || tp.Numbers[0].Value != float64(res.Cost) {
			t.Errorf("%s: numbers %+v, cost %v", tp.ID, tp.Numbers, res.Cost)
		}
		if want, ok := sizes[tp.ID]; ok && c.Size != want {
			t.Errorf("%s: size %d, want %d", tp.ID, c.Size, want)
		}
		var doc map[string]any
		if err := json.Unmarshal(tp.Document, &doc); err != nil {
			t.Fatal(err)
		}
		if want := "New " + strings.ToLower(tp.Label); doc["name"] != want || doc["description"] != nil {
			t.Errorf("%s: named %q (want %q), description %v", tp.ID, doc["name"], want, doc["description"])
		}
	}
	if got := strings.Join(ids, " "); got != "destroyer frigate cruiser carrier battleship dreadnought" {
		t.Errorf("templates %q", got)
	}
	if len(f.Guide) < 3 {
		t.Errorf("guided path %+v", f.Guide)
	}
	if m := f.MissingHelp(); len(m) > 0 {
		t.Errorf("no help for %v", m)
	}
}
