package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// Hand-computed cases for single mechanics. Each builds a tiny battle,
// scripts the dice and checks the numbers a player would work out with
// the rulebook open.

// testShip builds a ship: a core of the given layers, an optional fore
// section, one bridge, reactor and sensor.
func testShip(t *testing.T, name string, core []int, fore []int, edit func(d *designer.Design)) *Ship {
	t.Helper()
	d := &designer.Design{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: name, TechLevel: 10,
		Movement: designer.MovementCinematic, Hull: designer.HullMetallic, CrewQuality: 2, CommandQuality: "D3", DamageControl: "D4"}
	c := &designer.Section{Systems: []designer.System{{Kind: "bridge", Count: 1}, {Kind: "reactor", Count: 1},
		{Kind: "sensor", Rating: 15, Count: 1}}}
	for _, h := range core {
		c.Layers = append(c.Layers, designer.Layer{HullHits: h, Crew: 1})
	}
	d.Sections.Core = c
	if fore != nil {
		f := &designer.Section{}
		for _, h := range fore {
			f.Layers = append(f.Layers, designer.Layer{HullHits: h, Crew: 1})
		}
		d.Sections.Fore = f
	}
	if edit != nil {
		edit(d)
	}
	s, err := Compile(costing.NewModel(nil), d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// scripted sets up a battle of a against b with the given dice and a
// trace into a string builder.
func scripted(a, b *Ship, dice ...int) (*battle, *strings.Builder) {
	bt := newBattle([]*Ship{a}, []*Ship{b}, Options{})
	bt.rng = rand.New(rand.NewPCG(1, 2))
	for _, st := range bt.ships {
		st.reset()
	}
	bt.turn, bt.dist = 1, 10
	bt.script = dice
	var sb strings.Builder
	bt.trace = func(f string, args ...any) { fmt.Fprintf(&sb, f+"\n", args...) }
	return bt, &sb
}

func layers(st *shipState, si int) []int {
	return append([]int(nil), st.hits[st.s.layerAt[si]:st.s.layerAt[si+1]]...)
}

// TestSensorRollTable pins the sensor roll of rules §1.3.1 roll by roll:
// the ISS Vengeance example (sensor 15 against EW 2: profile 13; target
// profile 3 - 1 = 2) hits on 3-13; when the target profile reaches the
// sensor profile only a roll equal to the sensor rating hits.
func TestSensorRollTable(t *testing.T) {
	tests := []struct {
		sensor, sp, tp int
		hit            string // the rolls 1-20 that hit
	}{
		{15, 13, 2, "3-13"},
		{15, 15, 0, "1-15"},
		{14, 12, 1, "2-12"},
		{10, 8, 9, "10"},        // TP >= SP: only the sensor's own rating
		{10, 8, 8, "10"},        // equal profiles: the same
		{12, 25, 3, "4-20"},     // a profile over 20 cannot exceed the die
		{14, 12, 1 + 3, "5-12"}, // kinetic weapon three bands out: +3 target profile
	}
	for _, tc := range tests {
		var got []int
		for r := 1; r <= 20; r++ {
			if hits(r, tc.sensor, tc.sp, tc.tp) {
				got = append(got, r)
			}
		}
		s := ""
		if len(got) > 0 {
			s = fmt.Sprint(got[0])
			if len(got) > 1 {
				s += fmt.Sprintf("-%d", got[len(got)-1])
				if got[len(got)-1]-got[0]+1 != len(got) {
					s = fmt.Sprint(got)
				}
			}
		}
		if s != tc.hit {
			t.Errorf("sensor %d SP %d TP %d: hits on %s, want %s", tc.sensor, tc.sp, tc.tp, s, tc.hit)
		}
	}
	if p := hitChance(15, 13, 2); p != 11.0/20 {
		t.Errorf("Vengeance on Thunderchild: P = %v, want 11/20", p)
	}
}

// TestRakingTrace: a raking D6 energy pulse at 10 cm (band 0) against a
// fore section of layers 3/3 behind armour 1 and a core of 5.
//   - face 6: 6 - 1 armour = 5; layer 1 (3) falls (critical), layer 2
//     keeps 1 of 3.
//   - face 6 again: 5; layer 2 falls (critical), the section is destroyed
//     (critical on the core), 4 more go to the core less its armour 1: 3,
//     leaving 2 of 5.
func TestRakingTrace(t *testing.T) {
	gun := designer.WeaponDef{ID: "g", Name: "Gun", DamageType: designer.DamageEnergy, Pulse: 1, Die: "D6",
		Effect: designer.EffectRaking, TargetMethod: designer.TargetDirect, Range: 10, RateOfFire: designer.RateUnlimited,
		Interceptable: true, Targets: []string{designer.TargetsStarships}}
	a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) { d.Weapons = []designer.WeaponDef{gun} })
	b := testShip(t, "B", []int{5}, []int{3, 3}, func(d *designer.Design) {
		d.Sections.Fore.Armour.Set(designer.ArcFore, &designer.Armour{Rating: 1, Type: designer.DefenceEnergyKinetic})
	})
	bt, tr := scripted(a, b, 6, 6)
	tgt := bt.ships[1]
	tgt.facing = 0 // the attacker lies in sector 0: fore arc
	at := weaponAttack(&a.weapons[0], 0)
	bt.pulse(tgt, 0, &at)
	if got := layers(tgt, 1); got[0] != 0 || got[1] != 1 || tgt.crits[1] != 1 {
		t.Fatalf("after the first pulse fore layers %v, crits %d; want [0 1], 1\n%s", got, tgt.crits[1], tr)
	}
	bt.pulse(tgt, 0, &at)
	if !tgt.secDead[1] || layers(tgt, 0)[0] != 2 || tgt.crits[secCore] != 1 {
		t.Fatalf("after the second pulse: fore destroyed %v, core %v, core crits %d; want true, [2], 1\n%s",
			tgt.secDead[1], layers(tgt, 0), tgt.crits[secCore], tr)
	}
}

