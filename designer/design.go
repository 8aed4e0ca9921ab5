// Package designer holds the Slipway design document, the systems
// catalogue and construction validation. It performs no I/O: callers hand
// it bytes and get back values and problems.
package designer

import "github.com/slipway/slipway/ruleset"

// Schema is the version of the design document format this package reads.
const Schema = 1

// RulesetMetaverse names the Metaverse ruleset, the first one Slipway serves.
const RulesetMetaverse = "metaverse"

// RulesVersion is the version of the Metaverse construction rules implemented.
const RulesVersion = 1

// Design is one starship design document (rules §2). It is the single input
// of validation, costing and printing.
type Design struct {
	Schema         int            `json:"schema"`
	Ruleset        string         `json:"ruleset"`
	RulesVersion   int            `json:"rulesVersion"`
	Name           string         `json:"name"`
	Description    string         `json:"description,omitempty"`
	Tags           []string       `json:"tags,omitempty"`
	Universe       string         `json:"universe,omitempty"`
	Scale          int            `json:"scale"`
	TechLevel      int            `json:"techLevel"`
	Movement       string         `json:"movement"`
	Hull           string         `json:"hull"`
	CrewQuality    int            `json:"crewQuality"`
	CommandQuality Die            `json:"commandQuality"`
	DamageControl  Die            `json:"damageControl"`
	Sections       Sections       `json:"sections"`
	Weapons        []WeaponDef    `json:"weapons,omitempty"`
	Starfighters   []SquadronDef  `json:"starfighters,omitempty"`
	HangarBays     []HangarBayDef `json:"hangarBays,omitempty"`
}

// SetDefaults fills the optional fields with the values rules §2 gives them
// when the document omits them. The decoder calls it before reading.
func (d *Design) SetDefaults() {
	d.Scale = 1000
	d.CrewQuality = 1
	d.CommandQuality = "D2"
	d.DamageControl = "D4"
}

// Movement methods.
const (
	MovementCinematic = "cinematic"
	MovementNewtonian = "newtonian"
)

// Hull types.
const (
	HullMetallic      = "metallic"
	HullTechnological = "technological"
	HullBiological    = "biological"
)

// Defence types, shared by armour, shields and deflectors.
const (
	DefenceEnergy        = "energy"
	DefenceKinetic       = "kinetic"
	DefenceEnergyKinetic = "energyKinetic"
)

// Sections holds the core and the four optional outboard sections. It is a
// struct rather than a map so that every walk over it has one fixed order.
type Sections struct {
	Core      *Section `json:"core,omitempty"`
	Fore      *Section `json:"fore,omitempty"`
	Aft       *Section `json:"aft,omitempty"`
	Port      *Section `json:"port,omitempty"`
	Starboard *Section `json:"starboard,omitempty"`
}

// SectionName names a section: core or one of the four arcs.
type SectionName string

// Section names.
const (
	SectionCore      SectionName = "core"
	SectionFore      SectionName = "fore"
	SectionAft       SectionName = "aft"
	SectionPort      SectionName = "port"
	SectionStarboard SectionName = "starboard"
)

// SectionOrder is the fixed order in which sections are walked, reported and
// printed.
var SectionOrder = [5]SectionName{SectionCore, SectionFore, SectionAft, SectionPort, SectionStarboard}

// Get returns the named section, or nil when it is absent.
func (s *Sections) Get(n SectionName) *Section {
	switch n {
	case SectionCore:
		return s.Core
	case SectionFore:
		return s.Fore
	case SectionAft:
		return s.Aft
	case SectionPort:
		return s.Port
	case SectionStarboard:
		return s.Starboard
	}
	return nil
}

// Set stores sec under the name n.
func (s *Sections) Set(n SectionName, sec *Section) {
	switch n {
	case SectionCore:
		s.Core = sec
	case SectionFore:
		s.Fore = sec
	case SectionAft:
		s.Aft = sec
	case SectionPort:
		s.Port = sec
	case SectionStarboard:
		s.Starboard = sec
	}
}

// NamedSection pairs a present section with its name.
type NamedSection struct {
	Name    SectionName
	Section *Section
}

// List returns the present sections in SectionOrder.
func (s *Sections) List() []NamedSection {
	out := make([]NamedSection, 0, 5)
	for _, n := range SectionOrder {
		if sec := s.Get(n); sec != nil {
			out = append(out, NamedSection{n, sec})
		}
	}
	return out
}

// Section is one section of the ship: hull layers, defences per arc,
// systems, weapon mounts and hangar bays.
type Section struct {
	Layers   []Layer        `json:"layers"`
	Armour   PerArc[Armour] `json:"armour,omitzero"`
	Ablative PerArc[int]    `json:"ablative,omitzero"`
	Shields  PerArc[Shield] `json:"shields,omitzero"`
	Systems  []System       `json:"systems,omitempty"`
	Weapons  []Mount        `json:"weapons,omitempty"`
	Hangars  []HangarMount  `json:"hangars,omitempty"`
}

// HullHits is the section's total hull hits over all layers.
func (s *Section) HullHits() int {
	n := 0
	for _, l := range s.Layers {
		n += l.HullHits
	}
	return n
}

// People is the section's crew plus marine parties.
func (s *Section) People() (crew, marines int) {
	for _, l := range s.Layers {
		crew += l.Crew
		marines += l.Marines
	}
	return crew, marines
}

// Layer is one row of hull hits with its crew and marine parties.
type Layer struct {
	HullHits int `json:"hullHits"`
	Crew     int `json:"crew,omitempty"`
	Marines  int `json:"marines,omitempty"`
}

// Armour is the armour of one arc of a section.
type Armour struct {
	Rating int    `json:"rating"`
	Type   string `json:"type"`
}

// Shield is the shield hits of one arc of a section.
type Shield struct {
	Hits int    `json:"hits"`
	Type string `json:"type"`
}

// System is one entry of a section's systems list (rules §4). Which of
// Rating, Facing, Axis, Arc and Type apply depends on Kind, as the
// catalogue says.
type System struct {
	Kind   string `json:"kind"`
	Rating int    `json:"rating,omitempty"`
	Count  int    `json:"count"`
	Facing string `json:"facing,omitempty"`
	Axis   string `json:"axis,omitempty"`
	Arc    string `json:"arc,omitempty"`
	Type   string `json:"type,omitempty"`
}

// SetDefaults gives an entry its default count of one.
func (s *System) SetDefaults() { s.Count = 1 }

// Mount is a weapon mount: count copies of a weapon definition firing into
// the given sectors.
type Mount struct {
	Weapon  string `json:"weapon"`
	Sectors []int  `json:"sectors"`
	Count   int    `json:"count"`
}

// SetDefaults gives a mount its default count of one.
func (m *Mount) SetDefaults() { m.Count = 1 }

// HangarMount places count hangar bays of one definition in a section.
type HangarMount struct {
	Bay   string `json:"bay"`
	Count int    `json:"count"`
}

// SetDefaults gives a hangar mount its default count of one.
func (h *HangarMount) SetDefaults() { h.Count = 1 }

// Head returns the document's envelope and library metadata, what every
// ruleset's design has (ruleset.Design).
func (d *Design) Head() ruleset.Head {
	return ruleset.Head{Schema: d.Schema, Ruleset: d.Ruleset, RulesVersion: d.RulesVersion,
		Name: d.Name, Description: d.Description, Tags: d.Tags, Universe: d.Universe}
}
