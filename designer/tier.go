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

// Tier computes the design's tier: the highest tier of any system, option,
// weapon, squadron or hull type it uses. Reasons lists every part above
// tier 1, in document order.
func (c *Catalogue) Tier(d *Design) TierReport {
	r := TierReport{Tier: 1}
	note := func(path string, tier int, format string, args ...any) {
		if tier <= 1 {
			return
		}
		r.Reasons = append(r.Reasons, TierReason{Path: path, Tier: tier, Reason: fmt.Sprintf(format, args...)})
		if tier > r.Tier {
			r.Tier = tier
		}
	}
	note("hull", c.OptionTier("hull", d.Hull), "%s hull", d.Hull)
	note("movement", c.OptionTier("movement", d.Movement), "%s movement", d.Movement)
	for _, ns := range d.Sections.List() {
		base := "sections." + string(ns.Name)
		for _, a := range ArcOrder {
			if ar := ns.Section.Armour.Get(a); ar != nil {
				note(base+".armour."+string(a), c.OptionTier("armour", ar.Type), "%s armour", ar.Type)
			}
			if sh := ns.Section.Shields.Get(a); sh != nil {
				note(base+".shields."+string(a), c.OptionTier("shield", sh.Type), "%s shields", sh.Type)
			}
		}
		for i, s := range ns.Section.Systems {
			if k := c.Kind(s.Kind); k != nil {
				note(fmt.Sprintf("%s.systems[%d]", base, i), k.Tier, "%s is a tier-%d system", k.Name, k.Tier)
			}
		}
	}
	for i := range d.Weapons {
		w := &d.Weapons[i]
		t, why := WeaponTier(w)
		note(fmt.Sprintf("weapons[%d]", i), t, "weapon %q: %s", w.Name, why)
	}
	for i := range d.Starfighters {
		s := &d.Starfighters[i]
		t, why := SquadronTier(s)
		note(fmt.Sprintf("starfighters[%d]", i), t, "squadron %q: %s", s.Name, why)
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
