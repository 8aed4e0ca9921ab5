package designer

import (
	"fmt"
	"github.com/slipway/slipway/ruleset"
	"strings"
	"unicode"
	"unicode/utf8"
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

func (v *validator) add(sev Severity, rule string, at *loc, hint, format string, args ...any) {
	if len(v.out) >= MaxProblems {
		v.omitted++
		if sev == Error {
			v.omittedErrors++
		}
		return
	}
	v.out = append(v.out, Problem{Rule: rule, Severity: sev, Path: at.String(), Message: fmt.Sprintf(format, args...), Hint: hint})
}

func (v *validator) errorf(rule string, at *loc, hint, format string, args ...any) {
	v.add(Error, rule, at, hint, format, args...)
}

func (v *validator) warnf(rule string, at *loc, hint, format string, args ...any) {
	v.add(Warning, rule, at, hint, format, args...)
}

// intRange reports an error unless lo <= n <= hi.
func (v *validator) intRange(rule string, at *loc, what string, n, lo, hi int) bool {
	if n < lo || n > hi {
		v.errorf(rule, at, fmt.Sprintf("use a whole number from %d to %d", lo, hi), "%s is %d; allowed %d-%d", what, n, lo, hi)
		return false
	}
	return true
}

// oneOf reports an error unless s is one of allowed.
func (v *validator) oneOf(rule string, at *loc, what, s string, allowed ...string) bool {
	if !contains(allowed, s) {
		got := "missing"
		if s != "" {
			got = fmt.Sprintf("%q", s)
		}
		v.errorf(rule, at, "use one of: "+strings.Join(allowed, ", "), "%s is %s", what, got)
		return false
	}
	return true
}

// text reports an error unless s has lo-hi characters, all printable.
func (v *validator) text(rule string, at *loc, what, s string, lo, hi int, multiline bool) {
	n := utf8.RuneCountInString(s)
	if n < lo || n > hi {
		hint := fmt.Sprintf("give %d to %d characters", lo, hi)
		if lo == 0 {
			hint = fmt.Sprintf("shorten it to at most %d characters", hi)
		}
		v.errorf(rule, at, hint, "%s has %d characters; allowed %d-%d", what, n, lo, hi)
		return
	}
	if lo > 0 && strings.TrimSpace(s) == "" {
		v.errorf(rule, at, "give it at least one visible character", "%s is blank", what)
		return
	}
	for _, r := range s {
		if r >= 0x20 && r < 0x7f { // printable ASCII, as unicode.IsPrint has it
			continue
		}
		if multiline && (r == '\n' || r == '\t') {
			continue
		}
		if !unicode.IsPrint(r) && r != ' ' {
			v.errorf(rule, at, "remove control and invisible characters", "%s contains the unprintable character %U", what, r)
			return
		}
	}
}

func (v *validator) document() {
	d := v.d
	if d.Schema != Schema {
		v.errorf("R-DOC-01", root("schema"), "set \"schema\": 1", "schema is %d; this version of Slipway reads schema %d", d.Schema, Schema)
	}
	if d.Ruleset != RulesetMetaverse {
		v.errorf("R-DOC-01", root("ruleset"), "set \"ruleset\": \"metaverse\"", "ruleset %q is not supported; supported: metaverse", d.Ruleset)
	}
	if d.RulesVersion != RulesVersion {
		v.errorf("R-DOC-01", root("rulesVersion"), "set \"rulesVersion\": 1", "rules version %d is not supported; supported: %d", d.RulesVersion, RulesVersion)
	}
	v.text("R-DOC-02", root("name"), "the class name", d.Name, 1, 80, false)
	v.text("R-DOC-02", root("description"), "the description", d.Description, 0, 4000, true)
	if len(d.Tags) > 12 {
		v.errorf("R-DOC-02", root("tags"), "keep at most 12 tags", "%d tags; at most 12 allowed", len(d.Tags))
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
		v.errorf("R-DOC-04", at, "use a count of 1 or more, or remove the entry", "count is %d; it must be at least 1", n)
	case n > 999:
		v.errorf("R-LIM-06", at, "split the entry or lower the count", "count is %d; at most 999 allowed", n)
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
			v.errorf("R-LIM-02", root("sections").Key(string(name)).Key("layers"), "move hull hits to other sections or remove some", "section %s has %d hull hits; at most 2,000 allowed", name, h)
		}
	}
	if total > 10000 {
		v.errorf("R-LIM-03", root("sections"), "remove hull hits", "the design has %d hull hits; at most 10,000 allowed", total)
	}
	if systems > 200 {
		v.errorf("R-LIM-04", root("sections"), "merge identical entries with count", "the design has %d system entries; at most 200 allowed", systems)
	}
	if n := len(v.d.Weapons); n > 100 {
		v.errorf("R-LIM-05", root("weapons"), "remove unused or duplicate definitions", "%d weapon definitions; at most 100 allowed", n)
	}
}
