package designer

import (
	"fmt"
	"github.com/slipway/slipway/ruleset"
	"reflect"
	"slices"
	"strings"
)

// defaulted lists fields that the format gives a default, so a document
// may omit them even though they are always written out.
var defaulted = map[string]bool{"count": true, "interceptable": true, "scale": true, "crewQuality": true, "commandQuality": true, "damageControl": true}

// fieldDocs are the descriptions the JSON Schema gives the main fields.
var fieldDocs = map[string]string{
	"schema":         "Document format version: 1.",
	"ruleset":        "Ruleset the design is built under: \"metaverse\".",
	"rulesVersion":   "Version of the ruleset's construction rules: 1.",
	"name":           "Class name, 1-80 printable characters.",
	"techLevel":      "Tech level 1-10.",
	"movement":       "cinematic or newtonian.",
	"hull":           "metallic, technological or biological.",
	"crewQuality":    "Crew quality 1-5 (default 1).",
	"commandQuality": "Command quality die D2-D6 (default D2).",
	"damageControl":  "Damage-control quality die D4-D6 (default D4).",
	"sections":       "The core and up to four outboard sections.",
	"weapons":        "Weapon definitions (rules §5.1) or, in a section, weapon mounts.",
	"starfighters":   "Starfighter squadron definitions (rules §5.2).",
	"hangarBays":     "Hangar bay definitions (rules §5.3).",
}

// kw is a set of JSON Schema keywords.
type kw = map[string]any

// constraint is the JSON Schema form of checks Validate makes on one
// member, and the rule it reports when a value breaks them.
type constraint struct {
	rule     string
	keywords kw
	// required makes the member required even though the decoder lets
	// it be omitted.
	required bool
}

// text is the constraint of a text member of lo-hi printable characters.
func text(rule string, lo, hi int) constraint {
	return constraint{rule: rule, keywords: ruleset.TextSchema(lo, hi)}
}

// between is the constraint of an integer member from lo to hi.
func between(rule string, lo, hi int) constraint {
	return constraint{rule: rule, keywords: kw{"minimum": lo, "maximum": hi}}
}

// oneOfValues is the constraint of a string member with a closed set of
// values.
func oneOfValues[S ~string](rule string, values ...S) constraint {
	e := make([]any, len(values))
	for i, v := range values {
		e[i] = string(v)
	}
	return constraint{rule: rule, keywords: kw{"enum": e}}
}

// subsetOf is the constraint of a list of distinct values from a closed
// set, at least min of them (Validate's subset).
func subsetOf(rule string, min int, values []string) constraint {
	k := kw{"items": oneOfValues(rule, values...).keywords, "uniqueItems": true}
	if min > 0 {
		k["minItems"] = min
		k["type"] = "array"
	}
	return constraint{rule: rule, keywords: k}
}

// counts is the constraint of a count: 1-999 (R-DOC-04 below, R-LIM-06
// above).
var counts = constraint{rule: "R-DOC-04 R-LIM-06", keywords: kw{"minimum": 1, "maximum": 999}}