// TestPenetratingTrace: a penetrating pulse of 7 (D8 face 7, no
// armour) through fore layers 2/2/2, core 3/3 and aft 2: one point to
// each standing layer in turn: three fore (the third is the bottom:
// critical), two core (the second is the bottom: critical), one aft (its
// only layer, the bottom: critical, and it falls: critical, section
// destroyed: critical on the core); the seventh point is lost.
func TestPenetratingTrace(t *testing.T) {
	gun := designer.WeaponDef{ID: "g", Name: "Lance", DamageType: designer.DamageKinetic, Pulse: 1, Die: "D8",
		Effect: designer.EffectPenetrating, TargetMethod: designer.TargetDirect, Range: 10, RateOfFire: designer.RateUnlimited,
		Interceptable: true, Targets: []string{designer.TargetsStarships}}
	a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) { d.Weapons = []designer.WeaponDef{gun} })
	b := testShip(t, "B", []int{3, 3}, []int{2, 2, 2}, func(d *designer.Design) {
		d.Sections.Aft = &designer.Section{Layers: []designer.Layer{{HullHits: 1}}}
	})
	bt, tr := scripted(a, b, 7)
	tgt := bt.ships[1]
	at := weaponAttack(&a.weapons[0], 0)
	if h := bt.pulse(tgt, 0, &at); h != 7 {
		t.Fatalf("hull damage %d, want 7\n%s", h, tr)
	}
	want := map[int][]int{1: {1, 1, 1}, 0: {2, 2}, 2: {0}}
	for si, w := range want {
		if got := layers(tgt, si); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("section %d layers %v, want %v\n%s", si, got, w, tr)
		}
	}
	if tgt.crits[1] != 1 || tgt.crits[secCore] != 2 || !tgt.secDead[2] {
		t.Errorf("crits fore %d core %d, aft destroyed %v; want 1, 2 (bottom layer, aft destroyed), true\n%s",
			tgt.crits[1], tgt.crits[secCore], tgt.secDead[2], tr)
	}
	if tgt.destroyed {
		t.Error("the ship should stand")
	}
}

// TestShieldRegeneration: 6 energy shield hits on the fore arc with one
// basic generator of rating 2. A pulse of 5 (D6 face 5) takes 5 off the
// shields; the repair step regenerates count x rating = 2 (1 -> 3), the
// next 2 (3 -> 5), then the maximum 6. Shields take no armour: armour 3
// does not reduce the damage to them. A disabled generator crosses its
// shields off.
func TestShieldRegeneration(t *testing.T) {
	gun := designer.WeaponDef{ID: "g", Name: "Gun", DamageType: designer.DamageEnergy, Pulse: 1, Die: "D6",
		Effect: designer.EffectRaking, TargetMethod: designer.TargetDirect, Range: 10, RateOfFire: designer.RateUnlimited,
		Interceptable: true, Targets: []string{designer.TargetsStarships}}
	a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) { d.Weapons = []designer.WeaponDef{gun} })
	b := testShip(t, "B", []int{10}, []int{10}, func(d *designer.Design) {
		f := d.Sections.Fore
		f.Armour.Set(designer.ArcFore, &designer.Armour{Rating: 3, Type: designer.DefenceEnergyKinetic})
		f.Shields.Set(designer.ArcFore, &designer.Shield{Hits: 6, Type: designer.DefenceEnergy})
		f.Systems = append(f.Systems, designer.System{Kind: "shieldBasic", Rating: 2, Count: 1})
	})
	bt, tr := scripted(a, b, 5)
	tgt := bt.ships[1]
	at := weaponAttack(&a.weapons[0], 0)
	bt.pulse(tgt, 0, &at)
	if tgt.shields[0] != 1 || tgt.hull(1) != 10 {
		t.Fatalf("shields %d hull %d, want 1 and 10\n%s", tgt.shields[0], tgt.hull(1), tr)
	}
	for _, want := range []int{3, 5, 6, 6} {
		bt.repair()
		if tgt.shields[0] != want {
			t.Fatalf("after repair shields %d, want %d", tgt.shields[0], want)
		}
	}
	for i, in := range b.systems {
		if in.k == kShieldBasic {
			tgt.sysOff[i] = true
		}
	}
	bt.afterGroup()
	if tgt.shields[0] != 0 {
		t.Errorf("generator disabled: shields %d, want 0", tgt.shields[0])
	}
}

