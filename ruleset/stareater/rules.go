package stareater

import "github.com/slipway/slipway/ruleset"

// Rule ids of Star Eater's documents (docs/stareater.md).
const (
	RuleText      = "SE-DOC-01"
	RuleKind      = "SE-KIND-01"
	RuleFaction   = "SE-FAC-01"
	RuleShip      = "SE-SHIP-01"
	RuleSlots     = "SE-SLOT-01"
	RuleSlotType  = "SE-SLOT-02"
	RuleSpecial   = "SE-SPEC-01"
	RuleDeck      = "SE-FAC-02"
	RuleCorvettes = "SE-CORV-01"
	RuleCopies    = "SE-COPY-01"
	RuleSetRef    = "SE-SET-01"
	RuleSet       = "SE-SET-02"
	RuleTeam      = "SE-TEAM-01"
	RuleTeamDeck  = "SE-COPY-02"
	RuleUnread    = "SE-SET-03"
)

// Bounds of the documents.
const (
	MaxStat       = 99  // a card's or ship's number
	MaxCards      = 300 // cards in one card set
	MaxComponents = 12  // component rows in one loadout
	MaxCorvettes  = 12  // corvette rows in one loadout
	Corvettes     = 4   // corvettes a ship carries
	TeamSize      = 2   // loadouts in a 2v2 team
)

var rules = []ruleset.RuleInfo{
	{ID: ruleset.RuleJSONSyntax, Severity: ruleset.Error, Summary: "the document is valid JSON in UTF-8, one object and nothing after it"},
	{ID: ruleset.RuleJSONUnknown, Severity: ruleset.Error, Summary: "only the fields of the document's kind appear"},
	{ID: ruleset.RuleJSONType, Severity: ruleset.Error, Summary: "every value has the type the format gives it"},
	{ID: ruleset.RuleJSONDuplicate, Severity: ruleset.Error, Summary: "no key appears twice in one object"},
	{ID: ruleset.RuleLimitBody, Severity: ruleset.Error, Summary: "the document is at most 1 MiB"},
	{ID: ruleset.RuleProblemCap, Severity: ruleset.Error, Summary: "problems past the first 100 are counted, not listed (an error when any of them is)"},
	{ID: ruleset.RuleDocument, Severity: ruleset.Error, Summary: "schema 1, ruleset stareater, rules version 1"},
	{ID: RuleText, Severity: ruleset.Error, Summary: "name 1-80 printable characters; description at most 4,000; at most 12 tags of 1-32; universe at most 80; a teammate's and a card's name 1-60, an effect at most 500"},
	{ID: RuleKind, Severity: ruleset.Error, Summary: "the document is a loadout, a card set or a 2v2 team"},
	{ID: RuleFaction, Severity: ruleset.Error, Summary: "the faction is Lamais, FPA or Uniset"},
	{ID: RuleShip, Severity: ruleset.Error, Summary: "the Capital Ship is one of the catalogue's, of the loadout's faction"},
	{ID: RuleSlots, Severity: ruleset.Error, Summary: "the component slots are the hull's: as many Main Weapons and Broadsides as it has, exactly one Point Defence and one Hangar"},
	{ID: RuleSlotType, Severity: ruleset.Error, Summary: "every component card is a card of the deck and fits its slot (a main weapon on the Main Weapon slot, …)"},
	{ID: RuleSpecial, Severity: ruleset.Error, Summary: "the Special is the hull's own, printed on its Armour Mat: a loadout does not choose it"},
	{ID: RuleDeck, Severity: ruleset.Error, Summary: "every component and corvette comes from the decks of the ship's faction"},
	{ID: RuleCorvettes, Severity: ruleset.Error, Summary: "exactly four corvettes, each a corvette card; the same card may be taken more than once"},
	{ID: RuleCopies, Severity: ruleset.Error, Summary: "a loadout takes no more copies of a card than the faction's deck holds, where the card set gives the count"},
	{ID: RuleSetRef, Severity: ruleset.Error, Summary: "the card set is builtin or a card set of the library that you may read, by its id or id@version"},
	{ID: RuleSet, Severity: ruleset.Error, Summary: "a card set is well formed: each card once per faction, of a known faction and slot, a new card named, numbers 0-99 and only those its kind of card has, copies 1-99, ships of the catalogue with armour for their own sections"},
	{ID: RuleTeam, Severity: ruleset.Error, Summary: "a 2v2 team is two loadouts of the same faction"},
	{ID: RuleTeamDeck, Severity: ruleset.Error, Summary: "a team's two loadouts together take no more copies of a card than the faction's deck holds, where the card set gives the count"},
	{ID: RuleUnread, Severity: ruleset.Warning, Summary: "a card set of the library is read only where the library is (the API, the web pages); elsewhere its numbers stay unknown"},
}

// Rules lists every rule a Star Eater document can report, in
// documentation order. The slice is a copy.
func (r *Ruleset) Rules() []ruleset.RuleInfo { return append([]ruleset.RuleInfo(nil), rules...) }

func rule(id string) *ruleset.RuleInfo { return ruleset.FindRule(rules, id) }
