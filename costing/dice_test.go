package costing

import (
	"fmt"
	"math"
	"testing"

	"github.com/slipway/slipway/designer"
)

// bruteForce enumerates the whole outcome space of one pulse: the damage
// face, the D2 a D1 rolls against a deflector, and the quantum re-roll
// with its own D2, every combination equally likely, and averages the
// damage rules §7.2 give for each outcome.
func bruteForce(a Attack, q QualityValues) float64 {
	n := a.Sides
	total, count := 0.0, 0
	for f := 1; f <= n; f++ {
		for d2 := 1; d2 <= 2; d2++ {
			for g := 1; g <= n; g++ {
				for e2 := 1; e2 <= 2; e2++ {
					total += outcome(a, q, f, d2, g, e2)
					count++
				}
			}
		}
	}
	return total / float64(count)
}

// outcome is the damage of one pulse for one fixed set of rolls.
func outcome(a Attack, q QualityValues, f, d2, g, e2 int) float64 {
	n := a.Sides
	deflected := func(face, d2 int) bool {
		if n == 1 {
			return a.Deflector > 0 && d2 == 1
		}
		return face <= a.Deflector && face != n
	}
	if deflected(f, d2) {
		return 0
	}
	isOdd := n != 1 && f%2 == 1
	die := f
	if a.PR && isOdd {
		die *= 2
	}
	if isOdd {
		if a.AMBonus > 0 {
			die += min(a.AMBonus, a.Modifier)
		}
		if a.DSBonus > 0 {
			die += min(a.DSBonus, a.Modifier)
		}
	}
	armour := a.Armour - a.AP
	if armour < 0 {
		armour = 0
	}
	dmg := float64(die + a.Modifier - a.RangePenalty - armour)
	if dmg < 0 {
		dmg = 0
	}
	if a.IO {
		dmg *= 2
	}
	if a.DM && isOdd {
		dmg *= 2
	}
	if a.ML && isOdd {
		dmg *= 1 + q.ShieldExposure
	}
	if a.TM && isOdd && dmg > 0 {
		dmg += q.TemporalCritValue / float64(q.TemporalCritDie)
	}
	if a.QM && isOdd && !deflected(g, e2) {
		extra := float64(g + a.Modifier - a.RangePenalty)
		if extra > 0 {
			dmg += extra
		}
	}
	return dmg
}

// TestPulseDamageMatchesBruteForce covers every die, modifier 0-10,
// armour 0-10, AP 0-5, with no quality and each quality alone, at a few
// deflector ratings and range penalties.
func TestPulseDamageMatchesBruteForce(t *testing.T) {
	q := V1().Qualities()
	qualities := []struct {
		name string
		set  func(*Attack)
	}{
		{"none", func(*Attack) {}},
		{"PR", func(a *Attack) { a.PR = true }},
		{"QM", func(a *Attack) { a.QM = true }},
		{"IO", func(a *Attack) { a.IO = true }},
		{"DM", func(a *Attack) { a.DM = true }},
		{"ML", func(a *Attack) { a.ML = true }},
		{"TM", func(a *Attack) { a.TM = true }},
		{"AM", func(a *Attack) { a.AMBonus = 3 }},
		{"DS", func(a *Attack) { a.DSBonus = 5 }},
	}
	cases := 0
	for _, die := range designer.Dice {
		for _, ql := range qualities {
			for mod := 0; mod <= 10; mod++ {
				for armour := 0; armour <= 10; armour++ {
					for ap := 0; ap <= 5; ap++ {
						for _, defl := range []int{0, 2, 5} {
							for _, rp := range []int{0, 3} {
								a := Attack{Sides: die.Sides(), Modifier: mod, Armour: armour, AP: ap, Deflector: defl, RangePenalty: rp}
								ql.set(&a)
								got, want := PulseDamage(a, q), bruteForce(a, q)
								if math.Abs(got-want) > 1e-12 {
									t.Fatalf("%s %s %+v: PulseDamage %v, brute force %v", die, ql.name, a, got, want)
								}
								cases++
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases agree", cases)
}

func TestPulseDamageKnownValues(t *testing.T) {
	q := V1().Qualities()
	tests := []struct {
		a    Attack
		want float64
	}{
		{Attack{Sides: 6}, 3.5},
		{Attack{Sides: 6, Armour: 2}, 10.0 / 6},
		{Attack{Sides: 6, Armour: 2, AP: 2}, 3.5},
		{Attack{Sides: 6, Modifier: 1, RangePenalty: 1}, 3.5},
		{Attack{Sides: 1, Modifier: 2}, 3},
		{Attack{Sides: 1, Modifier: 2, Deflector: 1}, 1.5},     // the D1 rolls a D2
		{Attack{Sides: 6, Deflector: 11}, 1},                   // only the top face
		{Attack{Sides: 6, PR: true}, 30.0 / 6},                 // 2 2 6 4 10 6
		{Attack{Sides: 6, Armour: 2, QM: true}, 10.0/6 + 1.75}, // three odd faces re-roll 3.5
		{Attack{Sides: 1, PR: true, Modifier: 1}, 2},           // a D1 is even
		{Attack{Sides: 4, Modifier: 1, AMBonus: 3}, 4.0},       // odd faces +1 (capped by modifier)
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%+v", tc.a), func(t *testing.T) {
			if got := PulseDamage(tc.a, q); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestHitChance(t *testing.T) {
	tests := []struct {
		sensor int
		sp, tp float64
		want   float64
	}{
		{14, 12, 1, 11.0 / 20},
		{14, 12, 3, 9.0 / 20},
		{14, 2, 3, 1.0 / 20},    // profile at or above: only a roll of 14 hits
		{20, 25, -2, 20.0 / 20}, // capped at the die, target rating floored at 0
		{0, 10, 1, 0},           // no sensor, no fire
	}
	for _, tc := range tests {
		if got := HitChance(tc.sensor, tc.sp, tc.tp, 20); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("HitChance(%d, %v, %v) = %v, want %v", tc.sensor, tc.sp, tc.tp, got, tc.want)
		}
	}
}
