package ruleset_test

import (
	"slices"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestMissingHelpKinds: MissingHelp reaches a form's other kinds of
// document: a kind without help, a field of its groups and a panel
// number of its own, each named by the kind.
func TestMissingHelpKinds(t *testing.T) {
	f := ruleset.Form{
		Groups: []ruleset.FieldGroup{{Legend: "Loadout", Fields: []ruleset.Field{{Name: "name", Label: "Name", Help: "What you call it."}}}},
		Kinds: []ruleset.FormKind{
			{Value: "loadout", Label: "Loadout", Help: "One ship."},
			{Value: "cardSet", Label: "Card set", Groups: []ruleset.FieldGroup{{Legend: "Cards", Fields: []ruleset.Field{
				{Name: "cards", Label: "Cards", Help: "Each card.", Columns: []ruleset.Field{{Name: "damage", Label: "Damage"}}},
			}}}, Stats: []ruleset.Stat{{Pointer: "/cards", Label: "Cards"}}},
		},
	}
	got := f.MissingHelp()
	want := []string{"kinds / Card set", "Card set / Cards / Cards / Damage", "Card set / panel / Cards"}
	if !slices.Equal(got, want) {
		t.Errorf("MissingHelp = %q, want %q", got, want)
	}
	f.Kinds[1].Help = "Your numbers."
	f.Kinds[1].Groups[0].Fields[0].Columns[0].Help = "Damage a hit deals."
	f.Kinds[1].Stats[0].Help = "How many cards."
	if got := f.MissingHelp(); len(got) != 0 {
		t.Errorf("a complete form: MissingHelp = %q", got)
	}
}
