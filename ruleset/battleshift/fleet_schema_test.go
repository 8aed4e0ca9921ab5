package battleshift_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset/battleshift"
)

const fleetSchemaFile = "../../docs/battleshift-fleet.schema.json"

// TestFleetSchemaFileIsCurrent: docs/battleshift-fleet.schema.json is
// what FleetJSONSchema makes (-update rewrites it).
func TestFleetSchemaFileIsCurrent(t *testing.T) {
	want := fleetRS.FleetJSONSchema()
	if !json.Valid(want) {
		t.Fatal("the fleet schema is not JSON")
	}
	if fleetUpdate() {
		if err := os.WriteFile(fleetSchemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := os.ReadFile(fleetSchemaFile); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale (%v): go test ./ruleset/battleshift -run TestFleetSchemaFileIsCurrent -update", fleetSchemaFile, err)
	}
}

// TestFleetSchemaRules: the rules the schema's $comments name are
// FleetSchemaRules, each a fleet rule (the class schema bundled in,
// $defs.ClassDocument, names class rules: the class schema's tests check
// those).
func TestFleetSchemaRules(t *testing.T) {
	var walk func(v any)
	named := map[string]bool{}
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if c, ok := v["$comment"].(string); ok {
				for _, r := range strings.Split(c, ", ") {
					named[r] = true
				}
			}
			for _, w := range v {
				walk(w)
			}
		case []any:
			for _, w := range v {
				walk(w)
			}
		}
	}
	var schema any
	if err := json.Unmarshal(fleetRS.FleetJSONSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	delete(schema.(map[string]any)["$defs"].(map[string]any), "ClassDocument")
	walk(schema)
	ids := map[string]bool{}
	for _, r := range fleetRS.FleetRules() {
		ids[r.ID] = true
	}
	for r := range named {
		if !ids[r] || !slices.Contains(battleshift.FleetSchemaRules, r) {
			t.Errorf("the schema names %s, which is not in FleetSchemaRules or not a fleet rule", r)
		}
	}
	for _, r := range battleshift.FleetSchemaRules {
		if !named[r] {
			t.Errorf("FleetSchemaRules has %s, which the schema does not name", r)
		}
	}
}

// TestFleetSchemaAgainstFixtures: the vanguard and the fixtures of rules
// the schema cannot see pass it; the two document fixtures (an empty
// name, a library reference) fail it.
func TestFleetSchemaAgainstFixtures(t *testing.T) {
	classSchema := fleetRS.JSONSchema()
	if len(classSchema) == 0 {
		t.Skip("the class schema is not written yet")
	}
	// The fleet schema alone: the class schema is bundled in it, and the
	// compiler may load nothing else.
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(fleetRS.FleetJSONSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource(battleshift.FleetSchemaID, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(battleshift.FleetSchemaID)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(fleetDir + "*.json")
	mustFail := map[string]bool{"BS-FDOC-01": true, "BS-FDOC-02": true}
	for _, f := range files {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(readFleet(t, filepath.Base(f))))
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(filepath.Base(f), ".json")
		switch err := s.Validate(inst); {
		case mustFail[base] && err == nil:
			t.Errorf("%s passes the schema", base)
		case !mustFail[base] && err != nil:
			t.Errorf("%s fails the schema: %v", base, err)
		}
	}
}

// noLoader refuses every schema the compiler would load.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("the fleet schema must stand alone, yet it refers to %s", url)
}
