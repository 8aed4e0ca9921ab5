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

// TestSensorRollTable pins the sensor roll of rules §1.3.1 roll by roll.
// metaverse-rules.txt l. 739-745: "the success condition of a sensor roll
// can be declared as being less than or equal to the sensor profile but
// greater than the target profile. However, should the target profile
// equal or exceed the sensor profile, a sensor roll equal to the rating of
// the used sensor is always considered a hit." The ISS Vengeance example
// (l. 771-776: sensor 15 against EW 2, profile 13; target profile 3 - 1 =
// 2; "must roll thirteen or less ... and greater than two") hits on 3-13.
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

// TestSensorProfiles plays the ISS Vengeance example through fire
// (metaverse-rules.txt l. 750-776): sensor array 15 against the
// Thunderchild's EW array 2, "a sensor profile of thirteen (15-2)"; target
// rating 1 + 2 for an evasive manoeuvre, movement rating -1 for the
// Vengeance's drift: "a target profile of two". Rolls 13 and 3 hit, 14 and
// 2 miss. At 35 cm with range-10 weapons (three range bands: ceil(35/10) -
// 1) a kinetic weapon adds 3 to the target profile (l. 727-730 "Kinetic
// weapons will receive a +1 to the target rating of any target they fire
// upon for every range band") and an energy one loses 3 a pulse (l. 3018-
// 3020 "Energy weapons receive a -1 to the damage output of each pulse per
// range band"): a face of 6 deals 3.
func TestSensorProfiles(t *testing.T) {
	for _, tc := range []struct {
		typ        string
		dist, roll int
		want       string
		hull       int // the target's hull after a face of 6
	}{
		{designer.DamageEnergy, 10, 13, "roll 13 against SP 13 TP 2: true", 14},
		{designer.DamageEnergy, 10, 14, "roll 14 against SP 13 TP 2: false", 20},
		{designer.DamageEnergy, 10, 3, "roll 3 against SP 13 TP 2: true", 14},
		{designer.DamageEnergy, 10, 2, "roll 2 against SP 13 TP 2: false", 20},
		{designer.DamageKinetic, 35, 6, "roll 6 against SP 13 TP 5: true", 14},
		{designer.DamageKinetic, 35, 5, "roll 5 against SP 13 TP 5: false", 20},
		{designer.DamageEnergy, 35, 3, "roll 3 against SP 13 TP 2: true", 17},
	} {
		g := gun(tc.typ, designer.EffectRaking, "D6", 10)
		g.Interceptable = false
		a := testShip(t, "Vengeance", []int{10}, nil, func(d *designer.Design) {
			d.Weapons = []designer.WeaponDef{g}
			d.Sections.Core.Weapons = []designer.Mount{{Weapon: "g", Sectors: []int{7, 0}, Count: 1}}
		})
		b := testShip(t, "Thunderchild", []int{20}, nil, func(d *designer.Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "ewArray", Rating: 2, Count: 1})
		})
		b.tr = 1
		bt, tr := scripted(a, b, tc.roll, 6)
		bt.dist = tc.dist
		atk, tgt := bt.ships[0], bt.ships[1]
		tgt.trMod, atk.moveRate = 2, -1
		bt.fire(atk, 0, tgt, 15, 0)
		if !strings.Contains(tr.String(), tc.want) || tgt.hull(-1) != tc.hull {
			t.Errorf("%s at %d cm, roll %d: want %q and hull %d, got hull %d\n%s", tc.typ, tc.dist, tc.roll, tc.want, tc.hull, tgt.hull(-1), tr)
		}
	}
}

// gun is a direct, unlimited weapon of one pulse that fires on starships.
func gun(typ, effect string, die designer.Die, rng int) designer.WeaponDef {
	return designer.WeaponDef{ID: "g", Name: "Gun", DamageType: typ, Pulse: 1, Die: die,
		Effect: effect, TargetMethod: designer.TargetDirect, Range: rng, RateOfFire: designer.RateUnlimited,
		Interceptable: true, Targets: []string{designer.TargetsStarships}}
}

