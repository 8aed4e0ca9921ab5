package d6ship

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestFormHelp: every field, choice and panel number of the form has help.
func TestFormHelp(t *testing.T) {
	for _, m := range New().Form().MissingHelp() {
		t.Errorf("no help: %s", m)
	}
}

// TestForm: the blank document is a clean Class I ship; the options come
// from the chapter's tables; every field names a member of the document;
// every panel number is a number of the evaluation; the panel says there
// are no points.
func TestForm(t *testing.T) {
	f := rs.Form()
	s, err := rs.DecodeShip(f.Blank)
	if err != nil {
		t.Fatal(err)
	}
	if res := EvaluateShip(s, Options{Velocity: -1}); !res.Legal || len(res.Problems) != 0 || res.Class != 1 {
		t.Errorf("the blank document: %+v", res.Problems)
	}
	var blank map[string]any
	if err := json.Unmarshal(f.Blank, &blank); err != nil {
		t.Fatal(err)
	}
	byName := map[string]ruleset.Field{}
	for _, g := range f.Groups {
		for _, fl := range g.Fields {
			byName[fl.Name] = fl
			if _, ok := ruleset.Pointer(blank, "/"+strings.ReplaceAll(fl.Name, ".", "/")); !ok && !fl.Optional && fl.Name != "description" {
				t.Errorf("field %s is not in the blank document", fl.Name)
			}
		}
	}
	if c := byName["class"]; len(c.Options) != MaxClass || c.Options[4].Value != "V" || c.Options[29].Value != "XXX" {
		t.Errorf("class options %+v", c.Options)
	}
	if c := byName["crew"]; len(c.Options) != 5 || c.Options[0].Label != "Poor (3d6)" || c.Options[4].Label != "Elite (7d6)" {
		t.Errorf("crew options %+v", c.Options)
	}
	for _, a := range Arcs {
		if _, ok := byName["shields."+a.ID]; !ok {
			t.Errorf("no shield field for %s", a.ID)
		}
	}
	cols := byName["weapons"].Columns
	if len(cols) != 6 || cols[0].Name != "type" || len(cols[0].Options) != 4 {
		t.Fatalf("weapon columns %+v", cols)
	}
	b, _ := json.Marshal(EvaluateShip(loadSample(t, "carrier-class-xii.json"), Options{Velocity: -1}))
	var res map[string]any
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	for _, st := range f.Stats {
		if v, ok := ruleset.Pointer(res, st.Pointer); !ok {
			t.Errorf("stat %s names no member", st.Pointer)
		} else if _, ok := v.(float64); !ok {
			t.Errorf("stat %s is %T", st.Pointer, v)
		}
	}
	if !strings.Contains(f.Stats[0].Help, "no points and no combat value") || !strings.Contains(f.Intro, "no points") {
		t.Errorf("the panel does not say the chapter has no points: %q", f.Stats[0].Help)
	}
}
