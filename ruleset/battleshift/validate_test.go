package battleshift

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestRulesDoNotFireAtTheEdge applies legal edits at the edge of each
// rule; none may give an error, and only the warnings listed may appear.
func TestRulesDoNotFireAtTheEdge(t *testing.T) {
	tests := []struct {
		rules    string // the rules this case shows not firing
		base     string
		edit     func(c *Class)
		warnings []string
	}{
		{"BS-DOC-01 (longest texts)", fixtureBase, func(c *Class) {
			c.Name = strings.Repeat("é", 80)
			c.Description = strings.Repeat("line\n\t", 666) + "abcd"
			c.Tags = strings.Split("a b c d e f g h i j k "+strings.Repeat("t", 32), " ")
			c.Universe = strings.Repeat("u", 80)
		}, nil},
		{"BS-DOC-02 BS-SPACE-01 (size 21, exactly full)", fixtureBase, func(c *Class) {
			c.Size = 21
			c.Systems = []System{sys("lightBattery", 40), sys("interceptor", 2)}
		}, nil},
		{"BS-DOC-02 (size 1)", fixtureBase, func(c *Class) {
			c.Size = 1
			c.Systems = []System{sys("lightBattery", 1), sys("interceptor", 1)}
		}, nil},
		{"BS-DOC-03 BS-FAC-01 (Raishek with its reinforced hull)", fixtureBase, func(c *Class) {
			c.Faction = "raishek"
			c.Systems = append(c.Systems, sys("reinforcedHull", 1))
		}, nil},
		{"BS-DOC-04 (100 entries, counts 1 and 999)", fixtureBase, func(c *Class) {
			c.Size = 21
			c.Systems = []System{sys("lightBattery", 1)}
			for len(c.Systems) < MaxSystems {
				c.Systems = append(c.Systems, sys("extraSpace", 999))
			}
		}, nil},
		{"BS-SYS-02 BS-SYS-03 BS-PAY-01 (every once-only kind once, either-or kinds paid both ways)", fixtureBase, func(c *Class) {
			c.Systems = append(c.Systems, sys("fast", 1, PayCost), sys("reinforcedHull", 1), sys("hardenedHull", 1),
				sys("weakShields", 1), sys("engulfing", 1, PayCost), sys("extraShield", 2, PayCost), sys("repairSystem", 1, PayCost),
				sys("extraSpace", 2), sys("extraShield", 1, PaySpace), sys("repairSystem", 1, PaySpace))
		}, []string{RuleExperiment}},
		{"BS-SYS-03 (slow drives with flimsy hull and no shields)", fixtureBase, func(c *Class) {
			c.Systems = append(c.Systems, sys("slowDrives", 1), sys("flimsyHull", 1), sys("noShields", 1), sys("lightBattery", 2))
		}, nil},
		{"BS-SIZE-01 BS-SIZE-03 (slow drives on a destroyer, its allowed systems)", fixtureBase, func(c *Class) {
			c.Size = 1
			c.Systems = []System{sys("lightBattery", 1), sys("interceptor", 1), sys("slowDrives", 1), sys("extraShield", 1, PaySpace),
				sys("repairSystem", 1, PayCost), sys("reinforcedHull", 1)}
		}, nil},
		{"BS-SIZE-01 BS-SIZE-02 (one of every weapon on a size-8 ship)", fixtureBase, func(c *Class) {
			c.Systems = nil
			for i := range rs.cat.Kinds {
				if k := &rs.cat.Kinds[i]; k.Weapon != nil {
					c.Systems = append(c.Systems, sys(k.Kind, 1))
				}
			}
			c.Size = 8
		}, []string{RuleExperiment}},
		{"BS-SIZE-02 (super heavy battery at size 3)", fixtureBase, func(c *Class) {
			c.Systems = []System{sys("superHeavyBattery", 1), sys("interceptor", 3)}
		}, []string{RuleExperiment}},
		{"BS-SPACE-01 (slow drives and extra space make room)", fixtureBase, func(c *Class) {
			c.Systems = append(c.Systems, sys("slowDrives", 1), sys("extraSpace", 1), sys("missileLauncher", 3))
		}, nil},
		{"BS-SPACE-02 (an either-or system in points with less room free than it needs)", "bionid-mothership.json", func(c *Class) {}, []string{RuleExperiment}},
		{"BS-SPACE-02 (in points with the space full)", fixtureBase, func(c *Class) {
			c.Systems = append(c.Systems, sys("fast", 1, PayCost))
		}, nil},
		{"BS-FAC-01 (extra shields on a Bionid ship with no shields)", "bionid-attack-drone.json", func(c *Class) {
			c.Systems = append(c.Systems, sys("extraShield", 2, PayCost))
		}, nil},
		{"BS-EXP-01 (no experimental system)", "raishek-dominator.json", func(c *Class) {}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.rules, func(t *testing.T) {
			c := loadSample(t, tc.base)
			tc.edit(c)
			res := rs.EvaluateClass(c)
			if !res.Legal {
				t.Errorf("not legal: %v", res.Problems)
			}
			for _, p := range res.Problems {
				if !slices.Contains(tc.warnings, p.Rule) {
					t.Errorf("unexpected %v", p)
				}
			}
			// The same document, decoded as the library would read it.
			if ps := problemsOf(encode(t, c)); !slices.Equal(ps, res.Problems) {
				t.Errorf("after a round trip: %v", ps)
			}
		})
	}
}

