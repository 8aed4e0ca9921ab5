package designer

import "github.com/slipway/slipway/ruleset"

// RuleInfo describes one construction rule: its stable id, severity and a
// one-line summary (ruleset.RuleInfo). Rules lists every rule validation
// can report.
type RuleInfo = ruleset.RuleInfo

// Rules is the table of every rule id, in documentation order. Tests check
// that each has a fixture in testdata/invalid that yields it alone.
var Rules = []RuleInfo{
	{ID: RuleJSONSyntax, Severity: Error, Summary: "the document is valid JSON in UTF-8, one object and nothing after it"},
	{ID: RuleJSONUnknown, Severity: Error, Summary: "only the fields of the document format appear"},
	{ID: RuleJSONType, Severity: Error, Summary: "every value has the type the format gives it"},
	{ID: RuleJSONDuplicate, Severity: Error, Summary: "no key appears twice in one object"},
	{ID: RuleLimitBody, Severity: Error, Summary: "the document is at most 1 MiB"},
	{ID: "R-LIM-02", Severity: Error, Summary: "at most 2,000 hull hits in one section"},
	{ID: "R-LIM-03", Severity: Error, Summary: "at most 10,000 hull hits in all"},
	{ID: "R-LIM-04", Severity: Error, Summary: "at most 200 system entries in all"},
	{ID: "R-LIM-05", Severity: Error, Summary: "at most 100 weapon definitions"},
	{ID: "R-LIM-06", Severity: Error, Summary: "every count, crew and marine number is at most 999"},
	{ID: RuleProblemCap, Severity: Error, Summary: "problems past the first 100 are counted, not listed (an error when any of them is)"},
	{ID: "R-DOC-01", Severity: Error, Summary: "schema 1, ruleset metaverse, rules version 1"},
	{ID: "R-DOC-02", Severity: Error, Summary: "name 1-80 printable characters; description, tags, universe, scale within limits"},
	{ID: "R-DOC-03", Severity: Error, Summary: "tech level 1-10, movement, hull, crew, command and damage-control qualities legal"},
	{ID: "R-DOC-04", Severity: Error, Summary: "every count is at least 1"},
	{ID: "R-SEC-01", Severity: Error, Summary: "the core section exists"},
	{ID: "R-SEC-02", Severity: Error, Summary: "every section has 1-5 hull layers of at least one hull hit, crew and marines not negative"},
	{ID: "R-SEC-03", Severity: Error, Summary: "armour, ablative plates and shields only on arcs the section faces"},
	{ID: "R-SEC-04", Severity: Error, Summary: "armour 0-5, ablative plates 0-5, shield hits not negative, known defence types"},
	{ID: "R-SEC-05", Severity: Error, Summary: "shield hits on an arc need a shield generator supporting that arc"},
	{ID: "R-SEC-06", Severity: Error, Summary: "life support is automatic and never entered"},
	{ID: "R-PRI-01", Severity: Error, Summary: "at least one bridge"},
	{ID: "R-PRI-02", Severity: Error, Summary: "a reactor in the core; reactor ratings are derived, never entered"},
	{ID: "R-PRO-01", Severity: Error, Summary: "primitive STL drives face fore, aft, port or starboard"},
	{ID: "R-PRO-02", Severity: Error, Summary: "basic STL drives name the axis foreAft or portStarboard"},
	{ID: "R-PRO-03", Severity: Error, Summary: "thrusters face port or starboard and sit in that side section, or in the core when it is absent"},
	{ID: "R-PRO-04", Severity: Error, Summary: "a cinematic ship can both accelerate and decelerate"},
	{ID: "R-PRO-05", Severity: Warning, Summary: "side-facing primitive and port-starboard basic drives do nothing for a cinematic ship"},
	{ID: "R-PRO-06", Severity: Warning, Summary: "a cinematic ship without thrusters or an advanced drive cannot turn"},
	{ID: "R-PRO-07", Severity: Error, Summary: "FTL drive ratings are 1-10"},
	{ID: "R-PRO-08", Severity: Warning, Summary: "a ship without an FTL drive needs a tow to join a pickup game"},
	{ID: "R-PRO-09", Severity: Warning, Summary: "rear sections accelerate and fore sections decelerate: a primitive drive facing against its section's end pushes nothing"},
	{ID: "R-EW-01", Severity: Error, Summary: "at least one sensor array, rating 1-20"},
	{ID: "R-EW-02", Severity: Error, Summary: "ratings of the electronic-warfare systems within their ranges"},
	{ID: "R-SECY-01", Severity: Error, Summary: "ratings of the secondary systems within their ranges"},
	{ID: "R-SECY-02", Severity: Error, Summary: "an energy grappler faces one arc that its section faces"},
	{ID: "R-SECY-03", Severity: Error, Summary: "a deflector names its type, and a core deflector an exposed arc"},
	{ID: "R-SECY-04", Severity: Error, Summary: "a ship with hangar bays has a starfighter operations centre"},
	{ID: "R-SECY-05", Severity: Warning, Summary: "a carrier needs an arc without kinetic shields to launch and recover squadrons"},
	{ID: "R-SYS-01", Severity: Error, Summary: "every system kind is in the catalogue"},
	{ID: "R-SYS-02", Severity: Error, Summary: "ratings of the other systems within their ranges; unrated systems take none"},
	{ID: "R-SYS-03", Severity: Error, Summary: "a system carries only the parameters its kind takes"},
	{ID: "R-WPN-01", Severity: Error, Summary: "every mount references an existing weapon definition"},
	{ID: "R-WPN-02", Severity: Error, Summary: "a mount has at least one sector; sectors are distinct values 0-7"},
	{ID: "R-WPN-03", Severity: Error, Summary: "an outboard mount does not fire into the opposite arc"},
	{ID: "R-WPN-04", Severity: Warning, Summary: "a weapon of range 0 cannot reach starships"},
	{ID: "R-WD-01", Severity: Warning, Summary: "an unstable weapon that cannot be intercepted gains nothing"},
	{ID: "R-WD-02", Severity: Error, Summary: "polarized (PO) only on indirect weapons"},
	{ID: "R-WD-03", Severity: Error, Summary: "weapon definition ids are present and unique"},
	{ID: "R-WD-04", Severity: Error, Summary: "weapon definition values within their ranges"},
	{ID: "R-WD-05", Severity: Error, Summary: "indirect weapons give indirectTurns 1-5; direct weapons give none"},
	{ID: "R-SF-01", Severity: Error, Summary: "squadron ids are present and unique"},
	{ID: "R-SF-02", Severity: Error, Summary: "squadron values within their ranges"},
	{ID: "R-SF-03", Severity: Error, Summary: "a squadron has 1-6 weapons with values within their ranges"},
	{ID: "R-SF-04", Severity: Error, Summary: "starfighter weapons are unlimited or one-shot, never limited"},
	{ID: "R-HB-01", Severity: Error, Summary: "hangar bay ids are present and unique"},
	{ID: "R-HB-02", Severity: Error, Summary: "a hangar bay launches 1-20 and holds at least its launch"},
	{ID: "R-HB-03", Severity: Error, Summary: "a hangar bay carries a non-empty list of defined squadrons"},
	{ID: "R-HB-04", Severity: Error, Summary: "a permanent loadout fits the bay's capacity and types"},
	{ID: "R-HB-05", Severity: Error, Summary: "every hangar mount references an existing hangar bay definition"},
	{ID: "R-TL-01", Severity: Error, Summary: "the tech level is at least the minimum the design's density needs"},
	{ID: "R-TL-02", Severity: Error, Summary: "the design's density needs no more than tech level 10"},
	{ID: "R-TIER-01", Severity: Error, Summary: "the design is within the requested tier limit"},
}

// Rule returns the RuleInfo for id, or nil.
func Rule(id string) *RuleInfo {
	return ruleset.FindRule(Rules, id)
}
