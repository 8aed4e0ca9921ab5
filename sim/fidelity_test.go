package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
)

// Issue 21, item 1: the mechanics where the simulator's policies decided
// results. Each test quotes the rule it applies with its line numbers in
// ../shared/seeds/metaverse-rules.txt.

// fleetBattle sets up sides a and b at dist cm, every ship facing its
// enemy with sector 0, the trace into a string builder.
func fleetBattle(a, b []*Ship, dist int, dice ...int) (*battle, *strings.Builder) {
	bt := newBattle(a, b, Options{})
	bt.rng = rand.New(rand.NewPCG(1, 2))
	for _, st := range bt.ships {
		st.reset()
		st.facing = 0
	}
	bt.turn, bt.dist = 1, dist
	bt.script = dice
	var sb strings.Builder
	bt.trace = func(f string, args ...any) { fmt.Fprintf(&sb, f+"\n", args...) }
	return bt, &sb
}

// guns arms a design with n copies of a non-interceptable D6 gun of range
// 10 firing fore (sectors 7 and 0), and any further mounts.
func guns(n int, more ...designer.Mount) func(d *designer.Design) {
	return func(d *designer.Design) {
		g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
		g.Interceptable = false
		h := g
		h.ID, h.Name = "h", "Other gun"
		d.Weapons = []designer.WeaponDef{g, h}
		d.Sections.Core.Weapons = append([]designer.Mount{{Weapon: "g", Sectors: []int{7, 0}, Count: n}}, more...)
	}
}

// TestSplitFire: "All weapons fired at a single starship ... require a
// distinct sensor array" (metaverse-rules.txt l. 690-692): a ship with
// two arrays may fire at two ships. Four guns against a wreck of 1 hull
// hit and a healthy ship: one gun is expected to finish the wreck (about
// 2.1 hull hits against 1.5 x 1), so with a second array the other three
// fire at the healthy ship with it; with one array all four fire at the
// wreck, the array's one target.
func TestSplitFire(t *testing.T) {
	for _, tc := range []struct {
		arrays int
		want   []string
	}{
		{2, []string{"Splitter fires at Wreck with sensor 15: salvo of 1", "Splitter fires at Healthy with sensor 15: salvo of 3"}},
		{1, []string{"Splitter fires Gun at Wreck"}},
	} {
		a := testShip(t, "Splitter", []int{20}, nil, func(d *designer.Design) {
			guns(4)(d)
			d.Sections.Core.Systems[2].Count = tc.arrays
		})
		wreck := testShip(t, "Wreck", []int{1}, nil, nil)
		healthy := testShip(t, "Healthy", []int{30}, nil, nil)
		bt, tr := fleetBattle([]*Ship{a}, []*Ship{wreck, healthy}, 10)
		bt.starshipCombat()
		for _, w := range tc.want {
			if !strings.Contains(tr.String(), w) {
				t.Errorf("%d arrays: want %q in\n%s", tc.arrays, w, tr)
			}
		}
		if tc.arrays == 1 && strings.Contains(tr.String(), "at Healthy") {
			t.Errorf("one array fired at two ships:\n%s", tr)
		}
		if got := bt.ships[2].attackedBy; tc.arrays == 2 && got != 1 {
			t.Errorf("the healthy ship counts %d attackers against its EMS, want 1", got)
		}
	}
}

// TestVolleyFire: "When weapons are volley fired, a single sensor roll is
// made for all the weapons fired and they either all hit or miss"
// (metaverse-rules.txt l. 873-875); "For each distinct weapon type
// included in the volley beyond the first, a -1 modifier is applied to the
// sensor profile" (l. 879-883). Sensor 15 against no EW: three guns in a
// volley roll once: 10 hits with all three (faces 6, 6, 6: 18 hull hits of
// 30), 20 misses with all three. Two guns of one type hit on a 15; a gun
// of each of two types needs 14 or less, and 15 misses.
func TestVolleyFire(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mounts   []designer.Mount
		dice     []int
		hull     int
		diceLeft int
	}{
		{"three guns, roll 10", nil, []int{10, 6, 6, 6, 1}, 12, 1},
		{"three guns, roll 20", nil, []int{20, 1, 1, 1}, 30, 3},
		{"one type, roll 15", nil, []int{15, 6, 6, 1}, 18, 1},
		{"two types, roll 15", []designer.Mount{{Weapon: "h", Sectors: []int{7, 0}, Count: 1}}, []int{15, 6, 6, 1}, 30, 3},
	} {
		n := 3
		if strings.HasPrefix(tc.name, "one") || strings.HasPrefix(tc.name, "two") {
			n = 2
			if tc.mounts != nil {
				n = 1
			}
		}
		a := testShip(t, "Volley", []int{20}, nil, guns(n, tc.mounts...))
		b := testShip(t, "Target", []int{30}, nil, nil)
		bt, tr := fleetBattle([]*Ship{a}, []*Ship{b}, 10, tc.dice...)
		st, tgt := bt.ships[0], bt.ships[1]
		bt.vols = append(bt.vols, volley{})
		for ci := range a.copies {
			bt.shotsQ = append(bt.shotsQ, shot{st, ci, tgt, 15, 1})
		}
		bt.resolveShots()
		if tgt.hull(-1) != tc.hull || len(bt.script) != tc.diceLeft || strings.Count(tr.String(), "volley fires") != 1 {
			t.Errorf("%s: hull %d, %d dice left; want %d and %d, one roll\n%s", tc.name, tgt.hull(-1), len(bt.script), tc.hull, tc.diceLeft, tr)
		}
	}
}

