package stareater

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset"
)

const schemaFile = "../../docs/stareater.schema.json"

// TestSchemaFileIsCurrent keeps docs/stareater.schema.json equal to
// JSONSchema (go test ./ruleset/stareater -run TestSchemaFileIsCurrent
// -update rewrites it).
func TestSchemaFileIsCurrent(t *testing.T) {
	want := rs.JSONSchema()
	if *update {
		if err := os.WriteFile(schemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: go test ./ruleset/stareater -run TestSchemaFileIsCurrent -update", schemaFile)
	}
}

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(rs.JSONSchema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("stareater.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("stareater.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func schemaRule(id string) (listed, whole bool) {
	for _, r := range SchemaRules {
		if r.ID == id {
			return true, r.Whole
		}
	}
	return false, false
}

func schemaAccepts(t *testing.T, s *jsonschema.Schema, b []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst)
}

// TestSchemaAgainstTestdata: the samples and the blank document pass the
// schema; a fixture of a rule the schema checks whole fails it; a fixture
// of a rule it does not check passes it.
func TestSchemaAgainstTestdata(t *testing.T) {
	s := compileSchema(t)
	for _, sample := range rs.Samples() {
		if err := schemaAccepts(t, s, sample.Document); err != nil {
			t.Errorf("%s: a legal sample fails the schema: %v", sample.File, err)
		}
	}
	if err := schemaAccepts(t, s, rs.Form().Blank); err != nil {
		t.Errorf("the blank document fails the schema: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		rule := strings.TrimSuffix(filepath.Base(f), ".json")
		if rule == ruleset.RuleJSONSyntax || rule == ruleset.RuleJSONDuplicate || rule == ruleset.RuleProblemCap {
			continue
		}
		t.Run(rule, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			err = schemaAccepts(t, s, b)
			listed, whole := schemaRule(rule)
			switch {
			case whole && err == nil:
				t.Errorf("breaks %s, which the schema checks, but passes it", rule)
			case !listed && err != nil:
				t.Errorf("breaks only %s, which the schema does not check, but fails it: %v", rule, err)
			}
		})
	}
}
