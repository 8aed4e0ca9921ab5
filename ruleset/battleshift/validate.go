package battleshift

import (
	"fmt"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// validator collects a class's problems in document order: the envelope
// and the class's own fields, then the systems entry by entry, then the
// rules over the whole ship (space, faction, experimental systems).
type validator struct {
	*evaluation
	out ruleset.Problems
}

// add reports a problem at a path; its message names the place as the
// form labels it (Place) before what is wrong there.
func (v *validator) add(sev ruleset.Severity, rule string, at *ruleset.Loc, hint, format string, args ...any) {
	p := at.String()
	v.out = append(v.out, ruleset.Problem{Rule: rule, Severity: sev, Path: p, Message: ruleset.Sentence(v.cat.Place(v.c, p), fmt.Sprintf(format, args...)), Hint: hint})
}

func (v *validator) errorf(rule string, at *ruleset.Loc, hint, format string, args ...any) {
	v.add(ruleset.Error, rule, at, hint, format, args...)
}

func (v *validator) warnf(rule string, at *ruleset.Loc, hint, format string, args ...any) {
	v.add(ruleset.Warning, rule, at, hint, format, args...)
}

// validate checks the class against every rule of spec §4 and returns
// its problems, never nil.
func (ev *evaluation) validate() ruleset.Problems {
	v := &validator{evaluation: ev, out: ruleset.Problems{}}
	v.envelope()
	v.texts()
	v.faction()
	v.size()
	v.systems()
	v.space()
	v.factionTraits()
	v.experimental()
	return v.out
}

func (v *validator) envelope() {
	c := v.c
	if c.Schema != ruleset.Schema {
		v.errorf(ruleset.RuleDocument, ruleset.Root("schema"), fmt.Sprintf("save the class again from Slipway, which writes format %d", ruleset.Schema),
			"the file is in format %d; this version of Slipway reads format %d", c.Schema, ruleset.Schema)
	}
	if c.Ruleset != ID {
		v.errorf(ruleset.RuleDocument, ruleset.Root("ruleset"), "open it as a design of the game it was made for, or start a Battleshift ship class",
			"the design is not a Battleshift ship class")
	}
	if c.RulesVersion != RulesVersion {
		v.errorf(ruleset.RuleDocument, ruleset.Root("rulesVersion"), fmt.Sprintf("save the class again from Slipway, which writes rules version %d", RulesVersion),
			"the class follows rules version %d; Slipway reads version %d", c.RulesVersion, RulesVersion)
	}
}

// text reports BS-DOC-01 unless s has lo-hi characters, all printable
// (line breaks and tabs too when multiline), and not blank when required.
func (v *validator) text(at *ruleset.Loc, what, s string, lo, hi int, multiline bool) {
	if problem, fix := ruleset.CheckText(s, lo, hi, multiline); problem != "" {
		v.errorf(RuleText, at, fix, "%s", problem)
	}
}

func (v *validator) texts() {
	c := v.c
	v.text(ruleset.Root("name"), "the class name", c.Name, 1, 80, false)
	v.text(ruleset.Root("description"), "the description", c.Description, 0, 4000, true)
	if len(c.Tags) > 12 {
		v.errorf(RuleText, ruleset.Root("tags"), "keep at most 12 tags", "there are %s; at most 12 are allowed", plural(len(c.Tags), "tag"))
	}
	for i, t := range c.Tags {
		v.text(ruleset.Root("tags").Idx(i), "a tag", t, 1, 32, false)
	}
	v.text(ruleset.Root("universe"), "the universe", c.Universe, 0, 80, false)
}

func (v *validator) faction() {
	f := v.c.Faction
	if f == "" || v.cat.Faction(f) != nil {
		return
	}
	names := make([]string, len(v.cat.Factions))
	for i, x := range v.cat.Factions {
		names[i] = x.Name
	}
	v.errorf(RuleFaction, ruleset.Root("faction"), "choose "+ruleset.List(names, "or")+", or Generic for a ship of no faction",
		"%s is not a Battleshift faction", quoted(f))
}

func (v *validator) size() {
	size, hi := v.c.Size, v.cat.MaxSize()
	if size >= 1 && size <= hi {
		return
	}
	v.errorf(RuleSize, ruleset.Root("size"),
		fmt.Sprintf("use a whole number from 1 (a %s) to %d (a %s)", v.cat.Sizes[0].ClassName, hi, v.cat.Sizes[len(v.cat.Sizes)-1].ClassName),
		"%d is not allowed; a ship is size 1 to %d, since a squadron holds at most %d size units and a bigger ship could never be fielded",
		size, hi, v.cat.Squadron.MaxSizeUnits)
}

// systems checks every entry, up to MaxSystems of them.
func (v *validator) systems() {
	c := v.c
	if n := len(c.Systems); n > MaxSystems {
		v.errorf(RuleCounts, ruleset.Root("systems"), "merge systems of one kind into one with a count; systems past the first 100 are not checked",
			"the class has %s; at most %d are allowed", ruleset.Count(n, "system entry", "system entries"), MaxSystems)
	}
	for i := range c.Systems[:min(len(c.Systems), MaxSystems)] {
		v.system(i)
	}
}

func (v *validator) system(i int) {
	s, e := &v.c.Systems[i], &v.entries[i]
	at := ruleset.Root("systems").Idx(i)
	switch {
	case s.Count < 1:
		v.errorf(RuleCounts, at.Key("count"), "use a count of 1 or more, or remove the system", "%d is not allowed; the count must be at least 1", s.Count)
	case s.Count > 999:
		v.errorf(RuleCounts, at.Key("count"), "split the system into two or lower the count", "%s is too many; the count is at most 999", thousands(s.Count))
	}
	k := e.kind
	if k == nil {
		v.unknownKind(at.Key("kind"), s.Kind)
		return
	}
	v.pay(at, s, k)
	v.once(i, at, s, k)
	v.notTogether(i, at, k)
	v.sizeLimits(at, s, k)
}

// unknownKind reports BS-SYS-01, suggesting the kind a near spelling
// meant.
func (v *validator) unknownKind(at *ruleset.Loc, kind string) {
	squash := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "")) }
	for i := range v.cat.Kinds {
		k := &v.cat.Kinds[i]
		if kind != "" && (squash(kind) == squash(k.Kind) || squash(kind) == squash(k.Name) || squash(kind) == squash(k.Plural)) {
			v.errorf(RuleKind, at, "choose "+k.Name+" from the list of systems", "there is no system %s in Battleshift", quoted(kind))
			return
		}
	}
	if kind == "" {
		v.errorf(RuleKind, at, "choose a system from the list", "no system is chosen")
		return
	}
	v.errorf(RuleKind, at, "choose a system from the list", "there is no system %s in Battleshift", quoted(kind))
}

