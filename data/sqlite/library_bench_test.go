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
// is opened, so migrated). Each kind of query is a sub-benchmark,
// reporting the process's CPU time per query (cpu-ns/op) beside the wall
// time; profile one with
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
			before := cpuTime()
			for i := 0; b.Loop(); i++ {
				q := qs[(i*4+k)%len(qs)]
				if _, err := db.Library(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-before).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// rulesetQueries are the game filter's queries BenchmarkLibraryRulesets
// runs: each game alone in each sort (Battleshift's 43 samples beside a
// large Metaverse library, as slipway serve seeds them into a library
// that slipway-load seed filled), with its rules version, and with words.
var rulesetQueries = []struct {
	name string
	q    library.LibraryQuery
}{
	{"battleshift-newest", library.LibraryQuery{Ruleset: "battleshift", Sort: "newest", Desc: true}},
	{"battleshift-cv", library.LibraryQuery{Ruleset: "battleshift", Sort: "cv", Desc: true}},
	{"battleshift-points", library.LibraryQuery{Ruleset: "battleshift", Sort: "points", Desc: true}},
	{"battleshift-name", library.LibraryQuery{Ruleset: "battleshift", Sort: "name"}},
	{"battleshift-v1-cv", library.LibraryQuery{Ruleset: "battleshift", RulesVersion: 1, Sort: "cv", Desc: true}},
	{"battleshift-word-newest", library.LibraryQuery{Ruleset: "battleshift", Q: "cruiser", Sort: "newest", Desc: true}},
	{"battleshift-word-cv", library.LibraryQuery{Ruleset: "battleshift", Q: "cruiser", Sort: "cv", Desc: true}},
	{"metaverse-newest", library.LibraryQuery{Ruleset: "metaverse", Sort: "newest", Desc: true}},
	{"metaverse-cv", library.LibraryQuery{Ruleset: "metaverse", Sort: "cv", Desc: true}},
	{"metaverse-points", library.LibraryQuery{Ruleset: "metaverse", Sort: "points", Desc: true}},
	{"metaverse-name", library.LibraryQuery{Ruleset: "metaverse", Sort: "name"}},
	{"metaverse-v1-cv", library.LibraryQuery{Ruleset: "metaverse", RulesVersion: 1, Sort: "cv", Desc: true}},
	{"metaverse-word-cv", library.LibraryQuery{Ruleset: "metaverse", Q: "nebula", Sort: "cv", Desc: true}},
	{"all-cv", library.LibraryQuery{Sort: "cv", Desc: true}},
}

// BenchmarkLibraryRulesets runs the game filter's queries (rulesetQueries,
// a page of 20 each) against the store at $SLIPWAY_BENCH_DB, as
// BenchmarkLibraryLarge does the load tool's: each query a sub-benchmark,
// reporting the process's CPU time per query (cpu-ns/op) beside the wall
// time. The library is opened, so migrated.
func BenchmarkLibraryRulesets(b *testing.B) {
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
	for _, c := range rulesetQueries {
		b.Run(c.name, func(b *testing.B) {
			q := c.q
			q.Limit = 20
			before := cpuTime()
			for b.Loop() {
				p, err := db.Library(ctx, q)
				if err != nil {
					b.Fatal(err)
				}
				if len(p.Designs) == 0 {
					b.Fatalf("%+v lists nothing", q)
				}
			}
			b.ReportMetric(float64((cpuTime()-before).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
