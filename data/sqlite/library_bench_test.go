package sqlite_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/internal/loadmix"
	"github.com/slipway/slipway/library"
)

// benchQueries returns n library queries in the mix slipway-load search
// sends, each kind in turn (loadmix.Kinds).
func benchQueries(n int) []library.LibraryQuery {
	rng := rand.New(rand.NewPCG(1, 7))
	out := make([]library.LibraryQuery, n)
	for i := range out {
		out[i] = loadmix.Search(rng, i%len(loadmix.Kinds), 20)
	}
	return out
}

// BenchmarkLibraryLarge runs the library queries of slipway-load search
// against the store at $SLIPWAY_BENCH_DB (a copy of a seeded library; it
// is opened, so migrated). Each kind of query is a sub-benchmark; profile
// one with
//
//	SLIPWAY_BENCH_DB=/tmp/scale/search1m.db go test ./data/sqlite -run XXX -bench LibraryLarge -cpuprofile /tmp/lib.prof
func BenchmarkLibraryLarge(b *testing.B) {
	path := os.Getenv("SLIPWAY_BENCH_DB")
	if path == "" {
		b.Skip("SLIPWAY_BENCH_DB names no library to search")
	}
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	qs := benchQueries(400)
	for k, name := range loadmix.Kinds {
		b.Run(name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				q := qs[(i*4+k)%len(qs)]
				if _, err := db.Library(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
