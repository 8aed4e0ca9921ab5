package fleet

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/slipway/slipway/costing"
)

// DefaultCacheSize is how many priced ships an Evaluator keeps unless
// told otherwise: two fleets of MaxShips distinct ships. An entry holds a
// costing result with its explanation tree, about 20 KB, so the cache
// holds at most about 20 MB.
const DefaultCacheSize = 2 * MaxShips

// EvaluatorOptions tune an Evaluator.
type EvaluatorOptions struct {
	// CacheSize bounds how many priced ships the evaluator keeps between
	// evaluations: 0 is DefaultCacheSize, a negative number keeps none
	// (every evaluation prices its ships afresh, each distinct one once).
	CacheSize int
	// StableRefs promises that the Designs handed to Evaluate always map a
	// Ref to the same document, as in a library whose saved versions never
	// change: a referenced ship is then found in the cache by its
	// reference instead of by a digest of its document. Embedded
	// documents are always found by their digest.
	StableRefs bool
}

// priceKey names one priced ship: the design (a stable reference or the
// digest of its document), the qualities bought and the loadout applied.
// The cache belongs to one Evaluator, hence to one costing model.
type priceKey struct {
	design  string
	opt     costing.Options
	loadout string
}

// priceCache is a bounded, concurrency-safe map of priced ships. It keeps
// two generations: lookups search the young one, then the old one (and
// move a hit to the young one); when the young one is full it becomes the
// old one and the previous old one is dropped. So it never holds more than
// max entries, and the ships of a fleet being edited stay in it.
type priceCache struct {
	mu         sync.Mutex
	half       int
	young, old map[priceKey]*costing.Result
}

func newPriceCache(size int) *priceCache {
	if size < 0 {
		return nil
	}
	if size == 0 {
		size = DefaultCacheSize
	}
	half := max(1, size/2)
	return &priceCache{half: half, young: make(map[priceKey]*costing.Result, half)}
}

func (c *priceCache) get(k priceKey) (*costing.Result, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if res, ok := c.young[k]; ok {
		return res, true
	}
	if res, ok := c.old[k]; ok {
		delete(c.old, k)
		c.putLocked(k, res)
		return res, true
	}
	return nil, false
}

func (c *priceCache) put(k priceKey, res *costing.Result) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, res)
}

func (c *priceCache) putLocked(k priceKey, res *costing.Result) {
	if len(c.young) >= c.half {
		c.old, c.young = c.young, make(map[priceKey]*costing.Result, c.half)
	}
	c.young[k] = res
}

// len reports how many entries the cache holds.
func (c *priceCache) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.young) + len(c.old)
}

// digest names a design document by the SHA-256 of its JSON encoding
// (deterministic: struct fields in order, map keys sorted). It returns ""
// when the document cannot be encoded, and the ship is then not cached.
func digest(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return "sha256:" + string(sum[:])
}