// TestVolleyPeeled: in a mixed group the weapons of one type worth a
// volley take a spare array of their own ("a sensor array used to volley
// fire a group of weapons cannot be used to fire anything else, even at
// the same target", metaverse-rules.txt l. 877-879): four guns volley
// with the second array, the other gun salvo fires with the first, and
// the target counts the ship once against its EMS.
func TestVolleyPeeled(t *testing.T) {
	a := testShip(t, "Mixed", []int{20}, nil, func(d *designer.Design) {
		guns(4, designer.Mount{Weapon: "h", Sectors: []int{7, 0}, Count: 1})(d)
		d.Sections.Core.Systems[2].Count = 2
	})
	b := testShip(t, "Target", []int{30}, []int{20}, func(d *designer.Design) {
		d.Sections.Fore.Shields.Set(designer.ArcFore, &designer.Shield{Hits: 10, Type: designer.DefenceEnergy})
		d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, designer.System{Kind: "shieldBasic", Rating: 2, Count: 1})
	})
	bt, tr := fleetBattle([]*Ship{a}, []*Ship{b}, 10)
	bt.starshipCombat()
	if !strings.Contains(tr.String(), "Mixed fires at Target with sensor 15: volley of 4") || strings.Count(tr.String(), "fires Other gun") != 1 || bt.ships[1].attackedBy != 1 {
		t.Errorf("want a volley of 4, one salvo shot of the other gun, one attacker (%d):\n%s", bt.ships[1].attackedBy, tr)
	}
}

// TestVolleyPolicy: a volley is worth it against shields, which take the
// damage first (metaverse-rules.txt l. 1932-1936) and regenerate every
// repair step (l. 2874-2880): all or nothing, more of a turn's fire gets
// past them. Without shields a volley only adds variance. Four guns at 10
// cm against 10 shield hits on the fore arc volley fire; against none they
// salvo fire, a roll each.
func TestVolleyPolicy(t *testing.T) {
	for _, shields := range []int{10, 0} {
		a := testShip(t, "Volley", []int{20}, nil, guns(4))
		b := testShip(t, "Target", []int{30}, []int{20}, func(d *designer.Design) {
			if shields > 0 {
				d.Sections.Fore.Shields.Set(designer.ArcFore, &designer.Shield{Hits: shields, Type: designer.DefenceEnergy})
				d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, designer.System{Kind: "shieldBasic", Rating: 2, Count: 1})
			}
		})
		bt, tr := fleetBattle([]*Ship{a}, []*Ship{b}, 10)
		bt.starshipCombat()
		if bt.ships[1].attackedBy != 1 {
			t.Errorf("shields %d: the target counts %d attackers, want 1", shields, bt.ships[1].attackedBy)
		}
		volleys, salvos := strings.Count(tr.String(), "volley fires"), strings.Count(tr.String(), "Volley fires Gun")
		if shields > 0 && (volleys != 1 || salvos != 0) || shields == 0 && (volleys != 0 || salvos != 4) {
			t.Errorf("shields %d: %d volleys and %d salvo rolls\n%s", shields, volleys, salvos, tr)
		}
	}
}

// sideThrusters gives a design a thruster of rating r on each side.
func sideThrusters(r int) func(d *designer.Design) {
	return func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems,
			designer.System{Kind: "thruster", Rating: r, Facing: "port", Count: 1},
			designer.System{Kind: "thruster", Rating: r, Facing: "starboard", Count: 1})
	}
}

