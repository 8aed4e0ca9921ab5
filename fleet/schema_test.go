package fleet_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/fleet"
)

var update = flag.Bool("update", false, "rewrite docs/fleet.schema.json")

const schemaFile = "../docs/fleet.schema.json"

func TestSchemaFileIsCurrent(t *testing.T) {
	want, err := json.MarshalIndent(fleet.JSONSchema(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile(schemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale (%v): run go test ./fleet -run TestSchemaFileIsCurrent -update", schemaFile, err)
	}
}

func compile(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	for id, file := range map[string]string{"urn:slipway:design:1": "../docs/design.schema.json", "urn:slipway:fleet:1": schemaFile} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(id, doc); err != nil {
			t.Fatal(err)
		}
	}
	s, err := c.Compile("urn:slipway:fleet:1")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSchemaAgainstTestdata: every legal fleet and sample fleet passes
// the schema; the fixtures of rules the schema checks (F-DOC-01's empty
// name) fail it; fixtures of rules it cannot see pass it.
func TestSchemaAgainstTestdata(t *testing.T) {
	s := compile(t)
	files, _ := filepath.Glob("../testdata/fleets/*.json")
	samples, _ := filepath.Glob("../data/fleets/*.json")
	mustFail := map[string]bool{"F-DOC-01": true}
	for _, f := range append(files, samples...) {
		b, _ := os.ReadFile(f)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(filepath.Base(f), ".json")
		err = s.Validate(inst)
		switch {
		case mustFail[base] && err == nil:
			t.Errorf("%s passes the schema", base)
		case !mustFail[base] && base != "F-DOC-02" && err != nil:
			t.Errorf("%s fails the schema: %v", base, err)
		}
	}
}
