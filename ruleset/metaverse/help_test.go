package metaverse_test

import (
	"fmt"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestFormHelp is issue 19's acceptance 4 for Metaverse: every field,
// choice and number of the form description has help, and so does every
// field and choice its widgets show: each choice of the catalogue answer,
// each system kind and each value of a kind's parameter.
func TestFormHelp(t *testing.T) {
	r, _ := newRuleset()
	f := r.Form()
	for _, m := range f.MissingHelp() {
		t.Errorf("no help: %s", m)
	}
	a, err := r.FormData()
	if err != nil {
		t.Fatal(err)
	}
	terms := map[string]ruleset.Term{}
	for _, g := range f.Glossary {
		for _, term := range g.Terms {
			if _, dup := terms[term.Path]; dup {
				t.Errorf("glossary: %s twice", term.Path)
			}
			terms[term.Path] = term
		}
	}
	plain := map[string]ruleset.Field{}
	for _, g := range f.Groups {
		for _, fl := range g.Fields {
			plain[fl.Name] = fl
		}
	}
	// Choices on a number scale the field's help explains as a whole.
	scales := map[string]bool{"techLevel": true, "weapons[].range": true, "weapons[].die": true,
		"starfighters[].weapons[].die": true, "starfighters[].speed": true, "starfighters[].targetRating": true}
	hasOption := func(opts []ruleset.Option, v string) bool {
		for _, o := range opts {
			if o.Value == v && o.Help != "" {
				return true
			}
		}
		return false
	}
	for pattern, values := range a.Choices {
		var opts []ruleset.Option
		if fl, ok := plain[pattern]; ok {
			opts = fl.Options
		} else if term, ok := terms[pattern]; ok {
			opts = term.Options
		} else {
			t.Errorf("choice %s: no field or glossary term explains it", pattern)
			continue
		}
		if scales[pattern] {
			continue
		}
		for _, v := range values {
			if !hasOption(opts, fmt.Sprint(v)) {
				t.Errorf("choice %s: value %v has no help", pattern, v)
			}
		}
	}
	kinds := terms["sections.*.systems[].kind"]
	for _, k := range a.Catalogue.Kinds {
		if !hasOption(kinds.Options, k.Kind) {
			t.Errorf("system kind %s has no help", k.Kind)
		}
		for name, p := range k.Params {
			term, ok := terms["sections.*.systems[]."+name]
			if !ok || term.Help == "" {
				t.Errorf("system parameter %s has no help", name)
			}
			for _, v := range p.Values {
				if !hasOption(term.Options, v) {
					t.Errorf("system parameter %s: value %s has no help", name, v)
				}
			}
		}
	}
	if len(kinds.Options) != len(a.Catalogue.Kinds) {
		t.Errorf("glossary lists %d system kinds, the catalogue %d", len(kinds.Options), len(a.Catalogue.Kinds))
	}
	// The 14 weapon qualities are named, not only coded.
	for _, o := range terms["weapons[].qualities"].Options {
		if len(o.Label) < 5 || o.Label[:2] != o.Value {
			t.Errorf("weapon quality %s is labelled %q, not its code and name", o.Value, o.Label)
		}
	}
	if n := len(terms["weapons[].qualities"].Options); n != 14 {
		t.Errorf("%d weapon qualities, want 14", n)
	}
}
