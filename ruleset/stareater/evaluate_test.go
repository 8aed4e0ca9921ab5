package stareater

import (
	"slices"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestFirstGameLoadouts: the rule book's three recommended loadouts, one
// per faction, are legal with every number unknown.
func TestFirstGameLoadouts(t *testing.T) {
	for file, ship := range map[string]string{"lamais-first-game.json": "RNC Gilgamesh", "fpa-first-game.json": "Widowers Lament", "uniset-first-game.json": "USF Prosperity"} {
		res := evaluate(t, sampleBytes(t, file))
		if !res.Legal || res.Ship != ship || res.TotalArmour != nil || res.Evasion != nil || res.DamagePerCooldown != nil || res.UnknownNumbers == 0 {
			t.Errorf("%s: %+v", file, res)
		}
		if l := res.Loadouts[0]; len(l.Components) != 4 || len(l.Corvettes) != 4 || l.Corvettes[3].CallSign != 4 {
			t.Errorf("%s: %+v", file, l)
		}
	}
}

// TestCardSetMakesNumbersKnown: the example card set bound to the Lamais
// loadout gives its descriptive numbers: total armour 4+3+3+3+3+2 = 18,
// structure 6, evasion 1, damage per cooldown 4/2 + 2/1 = 4.
func TestCardSetMakesNumbersKnown(t *testing.T) {
	l := decode(t, sampleBytes(t, loadoutBase)).(*Loadout)
	l.CardSet = "example-card-set"
	res := evaluate(t, encode(t, l))
	if !res.Legal || res.CardSet != "Example card set (made-up numbers)" {
		t.Fatalf("%v %v", res.CardSet, res.Problems)
	}
	if ShowInt(res.TotalArmour) != "18" || ShowInt(res.Structure) != "6" || ShowInt(res.Evasion) != "1" || ShowFloat(res.DamagePerCooldown) != "4" {
		t.Errorf("armour %s structure %s evasion %s dpc %s", ShowInt(res.TotalArmour), ShowInt(res.Structure), ShowInt(res.Evasion), ShowFloat(res.DamagePerCooldown))
	}
	if res.UnknownNumbers != 0 {
		t.Errorf("%d numbers unknown: %+v", res.UnknownNumbers, res.Loadouts[0])
	}
	if n := res.Explanation.Find("totalArmour"); n == nil || n.Value != 18 {
		t.Errorf("explanation: %v", res.Explanation.Text())
	}
	// Unbound (no library), the same loadout warns and knows nothing.
	l.CardSet = "abcdefghijklmnop"
	d := decode(t, encode(t, l))
	ev, _ := rs.Evaluate(d, nil)
	if r := ev.(*Result); !r.Legal || r.TotalArmour != nil || !slices.Equal(r.Problems.Rules(), []string{RuleUnread}) {
		t.Errorf("unbound: %v", r.Problems)
	}
	// Bound with nothing readable, it is SE-SET-01.
	ev, _ = rs.Evaluate(rs.Bind(d, nil), nil)
	if r := ev.(*Result); r.Legal || !slices.Equal(r.Problems.Rules(), []string{RuleSetRef}) {
		t.Errorf("missing: %v", r.Problems)
	}
	mustContain(t, ev.(*Result).Problems[0].Message, "no card set ‘abcdefghijklmnop’ that you may read")
	// Bound to a loadout or a team the reader may read, it is SE-SET-01
	// saying what the document is, not that it is missing; CheckUse says
	// the same to the command line, and nothing of a card set.
	set := decode(t, sampleBytes(t, "example-card-set.json"))
	for _, c := range []struct {
		file, kind string
	}{{loadoutBase, "loadout"}, {"lamais-2v2-team.json", "2v2 team"}} {
		other := decode(t, sampleBytes(t, c.file))
		ev, _ = rs.Evaluate(rs.Bind(d, map[string]ruleset.Design{"abcdefghijklmnop": other}), nil)
		r := ev.(*Result)
		if r.Legal || !slices.Equal(r.Problems.Rules(), []string{RuleSetRef}) {
			t.Fatalf("bound to a %s: %v", c.kind, r.Problems)
		}
		mustContain(t, r.Problems[0].Message, "‘abcdefghijklmnop’ is a "+c.kind+", not a card set")
		mustContain(t, r.Problems[0].Hint, `name a card set, the document of kind "cardSet"`)
		use := rs.Uses(d)[0]
		err := rs.CheckUse(d, use, other)
		if err == nil || err.Error() != "is a "+c.kind+`, not a card set: the loadout's "cardSet" names a card set, the document of kind "cardSet" that lists your cards' numbers` {
			t.Errorf("CheckUse of a %s: %v", c.kind, err)
		}
	}
	if err := rs.CheckUse(d, rs.Uses(d)[0], set); err != nil {
		t.Errorf("CheckUse of a card set: %v", err)
	}
}

// TestTeamCopies: a 2v2 team within the shared deck's copies is legal; one
// whose loadouts together need a third Authority (the example deck holds
// two, and six Vanguards) fails SE-COPY-02 although each loadout alone fits.
func TestTeamCopies(t *testing.T) {
	tm := decode(t, sampleBytes(t, teamBase)).(*Team)
	tm.CardSet = "example-card-set"
	tm.Loadouts[1].Corvettes = []Corvette{{"vanguard"}, {"vanguard"}, {"vanguard"}, {"authority"}}
	if ps := problemsOf(encode(t, tm)); !slices.Equal(ps.Rules(), []string{RuleTeamDeck}) {
		t.Errorf("third Authority: %v", ps)
	}
	tm.Loadouts[1].Corvettes = []Corvette{{"vanguard"}, {"vanguard"}, {"vanguard"}, {"home-made-lance"}}
	if ps := problemsOf(encode(t, tm)); !slices.Equal(ps.Rules(), []string{RuleCorvettes}) {
		t.Errorf("a lance as a corvette: %v", ps)
	}
	// Each loadout alone over the deck is SE-COPY-01, said once.
	tm.Loadouts[0].Corvettes = []Corvette{{"authority"}, {"authority"}, {"authority"}, {"vanguard"}}
	tm.Loadouts[1].Corvettes = []Corvette{{"vanguard"}, {"vanguard"}, {"vanguard"}, {"vanguard"}}
	if ps := problemsOf(encode(t, tm)); !slices.Equal(ps.Rules(), []string{RuleCopies}) {
		t.Errorf("three Authorities in one loadout: %v", ps)
	}
	// A home-made beam is no corvette.
	tm.Loadouts[0].Corvettes = []Corvette{{"authority"}, {"vanguard"}, {"vanguard"}, {"vanguard"}}
	tm.Loadouts[1].Corvettes = []Corvette{{"authority"}, {"vanguard"}, {"vanguard"}, {"authority"}}[:3]
	tm.Loadouts[1].Corvettes = append(tm.Loadouts[1].Corvettes, Corvette{"home-made-lance"})
	if ps := problemsOf(encode(t, tm)); !slices.Equal(ps.Rules(), []string{RuleCorvettes}) {
		t.Errorf("%v", ps)
	}
	tm.Loadouts[1].Corvettes[3] = Corvette{"authority"} // a third Authority
	if ps := problemsOf(encode(t, tm)); !slices.Equal(ps.Rules(), []string{RuleTeamDeck}) {
		t.Errorf("%v", ps)
	}
	tm.Loadouts[1].Corvettes[3] = Corvette{"vanguard"} // Authority 2, Vanguard 6
	if ps := problemsOf(encode(t, tm)); len(ps) != 0 {
		t.Errorf("within the deck: %v", ps)
	}
}
