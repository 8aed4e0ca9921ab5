package stareater

import (
	"testing"
)

// TestSamples: every sample decodes and is legal; the first-game
// loadouts are the rule book's, one per faction, numbers unknown.
func TestSamples(t *testing.T) {
	if len(rs.Samples()) < 5 {
		t.Fatalf("%d samples", len(rs.Samples()))
	}
	for _, s := range rs.Samples() {
		res := evaluate(t, s.Document)
		if !res.Legal || len(res.Problems) != 0 {
			t.Errorf("%s: legal %v: %v", s.File, res.Legal, res.Problems)
		}
		t.Logf("%s: %s %s unknown %d", s.File, res.Kind, res.Ship, res.UnknownNumbers)
	}
}
