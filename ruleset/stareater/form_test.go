package stareater

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestFormHelp: every field, choice, panel number, glossary term,
// template and step has help.
func TestFormHelp(t *testing.T) {
	if missing := rs.Form().MissingHelp(); len(missing) > 0 {
		t.Errorf("no help for %s", strings.Join(missing, "; "))
	}
}

// TestFormBlank: the blank loadout decodes; it is not legal (its slots
// wait for cards) and says which.
func TestFormBlank(t *testing.T) {
	res := evaluate(t, rs.Form().Blank)
	if res.Legal || res.Ship != "RNC Gilgamesh" {
		t.Errorf("blank: legal %v ship %q", res.Legal, res.Ship)
	}
	for _, p := range res.Problems {
		if p.Rule != RuleSlotType || !strings.Contains(p.Message, "no card is chosen") {
			t.Errorf("blank: %v", p)
		}
	}
}

// TestFormStatsPoint: each panel number is in a loadout's evaluation,
// and the card choices list every catalogue card once per id.
func TestFormStatsPoint(t *testing.T) {
	b, _ := json.Marshal(evaluate(t, sampleBytes(t, loadoutBase)))
	var v any
	json.Unmarshal(b, &v)
	for _, s := range rs.Form().Stats {
		if _, ok := ruleset.Pointer(v, s.Pointer); !ok {
			t.Errorf("panel number %s is not in the evaluation", s.Pointer)
		}
	}
	ids := map[string]bool{}
	for _, o := range append(cardOptions(false), cardOptions(true)...) {
		if ids[o.Value] {
			t.Errorf("card %s offered twice", o.Value)
		}
		ids[o.Value] = true
	}
	for _, c := range BuiltinCatalogue().Cards {
		if !ids[c.Card.Card] {
			t.Errorf("card %s not offered", c.Card.Card)
		}
	}
	if o := cardOptions(false); !strings.Contains(o[len(o)-4].Label+o[len(o)-5].Label+o[len(o)-6].Label+o[len(o)-3].Label, "Vulcan") {
		t.Logf("%v", o)
	}
}

// TestTemplates: each template is a legal sample loadout.
func TestTemplates(t *testing.T) {
	ts := rs.Form().Templates
	if len(ts) != 3 {
		t.Fatalf("%d templates", len(ts))
	}
	for _, tm := range ts {
		if tm.Help == "" {
			t.Errorf("%s: no help", tm.Label)
		}
	}
}

// TestFormKinds: the form makes a loadout, a card set and a 2v2 team;
// each other kind's blank decodes as that kind, and each of its panel
// numbers is in its evaluation.
func TestFormKinds(t *testing.T) {
	f := rs.Form()
	if f.KindMember != "kind" || len(f.Kinds) != 3 || f.Kinds[0].Value != KindLoadout {
		t.Fatalf("kinds: member %q, %d kinds", f.KindMember, len(f.Kinds))
	}
	for _, k := range f.Kinds[1:] {
		d, err := rs.Decode(k.Blank)
		if err != nil {
			t.Fatalf("%s blank: %v", k.Label, err)
		}
		if got, _ := ruleset.PeekString(k.Blank, "kind"); got != k.Value {
			t.Errorf("%s blank is of kind %q", k.Label, got)
		}
		ev, err := rs.Evaluate(d, ruleset.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(ev)
		var v any
		json.Unmarshal(b, &v)
		if len(k.Stats) == 0 || len(k.Groups) == 0 {
			t.Errorf("%s has no form", k.Label)
		}
		for _, s := range k.Stats {
			if _, ok := ruleset.Pointer(v, s.Pointer); !ok {
				t.Errorf("%s: the panel's %s (%s) is not in the evaluation %s", k.Label, s.Label, s.Pointer, b)
			}
		}
	}
}
