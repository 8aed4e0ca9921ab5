package costing

import (
	"math"
	"strings"
	"testing"
)

// TestOutlastCountsGame: metaverse-cv/5 counts a whole game (GameTurns x
// the attacker's damage a turn) against a reference attacker that cannot
// destroy the ship, where metaverse-cv/4 stopped at the horizon; a ship
// every attacker can destroy (the Reference Cruiser, every sample) is
// valued as under metaverse-cv/4, to the last digit.
func TestOutlastCountsGame(t *testing.T) {
	v4, v5 := NewModelTable(nil, *V4()), NewModelTable(nil, *V5())
	fort := loadDesign(t, "testdata/holdout/fortress-reference-cruiser.json")
	r4, r5 := v4.Evaluate(fort, Options{}), v5.Evaluate(fort, Options{})
	outlasted := 0
	for _, name := range []string{"escort", "cruiser", "battleship", "missile cruiser", "carrier"} {
		n4, n5 := r4.Explanation.Find("defence["+name+"]"), r5.Explanation.Find("defence["+name+"]")
		if n4 == nil || n5 == nil {
			t.Fatalf("no defence node against the %s", name)
		}
		turns, plain := input(t, n5, "turns survived"), input(t, n5, "plain damage a turn")
		if !outlasts(turns) {
			if n5.Value != n4.Value || strings.Contains(n5.Formula, "cannot destroy") {
				t.Errorf("the %s can destroy it in %.1f turns: v5 %v (%s), v4 %v", name, turns, n5.Value, n5.Formula, n4.Value)
			}
			continue
		}
		outlasted++
		if want := 30 * plain; math.Abs(n5.Value-want) > 1e-9 || !strings.Contains(n5.Formula, "cannot destroy the ship: a whole game of 30 turns") {
			t.Errorf("the %s cannot destroy it: v5 counts %v (%s), want 30 x %v", name, n5.Value, n5.Formula, plain)
		}
		if !(n4.Value < n5.Value/2) {
			t.Errorf("the %s cannot destroy it: v4 counted %v, v5 %v; v4 stopped at the horizon", name, n4.Value, n5.Value)
		}
	}
	if outlasted < 3 {
		t.Errorf("the fortress outlasts %d reference attackers; armour 5, plates 5 and deflector 11 should stop most", outlasted)
	}
	if !(r5.CV > 2*r4.CV) {
		t.Errorf("fortress CV %d under v4, %d under v5", r4.CV, r5.CV)
	}
	if !strings.Contains(r5.Explanation.Find("defence").Formula, "an attacker that cannot destroy the ship counts a whole game, 30 turns") {
		t.Errorf("Defence D's formula does not say the rule: %s", r5.Explanation.Find("defence").Formula)
	}
	for _, f := range []string{"data/samples/reference-cruiser.json", "data/samples/uss-newton.json", "data/samples/iss-vengeance.json"} {
		d := loadDesign(t, f)
		a, b := v4.Evaluate(d, Options{}), v5.Evaluate(d, Options{})
		if a.Components.CV != b.Components.CV || a.CV != b.CV {
			t.Errorf("%s: CV %v under v4, %v under v5", f, a.Components.CV, b.Components.CV)
		}
	}
	if r := v5.Evaluate(loadDesign(t, "data/samples/reference-cruiser.json"), Options{}); r.CV != 100 {
		t.Errorf("the reference cruiser scores %d under metaverse-cv/5", r.CV)
	}
}

// input is node n's input named name.
func input(t *testing.T, n *Node, name string) float64 {
	t.Helper()
	for _, in := range n.Inputs {
		if in.Name == name {
			return in.Value
		}
	}
	t.Fatalf("%s has no input %q", n.Label, name)
	return 0
}
