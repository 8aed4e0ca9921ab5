package d6ship

import "github.com/slipway/slipway/ruleset"

// Rule ids of the stat block (docs/d6ship.md).
const (
	RuleText    = "D6-DOC-01"
	RuleClass   = "D6-CLASS-01"
	RuleCrew    = "D6-CREW-01"
	RuleStat    = "D6-STAT-01"
	RuleSoak    = "D6-SOAK-01"
	RulePD      = "D6-PD-01"
	RuleFighter = "D6-FTR-01"
	RuleType    = "D6-WPN-01"
	RuleWeapon  = "D6-WPN-02"
	RuleArc     = "D6-ARC-01"
	RuleBank    = "D6-BANK-01"
	RuleOffline = "D6-CPU-01"
	RulePDBonus = "D6-PD-02"
)

// shipRules is every rule a stat block can report, in documentation
// order: the shared structural and envelope rules, then the chapter's.
// Each has a fixture in testdata/d6ship/invalid that yields it alone.
var shipRules = []ruleset.RuleInfo{
	{ID: ruleset.RuleJSONSyntax, Severity: ruleset.Error, Summary: "the document is valid JSON in UTF-8, one object and nothing after it"},
	{ID: ruleset.RuleJSONUnknown, Severity: ruleset.Error, Summary: "only the fields of the document format appear"},
	{ID: ruleset.RuleJSONType, Severity: ruleset.Error, Summary: "every value has the type the format gives it"},
	{ID: ruleset.RuleJSONDuplicate, Severity: ruleset.Error, Summary: "no key appears twice in one object"},
	{ID: ruleset.RuleLimitBody, Severity: ruleset.Error, Summary: "the document is at most 1 MiB"},
	{ID: ruleset.RuleProblemCap, Severity: ruleset.Error, Summary: "problems past the first 100 are counted, not listed (an error when any of them is)"},
	{ID: ruleset.RuleDocument, Severity: ruleset.Error, Summary: "schema 1, ruleset d6ship, rules version 1"},
	{ID: RuleText, Severity: ruleset.Error, Summary: "name 1-80 printable characters; description at most 4,000; at most 12 tags of 1-32; universe at most 80; a weapon's name 1-60"},
	{ID: RuleClass, Severity: ruleset.Error, Summary: "the class is a Roman numeral in its usual form, from I to XXX (the chapter's classes run from Class I to Class 30)"},
	{ID: RuleCrew, Severity: ruleset.Error, Summary: "the crew rating is poor (3d6), standard (4d6), experienced (5d6), veteran (6d6) or elite (7d6)"},
	{ID: RuleStat, Severity: ruleset.Error, Summary: "SPEED, DEFENSE, E-DEFENSE, armour, CPU and power are whole numbers 0-999; SUPERSTRUCTURE is 1-999"},
	{ID: RuleSoak, Severity: ruleset.Error, Summary: "each of the four shield arcs (forward, port, starboard, aft) has its own SOAK, 0-999"},
	{ID: RulePD, Severity: ruleset.Error, Summary: "the point-defence aura's range and DEFENSE bonus are 0-99, and a bonus needs an aura"},
	{ID: RuleFighter, Severity: ruleset.Error, Summary: "0-99 fighter squadrons; squadrons carried have 1-99 fighters each, and fighters need a squadron"},
	{ID: RuleType, Severity: ruleset.Error, Summary: "every weapon is a missile, energy, ion or ballistic weapon"},
	{ID: RuleWeapon, Severity: ruleset.Error, Summary: "every weapon rolls 1-99 dice of damage and has a range increment of 1-999 hexes; at most 100 weapons"},
	{ID: RuleArc, Severity: ruleset.Error, Summary: "every weapon fires through at least one arc, each of them forward, port, starboard or aft, none twice"},
	{ID: RuleBank, Severity: ruleset.Error, Summary: "a bank or array holds 2-99 weapons; a single weapon gives no bank size"},
	{ID: RuleOffline, Severity: ruleset.Warning, Summary: "a ship of 0 CPU is offline: its computer is shut down until repaired"},
	{ID: RulePDBonus, Severity: ruleset.Warning, Summary: "a point-defence aura grants a DEFENSE bonus against missiles and fighters whose size the chapter does not give: the table enters its own"},
}

// Rules lists every rule a stat block can report, in documentation order.
// The slice is a copy.
func (r *Ruleset) Rules() []ruleset.RuleInfo { return append([]ruleset.RuleInfo(nil), shipRules...) }

func shipRule(id string) *ruleset.RuleInfo {
	return ruleset.FindRule(shipRules, id)
}