// constraints are the checks of Validate that JSON Schema can express,
// keyed by "Type.member" (a generic type by its name without the package
// path, such as PerArc[int]). The rule ids say which rule Validate
// reports; SchemaRules says which rules the schema checks whole. An
// array's keywords apply to the array; "type" replaces the member's type
// (a list that must not be empty is not null either).
var constraints = map[string]constraint{
	"Design.schema":         {rule: "R-DOC-01", keywords: kw{"const": Schema}},
	"Design.ruleset":        {rule: "R-DOC-01", keywords: kw{"const": RulesetMetaverse}},
	"Design.rulesVersion":   {rule: "R-DOC-01", keywords: kw{"const": RulesVersion}},
	"Design.name":           text("R-DOC-02", 1, 80),
	"Design.description":    {rule: "R-DOC-02", keywords: kw{"maxLength": 4000, "pattern": ruleset.PatternMultiline}},
	"Design.tags":           {rule: "R-DOC-02", keywords: kw{"maxItems": 12, "items": text("R-DOC-02", 1, 32).keywords}},
	"Design.universe":       text("R-DOC-02", 0, 80),
	"Design.scale":          between("R-DOC-02", 1, 1000000),
	"Design.techLevel":      between("R-DOC-03", 1, 10),
	"Design.movement":       oneOfValues("R-DOC-03", MovementCinematic, MovementNewtonian),
	"Design.hull":           oneOfValues("R-DOC-03", HullMetallic, HullTechnological, HullBiological),
	"Design.crewQuality":    between("R-DOC-03", CrewQualities.Lo, CrewQualities.Hi),
	"Design.commandQuality": oneOfValues("R-DOC-03", CommandQualities.Dice()...),
	"Design.damageControl":  oneOfValues("R-DOC-03", DamageControls.Dice()...),
	"Design.weapons":        {rule: "R-LIM-05", keywords: kw{"maxItems": 100}},

	"Sections.core": {rule: "R-SEC-01", keywords: kw{"type": "object"}, required: true},

	"Section.layers":  {rule: "R-SEC-02", keywords: kw{"type": "array", "minItems": 1, "maxItems": 5}},
	"Section.systems": {rule: "R-LIM-04", keywords: kw{"maxItems": 200}},
	"Layer.hullHits":  {rule: "R-SEC-02", keywords: kw{"minimum": 1}},
	"Layer.crew":      between("R-SEC-02 R-LIM-06", 0, 999),
	"Layer.marines":   between("R-SEC-02 R-LIM-06", 0, 999),

	"Armour.rating":         between("R-SEC-04", 0, 5),
	"Armour.type":           oneOfValues("R-SEC-04", defences...),
	"Shield.hits":           between("R-SEC-04 R-LIM-06", 0, 999),
	"Shield.type":           oneOfValues("R-SEC-04", defences...),
	"PerArc[int].fore":      between("R-SEC-04", 0, 5),
	"PerArc[int].aft":       between("R-SEC-04", 0, 5),
	"PerArc[int].port":      between("R-SEC-04", 0, 5),
	"PerArc[int].starboard": between("R-SEC-04", 0, 5),

	"System.count":      counts,
	"Mount.count":       counts,
	"Mount.sectors":     {rule: "R-WPN-02", keywords: kw{"type": "array", "minItems": 1, "uniqueItems": true, "items": kw{"minimum": 0, "maximum": 7}}},
	"HangarMount.count": counts,

	"WeaponDef.id":                 text("R-WD-03", 1, 40),
	"WeaponDef.name":               text("R-WD-04", 1, 40),
	"WeaponDef.damageType":         oneOfValues("R-WD-04", DamageEnergy, DamageKinetic),
	"WeaponDef.pulse":              between("R-WD-04", 1, 20),
	"WeaponDef.die":                oneOfValues("R-WD-04", dieNames...),
	"WeaponDef.modifier":           between("R-WD-04", 0, 20),
	"WeaponDef.effect":             oneOfValues("R-WD-04", EffectRaking, EffectPenetrating),
	"WeaponDef.targetMethod":       oneOfValues("R-WD-04", TargetDirect, TargetIndirect),
	"WeaponDef.range":              {rule: "R-WD-04", keywords: kw{"minimum": 0, "maximum": 50, "multipleOf": 5}},
	"WeaponDef.aoe":                {rule: "R-WD-04", keywords: kw{"minimum": 0, "maximum": 50, "multipleOf": 10}},
	"WeaponDef.rateOfFire":         oneOfValues("R-WD-04", RateUnlimited, RateLimited, RateOneShot),
	"WeaponDef.armourPiercing":     between("R-WD-04", 0, 5),
	"WeaponDef.shieldPiercing":     between("R-WD-04", 0, 5),
	"WeaponDef.deflectionPiercing": between("R-WD-04", 0, 11),
	"WeaponDef.targets":            subsetOf("R-WD-04", 1, weaponTargets),
	"WeaponDef.qualities":          subsetOf("R-WD-04", 0, WeaponQualities),

	"SquadronDef.id":           text("R-SF-01", 1, 40),
	"SquadronDef.name":         text("R-SF-02", 1, 40),
	"SquadronDef.strength":     between("R-SF-02", 1, 20),
	"SquadronDef.speed":        {rule: "R-SF-02", keywords: kw{"minimum": 10, "maximum": 30, "multipleOf": 5}},
	"SquadronDef.defence":      between("R-SF-02", 0, 6),
	"SquadronDef.targetRating": between("R-SF-02", 4, 9),
	"SquadronDef.qualities":    subsetOf("R-SF-02", 0, SquadronQualities),
	"SquadronDef.weapons":      {rule: "R-SF-03", keywords: kw{"type": "array", "minItems": 1, "maxItems": 6}},

	"FighterWeapon.name":       text("R-SF-03", 1, 40),
	"FighterWeapon.damageType": oneOfValues("R-SF-03", DamageEnergy, DamageKinetic),
	"FighterWeapon.pulse":      between("R-SF-03", 1, 20),
	"FighterWeapon.die":        oneOfValues("R-SF-03", dieNames...),
	"FighterWeapon.modifier":   between("R-SF-03", 0, 20),
	"FighterWeapon.rateOfFire": oneOfValues("R-SF-03 R-SF-04", RateUnlimited, RateOneShot),
	"FighterWeapon.targets":    subsetOf("R-SF-03", 1, fighterTargets),
	"FighterWeapon.qualities":  subsetOf("R-SF-03", 0, WeaponQualities),

	"HangarBayDef.id":       text("R-HB-01", 1, 40),
	"HangarBayDef.name":     text("R-HB-02", 1, 40),
	"HangarBayDef.launch":   between("R-HB-02", 1, 20),
	"HangarBayDef.capacity": between("R-HB-02", 1, 999),
	"HangarBayDef.carries":  {rule: "R-HB-03", keywords: kw{"type": "array", "minItems": 1, "uniqueItems": true}},
	"HangarBayDef.loadout":  {rule: "R-HB-04", keywords: kw{"additionalProperties": kw{"type": "integer", "minimum": 1, "maximum": 999}}},
}

