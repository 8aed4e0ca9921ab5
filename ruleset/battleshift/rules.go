package battleshift

import "github.com/slipway/slipway/ruleset"

// Rule ids of the ship class (spec §4).
const (
	RuleText        = "BS-DOC-01"
	RuleSize        = "BS-DOC-02"
	RuleFaction     = "BS-DOC-03"
	RuleCounts      = "BS-DOC-04"
	RuleKind        = "BS-SYS-01"
	RuleOnce        = "BS-SYS-02"
	RuleNotTogether = "BS-SYS-03"
	RulePay         = "BS-PAY-01"
	RuleDestroyer   = "BS-SIZE-01"
	RuleMinSize     = "BS-SIZE-02"
	RuleBuiltIn     = "BS-SIZE-03"
	RuleSpace       = "BS-SPACE-01"
	RuleSpaceAdvice = "BS-SPACE-02"
	RuleFactionKind = "BS-FAC-01"
	RuleExperiment  = "BS-EXP-01"
)

// MaxSystems is the most system entries a class may have (BS-DOC-04).
// Past it, entries are priced but not checked one by one, so that a
// document of thousands of bad entries cannot turn into as many problems.
const MaxSystems = 100

// classRules is the table of every rule a ship class can report, in
// documentation order: the shared structural and envelope rules, then
// Battleshift's own. Each BS error has a fixture in
// testdata/battleshift/invalid that yields it alone.
var classRules = []ruleset.RuleInfo{
	{ID: ruleset.RuleJSONSyntax, Severity: ruleset.Error, Summary: "the document is valid JSON in UTF-8, one object and nothing after it"},
	{ID: ruleset.RuleJSONUnknown, Severity: ruleset.Error, Summary: "only the fields of the document format appear"},
	{ID: ruleset.RuleJSONType, Severity: ruleset.Error, Summary: "every value has the type the format gives it"},
	{ID: ruleset.RuleJSONDuplicate, Severity: ruleset.Error, Summary: "no key appears twice in one object"},
	{ID: ruleset.RuleLimitBody, Severity: ruleset.Error, Summary: "the document is at most 1 MiB"},
	{ID: ruleset.RuleProblemCap, Severity: ruleset.Error, Summary: "problems past the first 100 are counted, not listed (an error when any of them is)"},
	{ID: ruleset.RuleDocument, Severity: ruleset.Error, Summary: "schema 1, ruleset battleshift, rules version 1"},
	{ID: RuleText, Severity: ruleset.Error, Summary: "name 1-80 printable characters; description at most 4,000; at most 12 tags of 1-32; universe at most 80"},
	{ID: RuleSize, Severity: ruleset.Error, Summary: "size is a whole number 1-21 (a squadron holds at most 21 size units, so a bigger ship could never be fielded)"},
	{ID: RuleFaction, Severity: ruleset.Error, Summary: "faction, when given, is bionid or raishek"},
	{ID: RuleCounts, Severity: ruleset.Error, Summary: "every count is 1-999; at most 100 system entries"},
	{ID: RuleKind, Severity: ruleset.Error, Summary: "every system kind is in the Battleshift catalogue"},
	{ID: RuleOnce, Severity: ruleset.Error, Summary: "once-only kinds (fast and slow drives, reinforced, hardened and flimsy hulls, weak and no shields, engulfing) appear once, with count 1"},
	{ID: RuleNotTogether, Severity: ruleset.Error, Summary: "not together: fast and slow drives; weak shields and no shields; hardened and flimsy hulls"},
	{ID: RulePay, Severity: ruleset.Error, Summary: "an either-or kind (extra shield, fast drives, engulfing, repair system) names pay space or cost; any other kind names none"},
	{ID: RuleDestroyer, Severity: ruleset.Error, Summary: "a destroyer (size 1) arms only light batteries and interceptors"},
	{ID: RuleMinSize, Severity: ruleset.Error, Summary: "a super heavy battery needs size 3 or more"},
	{ID: RuleBuiltIn, Severity: ruleset.Error, Summary: "a destroyer (size 1) has fast drives built in and buys none"},
	{ID: RuleSpace, Severity: ruleset.Error, Summary: "the systems paid in space fit the ship's space units (2 × size + extra space units + the slow-drive bonus)"},
	{ID: RuleSpaceAdvice, Severity: ruleset.Warning, Summary: "advice: an either-or system is paid in points while enough space is free to hold it"},
	{ID: RuleFactionKind, Severity: ruleset.Error, Summary: "faction traits present: Bionid ships have no shields and a hardened hull, Raishek ships a reinforced hull"},
	{ID: RuleExperiment, Severity: ruleset.Warning, Summary: "the class uses experimental systems (super heavy battery, ion beam, heavy ion beam, assault unit, engulfing); a fleet must allow them (BS-FL-02)"},
}

// Rules lists every rule a ship class can report, in documentation order
// (the fleet rules are FleetRules'). The slice is a copy.
func (r *Ruleset) Rules() []ruleset.RuleInfo { return append([]ruleset.RuleInfo(nil), classRules...) }

// classRule returns the rule id, or nil.
func classRule(id string) *ruleset.RuleInfo {
	return ruleset.FindRule(classRules, id)
}