// TestEvasiveManoeuvres pins evasive manoeuvres (metaverse-rules.txt l.
// 396-424): "One evasive manoeuvre (EM) requires two thruster points from
// both sides (four total); two EMs require four thruster points from both
// sides (eight total), three EMs require eight" (l. 400-406); "The
// modifier to the target rating is equal to the momentum of the starship
// divided by ten, rounded down, then multiplied by the number of evasive
// maneuvers. Thus, a starship travelling 22cm per turn ... and performing
// two evasive maneuvers would add +4 to its target rating (2x2). The
// modifier to the movement rating is simply equal to the number of
// evasive maneuvers." (l. 413-421). Then the policy: an unarmed ship at
// 20 cm a turn under a gunship's fire evades as much as its thrusters
// allow (4 a side: two); the gunship, whose foe cannot hurt it, does not
// spoil its own fire.
func TestEvasiveManoeuvres(t *testing.T) {
	for points, want := range map[int]int{1: 0, 2: 1, 3: 1, 4: 2, 7: 2, 8: 3, 16: 4} {
		if got := maxEvasive(points); got != want {
			t.Errorf("%d thruster points a side: %d EMs, want %d", points, got, want)
		}
	}
	dodger := testShip(t, "Dodger", []int{30}, nil, sideThrusters(4))
	gunship := testShip(t, "Gunship", []int{30}, nil, func(d *designer.Design) {
		guns(6)(d)
		sideThrusters(4)(d)
	})
	bt, tr := fleetBattle([]*Ship{dodger}, []*Ship{gunship}, 10)
	d, g := bt.ships[0], bt.ships[1]
	d.speed, g.speed = 22, 22
	trBefore, mrBefore := d.trMod, d.moveRate
	bt.evade(d, evasion{n: 2})
	if d.trMod-trBefore != 4 || d.moveRate-mrBefore != 2 || d.turnUsed != 8 {
		t.Errorf("two EMs at 22 cm a turn: target rating +%d, movement rating +%d, %d thruster points; want +4, +2, 8\n%s",
			d.trMod-trBefore, d.moveRate-mrBefore, d.turnUsed, tr)
	}
	d.trMod, d.moveRate, d.turnUsed, d.bothUsed = 0, 0, 0, 0
	d.speed, g.speed = 20, 20
	if p := bt.planEvasive(d); p.n != 2 || p.emergency {
		t.Errorf("the unarmed ship under fire plans %+v, want two EMs", p)
	}
	if p := bt.planEvasive(g); p.n != 0 {
		t.Errorf("the gunship against an unarmed ship plans %+v, want none", p)
	}
	d.speed = 9
	if p := bt.planEvasive(d); p.n != 0 {
		t.Errorf("at 9 cm a turn (no target rating to gain) the unarmed ship plans %+v, want none", p)
	}
}

// TestEmergencyThrust: "any number of thrusters may be used at double
// capacity ... After the movement is completed, roll 1D6; if the result is
// greater than the crew quality, all the thrusters used are disabled"
// (metaverse-rules.txt l. 437-448). With 2 points a side an unarmed ship
// under fire has one EM; at crew 5 it doubles them for two, and a 6 after
// movement disables its thrusters (a 5 does not). At crew 4, failing one
// time in three, it does not take the risk (docs/simulation.md, Policies).
func TestEmergencyThrust(t *testing.T) {
	for _, tc := range []struct {
		crew, roll int
		plan       evasion
		disabled   bool
	}{{5, 6, evasion{2, true}, true}, {5, 5, evasion{2, true}, false}, {4, 6, evasion{1, false}, false}} {
		dodger := testShip(t, "Dodger", []int{30}, nil, func(d *designer.Design) {
			sideThrusters(2)(d)
			d.CrewQuality = tc.crew
		})
		gunship := testShip(t, "Gunship", []int{30}, nil, guns(6))
		bt, tr := fleetBattle([]*Ship{dodger}, []*Ship{gunship}, 10, tc.roll)
		d := bt.ships[0]
		d.speed = 20
		p := bt.planEvasive(d)
		if p != tc.plan {
			t.Fatalf("crew %d: plan %+v, want %+v", tc.crew, p, tc.plan)
		}
		bt.evade(d, p)
		bt.emergencyChecks()
		off := false
		for i, in := range d.s.systems {
			off = off || in.k == kThruster && d.sysOff[i]
		}
		if off != tc.disabled {
			t.Errorf("crew %d, roll %d: thrusters disabled %v, want %v\n%s", tc.crew, tc.roll, off, tc.disabled, tr)
		}
	}
}

// TestEmergencyPower: "any number of drives may be used at double
// capacity (providing double the drive points) ... if the result is
// greater than the starship's crew quality, all the drives used are
// disabled" (metaverse-rules.txt l. 425-436). A crew 5 ship at rest with
// drives of 3, 100 cm from an enemy it wants to close with, accelerates
// 6 rather than 3; a 6 after movement disables its drive. At crew 4 it
// does not take the risk.
func TestEmergencyPower(t *testing.T) {
	for _, crew := range []int{5, 4} {
		closer := testShip(t, "Closer", []int{30}, nil, func(d *designer.Design) {
			guns(6)(d)
			d.CrewQuality = crew
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "stlAdvanced", Rating: 3, Count: 1})
		})
		foe := testShip(t, "Foe", []int{30}, nil, nil)
		bt, tr := fleetBattle([]*Ship{closer}, []*Ship{foe}, 100, 6, 6, 6, 6, 6, 6)
		c := bt.ships[0]
		bt.plot()
		bt.starshipMovement()
		want, off := 3, false
		if crew >= emergencyCrew {
			want, off = 6, true
		}
		drive := false
		for i, in := range c.s.systems {
			drive = drive || in.k == kSTLAdvanced && c.sysOff[i]
		}
		if c.speed != want || drive != off {
			t.Errorf("crew %d: speed %d, drive disabled %v; want %d and %v\n%s", crew, c.speed, drive, want, off, tr)
		}
	}
}

