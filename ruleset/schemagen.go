package ruleset

import (
	"reflect"
	"strings"
)

// SchemaRule says how much of one rule a game's JSON Schema checks.
type SchemaRule struct {
	ID string
	// Whole is true when every document that breaks the rule fails the
	// schema.
	Whole bool
	Note  string
}

// SchemaCheck is the JSON Schema form of the checks of one member of a
// document, and the rule a value that breaks them reports (written as the
// member's "$comment").
type SchemaCheck struct {
	Rule     string
	Keywords map[string]any
}

// SchemaGen derives the JSON Schema (2020-12) of a game's document from
// its Go types, so that the schema matches the strict decoder, which
// reads the same types: a struct is an object with exactly its JSON
// members (required unless tagged omitempty or Optional), a slice an
// array or null, a map an object or null, a pointer its element or null.
type SchemaGen struct {
	// Game names the game in the panic for a Go type with no schema.
	Game string
	// Checks are the members' checks by "Type.member", then "*.member"
	// (that member of every type), then, for a pointer member,
	// "Type.*".
	Checks map[string]SchemaCheck
	// Conditions are added to a type's object schema as its allOf, by
	// type name.
	Conditions map[string][]any
	// Optional lists the members, "Type.member", a document may leave out
	// although they are always written.
	Optional map[string]bool
}

// Of returns the schema of Go type t.
func (g SchemaGen) Of(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Int:
		return map[string]any{"type": "integer"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Pointer:
		s := g.Of(t.Elem())
		s["type"] = []any{s["type"], "null"}
		return s
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}, "additionalProperties": g.Of(t.Elem())}
	case reflect.Slice:
		return map[string]any{"type": []any{"array", "null"}, "items": g.Of(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		var required []any
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			fs := g.Of(f.Type)
			c, ok := g.Checks[t.Name()+"."+name]
			if !ok {
				c, ok = g.Checks["*."+name]
			}
			if !ok && f.Type.Kind() == reflect.Pointer {
				c, ok = g.Checks[t.Name()+".*"]
			}
			if ok {
				mergeKeywords(fs, c.Keywords)
				fs["$comment"] = c.Rule
			}
			props[name] = fs
			if !strings.Contains(opts, "omit") && !g.Optional[t.Name()+"."+name] {
				required = append(required, name)
			}
		}
		s := map[string]any{"type": "object", "additionalProperties": false, "properties": props, "required": required}
		if all := g.Conditions[t.Name()]; all != nil {
			s["allOf"] = all
		}
		return s
	}
	panic(g.Game + ": no schema for " + t.String())
}

// mergeKeywords adds keywords k to schema s; nested keyword objects
// (items, additionalProperties) are merged into what s has.
func mergeKeywords(s, k map[string]any) {
	for key, v := range k {
		if sub, ok := v.(map[string]any); ok {
			if have, ok := s[key].(map[string]any); ok {
				mergeKeywords(have, sub)
				continue
			}
		}
		s[key] = v
	}
}