// TestRakingTrace: raking D6 energy pulses at 10 cm (band 0) against a
// fore section of layers 3/3 behind armour 2 and a core of 5.
//
// Rules (metaverse-rules.txt): l. 1139-1142 "For raking weapons, the
// damage is recorded along hull layers, from left to right, only damaging
// the next hull layer when the current one is destroyed. The top most
// layer is always damaged first."; l. 1086-1089 "When the last hull hit in
// the final layer of a section is crossed off, the section is destroyed.
// Any remaining damage is dealt to the core section"; l. 1091-1093 "When
// damage is inflicted on the core section through a destroyed outer
// section, the core is considered to have an armour rating of one.";
// l. 1151-1154 and 1159-1161 "When the final hull hit of a hull layer is
// crossed off, that section receives a critical hit. ... When a section is
// destroyed, the core section automatically receives a critical hit."
//
//   - face 6: 6 - 2 armour = 4; layer 1 (3) falls (critical), layer 2
//     keeps 2 of 3.
//   - face 6: 4; layer 2 falls (critical), the section is destroyed
//     (critical on the core), the 2 left go to the core less its armour 1:
//     1, leaving 4 of 5.
//   - face 5, fore destroyed: the core has armour 1, not the fore arc's 2:
//     4, which destroys the core and the ship (with armour 2 it would keep 1).
func TestRakingTrace(t *testing.T) {
	g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
	a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) { d.Weapons = []designer.WeaponDef{g} })
	b := testShip(t, "B", []int{5}, []int{3, 3}, func(d *designer.Design) {
		d.Sections.Fore.Armour.Set(designer.ArcFore, &designer.Armour{Rating: 2, Type: designer.DefenceEnergyKinetic})
	})
	bt, tr := scripted(a, b, 6, 6, 5)
	tgt := bt.ships[1]
	tgt.facing = 0 // the attacker lies in sector 0: fore arc
	at := weaponAttack(&a.weapons[0], 0)
	if h := bt.pulse(tgt, 0, &at); h != 4 {
		t.Errorf("first pulse: hull damage %d, want 4", h)
	}
	if got := layers(tgt, 1); got[0] != 0 || got[1] != 2 || tgt.crits[1] != 1 {
		t.Fatalf("after the first pulse fore layers %v, crits %d; want [0 2], 1\n%s", got, tgt.crits[1], tr)
	}
	bt.pulse(tgt, 0, &at)
	if !tgt.secDead[1] || layers(tgt, 0)[0] != 4 || tgt.crits[secCore] != 1 {
		t.Fatalf("after the second pulse: fore destroyed %v, core %v, core crits %d; want true, [4], 1\n%s",
			tgt.secDead[1], layers(tgt, 0), tgt.crits[secCore], tr)
	}
	bt.pulse(tgt, 0, &at)
	if !tgt.destroyed || layers(tgt, 0)[0] != 0 {
		t.Fatalf("third pulse through the destroyed fore: core %v, destroyed %v; want [0], true\n%s",
			layers(tgt, 0), tgt.destroyed, tr)
	}
}

// TestPenetratingTrace: a penetrating pulse of 7 (D8 face 7, no
// armour) through fore layers 2/2/2, core 3/3 and an aft section of one
// layer of 1: one point to each standing layer in turn: three fore (the
// third is the bottom: critical), two core (the second is the bottom:
// critical), one aft (its only layer, the bottom: critical, and it falls:
// critical, section destroyed: critical on the core); the seventh point
// is lost.
//
// Rules (metaverse-rules.txt): l. 1144-1145 and 1084-1085 "Penetrating
// weapons deal their damage vertically by inflicting one damage to each
// layer; always hitting the left most box of each layer. Each pulse of a
// penetrating weapon does this independently, starting with the top
// layer."; l. 1094-1100 "If a penetrating weapon deals damage to an outer
// section ... and deals one damage to each layer but damage remains, the
// damage continues on to the core section, dealing one damage to each
// layer."; l. 1102-1108 "... the damage continues on to the next section
// through the starship. ... this leftover damage is discarded.";
// l. 1156-1159 "If a penetrating weapon inflicts a damage point to the
// bottom hull layer of a section (for each point inflicted if the pulse is
// greater than one), a critical hit is scored on that section."
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

	// Armour 2 on the fore arc takes 2 of the 7 once (l. 1917-1919 "the
	// damage, per pulse, is reduced by the armour rating"): 5 points, three
	// fore and two core; the aft is untouched.
	c := testShip(t, "C", []int{3, 3}, []int{2, 2, 2}, func(d *designer.Design) {
		d.Sections.Aft = &designer.Section{Layers: []designer.Layer{{HullHits: 1}}}
		d.Sections.Fore.Armour.Set(designer.ArcFore, &designer.Armour{Rating: 2, Type: designer.DefenceKinetic})
	})
	bt, tr = scripted(a, c, 7)
	tgt = bt.ships[1]
	if h := bt.pulse(tgt, 0, &at); h != 5 {
		t.Fatalf("armour 2: hull damage %d, want 5\n%s", h, tr)
	}
	want = map[int][]int{1: {1, 1, 1}, 0: {2, 2}, 2: {1}}
	for si, w := range want {
		if got := layers(tgt, si); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("armour 2: section %d layers %v, want %v\n%s", si, got, w, tr)
		}
	}
}