// TestMoraleChain pins the commanders' morale conditions
// (metaverse-rules.txt l. 1714-1718: "Flagship Destroyed, Division
// Commander Destroyed, Wing Commander Destroyed, Squadron Commander
// Destroyed") on a chain of command (l. 3771-3776: a command ship commands
// units up to its CiC rating, ships or sub-commanders): the flagship (CiC
// 2) commands a squadron commander (CiC 2, command ships first) and a
// one-section ship; the squadron commander leads two more; a fifth ship
// finds no place and is not of the fleet (crew - 1, l. 3756-3761). The
// squadron commander lost: its two ships meet one condition each. The
// flagship lost: the ships it leads directly meet two (the flagship, and
// their squadron commander, l. 3790-3794), the squadron commander's ships
// two (the flagship, their wing commander, l. 3801-3803), the ship outside
// the fleet none; each loss is checked once (l. 1723-1724). A commander
// off the table in a strategic jump "is considered destroyed for chain of
// command and morale purposes for any starships it commands that are
// still on the table" (l. 536-540): its ships check and fight at crew - 1
// while it is away.
func TestMoraleChain(t *testing.T) {
	cic := func(r int) func(d *designer.Design) {
		return func(d *designer.Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "cic", Rating: r, Count: 1})
		}
	}
	setup := func() (*battle, []*shipState) {
		side := []*Ship{testShip(t, "Flag", []int{10}, nil, cic(2)), testShip(t, "Sub", []int{10}, nil, cic(2)),
			testShip(t, "W1", []int{10}, nil, nil), testShip(t, "W2", []int{10}, nil, nil), testShip(t, "W3", []int{10}, nil, nil),
			testShip(t, "Stray", []int{10}, nil, nil)}
		bt, _ := fleetBattle(side, []*Ship{testShip(t, "Foe", []int{10}, nil, nil)}, 50)
		bt.chainOfCommand()
		return bt, bt.ships[:6]
	}
	events := func(s []*shipState) []int {
		var out []int
		for _, st := range s {
			out = append(out, st.events)
			st.events = 0
		}
		return out
	}
	bt, s := setup()
	flag, sub, w1, w2, w3, stray := s[0], s[1], s[2], s[3], s[4], s[5]
	if bt.flag[0] != flag || sub.cmdBy != flag || w1.cmdBy != flag || w2.cmdBy != sub || w3.cmdBy != sub || stray.inChain {
		t.Fatalf("chain: flagship %s; commanders of Sub, W1, W2, W3: %s %s %s %s; Stray in the fleet %v",
			bt.flag[0].s.Name, sub.cmdBy.s.Name, w1.cmdBy.s.Name, w2.cmdBy.s.Name, w3.cmdBy.s.Name, stray.inChain)
	}
	if stray.crewQ != 1 || w2.crewQ != 2 {
		t.Errorf("crew: Stray %d (outside the fleet, want 1), W2 %d (want 2)", stray.crewQ, w2.crewQ)
	}
	sub.destroyed = true
	bt.commandLosses()
	if got := fmt.Sprint(events(s)); got != "[0 0 0 1 1 0]" {
		t.Errorf("squadron commander lost: conditions %s, want [0 0 0 1 1 0]", got)
	}
	bt.chainOfCommand()
	if w2.crewQ != 1 || w1.crewQ != 2 {
		t.Errorf("a link lost: W2 crew %d (want 1), W1 %d (want 2)", w2.crewQ, w1.crewQ)
	}

	bt, s = setup()
	flag = s[0]
	flag.destroyed = true
	bt.commandLosses()
	if got := fmt.Sprint(events(s)); got != "[0 2 2 2 2 0]" {
		t.Errorf("flagship lost: conditions %s, want [0 2 2 2 2 0]", got)
	}
	bt.commandLosses()
	if got := fmt.Sprint(events(s)); got != "[0 0 0 0 0 0]" {
		t.Errorf("flagship lost, the next turn: conditions %s, want none", got)
	}

	bt, s = setup()
	flag = s[0]
	flag.absent = 2
	bt.script = []int{1, 1, 1, 1}
	for _, st := range s[1:5] {
		st.moraleMods = 1
	}
	bt.chainOfCommand()
	bt.morale()
	for _, st := range s[1:5] {
		if !st.removed || st.crewQ != 1 {
			t.Errorf("flagship away: %s removed %v crew %d, want removed (1 - 1 < 1) at crew 1", st.s.Name, st.removed, st.crewQ)
		}
	}
	if s[5].removed {
		t.Error("the ship outside the fleet checked morale")
	}
}