// TestNumbers checks the derived numbers at their edges.
func TestNumbers(t *testing.T) {
	c := loadSample(t, fixtureBase)
	cases := []struct {
		name  string
		edit  func(c *Class)
		check func(t *testing.T, r *Result)
	}{
		{"slow destroyer", func(c *Class) {
			c.Size = 1
			c.Systems = []System{sys("lightBattery", 3), sys("slowDrives", 1)}
		}, func(t *testing.T, r *Result) {
			if r.Move != 12 || r.Space != 3 || r.SpaceUsed != 3 || r.Cost != 10 || r.ClassName != "destroyer" || r.MovementArc != "360°" {
				t.Errorf("move %d space %d/%d cost %d %s %s", r.Move, r.SpaceUsed, r.Space, r.Cost, r.ClassName, r.MovementArc)
			}
		}},
		{"titan of 21", func(c *Class) {
			c.Size = 21
			c.Systems = []System{sys("engulfing", 1, PaySpace), sys("fighterBay", 3), sys("repairSystem", 2, PaySpace), sys("flimsyHull", 1), sys("weakShields", 1)}
		}, func(t *testing.T, r *Result) {
			want := Result{Size: 21, ClassName: "titan", Hull: 22, Shields: 11, Hardness: 3, DestructionSave: 2, Move: 12, MovementArc: "forward 90°", FacingChange: "45°",
				Space: 42, SpaceUsed: 26, HitsToSuppress: 5, MaxPerSquadron: 1, FighterWings: 3, EngulfCapacity: 7, RepairRolls: 2, Cost: 210 - 63 - 42, Experimental: true}
			got := Result{Size: r.Size, ClassName: r.ClassName, Hull: r.Hull, Shields: r.Shields, Hardness: r.Hardness, DestructionSave: r.DestructionSave, Move: r.Move,
				MovementArc: r.MovementArc, FacingChange: r.FacingChange, Space: r.Space, SpaceUsed: r.SpaceUsed, HitsToSuppress: r.HitsToSuppress,
				MaxPerSquadron: r.MaxPerSquadron, FighterWings: r.FighterWings, EngulfCapacity: r.EngulfCapacity, RepairRolls: r.RepairRolls, Cost: r.Cost, Experimental: r.Experimental}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("\n got %+v\nwant %+v", got, want)
			}
			if len(r.Squadrons) != 1 || r.Squadrons[0] != (SquadronRow{Ships: 1, Threshold: 22, TotalDamage: 22, HitsToSuppress: 5, ShieldDice: 11, Cost: 105}) {
				t.Errorf("squadrons %+v", r.Squadrons)
			}
		}},
		{"fleet cruiser squadrons", func(c *Class) {}, func(t *testing.T, r *Result) {
			// spec §7: 5 Fleet Cruisers have threshold 4, total 20, suppress 5, shields 10, cost 150.
			if len(r.Squadrons) != 7 || r.Squadrons[4] != (SquadronRow{Ships: 5, Threshold: 4, TotalDamage: 20, HitsToSuppress: 5, ShieldDice: 10, Cost: 150}) {
				t.Errorf("squadrons %+v", r.Squadrons)
			}
			if r.FacingChange != "any" || r.MovementArc != "forward 180°" || r.MaxPerSquadron != 7 {
				t.Errorf("%s %s %d", r.MovementArc, r.FacingChange, r.MaxPerSquadron)
			}
		}},
		{"lines by kind and payment", func(c *Class) {
			c.Systems = append(c.Systems, sys("lightBattery", 2), sys("extraShield", 1, PayCost), sys("extraShield", 2, PaySpace), sys("extraSpace", 4))
		}, func(t *testing.T, r *Result) {
			if len(r.Weapons) != 3 || r.Weapons[0].Kind != "lightBattery" || r.Weapons[0].Count != 3 || r.Weapons[0].Range != "12\"" ||
				r.Weapons[1].Kind != "heavyBattery" || r.Weapons[1].Space != 4 || r.Weapons[2].Kind != "interceptor" {
				t.Errorf("weapons %+v", r.Weapons)
			}
			want := []SystemLine{
				{Kind: "extraSpace", Name: "Extra Space Unit", Count: 4, Points: 12},
				{Kind: "extraShield", Name: "Extra Shield", Count: 2, Pay: PaySpace, Space: 2},
				{Kind: "extraShield", Name: "Extra Shield", Count: 1, Pay: PayCost, Points: 5},
			}
			if !slices.Equal(r.Systems, want) {
				t.Errorf("systems\n got %+v\nwant %+v", r.Systems, want)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := *c
			c.Systems = slices.Clone(c.Systems)
			tc.edit(&c)
			tc.check(t, rs.EvaluateClass(&c))
		})
	}
}