// TestEMSCap: a ship of EMS 1 allows one attacker a turn (rules §1.3.4).
// Once an enemy ship has fired on it, a salvo in reach is held off; a
// targeting array of rating 2 lets its own ship fire up to EMS 3; a
// jamming array lowers the cap, never under 1.
func TestEMSCap(t *testing.T) {
	missile := designer.WeaponDef{ID: "m", Name: "Missile", DamageType: designer.DamageKinetic, Pulse: 1, Die: "D6",
		Effect: designer.EffectRaking, TargetMethod: designer.TargetIndirect, IndirectTurns: 3, Range: 20,
		RateOfFire: designer.RateUnlimited, Interceptable: true, Targets: []string{designer.TargetsStarships}}
	a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) {
		d.Weapons = []designer.WeaponDef{missile}
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "targeting", Rating: 2, Count: 1})
	})
	b := testShip(t, "B", []int{10}, nil, nil)
	if b.ems != 1 {
		t.Fatalf("target EMS %d, want 1", b.ems)
	}
	bt, tr := scripted(a, b)
	atk, tgt := bt.ships[0], bt.ships[1]
	if c := bt.emsCap(tgt, nil); c != 1 {
		t.Errorf("cap %d, want 1", c)
	}
	if c := bt.emsCap(tgt, atk); c != 3 {
		t.Errorf("cap for a firer with targeting 2: %d, want 3", c)
	}
	tgt.attackedBy = 1 // an enemy ship has fired on it this turn
	s := salvo{owner: atk, target: tgt, missiles: []int{0}, speed: 20, dist: 0, turns: 3}
	bt.strike(&s)
	if s.missiles == nil || tgt.hull(-1) != 10 || !strings.Contains(tr.String(), "held off by its EMS 1") {
		t.Fatalf("the salvo struck past the EMS cap\n%s", tr)
	}
	tgt.attackedBy = 0
	bt.script = []int{4}
	bt.strike(&s)
	if tgt.hull(-1) != 6 {
		t.Fatalf("salvo on a free target: hull %d, want 6\n%s", tgt.hull(-1), tr)
	}
	j := testShip(t, "J", []int{10}, nil, func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "jammer", Rating: 1, Count: 3})
	})
	bt2, _ := scripted(a, j)
	if c := bt2.emsCap(bt2.ships[1], nil); c != 1 {
		t.Errorf("jammed cap %d, want 1 (never under 1)", c)
	}
}

// TestRam: a rammer of mass factor 5 (hull 50) closing at 3 cm a turn
// on a target of mass factor 2 (hull 19) (rules §1.2.3): the target fires
// first (it has nothing to fire), then takes 5 x 3 = 15 (19 -> 4) and
// the rammer 2 x 3 = 6 (50 -> 44), each against armour 0 on the struck
// arc.
func TestRam(t *testing.T) {
	a := testShip(t, "Rammer", []int{25, 25}, nil, nil)
	b := testShip(t, "Target", []int{19}, nil, nil)
	if a.mf != 5 || b.mf != 2 {
		t.Fatalf("mass factors %d and %d", a.mf, b.mf)
	}
	bt, tr := scripted(a, b)
	r, tg := bt.ships[0], bt.ships[1]
	bt.rams = append(bt.rams, ramAttempt{rammer: r, target: tg, closing: 3})
	bt.starshipCombat()
	if tg.hull(-1) != 4 || r.hull(-1) != 44 {
		t.Fatalf("after the ram target hull %d (want 4), rammer hull %d (want 44)\n%s", tg.hull(-1), r.hull(-1), tr)
	}
	if !strings.Contains(tr.String(), "ram: 15 damage to Target, 6 to Rammer") {
		t.Errorf("trace:\n%s", tr)
	}
}

// TestDeterministicAcrossWorkers: a run's result depends on its seed, not
// on the number of workers.
func TestDeterministicAcrossWorkers(t *testing.T) {
	g := NewGenerator(5, nil)
	m := costing.NewModel(nil)
	var ships []*Ship
	for i := 0; i < 2; i++ {
		d, err := g.Design(StyleRandom, i)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Compile(m, d)
		if err != nil {
			t.Fatal(err)
		}
		ships = append(ships, s)
	}
	r1 := Run(ships[:1], ships[1:], 300, 9, 1, Options{})
	r2 := Run(ships[:1], ships[1:], 300, 9, 3, Options{})
	if r1 != r2 {
		t.Fatalf("1 worker %+v, 3 workers %+v", r1, r2)
	}
	r3 := Run(ships[:1], ships[1:], 300, 10, 2, Options{})
	if r3 == r1 {
		t.Error("another seed gave the very same result")
	}
}
