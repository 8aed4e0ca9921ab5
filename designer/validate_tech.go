package designer

import (
	"fmt"
	"math"
	"sort"
)

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// techLevel checks R-TL-01 and R-TL-02 from the design's density.
func (v *validator) techLevel() {
	sp := v.c.spaceTotal(v.d)
	if sp.HullHits == 0 {
		return // R-SEC-02 already says there is no hull
	}
	if sp.MinTechLevel > 10 {
		need := int(math.Ceil(sp.Space/5 - 1e-9))
		v.errorf("R-TL-02", root("techLevel"), fmt.Sprintf("add at least %d hull hits or remove %.1f SU of systems", need-sp.HullHits, sp.Space-5*float64(sp.HullHits)),
			"the design packs %.1f SU into %d hull hits (density %.2f), which needs tech level %d; no tech level above 10 exists", sp.Space, sp.HullHits, sp.Density, sp.MinTechLevel)
		return
	}
	tl := v.d.TechLevel
	if tl < 1 || tl > 10 || tl >= sp.MinTechLevel {
		return
	}
	half := float64(tl) / 2
	need := int(math.Ceil(sp.Space/half - 1e-9))
	v.errorf("R-TL-01", root("techLevel"),
		fmt.Sprintf("raise the tech level to %d, add %d hull hits, or remove %.1f SU of systems", sp.MinTechLevel, need-sp.HullHits, sp.Space-half*float64(sp.HullHits)),
		"tech level %d holds at most %.1f SU per hull hit; this design packs %.1f SU into %d hull hits and needs tech level %d", tl, half, sp.Space, sp.HullHits, sp.MinTechLevel)
}

// tierLimit checks R-TIER-01 when a limit is requested.
func (v *validator) tierLimit() {
	if !Tiers.Has(v.opt.TierLimit) {
		return
	}
	t := v.c.Tier(v.d)
	if t.Tier <= v.opt.TierLimit {
		return
	}
	for _, r := range t.Reasons {
		if r.Tier > v.opt.TierLimit {
			v.errorf("R-TIER-01", root(r.Path), fmt.Sprintf("replace it with a tier-%d alternative", v.opt.TierLimit), "%s, above the tier limit %d", r.Reason, v.opt.TierLimit)
		}
	}
}