// TestDeployment pins the encounter system's set-up (metaverse-rules.txt
// l. 3824-3832): "both players roll their respective flagship's command
// quality die (D1 if they have no flagship) and add two, if their
// opponent has any ships in their fleet with no FTL drive. The higher
// roller wins the initiative ... If the roll is a tie, the players fight a
// meeting engagement", in which "both players have a deployment area
// opposite each other that covers 80% of the table length, losing 10%
// either side and covering 10% into the table's width" (l. 3953-3956): on
// the 180 x 120 cm table of data/fleetrules.json, x 18-162 cm, y 0-12 and
// 108-120. Two lone ships without FTL roll D1 + 2 each: a tie. Each side's
// point is drawn in its zone: both in the middle (1D1000 = 500 on each
// axis) they stand 108 cm apart; at opposite corners 187 cm. A flagship
// (CiC) rolls its command die: D3 rolls 3, + 2 (the lone enemy has no
// FTL) = 5 against the enemy's D1 + 2 (the flagship's side has no FTL
// either) = 3: a difference of 2 offers the meeting engagement or a flank
// attack; the winner takes the one nearest the range it wants.
func TestDeployment(t *testing.T) {
	for _, tc := range []struct {
		fleet bool
		dice  []int
		want  string
	}{
		{false, []int{500, 500, 500, 500}, "initiative 3 against 3: Meeting Engagement, side 0 deploys in its main zone, 108 cm apart"},
		{false, []int{1, 1, 1000, 1000}, "initiative 3 against 3: Meeting Engagement, side 0 deploys in its main zone, 187 cm apart"},
		{true, []int{3, 500, 500, 500, 500}, "initiative 5 against 3: Meeting Engagement, side 0 deploys in its main zone, 108 cm apart"},
	} {
		a := []*Ship{testShip(t, "A", []int{10}, nil, guns(2))}
		if tc.fleet {
			a = append(a, testShip(t, "Flag", []int{10}, nil, func(d *designer.Design) {
				d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "cic", Rating: 1, Count: 1})
			}))
		}
		bt, tr := fleetBattle(a, []*Ship{testShip(t, "B", []int{10}, nil, guns(2))}, 0, tc.dice...)
		bt.chainOfCommand()
		d := bt.deploy()
		if !strings.Contains(tr.String(), tc.want) || len(bt.script) != 0 {
			t.Errorf("dice %v: want %q, got %q (%d dice left)", tc.dice, tc.want, tr.String(), len(bt.script))
		}
		if d.dist != bt.opt.StartRange && d.dist == 0 {
			t.Errorf("no distance")
		}
	}
	// The winner's choice: the encounter whose mean distance is nearest
	// the range it wants; a fixed start range skips the encounter system.
	f := deployment()
	if len(f.Options) != 2 || f.Options[0].mean < 115 || f.Options[0].mean > 125 || f.Options[1].mean <= f.Options[0].mean {
		t.Errorf("options %+v: want the meeting engagement about 122 cm, then the flank attack from the main zone, farther", f.Options)
	}
	a, b := testShip(t, "A", []int{10}, nil, nil), testShip(t, "B", []int{10}, nil, nil)
	bt := newBattle([]*Ship{a}, []*Ship{b}, Options{StartRange: 37, MaxTurns: 1})
	var sb strings.Builder
	bt.trace = func(f string, args ...any) { fmt.Fprintf(&sb, f+"\n", args...) }
	bt.play(rand.New(rand.NewPCG(1, 2)))
	if strings.Contains(sb.String(), "initiative") {
		t.Errorf("a fixed start range rolled the initiative:\n%s", sb.String())
	}
}

// sideGuns gives a design an outboard section of 10 hull hits on side
// ("port", "starboard", "aft") with three guns firing into sectors.
func sideGuns(side string, sectors ...int) func(d *designer.Design) {
	return func(d *designer.Design) {
		if len(d.Weapons) == 0 {
			guns(0)(d)
		}
		sec := &designer.Section{Layers: []designer.Layer{{HullHits: 10, Crew: 1}},
			Weapons: []designer.Mount{{Weapon: "g", Sectors: sectors, Count: 3}}}
		switch side {
		case "port":
			d.Sections.Port = sec
		case "starboard":
			d.Sections.Starboard = sec
		case "aft":
			d.Sections.Aft = sec
		}
	}
}

