package loadmix

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestSearchKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 7))
	for range 50 {
		for k, name := range Kinds {
			q := Search(rng, k, 20)
			words := strings.Fields(q.Q)
			for _, w := range words {
				if !slices.Contains(Words, w) {
					t.Fatalf("%s: %q is not one of Words", name, w)
				}
			}
			ok := q.Limit == 20
			switch name {
			case "word-newest":
				ok = ok && len(words) == 1 && q.Sort == "newest" && q.Tier == 0 && q.CVMin == nil
			case "two-words-cv":
				ok = ok && len(words) == 2 && q.Sort == "cv"
			case "tier-points":
				ok = ok && q.Q == "" && q.Tier >= 1 && q.Tier <= 3 && q.Sort == "points"
			case "word-cvmin-name":
				ok = ok && len(words) == 1 && q.CVMin != nil && *q.CVMin >= 0 && *q.CVMin < 100 && q.Sort == "name"
			default:
				ok = false
			}
			if !ok {
				t.Fatalf("%s: %+v", name, q)
			}
		}
	}
}
