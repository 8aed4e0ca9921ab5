package fleet_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
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
	want, err := json.MarshalIndent(fleet.StandaloneJSONSchema(), "", "  ")
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

// compile compiles docs/fleet.schema.json alone: the design schema its
// embedded designs refer to is bundled in it, and the compiler may load
// nothing else (no file, no network).
func compile(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	b, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("urn:slipway:fleet:1", doc); err != nil {
		t.Fatal(err)
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

// noLoader refuses every schema the compiler would load.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("the fleet schema must stand alone, yet it refers to %s", url)
}

// TestSchemaChecksEmbeddedDesigns: the bundled design schema is the one
// an embedded design is checked against, in full (a tech level out of
// range fails), and a squadron definition against its part.
func TestSchemaChecksEmbeddedDesigns(t *testing.T) {
	s := compile(t)
	b, err := os.ReadFile("../testdata/fleets/carrier-task-force.json")
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, edit func(f map[string]any)) {
		t.Helper()
		var f map[string]any
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatal(err)
		}
		edit(f)
		nb, _ := json.Marshal(f)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(nb))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(inst); err == nil {
			t.Errorf("%s passes the schema", what)
		}
	}
	embedded := 0
	check("a design with tech level 99", func(f map[string]any) {
		for _, sh := range f["ships"].([]any) {
			if d, ok := sh.(map[string]any)["document"].(map[string]any); ok {
				d["techLevel"] = 99
				embedded++
			}
		}
	})
	if embedded == 0 {
		t.Fatal("the fixture embeds no design")
	}
	check("a squadron definition with an unknown member", func(f map[string]any) {
		f["squadrons"] = []any{map[string]any{"id": "x", "definition": map[string]any{"no such member": 1}}}
	})
}