// SchemaRule says how much of one rule the JSON Schema checks.
type SchemaRule struct {
	// ID is the rule id.
	ID string
	// Whole is true when every document that breaks the rule fails the
	// schema; false when the schema checks only a part (the rest needs
	// other members, other sections or sums, which JSON Schema cannot
	// relate).
	Whole bool
	// Note says what the schema checks, or what it cannot.
	Note string
}

// SchemaRules lists the rules the JSON Schema checks, whole or in part.
// A rule not listed is left to Validate: JSON syntax and duplicate keys
// (the parser's job), the size limit, sums over sections (R-LIM-02,
// R-LIM-03), references between definitions (R-WPN-01, R-HB-05), unique
// ids, what a section faces, requirements over the whole ship (bridge,
// sensors, reactors, drives, starfighter operations), tech level and
// tier, and every warning.
var SchemaRules = []SchemaRule{
	{RuleJSONUnknown, true, "additionalProperties: false everywhere"},
	{RuleJSONType, true, "the JSON type of every member"},
	{"R-LIM-04", false, "at most 200 entries in one section; the limit is on all sections together"},
	{"R-LIM-05", true, "maxItems 100"},
	{"R-LIM-06", true, "maximum 999 on counts, crew, marines, shield hits, loadouts"},
	{"R-DOC-01", true, "const schema, ruleset, rulesVersion"},
	{"R-DOC-02", true, "lengths and printable-character patterns of the texts, at most 12 tags, scale 1-1,000,000"},
	{"R-DOC-03", true, "tech level, movement, hull and qualities"},
	{"R-DOC-04", true, "minimum 1 on counts"},
	{"R-SEC-01", true, "sections requires core"},
	{"R-SEC-02", true, "1-5 layers, hull hits at least 1, crew and marines not negative"},
	{"R-SEC-03", false, "not checked: the arcs a section faces depend on which other sections exist"},
	{"R-SEC-04", true, "armour and ablative 0-5, shield hits not negative, defence types"},
	{"R-SEC-06", true, "life support is not a kind a system entry may name"},
	{"R-PRI-02", false, "a reactor takes no rating; that the core has one is not checked"},
	{"R-PRO-01", true, "the facings of primitive STL drives"},
	{"R-PRO-02", true, "the axes of basic STL drives"},
	{"R-PRO-03", false, "thrusters face port or starboard; the section they sit in is not checked"},
	{"R-PRO-07", true, "FTL drive ratings 1-10"},
	{"R-EW-01", false, "sensor ratings 1-20; that the ship has a sensor is not checked"},
	{"R-EW-02", true, "electronic-warfare ratings from the catalogue"},
	{"R-SECY-01", true, "secondary-system ratings from the catalogue"},
	{"R-SECY-02", false, "an energy grappler names an arc; whether its section faces it is not checked"},
	{"R-SECY-03", false, "a deflector names its type and a known arc; whether the core faces the arc is not checked"},
	{"R-SYS-01", true, "kind is one of the catalogue's"},
	{"R-SYS-02", true, "rating ranges per kind; unrated kinds take rating 0 or none"},
	{"R-SYS-03", true, "parameters a kind does not take are absent or empty"},
	{"R-SEC-05", false, "a shield generator's arc is a known arc; which arcs have shields is not checked"},
	{"R-WPN-02", true, "at least one sector, 0-7, each once"},
	{"R-WD-02", true, "PO only when targetMethod is indirect"},
	{"R-WD-03", false, "ids of 1-40 printable characters; uniqueness is not checked"},
	{"R-WD-04", true, "every weapon definition value"},
	{"R-WD-05", true, "indirectTurns 1-5 for indirect weapons, none for direct"},
	{"R-SF-01", false, "ids of 1-40 printable characters; uniqueness is not checked"},
	{"R-SF-02", true, "every squadron value"},
	{"R-SF-03", true, "1-6 weapons and every weapon value"},
	{"R-SF-04", true, "rateOfFire unlimited or oneShot"},
	{"R-HB-01", false, "ids of 1-40 printable characters; uniqueness is not checked"},
	{"R-HB-02", false, "launch 1-20, capacity 1-999; capacity at least launch is not checked"},
	{"R-HB-03", false, "a non-empty list of distinct ids; that they are defined is not checked"},
	{"R-HB-04", false, "loadout counts 1-999; capacity and carried types are not checked"},
}

