package costing

import (
	"testing"

	"github.com/slipway/slipway/designer"
)

// TestSpecOfReadsQualitiesAndTargets checks specOf's one pass over a
// weapon's qualities and targets against the weapon's own Has and
// CanTarget, for each quality and target alone, all of them, none, and
// every weapon of the generated designs.
func TestSpecOfReadsQualitiesAndTargets(t *testing.T) {
	tb := V2()
	var defs []designer.WeaponDef
	defs = append(defs, designer.WeaponDef{}, designer.WeaponDef{Qualities: designer.WeaponQualities, Targets: []string{
		designer.TargetsStarships, designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire}})
	for _, q := range designer.WeaponQualities {
		defs = append(defs, designer.WeaponDef{Qualities: []string{q}})
	}
	for _, x := range []string{designer.TargetsStarships, designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire, "other"} {
		defs = append(defs, designer.WeaponDef{Targets: []string{x}})
	}
	g := newGenerator(99)
	for i := range 100 {
		defs = append(defs, g.design(i).Weapons...)
	}
	for i := range defs {
		w := &defs[i]
		s := specOf(tb, w)
		got := [17]bool{s.tShips, s.tFighters, s.tDirect, s.tIndirect, s.am, s.dm, s.ds, s.gr, s.io, s.ml, s.ph, s.pr, s.qm, s.rt, s.spq, s.tm, s.un}
		want := [17]bool{w.CanTarget(designer.TargetsStarships), w.CanTarget(designer.TargetsStarfighters),
			w.CanTarget(designer.TargetsDirectFire), w.CanTarget(designer.TargetsIndirectFire),
			w.Has("AM"), w.Has("DM"), w.Has("DS"), w.Has("GR"), w.Has("IO"), w.Has("ML"), w.Has("PH"), w.Has("PR"),
			w.Has("QM"), w.Has("RT"), w.Has("SP"), w.Has("TM"), w.Has("UN")}
		if got != want {
			t.Errorf("weapon %d (qualities %v, targets %v): specOf flags %v, want %v", i, w.Qualities, w.Targets, got, want)
		}
	}
}
