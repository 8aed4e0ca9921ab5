package battleshift

import (
	"encoding/json"
	"strconv"

	"github.com/slipway/slipway/ruleset"
)

// FleetSchemaID is the $id of the fleet document's JSON Schema.
const FleetSchemaID = "urn:slipway:battleshift:fleet:1"

// classSchemaID is the $id an embedded class document refers to when the
// class schema names none.
const classSchemaID = "urn:slipway:battleshift:class:1"

// Patterns of the fleet's text checks: printable characters are Unicode
// letters, marks, numbers, punctuation, symbols and the ASCII space, as
// unicode.IsPrint has them; a description may also hold line breaks and
// tabs; a required text is not blank.
const (
	fleetPrintable   = `\p{L}\p{M}\p{N}\p{P}\p{S}`
	fleetPatternText = `^[` + fleetPrintable + ` ]*$`
	fleetPatternName = `^[` + fleetPrintable + ` ]*[` + fleetPrintable + `][` + fleetPrintable + ` ]*$`
	fleetPatternDesc = `^[` + fleetPrintable + ` \n\t]*$`
)

// FleetSchemaRules lists the fleet rules the JSON Schema checks, in
// part: what a field holds, not what a squadron sums to or whether a
// reference resolves.
var FleetSchemaRules = []string{FleetRuleDocument, FleetRuleReferences, FleetRuleShips, FleetRuleSquadrons, FleetRuleOneTaskForce}

// FleetJSONSchema returns the JSON Schema (2020-12) of the fleet
// document, written to docs/battleshift-fleet.schema.json (a test keeps
// the file current). An embedded class document refers to the class
// schema by its $id, and the class schema is bundled in
// ($defs.ClassDocument), so the fleet schema stands alone.
func (r *Ruleset) FleetJSONSchema() []byte {
	s := r.fleetSchema()
	var class map[string]any
	if b := r.JSONSchema(); len(b) > 0 && json.Unmarshal(b, &class) == nil {
		s = ruleset.BundleSchema(s, "ClassDocument", class)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // the schema is made of maps, strings and numbers
	}
	return append(b, '\n')
}

// classSchemaRef is the $id of the class schema, which the fleet schema
// refers to.
func (r *Ruleset) classSchemaRef() string {
	var s struct {
		ID string `json:"$id"`
	}
	if b := r.JSONSchema(); len(b) > 0 && json.Unmarshal(b, &s) == nil && s.ID != "" {
		return s.ID
	}
	return classSchemaID
}

type fleetKW = map[string]any

