// Package rulesettest holds the checks every game's tests run on its
// JSON Schema: that docs/ID.schema.json is the schema the game derives,
// and that the schema agrees with the game's samples, blank document and
// rule fixtures. It is imported by tests only.
package rulesettest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset"
)

// SchemaFileIsCurrent keeps file equal to r's JSONSchema; with update it
// rewrites file first. pkg is the game's package path for the message
// ("./ruleset/d6ship").
func SchemaFileIsCurrent(t *testing.T, r ruleset.Ruleset, file, pkg string, update bool) {
	t.Helper()
	want := r.JSONSchema()
	if update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: go test %s -run TestSchemaFileIsCurrent -update", file, pkg)
	}
}

// CompileSchema compiles r's JSON Schema.
func CompileSchema(t testing.TB, r ruleset.Ruleset) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.JSONSchema()))
	if err != nil {
		t.Fatal(err)
	}
	name := r.Info().ID + ".schema.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// SchemaAccepts validates the JSON document b against s: nil when it
// passes.
func SchemaAccepts(t testing.TB, s *jsonschema.Schema, b []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst)
}

// SchemaAgainstTestdata runs r's samples, its form's blank document and
// the rule fixtures of invalidDir (one file a rule id) through its
// schema: every sample and the blank pass; a fixture of a rule the schema
// checks whole fails it; a fixture of a rule it does not check passes it,
// so the schema asks nothing validation does not. rule says whether the
// schema checks a rule, and whole.
func SchemaAgainstTestdata(t *testing.T, r ruleset.Ruleset, invalidDir string, rule func(id string) (listed, whole bool)) {
	t.Helper()
	s := CompileSchema(t, r)
	for _, sample := range r.Samples() {
		if err := SchemaAccepts(t, s, sample.Document); err != nil {
			t.Errorf("%s: a legal sample fails the schema: %v", sample.File, err)
		}
	}
	if err := SchemaAccepts(t, s, r.Form().Blank); err != nil {
		t.Errorf("the blank document fails the schema: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("no fixtures in %s", invalidDir)
	}
	for _, f := range files {
		id := strings.TrimSuffix(filepath.Base(f), ".json")
		if id == ruleset.RuleJSONSyntax || id == ruleset.RuleJSONDuplicate || id == ruleset.RuleProblemCap {
			continue // not one JSON value, one the parser keeps the last of, or many problems of another rule
		}
		t.Run(id, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			err = SchemaAccepts(t, s, b)
			listed, whole := rule(id)
			switch {
			case whole && err == nil:
				t.Errorf("breaks %s, which the schema checks, but passes it", id)
			case !listed && err != nil:
				t.Errorf("breaks only %s, which the schema does not check, but fails it: %v", id, err)
			}
		})
	}
}
