package designer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const schemaFile = "../docs/design.schema.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("design.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("design.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSchemaFileIsCurrent(t *testing.T) {
	want, err := json.MarshalIndent(JSONSchema(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *updateFixtures {
		if err := os.WriteFile(schemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go test ./designer -run TestSchemaFileIsCurrent -update", schemaFile)
	}
}

func TestSchemaAgainstTestdata(t *testing.T) {
	s := compileSchema(t)
	valid, _ := filepath.Glob("../data/samples/*.json")
	invalid, _ := filepath.Glob(filepath.Join(invalidDir, "R-*.json"))
	if len(valid) < 2 || len(invalid) < 10 {
		t.Fatal("testdata missing")
	}
	// Files that break a construction rule are still structurally sound;
	// only the R-JSON fixtures that parse as JSON are structurally invalid.
	structural := map[string]bool{"R-JSON-02.json": true, "R-JSON-03.json": true}
	unparseable := map[string]bool{"R-JSON-01.json": true, "R-JSON-04.json": true}
	for _, f := range append(valid, invalid...) {
		base := filepath.Base(f)
		if unparseable[base] {
			continue // not one JSON value (trailing data) or duplicate keys: the decoder's job
		}
		t.Run(base, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			err = s.Validate(inst)
			if structural[base] && err == nil {
				t.Fatal("structurally invalid file passes the schema")
			}
			if !structural[base] && err != nil {
				t.Fatalf("structurally valid file fails the schema: %v", err)
			}
			// The decoder agrees with the schema.
			_, derr := DecodeDesign(b)
			isStructural := derr != nil && strings.HasPrefix(derr.(*DecodeError).Rule, "R-JSON")
			if isStructural != structural[base] {
				t.Fatalf("decoder says %v, schema test expects structural=%v", derr, structural[base])
			}
		})
	}
}
