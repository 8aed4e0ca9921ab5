package games_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestFormLimitsAreTheServers checks every plain field of each game's
// form description against the limits the server validates, as the
// game's JSON Schema states them (issue 19, item 8): a text's maxLength,
// a number's minimum and maximum, a tags field's count and each tag's
// length, and a rows field's columns likewise. A limit the schema has
// and the form lacks (or states otherwise) is a form that lets a player
// type what the server refuses. Metaverse's widgets read their limits
// from the schema itself in the page.
func TestFormLimitsAreTheServers(t *testing.T) {
	type schema struct {
		Ref        string             `json:"$ref"`
		Properties map[string]*schema `json:"properties"`
		Items      *schema            `json:"items"`
		Defs       map[string]*schema `json:"$defs"`
		OneOf      []*schema          `json:"oneOf"`
		MaxLength  *int               `json:"maxLength"`
		MaxItems   *int               `json:"maxItems"`
		Minimum    *float64           `json:"minimum"`
		Maximum    *float64           `json:"maximum"`
	}
	checked := 0
	for _, r := range registry().List() {
		var root schema
		if err := json.Unmarshal(r.JSONSchema(), &root); err != nil {
			t.Fatalf("%s: schema: %v", r.Info().ID, err)
		}
		deref := func(s *schema) *schema {
			for s != nil && s.Ref != "" {
				name := s.Ref[strings.LastIndex(s.Ref, "/")+1:]
				s = root.Defs[name]
			}
			return s
		}
		eqInt := func(what string, schemaV *int, formV int) {
			if schemaV != nil && *schemaV != formV {
				t.Errorf("%s: the server allows %d, the form %d", what, *schemaV, formV)
			}
			checked++
		}
		eqBound := func(what string, schemaV *float64, formV *int) {
			switch {
			case schemaV == nil:
			case formV == nil:
				t.Errorf("%s: the server allows at most/least %v, the form sets no bound", what, *schemaV)
			case float64(*formV) != *schemaV:
				t.Errorf("%s: the server's bound is %v, the form's %d", what, *schemaV, *formV)
			}
			checked++
		}
		var field func(where string, f ruleset.Field, s *schema)
		field = func(where string, f ruleset.Field, s *schema) {
			s = deref(s)
			what := r.Info().ID + " " + where + f.Name
			if s == nil {
				t.Errorf("%s: the form has a field the document does not", what)
				return
			}
			switch f.Kind {
			case ruleset.FieldText, ruleset.FieldTextarea:
				eqInt(what+" maxLength", s.MaxLength, f.MaxLength)
			case ruleset.FieldTags:
				eqInt(what+" maxItems", s.MaxItems, f.MaxItems)
				if it := deref(s.Items); it != nil {
					eqInt(what+" each tag's maxLength", it.MaxLength, f.MaxLength)
				}
			case ruleset.FieldInteger:
				eqBound(what+" minimum", s.Minimum, f.Min)
				eqBound(what+" maximum", s.Maximum, f.Max)
			case ruleset.FieldRows:
				it := deref(s.Items)
				for _, c := range f.Columns {
					var cs *schema
					if it != nil {
						cs = it.Properties[c.Name]
					}
					field(where+f.Name+"[].", c, cs)
				}
			}
		}
		// A game whose documents come in kinds (Star Eater's loadout, card
		// set and team) draws the first of them in its form.
		doc := &root
		if root.Properties == nil && len(root.OneOf) > 0 {
			doc = root.OneOf[0]
		}
		for _, g := range r.Form().Groups {
			for _, f := range g.Fields {
				if f.Kind == ruleset.FieldWidget {
					continue
				}
				// A field's name is a path into the document
				// ("shields.forward"): the schema of its last member.
				s, steps := doc, strings.Split(f.Name, ".")
				for _, k := range steps[:len(steps)-1] {
					if s = deref(s); s != nil {
						s = s.Properties[k]
					}
				}
				if s = deref(s); s != nil {
					s = s.Properties[steps[len(steps)-1]]
				}
				field("", f, s)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d limits checked", checked)
	}
	t.Logf("%d limits checked", checked)
}
