package designer

import (
	"fmt"
	"math"
)

// LoadItem is the power (PU) and space (SU) one part of a section takes
// (rules §6.3, §6.6).
type LoadItem struct {
	Path  string  `json:"path"`
	What  string  `json:"what"`
	Power float64 `json:"power"`
	Space float64 `json:"space"`
}

// SectionLoad is the power and space of one section's parts.
type SectionLoad struct {
	Section  SectionName `json:"section"`
	Items    []LoadItem  `json:"items"`
	Power    float64     `json:"power"`
	Space    float64     `json:"space"`
	Reactors int         `json:"reactors"` // reactor copies installed here
}

// Loads returns each present section's power and space, in SectionOrder,
// item by item in document order. Unknown kinds and dangling references
// count as nothing, so invalid designs still load as far as they can.
func (c *Catalogue) Loads(d *Design) []SectionLoad {
	var out []SectionLoad
	for _, name := range SectionOrder {
		if sec := d.Sections.Get(name); sec != nil {
			out = append(out, c.sectionLoad(d, name, sec, true))
		}
	}
	return out
}

// LoadTotals is Loads without the item lists: each present section's
// power, space and reactor count, for callers that need only the sums.
func (c *Catalogue) LoadTotals(d *Design) []SectionLoad {
	out := make([]SectionLoad, 0, 5)
	for _, name := range SectionOrder {
		if sec := d.Sections.Get(name); sec != nil {
			out = append(out, c.sectionLoad(d, name, sec, false))
		}
	}
	return out
}

// sectionLoad totals one section's power and space; with items it also
// lists each part with its path and a description.
func (c *Catalogue) sectionLoad(d *Design, name SectionName, sec *Section, items bool) SectionLoad {
	sl := SectionLoad{Section: name}
	base := root("sections").Key(string(name))
	add := func(at *loc, what func() string, p, s float64) {
		if items {
			sl.Items = append(sl.Items, LoadItem{Path: at.String(), What: what(), Power: p, Space: s})
		}
		sl.Power += p
		sl.Space += s
	}
	hh := float64(sec.HullHits())
	for _, a := range ArcOrder {
		if ar := sec.Armour.Get(a); ar != nil && ar.Rating > 0 {
			k := c.Other.ArmourPerHullHit
			f := float64(float64(ar.Rating) * hh)
			add(base.Key("armour").Key(string(a)), func() string { return fmt.Sprintf("armour %d on %s over %g hull hits", ar.Rating, a, hh) },
				float64(k.Power*f), float64(k.Space*f))
		}
		if sh := sec.Shields.Get(a); sh != nil && sh.Hits > 0 {
			k := c.Other.ShieldHit
			h := float64(sh.Hits)
			add(base.Key("shields").Key(string(a)), func() string { return fmt.Sprintf("%d shield hits on %s", sh.Hits, a) },
				float64(k.Power*h), float64(k.Space*h))
		}
	}
	for i, s := range sec.Systems {
		k := c.Kind(s.Kind)
		if k == nil {
			continue
		}
		n := float64(clampCount(s.Count))
		if s.Kind == KindReactor {
			sl.Reactors += clampCount(s.Count)
		}
		add(base.Key("systems").Idx(i), func() string {
			what := k.Name
			if k.Rating.Mode == RatingRange {
				what = fmt.Sprintf("%s rating %d", k.Name, s.Rating)
			}
			if s.Count != 1 {
				what = fmt.Sprintf("%d x %s", s.Count, what)
			}
			return what
		}, float64(n*k.Power.Of(s.Rating)), float64(n*k.Space.Of(s.Rating)))
	}
	for i, m := range sec.Weapons {
		w := d.Weapon(m.Weapon)
		if w == nil {
			continue
		}
		p := float64(float64(clampCount(m.Count)) * c.MountPower(w))
		add(base.Key("weapons").Idx(i), func() string { return fmt.Sprintf("%d x %s", m.Count, w.Name) }, p, p)
	}
	for i, h := range sec.Hangars {
		b := d.HangarBay(h.Bay)
		if b == nil {
			continue
		}
		k := c.Other.HangarLaunch
		l := float64(clampCount(h.Count) * b.Launch)
		add(base.Key("hangars").Idx(i), func() string { return fmt.Sprintf("%d x %s (launch %d)", h.Count, b.Name, b.Launch) },
			float64(k.Power*l), float64(k.Space*l))
	}
	return sl
}

// MountPower is the power one mount of weapon w draws:
// pulse x (mean(die) + modifier) x (1 + range/50), halved for kinetic
// weapons, halved again for limited and quartered for one-shot weapons.
func (c *Catalogue) MountPower(w *WeaponDef) float64 {
	r := c.Other.Weapon
	p := float64(float64(w.Pulse) * (w.Die.Mean() + float64(w.Modifier)))
	p = float64(p * (1 + float64(w.Range)/r.RangeDivisor))
	if w.DamageType == DamageKinetic {
		p = float64(p * r.KineticFactor)
	}
	switch w.RateOfFire {
	case RateLimited:
		p = float64(p * r.LimitedFactor)
	case RateOneShot:
		p = float64(p * r.OneShotFactor)
	}
	return p
}

// clampCount keeps absurd counts from overflowing derived numbers; the
// validator reports them (R-DOC-04, R-LIM-06).
func clampCount(n int) int {
	if n < 0 {
		return 0
	}
	if n > 999 {
		return 999
	}
	return n
}

// SpaceReport is the design's space, density and minimum tech level
// (rules §6.6).
type SpaceReport struct {
	Space        float64 `json:"space"`
	HullHits     int     `json:"hullHits"`
	Density      float64 `json:"density"`
	MinTechLevel int     `json:"minTechLevel"`
}

// Space totals the space of every section and derives the minimum tech
// level: max(1, ceil(2 x SU / H)).
func (c *Catalogue) Space(d *Design) SpaceReport { return c.spaceTotal(d) }

func (c *Catalogue) spaceTotal(d *Design) SpaceReport {
	var r SpaceReport
	for _, name := range SectionOrder {
		if sec := d.Sections.Get(name); sec != nil {
			r.Space += c.sectionLoad(d, name, sec, false).Space
			r.HullHits += sec.HullHits()
		}
	}
	r.MinTechLevel = 1
	if r.HullHits > 0 {
		r.Density = r.Space / float64(r.HullHits)
		// A tiny epsilon keeps 2 x 1.5 = 3.0000000000000004 from becoming 4.
		if m := int(math.Ceil(float64(2*r.Density) - 1e-9)); m > 1 {
			r.MinTechLevel = m
		}
	} else if r.Space > 0 {
		r.MinTechLevel = 99
	}
	return r
}
