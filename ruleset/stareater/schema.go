package stareater

import (
	"encoding/json"
	"reflect"

	"github.com/slipway/slipway/ruleset"
)

type kw = map[string]any

// SchemaRule says how much of one rule the JSON Schema checks.
type SchemaRule struct {
	ID string
	// Whole is true when every document that breaks the rule fails the
	// schema.
	Whole bool
	Note  string
}

// SchemaRules lists the rules the JSON Schema checks. Not listed: the
// parser's rules, and the rules that need the catalogue or the card set
// (the slots of a hull, a card's slot and faction, copy counts), which
// only validation checks.
var SchemaRules = []SchemaRule{
	{ruleset.RuleJSONUnknown, true, "additionalProperties: false everywhere"},
	{ruleset.RuleJSONType, true, "the JSON type of every member"},
	{ruleset.RuleDocument, true, "const schema, ruleset, rulesVersion"},
	{RuleText, true, "lengths and printable-character patterns of the texts, at most 12 tags"},
	{RuleKind, true, "one of the three kinds (oneOf by const kind)"},
	{RuleFaction, true, "faction enum"},
	{RuleShip, false, "ship enum; not that the ship is of the loadout's faction"},
	{RuleSpecial, true, "a component's slot is main, broadside, pointDefence or hangar"},
	{RuleSlotType, false, "a component's slot enum; not that the card fits it"},
	{RuleCorvettes, false, "exactly four corvettes; not that each is a corvette card"},
	{RuleSetRef, false, "builtin or the pattern of a library reference; not that the library has it"},
	{RuleSet, false, "card ids, factions, slots, weapon classes and the bounds of the numbers; not which numbers a kind of card has"},
	{RuleTeam, false, "two loadouts; not that they are of one faction"},
}

// JSONSchema is the JSON Schema (2020-12) of Star Eater's documents (a
// loadout, a card set or a team, told apart by "kind"), derived from the
// Go types so that it matches the strict decoder, with every rule of
// SchemaRules. docs/stareater.schema.json holds it.
func (r *Ruleset) JSONSchema() []byte {
	b, err := json.MarshalIndent(schema(), "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

func schema() map[string]any {
	cat := BuiltinCatalogue()
	var factions, ships, slots, compSlots, weapons []any
	for _, f := range cat.Factions {
		factions = append(factions, f.ID)
	}
	for _, s := range cat.Ships {
		ships = append(ships, s.ID)
	}
	for _, s := range Slots {
		slots = append(slots, s.ID)
		if s.ID != SlotSpecial && s.ID != SlotCorvette {
			compSlots = append(compSlots, s.ID)
		}
	}
	for _, w := range Weapons {
		weapons = append(weapons, w.ID)
	}
	stat := kw{"minimum": 0, "maximum": MaxStat}
	id := kw{"pattern": "^[a-z0-9-]{1,40}$"}
	ref := kw{"pattern": "^(builtin|[a-z0-9-]{1,64}(@[1-9][0-9]{0,6})?)$"}
	c := map[string]struct {
		rule string
		k    kw
	}{
		"*.schema":               {ruleset.RuleDocument, kw{"const": ruleset.Schema}},
		"*.ruleset":              {ruleset.RuleDocument, kw{"const": ID}},
		"*.rulesVersion":         {ruleset.RuleDocument, kw{"const": RulesVersion}},
		"*.name":                 {RuleText, ruleset.TextSchema(1, 80)},
		"*.description":          {RuleText, kw{"maxLength": 4000, "pattern": ruleset.PatternMultiline}},
		"*.tags":                 {RuleText, kw{"maxItems": 12, "items": ruleset.TextSchema(1, 32)}},
		"*.universe":             {RuleText, ruleset.TextSchema(0, 80)},
		"*.faction":              {RuleFaction, kw{"enum": factions}},
		"*.ship":                 {RuleShip, kw{"enum": ships}},
		"*.cardSet":              {RuleSetRef, ref},
		"*.components":           {RuleSlots, kw{"maxItems": MaxComponents}},
		"*.corvettes":            {RuleCorvettes, kw{"minItems": Corvettes, "maxItems": Corvettes}},
		"Loadout.kind":           {RuleKind, kw{"const": KindLoadout}},
		"Team.kind":              {RuleKind, kw{"const": KindTeam}},
		"CardSet.kind":           {RuleKind, kw{"const": KindCardSet}},
		"Team.loadouts":          {RuleTeam, kw{"minItems": TeamSize, "maxItems": TeamSize}},
		"TeamLoadout.player":     {RuleText, ruleset.TextSchema(1, 60)},
		"Component.slot":         {RuleSpecial, kw{"enum": compSlots}},
		"CardSet.cards":          {RuleSet, kw{"maxItems": MaxCards}},
		"Card.card":              {RuleSet, id},
		"Card.name":              {RuleText, ruleset.TextSchema(1, 60)},
		"Card.slot":              {RuleSet, kw{"enum": slots}},
		"Card.weapon":            {RuleSet, kw{"enum": weapons}},
		"Card.effect":            {RuleText, kw{"maxLength": 500, "pattern": ruleset.PatternMultiline}},
		"Card.copies":            {RuleSet, kw{"minimum": 1, "maximum": MaxStat}},
		"Card.*":                 {RuleSet, stat},
		"ShipStats.ship":         {RuleSet, kw{"enum": ships}},
		"ShipStats.special":      {RuleText, ruleset.TextSchema(1, 60)},
		"ShipStats.armour":       {RuleSet, kw{"additionalProperties": kw{"type": "integer", "minimum": 0, "maximum": MaxStat}}},
		"ShipStats.*":            {RuleSet, stat},
		"CardSet.ships":          {RuleSet, kw{"maxItems": len(cat.Ships) * 2}},
		"Card.faction":           {RuleSet, kw{"enum": factions}},
		"TeamLoadout.faction":    {RuleFaction, kw{"enum": factions}},
		"Corvette.card":          {RuleCorvettes, kw{}},
		"Component.card":         {RuleSlotType, kw{}},
		"Loadout.faction":        {RuleFaction, kw{"enum": factions}},
		"TeamLoadout.components": {RuleSlots, kw{"maxItems": MaxComponents}},
	}
	checks := make(map[string]ruleset.SchemaCheck, len(c))
	for k, x := range c {
		checks[k] = ruleset.SchemaCheck{Rule: x.rule, Keywords: x.k}
	}
	of := ruleset.SchemaGen{Game: "stareater", Checks: checks}.Of
	loadout := of(reflect.TypeFor[Loadout]())
	loadout["title"] = "Loadout"
	team := of(reflect.TypeFor[Team]())
	team["title"] = "2v2 team"
	set := of(reflect.TypeFor[CardSet]())
	set["title"] = "Card set"
	return kw{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         "urn:slipway:stareater:1",
		"title":       "Slipway Star Eater document, schema 1",
		"description": "A Star Eater loadout, card set or 2v2 team (docs/stareater.md), told apart by kind: its structure and every rule (SE-*) JSON Schema can express; slipway validate checks them all against the catalogue and the card set.",
		"oneOf":       []any{loadout, set, team},
	}
}
