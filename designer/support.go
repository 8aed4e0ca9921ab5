package designer

// KindShieldAdaptive is the catalogue kind of the adaptive shield
// generator, whose ratings bound an arc's adaptation level.
const KindShieldAdaptive = "shieldAdaptive"

// Supports reports whether system s, placed in section n, supports arc a:
// a system in an outboard section supports that section's arc, a core
// system the arc its "arc" parameter designates (rules 3.5.8).
func (s *System) Supports(n SectionName, a Arc) bool {
	if n != SectionCore {
		return Arc(n) == a
	}
	return Arc(s.Arc) == a
}

// AdaptationLimit is the highest adaptation level arc a of section n can
// reach (rules 3.5.9): the total rating of the adaptive shield generators
// of the section that support the arc. Negative ratings and counts count
// as none, so an illegal draft gives a bounded number.
func (sec *Section) AdaptationLimit(n SectionName, a Arc) int {
	total := 0
	for i := range sec.Systems {
		s := &sec.Systems[i]
		if s.Kind == KindShieldAdaptive && s.Supports(n, a) {
			total += min(max(0, s.Rating), 1000) * min(max(0, s.Count), 1_000_000)
		}
	}
	return total
}