// TestSpecialManoeuvres pins the roll, the flip and the corkscrew
// (metaverse-rules.txt l. 357-395). "To perform a roll a starship requires
// one thruster point from each side ... a starship will flip its port and
// starboard sides on its record sheet ... The starship's movement rating
// is increased by +1" (l. 358-367): an enemy off the starboard bow
// (sector 1) of a ship with guns only to port and a thruster point a side
// (too few to turn) lies, after a roll, in sector 6, where they bear. "A
// newtonian starship may ... flip 180 degrees end to end ... three
// thruster points from each side ... +1" (l. 369-381): the enemy dead
// ahead (sector 0) of a newtonian ship with guns only aft (sectors 3-4)
// and 3 points a side (one 45-degree step) lies, after a flip, in sector
// 3; a cinematic ship may not flip. "To perform a corkscrew, a starship
// requires two thruster points from both sides ... weapons in the port
// and starboard sections may fire out the arc opposite them ... may not
// be volley fired. The starship's movement rating is increased by +2 ...
// All incoming weapon strikes on the side of the ship must be randomly
// assigned to the port or starboard sections" (l. 383-395): with three
// guns a side and the enemy to starboard, all six fire.
func TestSpecialManoeuvres(t *testing.T) {
	roller := testShip(t, "Roller", []int{20}, nil, func(d *designer.Design) {
		sideGuns("port", 5, 6)(d)
		sideThrusters(1)(d)
	})
	foe := testShip(t, "Foe", []int{30}, nil, guns(2))
	bt, tr := fleetBattle([]*Ship{roller}, []*Ship{foe}, 10)
	st := bt.ships[0]
	if got := bestFacing(bt, st, 1, bt.turnBudget(st)); got != 6 || st.moveRate != 1 || st.bothUsed != 1 {
		t.Errorf("roll: the enemy in sector %d, movement rating %+d, %d points a side; want 6, +1, 1\n%s", got, st.moveRate, st.bothUsed, tr)
	}

	for _, newtonian := range []bool{true, false} {
		flipper := testShip(t, "Flipper", []int{20}, nil, func(d *designer.Design) {
			sideGuns("aft", 3, 4)(d)
			sideThrusters(3)(d)
			if newtonian {
				d.Movement = designer.MovementNewtonian
			}
		})
		bt, tr := fleetBattle([]*Ship{flipper}, []*Ship{foe}, 10)
		st := bt.ships[0]
		got := bestFacing(bt, st, 0, bt.turnBudget(st))
		if newtonian && (got != 3 || st.moveRate != 1 || st.bothUsed != 3) || !newtonian && strings.Contains(tr.String(), "flips") {
			t.Errorf("newtonian %v: the enemy in sector %d, movement rating %+d, %d points a side\n%s", newtonian, got, st.moveRate, st.bothUsed, tr)
		}
	}

	cork := testShip(t, "Corkscrew", []int{20}, nil, func(d *designer.Design) {
		sideGuns("port", 5, 6)(d)
		sideGuns("starboard", 1, 2)(d)
		sideThrusters(2)(d)
	})
	bt, tr = fleetBattle([]*Ship{cork}, []*Ship{foe}, 10, 1)
	st, e := bt.ships[0], bt.ships[1]
	st.facing = 1
	bt.plotCorkscrew(st)
	n := 0
	for ci := range st.s.copies {
		if covers(st, ci) {
			n++
		}
	}
	if !st.cork || st.moveRate != 2 || st.bothUsed != 2 || n != 6 {
		t.Fatalf("corkscrew %v: movement rating %+d, %d points a side, %d guns bear; want true, +2, 2, 6\n%s", st.cork, st.moveRate, st.bothUsed, n, tr)
	}
	e.facing = 0
	if a := bt.struckArc(st); a != arcPort {
		t.Errorf("a strike on the corkscrewing ship's starboard side, 1D2 = 1: arc %d, want port (%d)", a, arcPort)
	}
	st.cork = false
	n = 0
	for ci := range st.s.copies {
		if covers(st, ci) {
			n++
		}
	}
	if n != 3 {
		t.Errorf("without a corkscrew %d guns bear, want 3", n)
	}
}

// TestSquadronFire: "When the squadron commander's starship fires during
// the starship combat step, any other starships in the squadron and within
// 20cm may fire at the same time, regardless of their crew qualities"
// (metaverse-rules.txt l. 3796-3799): a crew 1 wingman of a crew 4
// commander fires with it, before a crew 3 enemy; with its commander gone
// it fires at its own quality (less one: the link is lost, l. 3756-3761).
func TestSquadronFire(t *testing.T) {
	lead := testShip(t, "Lead", []int{20}, nil, func(d *designer.Design) {
		guns(1)(d)
		d.CrewQuality = 4
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "cic", Rating: 1, Count: 1})
	})
	wing := testShip(t, "Wing", []int{20}, nil, func(d *designer.Design) {
		guns(1)(d)
		d.CrewQuality = 1
	})
	foe := testShip(t, "Foe", []int{200}, nil, func(d *designer.Design) {
		guns(1)(d)
		d.CrewQuality = 3
	})
	foe.ems = 3 // both may fire on it
	bt, tr := fleetBattle([]*Ship{lead, wing}, []*Ship{foe}, 10)
	bt.chainOfCommand()
	bt.starshipCombat()
	w, f := strings.Index(tr.String(), "Wing fires"), strings.Index(tr.String(), "Foe fires")
	if w < 0 || f < 0 || w > f {
		t.Errorf("the wingman should fire with its commander, before the foe:\n%s", tr)
	}
	bt.ships[0].destroyed = true
	bt.chainOfCommand()
	if q := bt.fireQuality(bt.ships[1]); q != 0 {
		t.Errorf("its commander destroyed, the wingman fires at quality %d, want 0 (crew 1 - 1)", q)
	}
}

// TestRangesText: a regimes run names the encounter deployment (start
// range 0) beside its fixed ranges, and prints fixed ranges as before.
func TestRangesText(t *testing.T) {
	for _, tc := range []struct {
		rs   []int
		want string
	}{{[]int{20, 100, 200}, "20, 100, 200 cm"}, {[]int{0}, "deployed by the encounter rules"}, {[]int{100, 0}, "100 cm and deployed by the encounter rules"}} {
		if got := rangesText(tc.rs); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.rs, got, tc.want)
		}
	}
}

