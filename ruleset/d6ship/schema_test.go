package d6ship

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/rulesettest"
)

const schemaFile = "../../docs/d6ship.schema.json"

// TestSchemaFileIsCurrent keeps docs/d6ship.schema.json equal to
// JSONSchema (go test ./ruleset/d6ship -run TestSchemaFileIsCurrent
// -update rewrites it).
func TestSchemaFileIsCurrent(t *testing.T) {
	rulesettest.SchemaFileIsCurrent(t, rs, schemaFile, "./ruleset/d6ship", *update)
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

// TestSchemaAgainstTestdata: the samples and the blank document pass the
// schema; a fixture of a rule the schema checks fails it; a fixture of a
// warning passes it.
func TestSchemaAgainstTestdata(t *testing.T) {
	rulesettest.SchemaAgainstTestdata(t, rs, invalidDir, schemaRule)
}

// TestSchemaMatchesValidation: at the edges of each rule, schema and
// validation agree on legal or illegal.
func TestSchemaMatchesValidation(t *testing.T) {
	s := compileSchema(t)
	edits := map[string]func(s *Ship){
		"class XXX": func(s *Ship) { s.Class = "XXX" }, "class XXXI": func(s *Ship) { s.Class = "XXXI" },
		"class iv": func(s *Ship) { s.Class = "iv" }, "class 4": func(s *Ship) { s.Class = "4" }, "class empty": func(s *Ship) { s.Class = "" },
		"crew elite": func(s *Ship) { s.Crew = "elite" }, "crew Elite": func(s *Ship) { s.Crew = "Elite" },
		"speed 999": func(s *Ship) { s.Speed = 999 }, "speed 1000": func(s *Ship) { s.Speed = 1000 }, "speed -1": func(s *Ship) { s.Speed = -1 },
		"ss 1": func(s *Ship) { s.Superstructure = 1 }, "ss 0": func(s *Ship) { s.Superstructure = 0 },
		"aft soak 999": func(s *Ship) { s.Shields.Aft = 999 }, "aft soak 1000": func(s *Ship) { s.Shields.Aft = 1000 },
		"no pd":          func(s *Ship) { s.PointDefence, s.PointDefenceBonus = 0, 0 },
		"bonus, no aura": func(s *Ship) { s.PointDefence = 0 },
		"squadrons":      func(s *Ship) { s.Squadrons, s.Fighters = 2, 6 },
		"squadrons only": func(s *Ship) { s.Squadrons = 2 },
		"fighters only":  func(s *Ship) { s.Fighters = 6 },
		"bank 2":         func(s *Ship) { s.Weapons[2].Bank = 2 }, "bank 1": func(s *Ship) { s.Weapons[2].Bank = 1 },
		"bank 99": func(s *Ship) { s.Weapons[2].Bank = 99 }, "bank 100": func(s *Ship) { s.Weapons[2].Bank = 100 },
		"four arcs":         func(s *Ship) { s.Weapons[0].Arcs = []string{"forward", "port", "starboard", "aft"} },
		"arc twice":         func(s *Ship) { s.Weapons[0].Arcs = []string{"forward", "forward"} },
		"no arcs":           func(s *Ship) { s.Weapons[0].Arcs = []string{} },
		"null arcs":         func(s *Ship) { s.Weapons[0].Arcs = nil },
		"bad arc":           func(s *Ship) { s.Weapons[0].Arcs = []string{"Forward"} },
		"damage 99":         func(s *Ship) { s.Weapons[0].Damage = 99 },
		"damage 100":        func(s *Ship) { s.Weapons[0].Damage = 100 },
		"range 0":           func(s *Ship) { s.Weapons[0].Range = 0 },
		"type torpedo":      func(s *Ship) { s.Weapons[0].Type = "torpedo" },
		"no weapons":        func(s *Ship) { s.Weapons = nil },
		"weapon name blank": func(s *Ship) { s.Weapons[0].Name = "  " },
		"cpu 0":             func(s *Ship) { s.CPU = 0 },
	}
	for name, edit := range edits {
		t.Run(name, func(t *testing.T) {
			sh := loadSample(t, fixtureBase)
			edit(sh)
			b := encode(t, sh)
			ps := problemsOf(b)
			var errs []string
			for _, p := range ps {
				if listed, _ := schemaRule(p.Rule); listed && p.Severity == ruleset.Error {
					errs = append(errs, p.Rule)
				}
			}
			err := schemaAccepts(t, s, b)
			if (err == nil) != (len(errs) == 0) {
				t.Errorf("schema says %v; validation says %v", err, ps)
			}
		})
	}
}
