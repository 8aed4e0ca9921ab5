package stareater

import (
	"strings"
	"sync"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// blank is the document a new loadout starts from: the RNC Gilgamesh with
// its slots waiting for cards.
const blank = `{"schema":1,"ruleset":"stareater","rulesVersion":1,"kind":"loadout","name":"New loadout",` +
	`"faction":"lamais","ship":"rnc-gilgamesh","cardSet":"builtin",` +
	`"components":[{"slot":"main","card":""},{"slot":"broadside","card":""},{"slot":"pointDefence","card":""},{"slot":"hangar","card":""}],` +
	`"corvettes":[{"card":""},{"card":""},{"card":""},{"card":""}]}`

// Form describes the designer's form: a loadout (its own fields), and as
// its other kinds a card set and a 2v2 team (kinds), whose fields the
// glossary explains too.
func (r *Ruleset) Form() *ruleset.Form {
	f := r.formWithout()
	f.Templates = templates()
	f.Guide = starts().guide
	f.KindMember = "kind"
	f.Kinds = kinds(f)
	return f
}

func (r *Ruleset) formWithout() *ruleset.Form {
	cat := BuiltinCatalogue()
	var factions, ships []ruleset.Option
	for _, f := range cat.Factions {
		factions = append(factions, ruleset.Option{Value: f.ID, Label: f.Name, Help: f.Help})
	}
	for _, s := range cat.Ships {
		help := s.Note
		if s.Slots.Broadside == 0 {
			help += " Slots: Main Weapon, Point Defence, Hangar."
		} else {
			help += " Slots: Main Weapon, Broadsides, Point Defence, Hangar."
		}
		ships = append(ships, ruleset.Option{Value: s.ID, Label: s.Name + " (" + cat.Faction(s.Faction).Name + ")", Help: help})
	}
	var compSlots []ruleset.Option
	for _, s := range Slots {
		if s.ID != SlotSpecial && s.ID != SlotCorvette {
			compSlots = append(compSlots, ruleset.Option{Value: s.ID, Label: s.Name, Help: s.Help})
		}
	}
	none := ruleset.Option{Value: "", Label: "— choose a card —", Help: "No card yet: choose one of your faction's."}
	return &ruleset.Form{
		Ruleset: ID,
		Title:   "Loadout",
		Sheet:   "mats or cards",
		Intro: "A Star Eater loadout: one pre-designed Capital Ship of your faction, with a card from your faction's decks on each slot of its Loadout Mat and four corvettes. " +
			"The game has no points, and the rule book prints no card's numbers: numbers come from a card set you enter from your own cards, and the panel's are descriptive, not official.",
		Blank: ruleset.RawJSON(blank),
		Groups: []ruleset.FieldGroup{
			{Legend: "Loadout", Help: "Your faction, your Capital Ship and the card set the numbers come from.", Fields: []ruleset.Field{
				{Name: "name", Kind: ruleset.FieldText, Label: "Loadout name", Help: "What you call this loadout, 1-80 characters.", MaxLength: 80},
				{Name: "faction", Kind: ruleset.FieldEnum, Label: "Faction", Options: factions, Default: ruleset.RawJSON(`"lamais"`),
					Help: "The nation you play. Your Capital Ship, components and corvettes all come from this faction's decks."},
				{Name: "ship", Kind: ruleset.FieldEnum, Label: "Capital Ship", Options: ships, Default: ruleset.RawJSON(`"rnc-gilgamesh"`),
					Help: "Your pre-designed Capital Ship, of your faction. Its hull sets the slots you fill; its Special is printed on its Armour Mat and comes with it."},
				{Name: "cardSet", Kind: ruleset.FieldText, Label: "Card set", MaxLength: 72, Default: ruleset.RawJSON(`"builtin"`),
					Help: "Where the cards' numbers come from: builtin for the rule book's names with every number unknown, or the id of a card set in the library (from its address), with @ and a version to pin one."},
			}},
			{Legend: "Components", Help: "One card on each component slot of the hull: the Special is the hull's and is not chosen.", Fields: []ruleset.Field{
				{Name: "components", Kind: ruleset.FieldRows, Label: "Components", AddLabel: "Add a component",
					Help: "The cards on the Loadout Mat's component slots: as many Main Weapons and Broadsides as the hull has, one Point Defence and one Hangar.",
					Columns: []ruleset.Field{
						{Name: "slot", Kind: ruleset.FieldEnum, Label: "Slot", Options: compSlots, Default: ruleset.RawJSON(`"main"`),
							Help: "The slot of the Loadout Mat the card goes on, by its colour: red Main Weapon, yellow Broadsides, green Point Defence, blue Hangar."},
						{Name: "card", Kind: ruleset.FieldEnum, Label: "Card", Options: append([]ruleset.Option{none}, cardOptions(false)...),
							Help: "The component card on this slot, from your faction's deck for the slot."},
					}},
			}},
			{Legend: "Corvettes", Help: "The four corvettes your ship carries, call-signs 1 to 4; the same card may be taken more than once.", Fields: []ruleset.Field{
				{Name: "corvettes", Kind: ruleset.FieldRows, Label: "Corvettes", AddLabel: "Add a corvette",
					Help: "Four corvette cards, in call-sign order. A corvette is destroyed by any damage; the Corvettes! command launches, moves and fires them.",
					Columns: []ruleset.Field{
						{Name: "card", Kind: ruleset.FieldEnum, Label: "Corvette", Options: append([]ruleset.Option{none}, cardOptions(true)...),
							Help: "The corvette card with this call-sign, from your faction's corvette deck."},
					}},
			}},
			{Legend: "About", Help: "How players find the loadout in the library.", Fields: []ruleset.Field{
				{Name: "description", Kind: ruleset.FieldTextarea, Label: "Description", Help: "How you mean to fight with it, up to 4,000 characters.", MaxLength: 4000, Optional: true},
				{Name: "tags", Kind: ruleset.FieldTags, Label: "Tags", Help: "Up to 12 words to find the loadout by, 1-32 characters each.", MaxLength: 32, MaxItems: 12, Optional: true},
				{Name: "universe", Kind: ruleset.FieldText, Label: "Universe", Help: "The setting, if not the game's own.", MaxLength: 80, Optional: true},
			}},
		},
		Stats: []ruleset.Stat{
			{Pointer: "/totalArmour", Label: "Total armour", Headline: true,
				Help: "The armour of every hull section added up, from your card set's Armour Mat numbers; — when not known. A descriptive number, not official: Star Eater has no points and no combat value."},
			{Pointer: "/structure", Label: "Structure", Help: "The ship's internal health: at 0 it is destroyed. Descriptive, from your card set; — when not known."},
			{Pointer: "/evasion", Label: "Evasion", Help: "The number at the top of the Armour Mat that Direct Fire and Point Defence Accuracy must reach. — when not known."},
			{Pointer: "/damagePerCooldown", Label: "Damage per cooldown round", Help: "Each weapon component's Damage ÷ Cooldown, added up over the weapons whose both numbers are known. A descriptive number, not official."},
			{Pointer: "/unknownNumbers", Label: "Numbers not known", Help: "How many of the ship's and cards' numbers the card set does not give: enter them from your cards."},
		},
		Glossary: glossary(),
	}
}

// cardOptions are the catalogue's component or corvette cards as choices;
// a name two factions share is one choice.
func cardOptions(corvettes bool) []ruleset.Option {
	cat := BuiltinCatalogue()
	var out []ruleset.Option
	at := map[string]int{}
	for _, c := range cat.Cards {
		if (c.Slot == SlotCorvette) != corvettes {
			continue
		}
		fac := cat.Faction(c.Faction).Name
		if i, ok := at[c.Card.Card]; ok {
			out[i].Label = strings.TrimSuffix(out[i].Label, ")") + "; " + fac + ")"
			continue
		}
		at[c.Card.Card] = len(out)
		label := c.Name + " (" + fac + ")"
		if !corvettes {
			label = c.Name + " (" + fac + " " + SlotOf(c.Slot).Name + ")"
		}
		out = append(out, ruleset.Option{Value: c.Card.Card, Label: label, Help: c.Note})
	}
	return out
}

// glossary explains the fields of a card set and a team, which the form
// does not draw.
func glossary() []ruleset.TermGroup {
	var slots, weapons []ruleset.Option
	for _, s := range Slots {
		slots = append(slots, ruleset.Option{Value: s.ID, Label: s.Name, Help: s.Help})
	}
	for _, w := range Weapons {
		weapons = append(weapons, ruleset.Option{Value: w.ID, Label: w.Name, Help: w.Help})
	}
	set := []ruleset.Term{
		{Path: "kind", Label: "Kind", Help: "cardSet for a card set, loadout for a loadout, team for a 2v2 team."},
		{Path: "cards[].faction", Label: "Faction", Help: "The faction whose deck holds the card: lamais, fpa or uniset."},
		{Path: "cards[].card", Label: "Card id", Help: "The card's id in its faction's decks; the catalogue's id to give a rule book card its numbers, a new id for a card of your own."},
		{Path: "cards[].name", Label: "Name", Help: "The card's name as printed; needed for a card of your own."},
		{Path: "cards[].slot", Label: "Slot", Help: "The slot the card goes on; needed for a card of your own.", Options: slots},
		{Path: "cards[].weapon", Label: "Weapon class", Help: "What kind of weapon the card is; it decides which numbers the card has.", Options: weapons},
		{Path: "cards[].effect", Label: "Effect", Help: "The card's effect text, up to 500 characters."},
	}
	for _, s := range Stats {
		set = append(set, ruleset.Term{Path: "cards[]." + s.ID, Label: s.Name, Help: s.Help + " A whole number 0-99 (copies 1-99), or left out when not known."})
	}
	set = append(set,
		ruleset.Term{Path: "ships[].ship", Label: "Capital Ship", Help: "The Capital Ship whose Armour Mat numbers follow."},
		ruleset.Term{Path: "ships[].evasion", Label: "Evasion", Help: "The Evasion at the top of the Armour Mat."},
		ruleset.Term{Path: "ships[].structure", Label: "Structure", Help: "The Structure tokens of the Initial Health Layout."},
		ruleset.Term{Path: "ships[].special", Label: "Special", Help: "The name of the hull's Special Ability module."},
		ruleset.Term{Path: "ships[].priority", Label: "Special priority", Help: "The priority number at the bottom of the Special card."},
		ruleset.Term{Path: "ships[].armour.*", Label: "Section armour", Help: "The Armour tokens of each hull section, by the section's id (prow, portBow, …)."},
	)
	team := []ruleset.Term{
		{Path: "loadouts", Label: "Loadouts", Help: "The two teammates' loadouts, of one faction; together they take no more copies of a card than its deck holds."},
		{Path: "loadouts[].player", Label: "Player", Help: "The teammate's name, 1-60 characters."},
		{Path: "loadouts[].faction", Label: "Faction", Help: "The team's faction, the same for both."},
		{Path: "loadouts[].ship", Label: "Capital Ship", Help: "The teammate's Capital Ship."},
		{Path: "loadouts[].components", Label: "Components", Help: "The teammate's component cards, as in a loadout."},
		{Path: "loadouts[].corvettes", Label: "Corvettes", Help: "The teammate's four corvettes, as in a loadout."},
	}
	return []ruleset.TermGroup{
		{Heading: "Card set", Help: "A document of kind cardSet: the numbers from your own cards (or cards of your own making), saved in the library like a design and named by a loadout's card set.", Terms: set},
		{Heading: "2v2 team", Help: "A document of kind team: two loadouts that share one faction's decks.", Terms: team},
	}
}

// starts reads the templates and the guided path of
// data/stareater/start.json once.
var starts = sync.OnceValue(func() (s struct {
	templates []ruleset.Template
	guide     []ruleset.GuideStep
}) {
	var err error
	s.templates, s.guide, err = ruleset.ReadStart(data.Stareater(), "start.json")
	if err != nil {
		panic("stareater: embedded start.json: " + err.Error())
	}
	return s
})

// templates are the start file's templates with their headline numbers.
var templates = sync.OnceValue(func() []ruleset.Template {
	r := New()
	f := *r.formWithout()
	ts, err := ruleset.WithNumbers(r, f.Stats, starts().templates)
	if err != nil {
		panic("stareater: embedded templates: " + err.Error())
	}
	return ts
})