// pay checks BS-PAY-01: an either-or kind names space or cost, any other
// kind names nothing.
func (v *validator) pay(at *ruleset.Loc, s *System, k *Kind) {
	size := v.c.Size
	if k.Either() {
		if s.Pay == PaySpace || s.Pay == PayCost {
			return
		}
		space, pts := smul(max(s.Count, 1), k.Space.At(size)), smul(max(s.Count, 1), k.Points.At(size))
		hint := fmt.Sprintf(`set Pay with to Space units (%s) or Points (%s)`, units(space), signed(pts))
		if s.Pay == "" {
			v.errorf(RulePay, at.Key("pay"), hint, "%s %s paid either in space or in points, and the row does not say which", k.words(0), k.are(0))
			return
		}
		v.errorf(RulePay, at.Key("pay"), hint, `%s is not a choice; %s %s paid in space units or points`, quoted(s.Pay), k.words(0), k.are(0))
		return
	}
	if s.Pay == "" {
		return
	}
	var how string
	switch k.Payment {
	case PaymentSpace:
		how = "take" + k.verbS(0) + " space only"
	case PaymentPoints:
		how = k.are(0) + " paid in points only"
	case PaymentBoth:
		how = "take" + k.verbS(0) + " both space and points"
	default:
		how = "cost" + k.verbS(0) + " neither space nor points"
	}
	v.errorf(RulePay, at.Key("pay"), "clear Pay with", `%s %s, so the row takes no choice of pay`, k.words(0), how)
}

