// Package loadmix is the generated library the load tool seeds and the
// mix of searches it sends, in one place for the tool (cmd/slipway-load)
// and the store benchmarks that replay its searches.
package loadmix

import (
	"math/rand/v2"
	"strings"

	"github.com/slipway/slipway/library"
)

// Words make up generated names, descriptions, tags and universes, and
// the search queries.
var Words = strings.Fields(`aurora bastion corsair dauntless eclipse falcon gallant harbinger indomitable
javelin kestrel leviathan monarch nebula obsidian paladin quasar ranger sentinel tempest umbra vanguard
warden xenith yeoman zephyr anvil bulwark comet dagger ember fury glaive hydra ion jackal kraken lance
mirage nova onyx phantom quill raptor saber talon ursa valkyrie wraith zenith amber cobalt crimson
emerald golden indigo ivory jade scarlet silver violet frontier outer inner core rim void drift
expanse reach veil spiral cluster station patrol escort carrier cruiser destroyer frigate corvette
dreadnought tender scout raider lancer hunter picket monitor heavy light fast armoured shielded
kinetic energy plasma laser railgun torpedo missile fighter hangar drone sensor stealth line reserve`)

// Word draws one of Words.
func Word(rng *rand.Rand) string { return Words[rng.IntN(len(Words))] }

// Kinds names the kinds of search in the mix, by the kind number Search takes.
var Kinds = []string{"word-newest", "two-words-cv", "tier-points", "word-cvmin-name"}

// Search draws a library search of kind k (0 to len(Kinds)-1): one word
// newest first, two words by CV, a tier by points, or one word with a
// minimum CV by name; limit results a page. Each sort takes its default
// order.
func Search(rng *rand.Rand, k, limit int) library.LibraryQuery {
	var q library.LibraryQuery
	switch k {
	case 0:
		q = library.LibraryQuery{Q: Word(rng), Sort: "newest", Desc: true}
	case 1:
		q = library.LibraryQuery{Q: Word(rng) + " " + Word(rng), Sort: "cv", Desc: true}
	case 2:
		q = library.LibraryQuery{Tier: 1 + rng.IntN(3), Sort: "points", Desc: true}
	default:
		w := Word(rng)
		cv := float64(rng.IntN(100))
		q = library.LibraryQuery{Q: w, CVMin: &cv, Sort: "name"}
	}
	q.Limit = limit
	return q
}
