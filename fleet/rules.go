package fleet

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
)

// RuleInfo describes one fleet rule.
type RuleInfo struct {
	ID       string            `json:"id"`
	Severity designer.Severity `json:"severity"`
	Summary  string            `json:"summary"`
}

// Rule ids.
const (
	RuleDocument   = "F-DOC-01"
	RuleReferences = "F-DOC-02"
	RuleResolve    = "F-REF-01"
	RuleLimit      = "F-01"
	RuleTier       = "F-02"
	RuleCiC        = "F-03"
	RuleLevels     = "F-04"
	RuleUnled      = "F-05"
	RuleHangars    = "F-06"
	RuleTow        = "F-07"
	RuleDeployment = "F-08"
)

// Rules lists every fleet rule. A ship's own design problems keep their
// R-* ids, with paths under the ship.
var Rules = []RuleInfo{
	{RuleDocument, designer.Error, "schema 1, ruleset metaverse, rules version 1; name 1-80 printable characters; exactly one of a CV or points limit; tier limit 0-3; at most 500 ships and 200 squadron entries; counts and qualities in range"},
	{RuleReferences, designer.Error, "ship and squadron ids are 1-32 characters and unique; each ship names a design version or embeds a document, not both; the chain of command, tows, squadron assignments and the deployment name fleet ships"},
	{RuleResolve, designer.Error, "every referenced design version exists and the fleet's owner may read it (a published fleet: public designs, and its owner's own unlisted ones)"},
	{RuleLimit, designer.Error, "the fleet's points (or CV, for a CV limit) are within the limit"},
	{RuleTier, designer.Error, "every design is within the tier limit"},
	{RuleCiC, designer.Error, "a command ship has a CiC and commands at most the rating of its largest CiC in units (ships or sub-commanders)"},
	{RuleLevels, designer.Error, "levels squadron < wing < division < fleet, each sub-command one level below its commander, a ship in the chain once, exactly one flagship"},
	{RuleUnled, designer.Warning, "a ship outside the chain of command fights at crew quality - 1"},
	{RuleHangars, designer.Error, "hangar loadouts fit bay capacity and the bay's allowed types, and do not replace a loadout the design fixes; independent squadrons are FTL-capable and are assigned only to ships with an SoC"},
	{RuleTow, designer.Warning, "a ship without FTL is towed by a fleet ship with FTL and a free grappler of rating g, towedMF <= g x towerMF / 5; one grappler tows one ship"},
	{RuleDeployment, designer.Error, "a deployment names a known encounter, role and zones, places each ship once, and no zone holds more than its share of the fleet's CV"},
}

// RuleByID returns the rule with the given id, or nil.
func RuleByID(id string) *RuleInfo {
	for i := range Rules {
		if Rules[i].ID == id {
			return &Rules[i]
		}
	}
	return nil
}

// Facts are the ruleset's fleet facts, read from data/fleetrules.json:
// the table that says which kinds command, jump and tow, the command
// levels and the encounters. Nothing in this package names a system kind.
type Facts struct {
	Ruleset          string   `json:"ruleset"`
	Levels           []string `json:"levels"`
	CommandKinds     []string `json:"commandKinds"`
	FTLKinds         []string `json:"ftlKinds"`
	TowKinds         []string `json:"towKinds"`
	SoCKinds         []string `json:"socKinds"`
	TowDivisor       int      `json:"towDivisor"`
	UnledCrewPenalty int      `json:"unledCrewPenalty"`
	SquadronDefaults struct {
		CrewQuality    int          `json:"crewQuality"`
		CommandQuality designer.Die `json:"commandQuality"`
	} `json:"squadronDefaults"`
	BreachingByFTLFactor int         `json:"breachingByFTLFactor"`
	Encounters           []Encounter `json:"encounters"`
}

// Encounter is one encounter of the rulebook's encounter system: which
// initiative difference makes it available, and the zones of each side.
type Encounter struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	MinDifference int    `json:"minDifference"`
	Attacker      []Zone `json:"attacker"`
	Defender      []Zone `json:"defender"`
}

// Zone is a deployment zone and the most of the fleet's CV it may hold,
// in percent.
type Zone struct {
	Zone     string `json:"zone"`
	MaxShare int    `json:"maxShare"`
}

// Roles of a deployment.
const (
	RoleAttacker = "attacker"
	RoleDefender = "defender"
)

// Zones returns the zones of a role, or nil for an unknown role.
func (e *Encounter) Zones(role string) []Zone {
	switch role {
	case RoleAttacker:
		return e.Attacker
	case RoleDefender:
		return e.Defender
	}
	return nil
}

// Encounter returns the encounter with the given id, or nil.
func (f *Facts) Encounter(id string) *Encounter {
	for i := range f.Encounters {
		if f.Encounters[i].ID == id {
			return &f.Encounters[i]
		}
	}
	return nil
}

// Level returns the rank of a command level (squadron 0 ... fleet 3), or
// -1 for an unknown one.
func (f *Facts) Level(l string) int { return slices.Index(f.Levels, l) }

// MetaverseFacts returns the embedded Metaverse fleet facts.
func MetaverseFacts() *Facts { return builtin }

var builtin = mustFacts(data.FleetRulesJSON())

func mustFacts(b []byte) *Facts {
	var f Facts
	if err := json.Unmarshal(b, &f); err != nil {
		panic(fmt.Sprintf("fleet: data/fleetrules.json: %v", err))
	}
	if len(f.Levels) == 0 || f.TowDivisor <= 0 || len(f.Encounters) == 0 {
		panic("fleet: data/fleetrules.json: levels, towDivisor and encounters are required")
	}
	return &f
}
