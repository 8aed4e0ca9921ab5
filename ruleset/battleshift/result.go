package battleshift

import "github.com/slipway/slipway/ruleset"

// Result is the evaluation of one ship class: whether it is legal, its
// cost and every derived number of spec §2, the weapons and other systems
// it carries, its squadron table, the cost explained term by term, and its
// problems. It implements ruleset.Evaluation.
type Result struct {
	// Ruleset is always "battleshift".
	Ruleset      string `json:"ruleset"`
	ModelVersion string `json:"modelVersion"`
	Name         string `json:"name"`
	Legal        bool   `json:"legal"`
	// Cost is 10 × size + every system paid in points − the weakness
	// discounts. It is also the class's balancing value: Battleshift
	// fields fleets of equal cost.
	Cost int `json:"cost"`
	Size int `json:"size"`
	// ClassName is the size's class: "destroyer" ... "titan" ("" for a
	// size outside 1-21).
	ClassName string `json:"className"`
	// Hull is size + 1, +1 with a reinforced hull.
	Hull int `json:"hull"`
	// Shields is ⌈size/2⌉ + extra shields.
	Shields int `json:"shields"`
	// Hardness is what a shield die must roll at or under: 4, weak
	// shields 3, no shields 2.
	Hardness int `json:"hardness"`
	// DestructionSave is what a destruction test must roll at or under:
	// 3, hardened 4, flimsy 2.
	DestructionSave int `json:"destructionSave"`
	// Move is in inches: 12, a destroyer 18, fast +6, slow −6.
	Move         int    `json:"move"`
	MovementArc  string `json:"movementArc"`
	FacingChange string `json:"facingChange"`
	// Space is the space units the class has; SpaceUsed those its
	// systems fill.
	Space     int `json:"space"`
	SpaceUsed int `json:"spaceUsed"`
	// HitsToSuppress is per ship: 1 (size 1-3), 2 (4-7), 3 (8-10), 5 (11+).
	HitsToSuppress int `json:"hitsToSuppress"`
	// MaxPerSquadron is min(7, ⌊21 / size⌋).
	MaxPerSquadron int `json:"maxPerSquadron"`
	FighterWings   int `json:"fighterWings"`
	// EngulfCapacity is the largest ship size it can engulf, ⌈size/3⌉
	// with engulfing (only ships smaller than itself), else 0.
	EngulfCapacity int `json:"engulfCapacity"`
	// RepairRolls are the extra repair rolls per ship.
	RepairRolls int `json:"repairRolls"`
	// Experimental is set when the class carries an experimental system,
	// which a fleet must allow.
	Experimental bool `json:"experimental"`
	// Weapons are the weapon kinds carried, in catalogue order.
	Weapons []WeaponLine `json:"weapons"`
	// Systems are the other systems, by kind and payment, in catalogue
	// order.
	Systems []SystemLine `json:"systems"`
	// Squadrons has one row per squadron size, 1 to MaxPerSquadron.
	Squadrons []SquadronRow `json:"squadrons"`
	// Explanation is the cost term by term, then the other numbers.
	Explanation *ruleset.Node `json:"explanation"`
	// Problems are the validation problems, never nil.
	Problems ruleset.Problems `json:"problems"`
}

// WeaponLine is one weapon kind a class carries: how many, what they cost
// and the profile players roll against.
type WeaponLine struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	// Space and Points are what these weapons fill and add.
	Space  int `json:"space"`
	Points int `json:"points"`
	Weapon
}

// SystemLine is one other kind of system a class carries, with how it is
// paid.
type SystemLine struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	// Pay is "space" or "cost" for an either-or kind, else "".
	Pay string `json:"pay,omitempty"`
	// Space and Points are what these systems fill and add (Points is
	// negative for a weakness).
	Space  int `json:"space"`
	Points int `json:"points"`
}

// SquadronRow is the numbers of a squadron of Ships ships of the class.
type SquadronRow struct {
	Ships int `json:"ships"`
	// Threshold is one ship's hull: every multiple of it taken in one
	// attack is a destruction test.
	Threshold int `json:"threshold"`
	// TotalDamage is Σ hull; past it every point is a destruction test.
	TotalDamage    int `json:"totalDamage"`
	HitsToSuppress int `json:"hitsToSuppress"`
	// ShieldDice are Σ shields, rolled at the class's hardness.
	ShieldDice int `json:"shieldDice"`
	Cost       int `json:"cost"`
}

// Summary is what the library stores: the cost as both points and CV,
// since Battleshift's cost is its balancing value; the class name as the
// hull; whether it carries fighters.
func (r *Result) Summary() ruleset.Summary {
	return ruleset.Summary{
		CV:              float64(r.Cost),
		Points:          float64(r.Cost),
		Hull:            r.ClassName,
		CarriesFighters: r.FighterWings > 0,
		Legal:           r.Legal,
		ModelVersion:    r.ModelVersion,
	}
}

// Explain is the explanation tree (ruleset.Explained).
func (r *Result) Explain() *ruleset.Node { return r.Explanation }

// Findings are the class's problems, never nil.
func (r *Result) Findings() ruleset.Problems {
	if r.Problems == nil {
		return ruleset.Problems{}
	}
	return r.Problems
}
