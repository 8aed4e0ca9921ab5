package costing

import (
	"math"
	"testing"
)

func TestReferenceCruiserScores100(t *testing.T) {
	d := loadDesign(t, "testdata/reference-cruiser.json")
	r := testModel.Evaluate(d, Options{})
	t.Logf("components %+v EMS %d MF %d TR %d minTL %d points %d", r.Components, r.EMS, r.MassFactor, r.TargetRating, r.MinTechLevel, r.Points)
	if r.CV != 100 {
		t.Errorf("CV = %d, want 100", r.CV)
	}
	if math.Abs(r.Components.CV-100) > 1e-9 {
		t.Errorf("unrounded CV = %.12f, want 100: refreeze Table.K", r.Components.CV)
	}
}

// TestFrozenConstants recomputes the two constants that are derived from
// the reference cruiser and checks that the table holds them.
func TestFrozenConstants(t *testing.T) {
	d := loadDesign(t, "testdata/reference-cruiser.json")
	r := testModel.Evaluate(d, Options{})
	raw := r.Explanation.Find("offence").Inputs
	var o float64
	for _, x := range raw {
		if x.Name == "raw" {
			o = x.Value
		}
	}
	tb := testModel.Table()
	if o != tb.ReferenceOffence {
		t.Errorf("reference offence: table %v, computed %v", tb.ReferenceOffence, o)
	}
	c := r.Components
	k := (100 - c.Utility) / (math.Sqrt(c.Offence*c.Defence) * c.Mobility * c.Technology)
	if math.Abs(k-tb.K) > 1e-12 {
		t.Errorf("k: table %v, computed %v", tb.K, k)
	}
}
