package battleshift

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/rulesettest"
)

const schemaFile = "../../docs/battleshift.schema.json"

// TestSchemaFileIsCurrent keeps docs/battleshift.schema.json equal to
// JSONSchema (go test ./ruleset/battleshift -run TestSchemaFileIsCurrent
// -update rewrites it).
func TestSchemaFileIsCurrent(t *testing.T) {
	rulesettest.SchemaFileIsCurrent(t, rs, schemaFile, "./ruleset/battleshift", *update)
}

func compileSchema(t *testing.T) *jsonschema.Schema { return rulesettest.CompileSchema(t, rs) }

func schemaRule(id string) (listed, whole bool) {
	for _, r := range SchemaRules {
		if r.ID == id {
			return true, r.Whole
		}
	}
	return false, false
}

func schemaAccepts(t *testing.T, s *jsonschema.Schema, b []byte) error {
	return rulesettest.SchemaAccepts(t, s, b)
}

// TestSchemaAgainstTestdata runs the samples, the form's blank document
// and the fixtures through the schema: every legal class passes; a
// fixture of a rule the schema checks whole fails it; a fixture of a rule
// it does not check (the space, the warnings) passes it, so the schema
// asks nothing validation does not.
func TestSchemaAgainstTestdata(t *testing.T) {
	rulesettest.SchemaAgainstTestdata(t, rs, invalidDir, schemaRule)
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
