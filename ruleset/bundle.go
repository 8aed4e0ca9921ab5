package ruleset

// BundleSchema returns the JSON Schema s with the schema embedded bundled
// in s's $defs under name, so that s stands alone: s refers to embedded
// by embedded's $id (as "$ref": "urn:slipway:design:1"), and a JSON
// Schema 2020-12 validator resolves that $id to the bundled copy, an
// embedded schema resource (JSON Schema 2020-12 core, section 9.3,
// compound documents), without fetching or being given anything else.
// The bundled copy keeps its $id and drops its $schema (the dialect is
// s's). Neither argument is changed. It panics when s's $defs already
// has name: the schemas are the program's own, and a clash is a bug.
func BundleSchema(s map[string]any, name string, embedded map[string]any) map[string]any {
	out := make(map[string]any, len(s)+1)
	for k, v := range s {
		out[k] = v
	}
	defs := map[string]any{}
	if d, ok := s["$defs"].(map[string]any); ok {
		for k, v := range d {
			defs[k] = v
		}
	}
	if _, clash := defs[name]; clash {
		panic("ruleset.BundleSchema: the schema already defines $defs." + name)
	}
	e := make(map[string]any, len(embedded))
	for k, v := range embedded {
		if k != "$schema" {
			e[k] = v
		}
	}
	defs[name] = e
	out["$defs"] = defs
	return out
}
