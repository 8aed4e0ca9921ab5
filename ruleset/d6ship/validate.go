package d6ship

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// validator collects a stat block's problems in document order.
type validator struct {
	s   *Ship
	out ruleset.Problems
}

func (v *validator) add(sev ruleset.Severity, rule string, at *ruleset.Loc, hint, format string, args ...any) {
	p := at.String()
	v.out = append(v.out, ruleset.Problem{Rule: rule, Severity: sev, Path: p,
		Message: ruleset.Sentence(Place(v.s, p), fmt.Sprintf(format, args...)), Hint: hint})
}

func (v *validator) errorf(rule string, at *ruleset.Loc, hint, format string, args ...any) {
	v.add(ruleset.Error, rule, at, hint, format, args...)
}

// validate checks s against every rule and returns its problems, never nil.
func validate(s *Ship) ruleset.Problems {
	v := &validator{s: s, out: ruleset.Problems{}}
	v.envelope()
	v.texts()
	v.class()
	v.crew()
	v.stats()
	v.shields()
	v.pointDefence()
	v.fighters()
	v.weapons()
	if s.CPU == 0 {
		v.add(ruleset.Warning, RuleOffline, ruleset.Root("cpu"), "give the computer its CPU cycles, unless the ship is meant to start dead in space",
			"at 0 the computer is shut down and the ship is offline until a Difficult [16] LOG check restores 1d6 CPU")
	}
	if s.PointDefence > 0 && s.PointDefenceBonus == 0 {
		v.add(ruleset.Warning, RulePDBonus, ruleset.Root("pointDefenceBonus"), "enter the DEFENSE bonus your table gives this aura against missiles and fighters",
			"the aura also raises DEFENSE against missiles and fighters, but the chapter does not say by how much, and none is given")
	}
	return v.out
}

func (v *validator) envelope() {
	s := v.s
	if s.Schema != ruleset.Schema {
		v.errorf(ruleset.RuleDocument, ruleset.Root("schema"), fmt.Sprintf("save the stat block again from Slipway, which writes format %d", ruleset.Schema),
			"the file is in format %d; this version of Slipway reads format %d", s.Schema, ruleset.Schema)
	}
	if s.Ruleset != ID {
		v.errorf(ruleset.RuleDocument, ruleset.Root("ruleset"), "open it as a design of the game it was made for, or start a d6 stat block",
			"the design is not a stat block of the d6 starship chapter")
	}
	if s.RulesVersion != RulesVersion {
		v.errorf(ruleset.RuleDocument, ruleset.Root("rulesVersion"), fmt.Sprintf("save the stat block again from Slipway, which writes rules version %d", RulesVersion),
			"the stat block follows rules version %d; Slipway reads version %d", s.RulesVersion, RulesVersion)
	}
}

func (v *validator) text(at *ruleset.Loc, s string, lo, hi int, multiline bool) {
	if problem, fix := ruleset.CheckText(s, lo, hi, multiline); problem != "" {
		v.errorf(RuleText, at, fix, "%s", problem)
	}
}

func (v *validator) texts() {
	s := v.s
	v.text(ruleset.Root("name"), s.Name, 1, 80, false)
	v.text(ruleset.Root("description"), s.Description, 0, 4000, true)
	if len(s.Tags) > 12 {
		v.errorf(RuleText, ruleset.Root("tags"), "keep at most 12 tags", "there are %s; at most 12 are allowed", ruleset.Count(len(s.Tags), "tag"))
	}
	for i, t := range s.Tags[:min(len(s.Tags), 100)] {
		v.text(ruleset.Root("tags").Idx(i), t, 1, 32, false)
	}
	v.text(ruleset.Root("universe"), s.Universe, 0, 80, false)
}

