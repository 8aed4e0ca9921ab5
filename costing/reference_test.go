package costing

import (
	"math"
	"testing"
)

func TestReferenceCruiserScores100(t *testing.T) {
	forEachModel(t, func(t *testing.T, m *Model) {
		d := loadDesign(t, "testdata/reference-cruiser.json")
		r := m.Evaluate(d, Options{})
		t.Logf("components %+v EMS %d MF %d TR %d minTL %d points %d", r.Components, r.EMS, r.MassFactor, r.TargetRating, r.MinTechLevel, r.Points)
		if r.CV != 100 {
			t.Errorf("CV = %d, want 100", r.CV)
		}
		if math.Abs(r.Components.CV-100) > 1e-9 {
			t.Errorf("unrounded CV = %.12f, want 100: refreeze Table.K", r.Components.CV)
		}
	})
}

// TestFrozenConstants recomputes the two constants that are derived from
// the reference cruiser and checks that the table holds them.
func TestFrozenConstants(t *testing.T) {
	forEachModel(t, testFrozenConstants)
}

func testFrozenConstants(t *testing.T, m *Model) {
	d := loadDesign(t, "testdata/reference-cruiser.json")
	if m.t.Formula >= 2 {
		// Utility is capped by the rest of CV: refreeze iteratively.
		tb := m.Table()
		f := Refreeze(m.Catalogue(), tb, d)
		if math.Abs(f.K-tb.K) > 1e-9*tb.K || math.Abs(f.ReferenceOffence-tb.ReferenceOffence) > 1e-9*tb.ReferenceOffence {
			t.Errorf("frozen K %v, reference offence %v; Refreeze gives %v and %v", tb.K, tb.ReferenceOffence, f.K, f.ReferenceOffence)
		}
		return
	}
	testModel := m
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
