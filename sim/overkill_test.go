package sim

import (
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
)

// TestSalvoOverkill measures a variant of metaverse-cv/7 that was tried and
// not adopted (docs/calibration.md, "What is left"): SalvoOverkill, a
// one-shot salvo counting every opponent it would destroy, up to one a
// one-shot weapon and a sensor array. It logs, for metaverse-cv/7 and the
// variant, the fit's objective on its own training set (seed 101's duels
// and the ladder set, never the hold-out) at OnceTurns 1.9 (v7's) and
// around it, refrozen on the reference cruiser; then the hold-out at 200
// duels a rung and its one-shot designs:
//
//	go test ./sim -run TestSalvoOverkill -fit -v -timeout 0
//
// It asserts nothing: it is the measurement behind the decision.
func TestSalvoOverkill(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to measure the salvo-overkill variant of metaverse-cv/7")
	}
	objective, cr := ladderObjective(t, ladderWeight)
	// The variant keeps v7's version, so that the field's scores are read
	// through v7's win-chance curve (ForecastBeta).
	variant := costing.V7()
	v3 := *variant.V3
	v3.SalvoOverkill = true
	variant.V3 = &v3
	hs, err := Holdout(nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, tb := range []*costing.Table{costing.V7(), variant} {
		name := []string{"metaverse-cv/7", "with SalvoOverkill"}[k]
		for _, ot := range []float64{1.5, tb.V3.OnceTurns, 2.5, 3, 4} {
			x := *tb
			xv3 := *x.V3
			xv3.OnceTurns = ot
			x.V3 = &xv3
			o, what := objective(costing.Refreeze(nil, x, cr.Design))
			t.Logf("%s, onceTurns %g: objective %.5f; %s", name, ot, o, what)
		}
		rep, err := HoldoutTable(costing.NewModelTable(nil, *tb), hs, 200, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: hold-out %d and %d of %d (field %d and %d)", name, rep.Within(0.67, 1.5), rep.Within(0.8, 1.25), len(rep.Rows), rep.FieldWithin(0.67, 1.5), rep.FieldWithin(0.8, 1.25))
		for _, r := range rep.Rows {
			if strings.Contains(r.Name, "one-shot") || strings.HasPrefix(r.Name, "RAS Freedom") {
				t.Logf("  %s: CV %d, fair %.0f, %.2f; field %.2f", r.Name, r.CV, r.Fair, r.Ratio(), r.Field.Ratio)
			}
		}
	}
}
