package designer

import (
	"fmt"

	"github.com/slipway/slipway/ruleset"
)

// quotedList writes names a player typed, quoted, joined by "and".
func (v *validator) quotedList(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = v.quoted(n)
	}
	return ruleset.List(out, "and")
}

// idAt checks the id of entry i of list: present, short, and not used by
// an earlier entry (ids holds every entry's id).
func (v *validator) idAt(rule, list string, i int, ids func(j int) string) {
	p := root(list).Idx(i).Key("id")
	id := ids(i)
	v.text(rule, p, "the id", id, 1, 40, false)
	if id == "" {
		return
	}
	for j := 0; j < i; j++ {
		if ids(j) == id {
			v.errorf(rule, p, "give each definition its own id", "the id %s is used twice", v.quoted(id))
			return
		}
	}
}

// subset checks that every value of list is one of allowed, once.
func (v *validator) subset(rule string, at *loc, what string, list []string, allowed []string) {
	for i, s := range list {
		p := at.Idx(i)
		if !contains(allowed, s) {
			v.errorf(rule, p, "choose "+ruleset.SpacedList(allowed, "or"), "%s is not a %s Slipway knows", v.quoted(s), what)
			continue
		}
		if contains(list[:i], s) {
			v.errorf(rule, p, "choose it once", "%s is chosen twice", v.quoted(ruleset.Spaced(s)))
		}
	}
}

var weaponTargets = []string{TargetsStarships, TargetsStarfighters, TargetsDirectFire, TargetsIndirectFire}

func (v *validator) weaponDefs() {
	for i := range v.d.Weapons {
		v.idAt("R-WD-03", "weapons", i, func(j int) string { return v.d.Weapons[j].ID })
	}
	for i := range v.d.Weapons {
		w := &v.d.Weapons[i]
		p := root("weapons").Idx(i)
		const r = "R-WD-04"
		v.damage(r, p, w.Name, w.DamageType, w.Pulse, w.Die, w.Modifier)
		v.oneOf(r, p.Key("effect"), "damage effect", w.Effect, EffectRaking, EffectPenetrating)
		v.oneOf(r, p.Key("targetMethod"), "target method", w.TargetMethod, TargetDirect, TargetIndirect)
		if w.Range < 0 || w.Range > 50 || w.Range%5 != 0 {
			v.errorf(r, p.Key("range"), "use 0 to 50 cm in steps of 5", "%d cm is not allowed", w.Range)
		}
		if w.AoE < 0 || w.AoE > 50 || w.AoE%10 != 0 {
			v.errorf(r, p.Key("aoe"), "use 0, 10, 20, 30, 40 or 50 cm", "%d cm is not allowed", w.AoE)
		}
		v.oneOf(r, p.Key("rateOfFire"), "rate of fire", w.RateOfFire, RateUnlimited, RateLimited, RateOneShot)
		v.intRange(r, p.Key("armourPiercing"), "armour piercing", w.ArmourPiercing, 0, 5)
		v.intRange(r, p.Key("shieldPiercing"), "shield piercing", w.ShieldPiercing, 0, 5)
		v.intRange(r, p.Key("deflectionPiercing"), "deflection piercing", w.DeflectionPiercing, 0, 11)
		if len(w.Targets) == 0 {
			v.errorf(r, p.Key("targets"), "choose at least one of "+ruleset.SpacedList(weaponTargets, "and"), "the weapon has no targets")
		}
		v.subset(r, p.Key("targets"), "target", w.Targets, weaponTargets)
		v.subset(r, p.Key("qualities"), "quality", w.Qualities, WeaponQualities)
		switch {
		case w.TargetMethod == TargetIndirect && (w.IndirectTurns < 1 || w.IndirectTurns > 5):
			v.errorf("R-WD-05", p.Key("indirectTurns"), "give 1 to 5 indirect turns", "%d is not allowed; an indirect weapon flies 1 to 5 turns", w.IndirectTurns)
		case w.TargetMethod == TargetDirect && w.IndirectTurns != 0:
			v.errorf("R-WD-05", p.Key("indirectTurns"), "clear the indirect turns, or make its targeting indirect", "a direct weapon takes no indirect turns")
		}
		if w.Has("UN") && !w.Interceptable {
			v.warnf("R-WD-01", p.Key("qualities"), "drop the unstable (UN) quality, or tick can be intercepted", "an unstable weapon only detonates when intercepted, and this one cannot be")
		}
		if w.Has("PO") && w.TargetMethod == TargetDirect {
			v.errorf("R-WD-02", p.Key("qualities"), "drop the polarized (PO) quality, or make its targeting indirect", "polarized (PO) works only for weapons with indirect targeting")
		}
		if w.Range == 0 && w.CanTarget(TargetsStarships) {
			v.add(Warning, "R-WPN-04", p.Key("range"), p, "give it a range, or target only starfighters and incoming fire", "with a range of 0 it can only defend; it will never reach a starship")
		}
	}
}

// damage checks the fields ship and starfighter weapons share: name,
// damage type, pulse, die and modifier.
func (v *validator) damage(rule string, at *loc, name, damageType string, pulse int, die Die, modifier int) {
	v.text(rule, at.Key("name"), "the weapon name", name, 1, 40, false)
	v.oneOf(rule, at.Key("damageType"), "damage type", damageType, DamageEnergy, DamageKinetic)
	v.intRange(rule, at.Key("pulse"), "pulse", pulse, 1, 20)
	v.oneOf(rule, at.Key("die"), "damage die", string(die), dieNames...)
	v.intRange(rule, at.Key("modifier"), "damage modifier", modifier, 0, 20)
}

