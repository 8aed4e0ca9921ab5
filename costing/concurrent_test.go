package costing

import (
	"reflect"
	"sync"
	"testing"

	"github.com/slipway/slipway/designer"
)

// TestEvaluateConcurrent evaluates generated designs on several
// goroutines at once, as slipway recompute does, and checks each result
// against the same evaluation made alone: evaluations share working
// memory through a pool (evalPool) and must never see each other's.
func TestEvaluateConcurrent(t *testing.T) {
	m, _ := NewModelVersion(nil, VersionV2)
	g := newGenerator(4242)
	designs := []*designer.Design{loadDesign(t, "testdata/reference-cruiser.json"), largeDesign(), nil}
	for i := range 60 {
		designs = append(designs, g.design(i))
	}
	want := make([]*Result, len(designs))
	for i, d := range designs {
		want[i] = m.Evaluate(d, Options{})
	}
	var wg sync.WaitGroup
	errs := make(chan int, 8*3*len(designs))
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 * len(designs) {
				i := (k + w*7) % len(designs)
				if got := m.Evaluate(designs[i], Options{}); !reflect.DeepEqual(got, want[i]) {
					errs <- i
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for i := range errs {
		t.Errorf("design %d: a concurrent evaluation differs from the same evaluation alone", i)
	}
}
