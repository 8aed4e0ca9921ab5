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

// distinct turns f into a fleet of distinct designs, each ship's a copy
// of its sample design under its own class name: embedded in the ship
// (refs false) or referenced as a design version of its own (refs true).
func distinct(f *fleet.Fleet, ds fleet.Designs, refs bool) fleet.Designs {
	out := fleet.Designs{}
	for i := range f.Ships {
		s := &f.Ships[i]
		d := *ds[fleet.Ref{Design: s.Design, Version: s.Version}]
		d.Name = fmt.Sprintf("Class %d", i)
		if refs {
			s.Design, s.Version = fmt.Sprintf("c%d", i), 1
			out[fleet.Ref{Design: s.Design, Version: 1}] = &d
			continue
		}
		s.Design, s.Version, s.Document = "", 0, &d
	}
	return out
}

// edit changes one ship of f the way a player does between two
// evaluations, so that the next evaluation must price it afresh: an
// embedded design is renamed (a new document), a referenced one moves to
// a new version of its design (added to ds).
func edit(f *fleet.Fleet, ds fleet.Designs, i int) {
	s := &f.Ships[i%len(f.Ships)]
	if s.Document != nil {
		d := *s.Document
		d.Name = fmt.Sprintf("Class %d, refit %d", i%len(f.Ships), i)
		s.Document = &d
		return
	}
	old := fleet.Ref{Design: s.Design, Version: s.Version}
	s.Version = i + 2
	ds[fleet.Ref{Design: s.Design, Version: s.Version}] = ds[old]
}

// evaluate200 evaluates f over and over with e, editing one ship before
// each evaluation when editing.
func evaluate200(b *testing.B, e *fleet.Evaluator, f *fleet.Fleet, ds fleet.Designs, editing bool) {
	e.Evaluate(f, ds) // the fleet as first loaded
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if editing {
			edit(f, ds, i)
			i += 37 // another ship each time
		}
		if r := e.Evaluate(f, ds); r.Totals.Ships != 200 {
			b.Fatal(r.Totals)
		}
	}
}

// uncached is an evaluator that keeps no prices between evaluations: each
// evaluation prices every distinct ship of the fleet afresh, as the first
// evaluation of a fleet does.
var uncached = fleet.NewEvaluatorWith(nil, fleet.EvaluatorOptions{CacheSize: -1})

// BenchmarkEvaluate200 validates and evaluates a 200-ship fleet whose
// ships reference the ten sample designs (target ≤ 5 ms). Cold: nothing
// kept from an earlier evaluation (the ten classes priced each time).
// Edit: one ship moved to a new version of its design before each
// evaluation, with the library's evaluator (references are stable).
func BenchmarkEvaluate200(b *testing.B) {
	b.Run("cold", func(b *testing.B) {
		f, ds := bigFleet(b, 200)
		evaluate200(b, uncached, f, ds, false)
	})
	b.Run("edit", func(b *testing.B) {
		f, ds := bigFleet(b, 200)
		evaluate200(b, fleet.NewEvaluatorWith(nil, fleet.EvaluatorOptions{StableRefs: true}), f, ds, true)
	})
}

// BenchmarkEvaluate200Distinct is the worst case: 200 ships of 200
// distinct designs. Cold: each of the 200 priced in full, every time.
// Edit: a fleet being edited, one ship changed before each evaluation
// (see edit), so one ship is priced and 199 found in the evaluator's
// cache: by reference (refs, the library's way) or by the digest of the
// embedded document (embedded, fleet files).
func BenchmarkEvaluate200Distinct(b *testing.B) {
	b.Run("cold", func(b *testing.B) {
		f, ds := bigFleet(b, 200)
		ds = distinct(f, ds, true)
		evaluate200(b, uncached, f, ds, false)
	})
	b.Run("edit/refs", func(b *testing.B) {
		f, ds := bigFleet(b, 200)
		ds = distinct(f, ds, true)
		evaluate200(b, fleet.NewEvaluatorWith(nil, fleet.EvaluatorOptions{StableRefs: true}), f, ds, true)
	})
	b.Run("edit/embedded", func(b *testing.B) {
		f, ds := bigFleet(b, 200)
		ds = distinct(f, ds, false)
		evaluate200(b, fleet.NewEvaluator(nil), f, ds, true)
	})
}

func TestBigFleet(t *testing.T) {
	f, ds := bigFleet(t, 200)
	r := ev.Evaluate(f, ds)
	if len(r.Ships) != 200 || r.Totals.CV <= 0 || has(r.Problems, "F-REF-01") {
		t.Fatalf("%+v %v", r.Totals, r.Problems[:min(3, len(r.Problems))])
	}
}