// TestShieldRegeneration: 6 energy shield hits on the fore arc with one
// basic generator of rating 2, behind armour 3.
//
// Rules (metaverse-rules.txt): l. 1932-1938 "When an arc with shields
// receives damage, the damage is dealt to the shields rather than the
// hull. If all the shield hits are crossed off and damage remains, the
// rest continues on to the hull. Shields ... do not gain the benefits of
// armour or ablative plates."; l. 2874-2880 "During the repair phase, a
// number of shield hits may be repaired in that section, equal to the
// number of shield generators multiplied by their rating."; l. 1941-1945
// and 2889-2892 "If all the shield generators in a section are disabled,
// all the shield hits in that section are crossed off. Once the shield
// generators are restored, the shield hits can be repaired at the normal
// rate."; the play aid's end phase, l. 4699: "Assign crew to systems, roll
// repair quality die to repair, regenerate shield hits." (in that order).
//
//   - face 5: the shields take all 5 (armour 3 does not reduce it): 1 left,
//     hull 10.
//   - face 6: the shields take their last 1; 5 go on and meet armour 3: 2
//     hull hits (10 -> 8).
//   - repair steps regenerate 1 x 2 a turn: 2, 4, 6, then no more than 6.
//   - the generator is disabled: the shields are crossed off (0).
//   - a repair step whose damage control roll fails (D4 rolls 3 against
//     the 2 crew parties used: the fore section's 1 and 1 borrowed from the
//     core) leaves them at 0; the next, rolling 2, restores the generator
//     and regenerates 2 in the same step.
func TestShieldRegeneration(t *testing.T) {
	g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
	a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) { d.Weapons = []designer.WeaponDef{g} })
	b := testShip(t, "B", []int{10}, []int{10}, func(d *designer.Design) {
		f := d.Sections.Fore
		f.Armour.Set(designer.ArcFore, &designer.Armour{Rating: 3, Type: designer.DefenceEnergyKinetic})
		f.Shields.Set(designer.ArcFore, &designer.Shield{Hits: 6, Type: designer.DefenceEnergy})
		f.Systems = append(f.Systems, designer.System{Kind: "shieldBasic", Rating: 2, Count: 1})
	})
	bt, tr := scripted(a, b, 5, 6)
	tgt := bt.ships[1]
	at := weaponAttack(&a.weapons[0], 0)
	bt.pulse(tgt, 0, &at)
	if tgt.shields[0] != 1 || tgt.hull(1) != 10 {
		t.Fatalf("shields %d hull %d, want 1 and 10\n%s", tgt.shields[0], tgt.hull(1), tr)
	}
	bt.pulse(tgt, 0, &at)
	if tgt.shields[0] != 0 || tgt.hull(1) != 8 {
		t.Fatalf("shields %d hull %d, want 0 and 8\n%s", tgt.shields[0], tgt.hull(1), tr)
	}
	for _, want := range []int{2, 4, 6, 6} {
		bt.repair()
		if tgt.shields[0] != want {
			t.Fatalf("after repair shields %d, want %d", tgt.shields[0], want)
		}
	}
	gen := -1
	for i, in := range b.systems {
		if in.k == kShieldBasic {
			gen = i
		}
	}
	tgt.sysOff[gen] = true
	bt.afterGroup()
	if tgt.shields[0] != 0 {
		t.Errorf("generator disabled: shields %d, want 0", tgt.shields[0])
	}
	bt.script = []int{3}
	bt.repair()
	if !tgt.sysOff[gen] || tgt.shields[0] != 0 {
		t.Fatalf("failed repair (3 on D4 with 2 parties): generator off %v, shields %d; want true, 0\n%s",
			tgt.sysOff[gen], tgt.shields[0], tr)
	}
	bt.script = []int{2}
	bt.repair()
	if tgt.sysOff[gen] || tgt.shields[0] != 2 {
		t.Fatalf("repair (2 on D4 with 2 parties): generator off %v, shields %d; want false, 2 in the same step\n%s",
			tgt.sysOff[gen], tgt.shields[0], tr)
	}
}

// TestEMSCap: a ship of EMS 1 allows one attacker a turn (rules §1.3.4).
// Once an enemy ship has fired on it, a salvo in reach is held off; a
// targeting array of rating 2 lets its own ship fire up to EMS 3; a
// jamming array lowers the cap, never under 1.
//
// Rules (metaverse-rules.txt): l. 1026-1031 "When a starship, starfighter
// mission, or indirect weapon salvo attempts to fire upon a target, if the
// number of other starships, starfighter missions, and separate indirect
// weapon salvos firing at it added together equals or exceeds the EMS
// rating of the target, it may not fire on that target."; l. 2400-2404 "If
// the starship possessing the targeting array fires on the target
// starship, it considers the EMS of the target to be increased by the
// rating of the targeting array."; l. 2477-2478 "An EJ array cannot lower
// a starship's EMS rating below 1."
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

// TestEMSCapSeveralShips: three ships fire in the same group on a side of
// two. The first target (EMS 2, the smaller hull, so every firer prefers
// it) takes two of them; the third "may not fire on that target"
// (l. 1026-1031) and fires on the other ship instead. The HIMS Avenger
// example (l. 2407-2417): the RAS Freedom, EMS 3, already fired at by three
// ships, may still be fired on by a ship with a rating 2 targeting array
// (3 < 3 + 2), not by one without.
func TestEMSCapSeveralShips(t *testing.T) {
	g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
	armed := func(d *designer.Design) {
		d.Weapons = []designer.WeaponDef{g}
		d.Sections.Core.Weapons = []designer.Mount{{Weapon: "g", Sectors: []int{7, 0}, Count: 1}}
	}
	var side []*Ship
	for _, n := range []string{"A1", "A2", "A3"} {
		side = append(side, testShip(t, n, []int{20}, nil, armed))
	}
	t1 := testShip(t, "T1", []int{5}, nil, nil)
	t2 := testShip(t, "T2", []int{30}, nil, nil)
	t1.ems, t2.ems = 2, 2
	bt := newBattle(side, []*Ship{t1, t2}, Options{})
	bt.rng = rand.New(rand.NewPCG(1, 2))
	for _, st := range bt.ships {
		st.reset()
		st.facing = 0
	}
	bt.turn, bt.dist = 1, 10
	var tr strings.Builder
	bt.trace = func(f string, args ...any) { fmt.Fprintf(&tr, f+"\n", args...) }
	bt.starshipCombat()
	if a, b := bt.ships[3].attackedBy, bt.ships[4].attackedBy; a != 2 || b != 1 {
		t.Fatalf("attackers on T1 (EMS 2) %d, on T2 %d; want 2 and 1\n%s", a, b, tr.String())
	}

	freedom := bt.ships[3]
	freedom.s = &Ship{}
	*freedom.s = *t1
	freedom.s.ems = 3
	freedom.attackedBy = 3
	avenger := testShip(t, "Avenger", []int{10}, nil, func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "targeting", Rating: 2, Count: 1})
	})
	bt.ships[0].s = avenger
	if c := bt.emsCap(freedom, bt.ships[0]); freedom.attackedBy >= c {
		t.Errorf("the Avenger (targeting 2) may not fire on the Freedom: cap %d, fired on by %d", c, freedom.attackedBy)
	}
	if c := bt.emsCap(freedom, bt.ships[1]); freedom.attackedBy < c {
		t.Errorf("a ship without a targeting array may fire on the Freedom: cap %d, fired on by %d", c, freedom.attackedBy)
	}
}

