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
		volleys, salvos := strings.Count(tr.String(), "volley fires"), strings.Count(tr.String(), "Volley fires Gun")
		if shields > 0 && (volleys != 1 || salvos != 0) || shields == 0 && (volleys != 0 || salvos != 4) {
			t.Errorf("shields %d: %d volleys and %d salvo rolls\n%s", shields, volleys, salvos, tr)
		}
	}
}
