package sqlite_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
)

// benchWords are the words slipway-load seed builds names, descriptions,
// tags and universes from, and that slipway-load search asks for.
var benchWords = strings.Fields(`aurora bastion corsair dauntless eclipse falcon gallant harbinger indomitable
javelin kestrel leviathan monarch nebula obsidian paladin quasar ranger sentinel tempest umbra vanguard
warden xenith yeoman zephyr anvil bulwark comet dagger ember fury glaive hydra ion jackal kraken lance
mirage nova onyx phantom quill raptor saber talon ursa valkyrie wraith zenith amber cobalt crimson
emerald golden indigo ivory jade scarlet silver violet frontier outer inner core rim void drift
expanse reach veil spiral cluster station patrol escort carrier cruiser destroyer frigate corvette
dreadnought tender scout raider lancer hunter picket monitor heavy light fast armoured shielded
kinetic energy plasma laser railgun torpedo missile fighter hangar drone sensor stealth line reserve`)

// benchQueries returns n library queries in the mix slipway-load search
// sends: one word newest first, two words by CV, a tier by points, one
// word with a minimum CV by name.
func benchQueries(n int) []library.LibraryQuery {
	rng := rand.New(rand.NewPCG(1, 7))
	w := func() string { return benchWords[rng.IntN(len(benchWords))] }
	f := func(v float64) *float64 { return &v }
	out := make([]library.LibraryQuery, n)
	for i := range out {
		var q library.LibraryQuery
		switch i % 4 {
		case 0:
			q = library.LibraryQuery{Q: w(), Sort: "newest", Desc: true}
		case 1:
			q = library.LibraryQuery{Q: w() + " " + w(), Sort: "cv", Desc: true}
		case 2:
			q = library.LibraryQuery{Tier: 1 + rng.IntN(3), Sort: "points", Desc: true}
		case 3:
			q = library.LibraryQuery{Q: w(), CVMin: f(float64(rng.IntN(100))), Sort: "name"}
		}
		q.Limit = 20
		out[i] = q
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
	for k, name := range []string{"word-newest", "two-words-cv", "tier-points", "word-cvmin-name"} {
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