// TestMoraleTriggers: each condition of the list (metaverse-rules.txt l.
// 1714-1721) on its own. "Starship Section Destroyed": a ship that loses
// its fore section checks; already at -1 it rolls 1 - 1 and leaves. On a
// chain four levels deep (l. 3768-3770: squadron, wing, division, fleet;
// every ship a CiC 1, so each commands the next), the one-section ship at
// the bottom meets "Division Commander Destroyed" when the third
// commander above it is lost, and only "Flagship Destroyed" when the
// flagship, fourth above it, is; the squadron commander just above it
// meets the flagship as its division commander too.
func TestMoraleTriggers(t *testing.T) {
	s := testShip(t, "Sectioned", []int{10}, []int{1}, nil)
	bt, tr := fleetBattle([]*Ship{s}, []*Ship{testShip(t, "Foe", []int{10}, nil, nil)}, 50, 1)
	st := bt.ships[0]
	st.moraleMods = 1
	bt.directHull(st, 1, 1)
	bt.morale()
	if !st.secDead[1] || !st.removed || len(bt.script) != 0 {
		t.Errorf("section destroyed: section gone %v, removed %v, dice left %v\n%s", st.secDead[1], st.removed, bt.script, tr)
	}

	cic := func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "cic", Rating: 1, Count: 1})
	}
	var side []*Ship
	for _, n := range []string{"Fleet", "Division", "Wing", "Squadron"} {
		side = append(side, testShip(t, n, []int{10}, nil, cic))
	}
	side = append(side, testShip(t, "Ship", []int{10}, nil, nil))
	for _, tc := range []struct {
		lost int
		want string
	}{{2, "[0 0 0 1 1]"}, {1, "[0 0 1 1 1]"}, {0, "[0 2 2 2 1]"}} {
		bt, _ := fleetBattle(side, []*Ship{testShip(t, "Foe", []int{10}, nil, nil)}, 50)
		bt.chainOfCommand()
		for i := 1; i < 5; i++ {
			if bt.ships[i].cmdBy != bt.ships[i-1] {
				t.Fatalf("%s is commanded by %v, want %s", bt.ships[i].s.Name, bt.ships[i].cmdBy, bt.ships[i-1].s.Name)
			}
		}
		bt.ships[tc.lost].destroyed = true
		bt.commandLosses()
		var got []int
		for _, x := range bt.ships[:5] {
			got = append(got, x.events)
		}
		if fmt.Sprint(got) != tc.want {
			t.Errorf("%s lost: conditions %v, want %s", bt.ships[tc.lost].s.Name, got, tc.want)
		}
	}
}

// TestTableEdge: the sides fight on the table they deployed on
// (data/fleetrules.json, 180 x 120 cm; the rulebook has no rule for
// leaving it, docs/rules.md decision 27): a side opens the range only as
// far as its table edge allows, whatever it wants and however fast it is.
func TestTableEdge(t *testing.T) {
	// Deployed by the encounter rules (rules l. 3952-3956): both sides
	// half-way along their 12 cm deep zones stand 6 cm from their edges.
	a, b := testShip(t, "A", []int{10}, nil, guns(2)), testShip(t, "B", []int{10}, nil, guns(2))
	bt, _ := fleetBattle([]*Ship{a}, []*Ship{b}, 0, 500, 500, 500, 500)
	bt.chainOfCommand()
	if d := bt.deploy(); d.dist != 108 || d.room != [2]int{6, 6} {
		t.Errorf("deployed %d cm apart with room %v: want 108 cm and 6 cm each", d.dist, d.room)
	}
	// A fixed start: either side of the table's centre along its length.
	bt = newBattle([]*Ship{a}, []*Ship{b}, Options{StartRange: 100, MaxTurns: 1})
	bt.play(rand.New(rand.NewPCG(1, 2)))
	if bt.line != 180 && bt.line != bt.dist+bt.room[0]+bt.room[1] {
		t.Errorf("start 100 cm: line %d, room %v, dist %d", bt.line, bt.room, bt.dist)
	}
	// Movement spends and regains room; a side without room cannot open.
	bt, _ = fleetBattle([]*Ship{a}, []*Ship{b}, 60)
	bt.line, bt.room = 100, [2]int{0, 40}
	if got := bt.reachable(0, 150); got != 60 {
		t.Errorf("side 0 with no room reaches %d cm: want 60", got)
	}
	if got := bt.reachable(1, 150); got != 100 {
		t.Errorf("side 1 with 40 cm of room reaches %d cm: want 100", got)
	}
	bt.move = [2]int{0, -10}
	bt.moveOnTable()
	if bt.dist != 50 || bt.room != [2]int{0, 50} {
		t.Errorf("side 1 closing 10: %d cm apart, room %v; want 50 and [0 50]", bt.dist, bt.room)
	}
	bt.dist, bt.room, bt.line, bt.move = 5, [2]int{10, 20}, 35, [2]int{-10, 0}
	bt.moveOnTable()
	if bt.dist != 0 || bt.room != [2]int{15, 20} {
		t.Errorf("side 0 closing 10 from 5 cm: %d cm apart, room %v; want 0 and [15 20]", bt.dist, bt.room)
	}
	bt.dist, bt.room, bt.line = 80, [2]int{10, 10}, 100
	bt.jumped(1, 10)
	if bt.dist != 10 || bt.room != [2]int{10, 80} {
		t.Errorf("side 1 jumping to 10 cm: %d cm apart, room %v; want 10 and [10 80]", bt.dist, bt.room)
	}
	// A whole battle: however the sides manoeuvre, they never stand
	// farther apart than the line the table gave them.
	k := testShip(t, "Kiter", []int{10}, nil, func(d *designer.Design) {
		guns(2)(d)
		d.Weapons[0].Range = 40
	})
	bt = newBattle([]*Ship{k}, []*Ship{b}, Options{StartRange: 100, MaxTurns: 10})
	var sb strings.Builder
	bt.trace = func(f string, args ...any) { fmt.Fprintf(&sb, f+"\n", args...) }
	bt.play(rand.New(rand.NewPCG(3, 4)))
	moves := 0
	for _, l := range strings.Split(sb.String(), "\n") {
		var m0, m1, d, r0, r1 int
		if n, _ := fmt.Sscanf(l, "sides move %d and %d: %d cm apart, room to open %d and %d", &m0, &m1, &d, &r0, &r1); n == 5 {
			moves++
			if d > 140 || r0 < 0 || r1 < 0 {
				t.Errorf("%s: past the table (start 100 cm, 40 cm of room each)", l)
			}
		}
	}
	if moves == 0 {
		t.Errorf("no movement traced:\n%s", sb.String())
	}
}

