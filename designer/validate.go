package designer

import (
	"fmt"
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
	return v.out
}

type validator struct {
	c   *Catalogue
	d   *Design
	opt Options
	out Problems
}

func (v *validator) add(sev Severity, rule, path, hint, format string, args ...any) {
	v.out = append(v.out, Problem{Rule: rule, Severity: sev, Path: path, Message: fmt.Sprintf(format, args...), Hint: hint})
}

func (v *validator) errorf(rule, path, hint, format string, args ...any) {
	v.add(Error, rule, path, hint, format, args...)
}

func (v *validator) warnf(rule, path, hint, format string, args ...any) {
	v.add(Warning, rule, path, hint, format, args...)
}

// intRange reports an error unless lo <= n <= hi.
func (v *validator) intRange(rule, path, what string, n, lo, hi int) bool {
	if n < lo || n > hi {
		v.errorf(rule, path, fmt.Sprintf("use a whole number from %d to %d", lo, hi), "%s is %d; allowed %d-%d", what, n, lo, hi)
		return false
	}
	return true
}

// oneOf reports an error unless s is one of allowed.
func (v *validator) oneOf(rule, path, what, s string, allowed ...string) bool {
	if !contains(allowed, s) {
		got := "missing"
		if s != "" {
			got = fmt.Sprintf("%q", s)
		}
		v.errorf(rule, path, "use one of: "+strings.Join(allowed, ", "), "%s is %s", what, got)
		return false
	}
	return true
}

// text reports an error unless s has lo-hi characters, all printable.
func (v *validator) text(rule, path, what, s string, lo, hi int, multiline bool) {
	n := utf8.RuneCountInString(s)
	if n < lo || n > hi {
		hint := fmt.Sprintf("give %d to %d characters", lo, hi)
		if lo == 0 {
			hint = fmt.Sprintf("shorten it to at most %d characters", hi)
		}
		v.errorf(rule, path, hint, "%s has %d characters; allowed %d-%d", what, n, lo, hi)
		return
	}
	if lo > 0 && strings.TrimSpace(s) == "" {
		v.errorf(rule, path, "give it at least one visible character", "%s is blank", what)
		return
	}
	for _, r := range s {
		if multiline && (r == '\n' || r == '\t') {
			continue
		}
		if !unicode.IsPrint(r) && r != ' ' {
			v.errorf(rule, path, "remove control and invisible characters", "%s contains the unprintable character %U", what, r)
			return
		}
	}
}

func (v *validator) document() {
	d := v.d
	if d.Schema != Schema {
		v.errorf("R-DOC-01", "schema", "set \"schema\": 1", "schema is %d; this version of Slipway reads schema %d", d.Schema, Schema)
	}
	if d.Ruleset != RulesetMetaverse {
		v.errorf("R-DOC-01", "ruleset", "set \"ruleset\": \"metaverse\"", "ruleset %q is not supported; supported: metaverse", d.Ruleset)
	}
	if d.RulesVersion != RulesVersion {
		v.errorf("R-DOC-01", "rulesVersion", "set \"rulesVersion\": 1", "rules version %d is not supported; supported: %d", d.RulesVersion, RulesVersion)
	}
	v.text("R-DOC-02", "name", "the class name", d.Name, 1, 80, false)
	v.text("R-DOC-02", "description", "the description", d.Description, 0, 4000, true)
	if len(d.Tags) > 12 {
		v.errorf("R-DOC-02", "tags", "keep at most 12 tags", "%d tags; at most 12 allowed", len(d.Tags))
	}
	for i, t := range d.Tags {
		v.text("R-DOC-02", fmt.Sprintf("tags[%d]", i), "a tag", t, 1, 32, false)
	}
	v.text("R-DOC-02", "universe", "the universe", d.Universe, 0, 80, false)
	v.intRange("R-DOC-02", "scale", "scale (tons per hull hit)", d.Scale, 1, 1000000)
	v.intRange("R-DOC-03", "techLevel", "tech level", d.TechLevel, 1, 10)
	v.oneOf("R-DOC-03", "movement", "movement", d.Movement, MovementCinematic, MovementNewtonian)
	v.oneOf("R-DOC-03", "hull", "hull type", d.Hull, HullMetallic, HullTechnological, HullBiological)
	v.intRange("R-DOC-03", "crewQuality", "crew quality", d.CrewQuality, 1, 5)
	v.oneOf("R-DOC-03", "commandQuality", "command quality", string(d.CommandQuality), "D2", "D3", "D4", "D5", "D6")
	v.oneOf("R-DOC-03", "damageControl", "damage-control quality", string(d.DamageControl), "D4", "D5", "D6")
}

// count checks a count field: at least 1 (R-DOC-04), at most 999 (R-LIM-06).
func (v *validator) count(path string, n int) {
	switch {
	case n < 1:
		v.errorf("R-DOC-04", path, "use a count of 1 or more, or remove the entry", "count is %d; it must be at least 1", n)
	case n > 999:
		v.errorf("R-LIM-06", path, "split the entry or lower the count", "count is %d; at most 999 allowed", n)
	}
}

func (v *validator) limits() {
	total, systems := 0, 0
	for _, ns := range v.d.Sections.List() {
		h := ns.Section.HullHits()
		total += h
		systems += len(ns.Section.Systems)
		if h > 2000 {
			v.errorf("R-LIM-02", "sections."+string(ns.Name)+".layers", "move hull hits to other sections or remove some", "section %s has %d hull hits; at most 2,000 allowed", ns.Name, h)
		}
	}
	if total > 10000 {
		v.errorf("R-LIM-03", "sections", "remove hull hits", "the design has %d hull hits; at most 10,000 allowed", total)
	}
	if systems > 200 {
		v.errorf("R-LIM-04", "sections", "merge identical entries with count", "the design has %d system entries; at most 200 allowed", systems)
	}
	if n := len(v.d.Weapons); n > 100 {
		v.errorf("R-LIM-05", "weapons", "remove unused or duplicate definitions", "%d weapon definitions; at most 100 allowed", n)
	}
}
