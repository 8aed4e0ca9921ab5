package library_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// BenchmarkEvaluateFleet200 is what the web fleet builder waits for on
// each edit of a 200-ship fleet of 200 distinct library designs:
// Service.EvaluateFleet reads each referenced design version from a
// SQLite store with the caller's rights, decodes it, then evaluates the
// fleet with the Service's evaluator (whose cache keeps the ships'
// prices). One ship's crew quality changes before each evaluation. The
// first evaluation (every ship priced) is reported as cold-ms.
func BenchmarkEvaluateFleet200(b *testing.B) { benchEvaluateFleet(b, false) }

// BenchmarkEvaluateFleet200Pinned is BenchmarkEvaluateFleet200 with every
// design at version 2 and every ship pinned to version 1: each reference
// needs the design row (visibility, latest version) and an older
// version, and each ship is offered the newer one.
func BenchmarkEvaluateFleet200Pinned(b *testing.B) { benchEvaluateFleet(b, true) }

func benchEvaluateFleet(b *testing.B, pinned bool) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "lib.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s := library.New(library.Config{Store: db, Limits: library.Limits{WritesPerMinute: 1 << 20}})
	u, _, err := s.Register(ctx, library.Credentials{Name: "admiral", Password: pw, Addr: "10.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	raw, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		b.Fatal(err)
	}
	f := &fleet.Fleet{Name: "Armada", Limit: fleet.Limit{CV: 1 << 30}}
	f.SetDefaults()
	for i := range 200 {
		d, err := designer.DecodeDesign(raw)
		if err != nil {
			b.Fatal(err)
		}
		d.Name = fmt.Sprintf("Class %d", i)
		v, err := s.CreateDesign(ctx, u, d, library.Private)
		if err != nil {
			b.Fatal(err)
		}
		if pinned {
			d.Name += " refit"
			if _, err := s.UpdateDesign(ctx, u, v.ID, library.Precondition{Any: true}, d, ""); err != nil {
				b.Fatal(err)
			}
		}
		f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Design: v.ID, Version: 1, CrewQuality: 1})
	}
	t0 := time.Now()
	r, ups, err := s.EvaluateFleet(ctx, u, f)
	if err != nil || r.Totals.Ships != 200 || len(r.Problems) > 1 {
		b.Fatalf("%v %+v %v", err, r.Totals, r.Problems)
	}
	if want := map[bool]int{false: 0, true: 200}[pinned]; len(ups) != want {
		b.Fatalf("%d ships offered a newer version, want %d", len(ups), want)
	}
	cold := time.Since(t0)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		sh := &f.Ships[i%200]
		sh.CrewQuality = 1 + sh.CrewQuality%5
		i += 37
		if r, _, err := s.EvaluateFleet(ctx, u, f); err != nil || r.Totals.Ships != 200 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cold.Microseconds())/1000, "cold-ms")
}
