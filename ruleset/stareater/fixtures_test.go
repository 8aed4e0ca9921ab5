package stareater

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/rulesettest"
)

var update = flag.Bool("update", false, "rewrite testdata/stareater/invalid from the mutations in fixtures_test.go, and docs/stareater.schema.json")

const invalidDir = "../../testdata/stareater/invalid"

// The fixtures start from a first-game loadout, the 2v2 team sample or
// the example card set, each clean of problems.
const (
	loadoutBase = "lamais-first-game.json"
	teamBase    = "lamais-2v2-team.json"
	setBase     = "example-card-set.json"
)

type mutation struct {
	rule    string
	loadout func(l *Loadout)
	team    func(t *Team)
	set     func(c *CardSet)
	bytes   func(b []byte) []byte
	also    []string
}

func replaceOnce(from, to string) func([]byte) []byte {
	return func(b []byte) []byte {
		if !bytes.Contains(b, []byte(from)) {
			panic("fixture base has no " + from)
		}
		return bytes.Replace(b, []byte(from), []byte(to), 1)
	}
}

func n(v int) *int { return &v }

// mutations has one entry per rule but R-LIM-01 (a 1 MiB fixture;
// TestDecode checks it): each yields its rule alone.
var mutations = []mutation{
	{rule: ruleset.RuleJSONSyntax, bytes: func(b []byte) []byte { return append(b, []byte("{\"schema\": 1}\n")...) }},
	{rule: ruleset.RuleJSONUnknown, bytes: replaceOnce(`"cardSet": "builtin",`, `"cardSet": "builtin",
  "points": 100,`)},
	{rule: ruleset.RuleJSONType, bytes: replaceOnce(`"cardSet": "builtin",`, `"cardSet": 7,`)},
	{rule: ruleset.RuleJSONDuplicate, bytes: replaceOnce(`"cardSet": "builtin",`, `"cardSet": "builtin",
  "cardSet": "builtin",`)},
	{rule: ruleset.RuleDocument, loadout: func(l *Loadout) { l.RulesVersion = 2 }},
	{rule: ruleset.RuleProblemCap, also: []string{RuleSet}, set: func(c *CardSet) {
		for i := range 110 {
			c.Cards = append(c.Cards, Card{Faction: "lamais", Card: "card-" + strconv.Itoa(i), Name: "Card", Slot: SlotMain, Damage: n(100)})
		}
	}},
	{rule: RuleText, loadout: func(l *Loadout) { l.Name = "" }},
	{rule: RuleKind, loadout: func(l *Loadout) { l.Kind = "deck" }},
	{rule: RuleFaction, loadout: func(l *Loadout) { l.Faction = "pirates" }},
	{rule: RuleShip, loadout: func(l *Loadout) { l.Ship = "usf-prosperity" }},
	{rule: RuleSlots, loadout: func(l *Loadout) { l.Ship = "rnc-virgil" }},
	{rule: RuleSlotType, loadout: func(l *Loadout) { l.Components[1].Card = "apollo"; l.Components[2].Card = "helix-cannons" }},
	{rule: RuleSpecial, loadout: func(l *Loadout) {
		l.Components = append(l.Components, Component{Slot: SlotSpecial, Card: "slingshot-system"})
	}},
	{rule: RuleDeck, loadout: func(l *Loadout) { l.Corvettes[3].Card = "riptide" }},
	{rule: RuleCorvettes, loadout: func(l *Loadout) { l.Corvettes = l.Corvettes[:3] }},
	{rule: RuleCopies, loadout: func(l *Loadout) { l.CardSet = "example-card-set"; l.Corvettes[2].Card = "authority" }},
	{rule: RuleSetRef, loadout: func(l *Loadout) { l.CardSet = "My cards!" }},
	{rule: RuleSet, set: func(c *CardSet) { c.Cards[0].Damage = n(100); c.Cards[2].Turns = n(2) }},
	{rule: RuleTeam, team: func(t *Team) {
		t.Loadouts[1] = TeamLoadout{Player: "Player 2", Faction: "fpa", Ship: "widowers-lament",
			Components: []Component{{SlotMain, "leviathan-slug"}, {SlotBroadside, "sparrow-torpedoes"}, {SlotPointDefence, "vulcan"}, {SlotHangar, "maintenance-arm"}},
			Corvettes:  []Corvette{{"riptide"}, {"riptide"}, {"corvian"}, {"corvian"}}}
	}},
	{rule: RuleTeamDeck, team: func(t *Team) {
		t.CardSet = "example-card-set"
		t.Loadouts[1].Corvettes = []Corvette{{"authority"}, {"vanguard"}, {"vanguard"}, {"vanguard"}}
	}},
	{rule: RuleUnread, loadout: func(l *Loadout) { l.CardSet = "abcdefghijklmnop" }},
}

// TestInvalidFixtures checks that each fixture yields its rule alone,
// with a message and a hint, and that the bases yield none.
// go test ./ruleset/stareater -run TestInvalidFixtures -update rewrites them.
func TestInvalidFixtures(t *testing.T) {
	for _, f := range []string{loadoutBase, teamBase, setBase} {
		if ps := problemsOf(sampleBytes(t, f)); len(ps) != 0 {
			t.Fatalf("the fixture base %s is not clean: %v", f, ps)
		}
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
			switch {
			case m.loadout != nil:
				l := decode(t, sampleBytes(t, loadoutBase)).(*Loadout)
				l.Description = "The Lamais first-game loadout, changed to show " + m.rule + "."
				m.loadout(l)
				b = encode(t, l)
			case m.team != nil:
				tm := decode(t, sampleBytes(t, teamBase)).(*Team)
				tm.Description = "The Lamais 2v2 team, changed to show " + m.rule + "."
				m.team(tm)
				b = encode(t, tm)
			case m.set != nil:
				c := decode(t, sampleBytes(t, setBase)).(*CardSet)
				c.Description = "The example card set, changed to show " + m.rule + "."
				m.set(c)
				b = encode(t, c)
			default:
				b = m.bytes(bytes.Clone(sampleBytes(t, loadoutBase)))
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
	for _, r := range rules {
		if r.ID == ruleset.RuleLimitBody {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			m, ok := byRule[r.ID]
			if !ok {
				t.Fatalf("no mutation for %s", r.ID)
			}
			rulesettest.Fixture(t, r, invalidDir, m.also, problemsOf, "./ruleset/stareater", "components[", "cardSet", "pointDefence")
		})
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	if len(files) != len(mutations) {
		t.Errorf("%d fixture files for %d mutations", len(files), len(mutations))
	}
	for _, f := range files {
		if id := strings.TrimSuffix(filepath.Base(f), ".json"); rule(id) == nil {
			t.Errorf("%s: no such rule", f)
		}
	}
}
