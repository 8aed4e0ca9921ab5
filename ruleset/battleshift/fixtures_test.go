package battleshift

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

var update = flag.Bool("update", false, "rewrite testdata/battleshift/invalid from the mutations in fixtures_test.go, and docs/battleshift.schema.json")

const invalidDir = "../../testdata/battleshift/invalid"

// fixtureBase is the sample every fixture starts from: the Fleet Cruiser
// (size 3, 2 heavy batteries, 1 light battery, 1 interceptor: 6 of 6
// space units, cost 30).
const fixtureBase = "generic-fleet-cruiser.json"

// mutation turns the Fleet Cruiser into a class that breaks one rule.
type mutation struct {
	rule string
	// class edits the decoded cruiser; bytes edits the encoded document
	// (for rules about the JSON itself). One of them is set.
	class func(c *Class)
	bytes func(b []byte) []byte
	// also lists the warnings that necessarily come with the rule.
	also []string
}

func replaceOnce(from, to string) func([]byte) []byte {
	return func(b []byte) []byte {
		if !bytes.Contains(b, []byte(from)) {
			panic("fixture base has no " + from)
		}
		return bytes.Replace(b, []byte(from), []byte(to), 1)
	}
}

// mutations has one entry per rule of classRules but R-LIM-01 (a 1 MiB
// fixture; TestDecodeStrict checks it): the errors yield their rule
// alone, the warnings theirs.
var mutations = []mutation{
	{rule: ruleset.RuleJSONSyntax, bytes: func(b []byte) []byte { return append(b, []byte("{\"schema\": 1}\n")...) }},
	{rule: ruleset.RuleJSONUnknown, bytes: replaceOnce(`"size": 3,`, `"size": 3,
  "hull": 5,`)},
	{rule: ruleset.RuleJSONType, bytes: replaceOnce(`"size": 3,`, `"size": "three",`)},
	{rule: ruleset.RuleJSONDuplicate, bytes: replaceOnce(`"size": 3,`, `"size": 3,
  "size": 4,`)},
	{rule: ruleset.RuleDocument, class: func(c *Class) { c.RulesVersion = 2 }},
	{rule: ruleset.RuleProblemCap, also: []string{RuleCounts}, class: func(c *Class) {
		// 101 entries of count 0: a BS-DOC-04 for each of the 100 checked
		// and one for the entries past 100, of which the first 100 listed.
		c.Systems = nil
		for range 101 {
			c.Systems = append(c.Systems, sys("lightBattery", 0))
		}
	}},
	{rule: RuleText, class: func(c *Class) { c.Name = "" }},
	{rule: RuleSize, class: func(c *Class) { c.Size = 22 }},
	{rule: RuleFaction, class: func(c *Class) { c.Faction = "delari" }},
	{rule: RuleCounts, class: func(c *Class) { c.Systems[2].Count = 0 }},
	{rule: RuleKind, class: func(c *Class) { c.Systems = append(c.Systems, sys("tractorBeam", 1)) }},
	{rule: RuleOnce, class: func(c *Class) { c.Systems = append(c.Systems, sys("reinforcedHull", 1), sys("reinforcedHull", 1)) }},
	{rule: RuleNotTogether, class: func(c *Class) {
		c.Systems = append(c.Systems, sys("fast", 1, PaySpace), sys("slowDrives", 1))
	}},
	{rule: RulePay, class: func(c *Class) { c.Systems[2].Pay = PayCost }},
	{rule: RuleDestroyer, class: func(c *Class) {
		c.Size = 1
		c.Systems = []System{sys("missileLauncher", 1), sys("interceptor", 1)}
	}},
	{rule: RuleMinSize, also: []string{RuleExperiment}, class: func(c *Class) {
		c.Size = 2
		c.Systems = []System{sys("superHeavyBattery", 1), sys("interceptor", 1)}
	}},
	{rule: RuleBuiltIn, class: func(c *Class) {
		c.Size = 1
		c.Systems = []System{sys("lightBattery", 1), sys("interceptor", 1), sys("fast", 1, PayCost)}
	}},
	{rule: RuleSpace, class: func(c *Class) { c.Systems = append(c.Systems, sys("heavyBattery", 1)) }},
	{rule: RuleSpaceAdvice, class: func(c *Class) {
		c.Systems[1] = sys("extraShield", 1, PayCost)
	}},
	{rule: RuleFactionKind, class: func(c *Class) { c.Faction = "bionid" }},
	{rule: RuleExperiment, class: func(c *Class) { c.Systems[1] = sys("ionBeam", 1) }},
}

// TestInvalidFixtures checks that each fixture yields its rule alone
// (with the warnings its mutation lists), with a message and a hint.
// go test ./ruleset/battleshift -run TestInvalidFixtures -update rewrites
// them.
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
			if m.class != nil {
				c := loadSample(t, fixtureBase)
				c.Description = "The Fleet Cruiser sample, changed to show " + m.rule + "."
				m.class(c)
				b = encode(t, c)
			} else {
				b = m.bytes(bytes.Clone(encode(t, loadSample(t, fixtureBase))))
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
	for _, r := range classRules {
		if r.ID == ruleset.RuleLimitBody {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			m, ok := byRule[r.ID]
			if !ok {
				t.Fatalf("no mutation for %s", r.ID)
			}
			rulesettest.Fixture(t, r, invalidDir, m.also, problemsOf, "./ruleset/battleshift")
		})
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	if len(files) != len(mutations) {
		t.Errorf("%d fixture files for %d mutations", len(files), len(mutations))
	}
	for _, f := range files {
		if rule := strings.TrimSuffix(filepath.Base(f), ".json"); classRule(rule) == nil {
			t.Errorf("%s: no such rule", f)
		}
	}
}
