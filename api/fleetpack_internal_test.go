package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/fleet/fleetpdf"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/sheets"
)

// TestBigFleetPacksOneAtATime: a pack of more than bigPackShips ships
// takes the big-pack gate's one turn, so that big packs render one at a
// time (a 500-ship pack holds about 300 MB); with that turn and its
// waiting places taken, a big pack is 503 at once while a small pack still
// renders.
func TestBigFleetPacksOneAtATime(t *testing.T) {
	s := New(Config{Service: library.New(library.Config{})})
	b, err := os.ReadFile("../data/samples/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	fleetOf := func(n int) (*fleet.Fleet, *fleet.Result) {
		f := &fleet.Fleet{Name: "Armada", Limit: fleet.Limit{CV: 1 << 30}}
		f.SetDefaults()
		for i := range n {
			f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprint("s", i), Document: d})
		}
		return f, s.svc.FleetEvaluator().Evaluate(f, nil)
	}
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			_ = s.bigPacks.Do(context.Background(), func() error { <-release; return nil })
		})
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		if run, wait := s.bigPacks.Load(); run == 1 && wait == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the big-pack gate did not fill")
		}
	}
	render := func(n int) (*httptest.ResponseRecorder, bool) {
		f, r := fleetOf(n)
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		c.Request = httptest.NewRequest(http.MethodPost, "/api/v1/fleets/pack", nil)
		buf, ok := s.renderFleetPack(c, f, r, sheets.Options{}, "test pack", fleetpdf.Extra{})
		if ok && buf.Len() == 0 {
			t.Errorf("%d ships: an empty pack", n)
		}
		return rec, ok
	}
	if rec, ok := render(bigPackShips + 1); ok || rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a big pack with the big-pack gate full: rendered %v, status %d, Retry-After %q", ok, rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec, ok := render(3); !ok {
		t.Errorf("a small pack with the big-pack gate full: status %d %s", rec.Code, rec.Body)
	}
	close(release)
	wg.Wait()
}
