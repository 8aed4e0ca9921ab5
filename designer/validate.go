package designer

import (
	"fmt"

	"github.com/slipway/slipway/ruleset"
)

// Options adjust validation.
type Options struct {
	// TierLimit, when 1-3, rejects designs above that tier (R-TIER-01).
	TierLimit int
}

// Validate checks a decoded design against every construction rule of
// rules §3-6 and returns all problems at once, in a deterministic order
// (document order, sections in SectionOrder). It never panics on a
// structurally decoded design, however odd its values.
func (c *Catalogue) Validate(d *Design, opt Options) Problems {
	v := &validator{c: c, d: d, opt: opt}
	v.document()
	v.limits()
	v.sections()
	v.requirements()
	v.propulsion()
	v.weaponDefs()
	v.squadronDefs()
	v.hangarDefs()
	v.techLevel()
	v.tierLimit()
	if v.omitted > 0 {
		v.out = append(v.out, ruleset.Omitted(v.omitted, v.omittedErrors, MaxProblems))
	}
	return v.out
}

// MaxProblems is the most problems Validate lists one by one; the rest
// are counted in one last R-LIM-07 problem, so that a large document
// cannot turn into an answer or a stored record many times its size.
const MaxProblems = ruleset.MaxProblems

// RuleProblemCap is the rule id of the problem that counts the problems
// past MaxProblems. It is an error when any of those is one.
const RuleProblemCap = ruleset.RuleProblemCap

type validator struct {
	c   *Catalogue
	d   *Design
	opt Options
	out Problems
	// omitted counts problems past MaxProblems, omittedErrors the errors
	// among them.
	omitted, omittedErrors int
}

// add reports a problem at a path. Its message names the place as the
// form labels it (where, or at when where is nil) before what is wrong.
func (v *validator) add(sev Severity, rule string, at, where *loc, hint, format string, args ...any) {
	if len(v.out) >= MaxProblems {
		v.omitted++
		if sev == Error {
			v.omittedErrors++
		}
		return
	}
	path := at.String()
	place := path
	if where != nil {
		place = where.String()
	}
	v.out = append(v.out, Problem{Rule: rule, Severity: sev, Path: path, Message: ruleset.Sentence(v.place(place), fmt.Sprintf(format, args...)), Hint: hint})
}

// ship is the place of a problem with the ship as a whole: it names no
// place in the message.
var ship = root("sections")

// place names a path in the form's words; the ship as a whole (the
// sections together) needs no place.
func (v *validator) place(path string) string {
	if path == "sections" {
		return ""
	}
	return v.c.Place(v.d, path)
}

func (v *validator) errorf(rule string, at *loc, hint, format string, args ...any) {
	v.add(Error, rule, at, nil, hint, format, args...)
}

func (v *validator) warnf(rule string, at *loc, hint, format string, args ...any) {
	v.add(Warning, rule, at, nil, hint, format, args...)
}

// intRange reports an error unless lo <= n <= hi. The place names the
// field; what is no longer part of the words (the form's label is).
func (v *validator) intRange(rule string, at *loc, _ string, n, lo, hi int) bool {
	if n < lo || n > hi {
		v.errorf(rule, at, fmt.Sprintf("use a whole number from %s to %s", ruleset.Thousands(lo), ruleset.Thousands(hi)), "%s is not allowed; it must be %s to %s", ruleset.Thousands(n), ruleset.Thousands(lo), ruleset.Thousands(hi))
		return false
	}
	return true
}

// oneOf reports an error unless s is one of allowed.
func (v *validator) oneOf(rule string, at *loc, _, s string, allowed ...string) bool {
	if !contains(allowed, s) {
		hint := "choose " + ruleset.SpacedList(allowed, "or")
		if s == "" {
			v.errorf(rule, at, hint, "nothing is chosen")
			return false
		}
		v.errorf(rule, at, hint, "%s is not one of the choices", v.quoted(ruleset.Spaced(s)))
		return false
	}
	return true
}

// text reports an error unless s has lo-hi characters, all printable.
func (v *validator) text(rule string, at *loc, _, s string, lo, hi int, multiline bool) {
	if problem, fix := ruleset.CheckText(s, lo, hi, multiline); problem != "" {
		v.errorf(rule, at, fix, "%s", problem)
	}
}

