package battleshift

import (
	"encoding/json"
	"reflect"

	"github.com/slipway/slipway/ruleset"
)

// kw is a set of JSON Schema keywords.
type kw = map[string]any

// constraint is the JSON Schema form of the checks of one member, and the
// rule a value that breaks them reports.
type constraint struct {
	rule     string
	keywords kw
}

func text(lo, hi int) kw { return ruleset.TextSchema(lo, hi) }

// SchemaRule says how much of one rule the JSON Schema checks.
type SchemaRule struct {
	ID string
	// Whole is true when every document that breaks the rule fails the
	// schema.
	Whole bool
	Note  string
}

// SchemaRules lists the rules the JSON Schema checks. Not listed: the
// parser's rules (syntax, duplicate keys, size), the space units
// (BS-SPACE-01, a sum JSON Schema cannot take) and the warnings.
var SchemaRules = []SchemaRule{
	{ruleset.RuleJSONUnknown, true, "additionalProperties: false everywhere"},
	{ruleset.RuleJSONType, true, "the JSON type of every member"},
	{ruleset.RuleDocument, true, "const schema, ruleset, rulesVersion"},
	{RuleText, true, "lengths and printable-character patterns of the texts, at most 12 tags"},
	{RuleSize, true, "size 1-21"},
	{RuleFaction, true, "faction enum"},
	{RuleCounts, true, "counts 1-999, at most 100 entries"},
	{RuleKind, true, "kind enum from the catalogue"},
	{RuleOnce, true, "maxContains 1 and count at most 1 for each once-only kind"},
	{RuleNotTogether, true, "not (contains one and contains the other) for each pair"},
	{RulePay, true, "pay required, space or cost, for the either-or kinds; none for the others"},
	{RuleDestroyer, true, "at size 1, no kind a destroyer may not carry"},
	{RuleMinSize, true, "below a kind's minimum size, no such kind"},
	{RuleBuiltIn, true, "at size 1, no kind a destroyer has built in"},
	{RuleFactionKind, true, "a faction's ships contain its kinds"},
}

