package designer

import (
	"cmp"
	"fmt"

	"github.com/slipway/slipway/ruleset"
)

var defences = []string{DefenceEnergy, DefenceKinetic, DefenceEnergyKinetic}

// arcNames lists arcs as a player reads them: "fore, port and starboard"
// (conj "and") or "fore or aft" (conj "or"); "no arc" for none.
func arcNames(arcs []Arc, conj string) string {
	if len(arcs) == 0 {
		return "no arc"
	}
	s := make([]string, len(arcs))
	for i, a := range arcs {
		s[i] = string(a)
	}
	return ruleset.List(s, conj)
}

// kindName is a kind's catalogue name as it reads inside a sentence.
func kindName(k *Kind) string { return ruleset.Lower(k.Name) }

func (v *validator) sections() {
	if v.d.Sections.Core == nil {
		v.add(Error, "R-SEC-01", root("sections").Key("core"), ship, "add the core section, with hull layers, a bridge and a reactor", "the ship has no core section")
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
		v.errorf("R-SEC-02", base.Key("layers"), "give the section 1 to 5 hull layers", "the section has %s; it needs 1 to 5", ruleset.Count(n, "hull layer"))
	}
	for i, l := range sec.Layers {
		p := base.Key("layers").Idx(i)
		if l.HullHits < 1 {
			v.errorf("R-SEC-02", p.Key("hullHits"), "give every layer at least one hull hit, or remove the layer", "the layer has %s; it needs at least 1", ruleset.Count(l.HullHits, "hull hit"))
		}
		if l.Crew < 0 {
			v.errorf("R-SEC-02", p.Key("crew"), "use 0 or more crew parties", "%d is below 0", l.Crew)
		} else if l.Crew > 999 {
			v.errorf("R-LIM-06", p.Key("crew"), "use at most 999", "%s is too many; at most 999 are allowed", ruleset.Thousands(l.Crew))
		}
		if l.Marines < 0 {
			v.errorf("R-SEC-02", p.Key("marines"), "use 0 or more marine parties", "%d is below 0", l.Marines)
		} else if l.Marines > 999 {
			v.errorf("R-LIM-06", p.Key("marines"), "use at most 999", "%s is too many; at most 999 are allowed", ruleset.Thousands(l.Marines))
		}
	}
	notFaced := func(what string, a Arc) {
		words := map[string]string{"armour": "armour", "ablative": "ablative plates", "shields": "shields"}[what]
		v.errorf("R-SEC-03", base.Key(what).Key(string(a)), "remove the "+words+", or put it on an arc this section faces: "+arcNames(v.d.Sections.FacedArcs(name), "or"),
			"the %s section does not face the %s arc, so it cannot carry %s there", name, a, words)
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
				v.errorf("R-SEC-04", sp.Key("hits"), "use 0 or more shield hits", "%d is below 0", sh.Hits)
			case sh.Hits > 999:
				v.errorf("R-LIM-06", sp.Key("hits"), "use at most 999", "%s is too many; at most 999 are allowed", ruleset.Thousands(sh.Hits))
			default:
				if v.oneOf("R-SEC-04", sp.Key("type"), "shield type", sh.Type, defences...) && sh.Hits > 0 && !v.shieldSupported(a) {
					v.errorf("R-SEC-05", sp, "add a shield generator to the "+string(a)+" section, or one to the core section with its arc set to "+string(a),
						"%s on the %s arc, but no shield generator supports that arc", ruleset.Count(sh.Hits, "shield hit"), a)
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
			v.errorf("R-HB-05", p.Key("bay"), v.defHint("bay"), "no hangar bay definition has the id %s", v.quoted(h.Bay))
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

// defHint is the fix for a mount that names no definition: define one,
// or choose one of those defined (by name, as the form's list shows them).
func (v *validator) defHint(which string) string {
	var names []string
	what, where := "weapon", "Weapon definitions"
	switch which {
	case "weapon":
		for _, w := range v.d.Weapons {
			names = append(names, v.quoted(cmp.Or(w.Name, w.ID)))
		}
	case "bay":
		what, where = "hangar bay", "Hangar bay definitions"
		for _, b := range v.d.HangarBays {
			names = append(names, v.quoted(cmp.Or(b.Name, b.ID)))
		}
	}
	if len(names) == 0 {
		return "define " + ruleset.A(what) + " under " + where + " first"
	}
	return "choose " + ruleset.List(names, "or") + ", or define the " + what + " under " + where
}

// quoted writes a name or id a player typed inside a sentence, in
// typographic quotes.
func (v *validator) quoted(s string) string {
	if s == "" {
		return "(none)"
	}
	return "‘" + s + "’"
}

func (v *validator) system(name SectionName, at *loc, s *System) {
	v.count(at.Key("count"), s.Count)
	k := v.c.Kind(s.Kind)
	if k == nil {
		v.errorf("R-SYS-01", at.Key("kind"), "choose a system from the catalogue's list", "%s is not a system the catalogue knows", v.quoted(s.Kind))
		return
	}
	switch k.Rating.Mode {
	case RatingRange:
		if s.Rating < k.Rating.Min || s.Rating > k.Rating.Max {
			hint := fmt.Sprintf("give a rating from %d to %d", k.Rating.Min, k.Rating.Max)
			if s.Rating == 0 {
				v.errorf(k.RatingRule, at.Key("rating"), hint, "it has no rating")
			} else {
				v.errorf(k.RatingRule, at.Key("rating"), hint, "%d is not allowed; %s is rated %d to %d", s.Rating, ruleset.A(kindName(k)), k.Rating.Min, k.Rating.Max)
			}
		}
	case RatingNone:
		if s.Rating != 0 {
			v.errorf(k.RatingRule, at.Key("rating"), "remove the rating", "%s has no rating", ruleset.A(kindName(k)))
		}
	case RatingDerived:
		if s.Rating != 0 {
			v.errorf(k.RatingRule, at.Key("rating"), "remove the rating; Slipway works it out from the power drawn", "%s rating is worked out, never entered", ruleset.A(kindName(k)))
		}
	case RatingAutomatic:
		v.errorf(k.RatingRule, at, "remove this system; every section with crew or marines has "+kindName(k), "it is automatic and never entered")
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
				"%s facing %s must sit in %s, not in the %s section", ruleset.A(kindName(k)), s.Facing, where, name)
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
			v.errorf("R-SYS-03", p, "clear its "+pn, "%s takes no %s", ruleset.A(kindName(k)), pn)
		}
		return
	}
	if val == "" {
		if spec.Required == RequiredAlways || (spec.Required == RequiredCore && name == SectionCore) {
			hint := "choose its " + pn + ": " + ruleset.SpacedList(spec.Values, "or")
			if pn == "arc" {
				hint = "choose its arc, one this section faces: " + arcNames(v.d.Sections.FacedArcs(name), "or")
			}
			v.add(Error, spec.Rule, p, at, hint, "%s", paramMissing[pn])
		}
		return
	}
	if !contains(spec.Values, val) { // what oneOf checks, without building its words first
		v.oneOf(spec.Rule, p, pn, val, spec.Values...)
		return
	}
	if pn == "arc" && !v.d.Sections.Faces(name, Arc(val)) {
		v.errorf(spec.Rule, p, "choose an arc this section faces: "+arcNames(v.d.Sections.FacedArcs(name), "or"),
			"the %s section does not face the %s arc", name, val)
	}
}

// paramMissing says, for each system parameter, what choosing it means.
var paramMissing = map[string]string{
	"facing": "choose which way it faces",
	"axis":   "choose which axis it drives",
	"arc":    "choose which arc it covers",
	"type":   "choose which fire it deflects",
}

func (v *validator) mount(name SectionName, at *loc, m Mount) {
	v.count(at.Key("count"), m.Count)
	if v.d.Weapon(m.Weapon) == nil {
		v.errorf("R-WPN-01", at.Key("weapon"), v.defHint("weapon"), "no weapon definition has the id %s", v.quoted(m.Weapon))
	}
	if len(m.Sectors) == 0 {
		v.errorf("R-WPN-02", at.Key("sectors"), "choose at least one firing sector, 0 to 7", "the mount has no firing sectors")
		return
	}
	var seen [8]bool
	for i, s := range m.Sectors {
		sp := at.Key("sectors").Idx(i)
		if s < 0 || s > 7 {
			v.errorf("R-WPN-02", sp, "choose sectors 0 to 7, numbered clockwise from the bow", "sector %d does not exist", s)
			continue
		}
		if seen[s] {
			v.errorf("R-WPN-02", sp, "choose each sector once", "sector %d is chosen twice", s)
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
				fmt.Sprintf("clear sectors %d and %d, or mount the weapon in the core section", pair[0], pair[1]),
				"sector %d is in the %s arc, which a mount in the %s section cannot fire into", s, opp, name)
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
			v.add(Error, k.Required.Rule, root("sections").Key("core").Key("systems"), root("sections").Key("core"), "add "+ruleset.A(kindName(k))+" to the core section", "there is no %s", kindName(k))
		} else {
			v.errorf(k.Required.Rule, root("sections"), "add "+ruleset.A(kindName(k))+" to any section", "the ship has no %s", kindName(k))
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
		v.errorf("R-SECY-04", root("sections"), "add a starfighter operations centre (rating 1 or more) to any section", "the ship carries hangar bays but has no starfighter operations centre")
	}
}
