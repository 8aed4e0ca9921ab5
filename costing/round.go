package costing

import (
	"math"

	"github.com/slipway/slipway/designer"
)

// Round is the rounding of rules §7.6: floor(x + 0.5), never banker's
// rounding. Non-finite values round to 0 so that nothing downstream sees
// them; the inputs that cause them are reported by validation.
func Round(x float64) int {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	r := math.Floor(x + 0.5)
	if r > math.MaxInt32 {
		return math.MaxInt32
	}
	if r < math.MinInt32 {
		return math.MinInt32
	}
	return int(r)
}

// ceilPos is ceil(x) for x > 0 (0 otherwise), with a tiny epsilon so that
// a quotient like 3.0000000000000004 stays 3.
func ceilPos(x float64) int {
	if x <= 0 || math.IsNaN(x) {
		return 0
	}
	if x > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(math.Ceil(x - 1e-9))
}

// clampInt bounds v to [lo, hi].
func clampInt(v, lo, hi int) int { return min(max(v, lo), hi) }

// clampCount keeps absurd counts (validation reports them) from
// overflowing derived numbers, matching designer's own clamp.
func clampCount(n int) int { return clampInt(n, 0, 999) }

// hullHits is a section's hull hits with every layer counted at 0 to
// 1,000,000: an illegal draft with negative or absurd layers (validation
// reports them) must still evaluate to finite, non-negative numbers.
func hullHits(s *designer.Section) int {
	n := 0
	for _, l := range s.Layers {
		n += clampInt(l.HullHits, 0, 1_000_000)
	}
	return n
}
