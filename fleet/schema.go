package fleet

import (
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// kw is a JSON Schema object.
type kw = map[string]any

const designSchemaID = "urn:slipway:design:1"

// SchemaRules lists the fleet rules the JSON Schema checks, in part: the
// schema can say what a field holds, not how ships refer to each other,
// what a design costs or what a chain commands.
var SchemaRules = []string{RuleDocument, RuleReferences}

func ref(desc string) kw { return kw{"$ref": "#/$defs/" + desc} }

func idSchema(desc string) kw {
	return kw{"$comment": RuleReferences, "type": "string", "minLength": 1, "maxLength": 32, "description": desc}
}

func die(lo, hi int, desc string) kw {
	var vs []string
	for _, d := range []int{2, 3, 4, 5, 6} {
		if d >= lo && d <= hi {
			vs = append(vs, "D"+string(rune('0'+d)))
		}
	}
	return kw{"$comment": RuleDocument, "type": "string", "enum": vs, "description": desc}
}

// StandaloneJSONSchema returns JSONSchema with the design schema bundled
// in ($defs.Design, whose $id is urn:slipway:design:1), so that it
// stands alone: written to docs/fleet.schema.json (a test keeps the file
// current and compiles it with nothing else).
func StandaloneJSONSchema() map[string]any {
	return ruleset.BundleSchema(JSONSchema(), "Design", designer.JSONSchema())
}

// JSONSchema returns the JSON Schema (2020-12) of the fleet document. An
// embedded design refers to the design schema by its $id,
// urn:slipway:design:1 (docs/design.schema.json, served at
// /api/v1/rulesets/metaverse/schema); StandaloneJSONSchema bundles it in.
func JSONSchema() map[string]any {
	crew := func(desc string) kw {
		return kw{"$comment": RuleDocument, "type": "integer", "minimum": 1, "maximum": 5, "description": desc}
	}
	count := func(lo int, desc string) kw {
		return kw{"$comment": RuleDocument, "type": "integer", "minimum": lo, "maximum": MaxCount, "description": desc}
	}
	shipIDs := kw{"type": "array", "items": idSchema("A ship id.")}
	return kw{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"$id":                  "urn:slipway:fleet:1",
		"title":                "Slipway fleet document, schema 1",
		"description":          "One fleet (rules.md §9, docs/fleets.md): ships referencing design versions or embedding designs, what is bought for them, independent FTL squadrons, the chain of command and a deployment. slipway fleet validate checks F-01 to F-08.",
		"type":                 "object",
		"additionalProperties": false,
		"required":             []string{"name", "limit", "ships"},
		"properties": kw{
			"schema":       kw{"$comment": RuleDocument, "const": Schema, "description": "Fleet format version (default 1)."},
			"ruleset":      kw{"$comment": RuleDocument, "const": "metaverse", "description": "The ruleset (default metaverse)."},
			"rulesVersion": kw{"$comment": RuleDocument, "const": 1, "description": "The rules version (default 1)."},
			"name":         kw{"$comment": RuleDocument, "type": "string", "minLength": 1, "maxLength": 80, "description": "The fleet's name, 1-80 printable characters."},
			"description":  kw{"$comment": RuleDocument, "type": "string", "maxLength": 4000},
			"limit":        ref("Limit"),
			"tierLimit":    kw{"$comment": RuleDocument, "type": "integer", "minimum": 0, "maximum": 3, "description": "Highest tier a design may have, 1-3; 0 or absent: none (F-02)."},
			"model":        kw{"type": "string", "enum": costing.Versions(), "description": "The combat value model the fleet was agreed under; absent: the current model. A pinned fleet is priced with it, and the current model's numbers are shown beside."},
			"ships":        kw{"$comment": RuleDocument, "type": "array", "maxItems": MaxShips, "items": ref("Ship")},
			"squadrons":    kw{"$comment": RuleDocument, "type": "array", "maxItems": MaxSquadronEntries, "items": ref("Squadron")},
			"command":      kw{"type": "array", "items": ref("Command"), "description": "The chain of command: one top command, the flagship's (F-03, F-04)."},
			"deployment":   ref("Deployment"),
		},
		"$defs": kw{
			"Limit": kw{
				"$comment": RuleDocument, "description": "Exactly one of a CV limit (the rulebook's way) or a points limit (F-01).",
				"type": "object", "additionalProperties": false, "minProperties": 1, "maxProperties": 1,
				"properties": kw{"cv": kw{"type": "integer", "minimum": 1}, "points": kw{"type": "integer", "minimum": 1}},
			},
			"Ship": kw{
				"type": "object", "additionalProperties": false, "required": []string{"id"},
				"description": "A ship: a design version of the library (design, version) or an embedded design (document), and what the fleet buys for it.",
				"oneOf": []any{
					kw{"required": []string{"design"}, "properties": kw{"design": true, "document": false}},
					kw{"required": []string{"document"}, "properties": kw{"document": true, "design": false, "version": false}},
				},
				"properties": kw{
					"id":             idSchema("The ship's id in the fleet, unique."),
					"name":           kw{"$comment": RuleDocument, "type": "string", "maxLength": 80, "description": "The ship's own name; the design's is its class."},
					"design":         kw{"type": "string", "minLength": 1, "description": "A library design id."},
					"version":        kw{"$comment": RuleReferences, "type": "integer", "minimum": 1, "description": "The design version fielded; the library pins a missing one to the latest."},
					"document":       kw{"$ref": designSchemaID, "description": "An embedded design document."},
					"crewQuality":    crew("Crew quality bought, 1-5 (absent: the design's)."),
					"commandQuality": die(2, 6, "Command quality bought (absent: the design's)."),
					"damageControl":  die(4, 6, "Damage control bought (absent: the design's)."),
					"loadout": kw{
						"type": "object", "description": "Squadrons chosen for bays the design leaves open: bay id to squadron id to count per bay (F-06).",
						"additionalProperties": kw{"type": "object", "additionalProperties": kw{"$comment": RuleHangars, "type": "integer", "minimum": 0, "maximum": MaxCount}},
					},
					"towedBy": idSchema("The fleet ship that tows this one, which has no FTL drive (F-07)."),
				},
			},
			"Squadron": kw{
				"type": "object", "additionalProperties": false, "required": []string{"id"},
				"description": "FTL-capable squadrons bought without a carrier (rules.md §8): a definition embedded, or a squadron type of a library design version.",
				"oneOf": []any{
					kw{"required": []string{"definition"}, "properties": kw{"definition": true, "design": false, "type": false}},
					kw{"required": []string{"design", "type"}, "properties": kw{"design": true, "type": true, "definition": false}},
				},
				"properties": kw{
					"id":             idSchema("The entry's id in the fleet, unique."),
					"definition":     kw{"$ref": designSchemaID + "#/properties/starfighters/items"},
					"design":         kw{"type": "string", "minLength": 1},
					"version":        kw{"$comment": RuleReferences, "type": "integer", "minimum": 1},
					"type":           kw{"type": "string", "minLength": 1, "description": "A squadron id of the design."},
					"count":          count(1, "How many squadrons (default 1)."),
					"crewQuality":    crew("Crew quality, 1-5 (default 1)."),
					"commandQuality": die(2, 6, "Command quality (default D2)."),
					"assignedTo":     idSchema("A fleet ship with an SoC that takes them at the start (F-06)."),
				},
			},
			"Command": kw{
				"type": "object", "additionalProperties": false, "required": []string{"level", "ship"},
				"description": "A command: the command ship, its level, its own squadron and its sub-commands, one level lower (F-03, F-04).",
				"properties": kw{
					"level":    kw{"$comment": RuleLevels, "enum": MetaverseFacts().Levels},
					"ship":     idSchema("The command ship, which needs a CiC."),
					"ships":    shipIDs,
					"commands": kw{"type": "array", "items": kw{"$ref": "#/$defs/Command"}},
				},
			},
			"Deployment": kw{
				"type": "object", "additionalProperties": false, "required": []string{"encounter", "role", "zones"},
				"description": "Ships placed in the zones of an encounter (F-08).",
				"properties": kw{
					"encounter": kw{"$comment": RuleDeployment, "enum": encounterIDs()},
					"role":      kw{"$comment": RuleDeployment, "enum": []string{RoleAttacker, RoleDefender}},
					"zones":     kw{"type": "object", "additionalProperties": shipIDs},
				},
			},
		},
	}
}

func encounterIDs() []string {
	var out []string
	for _, e := range MetaverseFacts().Encounters {
		out = append(out, e.ID)
	}
	return out
}
