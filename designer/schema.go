package designer

import (
	"reflect"
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

// JSONSchema returns the JSON Schema (2020-12) of the design document,
// derived from the Go types so that it always matches the strict decoder:
// the same fields, the same JSON types, nothing else allowed. Value ranges
// are construction rules, checked by Validate, not by the schema.
func JSONSchema() map[string]any {
	s := schemaOf(reflect.TypeOf(Design{}))
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = "urn:slipway:design:1"
	s["title"] = "Slipway design document, schema 1"
	s["description"] = "One starship design (rules.md §2). Structure only: the construction rules (R-*) are checked by slipway validate."
	return s
}

func schemaOf(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		s := schemaOf(t.Elem())
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
		return map[string]any{"type": []any{"array", "null"}, "items": schemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}, "additionalProperties": schemaOf(t.Elem())}
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
			fs := schemaOf(f.Type)
			if doc := fieldDocs[name]; doc != "" && t == reflect.TypeOf(Design{}) {
				fs["description"] = doc
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
		return s
	}
	return map[string]any{}
}
