package designer

import (
	"fmt"
	"strings"
)

var defences = []string{DefenceEnergy, DefenceKinetic, DefenceEnergyKinetic}

func arcNames(arcs []Arc) string {
	if len(arcs) == 0 {
		return "none"
	}
	s := make([]string, len(arcs))
	for i, a := range arcs {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}

func (v *validator) sections() {
	if v.d.Sections.Core == nil {
		v.errorf("R-SEC-01", root("sections").Key("core"), "add a \"core\" section with hull layers, a bridge and a reactor", "the design has no core section")
	}
	for _, name := range SectionOrder {
		if sec := v.d.Sections.Get(name); sec != nil {
			v.section(name, sec)
		}
	}
}

func (v *validator) section(name SectionName, sec *Section) {
	base := root("sections").Key(string(name))
	if n := len(sec.Layers); n < 1 || n > 5 {
		v.errorf("R-SEC-02", base.Key("layers"), "give the section 1 to 5 hull layers", "section %s has %d hull layers; allowed 1-5", name, n)
	}
	for i, l := range sec.Layers {
		p := base.Key("layers").Idx(i)
		if l.HullHits < 1 {
			v.errorf("R-SEC-02", p.Key("hullHits"), "give every layer at least one hull hit, or remove the layer", "layer %d has %d hull hits; at least 1 needed", i+1, l.HullHits)
		}
		if l.Crew < 0 {
			v.errorf("R-SEC-02", p.Key("crew"), "use 0 or more crew parties", "layer %d has %d crew parties", i+1, l.Crew)
		} else if l.Crew > 999 {
			v.errorf("R-LIM-06", p.Key("crew"), "use at most 999", "layer %d has %d crew parties; at most 999 allowed", i+1, l.Crew)
		}
		if l.Marines < 0 {
			v.errorf("R-SEC-02", p.Key("marines"), "use 0 or more marine parties", "layer %d has %d marine parties", i+1, l.Marines)
		} else if l.Marines > 999 {
			v.errorf("R-LIM-06", p.Key("marines"), "use at most 999", "layer %d has %d marine parties; at most 999 allowed", i+1, l.Marines)
		}
	}
	notFaced := func(what string, a Arc) {
		v.errorf("R-SEC-03", base.Key(what).Key(string(a)), "this section faces: "+arcNames(v.d.Sections.FacedArcs(name)),
			"section %s does not face the %s arc, so it cannot carry %s there", name, a, what)
	}
	for _, a := range ArcOrder {
		facesIt := v.d.Sections.Faces(name, a)
		if ar := sec.Armour.Get(a); ar != nil {
			if !facesIt {
				notFaced("armour", a)
			} else {
				ap := base.Key("armour").Key(string(a))
				v.intRange("R-SEC-04", ap.Key("rating"), "armour rating", ar.Rating, 0, 5)
				v.oneOf("R-SEC-04", ap.Key("type"), "armour type", ar.Type, defences...)
			}
		}
		if ab := sec.Ablative.Get(a); ab != nil {
			if !facesIt {
				notFaced("ablative", a)
			} else {
				v.intRange("R-SEC-04", base.Key("ablative").Key(string(a)), "ablative plates", *ab, 0, 5)
			}
		}
		if sh := sec.Shields.Get(a); sh != nil {
			sp := base.Key("shields").Key(string(a))
			switch {
			case !facesIt:
				notFaced("shields", a)
			case sh.Hits < 0:
				v.errorf("R-SEC-04", sp.Key("hits"), "use 0 or more shield hits", "shield hits are %d", sh.Hits)
			case sh.Hits > 999:
				v.errorf("R-LIM-06", sp.Key("hits"), "use at most 999", "shield hits are %d; at most 999 allowed", sh.Hits)
			default:
				if v.oneOf("R-SEC-04", sp.Key("type"), "shield type", sh.Type, defences...) && sh.Hits > 0 && !v.shieldSupported(a) {
					v.errorf("R-SEC-05", sp, "add a shield generator to the "+string(a)+" section, or one in the core with \"arc\": \""+string(a)+"\"",
						"%d shield hits on the %s arc but no shield generator supports that arc", sh.Hits, a)
				}
			}
		}
	}
	for i := range sec.Systems {
		v.system(name, base.Key("systems").Idx(i), &sec.Systems[i])
	}
	for i, m := range sec.Weapons {
		v.mount(name, base.Key("weapons").Idx(i), m)
	}
	for i, h := range sec.Hangars {
		p := base.Key("hangars").Idx(i)
		v.count(p.Key("count"), h.Count)
		if v.d.HangarBay(h.Bay) == nil {
			v.errorf("R-HB-05", p.Key("bay"), "define it under hangarBays, or use one of: "+v.defIDs("bay"), "hangar bay %q is not defined", h.Bay)
		}
	}
}

// shieldGenerator reports whether a system kind generates shields: the
// kinds whose "arc" parameter is governed by R-SEC-05.
func (c *Catalogue) shieldGenerator(kind string) bool {
	k := c.Kind(kind)
	if k != nil && k.indexed {
		return k.shieldGen
	}
	return k != nil && k.Params["arc"] != nil && k.Params["arc"].Rule == "R-SEC-05"
}

// shieldSupported reports whether some shield generator supports arc a: one
// in the outboard section of that arc, or one in the core naming it.
func (v *validator) shieldSupported(a Arc) bool {
	if sec := v.d.Sections.Get(SectionName(a)); sec != nil {
		for _, s := range sec.Systems {
			if v.c.shieldGenerator(s.Kind) && s.Count > 0 {
				return true
			}
		}
	}
	if core := v.d.Sections.Core; core != nil {
		for _, s := range core.Systems {
			if v.c.shieldGenerator(s.Kind) && s.Count > 0 && s.Arc == string(a) {
				return true
			}
		}
	}
	return false
}

func (v *validator) defIDs(which string) string {
	var ids []string
	switch which {
	case "weapon":
		for _, w := range v.d.Weapons {
			ids = append(ids, w.ID)
		}
	case "bay":
		for _, b := range v.d.HangarBays {
			ids = append(ids, b.ID)
		}
	}
	if len(ids) == 0 {
		return "(none defined)"
	}
	return strings.Join(ids, ", ")
}

func (v *validator) system(name SectionName, at *loc, s *System) {
	v.count(at.Key("count"), s.Count)
	k := v.c.Kind(s.Kind)
	if k == nil {
		v.errorf("R-SYS-01", at.Key("kind"), "use one of: "+strings.Join(v.c.KindNames(), ", "), "unknown system kind %q", s.Kind)
		return
	}
	switch k.Rating.Mode {
	case RatingRange:
		if s.Rating < k.Rating.Min || s.Rating > k.Rating.Max {
			what := "missing"
			if s.Rating != 0 {
				what = fmt.Sprint(s.Rating)
			}
			v.errorf(k.RatingRule, at.Key("rating"), fmt.Sprintf("give a rating from %d to %d", k.Rating.Min, k.Rating.Max),
				"%s rating is %s; allowed %d-%d", k.Name, what, k.Rating.Min, k.Rating.Max)
		}
	case RatingNone:
		if s.Rating != 0 {
			v.errorf(k.RatingRule, at.Key("rating"), "remove the rating", "a %s has no rating", strings.ToLower(k.Name))
		}
	case RatingDerived:
		if s.Rating != 0 {
			v.errorf(k.RatingRule, at.Key("rating"), "remove the rating; Slipway derives it from the power drawn", "%s ratings are derived, never entered", strings.ToLower(k.Name))
		}
	case RatingAutomatic:
		v.errorf(k.RatingRule, at, "remove this entry; every section with crew or marines has life support", "%s is automatic and never entered", strings.ToLower(k.Name))
		return
	}
	for i := range ParamNames {
		v.param(name, at, k, s, i)
	}
	if k.Placement == PlacementFacingSideOrCore && contains([]string{"port", "starboard"}, s.Facing) {
		side := SectionName(s.Facing)
		ok := name == side || (name == SectionCore && v.d.Sections.Get(side) == nil)
		if !ok {
			where := "the " + s.Facing + " section"
			if v.d.Sections.Get(side) == nil {
				where += " or the core"
			}
			v.errorf(k.Params["facing"].Rule, at, "move it to "+where,
				"a %s facing %s must sit in %s, not in %s", strings.ToLower(k.Name), s.Facing, where, name)
		}
	}
}

func (v *validator) param(name SectionName, at *loc, k *Kind, s *System, i int) {
	pn := ParamNames[i]
	val := s.Param(pn)
	spec := k.param(i)
	p := at.Key(pn)
	if spec == nil {
		if val != "" {
			v.errorf("R-SYS-03", p, "remove it", "a %s takes no %s", strings.ToLower(k.Name), pn)
		}
		return
	}
	if val == "" {
		if spec.Required == RequiredAlways || (spec.Required == RequiredCore && name == SectionCore) {
			hint := "add \"" + pn + "\": one of " + strings.Join(spec.Values, ", ")
			if pn == "arc" {
				hint = "add \"arc\": one of the arcs this section faces: " + arcNames(v.d.Sections.FacedArcs(name))
			}
			v.errorf(spec.Rule, p, hint, "a %s in the %s section needs a %s", strings.ToLower(k.Name), name, pn)
		}
		return
	}
	if !contains(spec.Values, val) { // what oneOf checks, without building its words first
		v.oneOf(spec.Rule, p, strings.ToLower(k.Name)+" "+pn, val, spec.Values...)
		return
	}
	if pn == "arc" && !v.d.Sections.Faces(name, Arc(val)) {
		v.errorf(spec.Rule, p, "use an arc this section faces: "+arcNames(v.d.Sections.FacedArcs(name)),
			"section %s does not face the %s arc", name, val)
	}
}

func (v *validator) mount(name SectionName, at *loc, m Mount) {
	v.count(at.Key("count"), m.Count)
	if v.d.Weapon(m.Weapon) == nil {
		v.errorf("R-WPN-01", at.Key("weapon"), "define it under weapons, or use one of: "+v.defIDs("weapon"), "weapon %q is not defined", m.Weapon)
	}
	if len(m.Sectors) == 0 {
		v.errorf("R-WPN-02", at.Key("sectors"), "give at least one sector from 0 to 7", "the mount has no firing sectors")
		return
	}
	var seen [8]bool
	for i, s := range m.Sectors {
		sp := at.Key("sectors").Idx(i)
		if s < 0 || s > 7 {
			v.errorf("R-WPN-02", sp, "sectors are numbered 0-7 clockwise from the bow", "sector %d does not exist", s)
			continue
		}
		if seen[s] {
			v.errorf("R-WPN-02", sp, "list each sector once", "sector %d is listed twice", s)
			continue
		}
		seen[s] = true
	}
	if name == SectionCore {
		return
	}
	opp := Arc(name).Opposite()
	for i, s := range m.Sectors {
		if s >= 0 && s <= 7 && SectorArc(s) == opp {
			pair := ArcSectors[opp]
			v.errorf("R-WPN-03", at.Key("sectors").Idx(i),
				fmt.Sprintf("remove sectors %d and %d, or mount the weapon in the core", pair[0], pair[1]),
				"a mount in the %s section cannot fire into the opposite %s arc (sector %d)", name, opp, s)
		}
	}
}

func (v *validator) requirements() {
	for i := range v.c.Kinds {
		k := &v.c.Kinds[i]
		if k.Required == nil {
			continue
		}
		if k.Required.Where == "core" && v.d.Sections.Core == nil {
			continue // R-SEC-01 already says the core is missing
		}
		found := false
		for _, name := range SectionOrder {
			sec := v.d.Sections.Get(name)
			if sec == nil || (k.Required.Where == "core" && name != SectionCore) {
				continue
			}
			for _, s := range sec.Systems {
				if s.Kind == k.Kind && s.Count > 0 {
					found = true
				}
			}
		}
		if found {
			continue
		}
		if k.Required.Where == "core" {
			v.errorf(k.Required.Rule, root("sections").Key("core").Key("systems"), "add {\"kind\": \""+k.Kind+"\"} to the core section", "the core section has no %s", strings.ToLower(k.Name))
		} else {
			v.errorf(k.Required.Rule, root("sections"), "add {\"kind\": \""+k.Kind+"\"} to any section", "the design has no %s", strings.ToLower(k.Name))
		}
	}
	hasBays, hasSoC := false, false
	for _, name := range SectionOrder {
		sec := v.d.Sections.Get(name)
		if sec == nil {
			continue
		}
		if len(sec.Hangars) > 0 {
			hasBays = true
		}
		for _, s := range sec.Systems {
			if s.Kind == "soc" && s.Count > 0 {
				hasSoC = true
			}
		}
	}
	if hasBays && !hasSoC {
		v.errorf("R-SECY-04", root("sections"), "add {\"kind\": \"soc\", \"rating\": 1} to any section", "the ship carries hangar bays but has no starfighter operations centre")
	}
}
