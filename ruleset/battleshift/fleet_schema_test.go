package battleshift_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset/battleshift"
)

const fleetSchemaFile = "../../docs/battleshift-fleet.schema.json"

// TestFleetSchemaFileIsCurrent: docs/battleshift-fleet.schema.json is
// what FleetJSONSchema makes (-update-fleets rewrites it).
func TestFleetSchemaFileIsCurrent(t *testing.T) {
	want := fleetRS.FleetJSONSchema()
	if !json.Valid(want) {
		t.Fatal("the fleet schema is not JSON")
	}
	if *updateFleets {
		if err := os.WriteFile(fleetSchemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := os.ReadFile(fleetSchemaFile); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale (%v): go test ./ruleset/battleshift -run TestFleetSchemaFileIsCurrent -update-fleets", fleetSchemaFile, err)
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
	c := jsonschema.NewCompiler()
	var head struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(classSchema, &head); err != nil || head.ID == "" {
		t.Fatalf("the class schema has no $id (%v)", err)
	}
	for id, b := range map[string][]byte{head.ID: classSchema, battleshift.FleetSchemaID: fleetRS.FleetJSONSchema()} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(id, doc); err != nil {
			t.Fatal(err)
		}
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