// once checks BS-SYS-02 for a once-only kind: the first entry of the kind
// only, with count 1.
func (v *validator) once(i int, at *ruleset.Loc, s *System, k *Kind) {
	if !k.Limits.Once {
		return
	}
	for j := range i {
		if v.entries[j].kind == k {
			v.errorf(RuleOnce, at.Key("kind"), "remove this system",
				"%s appear%s a second time (first as system %d); a ship has %s once", k.words(0), k.verbS(0), j+1, k.them(0))
			return
		}
	}
	if s.Count > 1 {
		v.errorf(RuleOnce, at.Key("count"), "set the count to 1",
			"the count is %d, but a ship has %s once", s.Count, k.words(0))
	}
}

// notTogether checks BS-SYS-03 at the later of two entries that cannot go
// together.
func (v *validator) notTogether(i int, at *ruleset.Loc, k *Kind) {
	for _, p := range k.Limits.NotWith {
		for j := range i {
			if q := v.entries[j].kind; q != nil && q.Kind == p {
				v.errorf(RuleNotTogether, at.Key("kind"), "remove one of the two",
					"%s cannot go with %s, system %d", k.words(0), q.words(0), j+1)
				return
			}
		}
	}
}

// sizeLimits checks BS-SIZE-01..03.
func (v *validator) sizeLimits(at *ruleset.Loc, s *System, k *Kind) {
	size := v.c.Size
	if size == 1 {
		switch k.Limits.Size1 {
		case Size1Refused:
			v.errorf(RuleDestroyer, at.Key("kind"), fmt.Sprintf("remove this system, or make the ship size %d or more", max(2, k.Limits.MinSize)),
				"a destroyer (size 1) arms only %s, so it cannot carry %s", v.destroyerArms(), k.all())
		case Size1BuiltIn:
			v.errorf(RuleBuiltIn, at.Key("kind"), "remove this system",
				"a destroyer (size 1) has %s built in (its %d-inch move) and buys none", k.all(), v.cat.Sizes[0].Move)
		}
		if k.Limits.Size1 != Size1Allowed {
			return
		}
	}
	if size >= 1 && size < k.Limits.MinSize {
		v.errorf(RuleMinSize, at.Key("kind"), fmt.Sprintf("make the ship size %d or more, or remove this system", k.Limits.MinSize),
			"%s need a ship of size %d or more; %s is size %d", k.all(), k.Limits.MinSize, v.words, size)
	}
}

// destroyerArms lists the weapons a destroyer may carry: "light
// batteries and interceptors".
func (v *validator) destroyerArms() string {
	var w []string
	for i := range v.cat.Kinds {
		if k := &v.cat.Kinds[i]; k.Weapon != nil && k.Limits.Size1 == Size1Allowed {
			w = append(w, strings.ToLower(k.Plural))
		}
	}
	return ruleset.List(w, "and")
}

// space checks BS-SPACE-01 and gives the BS-SPACE-02 advice.
func (v *validator) space() {
	res := v.res
	if res.SpaceUsed > res.Space {
		v.overfull()
	}
	free := res.Space - res.SpaceUsed
	size := v.c.Size
	for i := range v.c.Systems[:min(len(v.c.Systems), MaxSystems)] {
		e, s := &v.entries[i], &v.c.Systems[i]
		if e.kind == nil || !e.kind.Either() || e.pay != PayCost || s.Pay != PayCost || s.Count < 1 {
			continue
		}
		unit, price := e.kind.Space.At(size), e.kind.Points.At(size)
		if unit < 1 || price < 1 || free < unit {
			continue
		}
		n := min(s.Count, free/unit)
		at := ruleset.Root("systems").Idx(i).Key("pay")
		if n == s.Count {
			v.warnf(RuleSpaceAdvice, at, fmt.Sprintf(`pay with space units to save %s`, points(smul(n, price))),
				"%s %s paid in points (%s) while %s %s free to hold %s", e.kind.words(s.Count), e.kind.are(s.Count), signed(e.points),
				units(free), are(free), e.kind.them(s.Count))
			continue
		}
		v.warnf(RuleSpaceAdvice, at, fmt.Sprintf(`split the row in two: %d paid with space units saves %s`, n, points(smul(n, price))),
			"%s %s paid in points (%s) while %s %s free to hold %d of them", e.kind.words(s.Count), e.kind.are(s.Count), signed(e.points),
			units(free), are(free), n)
	}
}