// JSONSchema is the JSON Schema (2020-12) of the ship-class document,
// derived from the Go types, so that it matches the strict decoder (the
// same members and JSON types, nothing else allowed), with every rule of
// SchemaRules from the catalogue: kinds, payments, once-only and
// not-together kinds, size limits and faction traits. docs/battleshift.schema.json
// holds it.
func (r *Ruleset) JSONSchema() []byte {
	b, err := json.MarshalIndent(r.schema(), "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

func (r *Ruleset) schema() map[string]any {
	cat := r.cat
	var kinds, either, fixed, once []any
	for i := range cat.Kinds {
		k := &cat.Kinds[i]
		kinds = append(kinds, k.Kind)
		if k.Either() {
			either = append(either, k.Kind)
		} else {
			fixed = append(fixed, k.Kind)
		}
		if k.Limits.Once {
			once = append(once, k.Kind)
		}
	}
	factions := []any{""}
	for _, f := range cat.Factions {
		factions = append(factions, f.ID)
	}
	constraints := map[string]constraint{
		"Class.schema":       {ruleset.RuleDocument, kw{"const": ruleset.Schema}},
		"Class.ruleset":      {ruleset.RuleDocument, kw{"const": ID}},
		"Class.rulesVersion": {ruleset.RuleDocument, kw{"const": RulesVersion}},
		"Class.name":         {RuleText, text(1, 80)},
		"Class.description":  {RuleText, kw{"maxLength": 4000, "pattern": ruleset.PatternMultiline}},
		"Class.tags":         {RuleText, kw{"maxItems": 12, "items": text(1, 32)}},
		"Class.universe":     {RuleText, text(0, 80)},
		"Class.faction":      {RuleFaction, kw{"enum": factions}},
		"Class.size":         {RuleSize, kw{"minimum": 1, "maximum": cat.MaxSize()}},
		"Class.systems":      {RuleCounts, kw{"maxItems": MaxSystems}},
		"System.kind":        {RuleKind, kw{"enum": kinds}},
		"System.count":       {RuleCounts, kw{"minimum": 1, "maximum": 999}},
	}
	conditions := map[string][]any{
		"System": {
			kw{"$comment": RulePay, "if": kindIn(either), "then": kw{"required": []any{"pay"}, "properties": kw{"pay": kw{"enum": []any{PaySpace, PayCost}}}}},
			kw{"$comment": RulePay, "if": kindIn(fixed), "then": kw{"properties": kw{"pay": kw{"const": ""}}}},
			kw{"$comment": RuleOnce, "if": kindIn(once), "then": kw{"properties": kw{"count": kw{"type": "integer", "maximum": 1}}}},
		},
		"Class": r.classConditions(),
	}
	checks := make(map[string]ruleset.SchemaCheck, len(constraints))
	for k, c := range constraints {
		checks[k] = ruleset.SchemaCheck{Rule: c.rule, Keywords: c.keywords}
	}
	s := ruleset.SchemaGen{Game: "battleshift", Checks: checks, Conditions: conditions, Optional: optional}.Of(reflect.TypeFor[Class]())
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = "urn:slipway:battleshift:class:1"
	s["title"] = "Slipway Battleshift ship class, schema 1"
	s["description"] = "One Battleshift ship class (docs/battleshift.md): its structure and every class rule (BS-*) JSON Schema can express; slipway validate checks the rest (the space units) and gives the warnings."
	return s
}

// kindIn is the "if" of a system entry whose kind is one of kinds.
func kindIn(kinds []any) kw {
	return kw{"required": []any{"kind"}, "properties": kw{"kind": kw{"enum": kinds}}}
}

// has is a schema of a systems list holding an entry of kind.
func has(kind string) kw {
	return kw{"contains": kw{"type": "object", "required": []any{"kind"}, "properties": kw{"kind": kw{"const": kind}}}}
}

// classConditions are the rules over a class's whole systems list, from
// the catalogue.
func (r *Ruleset) classConditions() []any {
	cat := r.cat
	systems := func(s kw) kw { return kw{"required": []any{"systems"}, "properties": kw{"systems": s}} }
	sizeAtMost := func(n int) kw {
		return kw{"required": []any{"size"}, "properties": kw{"size": kw{"type": "integer", "maximum": n}}}
	}
	noKind := func(kinds []any) kw {
		return kw{"properties": kw{"systems": kw{"type": []any{"array", "null"}, "items": kw{"type": "object", "properties": kw{"kind": kw{"not": kw{"enum": kinds}}}}}}}
	}
	var out []any
	var refused, builtIn []any
	for i := range cat.Kinds {
		k := &cat.Kinds[i]
		switch k.Limits.Size1 {
		case Size1Refused:
			refused = append(refused, k.Kind)
		case Size1BuiltIn:
			builtIn = append(builtIn, k.Kind)
		}
		if k.Limits.Once {
			s := has(k.Kind)
			s["type"], s["minContains"], s["maxContains"] = []any{"array", "null"}, 0, 1
			out = append(out, kw{"$comment": RuleOnce + " " + k.Kind, "properties": kw{"systems": s}})
		}
		for _, p := range k.Limits.NotWith {
			if p > k.Kind { // each pair once
				out = append(out, kw{"$comment": RuleNotTogether + " " + k.Kind + " " + p,
					"not": systems(kw{"type": "array", "allOf": []any{has(k.Kind), has(p)}})})
			}
		}
		if k.Limits.MinSize > 2 {
			out = append(out, kw{"$comment": RuleMinSize + " " + k.Kind,
				"if": sizeAtMost(k.Limits.MinSize - 1), "then": noKind([]any{k.Kind})})
		}
	}
	if len(refused) > 0 {
		out = append(out, kw{"$comment": RuleDestroyer, "if": sizeAtMost(1), "then": noKind(refused)})
	}
	if len(builtIn) > 0 {
		out = append(out, kw{"$comment": RuleBuiltIn, "if": sizeAtMost(1), "then": noKind(builtIn)})
	}
	for _, f := range cat.Factions {
		var all []any
		for _, req := range f.Requires {
			all = append(all, systems(kw{"type": "array", "contains": has(req)["contains"]}))
		}
		out = append(out, kw{"$comment": RuleFactionKind + " " + f.ID,
			"if": kw{"required": []any{"faction"}, "properties": kw{"faction": kw{"const": f.ID}}}, "then": kw{"allOf": all}})
	}
	return out
}

// optional are the members a document may leave out although they are
// always written: a count (default 1) and the systems (a ship may have
// none, and validation asks for none).
var optional = map[string]bool{"System.count": true, "Class.systems": true}