// TestRam pins the ram of rules §1.2.3 (metaverse-rules.txt l. 451-487):
// l. 465-468 "Each side totals their unused thruster points and adds their
// crew qualites. ... if the ramming starship has a higher total, the RAM
// is successful."; l. 470-478 "The damage dealt by a RAM is not received
// until the target starship is given the opportunity to fire at the
// ramming starship ... The damage dealt to the target during a RAM is
// equal to the ramming starship's mass factor multiplied by the closing
// speed. The damage dealt to the ramming starship is equal to the target's
// mass factor multiplied by the closing speed."; l. 480-486 "The closing
// speed is determined by the arc of the target starship: in the rear it is
// equal to the ramming starship's velocity minus the target starship's
// velocity; in the side it is equal to the ramming starship's velocity; in
// the front it is equal to the ramming starship's velocity plus the
// target's velocity."
//
// A rammer of mass factor 5 (hull 50, a thruster of rating 2: 2 unused
// points + crew 2 = 4 against the target's 0 + 2) at velocity 4 strikes
// the aft arc of a target of mass factor 2 (hull 19) moving at 1: closing
// speed 4 - 1 = 3. The target fires first: its D6 gun hits (roll 10) for
// 6 (rammer 50 -> 44); then the target takes 5 x 3 = 15 (19 -> 4) and the
// rammer 2 x 3 = 6 (44 -> 38), against armour 0 on the struck arcs.
func TestRam(t *testing.T) {
	for _, tc := range []struct {
		facing, rammer, target, want int
	}{
		{0, 4, 3, 7}, // the target's fore arc: 4 + 3
		{7, 4, 3, 7},
		{1, 4, 3, 4}, // starboard: 4
		{6, 4, 3, 4}, // port: 4
		{3, 4, 3, 1}, // aft: 4 - 3
		{4, 4, 5, -1},
	} {
		r, tg := &shipState{speed: tc.rammer}, &shipState{speed: tc.target, facing: tc.facing}
		if got := closingSpeed(r, tg); got != tc.want {
			t.Errorf("rammer %d on a target at %d with the rammer in its sector %d: closing %d, want %d",
				tc.rammer, tc.target, tc.facing, got, tc.want)
		}
	}

	g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
	a := testShip(t, "Rammer", []int{25, 25}, nil, func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "thruster", Rating: 2, Count: 1})
	})
	b := testShip(t, "Target", []int{19}, nil, func(d *designer.Design) {
		d.Weapons = []designer.WeaponDef{g}
		d.Sections.Core.Weapons = []designer.Mount{{Weapon: "g", Sectors: []int{3, 4}, Count: 1}}
	})
	if a.mf != 5 || b.mf != 2 {
		t.Fatalf("mass factors %d and %d, want 5 and 2", a.mf, b.mf)
	}
	bt, tr := scripted(a, b, 10, 6)
	r, tg := bt.ships[0], bt.ships[1]
	r.speed, tg.speed = 4, 1
	r.facing, tg.facing = 0, 3 // the rammer comes at the target's aft
	r.ram, bt.dist = true, 3
	bt.resolveRams(3)
	if len(bt.rams) != 1 || bt.rams[0].closing != 3 {
		t.Fatalf("rams %+v, want one at closing speed 3\n%s", bt.rams, tr)
	}
	bt.starshipCombat()
	if tg.hull(-1) != 4 || r.hull(-1) != 38 {
		t.Fatalf("after the ram target hull %d (want 4), rammer hull %d (want 38)\n%s", tg.hull(-1), r.hull(-1), tr)
	}
	fired, rammed := strings.Index(tr.String(), "Target fires"), strings.Index(tr.String(), "ram: 15 damage to Target, 6 to Rammer")
	if fired < 0 || rammed < fired {
		t.Errorf("the target must fire before the ram lands:\n%s", tr)
	}

	// Equal totals: the ram fails.
	bt, tr = scripted(a, a)
	bt.ships[0].ram, bt.ships[0].speed, bt.dist = true, 4, 3
	bt.resolveRams(3)
	if len(bt.rams) != 0 || !strings.Contains(tr.String(), "ram evaded (4 against 4)") {
		t.Errorf("equal thrust and crew: rams %+v\n%s", bt.rams, tr)
	}
}

