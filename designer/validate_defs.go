package designer

import (
	"fmt"
	"strings"
)

// ids checks that every id is present and unique, reporting under rule.
func (v *validator) ids(rule, list string, ids []string) {
	seen := map[string]bool{}
	for i, id := range ids {
		p := fmt.Sprintf("%s[%d].id", list, i)
		v.text(rule, p, "the id", id, 1, 40, false)
		if seen[id] && id != "" {
			v.errorf(rule, p, "give each definition its own id", "id %q is used twice", id)
		}
		seen[id] = true
	}
}

// subset checks that every value of list is one of allowed, once.
func (v *validator) subset(rule, path, what string, list []string, allowed []string) {
	seen := map[string]bool{}
	for i, s := range list {
		p := fmt.Sprintf("%s[%d]", path, i)
		if !contains(allowed, s) {
			v.errorf(rule, p, "use one of: "+strings.Join(allowed, ", "), "unknown %s %q", what, s)
			continue
		}
		if seen[s] {
			v.errorf(rule, p, "list it once", "%s %q is listed twice", what, s)
		}
		seen[s] = true
	}
}

var weaponTargets = []string{TargetsStarships, TargetsStarfighters, TargetsDirectFire, TargetsIndirectFire}

func (v *validator) weaponDefs() {
	ids := make([]string, len(v.d.Weapons))
	for i, w := range v.d.Weapons {
		ids[i] = w.ID
	}
	v.ids("R-WD-03", "weapons", ids)
	for i := range v.d.Weapons {
		w := &v.d.Weapons[i]
		p := fmt.Sprintf("weapons[%d]", i)
		const r = "R-WD-04"
		v.text(r, p+".name", "the weapon name", w.Name, 1, 40, false)
		v.oneOf(r, p+".damageType", "damage type", w.DamageType, DamageEnergy, DamageKinetic)
		v.intRange(r, p+".pulse", "pulse", w.Pulse, 1, 20)
		v.oneOf(r, p+".die", "damage die", string(w.Die), diceNames()...)
		v.intRange(r, p+".modifier", "damage modifier", w.Modifier, 0, 20)
		v.oneOf(r, p+".effect", "damage effect", w.Effect, EffectRaking, EffectPenetrating)
		v.oneOf(r, p+".targetMethod", "target method", w.TargetMethod, TargetDirect, TargetIndirect)
		if w.Range < 0 || w.Range > 50 || w.Range%5 != 0 {
			v.errorf(r, p+".range", "use 0 to 50 in steps of 5", "range is %d", w.Range)
		}
		if !contains([]string{"0", "10", "20", "30", "40", "50"}, fmt.Sprint(w.AoE)) {
			v.errorf(r, p+".aoe", "use 0, 10, 20, 30, 40 or 50", "area of effect is %d", w.AoE)
		}
		v.oneOf(r, p+".rateOfFire", "rate of fire", w.RateOfFire, RateUnlimited, RateLimited, RateOneShot)
		v.intRange(r, p+".armourPiercing", "armour piercing", w.ArmourPiercing, 0, 5)
		v.intRange(r, p+".shieldPiercing", "shield piercing", w.ShieldPiercing, 0, 5)
		v.intRange(r, p+".deflectionPiercing", "deflection piercing", w.DeflectionPiercing, 0, 11)
		if len(w.Targets) == 0 {
			v.errorf(r, p+".targets", "list at least one of: "+strings.Join(weaponTargets, ", "), "the weapon has no targets")
		}
		v.subset(r, p+".targets", "target", w.Targets, weaponTargets)
		v.subset(r, p+".qualities", "quality", w.Qualities, WeaponQualities)
		switch {
		case w.TargetMethod == TargetIndirect && (w.IndirectTurns < 1 || w.IndirectTurns > 5):
			v.errorf("R-WD-05", p+".indirectTurns", "give indirectTurns from 1 to 5", "an indirect weapon needs indirectTurns 1-5; it is %d", w.IndirectTurns)
		case w.TargetMethod == TargetDirect && w.IndirectTurns != 0:
			v.errorf("R-WD-05", p+".indirectTurns", "remove indirectTurns, or make the weapon indirect", "a direct weapon takes no indirectTurns")
		}
		if w.Has("UN") && !w.Interceptable {
			v.warnf("R-WD-01", p+".qualities", "drop UN, or make the weapon interceptable", "an unstable weapon only detonates when intercepted, and this one cannot be")
		}
		if w.Has("PO") && w.TargetMethod == TargetDirect {
			v.errorf("R-WD-02", p+".qualities", "drop PO, or make the weapon indirect", "polarized (PO) works only for indirect weapons")
		}
		if w.Range == 0 && w.CanTarget(TargetsStarships) {
			v.warnf("R-WPN-04", p+".range", "give it a range, or target only starfighters and incoming fire", "a weapon of range 0 can only defend; it will never reach a starship")
		}
	}
}

func diceNames() []string {
	out := make([]string, len(Dice))
	for i, d := range Dice {
		out[i] = string(d)
	}
	return out
}

