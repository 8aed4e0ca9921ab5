package stareater

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// blankCardSet is the document a new card set starts from: one card of
// the catalogue waiting for its numbers.
const blankCardSet = `{"schema":1,"ruleset":"stareater","rulesVersion":1,"kind":"cardSet","name":"My cards",` +
	`"cards":[{"faction":"lamais","card":""}]}`

// blankTeam is the document a new 2v2 team starts from: two Lamais
// teammates on the RNC Gilgamesh, their slots waiting for cards.
var blankTeam = `{"schema":1,"ruleset":"stareater","rulesVersion":1,"kind":"team","name":"New 2v2 team","cardSet":"builtin","loadouts":[` +
	teammate("Player 1") + `,` + teammate("Player 2") + `]}`

func teammate(player string) string {
	return `{"player":"` + player + `","faction":"lamais","ship":"rnc-gilgamesh",` +
		`"components":[{"slot":"main","card":""},{"slot":"broadside","card":""},{"slot":"pointDefence","card":""},{"slot":"hangar","card":""}],` +
		`"corvettes":[{"card":""},{"card":""},{"card":""},{"card":""}]}`
}

// kinds are the form's three documents: the loadout (the form's own), a
// card set and a 2v2 team, each with its own fields and panel numbers.
func kinds(loadout *ruleset.Form) []ruleset.FormKind {
	var factions, ships, slots, weapons []ruleset.Option
	for _, g := range loadout.Groups {
		for _, f := range g.Fields {
			switch f.Name {
			case "faction":
				factions = f.Options
			case "ship":
				ships = f.Options
			}
		}
	}
	slots = append(slots, ruleset.Option{Value: "", Label: "— the catalogue's —", Help: "A card of the rule book keeps its slot; a card of your own needs one."})
	for _, s := range Slots {
		slots = append(slots, ruleset.Option{Value: s.ID, Label: s.Name, Help: s.Help})
	}
	weapons = append(weapons, ruleset.Option{Value: "", Label: "— the catalogue's —", Help: "The weapon class the catalogue gives the card, or not known."})
	for _, w := range Weapons {
		weapons = append(weapons, ruleset.Option{Value: w.ID, Label: w.Name, Help: w.Help + " Numbers: " + statNames(w.Stats) + "."})
	}
	cards := append(cardOptions(false), cardOptions(true)...)
	cardCols := []ruleset.Field{
		{Name: "faction", Kind: ruleset.FieldEnum, Label: "Faction", Options: factions, Default: ruleset.RawJSON(`"lamais"`),
			Help: "The faction whose deck holds the card."},
		{Name: "card", Kind: ruleset.FieldText, Label: "Card", MaxLength: 40, Options: cards,
			Help: "The card: pick one of the rule book's from the list to give it your card's numbers, or type a short new name in lower case with hyphens (my-lance) for a card of your own."},
		{Name: "name", Kind: ruleset.FieldText, Label: "Printed name", MaxLength: 60, Optional: true,
			Help: "The card's name as printed: needed for a card of your own, left empty for one of the rule book's."},
		{Name: "slot", Kind: ruleset.FieldEnum, Label: "Slot", Options: slots, Optional: true,
			Help: "The Loadout Mat slot the card goes on: needed for a card of your own."},
		{Name: "weapon", Kind: ruleset.FieldEnum, Label: "Weapon class", Options: weapons, Optional: true,
			Help: "What kind of weapon the card is: it decides which numbers the card has."},
	}
	for _, s := range Stats {
		lo := 0
		if s.ID == "copies" {
			lo = 1
		}
		col := ruleset.Field{Name: s.ID, Kind: ruleset.FieldInteger, Label: s.Name, Min: ruleset.Int(lo), Max: ruleset.Int(99), Optional: true,
			Help: s.Help + " Leave it empty when your card does not show it or you do not know it."}
		// A number is asked for when the card's weapon class has it, or
		// the class is the catalogue's (or not known); copies always.
		if s.ID != "copies" {
			col.ShowIf = &ruleset.Condition{Field: "weapon", Values: []string{""}}
			for _, w := range Weapons {
				if slices.Contains(w.Stats, s.ID) || s.ID == "priority" && w.ID == WeaponNone {
					col.ShowIf.Values = append(col.ShowIf.Values, w.ID)
				}
			}
		}
		cardCols = append(cardCols, col)
	}
	cardCols = append(cardCols, ruleset.Field{Name: "effect", Kind: ruleset.FieldText, Label: "Effect", MaxLength: 500, Optional: true,
		Help: "The card's effect text, up to 500 characters."})
	shipCols := []ruleset.Field{
		{Name: "ship", Kind: ruleset.FieldEnum, Label: "Capital Ship", Options: ships, Default: ruleset.RawJSON(`"rnc-gilgamesh"`),
			Help: "The Capital Ship whose Armour Mat numbers follow."},
		{Name: "evasion", Kind: ruleset.FieldInteger, Label: "Evasion", Min: ruleset.Int(0), Max: ruleset.Int(99), Optional: true,
			Help: "The Evasion at the top of the Armour Mat; empty when not known."},
		{Name: "structure", Kind: ruleset.FieldInteger, Label: "Structure", Min: ruleset.Int(0), Max: ruleset.Int(99), Optional: true,
			Help: "The Structure tokens of the Initial Health Layout; empty when not known."},
		{Name: "special", Kind: ruleset.FieldText, Label: "Special", MaxLength: 60, Optional: true,
			Help: "The name of the hull's Special Ability module, as its card prints it."},
		{Name: "priority", Kind: ruleset.FieldInteger, Label: "Special priority", Min: ruleset.Int(0), Max: ruleset.Int(99), Optional: true,
			Help: "The priority number at the bottom of the Special card; empty when not known."},
	}
	// A section's armour is a member of the ship's armour map, a column
	// "armour.<section>"; a section only some hulls have is shown for them.
	cat := BuiltinCatalogue()
	var order []string
	secs := map[string]struct {
		name  string
		ships []string
	}{}
	for _, sh := range cat.Ships {
		for _, sec := range sh.Sections {
			x, seen := secs[sec.ID]
			if !seen {
				order = append(order, sec.ID)
				x.name = sec.Name
			}
			x.ships = append(x.ships, sh.ID)
			secs[sec.ID] = x
		}
	}
	for _, id := range order {
		x := secs[id]
		col := ruleset.Field{Name: "armour." + id, Kind: ruleset.FieldInteger, Label: x.name + " armour", Min: ruleset.Int(0), Max: ruleset.Int(99), Optional: true,
			Help: "The Armour tokens of the " + x.name + " hull section, as the Armour Mat prints them; empty when not known."}
		if len(x.ships) < len(cat.Ships) {
			col.ShowIf = &ruleset.Condition{Field: "ship", Values: x.ships}
		}
		shipCols = append(shipCols, col)
	}
	about := ruleset.FieldGroup{Legend: "About", Help: "How players find it in the library.", Fields: []ruleset.Field{
		{Name: "description", Kind: ruleset.FieldTextarea, Label: "Description", Help: "What it is for, up to 4,000 characters.", MaxLength: 4000, Optional: true},
		{Name: "tags", Kind: ruleset.FieldTags, Label: "Tags", Help: "Up to 12 words to find it by, 1-32 characters each.", MaxLength: 32, MaxItems: 12, Optional: true},
	}}
	var comps, corvs ruleset.Field
	var setField ruleset.Field
	for _, g := range loadout.Groups {
		for _, f := range g.Fields {
			switch f.Name {
			case "components":
				comps = f
			case "corvettes":
				corvs = f
			case "cardSet":
				setField = f
			}
		}
	}
	var tm map[string]json.RawMessage
	_ = json.Unmarshal([]byte(teammate("")), &tm)
	comps.Default, corvs.Default = ruleset.RawJSON(tm["components"]), ruleset.RawJSON(tm["corvettes"])
	return []ruleset.FormKind{
		{Value: KindLoadout, Label: "Loadout", Help: "One player's Capital Ship with a card on each slot of its Loadout Mat and four corvettes."},
		{Value: KindCardSet, Label: "Card set", Title: "Card set", Blank: ruleset.RawJSON(blankCardSet),
			Help: "The numbers printed on your own cards (which the rule book does not give), or cards of your own making; a loadout names it to show its numbers.",
			Intro: "A card set holds the numbers of your own Star Eater cards and Armour Mats. Enter a row per card with the numbers your card shows and leave the rest empty (not known); " +
				"save it, then give its id (from its address) as a loadout's card set. Keep it private and only you read it.",
			Groups: []ruleset.FieldGroup{
				{Legend: "Card set", Help: "What you call the set.", Fields: []ruleset.Field{
					{Name: "name", Kind: ruleset.FieldText, Label: "Card set name", Help: "What you call this card set, 1-80 characters.", MaxLength: 80},
				}},
				{Legend: "Cards", Help: "A row per card: its faction, which card, and the numbers your card shows.", Fields: []ruleset.Field{
					{Name: "cards", Kind: ruleset.FieldRows, Label: "Cards", AddLabel: "Add a card", Columns: cardCols,
						Default: ruleset.RawJSON(`{"faction":"lamais","card":""}`),
						Help:    "The cards whose numbers you give, each once per faction."},
				}},
				{Legend: "Armour Mats", Help: "The numbers of a Capital Ship's Armour Mat: Evasion, Structure, its Special and each hull section's armour.", Fields: []ruleset.Field{
					{Name: "ships", Kind: ruleset.FieldRows, Label: "Armour Mats", AddLabel: "Add an Armour Mat", Columns: shipCols,
						Help: "A row per Capital Ship whose Armour Mat numbers you give."},
				}},
				about,
			},
			Stats: []ruleset.Stat{
				{Pointer: "/cards", Label: "Cards", Headline: true, Help: "How many cards the set gives numbers for."},
			}},
		{Value: KindTeam, Label: "2v2 team", Title: "2v2 team", Blank: ruleset.RawJSON(blankTeam),
			Help:  "Two teammates' loadouts of one faction, sharing its decks: together they may take no more copies of a card than the deck holds.",
			Intro: "A 2v2 team: two loadouts of the same faction that share its physical decks. Choose each teammate's Capital Ship and cards; the card set gives the numbers and the copy counts.",
			Groups: []ruleset.FieldGroup{
				{Legend: "Team", Help: "The team's name and the card set its numbers come from.", Fields: []ruleset.Field{
					{Name: "name", Kind: ruleset.FieldText, Label: "Team name", Help: "What you call this team, 1-80 characters.", MaxLength: 80},
					setField,
				}},
				{Legend: "Teammates", Help: "The two teammates, each with a loadout of the team's faction.", Fields: []ruleset.Field{
					{Name: "loadouts", Kind: ruleset.FieldRows, Label: "Teammates", AddLabel: "Add a teammate",
						Help: "Exactly two loadouts, of one faction.",
						Columns: []ruleset.Field{
							{Name: "player", Kind: ruleset.FieldText, Label: "Player", MaxLength: 60, Default: ruleset.RawJSON(`"Player"`), Help: "The teammate's name, 1-60 characters."},
							{Name: "faction", Kind: ruleset.FieldEnum, Label: "Faction", Options: factions, Default: ruleset.RawJSON(`"lamais"`), Help: "The team's faction, the same for both teammates."},
							{Name: "ship", Kind: ruleset.FieldEnum, Label: "Capital Ship", Options: ships, Default: ruleset.RawJSON(`"rnc-gilgamesh"`), Help: "The teammate's Capital Ship, of the team's faction."},
							comps, corvs,
						}},
				}},
				about,
			},
			Stats: []ruleset.Stat{
				{Pointer: "/unknownNumbers", Label: "Numbers not known", Headline: true, Help: "How many of the two ships' and their cards' numbers the card set does not give."},
				{Pointer: "/loadouts/0/totalArmour", Label: "First teammate's total armour", Help: "The first teammate's hull sections' armour added up, from the card set; — when not known. Descriptive, not official."},
				{Pointer: "/loadouts/1/totalArmour", Label: "Second teammate's total armour", Help: "The second teammate's hull sections' armour added up, from the card set; — when not known. Descriptive, not official."},
			}},
	}
}

// statNames lists stat ids by their names: "Damage, Range and Cooldown".
func statNames(ids []string) string {
	var names []string
	for _, id := range ids {
		for _, s := range Stats {
			if s.ID == id {
				names = append(names, s.Name)
			}
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
