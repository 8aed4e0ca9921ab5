package stareater

import (
	"testing"
)

// TestCatalogueInventsNoNumber: the rule book prints no card's or ship's
// number, so every one in the catalogue is unknown; the sections are
// marked as the tool's; every hull has its slots, a start section and
// sections that flow, through others, to Structure.
func TestCatalogueInventsNoNumber(t *testing.T) {
	cat := BuiltinCatalogue()
	if cat.LayoutBy != "tool" || len(cat.Factions) != 3 || len(cat.Ships) != 5 {
		t.Fatalf("catalogue: %d factions, %d ships, layout by %q", len(cat.Factions), len(cat.Ships), cat.LayoutBy)
	}
	for _, c := range cat.Cards {
		for _, s := range Stats {
			if v := *c.Card.stat(s.ID); v != nil {
				t.Errorf("%s/%s: %s is %d, a number the book does not print", c.Faction, c.Card.Card, s.ID, *v)
			}
		}
		if c.Name == "" || c.Note == "" || SlotOf(c.Slot) == nil || cat.Faction(c.Faction) == nil {
			t.Errorf("card %+v", c)
		}
	}
	for _, s := range cat.Ships {
		if s.Evasion != nil || s.Structure != nil || s.Priority != nil || s.Special != "" {
			t.Errorf("%s: a number or a Special the book does not give", s.ID)
		}
		if s.Slots.Main != 1 || s.Slots.Broadside != 1 && s.ID != "rnc-virgil" || s.ID == "rnc-virgil" && s.Slots.Broadside != 0 {
			t.Errorf("%s: slots %+v", s.ID, s.Slots)
		}
		if sectionOf(&s, s.Start) == nil {
			t.Errorf("%s: no start section %q", s.ID, s.Start)
		}
		for _, sec := range s.Sections {
			if sec.Armour != nil {
				t.Errorf("%s/%s: armour %d", s.ID, sec.ID, *sec.Armour)
			}
			at, steps := sec.ID, 0
			for at != StructureID && steps <= len(s.Sections) {
				x := sectionOf(&s, at)
				if x == nil {
					t.Fatalf("%s/%s flows to %q, no section", s.ID, sec.ID, at)
				}
				at, steps = x.FlowsTo, steps+1
			}
			if at != StructureID {
				t.Errorf("%s/%s: damage never reaches Structure", s.ID, sec.ID)
			}
		}
	}
}
