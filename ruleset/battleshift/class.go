package battleshift

import "github.com/slipway/slipway/ruleset"

// Class is one Battleshift ship-class document (spec §1): the envelope,
// the library's metadata, the class's faction and size, and its systems.
// Weapons, hull options and weaknesses are all system entries, so that one
// table, the catalogue, drives them.
type Class struct {
	// Schema is the document format version: 1.
	Schema int `json:"schema"`
	// Ruleset is always "battleshift".
	Ruleset string `json:"ruleset"`
	// RulesVersion is the version of the construction rules: 1.
	RulesVersion int `json:"rulesVersion"`
	// Name is the class name, 1-80 printable characters.
	Name string `json:"name"`
	// Description is free text of at most 4,000 characters.
	Description string `json:"description,omitempty"`
	// Tags are at most 12 words of 1-32 characters.
	Tags []string `json:"tags,omitempty"`
	// Universe names the setting, at most 80 characters.
	Universe string `json:"universe,omitempty"`
	// Faction is "" (generic), "bionid" or "raishek"; a faction requires
	// its traits (BS-FAC-01).
	Faction string `json:"faction,omitempty"`
	// Size is 1-21: it sets hull, shields, space, cost and movement.
	Size int `json:"size"`
	// Systems are the class's systems, in the player's order.
	Systems []System `json:"systems"`
}

// System is one entry of a class's systems: count systems of one kind of
// the catalogue, and for the either-or kinds how they are paid.
type System struct {
	// Kind is a catalogue kind: "lightBattery", "fast".
	Kind string `json:"kind"`
	// Count is 1-999; it defaults to 1.
	Count int `json:"count"`
	// Pay is "space" or "cost" for the either-or kinds (extra shield,
	// fast drives, engulfing, repair system), and absent for every other
	// kind (BS-PAY-01).
	Pay string `json:"pay,omitempty"`
}

// SetDefaults gives an entry its default count of one; the decoder calls
// it before reading the entry.
func (s *System) SetDefaults() { s.Count = 1 }

// Payments of an either-or system, as a document's "pay" names them.
const (
	PaySpace = "space"
	PayCost  = "cost"
)

// Head returns the document's envelope and metadata.
func (c *Class) Head() ruleset.Head {
	return ruleset.Head{Schema: c.Schema, Ruleset: c.Ruleset, RulesVersion: c.RulesVersion,
		Name: c.Name, Description: c.Description, Tags: c.Tags, Universe: c.Universe}
}
