package battleshift

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset"
)

const schemaFile = "../../docs/battleshift.schema.json"

// TestSchemaFileIsCurrent keeps docs/battleshift.schema.json equal to
// JSONSchema (go test ./ruleset/battleshift -run TestSchemaFileIsCurrent
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
		t.Fatalf("%s is stale: go test ./ruleset/battleshift -run TestSchemaFileIsCurrent -update", schemaFile)
	}
}

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(rs.JSONSchema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("battleshift.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("battleshift.schema.json")
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

// TestSchemaAgainstTestdata runs the samples, the form's blank document
// and the fixtures through the schema: every legal class passes; a
// fixture of a rule the schema checks whole fails it; a fixture of a rule
// it does not check (the space, the warnings) passes it, so the schema
// asks nothing validation does not.
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
	for _, f := range files {
		rule := strings.TrimSuffix(filepath.Base(f), ".json")
		if rule == ruleset.RuleJSONSyntax || rule == ruleset.RuleJSONDuplicate || rule == ruleset.RuleProblemCap {
			continue // not one JSON value, one the parser keeps the last of, or many problems of another rule
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

// TestSchemaMatchesValidation checks the schema and validation agree at
// the edges of each rule the schema checks: each document is legal for
// both or illegal for both.
func TestSchemaMatchesValidation(t *testing.T) {
	s := compileSchema(t)
	base := func() *Class { return loadSample(t, fixtureBase) }
	edits := map[string]func(c *Class){
		"size 21": func(c *Class) { c.Size = 21 }, "size 0": func(c *Class) { c.Size = 0 },
		"size 1 light":       func(c *Class) { c.Size = 1; c.Systems = []System{sys("lightBattery", 2)} },
		"size 1 heavy":       func(c *Class) { c.Size = 1; c.Systems = []System{sys("heavyBattery", 1)} },
		"size 1 fast":        func(c *Class) { c.Size = 1; c.Systems = []System{sys("fast", 1, PaySpace)} },
		"size 1 engulfing":   func(c *Class) { c.Size = 1; c.Systems = []System{sys("engulfing", 1, PaySpace)} },
		"super heavy at 2":   func(c *Class) { c.Size = 2; c.Systems = []System{sys("superHeavyBattery", 1)} },
		"super heavy at 3":   func(c *Class) { c.Systems = []System{sys("superHeavyBattery", 1)} },
		"count 999":          func(c *Class) { c.Size = 21; c.Systems = []System{sys("extraSpace", 999)} },
		"count 1000":         func(c *Class) { c.Size = 21; c.Systems = []System{sys("extraSpace", 1000)} },
		"fast once, count 2": func(c *Class) { c.Size = 21; c.Systems = []System{sys("fast", 2, PaySpace)} },
		"fast twice":         func(c *Class) { c.Size = 21; c.Systems = []System{sys("fast", 1, PaySpace), sys("fast", 1, PayCost)} },
		"fast and slow":      func(c *Class) { c.Size = 21; c.Systems = []System{sys("fast", 1, PaySpace), sys("slowDrives", 1)} },
		"weak and flimsy":    func(c *Class) { c.Size = 21; c.Systems = []System{sys("weakShields", 1), sys("flimsyHull", 1)} },
		"pay missing":        func(c *Class) { c.Size = 21; c.Systems = []System{sys("repairSystem", 1)} },
		"pay on a battery":   func(c *Class) { c.Systems[0].Pay = PaySpace },
		"bionid": func(c *Class) {
			c.Faction = "bionid"
			c.Systems = append(c.Systems, sys("noShields", 1), sys("hardenedHull", 1))
		},
		"bionid half":       func(c *Class) { c.Faction = "bionid"; c.Systems = append(c.Systems, sys("noShields", 1)) },
		"raishek":           func(c *Class) { c.Faction = "raishek"; c.Systems = append(c.Systems, sys("reinforcedHull", 1)) },
		"no systems":        func(c *Class) { c.Systems = []System{} },
		"null systems":      func(c *Class) { c.Systems = nil },
		"blank name":        func(c *Class) { c.Name = "   " },
		"control character": func(c *Class) { c.Universe = "a\u0007b" },
		"description lines": func(c *Class) { c.Description = "one\ntwo\tthree" },
	}
	for name, edit := range edits {
		t.Run(name, func(t *testing.T) {
			c := base()
			edit(c)
			b := encode(t, c)
			ps := problemsOf(b)
			var schemaRules []string
			for _, p := range ps {
				if listed, _ := schemaRule(p.Rule); listed && p.Severity == ruleset.Error {
					schemaRules = append(schemaRules, p.Rule)
				}
			}
			err := schemaAccepts(t, s, b)
			if (err == nil) != (len(schemaRules) == 0) {
				t.Errorf("schema says %v; validation says %v", err, ps)
			}
		})
	}
}