func (v *validator) class() {
	c := v.s.Class
	n, ok := ParseClass(c)
	if ok {
		return
	}
	at := ruleset.Root("class")
	range_ := fmt.Sprintf("from I to %s (%d)", Roman(MaxClass), MaxClass)
	switch {
	case strings.TrimSpace(c) == "":
		v.errorf(RuleClass, at, "write the class as a Roman numeral "+range_, "no class is given")
	case n > MaxClass:
		v.errorf(RuleClass, at, "use a class "+range_, "%s is Class %d; the chapter's classes run from Class I to Class 30", quoted(c), n)
	case n > 0:
		v.errorf(RuleClass, at, "write "+Roman(n), "%s is not how the chapter writes Class %d", quoted(c), n)
	default:
		if d, err := strconv.Atoi(strings.TrimSpace(c)); err == nil && d >= MinClass && d <= MaxClass {
			v.errorf(RuleClass, at, "write "+Roman(d), "the chapter writes classes in Roman numerals, and %s is not one", quoted(c))
			return
		}
		v.errorf(RuleClass, at, "write the class as a Roman numeral "+range_, "%s is not a Roman numeral", quoted(c))
	}
}

func (v *validator) crew() {
	c := v.s.Crew
	if crewRating(c) != nil {
		return
	}
	var names []string
	for _, r := range CrewRatings {
		names = append(names, fmt.Sprintf("%s (%dd6)", strings.ToLower(r.Name), r.Dice))
	}
	hint := "choose " + ruleset.List(names, "or")
	for _, r := range CrewRatings {
		if strings.EqualFold(strings.TrimSpace(c), r.ID) {
			hint = "choose " + strings.ToLower(r.Name) + " from the list"
		}
	}
	if c == "" {
		v.errorf(RuleCrew, ruleset.Root("crew"), hint, "no crew rating is chosen")
		return
	}
	v.errorf(RuleCrew, ruleset.Root("crew"), hint, "%s is not one of the chapter's five crew ratings", quoted(c))
}

// bound reports rule unless lo <= n <= hi.
func (v *validator) bound(rule string, at *ruleset.Loc, n, lo, hi int) {
	if n >= lo && n <= hi {
		return
	}
	v.errorf(rule, at, fmt.Sprintf("use a whole number from %d to %s", lo, ruleset.Thousands(hi)),
		"%s is not allowed; it is %d to %s", ruleset.Thousands(n), lo, ruleset.Thousands(hi))
}

func (v *validator) stats() {
	s := v.s
	v.bound(RuleStat, ruleset.Root("speed"), s.Speed, 0, MaxStat)
	v.bound(RuleStat, ruleset.Root("defense"), s.Defense, 0, MaxStat)
	v.bound(RuleStat, ruleset.Root("eDefense"), s.EDefense, 0, MaxStat)
	v.bound(RuleStat, ruleset.Root("armour"), s.Armour, 0, MaxStat)
	if s.Superstructure < 1 || s.Superstructure > MaxStat {
		if s.Superstructure == 0 {
			v.errorf(RuleStat, ruleset.Root("superstructure"), "give the ship its SUPERSTRUCTURE, 1 to 999",
				"it is 0, and a ship at 0 SUPERSTRUCTURE is already counting down to its explosion")
		} else {
			v.bound(RuleStat, ruleset.Root("superstructure"), s.Superstructure, 1, MaxStat)
		}
	}
	v.bound(RuleStat, ruleset.Root("cpu"), s.CPU, 0, MaxStat)
	v.bound(RuleStat, ruleset.Root("power"), s.Power, 0, MaxStat)
}

func (v *validator) shields() {
	for _, a := range Arcs {
		v.bound(RuleSoak, ruleset.Root("shields").Key(a.ID), v.s.Shields.Shield(a.ID), 0, MaxStat)
	}
}

func (v *validator) pointDefence() {
	s := v.s
	v.bound(RulePD, ruleset.Root("pointDefence"), s.PointDefence, 0, MaxSmall)
	v.bound(RulePD, ruleset.Root("pointDefenceBonus"), s.PointDefenceBonus, 0, MaxSmall)
	if s.PointDefence == 0 && s.PointDefenceBonus > 0 {
		v.errorf(RulePD, ruleset.Root("pointDefenceBonus"), "give the aura a range, or clear the bonus",
			"a bonus of %d is given, but the ship has no point-defence aura to grant it", s.PointDefenceBonus)
	}
}