// TestDeterministicAcrossWorkers: a run's result depends on its seed, not
// on the number of workers, in duels and in 3-v-3 fleet battles.
func TestDeterministicAcrossWorkers(t *testing.T) {
	g := NewGenerator(5, nil)
	m := costing.NewModel(nil)
	var ships []*Ship
	for i := 0; i < 6; i++ {
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
	r1 := Run(ships[:1], ships[1:2], 300, 9, 1, Options{})
	r2 := Run(ships[:1], ships[1:2], 300, 9, 3, Options{})
	if r1 != r2 {
		t.Fatalf("1 worker %+v, 3 workers %+v", r1, r2)
	}
	r3 := Run(ships[:1], ships[1:2], 300, 10, 2, Options{})
	if r3 == r1 {
		t.Error("another seed gave the very same result")
	}
	// Fleets: three ships a side.
	f1 := Run(ships[:3], ships[3:], 100, 9, 1, Options{})
	f2 := Run(ships[:3], ships[3:], 100, 9, 2, Options{})
	if f1 != f2 || f1.Runs != 100 {
		t.Fatalf("3 v 3: 1 worker %+v, 2 workers %+v", f1, f2)
	}
}

// TestTurnBudget pins turning (metaverse-rules.txt l. 184-190: "Each
// thruster allows the starship to make a single heading change of 22.5°
// per thruster point; port thrusters are used for starboard changes and
// vice versa"; l. 2286-2290: "When used as a thruster an advanced STL
// produces two thruster points per rating, usable in either or both
// directions"). A 45-degree step costs two points of one side; a ram
// compares all unused thruster points (l. 465-466).
func TestTurnBudget(t *testing.T) {
	for _, tc := range []struct {
		name         string
		systems      []designer.System
		steps, total int
	}{
		{"a thruster of 2 each side", []designer.System{{Kind: "thruster", Rating: 2, Facing: "port", Count: 1},
			{Kind: "thruster", Rating: 2, Facing: "starboard", Count: 1}}, 1, 4},
		{"a port thruster of 4", []designer.System{{Kind: "thruster", Rating: 4, Facing: "port", Count: 1}}, 2, 4},
		{"advanced STL of 1", []designer.System{{Kind: "stlAdvanced", Rating: 1, Count: 1}}, 1, 2},
		{"advanced STL of 2", []designer.System{{Kind: "stlAdvanced", Rating: 2, Count: 1}}, 2, 4},
		{"two thrusters of 3 to port and advanced STL of 1", []designer.System{{Kind: "thruster", Rating: 3, Facing: "port", Count: 2},
			{Kind: "stlAdvanced", Rating: 1, Count: 1}}, 4, 8},
	} {
		s := testShip(t, "S", []int{10}, nil, func(d *designer.Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, tc.systems...)
		})
		bt, _ := scripted(s, s)
		st := bt.ships[0]
		if got := bt.turnBudget(st); got != tc.steps {
			t.Errorf("%s: %d steps of 45 degrees, want %d", tc.name, got, tc.steps)
		}
		if got := bt.unusedThrust(st); got != tc.total {
			t.Errorf("%s: %d thruster points for a ram, want %d", tc.name, got, tc.total)
		}
	}
}

// TestStealthEW pins the stealth generator (metaverse-rules.txt
// l. 2524-2536): "A starship with an active stealth generator may not have
// active shields. ... the target having an effective EW strength of four,
// multiplied by the rating of the stealth generator. If a starship with
// stealth uses another EW system for any reason while under stealth, its
// effective EW strength is reduced to one, multiplied by the rating". A
// stealth 2 ship with an EW array 1 and a countermeasure pod 2: 8 while
// uncompromised, then the better of 2 and its other EW (1 + 2 = 3), not
// their sum; with the pod spent, 2 (stealth beats the array's 1).
func TestStealthEW(t *testing.T) {
	s := testShip(t, "Ghost", []int{10}, nil, func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "stealth", Rating: 2, Count: 1},
			designer.System{Kind: "ewArray", Rating: 1, Count: 1})
	})
	bt, _ := scripted(s, s)
	st := bt.ships[0]
	st.stealthOn = true
	if ew := st.ew(); ew != 8 {
		t.Errorf("uncompromised stealth 2: EW %d, want 8", ew)
	}
	st.stealthCompromised, st.podsActive = true, 2
	if ew := st.ew(); ew != 3 {
		t.Errorf("compromised stealth 2, EW array 1, pod 2: EW %d, want 3", ew)
	}
	st.podsActive = 0
	if ew := st.ew(); ew != 2 {
		t.Errorf("compromised stealth 2, EW array 1: EW %d, want 2", ew)
	}
	st.stealthOn = false
	if ew := st.ew(); ew != 1 {
		t.Errorf("stealth off: EW %d, want the array's 1", ew)
	}
}

