package designer

import "fmt"

// TierReason is one part of a design that raises its tier above 1.
type TierReason struct {
	Path   string `json:"path"`
	Tier   int    `json:"tier"`
	Reason string `json:"reason"`
}

// TierReport is a design's tier (rules §6.7) and, for tiers 2 and 3, every
// part that raises it.
type TierReport struct {
	Tier    int          `json:"tier"`
	Reasons []TierReason `json:"reasons,omitempty"`
}

// Verdict is the report in a few words, after "legal, ": "tier 2".
func (r TierReport) Verdict() string { return fmt.Sprintf("tier %d", r.Tier) }

// Notes are the reasons the design is above tier 1, one line each:
// "tier 2: a reason (its path)".
func (r TierReport) Notes() []string {
	out := make([]string, 0, len(r.Reasons))
	for _, t := range r.Reasons {
		out = append(out, fmt.Sprintf("tier %d: %s (%s)", t.Tier, t.Reason, t.Path))
	}
	return out
}

// Tier computes the design's tier: the highest tier of any system, option,
// weapon, squadron or hull type it uses. Reasons lists every part above
// tier 1, in document order.
func (c *Catalogue) Tier(d *Design) TierReport {
	// Paths and reasons are written only for parts above tier 1, which a
	// typical design has few of.
	r := TierReport{Tier: 1}
	note := func(path string, tier int, reason string) {
		r.Reasons = append(r.Reasons, TierReason{Path: path, Tier: tier, Reason: reason})
		if tier > r.Tier {
			r.Tier = tier
		}
	}
	if t := c.OptionTier("hull", d.Hull); t > 1 {
		note("hull", t, fmt.Sprintf("%s hull", d.Hull))
	}
	if t := c.OptionTier("movement", d.Movement); t > 1 {
		note("movement", t, fmt.Sprintf("%s movement", d.Movement))
	}
	for _, name := range SectionOrder {
		sec := d.Sections.Get(name)
		if sec == nil {
			continue
		}
		for _, a := range ArcOrder {
			if ar := sec.Armour.Get(a); ar != nil {
				if t := c.OptionTier("armour", ar.Type); t > 1 {
					note("sections."+string(name)+".armour."+string(a), t, fmt.Sprintf("%s armour", ar.Type))
				}
			}
			if sh := sec.Shields.Get(a); sh != nil {
				if t := c.OptionTier("shield", sh.Type); t > 1 {
					note("sections."+string(name)+".shields."+string(a), t, fmt.Sprintf("%s shields", sh.Type))
				}
			}
		}
		for i := range sec.Systems {
			if k := c.Kind(sec.Systems[i].Kind); k != nil && k.Tier > 1 {
				note(fmt.Sprintf("%s.systems[%d]", "sections."+string(name), i), k.Tier, fmt.Sprintf("%s is a tier-%d system", k.Name, k.Tier))
			}
		}
	}
	for i := range d.Weapons {
		w := &d.Weapons[i]
		if t, why := WeaponTier(w); t > 1 {
			note(fmt.Sprintf("weapons[%d]", i), t, fmt.Sprintf("weapon %q: %s", w.Name, why))
		}
	}
	for i := range d.Starfighters {
		s := &d.Starfighters[i]
		if t, why := SquadronTier(s); t > 1 {
			note(fmt.Sprintf("starfighters[%d]", i), t, fmt.Sprintf("squadron %q: %s", s.Name, why))
		}
	}
	return r
}

// WeaponTier returns a weapon definition's tier and the reason (rules §5.1).
func WeaponTier(w *WeaponDef) (int, string) {
	for _, q := range w.Qualities {
		if contains(Tier3Qualities, q) {
			return 3, "quality " + q
		}
	}
	switch {
	case len(w.Qualities) > 0:
		return 2, "quality " + w.Qualities[0]
	case w.AoE > 0:
		return 2, fmt.Sprintf("area of effect %d cm", w.AoE)
	case w.ArmourPiercing > 0:
		return 2, "armour piercing"
	case w.ShieldPiercing > 0:
		return 2, "shield piercing"
	case w.DeflectionPiercing > 0:
		return 2, "deflection piercing"
	case !w.Interceptable:
		return 2, "immune to interception"
	}
	return 1, "plain weapon"
}

// SquadronTier returns a squadron definition's tier and the reason
// (rules §5.2): tier-3 weapon qualities make it 3; any squadron quality,
// weapon quality or indirect weapon makes it 2.
func SquadronTier(s *SquadronDef) (int, string) {
	for _, w := range s.Weapons {
		for _, q := range w.Qualities {
			if contains(Tier3Qualities, q) {
				return 3, fmt.Sprintf("weapon %q has quality %s", w.Name, q)
			}
		}
	}
	if len(s.Qualities) > 0 {
		return 2, "quality " + s.Qualities[0]
	}
	for _, w := range s.Weapons {
		if w.Indirect {
			return 2, fmt.Sprintf("weapon %q is indirect", w.Name)
		}
		if len(w.Qualities) > 0 {
			return 2, fmt.Sprintf("weapon %q has quality %s", w.Name, w.Qualities[0])
		}
	}
	return 1, "plain squadron"
}
