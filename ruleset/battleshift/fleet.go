package battleshift

import (
	"fmt"

	"github.com/slipway/slipway/ruleset"
)

// Limits of a Battleshift fleet document (BS-FDOC-01).
const (
	// MaxFleetBytes is the largest fleet document accepted: its ship
	// classes are embedded whole.
	MaxFleetBytes = 8 << 20
	// MaxFleetShips is the most ships a fleet fields, and the most entries
	// of any of its lists (classes, squadrons, task forces, the ships of
	// all squadrons, the squadrons of all task forces); entries past it
	// are reported once and not read.
	MaxFleetShips = 500
	// MaxFleetCount is the largest count of one squadron entry, as a
	// class's system counts (BS-DOC-04).
	MaxFleetCount = 999
	// DefaultSquadronsPerTaskForce is the fleet-building section's "up to
	// three" squadrons in a task force (lines 284, 74; spec §5 decision 2).
	DefaultSquadronsPerTaskForce = 3
	// MaxSquadronsPerTaskForce is the most a fleet may allow, the
	// definitions' "up to five" (lines 82, 780).
	MaxSquadronsPerTaskForce = 5
)

// Fleet is one Battleshift fleet document: the ship classes it fields,
// embedded whole, its squadrons of those classes, the task forces the
// squadrons are organised into, the agreed points limit and the options
// the players chose (lines 45-162, 267-298; spec §4 "Fleet rules").
//
// Ids tie the parts together: a squadron's ships name a class by its id,
// a task force names its squadrons and its flagship squadron by theirs.
type Fleet struct {
	// Schema is the document format version: 1.
	Schema int `json:"schema"`
	// Ruleset is always "battleshift".
	Ruleset string `json:"ruleset"`
	// RulesVersion is the version of the rules: 1.
	RulesVersion int `json:"rulesVersion"`
	// Name is the fleet's name, 1-80 printable characters.
	Name string `json:"name"`
	// Description is free text of at most 4,000 characters.
	Description string `json:"description,omitempty"`
	// PointsLimit is the points total the players agreed (line 269); the
	// fleet's cost must be within it (BS-FL-01).
	PointsLimit int `json:"pointsLimit"`
	// MaxSquadronsPerTaskForce is the most squadrons a task force may
	// have, 1-5; the default is 3 (spec §5 decision 2).
	MaxSquadronsPerTaskForce int `json:"maxSquadronsPerTaskForce"`
	// MixedSquadrons allows squadrons of more than one class, the
	// seed's experimental rule (lines 804-970; BS-SQ-02).
	MixedSquadrons bool `json:"mixedSquadrons,omitempty"`
	// Experimental allows classes with experimental systems (BS-FL-02).
	Experimental bool `json:"experimental,omitempty"`
	// Classes are the ship classes the fleet fields, each embedded whole.
	Classes []FleetClass `json:"classes"`
	// Squadrons are the fleet's squadrons, in roster order.
	Squadrons []FleetSquadron `json:"squadrons"`
	// TaskForces are the fleet's task forces; a squadron in none is
	// detached (BS-TF-04).
	TaskForces []FleetTaskForce `json:"taskForces,omitempty"`
}

// SetDefaults gives a fleet its default of three squadrons per task
// force; the decoder calls it.
func (f *Fleet) SetDefaults() { f.MaxSquadronsPerTaskForce = DefaultSquadronsPerTaskForce }

// Head returns the fleet's envelope and metadata.
func (f *Fleet) Head() ruleset.Head {
	return ruleset.Head{Schema: f.Schema, Ruleset: f.Ruleset, RulesVersion: f.RulesVersion,
		Name: f.Name, Description: f.Description}
}

// FleetClass is one ship class of a fleet: its id in the fleet and its
// class document, embedded whole. Design and Version would name a class
// of the library instead; they are read so that BS-FDOC-02 can say that
// library references are not accepted yet.
type FleetClass struct {
	// ID names the class in the fleet, 1-32 printable characters, unique
	// among the fleet's classes.
	ID string `json:"id"`
	// Document is the class document, as slipway validate reads it.
	Document *Class `json:"document,omitempty"`
	// Design and Version reference a library design: refused (BS-FDOC-02).
	Design  string `json:"design,omitempty"`
	Version int    `json:"version,omitempty"`
}

// FleetSquadron is one squadron: 1-7 ships of one class (of several with
// mixedSquadrons) and at most 21 size units.
type FleetSquadron struct {
	// ID names the squadron in the fleet, 1-32 printable characters,
	// unique among its squadrons; task forces name it.
	ID string `json:"id"`
	// Name is an optional name for the roster, at most 80 characters.
	Name string `json:"name,omitempty"`
	// Ships are the squadron's ships: so many of a class, per entry.
	Ships []FleetShips `json:"ships"`
}

// FleetShips is an entry of a squadron: count ships of one class.
type FleetShips struct {
	// Class is the id of one of the fleet's classes.
	Class string `json:"class"`
	// Count is how many, 1-999 (a squadron holds at most 7); default 1.
	Count int `json:"count"`
}

// SetDefaults gives an entry its default count of one; the decoder calls
// it before reading the entry.
func (s *FleetShips) SetDefaults() { s.Count = 1 }

// FleetTaskForce is one task force: 1 to maxSquadronsPerTaskForce
// squadrons, one of which carries the flagship, one of the largest ships
// of the task force (lines 80-83, 284-285).
type FleetTaskForce struct {
	// ID names the task force in the fleet, 1-32 printable characters,
	// unique among its task forces.
	ID string `json:"id"`
	// Name is the name the activation order is written with (lines
	// 297-298), 1-80 printable characters.
	Name string `json:"name"`
	// Squadrons are the ids of its squadrons.
	Squadrons []string `json:"squadrons"`
	// Flagship is the id of the squadron, one of its own, that carries
	// the flagship.
	Flagship string `json:"flagship"`
}

// DecodeFleet reads one fleet document strictly, with the rules of
// ruleset.DecodeStrict: unknown fields, wrong types, duplicate keys,
// trailing data, invalid UTF-8 and documents over MaxFleetBytes are a
// *ruleset.DecodeError naming the JSON path. It checks structure only;
// EvaluateFleet reports the rules. The fleet is a *Fleet.
func (r *Ruleset) DecodeFleet(b []byte) (ruleset.Fleet, error) {
	f, err := decodeFleet(b)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// decodeFleet is DecodeFleet with the concrete type.
func decodeFleet(b []byte) (*Fleet, error) {
	var f Fleet
	if err := ruleset.DecodeStrict(b, &f, MaxFleetBytes); err != nil {
		if de, ok := err.(*ruleset.DecodeError); ok && de.Rule == ruleset.RuleLimitBody {
			de.Message = fmt.Sprintf("The fleet file is too big: %s bytes, and the limit is %s bytes (8 MiB)", ruleset.Thousands(len(b)), ruleset.Thousands(MaxFleetBytes))
		}
		return nil, err
	}
	return &f, nil
}

var _ ruleset.Fleets = (*Ruleset)(nil)
