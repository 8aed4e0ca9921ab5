package sim

import (
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
)

// Variants of metaverse-cv/7 that were tried and not adopted
// (docs/calibration.md, "What is left"), each measured by a -fit test
// that asserts nothing: the fit's objective on its own training set (seed
// 101's duels and the ladder set, never the hold-out), refrozen on the
// reference cruiser, and the hold-out at 200 duels a rung.

// variant is one table measured by measureVariants; holdout plays the
// hold-out under it too.
type variant struct {
	name    string
	tb      costing.Table
	holdout bool
}

// measureVariants logs each variant's objective and, where asked, its
// hold-out: the counts within the bands and the rows whose name holds
// one of rows. A variant keeps metaverse-cv/7's version, so that the
// field's scores are read through v7's win-chance curve (ForecastBeta).
func measureVariants(t *testing.T, vs []variant, rows ...string) {
	t.Helper()
	objective, cr := ladderObjective(t, ladderWeight)
	hs, err := Holdout(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		tb := costing.Refreeze(nil, v.tb, cr.Design)
		o, what := objective(tb)
		t.Logf("%s: objective %.5f; %s", v.name, o, what)
		if !v.holdout {
			continue
		}
		rep, err := HoldoutTable(costing.NewModelTable(nil, tb), hs, 200, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: hold-out %d and %d of %d (field %d and %d)", v.name, rep.Within(0.67, 1.5), rep.Within(0.8, 1.25), len(rep.Rows), rep.FieldWithin(0.67, 1.5), rep.FieldWithin(0.8, 1.25))
		for _, r := range rep.Rows {
			for _, w := range rows {
				if strings.Contains(r.Name, w) {
					t.Logf("  %s: CV %d, fair %.0f, %.2f; field %.2f", r.Name, r.CV, r.Fair, r.Ratio(), r.Field.Ratio)
					break
				}
			}
		}
	}
}

// v7With is metaverse-cv/7's table changed by edit.
func v7With(edit func(v3 *costing.V3Table)) costing.Table {
	tb := *costing.V7()
	v3 := *tb.V3
	edit(&v3)
	tb.V3 = &v3
	return tb
}

// TestSalvoOverkill measures SalvoOverkill, a one-shot salvo counting
// every opponent it would destroy, up to one a one-shot weapon and a
// sensor array, at OnceTurns 1.9 (v7's) and around it:
//
//	go test ./sim -run TestSalvoOverkill -fit -v -timeout 0
func TestSalvoOverkill(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to measure the salvo-overkill variant of metaverse-cv/7")
	}
	var vs []variant
	for _, overkill := range []bool{false, true} {
		name := "metaverse-cv/7"
		if overkill {
			name = "with SalvoOverkill"
		}
		for _, ot := range []float64{1.5, 1.9, 2.5, 3, 4} {
			vs = append(vs, variant{name + ", onceTurns " + costing.FormatNumber(ot), v7With(func(v3 *costing.V3Table) {
				v3.SalvoOverkill, v3.OnceTurns = overkill, ot
			}), ot == 1.9})
		}
	}
	measureVariants(t, vs, "one-shot", "RAS Freedom")
}

// TestRammedWhenUnhurt measures RamLands: a reference attacker that
// cannot destroy the ship by fire rams it, each ram the command die
// allows landing with chance RamLands:
//
//	go test ./sim -run TestRammedWhenUnhurt -fit -v -timeout 0
func TestRammedWhenUnhurt(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to measure the rammed-when-unhurt variant of metaverse-cv/7")
	}
	vs := []variant{{"metaverse-cv/7", *costing.V7(), false}}
	for _, p := range []float64{0.1, 0.15, 0.2, 0.3, 0.4, 0.6} {
		vs = append(vs, variant{"RamLands " + costing.FormatNumber(p), v7With(func(v3 *costing.V3Table) { v3.RamLands = p }), p == 0.2 || p == 0.3})
	}
	measureVariants(t, vs, "fortress", "deflected", "brick", "huge")
}

// TestVariantFlags checks what the unadopted flags do, so that the
// measurements above stay true: SalvoOverkill raises the CV of the
// Reference Cruiser's one-shot torpedo boat and RamLands lowers the
// Reference Cruiser fortress's, neither moves the Reference Cruiser from
// 100 nor any sample as built, and no published version sets either.
func TestVariantFlags(t *testing.T) {
	for _, version := range costing.Versions() {
		tb, err := costing.TableFor(version)
		if err != nil {
			t.Fatal(err)
		}
		if v3 := tb.V3; v3 != nil && (v3.SalvoOverkill || v3.RamLands != 0) {
			t.Errorf("%s sets an unadopted flag: %+v", version, *v3)
		}
	}
	hs, err := Holdout(nil)
	if err != nil {
		t.Fatal(err)
	}
	v7 := costing.NewModel(nil)
	overkill := costing.NewModelTable(nil, v7With(func(v3 *costing.V3Table) { v3.SalvoOverkill = true }))
	rams := costing.NewModelTable(nil, v7With(func(v3 *costing.V3Table) { v3.RamLands = 0.2 }))
	for _, h := range hs {
		base := v7.Evaluate(h.Design, costing.Options{}).CV
		ok, rm := overkill.Evaluate(h.Design, costing.Options{}).CV, rams.Evaluate(h.Design, costing.Options{}).CV
		switch h.Design.Name {
		case "Reference Cruiser (one-shot)":
			if ok <= base*5/4 {
				t.Errorf("%s: CV %d with SalvoOverkill, %d without; want a quarter more", h.Design.Name, ok, base)
			}
		case "Reference Cruiser (fortress)":
			if rm >= base*9/10 {
				t.Errorf("%s: CV %d with RamLands 0.2, %d without; want a tenth less", h.Design.Name, rm, base)
			}
		}
		if h.Family == "as-built" && (ok != base || rm != base) {
			t.Errorf("%s as built: CV %d, %d with SalvoOverkill, %d with RamLands", h.Design.Name, base, ok, rm)
		}
		if h.Design.Name == "Reference Cruiser" && (ok != 100 || rm != 100) {
			t.Errorf("the Reference Cruiser: %d with SalvoOverkill, %d with RamLands", ok, rm)
		}
	}
}
