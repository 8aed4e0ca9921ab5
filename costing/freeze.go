package costing

import "github.com/slipway/slipway/designer"

// Refreeze returns t with the two constants derived from the reference
// cruiser recomputed: ReferenceOffence, its raw offence (the base of the
// offence floor), and K, so that it scores exactly 100. Calibration uses
// it after changing any other constant; TestFrozenConstants checks that
// each published table holds the values it gives.
func Refreeze(cat *designer.Catalogue, t Table, cruiser *designer.Design) Table {
	t.K, t.ReferenceOffence = 1, 1
	for range 3 {
		r := NewModelTable(cat, t).Evaluate(cruiser, Options{})
		for _, x := range r.Explanation.Find("offence").Inputs {
			if x.Name == "raw" {
				t.ReferenceOffence = x.Value
			}
		}
		r = NewModelTable(cat, t).Evaluate(cruiser, Options{})
		c := r.Components
		rest := c.CV - c.Utility // k x sqrt(O x D) x M x T
		t.K = t.K * (100 - c.Utility) / rest
	}
	return t
}
