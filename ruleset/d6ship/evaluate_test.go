package d6ship

import (
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestSamples: three examples of different classes, each clean, each
// marked as an example and not official.
func TestSamples(t *testing.T) {
	ss := rs.Samples()
	if len(ss) != 3 {
		t.Fatalf("%d samples", len(ss))
	}
	classes := map[int]bool{}
	for _, x := range ss {
		s, err := rs.DecodeShip(x.Document)
		if err != nil {
			t.Fatalf("%s: %v", x.File, err)
		}
		res := EvaluateShip(s, Options{Velocity: -1})
		if !res.Legal || len(res.Problems) != 0 {
			t.Errorf("%s: %v", x.File, res.Problems)
		}
		classes[res.Class] = true
		if !strings.Contains(s.Description, "Example stat block, not official") {
			t.Errorf("%s is not marked as an example: %q", x.File, s.Description)
		}
	}
	if len(classes) != 3 {
		t.Errorf("classes %v", classes)
	}
}

// TestDerivedNumbers checks the chapter's formulas on the frigate (Class
// V, veteran crew, SPEED 5, power 40) by hand.
func TestDerivedNumbers(t *testing.T) {
	s := loadSample(t, "frigate-class-v.json")
	r := EvaluateShip(s, Options{Velocity: -1})
	if r.Class != 5 || r.ClassName != "Class V" || r.CrewDice != 6 || r.Actions != 5 || r.CrewActions != 5 || r.FTLSpool != 5 || r.Countdown != 5 {
		t.Errorf("class numbers %+v", r)
	}
	if r.Velocity != 5 || r.Collision != 25 {
		t.Errorf("collision at SPEED: %d at %d", r.Collision, r.Velocity)
	}
	var blast []int
	for _, b := range r.Explosion {
		blast = append(blast, b.Damage)
	}
	if !slices.Equal(blast, []int{40, 20, 10, 5, 2, 1, 0}) {
		t.Errorf("explosion %v", blast)
	}
	if r.Soak[0] != (ArcSoak{Arc: "forward", Shield: 6, Armour: 2, Total: 8}) || r.Soak[3].Total != 5 {
		t.Errorf("soak %+v", r.Soak)
	}
	phaser := r.Weapons[0]
	if phaser.Attribute != "INT" || phaser.Weapons != 2 || !slices.Equal(phaser.DamageByIncrement, []int{5, 4, 3, 2, 1, 0}) {
		t.Errorf("phaser %+v", phaser)
	}
	if len(phaser.Pools) != 3 || !slices.Equal(phaser.Pools[0].ByIncrement, []int{7, 6, 5, 4, 3, 2}) || !slices.Equal(phaser.Pools[1].ByIncrement, []int{6, 5, 4, 3, 2, 1}) {
		t.Errorf("phaser pools %+v", phaser.Pools)
	}
	torp := r.Weapons[1]
	if torp.Attribute != "LOG" || !slices.Equal(torp.DamageByIncrement, []int{8, 8, 8, 8, 8, 8}) || torp.Weapons != 4 {
		t.Errorf("torpedo %+v", torp)
	}
	if ion := r.Weapons[2]; !slices.Equal(ion.Pools[0].ByIncrement, []int{5, 4, 3, 2, 1, 0}) || ion.Pools[0].Arc != "aft" {
		t.Errorf("ion %+v", ion)
	}
	// Player-crewed: the larger of class and players.
	if r := EvaluateShip(s, Options{Players: 3, Velocity: 7}); r.Actions != 5 || r.CrewActions != 2 || r.Collision != 35 {
		t.Errorf("3 players: %d actions, %d to the crew, collision %d", r.Actions, r.CrewActions, r.Collision)
	}
	if r := EvaluateShip(s, Options{Players: 7, Velocity: -1}); r.Actions != 7 || r.CrewActions != 0 {
		t.Errorf("7 players: %d actions", r.Actions)
	}
	// Fighters use the host's crew.
	c := EvaluateShip(loadSample(t, "carrier-class-xii.json"), Options{Velocity: -1})
	if c.Squadrons == nil || *c.Squadrons != (SquadronLine{Count: 3, Fighters: 8, Pool: 5, Health: 8, Speed: 10, Actions: 1, Range: 3, Damage: 8}) {
		t.Errorf("squadrons %+v", c.Squadrons)
	}
	if sum := c.Summary(); sum.CV != 0 || sum.Points != 0 || sum.Hull != "Class XII" || !sum.CarriesFighters || !sum.Legal {
		t.Errorf("summary %+v", sum)
	}
}

// TestExplanation: actions, pools, spool, collision and explosion are in
// the tree, each with its formula.
func TestExplanation(t *testing.T) {
	r := EvaluateShip(loadSample(t, "courier-class-ii.json"), Options{Players: 4, Velocity: -1})
	for key, formula := range map[string]string{
		"actions": "max(class, players)", "crewPool": "crew rating standard = 4d6", "ftlSpool": "class",
		"countdown": "class", "collision": "class × velocity", "explosion": "halved for each hex",
		"weapons[0].pool.forward": "crew pool + 1d6", "weapons[1].pool.aft": "crew pool − 1d6",
	} {
		n := r.Explanation.Find(key)
		if n == nil || !strings.Contains(n.Formula, formula) {
			t.Errorf("%s: %+v, want a formula with %q", key, n, formula)
		}
	}
	if n := r.Explanation.Find("actions"); n.Value != 4 {
		t.Errorf("4 players on a Class II: %v actions", n.Value)
	}
}

// TestOptions: bad options are field errors that name the option.
func TestOptions(t *testing.T) {
	d, _ := rs.Decode(sampleBytes(t, "courier-class-ii.json"))
	for _, o := range []ruleset.Options{{"players": "-1"}, {"players": "21"}, {"players": "two"}, {"velocity": "1000"}} {
		_, err := rs.Evaluate(d, o)
		fe, ok := err.(*ruleset.FieldError)
		if !ok || (fe.Field != "players" && fe.Field != "velocity") || !strings.Contains(fe.Message, "whole number from 0 to") {
			t.Errorf("%v: %v", o, err)
		}
	}
	if _, err := rs.Evaluate(d, ruleset.Options{"players": "20", "velocity": "0", "tier": "9"}); err != nil {
		t.Error(err)
	}
}

// TestOddDocuments: numbers far out of bounds give problems, never a
// panic, and small finite numbers.
func TestOddDocuments(t *testing.T) {
	s := loadSample(t, "carrier-class-xii.json")
	s.Class, s.Crew, s.Power, s.Speed, s.Armour = "MMM", "", 1<<40, -5, 1<<50
	s.Weapons[0].Damage, s.Weapons[0].Bank, s.Weapons[0].Arcs = 1<<40, -3, []string{"aft", "aft", "aft", "aft", "aft"}
	r := EvaluateShip(s, Options{Velocity: -1})
	if r.Legal || r.Class != 0 || r.Collision != 0 || r.Explosion[0].Damage != MaxStat || r.Soak[0].Armour != MaxStat {
		t.Errorf("%+v", r)
	}
	for _, rule := range []string{RuleClass, RuleCrew, RuleStat, RuleArc, RuleWeapon, RuleBank} {
		if !slices.Contains(r.Problems.Rules(), rule) {
			t.Errorf("no %s in %v", rule, r.Problems)
		}
	}
}
