package fleet_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

// TestPriceCacheSameNumbers: an evaluator that keeps prices answers, for
// a fleet evaluated once, edited and evaluated again, exactly what an
// evaluator that keeps none answers.
func TestPriceCacheSameNumbers(t *testing.T) {
	for _, refs := range []bool{false, true} {
		t.Run(fmt.Sprint("refs=", refs), func(t *testing.T) {
			f, ds := bigFleet(t, 40)
			ds = distinct(f, ds, refs)
			cached := fleet.NewEvaluatorWith(nil, fleet.EvaluatorOptions{StableRefs: refs})
			check := func(step string) {
				t.Helper()
				got, _ := json.Marshal(cached.Evaluate(f, ds))
				want, _ := json.Marshal(uncached.Evaluate(f, ds))
				if string(got) != string(want) {
					t.Fatalf("%s: the cached evaluation differs from the uncached one:\n%s\n%s", step, got, want)
				}
			}
			check("first")
			check("again")
			// A change that alters the price: crew quality, then the
			// design itself (a new document or a new version).
			before := cached.Evaluate(f, ds).Ships[3].Points
			f.Ships[3].CrewQuality = 5
			check("crew quality")
			if got := cached.Evaluate(f, ds).Ships[3].Points; got == before {
				t.Errorf("crew quality 5 left the ship's points at %d", got)
			}
			// A deep copy of the design with one system fewer.
			var d *designer.Design
			if refs {
				d = deepCopy(t, ds[fleet.Ref{Design: f.Ships[3].Design, Version: 1}])
			} else {
				d = deepCopy(t, f.Ships[3].Document)
			}
			before = cached.Evaluate(f, ds).Ships[3].CV
			d.Sections.Core.Systems = d.Sections.Core.Systems[:len(d.Sections.Core.Systems)-1]
			if refs {
				ds[fleet.Ref{Design: f.Ships[3].Design, Version: 2}] = d
				f.Ships[3].Version = 2
			} else {
				f.Ships[3].Document = d
			}
			check("design changed")
			if got := cached.Evaluate(f, ds).Ships[3].CV; got == before {
				t.Errorf("a design with a system fewer left the ship's CV at %d", got)
			}
		})
	}
}

func deepCopy(t *testing.T, d *designer.Design) *designer.Design {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	out, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPriceCacheBounded: however many distinct ships pass through it, the
// cache keeps at most its size.
func TestPriceCacheBounded(t *testing.T) {
	e := fleet.NewEvaluatorWith(nil, fleet.EvaluatorOptions{CacheSize: 16})
	f, ds := bigFleet(t, 10)
	ds = distinct(f, ds, false)
	for i := range 10 {
		for k := range f.Ships {
			d := *f.Ships[k].Document
			d.Name = fmt.Sprintf("Round %d ship %d", i, k)
			f.Ships[k].Document = &d
		}
		e.Evaluate(f, ds)
		if n := e.CachedPrices(); n > 16 || n == 0 {
			t.Fatalf("round %d: the cache holds %d prices; its size is 16", i, n)
		}
	}
	if n := uncached.CachedPrices(); n != 0 {
		t.Errorf("an evaluator without a cache holds %d prices", n)
	}
}

// TestPriceCacheConcurrent evaluates fleets from many goroutines at once
// with one evaluator (go test -race checks the cache's locking).
func TestPriceCacheConcurrent(t *testing.T) {
	e := fleet.NewEvaluatorWith(nil, fleet.EvaluatorOptions{CacheSize: 8})
	var wg sync.WaitGroup
	want := -1
	f0, ds0 := bigFleet(t, 20)
	want = uncached.Evaluate(f0, ds0).Totals.CV
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			f, ds := bigFleet(t, 20)
			for range 5 {
				if got := e.Evaluate(f, ds).Totals.CV; got != want {
					errs <- fmt.Sprintf("goroutine %d: CV %d, want %d", g, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for m := range errs {
		t.Error(m)
	}
}