// TestMessages pins the player's words of the problems that matter most
// in the form.
func TestMessages(t *testing.T) {
	fast := loadSample(t, "generic-fast-attack-cruiser.json")
	fast.Systems[2].Pay = PaySpace
	tests := []struct {
		name string
		c    *Class
		want ruleset.Problem
	}{
		{"fast drives in space overfill a cruiser", fast, ruleset.Problem{Rule: RuleSpace, Severity: ruleset.Error, Path: "systems",
			Message: "This cruiser uses 8 of its 6 space units",
			Hint:    "remove 2 space units of systems, pay the fast drives in points (+6), or buy 2 extra space units (+6)"}},
		{"pay missing", func() *Class {
			c := loadSample(t, "generic-fast-attack-cruiser.json")
			c.Systems[2].Pay = ""
			return c
		}(), ruleset.Problem{Rule: RulePay, Severity: ruleset.Error, Path: "systems[2].pay",
			Message: "System 3 (Fast Drives), pay with: the fast drives are paid either in space or in points, and the row does not say which",
			Hint:    "set Pay with to Space units (2 space units) or Points (+6)"}},
		{"two extra shields that would fit", loadSample(t, "generic-shield-frigate.json"), ruleset.Problem{Rule: RuleSpaceAdvice, Severity: ruleset.Warning, Path: "systems[2].pay",
			Message: "System 3 (Extra Shield), pay with: 2 extra shields are paid in points (+10) while 2 space units are free to hold them",
			Hint:    "pay with space units to save 10 points"}},
		{"three extra shields, two fit", func() *Class {
			c := loadSample(t, "generic-shield-frigate.json")
			c.Systems[2].Count = 3
			return c
		}(), ruleset.Problem{Rule: RuleSpaceAdvice, Severity: ruleset.Warning, Path: "systems[2].pay",
			Message: "System 3 (Extra Shield), pay with: 3 extra shields are paid in points (+15) while 2 space units are free to hold 2 of them",
			Hint:    "split the row in two: 2 paid with space units saves 10 points"}},
		{"a Bionid ship with shields", func() *Class {
			c := loadSample(t, "bionid-attack-drone.json")
			c.Systems = c.Systems[:2]
			return c
		}(), ruleset.Problem{Rule: RuleFactionKind, Severity: ruleset.Error, Path: "faction",
			Message: "Faction: Bionid ships carry No Shields and Hardened Hull, and this one lacks Hardened Hull",
			Hint:    "add Hardened Hull to the systems, or change the faction"}},
		{"a misspelt kind", func() *Class {
			c := loadSample(t, fixtureBase)
			c.Systems[1].Kind = "Light Battery"
			return c
		}(), ruleset.Problem{Rule: RuleKind, Severity: ruleset.Error, Path: "systems[1].kind",
			Message: "System 2: there is no system ‘Light Battery’ in Battleshift", Hint: "choose Light Battery from the list of systems"}},
		{"fast drives twice", func() *Class {
			c := loadSample(t, "generic-fast-attack-cruiser.json")
			c.Systems[2].Count = 2
			return c
		}(), ruleset.Problem{Rule: RuleOnce, Severity: ruleset.Error, Path: "systems[2].count",
			Message: "System 3 (Fast Drives), count: the count is 2, but a ship has the fast drives once", Hint: "set the count to 1"}},
		{"a wrong ruleset", func() *Class {
			c := loadSample(t, fixtureBase)
			c.Ruleset = "metaverse"
			return c
		}(), ruleset.Problem{Rule: ruleset.RuleDocument, Severity: ruleset.Error, Path: "ruleset",
			Message: "Game: the design is not a Battleshift ship class", Hint: "open it as a design of the game it was made for, or start a Battleshift ship class"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := rs.EvaluateClass(tc.c).Problems
			if !slices.Contains(ps, tc.want) {
				t.Errorf("want %v\n got %v", tc.want, ps)
			}
		})
	}
}

// TestManyEntries checks that a class of more than MaxSystems entries
// reports the limit once and checks no entry past it.
func TestManyEntries(t *testing.T) {
	c := loadSample(t, fixtureBase)
	for range 5000 {
		c.Systems = append(c.Systems, sys("laser", 0))
	}
	ps := rs.EvaluateClass(c).Problems
	if len(ps) > 3*MaxSystems || ps[0].Rule != RuleCounts || ps[0].Path != "systems" {
		t.Errorf("%d problems, the first %v", len(ps), ps[0])
	}
}