// TestStealthFiresLate: a starship may fire in a later crew quality group
// than its own (rules l. 1534-1540), and a stealth field is compromised
// "starting with the next group of firing" while fire in the same group
// "counts the stealth generator to be uncompromised" (l. 2529-2543). A
// crew-5 ship under an uncompromised stealth field fires with its crew-2
// target's group, so the target shoots at it through EW 8, not 2; once
// compromised, it fires in its own group again.
func TestStealthFiresLate(t *testing.T) {
	ghost := testShip(t, "Ghost", []int{30}, nil, func(d *designer.Design) {
		d.CrewQuality = 5
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "stealth", Rating: 2, Count: 1})
		guns(1)(d)
	})
	target := testShip(t, "Target", []int{30}, nil, guns(1))
	bt, tr := scripted(ghost, target)
	g, e := bt.ships[0], bt.ships[1]
	g.stealthOn, bt.dist = true, 5
	if q := bt.fireGroup(g); q != 2 {
		t.Fatalf("uncompromised stealth: fires in group %d, want the target's 2", q)
	}
	bt.script = []int{20, 20} // both miss
	bt.starshipCombat()
	out := tr.String()
	if !strings.Contains(out, "Target fires Gun at Ghost: roll 20 against SP 7 TP") {
		t.Errorf("the target should fire through the uncompromised stealth (SP 15 - 8 = 7):\n%s", out)
	}
	if !g.stealthCompromised || e.stealthOn {
		t.Fatalf("after firing, the ghost's stealth should be compromised\n%s", out)
	}
	if q := bt.fireGroup(g); q != 5 {
		t.Errorf("compromised stealth: fires in group %d, want its own 5", q)
	}
}

// TestSpinal pins the Spinal (SP) quality (metaverse-rules.txt l. 3205-
// 3209, its heading at l. 3359): "A weapon with this quality receives a
// bonus to its damage on each pulse, equal to the target's armour rating
// or defence (not including ablative plates). This bonus cannot exceed the
// weapon's damage modifier." Face 3 of a D6+2 SP against armour 2 and 1
// ablative plate: 3 + 2 + 2 - 3 = 4 hull hits (3 + 2 - 3 = 2 without SP); of a D6+1
// SP the bonus is 1: 3 + 1 + 1 - 3 = 2.
func TestSpinal(t *testing.T) {
	for _, tc := range []struct {
		mod  int
		sp   bool
		want int
	}{{2, true, 4}, {2, false, 2}, {1, true, 2}} {
		g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
		g.Modifier = tc.mod
		if tc.sp {
			g.Qualities = []string{"SP"}
		}
		a := testShip(t, "A", []int{10}, nil, func(d *designer.Design) { d.Weapons = []designer.WeaponDef{g} })
		b := testShip(t, "B", []int{20}, []int{20}, func(d *designer.Design) {
			d.Sections.Fore.Armour.Set(designer.ArcFore, &designer.Armour{Rating: 2, Type: designer.DefenceEnergyKinetic})
			d.Sections.Fore.Ablative.Set(designer.ArcFore, new(1))
		})
		bt, tr := scripted(a, b, 3)
		at := weaponAttack(&a.weapons[0], 0)
		if h := bt.pulse(bt.ships[1], 0, &at); h != tc.want {
			t.Errorf("D6+%d SP %v, face 3, armour 2 and a plate: %d hull hits, want %d\n%s", tc.mod, tc.sp, h, tc.want, tr)
		}
	}
}

// TestFTLAttackModifier: an FTL attack is a standard sensor roll "with a
// plus modifier to the target starship's target rating equal to its crew
// quality" (metaverse-rules.txt l. 576-579); a ship returning from a
// strategic jump "has a +2 modifier applied to its target and movement
// rating for the turn" (l. 533-535), and a movement rating counts against
// its own sensor rolls as for any fire. So a sensor 15 returning
// against target rating 3 and crew 2 needs more than 3 + 2 + 2 = 7: a
// roll of 8 hits, 7 misses (the +2 counted once, not twice).
func TestFTLAttackModifier(t *testing.T) {
	for _, tc := range []struct {
		roll int
		want string
	}{{8, "FTL attack hits"}, {7, "FTL attack misses (roll 7)"}} {
		a := testShip(t, "Jumper", []int{10}, nil, func(d *designer.Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "ftlBasic", Rating: 1, Count: 1})
		})
		b := testShip(t, "Target", []int{30}, nil, nil)
		b.tr = 3
		bt, tr := scripted(a, b, tc.roll, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
		jumper := bt.ships[0]
		jumper.absent = 1
		bt.returnFromFTL()
		if !strings.Contains(tr.String(), tc.want) {
			t.Errorf("roll %d: want %q in\n%s", tc.roll, tc.want, tr)
		}
	}
}

