package d6ship

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/rulesettest"
)

var update = flag.Bool("update", false, "rewrite testdata/d6ship/invalid from the mutations in fixtures_test.go, and docs/d6ship.schema.json")

const invalidDir = "../../testdata/d6ship/invalid"

// fixtureBase is the stat block every fixture starts from: the Class V
// frigate, clean of problems.
const fixtureBase = "frigate-class-v.json"

type mutation struct {
	rule  string
	ship  func(s *Ship)
	bytes func(b []byte) []byte
	also  []string
}

func replaceOnce(from, to string) func([]byte) []byte {
	return func(b []byte) []byte {
		if !bytes.Contains(b, []byte(from)) {
			panic("fixture base has no " + from)
		}
		return bytes.Replace(b, []byte(from), []byte(to), 1)
	}
}

// mutations has one entry per rule of shipRules but R-LIM-01 (a 1 MiB
// fixture; TestDecode checks it): each yields its rule alone.
var mutations = []mutation{
	{rule: ruleset.RuleJSONSyntax, bytes: func(b []byte) []byte { return append(b, []byte("{\"schema\": 1}\n")...) }},
	{rule: ruleset.RuleJSONUnknown, bytes: replaceOnce(`"speed": 5,`, `"speed": 5,
  "initiative": 2,`)},
	{rule: ruleset.RuleJSONType, bytes: replaceOnce(`"speed": 5,`, `"speed": "five",`)},
	{rule: ruleset.RuleJSONDuplicate, bytes: replaceOnce(`"speed": 5,`, `"speed": 5,
  "speed": 6,`)},
	{rule: ruleset.RuleDocument, ship: func(s *Ship) { s.RulesVersion = 2 }},
	{rule: ruleset.RuleProblemCap, also: []string{RuleArc}, ship: func(s *Ship) {
		s.Weapons[0].Arcs = []string{"up", "down", "left", "right"}
		for range 100 {
			s.Weapons = append(s.Weapons, Weapon{Name: "Gun", Type: TypeBallistic, Damage: 1, Range: 1, Arcs: []string{"sideways"}})
		}
		s.Weapons = s.Weapons[:MaxWeapons]
	}},
	{rule: RuleText, ship: func(s *Ship) { s.Name = "" }},
	{rule: RuleClass, ship: func(s *Ship) { s.Class = "IIII" }},
	{rule: RuleCrew, ship: func(s *Ship) { s.Crew = "green" }},
	{rule: RuleStat, ship: func(s *Ship) { s.Superstructure = 0 }},
	{rule: RuleSoak, ship: func(s *Ship) { s.Shields.Port = -1 }},
	{rule: RulePD, ship: func(s *Ship) { s.PointDefence = 0 }},
	{rule: RuleFighter, ship: func(s *Ship) { s.Squadrons = 2 }},
	{rule: RuleType, ship: func(s *Ship) { s.Weapons[2].Type = "plasma" }},
	{rule: RuleWeapon, ship: func(s *Ship) { s.Weapons[1].Damage = 0 }},
	{rule: RuleArc, ship: func(s *Ship) { s.Weapons[0].Arcs = []string{"forward", "ventral"} }},
	{rule: RuleBank, ship: func(s *Ship) { s.Weapons[2].Bank = 1 }},
	{rule: RuleOffline, ship: func(s *Ship) { s.CPU = 0 }},
	{rule: RulePDBonus, ship: func(s *Ship) { s.PointDefenceBonus = 0 }},
}

// TestInvalidFixtures checks that each fixture yields its rule alone,
// with a message and a hint, and that the base yields none.
// go test ./ruleset/d6ship -run TestInvalidFixtures -update rewrites them.
func TestInvalidFixtures(t *testing.T) {
	base := sampleBytes(t, fixtureBase)
	if ps := problemsOf(base); len(ps) != 0 {
		t.Fatalf("the fixture base is not clean: %v", ps)
	}
	if *update {
		old, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
		for _, f := range old {
			os.Remove(f)
		}
		if err := os.MkdirAll(invalidDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, m := range mutations {
			var b []byte
			if m.ship != nil {
				s := loadSample(t, fixtureBase)
				s.Description = "The Vigilant Frigate example, changed to show " + m.rule + "."
				m.ship(s)
				b = encode(t, s)
			} else {
				b = m.bytes(bytes.Clone(base))
			}
			if err := os.WriteFile(filepath.Join(invalidDir, m.rule+".json"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	byRule := map[string]mutation{}
	for _, m := range mutations {
		byRule[m.rule] = m
	}
	for _, r := range shipRules {
		if r.ID == ruleset.RuleLimitBody {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			m, ok := byRule[r.ID]
			if !ok {
				t.Fatalf("no mutation for %s", r.ID)
			}
			rulesettest.Fixture(t, r, invalidDir, m.also, problemsOf, "./ruleset/d6ship", "weapons[", "eDefense")
		})
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	if len(files) != len(mutations) {
		t.Errorf("%d fixture files for %d mutations", len(files), len(mutations))
	}
	for _, f := range files {
		if rule := strings.TrimSuffix(filepath.Base(f), ".json"); shipRule(rule) == nil {
			t.Errorf("%s: no such rule", f)
		}
	}
}
