package fleet_test

import (
	"math"
	"testing"
)

func TestEncounter(t *testing.T) {
	a := load(t, "../testdata/fleets/tesla-battle-squadron.json")
	b := load(t, "../testdata/fleets/carrier-task-force.json")
	ra, rb := ev.Evaluate(a, nil), ev.Evaluate(b, nil)
	s := ev.Encounter(a, ra, b, rb)
	// The Tesla squadron's flagship rolls its command die; the task force fields
	// the Newton Monitor, which has no FTL, so the squadron adds two.
	if s.A.Die != ra.Ships[0].Quality.Command || s.A.Bonus != 2 || s.A.Flagship != "tesla" {
		t.Errorf("side A: %+v", s.A)
	}
	if s.B.Die != rb.Ships[0].Quality.Command || s.B.Bonus != 0 {
		t.Errorf("side B: %+v", s.B)
	}
	if sum := s.A.Win + s.B.Win + s.Tie; math.Abs(sum-1) > 1e-9 {
		t.Errorf("chances sum to %v", sum)
	}
	total := s.Tie
	for _, o := range s.Options {
		total += o.Chance
		if o.Encounters[0] != "meeting" || (o.Difference >= 5) != (len(o.Encounters) == 5) {
			t.Errorf("difference %d offers %v", o.Difference, o.Encounters)
		}
	}
	if math.Abs(total-1) > 1e-9 || s.EqualCV {
		t.Errorf("differences sum to %v; equal CV %v", total, s.EqualCV)
	}
	// No flagship: D1. Two fleets of D1 always tie.
	a.Command, b.Command = nil, nil
	a.Ships = a.Ships[:1]
	b.Ships = b.Ships[:1]
	s = ev.Encounter(a, ev.Evaluate(a, nil), b, ev.Evaluate(b, nil))
	if s.A.Die != "D1" || s.B.Die != "D1" || s.Tie != 1 {
		t.Errorf("without flagships: %+v", s)
	}
}