// TestMoraleFlagship: "Flagship Destroyed" is a morale condition
// (metaverse-rules.txt l. 1714-1715) for every ship of its side, checked
// once (l. 1723-1724: "not twice for the same set of criteria"), each
// condition a permanent -1 (l. 1725-1727), under 1 removed (l. 1727-1728).
// A wingman that already met one condition rolls 1 - 1 = 0 and leaves;
// the next turn nothing is checked again.
func TestMoraleFlagship(t *testing.T) {
	flag := testShip(t, "Flagship", []int{10}, nil, func(d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "cic", Rating: 2, Count: 1})
	})
	wing := testShip(t, "Wingman", []int{10}, nil, nil)
	foe := testShip(t, "Foe", []int{10}, nil, nil)
	bt := newBattle([]*Ship{flag, wing}, []*Ship{foe}, Options{})
	bt.rng = rand.New(rand.NewPCG(1, 2))
	for _, st := range bt.ships {
		st.reset()
	}
	var sb strings.Builder
	bt.trace = func(f string, args ...any) { fmt.Fprintf(&sb, f+"\n", args...) }
	bt.chainOfCommand()
	if bt.flag[0] != bt.ships[0] {
		t.Fatalf("the flagship is %v, want the ship with the CiC", bt.flag[0])
	}
	bt.ships[1].moraleMods = 1
	bt.script = []int{1}
	bt.morale() // nothing destroyed: no roll
	if len(bt.script) != 1 {
		t.Fatal("a morale check without a condition")
	}
	bt.ships[0].destroyed = true
	bt.morale()
	if !bt.ships[1].removed || len(bt.script) != 0 {
		t.Errorf("the wingman rolled 1 - 1 and stayed (removed %v)\n%s", bt.ships[1].removed, sb.String())
	}
	bt.ships[1].removed, bt.ships[1].events = false, 0 // the next turn
	bt.script = []int{1}
	bt.morale()
	if len(bt.script) != 1 {
		t.Error("the flagship's loss was checked twice")
	}
}

// TestMoraleSquadron: "Starfighter Squadron Below Strength" and "Carrier
// Destroyed" (l. 1720-1721) each make a squadron check once, on its
// carrier's command die, the first leaving a permanent -1: below
// strength it rolls 1 and stays; its carrier destroyed, it rolls 1 - 1
// and leaves.
func TestMoraleSquadron(t *testing.T) {
	carrier := testShip(t, "Carrier", []int{10}, nil, func(d *designer.Design) {
		d.Starfighters = []designer.SquadronDef{{ID: "s", Name: "Strike", Strength: 6, Speed: 20, Defence: 1, TargetRating: 5}}
	})
	foe := testShip(t, "Foe", []int{10}, nil, nil)
	bt, _ := scripted(carrier, foe)
	m := &mission{owner: bt.ships[0], kind: missionStrike, target: bt.ships[1], squads: []sqState{{def: 0, strength: 4}}}
	bt.missions = []*mission{m}
	bt.script = []int{1}
	bt.morale()
	if m.squads[0].strength != 4 || !m.squads[0].below || len(bt.script) != 0 {
		t.Fatalf("below strength: %+v, dice left %v", m.squads[0], bt.script)
	}
	bt.script = []int{1}
	bt.morale()
	if len(bt.script) != 1 {
		t.Fatal("below strength was checked twice")
	}
	bt.ships[0].destroyed = true
	bt.morale()
	if m.squads[0].strength != 0 {
		t.Errorf("carrier destroyed, rolled 1 - 1: the squadron stays (%+v)", m.squads[0])
	}
}

// TestPodsStack: "Multiple CM pods may be installed on a starship and
// even activated in the same turn. Multiple activated CM pods stack their
// effects" (metaverse-rules.txt l. 2557-2560). Against a sensor 15, a
// ship of target rating 3 and EW 2 needs EW 12 for the sensor's profile
// (15 - 12 = 3) to fall to its target profile: with six pods of rating 2
// it activates five (EW +10); with three, which cannot reach it, one.
func TestPodsStack(t *testing.T) {
	for _, tc := range []struct{ pods, active, spent int }{{6, 10, 5}, {3, 2, 1}} {
		ship := testShip(t, "Pods", []int{10}, nil, func(d *designer.Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems,
				designer.System{Kind: "ewArray", Rating: 2, Count: 1}, designer.System{Kind: "cmPod", Rating: 2, Count: tc.pods})
		})
		ship.tr = 3
		foe := testShip(t, "Foe", []int{10}, nil, nil)
		bt, _ := scripted(ship, foe)
		bt.electronicWarfare()
		st := bt.ships[0]
		spent := 0
		for i, in := range st.s.systems {
			if in.k == kCMPod && st.sysGone[i] {
				spent++
			}
		}
		if st.podsActive != tc.active || spent != tc.spent {
			t.Errorf("%d pods: EW +%d from %d spent, want +%d from %d", tc.pods, st.podsActive, spent, tc.active, tc.spent)
		}
	}
}

// TestTacticalJump: a tactical jump moves the ship its velocity plus a
// roll of at least 6D10, its crew quality of which it may remove or add
// (metaverse-rules.txt l. 549-562), and the FTL attack proceeds only if it
// ends within 10 cm of its target (l. 572-574). 60 cm away at velocity 4,
// crew 2: it plots round(56 / 5.5) = 10 dice. Ten 5s: 54 cm, landing 6 cm
// short: the attack proceeds. Ten 10s: 104 cm; it drops two 10s (crew 2)
// for 84 cm and lands 24 cm past: no attack.
func TestTacticalJump(t *testing.T) {
	for _, tc := range []struct {
		face, dist int
		attack     bool
	}{{5, 6, true}, {10, 24, false}} {
		a := testShip(t, "Jumper", []int{10}, nil, nil)
		b := testShip(t, "Target", []int{30}, nil, nil)
		dice := make([]int, 10)
		for i := range dice {
			dice[i] = tc.face
		}
		bt, tr := scripted(a, b, dice...)
		bt.dist = 60
		st := bt.ships[0]
		st.speed, st.crewQ = 4, 2
		if got := bt.tacticalJump(st, bt.dist); got != tc.attack || bt.dist != tc.dist {
			t.Errorf("ten %ds: attack %v at %d cm, want %v at %d cm\n%s", tc.face, got, bt.dist, tc.attack, tc.dist, tr)
		}
	}
}

