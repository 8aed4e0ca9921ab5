package designer

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/slipway/slipway/ruleset"
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
		v.errorf("R-TL-02", root("techLevel"), fmt.Sprintf("add at least %s or remove %.1f SU of systems", ruleset.Count(need-sp.HullHits, "hull hit"), sp.Space-5*float64(sp.HullHits)),
			"the ship packs %.1f SU into %s (density %.2f), which needs tech level %d; no tech level above 10 exists", sp.Space, ruleset.Count(sp.HullHits, "hull hit"), sp.Density, sp.MinTechLevel)
		return
	}
	tl := v.d.TechLevel
	if tl < 1 || tl > 10 || tl >= sp.MinTechLevel {
		return
	}
	half := float64(tl) / 2
	need := int(math.Ceil(sp.Space/half - 1e-9))
	v.errorf("R-TL-01", root("techLevel"),
		fmt.Sprintf("raise the tech level to %d, add %s, or remove %.1f SU of systems", sp.MinTechLevel, ruleset.Count(need-sp.HullHits, "hull hit"), sp.Space-half*float64(sp.HullHits)),
		"level %d holds at most %.1f SU per hull hit; this ship packs %.1f SU into %s and needs tech level %d", tl, half, sp.Space, ruleset.Count(sp.HullHits, "hull hit"), sp.MinTechLevel)
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
			v.errorf("R-TIER-01", root(r.Path), fmt.Sprintf("replace it with a tier-%d alternative", v.opt.TierLimit), "%s, above the tier limit of %d", reasonWords(r), v.opt.TierLimit)
		}
	}
}

// reasonWords says why a part raises the tier, in a player's words and
// without the part's name, which the problem's place gives: "tier 3
// (quality DM)", "tier 2 (energy kinetic shields)".
func reasonWords(r TierReason) string {
	why := r.Reason
	if strings.HasPrefix(why, "weapon ") || strings.HasPrefix(why, "squadron ") {
		if _, after, ok := strings.Cut(why, ": "); ok {
			why = after
		}
	}
	if _, after, ok := strings.Cut(why, " is a tier-"); ok && strings.HasSuffix(after, " system") {
		return fmt.Sprintf("tier %d", r.Tier)
	}
	open := true // straight quotes around a name become typographic ones
	var sb strings.Builder
	for _, c := range why {
		if c == '"' {
			c = map[bool]rune{true: '‘', false: '’'}[open]
			open = !open
		}
		sb.WriteRune(c)
	}
	words := strings.Fields(sb.String())
	for i, w := range words {
		if w != "" && strings.ToLower(w[:1]) == w[:1] {
			words[i] = ruleset.Spaced(w) // energyKinetic reads energy kinetic
		}
	}
	return fmt.Sprintf("tier %d (%s)", r.Tier, strings.Join(words, " "))
}