// JSONSchema returns the JSON Schema (2020-12) of the design document,
// derived from the Go types so that it always matches the strict decoder
// (the same members, the same JSON types, nothing else allowed), with
// every check of Validate that JSON Schema can express: constants, enums,
// numeric ranges, text lengths and patterns, item limits, and the rating
// and parameters of each system kind from the catalogue (SchemaRules
// lists which rules that covers). Rules that relate members across the
// document remain Validate's.
func JSONSchema() map[string]any {
	s := schemaOf(reflect.TypeOf(Design{}), true)
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = "urn:slipway:design:1"
	s["title"] = "Slipway design document, schema 1"
	s["description"] = "One starship design (rules.md §2): its structure and every construction rule (R-*) JSON Schema can express; slipway validate checks the rest."
	return s
}

// DraftJSONSchema returns the JSON Schema (2020-12) of what the strict
// decoder accepts: the members and their JSON types, nothing else
// allowed, and none of the construction rules JSONSchema adds. A draft,
// legal or not, satisfies it; the API describes stored designs with it.
func DraftJSONSchema() map[string]any {
	s := schemaOf(reflect.TypeOf(Design{}), false)
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = "urn:slipway:design-draft:1"
	s["title"] = "Slipway design document, schema 1, draft"
	s["description"] = "One starship design (rules.md §2), structure only: what the strict decoder accepts. A legal design also satisfies urn:slipway:design:1 and slipway validate."
	return s
}

// typeName is t's name without package paths: PerArc[int], Design.
func typeName(t reflect.Type) string {
	return strings.ReplaceAll(t.Name(), t.PkgPath()+".", "")
}

// schemaOf derives the schema of Go type t; rules adds the constraints
// and conditions of the construction rules.
func schemaOf(t reflect.Type, rules bool) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		s := schemaOf(t.Elem(), rules)
		s["type"] = []any{s["type"], "null"}
		return s
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		return map[string]any{"type": []any{"array", "null"}, "items": schemaOf(t.Elem(), rules)}
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}, "additionalProperties": schemaOf(t.Elem(), rules)}
	case reflect.Struct:
		props := map[string]any{}
		var required []any
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			fs := schemaOf(f.Type, rules)
			if doc := fieldDocs[name]; doc != "" && t == reflect.TypeOf(Design{}) {
				fs["description"] = doc
			}
			if c, ok := constraints[typeName(t)+"."+name]; ok && rules {
				merge(fs, c.keywords)
				fs["$comment"] = c.rule
				if c.required {
					required = append(required, name)
				}
			}
			props[name] = fs
			if !strings.Contains(opts, "omit") && !defaulted[name] {
				required = append(required, name)
			}
		}
		s := map[string]any{"type": "object", "additionalProperties": false, "properties": props}
		if len(required) > 0 {
			s["required"] = required
		}
		if all := conditions[typeName(t)]; all != nil && rules {
			s["allOf"] = all()
		}
		return s
	}
	return map[string]any{}
}