func (v *validator) fighters() {
	s := v.s
	v.bound(RuleFighter, ruleset.Root("squadrons"), s.Squadrons, 0, MaxSmall)
	switch {
	case s.Squadrons > 0 && s.Fighters == 0:
		v.errorf(RuleFighter, ruleset.Root("fighters"), "give each squadron 1 to 99 fighters",
			"%s carried, but no fighters in them; a squadron's HEALTH is its number of fighters", ruleset.Count(s.Squadrons, "squadron is", "squadrons are"))
	case s.Squadrons == 0 && s.Fighters != 0:
		v.errorf(RuleFighter, ruleset.Root("fighters"), "set the number of squadrons, or clear the fighters",
			"%s given, but the ship carries no squadron", ruleset.Count(s.Fighters, "fighter is", "fighters are"))
	default:
		v.bound(RuleFighter, ruleset.Root("fighters"), s.Fighters, 0, MaxSmall)
	}
}

func (v *validator) weapons() {
	ws := v.s.Weapons
	if len(ws) > MaxWeapons {
		v.errorf(RuleWeapon, ruleset.Root("weapons"), "merge like weapons into banks; weapons past the first 100 are not checked",
			"the ship has %s; at most %d are allowed", ruleset.Count(len(ws), "weapon"), MaxWeapons)
	}
	for i := range ws[:min(len(ws), MaxWeapons)] {
		v.weapon(i)
	}
}

func (v *validator) weapon(i int) {
	w := &v.s.Weapons[i]
	at := ruleset.Root("weapons").Idx(i)
	v.text(at.Key("name"), w.Name, 1, 60, false)
	if weaponType(w.Type) == nil {
		var names []string
		for _, t := range WeaponTypes {
			names = append(names, strings.ToLower(t.Name))
		}
		if w.Type == "" {
			v.errorf(RuleType, at.Key("type"), "choose "+ruleset.List(names, "or"), "no type is chosen")
		} else {
			v.errorf(RuleType, at.Key("type"), "choose "+ruleset.List(names, "or")+" (torpedoes are missiles; lasers, phasers and blasters energy)",
				"%s is not one of the chapter's weapon types", quoted(w.Type))
		}
	}
	if w.Damage < 1 || w.Damage > MaxSmall {
		v.errorf(RuleWeapon, at.Key("damage"), "give 1 to 99 dice of damage",
			"%s is not allowed; a weapon rolls 1d6 to 99d6 when it hits", ruleset.Thousands(w.Damage)+"d6")
	}
	v.bound(RuleWeapon, at.Key("range"), w.Range, 1, MaxStat)
	v.arcs(at, w)
	if w.Bank != 0 && (w.Bank < 2 || w.Bank > MaxSmall) {
		hint := "give 2 to 99 weapons, or clear the bank size for a single weapon"
		v.errorf(RuleBank, at.Key("bank"), hint, "a bank of %s is not allowed; a bank or array fires 2 to 99 weapons with one attack roll",
			ruleset.Thousands(w.Bank))
	}
}

func (v *validator) arcs(at *ruleset.Loc, w *Weapon) {
	names := make([]string, len(Arcs))
	for i, a := range Arcs {
		names[i] = a.ID
	}
	if len(w.Arcs) == 0 {
		v.errorf(RuleArc, at.Key("arcs"), "give one or more of "+ruleset.List(names, "and"), "the weapon fires through no arc, so it can never fire")
		return
	}
	if len(w.Arcs) > len(Arcs) {
		v.errorf(RuleArc, at.Key("arcs"), "give each arc once", "it lists %d arcs; there are only four", len(w.Arcs))
		return
	}
	for j, a := range w.Arcs {
		switch {
		case arc(a) == nil:
			hint := "use " + ruleset.List(names, "or")
			for _, x := range Arcs {
				if strings.EqualFold(strings.TrimSpace(a), x.ID) || strings.EqualFold(strings.TrimSpace(a), x.ID[:1]) {
					hint = "write " + x.ID
				}
			}
			v.errorf(RuleArc, at.Key("arcs").Idx(j), hint, "%s is not one of the four arcs", quoted(a))
		case indexOf(w.Arcs[:j], a) >= 0:
			v.errorf(RuleArc, at.Key("arcs").Idx(j), "give each arc once", "%s is listed twice", a)
		}
	}
}

func indexOf(xs []string, s string) int {
	for i, x := range xs {
		if x == s {
			return i
		}
	}
	return -1
}

// quoted writes a player's text in quotation marks, cut to 40 characters.
func quoted(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return "‘" + s + "’"
}
