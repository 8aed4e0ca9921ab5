package d6ship

import "github.com/slipway/slipway/ruleset"

// Ship is one stat block of the d6 starship chapter: the envelope, the
// library's metadata and the numbers a game master runs the ship from.
// The chapter prints no stat block and no construction rules, so every
// number is entered as the table has it; the rules (docs/d6ship.md) check
// what the chapter fixes.
type Ship struct {
	// Schema is the document format version: 1.
	Schema int `json:"schema"`
	// Ruleset is always "d6ship".
	Ruleset string `json:"ruleset"`
	// RulesVersion is the version of the chapter's rules: 1.
	RulesVersion int `json:"rulesVersion"`
	// Name is the ship's name, 1-80 printable characters.
	Name string `json:"name"`
	// Description is free text of at most 4,000 characters.
	Description string `json:"description,omitempty"`
	// Tags are at most 12 words of 1-32 characters.
	Tags []string `json:"tags,omitempty"`
	// Universe names the setting, at most 80 characters.
	Universe string `json:"universe,omitempty"`
	// Class is a Roman numeral, I to XXX ("Class V"): actions per turn,
	// FTL spool rounds, collision factor and destruction countdown pool.
	Class string `json:"class"`
	// Crew is the crew rating: poor, standard, experienced, veteran or
	// elite (3d6 to 7d6).
	Crew string `json:"crew"`
	// Speed is the SPEED score: how much the current speed may change at
	// the start of a turn.
	Speed int `json:"speed"`
	// Defense is the DEFENSE attacks and scans roll against.
	Defense int `json:"defense"`
	// EDefense is the E-DEFENSE electronic attacks and jamming roll
	// against.
	EDefense int `json:"eDefense"`
	// Shields are the shield SOAK of each of the four arcs.
	Shields Shields `json:"shields"`
	// Armour is the armour SOAK, deducted from every hit beside the
	// shield's.
	Armour int `json:"armour"`
	// Superstructure is the SUPERSTRUCTURE (SS), the ship's hit points.
	Superstructure int `json:"superstructure"`
	// CPU is the computer's CPU cycles.
	CPU int `json:"cpu"`
	// Power is the total power of all engines: the explosion's damage at
	// the ship's own hex.
	Power int `json:"power"`
	// FTL is whether the ship has an FTL drive (spooled for class rounds).
	FTL bool `json:"ftl"`
	// PointDefence is the point-defence aura's range in hexes (km); 0 for
	// none.
	PointDefence int `json:"pointDefence,omitempty"`
	// PointDefenceBonus is the DEFENSE bonus the aura gives against
	// missiles and fighters, which the chapter does not size (D6-PD-01).
	PointDefenceBonus int `json:"pointDefenceBonus,omitempty"`
	// Squadrons is the number of fighter squadrons carried.
	Squadrons int `json:"squadrons,omitempty"`
	// Fighters is the number of fighters in each squadron: its HEALTH and
	// its damage against anything but another squadron.
	Fighters int `json:"fighters,omitempty"`
	// Weapons are the ship's weapons, in the stat block's order.
	Weapons []Weapon `json:"weapons"`
}

// Shields are the shield SOAK per arc.
type Shields struct {
	Forward   int `json:"forward"`
	Port      int `json:"port"`
	Starboard int `json:"starboard"`
	Aft       int `json:"aft"`
}

// Weapon is one line of the stat block's weapons: a single mount or a
// bank fired with one attack roll.
type Weapon struct {
	// Name is the weapon's name, 1-60 printable characters.
	Name string `json:"name"`
	// Type is missile, energy, ion or ballistic.
	Type string `json:"type"`
	// Damage is the number of d6 rolled on a hit.
	Damage int `json:"damage"`
	// Range is the range increment in hexes (km).
	Range int `json:"range"`
	// Arcs are the fire arcs, from forward, port, starboard and aft; a
	// turret has more than one.
	Arcs []string `json:"arcs"`
	// Bank is the number of weapons of a bank or array, 2 or more; 0 (left
	// out) for a single weapon.
	Bank int `json:"bank,omitempty"`
}

// Crew ratings, weapon types and arcs as a document names them.
const (
	TypeMissile   = "missile"
	TypeEnergy    = "energy"
	TypeIon       = "ion"
	TypeBallistic = "ballistic"

	ArcForward   = "forward"
	ArcPort      = "port"
	ArcStarboard = "starboard"
	ArcAft       = "aft"
)

// Head returns the document's envelope and metadata.
func (s *Ship) Head() ruleset.Head {
	return ruleset.Head{Schema: s.Schema, Ruleset: s.Ruleset, RulesVersion: s.RulesVersion,
		Name: s.Name, Description: s.Description, Tags: s.Tags, Universe: s.Universe}
}

// Shield returns the SOAK of arc.
func (s *Shields) Shield(arc string) int {
	switch arc {
	case ArcForward:
		return s.Forward
	case ArcPort:
		return s.Port
	case ArcStarboard:
		return s.Starboard
	case ArcAft:
		return s.Aft
	}
	return 0
}
