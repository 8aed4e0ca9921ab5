package fleet_test

import (
	"fmt"
	"io/fs"
	"sort"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

// bigFleet returns a fleet of n ships drawn in turn from the ten sample
// designs by reference, every ship of a class bought at the same
// qualities (which differ from class to class): ten distinct ships to
// price, as in a fleet of a few classes.
func bigFleet(tb testing.TB, n int) (*fleet.Fleet, fleet.Designs) {
	names, _ := fs.Glob(data.Samples(), "*.json")
	sort.Strings(names)
	ds := fleet.Designs{}
	var refs []fleet.Ref
	for i, nm := range names {
		b, _ := fs.ReadFile(data.Samples(), nm)
		d, err := designer.DecodeDesign(b)
		if err != nil {
			tb.Fatal(err)
		}
		r := fleet.Ref{Design: fmt.Sprintf("d%d", i), Version: 1}
		ds[r] = d
		refs = append(refs, r)
	}
	f := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "Armada", Limit: fleet.Limit{CV: 1 << 30}}
	dice := []designer.Die{"D2", "D3", "D4"}
	for i := range n {
		r := refs[i%len(refs)]
		f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Design: r.Design, Version: r.Version, CrewQuality: 1 + (i%len(refs))%3, CommandQuality: dice[(i%len(refs))%3]})
	}
	return f, ds
}

// BenchmarkEvaluate200: validating and evaluating a 200-ship fleet whose
// ships reference the ten sample designs (target ≤ 5 ms).
func BenchmarkEvaluate200(b *testing.B) {
	f, ds := bigFleet(b, 200)
	b.ReportAllocs()
	for b.Loop() {
		if r := ev.Evaluate(f, ds); r.Totals.Ships != 200 {
			b.Fatal(r.Totals)
		}
	}
}

// BenchmarkEvaluate200Distinct: the worst case, 200 ships of 200
// distinct designs, each priced in full.
func BenchmarkEvaluate200Distinct(b *testing.B) {
	f, ds := bigFleet(b, 200)
	for i := range f.Ships {
		s := &f.Ships[i]
		d := *ds[fleet.Ref{Design: s.Design, Version: s.Version}]
		d.Name = fmt.Sprintf("Class %d", i)
		s.Design, s.Version, s.Document = "", 0, &d
	}
	b.ReportAllocs()
	for b.Loop() {
		if r := ev.Evaluate(f, ds); r.Totals.Ships != 200 {
			b.Fatal(r.Totals)
		}
	}
}

func TestBigFleet(t *testing.T) {
	f, ds := bigFleet(t, 200)
	r := ev.Evaluate(f, ds)
	if len(r.Ships) != 200 || r.Totals.CV <= 0 || has(r.Problems, "F-REF-01") {
		t.Fatalf("%+v %v", r.Totals, r.Problems[:min(3, len(r.Problems))])
	}
}