// merge adds keywords k to schema s; nested keyword objects (items,
// additionalProperties) are merged into what s has.
func merge(s map[string]any, k kw) {
	for key, v := range k {
		if sub, ok := v.(kw); ok {
			if have, ok := s[key].(map[string]any); ok {
				merge(have, sub)
				continue
			}
		}
		s[key] = v
	}
}

// conditions are the checks that depend on another member of the same
// object, as allOf lists of if/then schemas, by type name.
var conditions = map[string]func() []any{
	"System":    systemConditions,
	"WeaponDef": weaponConditions,
}

// systemConditions checks a system entry against its kind's row of the
// built-in catalogue: the kinds an entry may name (not automatic ones),
// the rating range or its absence, and the parameters the kind takes
// with their values (R-SYS-01, R-SYS-02, R-SYS-03 and the rules the
// catalogue names for ratings and parameters). Kinds with the same
// checks share one condition, in catalogue order.
func systemConditions() []any {
	cat := BuiltinCatalogue()
	type group struct {
		kinds []any
		rules []string
		then  kw
	}
	var kinds []any
	var groups []*group
	byThen := map[string]*group{}
	for _, k := range cat.Kinds {
		if k.Rating.Mode == RatingAutomatic {
			continue
		}
		kinds = append(kinds, k.Kind)
		props := map[string]any{}
		var required []any
		rules := []string{k.RatingRule}
		switch k.Rating.Mode {
		case RatingRange:
			props["rating"] = kw{"type": "integer", "minimum": k.Rating.Min, "maximum": k.Rating.Max}
			if k.Rating.Min > 0 || k.Rating.Max < 0 {
				required = append(required, "rating")
			}
		default:
			props["rating"] = kw{"const": 0}
		}
		for _, pn := range ParamNames {
			spec := k.Params[pn]
			if spec == nil {
				props[pn] = kw{"const": ""}
				continue
			}
			values := make([]any, 0, len(spec.Values)+1)
			for _, v := range spec.Values {
				values = append(values, v)
			}
			if spec.Required == RequiredAlways {
				required = append(required, pn)
			} else {
				values = append(values, "")
			}
			props[pn] = kw{"enum": values}
			rules = append(rules, spec.Rule)
		}
		then := kw{"properties": props}
		if len(required) > 0 {
			then["required"] = required
		}
		key := fmt.Sprint(props, required) // maps print in key order
		g := byThen[key]
		if g == nil {
			g = &group{then: then}
			byThen[key] = g
			groups = append(groups, g)
		}
		g.kinds = append(g.kinds, k.Kind)
		for _, r := range rules {
			if !slices.Contains(g.rules, r) {
				g.rules = append(g.rules, r)
			}
		}
	}
	out := []any{kw{"$comment": "R-SYS-01 R-SEC-06", "properties": kw{"kind": kw{"enum": kinds}}}}
	for _, g := range groups {
		out = append(out, kw{
			"$comment": strings.Join(append(g.rules, "R-SYS-03"), " "),
			"if":       kw{"properties": kw{"kind": kw{"enum": g.kinds}}, "required": []any{"kind"}},
			"then":     g.then,
		})
	}
	return out
}

// weaponConditions ties indirectTurns and the PO quality to the target
// method (R-WD-05, R-WD-02).
func weaponConditions() []any {
	method := func(m string) kw {
		return kw{"properties": kw{"targetMethod": kw{"const": m}}, "required": []any{"targetMethod"}}
	}
	return []any{
		kw{"$comment": "R-WD-05", "if": method(TargetIndirect),
			"then": kw{"properties": kw{"indirectTurns": kw{"type": "integer", "minimum": 1, "maximum": 5}}, "required": []any{"indirectTurns"}}},
		kw{"$comment": "R-WD-05 R-WD-02", "if": method(TargetDirect),
			"then": kw{"properties": kw{"indirectTurns": kw{"const": 0},
				"qualities": kw{"type": "array", "not": kw{"contains": kw{"const": "PO"}}}}}},
	}
}
