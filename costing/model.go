// Package costing derives a design's statistics and prices it: mass
// factor, target rating, reactors, EMS, life support, speed, space and
// minimum tech level, tier, combat value and points cost, exactly as rules
// §6-8 define them, under one versioned constants table
// (metaverse-cv/1). Every number is explained term by term.
//
// Evaluation is pure and deterministic: it reads only the design, the
// options and the catalogue, sums in a fixed order and never iterates a
// map, so results are bit-identical across runs and architectures.
package costing

import "github.com/slipway/slipway/designer"

// Model is the combat value model: the constants table plus the systems
// catalogue it reads power and space from. A Model is safe for concurrent
// use.
type Model struct {
	t    *Table
	cat  *designer.Catalogue
	dice attackerDice
	v2   *v2ref // what metaverse-cv/2 reads from t alone; nil without t.V2
	// techFormula is the technology node's formula, which reads only t.
	techFormula string
}

// newModel is the model over cat with table t, a private copy.
func newModel(cat *designer.Catalogue, t *Table) *Model {
	return &Model{t: t, cat: cat, dice: t.newAttackerDice(), v2: newV2Ref(t),
		techFormula: "1 + " + FormatNumber(t.TechPremium) + " x (TL - 1)"}
}

// NewModel returns the default model (DefaultVersion) over cat. A nil cat
// means the built-in catalogue.
func NewModel(cat *designer.Catalogue) *Model {
	m, err := NewModelVersion(cat, DefaultVersion)
	if err != nil {
		panic(err) // DefaultVersion is always published
	}
	return m
}

// NewModelVersion returns the model of a published version (see
// Versions) over cat; a nil cat means the built-in catalogue. An unknown
// version is an error that lists the known ones.
func NewModelVersion(cat *designer.Catalogue, version string) (*Model, error) {
	if cat == nil {
		cat = designer.BuiltinCatalogue()
	}
	t, err := TableFor(version)
	if err != nil {
		return nil, err
	}
	return newModel(cat, t), nil
}

// NewModelTable returns a model over cat with the given constants: for
// calibration and tests. The table's Version names it.
func NewModelTable(cat *designer.Catalogue, t Table) *Model {
	if cat == nil {
		cat = designer.BuiltinCatalogue()
	}
	tc := t.clone()
	return newModel(cat, tc)
}

// Version returns the model's version, such as "metaverse-cv/2".
func (m *Model) Version() string { return m.t.Version }

// Table returns a copy of the model's constants.
func (m *Model) Table() Table { return *m.t.clone() }

// Catalogue returns the catalogue the model reads.
func (m *Model) Catalogue() *designer.Catalogue { return m.cat }

// Options adjust one evaluation. Zero values mean "use the design's own".
type Options struct {
	// TierLimit, when 1-3, makes designs above that tier illegal (R-TIER-01).
	TierLimit int `json:"tierLimit,omitempty"`
	// CrewQuality 1-5 replaces the design's crew quality.
	CrewQuality int `json:"crewQuality,omitempty"`
	// CommandQuality D2-D6 replaces the design's command quality.
	CommandQuality designer.Die `json:"commandQuality,omitempty"`
	// DamageControl D4-D6 replaces the design's damage control quality.
	DamageControl designer.Die `json:"damageControl,omitempty"`
}

// Result is the full evaluation of one design.
type Result struct {
	ModelVersion string `json:"modelVersion"`
	Name         string `json:"name"`

	CV     int `json:"cv"`
	Points int `json:"points"`

	EMS          int `json:"ems"`
	TargetRating int `json:"targetRating"`
	MassFactor   int `json:"massFactor"`
	HullHits     int `json:"hullHits"`

	Tier         int                 `json:"tier"`
	TierReport   designer.TierReport `json:"tierReport"`
	TechLevel    int                 `json:"techLevel"`
	MinTechLevel int                 `json:"minTechLevel"`
	Power        float64             `json:"power"`
	Space        float64             `json:"space"`
	Density      float64             `json:"density"`

	Movement     string        `json:"movement"`
	Hull         string        `json:"hull"`
	MaxSpeed     int           `json:"maxSpeed"` // 0 for newtonian
	ReverseSpeed int           `json:"reverseSpeed"`
	Acceleration Acceleration  `json:"acceleration"`
	Reactors     []Reactor     `json:"reactors"`
	LifeSupport  []LifeSupport `json:"lifeSupport"`

	CarriesFighters bool `json:"carriesFighters"`
	// LoadoutPoints is the points of the squadrons permanently loaded in
	// the hangars, included in Points.
	LoadoutPoints int `json:"loadoutPoints"`

	// Quality is the crew, command and damage control the points used.
	Quality Quality `json:"quality"`
	// Components are the unrounded terms of rules §7.1.
	Components Components `json:"components"`

	Legal       bool              `json:"legal"`
	Problems    designer.Problems `json:"problems"`
	Explanation *Node             `json:"explanation"`
}

// Explain is the explanation tree (ruleset.Explained).
func (r *Result) Explain() *Node { return r.Explanation }

// Quality is the crew purchase a result was priced with.
type Quality struct {
	Crew          int          `json:"crew"`
	Command       designer.Die `json:"command"`
	DamageControl designer.Die `json:"damageControl"`
}

// Components are the terms of CV = round(k x sqrt(O x D) x M x T + U).
type Components struct {
	Offence    float64 `json:"offence"`
	Defence    float64 `json:"defence"`
	Mobility   float64 `json:"mobility"`
	Technology float64 `json:"technology"`
	Utility    float64 `json:"utility"`
	K          float64 `json:"k"`
	CV         float64 `json:"cv"`     // before rounding
	Points     float64 `json:"points"` // before rounding, without loadout
}

// Acceleration is the drive points a ship has per turn (rules §6.5):
// forward and reverse from its STL drives, and per side from thrusters
// (and advanced drives acting as thrusters).
type Acceleration struct {
	Forward   float64 `json:"forward"`
	Reverse   float64 `json:"reverse"`
	Port      float64 `json:"port"`
	Starboard float64 `json:"starboard"`
}

// Reactor is one reactor, or several identical copies in one section,
// with its derived rating (rules §6.3). A section's rating is split evenly
// over its copies, so a section has at most two entries.
type Reactor struct {
	Section designer.SectionName `json:"section"`
	// Index numbers the first copy of this entry in its section, from 1.
	Index int `json:"index"`
	// Copies is the number of identical reactors the entry stands for.
	Copies int `json:"copies"`
	// Rating is the rating of each copy.
	Rating int `json:"rating"`
	// Power is the PU this reactor's section group draws in all.
	Power float64 `json:"power"`
	// Supports lists the sections whose systems the reactor powers.
	Supports []designer.SectionName `json:"supports"`
	// Virtual marks a core reactor the design lacks (R-PRI-02) but that
	// is counted so that EMS stays meaningful.
	Virtual bool `json:"virtual,omitempty"`
}

// LifeSupport is the derived life support of one section (rules §6.4).
type LifeSupport struct {
	Section designer.SectionName `json:"section"`
	People  int                  `json:"people"`
	Rating  int                  `json:"rating"`
}