// dieNames lists the legal dice as strings, for oneOf.
var dieNames = []string{"D1", "D2", "D3", "D4", "D5", "D6", "D8", "D10", "D12"}

var fighterTargets = []string{FighterTargetsStarships, FighterTargetsOther}

func (v *validator) squadronDefs() {
	for i := range v.d.Starfighters {
		v.idAt("R-SF-01", "starfighters", i, func(j int) string { return v.d.Starfighters[j].ID })
	}
	for i := range v.d.Starfighters {
		s := &v.d.Starfighters[i]
		p := root("starfighters").Idx(i)
		const r = "R-SF-02"
		v.text(r, p.Key("name"), "the squadron name", s.Name, 1, 40, false)
		v.intRange(r, p.Key("strength"), "strength", s.Strength, 1, 20)
		if s.Speed < 10 || s.Speed > 30 || s.Speed%5 != 0 {
			v.errorf(r, p.Key("speed"), "use 10, 15, 20, 25 or 30 cm", "%d cm is not allowed", s.Speed)
		}
		v.intRange(r, p.Key("defence"), "defence", s.Defence, 0, 6)
		v.intRange(r, p.Key("targetRating"), "target rating", s.TargetRating, 4, 9)
		v.subset(r, p.Key("qualities"), "squadron quality", s.Qualities, SquadronQualities)
		if n := len(s.Weapons); n < 1 || n > 6 {
			v.errorf("R-SF-03", p.Key("weapons"), "give the squadron 1 to 6 weapons", "the squadron has %s; it needs 1 to 6", ruleset.Count(n, "weapon"))
		}
		for j := range s.Weapons {
			w := &s.Weapons[j]
			wp := p.Key("weapons").Idx(j)
			const r = "R-SF-03"
			v.damage(r, wp, w.Name, w.DamageType, w.Pulse, w.Die, w.Modifier)
			if w.RateOfFire == RateLimited {
				v.errorf("R-SF-04", wp.Key("rateOfFire"), "choose unlimited or one shot", "a starfighter weapon cannot have a limited rate of fire")
			} else {
				v.oneOf(r, wp.Key("rateOfFire"), "rate of fire", w.RateOfFire, RateUnlimited, RateOneShot)
			}
			if len(w.Targets) == 0 {
				v.errorf(r, wp.Key("targets"), "choose starships, other or both", "the weapon has no targets")
			}
			v.subset(r, wp.Key("targets"), "target", w.Targets, fighterTargets)
			v.subset(r, wp.Key("qualities"), "quality", w.Qualities, WeaponQualities)
		}
	}
}

func (v *validator) hangarDefs() {
	for i := range v.d.HangarBays {
		v.idAt("R-HB-01", "hangarBays", i, func(j int) string { return v.d.HangarBays[j].ID })
	}
	for i := range v.d.HangarBays {
		b := &v.d.HangarBays[i]
		p := root("hangarBays").Idx(i)
		v.text("R-HB-02", p.Key("name"), "the bay name", b.Name, 1, 40, false)
		v.intRange("R-HB-02", p.Key("launch"), "launch capacity", b.Launch, 1, 20)
		if b.Capacity < b.Launch || b.Capacity > 999 {
			v.errorf("R-HB-02", p.Key("capacity"), fmt.Sprintf("give a capacity from %d (the launch) to 999", max(b.Launch, 1)), "%s is not allowed; the capacity is at least the launch (%d) and at most 999", ruleset.Thousands(b.Capacity), b.Launch)
		}
		if len(b.Carries) == 0 {
			v.errorf("R-HB-03", p.Key("carries"), "choose the squadrons the bay can carry", "the bay carries no squadron types")
		}
		for j, id := range b.Carries {
			cp := p.Key("carries").Idx(j)
			switch {
			case v.d.Squadron(id) == nil:
				v.errorf("R-HB-03", cp, "define the squadron under Squadron definitions, or choose one defined there", "no squadron definition has the id %s", v.quoted(id))
			case contains(b.Carries[:j], id):
				v.errorf("R-HB-03", cp, "choose it once", "the squadron %s is chosen twice", v.quoted(id))
			}
		}
		total := 0
		for _, id := range sortedKeys(b.Loadout) {
			n := b.Loadout[id]
			lp := p.Key("loadout").Key(id)
			if !contains(b.Carries, id) {
				v.errorf("R-HB-04", lp, "load only squadrons the bay carries: "+v.quotedList(b.Carries), "the bay does not carry the squadron %s", v.quoted(id))
			}
			if n < 1 || n > 999 {
				v.errorf("R-HB-04", lp, "load 1 to 999, or remove the entry", "a load of %s is not allowed", ruleset.Thousands(n))
				continue
			}
			total += n
		}
		if total > b.Capacity && b.Capacity >= b.Launch {
			v.errorf("R-HB-04", p.Key("loadout"), "load at most "+ruleset.Count(b.Capacity, "squadron"), "the loadout of %s is more than the bay's capacity of %d", ruleset.Count(total, "squadron"), b.Capacity)
		}
	}
}
