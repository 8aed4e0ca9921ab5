package d6ship

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
// parser's rules (syntax, duplicate keys, size) and the warnings.
var SchemaRules = []SchemaRule{
	{ruleset.RuleJSONUnknown, true, "additionalProperties: false everywhere"},
	{ruleset.RuleJSONType, true, "the JSON type of every member"},
	{ruleset.RuleDocument, true, "const schema, ruleset, rulesVersion"},
	{RuleText, true, "lengths and printable-character patterns of the texts, at most 12 tags"},
	{RuleClass, true, "class enum I-XXX"},
	{RuleCrew, true, "crew enum"},
	{RuleStat, true, "bounds of the numbers"},
	{RuleSoak, true, "bounds of each arc's SOAK"},
	{RulePD, true, "bounds; a bonus of 1 or more requires an aura of 1 or more"},
	{RuleFighter, true, "bounds; squadrons require fighters and fighters squadrons"},
	{RuleType, true, "type enum"},
	{RuleWeapon, true, "bounds of damage and range, at most 100 weapons"},
	{RuleArc, true, "1-4 unique arcs from the enum"},
	{RuleBank, true, "bank 0 or 2-99"},
}

// JSONSchema is the JSON Schema (2020-12) of the stat block, derived from
// the Go types so that it matches the strict decoder, with every rule of
// SchemaRules. docs/d6ship.schema.json holds it.
func (r *Ruleset) JSONSchema() []byte {
	b, err := json.MarshalIndent(schema(), "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

func schema() map[string]any {
	var classes, crews, types, arcs []any
	for n := MinClass; n <= MaxClass; n++ {
		classes = append(classes, Roman(n))
	}
	for _, c := range CrewRatings {
		crews = append(crews, c.ID)
	}
	for _, t := range WeaponTypes {
		types = append(types, t.ID)
	}
	for _, a := range Arcs {
		arcs = append(arcs, a.ID)
	}
	between := func(lo, hi int) kw { return kw{"minimum": lo, "maximum": hi} }
	c := map[string]struct {
		rule string
		k    kw
	}{
		"Ship.schema":            {ruleset.RuleDocument, kw{"const": ruleset.Schema}},
		"Ship.ruleset":           {ruleset.RuleDocument, kw{"const": ID}},
		"Ship.rulesVersion":      {ruleset.RuleDocument, kw{"const": RulesVersion}},
		"Ship.name":              {RuleText, ruleset.TextSchema(1, 80)},
		"Ship.description":       {RuleText, kw{"maxLength": 4000, "pattern": ruleset.PatternMultiline}},
		"Ship.tags":              {RuleText, kw{"maxItems": 12, "items": ruleset.TextSchema(1, 32)}},
		"Ship.universe":          {RuleText, ruleset.TextSchema(0, 80)},
		"Ship.class":             {RuleClass, kw{"enum": classes}},
		"Ship.crew":              {RuleCrew, kw{"enum": crews}},
		"Ship.speed":             {RuleStat, between(0, MaxStat)},
		"Ship.defense":           {RuleStat, between(0, MaxStat)},
		"Ship.eDefense":          {RuleStat, between(0, MaxStat)},
		"Ship.armour":            {RuleStat, between(0, MaxStat)},
		"Ship.superstructure":    {RuleStat, between(1, MaxStat)},
		"Ship.cpu":               {RuleStat, between(0, MaxStat)},
		"Ship.power":             {RuleStat, between(0, MaxStat)},
		"Ship.pointDefence":      {RulePD, between(0, MaxSmall)},
		"Ship.pointDefenceBonus": {RulePD, between(0, MaxSmall)},
		"Ship.squadrons":         {RuleFighter, between(0, MaxSmall)},
		"Ship.fighters":          {RuleFighter, between(0, MaxSmall)},
		"Ship.weapons":           {RuleWeapon, kw{"maxItems": MaxWeapons}},
		"Shields.forward":        {RuleSoak, between(0, MaxStat)},
		"Shields.port":           {RuleSoak, between(0, MaxStat)},
		"Shields.starboard":      {RuleSoak, between(0, MaxStat)},
		"Shields.aft":            {RuleSoak, between(0, MaxStat)},
		"Weapon.name":            {RuleText, ruleset.TextSchema(1, 60)},
		"Weapon.type":            {RuleType, kw{"enum": types}},
		"Weapon.damage":          {RuleWeapon, between(1, MaxSmall)},
		"Weapon.range":           {RuleWeapon, between(1, MaxStat)},
		"Weapon.arcs":            {RuleArc, kw{"type": "array", "minItems": 1, "maxItems": len(Arcs), "uniqueItems": true, "items": kw{"enum": arcs}}},
		"Weapon.bank":            {RuleBank, kw{"minimum": 0, "maximum": MaxSmall, "not": kw{"const": 1}}},
	}
	atLeast1 := func(m string) kw {
		return kw{"required": []any{m}, "properties": kw{m: kw{"type": "integer", "minimum": 1}}}
	}
	conditions := map[string][]any{"Ship": {
		kw{"$comment": RulePD, "if": atLeast1("pointDefenceBonus"), "then": atLeast1("pointDefence")},
		kw{"$comment": RuleFighter, "if": atLeast1("squadrons"), "then": atLeast1("fighters")},
		kw{"$comment": RuleFighter, "if": atLeast1("fighters"), "then": atLeast1("squadrons")},
	}}
	checks := make(map[string]ruleset.SchemaCheck, len(c))
	for k, x := range c {
		checks[k] = ruleset.SchemaCheck{Rule: x.rule, Keywords: x.k}
	}
	of := ruleset.SchemaGen{Game: "d6ship", Checks: checks, Conditions: conditions}.Of
	s := of(reflect.TypeFor[Ship]())
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = "urn:slipway:d6ship:ship:1"
	s["title"] = "Slipway d6 starship stat block, schema 1"
	s["description"] = "One stat block of the d6 RPG starship chapter (docs/d6ship.md): its structure and every rule (D6-*) JSON Schema can express; slipway validate gives the warnings."
	return s
}