// TestFireFirstOrWait: "A player may opt to not fire a starship in its
// crew quality group and instead fire it in a later group" (rules l.
// 1538-1540), and a starship may fire before its group "to intercept
// direct fire weapons that have achieved a hit" (l. 1535-1537). A crew-3
// ship whose one gun the crew-2 target's three unfired guns could
// intercept, and whose fire spares it little of the target's (its EW 8
// makes that fire poor, and so the target's interceptions cheap), waits
// for the target's group, where the target has fired its guns and intercepts
// nothing; with a gun that cannot be intercepted, or against a target it
// would cripple before it fires back, it fires first.
func TestFireFirstOrWait(t *testing.T) {
	interceptors := func(d *designer.Design) {
		g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
		g.Targets = []string{designer.TargetsStarships, designer.TargetsDirectFire}
		d.Weapons = []designer.WeaponDef{g}
		d.Sections.Core.Weapons = []designer.Mount{{Weapon: "g", Sectors: []int{0, 1, 2, 3, 4, 5, 6, 7}, Count: 3}}
	}
	shooter := func(interceptable bool, n int) func(d *designer.Design) {
		return func(d *designer.Design) {
			d.CrewQuality = 3
			// Hard to hit: the target's fire on it is poor, its
			// interceptions cheap.
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "ewArray", Rating: 8, Count: 1})
			g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
			g.Interceptable = interceptable
			d.Weapons = []designer.WeaponDef{g}
			d.Sections.Core.Weapons = []designer.Mount{{Weapon: "g", Sectors: []int{7, 0}, Count: n}}
		}
	}
	for _, tc := range []struct {
		name          string
		interceptable bool
		guns, hull    int
		want          int
	}{
		{"one interceptable gun", true, 1, 40, 2},
		{"one gun that cannot be intercepted", false, 1, 40, 3},
		{"a broadside that cripples the target first", true, 12, 12, 3},
	} {
		s := testShip(t, "Shooter", []int{40}, nil, shooter(tc.interceptable, tc.guns))
		target := testShip(t, "Target", []int{tc.hull}, nil, interceptors)
		bt, tr := scripted(s, target)
		bt.dist = 5
		st, e := bt.ships[0], bt.ships[1]
		if q := bt.fireGroup(st); q != tc.want {
			t.Errorf("%s: fires in group %d, want %d", tc.name, q, tc.want)
		}
		if q := bt.fireGroup(e); q != 2 {
			t.Errorf("%s: the crew-2 target fires in group %d, want its own 2", tc.name, q)
		}
		if tc.want != 2 {
			continue
		}
		// Waiting, the shooter's hit lands with the target's guns fired:
		// nothing intercepts it.
		bt.script = []int{10, 20, 20, 20, 6}
		bt.starshipCombat()
		if out := tr.String(); strings.Contains(out, "intercepts") || !strings.Contains(out, "Shooter fires Gun at Target: roll 10") {
			t.Errorf("%s: want the shooter's hit in the target's group, not intercepted:\n%s", tc.name, out)
		}
	}
}

// TestFacingGuardsWeakSection: a destroyed section's systems are lost
// with it (rules l. 1086-1089), so a ship does not present a broadside
// whose section the enemy will shoot away in a turn or two. Five guns in
// a port section of 2 hull hits fire more than four in a starboard one of
// 40, and the port arc is no easier to hit; but the enemy's fire would
// take the port guns with their section at once, so the ship presents
// its starboard.
func TestFacingGuardsWeakSection(t *testing.T) {
	g := gun(designer.DamageEnergy, designer.EffectRaking, "D6", 10)
	ship := testShip(t, "Broadsides", []int{20}, nil, func(d *designer.Design) {
		d.Weapons = []designer.WeaponDef{g}
		d.Sections.Port = &designer.Section{Layers: []designer.Layer{{HullHits: 2, Crew: 1}},
			Weapons: []designer.Mount{{Weapon: "g", Sectors: []int{5, 6}, Count: 5}}}
		d.Sections.Starboard = &designer.Section{Layers: []designer.Layer{{HullHits: 20, Crew: 1}, {HullHits: 20, Crew: 1}},
			Weapons: []designer.Mount{{Weapon: "g", Sectors: []int{1, 2}, Count: 4}}}
	})
	enemy := testShip(t, "Enemy", []int{40}, nil, guns(6))
	bt, _ := scripted(ship, enemy)
	bt.dist = 10
	st := bt.ships[0]
	if s := bestFacing(bt, st, -1, 0); sectorArc[s] != arcStarboard {
		t.Errorf("the enemy in sector %d (arc %d): want it off the starboard, where the guns' section holds", s, sectorArc[s])
	}
	// Without the enemy's fire the fuller broadside is the better one.
	unarmed := testShip(t, "Unarmed", []int{40}, nil, nil)
	bt, _ = scripted(ship, unarmed)
	bt.dist = 10
	if s := bestFacing(bt, bt.ships[0], -1, 0); sectorArc[s] != arcPort {
		t.Errorf("against an unarmed enemy the enemy in sector %d (arc %d): want it off the port, the five guns", s, sectorArc[s])
	}
}