func (v *validator) document() {
	d := v.d
	if d.Schema != Schema {
		v.errorf("R-DOC-01", root("schema"), fmt.Sprintf("save the design again from Slipway, which writes format %d", Schema), "the file is in format %d; this version of Slipway reads format %d", d.Schema, Schema)
	}
	if d.Ruleset != RulesetMetaverse {
		v.errorf("R-DOC-01", root("ruleset"), "open it as a design of the game it was made for, or start a Metaverse design", "the design is not for Metaverse, the only game this check reads")
	}
	if d.RulesVersion != RulesVersion {
		v.errorf("R-DOC-01", root("rulesVersion"), fmt.Sprintf("save the design again from Slipway, which writes rules version %d", RulesVersion), "the design follows rules version %d; Slipway reads version %d", d.RulesVersion, RulesVersion)
	}
	v.text("R-DOC-02", root("name"), "the class name", d.Name, 1, 80, false)
	v.text("R-DOC-02", root("description"), "the description", d.Description, 0, 4000, true)
	if len(d.Tags) > 12 {
		v.errorf("R-DOC-02", root("tags"), "keep at most 12 tags", "there are %s; at most 12 are allowed", ruleset.Count(len(d.Tags), "tag"))
	}
	for i, t := range d.Tags {
		v.text("R-DOC-02", root("tags").Idx(i), "a tag", t, 1, 32, false)
	}
	v.text("R-DOC-02", root("universe"), "the universe", d.Universe, 0, 80, false)
	v.intRange("R-DOC-02", root("scale"), "scale (tons per hull hit)", d.Scale, 1, 1000000)
	v.intRange("R-DOC-03", root("techLevel"), "tech level", d.TechLevel, 1, 10)
	v.oneOf("R-DOC-03", root("movement"), "movement", d.Movement, MovementCinematic, MovementNewtonian)
	v.oneOf("R-DOC-03", root("hull"), "hull type", d.Hull, HullMetallic, HullTechnological, HullBiological)
	v.intRange("R-DOC-03", root("crewQuality"), "crew quality", d.CrewQuality, 1, 5)
	v.oneOf("R-DOC-03", root("commandQuality"), "command quality", string(d.CommandQuality), "D2", "D3", "D4", "D5", "D6")
	v.oneOf("R-DOC-03", root("damageControl"), "damage-control quality", string(d.DamageControl), "D4", "D5", "D6")
}

// count checks a count field: at least 1 (R-DOC-04), at most 999 (R-LIM-06).
func (v *validator) count(at *loc, n int) {
	switch {
	case n < 1:
		v.errorf("R-DOC-04", at, "use a count of 1 or more, or remove the entry", "%d is not allowed; the count must be at least 1", n)
	case n > 999:
		v.errorf("R-LIM-06", at, "split the entry or lower the count", "%s is too many; the count is at most 999", ruleset.Thousands(n))
	}
}

func (v *validator) limits() {
	total, systems := 0, 0
	for _, name := range SectionOrder {
		sec := v.d.Sections.Get(name)
		if sec == nil {
			continue
		}
		h := sec.HullHits()
		total += h
		systems += len(sec.Systems)
		if h > 2000 {
			v.errorf("R-LIM-02", root("sections").Key(string(name)).Key("layers"), "move hull hits to other sections or remove some", "the section has %s; at most 2,000 are allowed", ruleset.Count(h, "hull hit"))
		}
	}
	if total > 10000 {
		v.errorf("R-LIM-03", root("sections"), "remove hull hits", "the ship has %s; at most 10,000 are allowed", ruleset.Count(total, "hull hit"))
	}
	if systems > 200 {
		v.errorf("R-LIM-04", root("sections"), "merge identical systems into one entry with a count", "the ship has %s; at most 200 are allowed", ruleset.Count(systems, "system entry", "system entries"))
	}
	if n := len(v.d.Weapons); n > 100 {
		v.add(Error, "R-LIM-05", root("weapons"), ship, "remove unused or duplicate definitions", "the ship has %s; at most 100 are allowed", ruleset.Count(n, "weapon definition"))
	}
}