var fighterTargets = []string{FighterTargetsStarships, FighterTargetsOther}

func (v *validator) squadronDefs() {
	ids := make([]string, len(v.d.Starfighters))
	for i, s := range v.d.Starfighters {
		ids[i] = s.ID
	}
	v.ids("R-SF-01", "starfighters", ids)
	for i := range v.d.Starfighters {
		s := &v.d.Starfighters[i]
		p := fmt.Sprintf("starfighters[%d]", i)
		const r = "R-SF-02"
		v.text(r, p+".name", "the squadron name", s.Name, 1, 40, false)
		v.intRange(r, p+".strength", "strength", s.Strength, 1, 20)
		v.oneOf(r, p+".speed", "speed", fmt.Sprint(s.Speed), "10", "15", "20", "25", "30")
		v.intRange(r, p+".defence", "defence", s.Defence, 0, 6)
		v.intRange(r, p+".targetRating", "target rating", s.TargetRating, 4, 9)
		v.subset(r, p+".qualities", "squadron quality", s.Qualities, SquadronQualities)
		if n := len(s.Weapons); n < 1 || n > 6 {
			v.errorf("R-SF-03", p+".weapons", "give the squadron 1 to 6 weapons", "the squadron has %d weapons; allowed 1-6", n)
		}
		for j := range s.Weapons {
			w := &s.Weapons[j]
			wp := fmt.Sprintf("%s.weapons[%d]", p, j)
			const r = "R-SF-03"
			v.text(r, wp+".name", "the weapon name", w.Name, 1, 40, false)
			v.oneOf(r, wp+".damageType", "damage type", w.DamageType, DamageEnergy, DamageKinetic)
			v.intRange(r, wp+".pulse", "pulse", w.Pulse, 1, 20)
			v.oneOf(r, wp+".die", "damage die", string(w.Die), diceNames()...)
			v.intRange(r, wp+".modifier", "damage modifier", w.Modifier, 0, 20)
			if w.RateOfFire == RateLimited {
				v.errorf("R-SF-04", wp+".rateOfFire", "use unlimited or oneShot", "starfighter weapons cannot be limited")
			} else {
				v.oneOf(r, wp+".rateOfFire", "rate of fire", w.RateOfFire, RateUnlimited, RateOneShot)
			}
			if len(w.Targets) == 0 {
				v.errorf(r, wp+".targets", "list starships and/or other", "the weapon has no targets")
			}
			v.subset(r, wp+".targets", "target", w.Targets, fighterTargets)
			v.subset(r, wp+".qualities", "quality", w.Qualities, WeaponQualities)
		}
	}
}

func (v *validator) hangarDefs() {
	ids := make([]string, len(v.d.HangarBays))
	for i, b := range v.d.HangarBays {
		ids[i] = b.ID
	}
	v.ids("R-HB-01", "hangarBays", ids)
	for i := range v.d.HangarBays {
		b := &v.d.HangarBays[i]
		p := fmt.Sprintf("hangarBays[%d]", i)
		v.text("R-HB-02", p+".name", "the bay name", b.Name, 1, 40, false)
		v.intRange("R-HB-02", p+".launch", "launch capacity", b.Launch, 1, 20)
		if b.Capacity < b.Launch || b.Capacity > 999 {
			v.errorf("R-HB-02", p+".capacity", fmt.Sprintf("give a capacity from %d (the launch capacity) to 999", max(b.Launch, 1)), "capacity %d is below the launch capacity %d or above 999", b.Capacity, b.Launch)
		}
		if len(b.Carries) == 0 {
			v.errorf("R-HB-03", p+".carries", "list the squadron ids the bay can carry", "the bay carries no squadron types")
		}
		seen := map[string]bool{}
		for j, id := range b.Carries {
			cp := fmt.Sprintf("%s.carries[%d]", p, j)
			switch {
			case v.d.Squadron(id) == nil:
				v.errorf("R-HB-03", cp, "define it under starfighters", "squadron %q is not defined", id)
			case seen[id]:
				v.errorf("R-HB-03", cp, "list it once", "squadron %q is listed twice", id)
			}
			seen[id] = true
		}
		total := 0
		for _, id := range sortedKeys(b.Loadout) {
			n := b.Loadout[id]
			lp := p + ".loadout." + id
			if !contains(b.Carries, id) {
				v.errorf("R-HB-04", lp, "load only types the bay carries: "+strings.Join(b.Carries, ", "), "the bay does not carry %q", id)
			}
			if n < 1 || n > 999 {
				v.errorf("R-HB-04", lp, "load 1 or more, or remove the entry", "loadout count %d is not allowed", n)
				continue
			}
			total += n
		}
		if total > b.Capacity && b.Capacity >= b.Launch {
			v.errorf("R-HB-04", p+".loadout", fmt.Sprintf("load at most %d squadrons", b.Capacity), "the loadout of %d squadrons exceeds the capacity %d", total, b.Capacity)
		}
	}
}