// overfull reports BS-SPACE-01 with the ways out: remove systems, pay an
// either-or system in points instead, or buy space.
func (v *validator) overfull() {
	res, size := v.res, v.c.Size
	over := res.SpaceUsed - res.Space
	ways := []string{"remove " + units(over) + " of systems"}
	// The either-or entry paid in space that frees enough room for the
	// fewest points.
	best, bestPts := -1, 0
	for i := range v.c.Systems {
		e := &v.entries[i]
		if e.kind == nil || !e.kind.Either() || e.pay != PaySpace || e.space < over {
			continue
		}
		pts := smul(v.c.Systems[i].Count, e.kind.Points.At(size))
		if best < 0 || pts < bestPts {
			best, bestPts = i, pts
		}
	}
	if best >= 0 {
		ways = append(ways, fmt.Sprintf("pay %s in points (%s)", v.entries[best].kind.words(0), signed(bestPts)))
	}
	// Space bought with points.
	for i := range v.cat.Kinds {
		k := &v.cat.Kinds[i]
		per := k.Gives.Space.At(size)
		if k.Payment != PaymentPoints || k.Limits.Once || per < 1 {
			continue
		}
		n := ceilDiv(over, per)
		ways = append(ways, fmt.Sprintf("buy %s (%s)", k.words(n), signed(smul(n, k.Points.At(size)))))
	}
	v.errorf(RuleSpace, ruleset.Root("systems"), choices(ways),
		"%s uses %d of its %s", v.words, res.SpaceUsed, units(res.Space))
}

// factionTraits checks BS-FAC-01: a faction's ships carry its kinds.
func (v *validator) factionTraits() {
	f := v.cat.Faction(v.c.Faction)
	if f == nil {
		return
	}
	var missing, need []string
	for _, r := range f.Requires {
		k := v.cat.Kind(r)
		need = append(need, k.Name)
		found := false
		for i := range v.entries {
			found = found || v.entries[i].kind == k
		}
		if !found {
			missing = append(missing, k.Name)
		}
	}
	if len(missing) == 0 {
		return
	}
	lacks := "lacks " + ruleset.List(missing, "and")
	switch {
	case len(missing) < len(need):
	case len(need) == 1:
		lacks = "does not"
	case len(need) == 2:
		lacks = "carries neither"
	default:
		lacks = "carries none of them"
	}
	v.errorf(RuleFactionKind, ruleset.Root("faction"), "add "+ruleset.List(missing, "and")+" to the systems, or change the faction",
		"%s ships carry %s, and this one %s", f.Name, ruleset.List(need, "and"), lacks)
}

// experimental gives the BS-EXP-01 warning, naming the experimental
// systems.
func (v *validator) experimental() {
	if !v.res.Experimental {
		return
	}
	var names []string
	for i := range v.cat.Kinds {
		k := &v.cat.Kinds[i]
		if !k.Limits.Experimental {
			continue
		}
		for j := range v.entries {
			if v.entries[j].kind == k {
				names = append(names, strings.ToLower(k.Plural))
				break
			}
		}
	}
	v.warnf(RuleExperiment, ruleset.Root("systems"), "a fleet fields it only when the players agree to allow experimental systems",
		"%s uses experimental systems: %s", v.words, ruleset.List(names, "and"))
}

// quoted writes a value a player typed inside a sentence, in
// typographic quotes.
func quoted(s string) string { return "‘" + s + "’" }

// are is "is" for one, else "are".
func are(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// plural writes n things: "1 character", "81 characters".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return thousands(n) + " " + thing + "s"
}

// thousands writes n with thousands separators: 4,000.
func thousands(n int) string {
	s := itoa(abs(n))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if n < 0 {
		return "−" + s
	}
	return s
}
