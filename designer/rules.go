package designer

// RuleInfo describes one construction rule: its stable id, severity and a
// one-line summary. Rules lists every rule validation can report.
type RuleInfo struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	Summary  string   `json:"summary"`
}

// Rules is the table of every rule id, in documentation order. Tests check
// that each has a fixture in testdata/invalid that yields it alone.
var Rules = []RuleInfo{
	{RuleJSONSyntax, Error, "the document is valid JSON in UTF-8, one object and nothing after it"},
	{RuleJSONUnknown, Error, "only the fields of the document format appear"},
	{RuleJSONType, Error, "every value has the type the format gives it"},
	{RuleJSONDuplicate, Error, "no key appears twice in one object"},
	{RuleLimitBody, Error, "the document is at most 1 MiB"},
	{"R-LIM-02", Error, "at most 2,000 hull hits in one section"},
	{"R-LIM-03", Error, "at most 10,000 hull hits in all"},
	{"R-LIM-04", Error, "at most 200 system entries in all"},
	{"R-LIM-05", Error, "at most 100 weapon definitions"},
	{"R-LIM-06", Error, "every count, crew and marine number is at most 999"},
	{RuleProblemCap, Error, "problems past the first 100 are counted, not listed (an error when any of them is)"},
	{"R-DOC-01", Error, "schema 1, ruleset metaverse, rules version 1"},
	{"R-DOC-02", Error, "name 1-80 printable characters; description, tags, universe, scale within limits"},
	{"R-DOC-03", Error, "tech level 1-10, movement, hull, crew, command and damage-control qualities legal"},
	{"R-DOC-04", Error, "every count is at least 1"},
	{"R-SEC-01", Error, "the core section exists"},
	{"R-SEC-02", Error, "every section has 1-5 hull layers of at least one hull hit, crew and marines not negative"},
	{"R-SEC-03", Error, "armour, ablative plates and shields only on arcs the section faces"},
	{"R-SEC-04", Error, "armour 0-5, ablative plates 0-5, shield hits not negative, known defence types"},
	{"R-SEC-05", Error, "shield hits on an arc need a shield generator supporting that arc"},
	{"R-SEC-06", Error, "life support is automatic and never entered"},
	{"R-PRI-01", Error, "at least one bridge"},
	{"R-PRI-02", Error, "a reactor in the core; reactor ratings are derived, never entered"},
	{"R-PRO-01", Error, "primitive STL drives face fore, aft, port or starboard"},
	{"R-PRO-02", Error, "basic STL drives name the axis foreAft or portStarboard"},
	{"R-PRO-03", Error, "thrusters face port or starboard and sit in that side section, or in the core when it is absent"},
	{"R-PRO-04", Error, "a cinematic ship can both accelerate and decelerate"},
	{"R-PRO-05", Warning, "side-facing primitive and port-starboard basic drives do nothing for a cinematic ship"},
	{"R-PRO-06", Warning, "a cinematic ship without thrusters or an advanced drive cannot turn"},
	{"R-PRO-07", Error, "FTL drive ratings are 1-10"},
	{"R-PRO-08", Warning, "a ship without an FTL drive needs a tow to join a pickup game"},
	{"R-PRO-09", Warning, "rear sections accelerate and fore sections decelerate: a primitive drive facing against its section's end pushes nothing"},
	{"R-EW-01", Error, "at least one sensor array, rating 1-20"},
	{"R-EW-02", Error, "ratings of the electronic-warfare systems within their ranges"},
	{"R-SECY-01", Error, "ratings of the secondary systems within their ranges"},
	{"R-SECY-02", Error, "an energy grappler faces one arc that its section faces"},
	{"R-SECY-03", Error, "a deflector names its type, and a core deflector an exposed arc"},
	{"R-SECY-04", Error, "a ship with hangar bays has a starfighter operations centre"},
	{"R-SECY-05", Warning, "a carrier needs an arc without kinetic shields to launch and recover squadrons"},
	{"R-SYS-01", Error, "every system kind is in the catalogue"},
	{"R-SYS-02", Error, "ratings of the other systems within their ranges; unrated systems take none"},
	{"R-SYS-03", Error, "a system carries only the parameters its kind takes"},
	{"R-WPN-01", Error, "every mount references an existing weapon definition"},
	{"R-WPN-02", Error, "a mount has at least one sector; sectors are distinct values 0-7"},
	{"R-WPN-03", Error, "an outboard mount does not fire into the opposite arc"},
	{"R-WPN-04", Warning, "a weapon of range 0 cannot reach starships"},
	{"R-WD-01", Warning, "an unstable weapon that cannot be intercepted gains nothing"},
	{"R-WD-02", Error, "polarized (PO) only on indirect weapons"},
	{"R-WD-03", Error, "weapon definition ids are present and unique"},
	{"R-WD-04", Error, "weapon definition values within their ranges"},
	{"R-WD-05", Error, "indirect weapons give indirectTurns 1-5; direct weapons give none"},
	{"R-SF-01", Error, "squadron ids are present and unique"},
	{"R-SF-02", Error, "squadron values within their ranges"},
	{"R-SF-03", Error, "a squadron has 1-6 weapons with values within their ranges"},
	{"R-SF-04", Error, "starfighter weapons are unlimited or one-shot, never limited"},
	{"R-HB-01", Error, "hangar bay ids are present and unique"},
	{"R-HB-02", Error, "a hangar bay launches 1-20 and holds at least its launch"},
	{"R-HB-03", Error, "a hangar bay carries a non-empty list of defined squadrons"},
	{"R-HB-04", Error, "a permanent loadout fits the bay's capacity and types"},
	{"R-HB-05", Error, "every hangar mount references an existing hangar bay definition"},
	{"R-TL-01", Error, "the tech level is at least the minimum the design's density needs"},
	{"R-TL-02", Error, "the design's density needs no more than tech level 10"},
	{"R-TIER-01", Error, "the design is within the requested tier limit"},
}

// Rule returns the RuleInfo for id, or nil.
func Rule(id string) *RuleInfo {
	for i := range Rules {
		if Rules[i].ID == id {
			return &Rules[i]
		}
	}
	return nil
}