func (r *Ruleset) fleetSchema() fleetKW {
	text := func(rule string, lo, hi int, pattern, desc string) fleetKW {
		k := fleetKW{"$comment": rule, "type": "string", "maxLength": hi, "pattern": pattern, "description": desc}
		if lo > 0 {
			k["minLength"] = lo
		}
		return k
	}
	id := func(desc string) fleetKW {
		return text(FleetRuleReferences, 1, 32, fleetPatternName, desc)
	}
	ref := func(name string) fleetKW { return fleetKW{"$ref": "#/$defs/" + name} }
	list := func(items fleetKW, desc string) fleetKW {
		return fleetKW{"$comment": FleetRuleDocument, "type": "array", "maxItems": MaxFleetShips, "items": items, "description": desc}
	}
	maxShips, maxUnits := r.Catalogue().Squadron.MaxShips, r.Catalogue().Squadron.MaxSizeUnits
	return fleetKW{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"$id":                  FleetSchemaID,
		"title":                "Slipway Battleshift fleet document, schema 1",
		"description":          "One Battleshift fleet (docs/battleshift.md, Fleet rules): its ship classes embedded whole, squadrons of those classes, task forces of squadrons, a points limit and the players' options. slipway fleet validate checks BS-FDOC-01 to BS-FL-02 and each class's own rules.",
		"type":                 "object",
		"additionalProperties": false,
		"required":             []string{"schema", "ruleset", "rulesVersion", "name", "pointsLimit", "classes", "squadrons"},
		"properties": fleetKW{
			"schema":       fleetKW{"$comment": FleetRuleDocument, "const": 1, "description": "Document format version."},
			"ruleset":      fleetKW{"$comment": FleetRuleDocument, "const": ID, "description": "The ruleset."},
			"rulesVersion": fleetKW{"$comment": FleetRuleDocument, "const": RulesVersion, "description": "The rules version."},
			"name":         text(FleetRuleDocument, 1, 80, fleetPatternName, "The fleet's name, 1-80 printable characters."),
			"description":  text(FleetRuleDocument, 0, 4000, fleetPatternDesc, "Free text, at most 4,000 characters."),
			"pointsLimit":  fleetKW{"$comment": FleetRuleDocument, "type": "integer", "minimum": 1, "description": "The points total the players agreed; the fleet's cost must be within it (BS-FL-01)."},
			"maxSquadronsPerTaskForce": fleetKW{"$comment": FleetRuleDocument, "type": "integer", "minimum": 1, "maximum": MaxSquadronsPerTaskForce, "default": DefaultSquadronsPerTaskForce,
				"description": "The most squadrons a task force may have, 1-5 (default 3; BS-TF-01)."},
			"mixedSquadrons": fleetKW{"type": "boolean", "default": false, "description": "Allow squadrons of more than one class, the experimental rules of lines 804-970 (BS-SQ-02)."},
			"experimental":   fleetKW{"type": "boolean", "default": false, "description": "Allow classes with experimental systems (BS-FL-02)."},
			"classes":        list(ref("Class"), "The ship classes the fleet fields."),
			"squadrons":      list(ref("Squadron"), "The squadrons, in roster order."),
			"taskForces":     list(ref("TaskForce"), "The task forces; a squadron in none is detached (BS-TF-04)."),
		},
		"$defs": fleetKW{
			"Class": fleetKW{
				"type": "object", "additionalProperties": false, "required": []string{"id", "document"},
				"description": "A ship class of the fleet, its document embedded whole (library references are not accepted yet: BS-FDOC-02).",
				"properties": fleetKW{
					"id":       id("The class's id in the fleet, unique among its classes."),
					"document": fleetKW{"$ref": r.classSchemaRef(), "description": "The class document, as slipway validate reads it."},
				},
			},
			"Squadron": fleetKW{
				"type": "object", "additionalProperties": false, "required": []string{"id", "ships"},
				"description": "A squadron: 1-7 ships of one class (several with mixedSquadrons) and at most 21 size units (BS-SQ-01 to BS-SQ-03).",
				"properties": fleetKW{
					"id":   id("The squadron's id in the fleet, unique among its squadrons."),
					"name": text(FleetRuleDocument, 0, 80, fleetPatternText, "A name for the roster, at most 80 characters."),
					"ships": fleetKW{"$comment": FleetRuleShips, "type": "array", "minItems": 1, "maxItems": maxShips, "items": ref("Ships"),
						"description": "The squadron's ships, so many of a class per entry: " + strconv.Itoa(maxShips) + " ships and " + strconv.Itoa(maxUnits) + " size units at most in all."},
				},
			},
			"Ships": fleetKW{
				"type": "object", "additionalProperties": false, "required": []string{"class"},
				"properties": fleetKW{
					"class": id("The id of one of the fleet's classes."),
					"count": fleetKW{"$comment": FleetRuleDocument, "type": "integer", "minimum": 1, "maximum": MaxFleetCount, "default": 1, "description": "How many ships of the class (default 1)."},
				},
			},
			"TaskForce": fleetKW{
				"type": "object", "additionalProperties": false, "required": []string{"id", "name", "squadrons", "flagship"},
				"description": "A task force: 1 to maxSquadronsPerTaskForce squadrons, one of them carrying the flagship, one of its largest ships (BS-TF-01 to BS-TF-03).",
				"properties": fleetKW{
					"id":   id("The task force's id in the fleet, unique among its task forces."),
					"name": text(FleetRuleDocument, 1, 80, fleetPatternName, "The name its activation order is written with, 1-80 printable characters."),
					"squadrons": fleetKW{"$comment": FleetRuleSquadrons + ", " + FleetRuleOneTaskForce, "type": "array", "minItems": 1, "maxItems": MaxSquadronsPerTaskForce, "uniqueItems": true,
						"items": id("A squadron id."), "description": "Its squadrons' ids, each in one task force only (BS-TF-03)."},
					"flagship": id("The id of the squadron, one of its own, that carries the flagship."),
				},
			},
		},
	}
}