// TestHoldFire: a weapon that must wait to fire again, or fires once a
// game, is kept for a shot that can tell, and no salvo is launched that
// cannot reach its target.
//
// Rules (metaverse-rules.txt): l. 3169-3172 "Unlimited weapons can fire
// every turn without interruption. Limited weapons can only fire every
// other turn and one-shot weapons may only be fired once per game."; l.
// 960-968 an indirect weapon's token "is moved away from the starship ...
// in a straight line up to its range", and Indirect N "determines the
// number of turns the weapon may stay on the table. Each turn ... the
// token may be moved its range limit again"; l. 980-983 it strikes "any
// starship within 15cm of themselves". Range bands (§3.6.2): an energy
// weapon loses 1 a pulse per band.
//
//   - A one-shot torpedo of range 30 and Indirect 2 reaches 30 x 2 + 15 =
//     75 cm: at 76 cm it is kept, at 75 it is launched.
//   - A limited energy gun of range 5 and D6 loses 11 a pulse at 60 cm
//     (band 11): it cannot hurt and is not fired; an unlimited copy of the
//     same gun still fires (it loses nothing by it), and at 10 cm (band
//     1, D6 - 1) the limited one fires too.
func TestHoldFire(t *testing.T) {
	torpedo := func(d *designer.Design) {
		d.Weapons = []designer.WeaponDef{{ID: "t", Name: "Torpedo", DamageType: designer.DamageKinetic, Pulse: 2, Die: "D12",
			Effect: designer.EffectRaking, TargetMethod: designer.TargetIndirect, IndirectTurns: 2, Range: 30,
			RateOfFire: designer.RateOneShot, Interceptable: true, Targets: []string{designer.TargetsStarships}}}
		d.Sections.Core.Weapons = []designer.Mount{{Weapon: "t", Sectors: []int{7, 0}, Count: 1}}
	}
	for _, tc := range []struct {
		dist   int
		launch bool
	}{{76, false}, {75, true}} {
		a := testShip(t, "Launcher", []int{20}, nil, torpedo)
		b := testShip(t, "Target", []int{20}, nil, nil)
		bt, tr := fleetBattle([]*Ship{a}, []*Ship{b}, tc.dist)
		bt.starshipCombat()
		if got := len(bt.salvos) > 0; got != tc.launch || (bt.ships[0].shots[0] > 0) != tc.launch {
			t.Errorf("at %d cm: launched %v (shots %d), want %v\n%s", tc.dist, got, bt.ships[0].shots[0], tc.launch, tr)
		}
	}

	limited := func(rof string) func(d *designer.Design) {
		return func(d *designer.Design) {
			g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 5)
			g.RateOfFire, g.Interceptable = rof, false
			d.Weapons = []designer.WeaponDef{g}
			d.Sections.Core.Weapons = []designer.Mount{{Weapon: "g", Sectors: []int{7, 0}, Count: 1}}
		}
	}
	for _, tc := range []struct {
		rof  string
		dist int
		fire bool
	}{{designer.RateLimited, 60, false}, {designer.RateUnlimited, 60, true}, {designer.RateLimited, 10, true}, {designer.RateOneShot, 60, false}} {
		a := testShip(t, "Gunner", []int{20}, nil, limited(tc.rof))
		b := testShip(t, "Target", []int{20}, nil, nil)
		bt, tr := fleetBattle([]*Ship{a}, []*Ship{b}, tc.dist)
		bt.starshipCombat()
		if fired := strings.Contains(tr.String(), "Gunner fires"); fired != tc.fire {
			t.Errorf("%s gun at %d cm: fired %v, want %v\n%s", tc.rof, tc.dist, fired, tc.fire, tr)
		}
	}
}
