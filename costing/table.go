package costing

import (
	"fmt"
	"strings"
)

// The published versions of the combat value model. Each has its own
// constants table and golden file under testdata/golden; a change to any
// constant or formula of a published version is a new version.
const (
	VersionV1 = "metaverse-cv/1"
	VersionV2 = "metaverse-cv/2"
	VersionV3 = "metaverse-cv/3"
	VersionV4 = "metaverse-cv/4"
	VersionV5 = "metaverse-cv/5"
	VersionV6 = "metaverse-cv/6"
	VersionV7 = "metaverse-cv/7"
)

// DefaultVersion is the version NewModel returns.
const DefaultVersion = VersionV7

// ModelVersion is the default model version, DefaultVersion.
const ModelVersion = DefaultVersion

// Versions lists every published model version, oldest first.
func Versions() []string {
	return []string{VersionV1, VersionV2, VersionV3, VersionV4, VersionV5, VersionV6, VersionV7}
}

// Table holds every constant of the costing model (rules §6-8). There is
// exactly one table per model version; nothing in the package uses a
// numeric literal that changes a result without going through it.
type Table struct {
	Version string `json:"version"`
	// Formula selects the formulas the constants feed: 1 for
	// metaverse-cv/1, 2 for metaverse-cv/2 (which also reads V2), 3 for
	// metaverse-cv/3 (which reads V2 and V3).
	Formula int `json:"formula"`
	// V2 holds the constants metaverse-cv/2 and 3 have and v1 has not.
	V2 *V2Table `json:"v2,omitempty"`
	// V3 holds the constants only metaverse-cv/3 has.
	V3 *V3Table `json:"v3,omitempty"`

	// K scales sqrt(O x D) so that the reference cruiser scores exactly
	// 100 (rules §7.1). Frozen: a test recomputes it.
	K float64 `json:"k"`
	// ReferenceOffence is the raw offence O of the reference cruiser; the
	// offence of any ship is floored at OffenceFloor times it (rules §7.6).
	ReferenceOffence float64 `json:"referenceOffence"`
	OffenceFloor     float64 `json:"offenceFloor"`

	// Mass factor and target rating (rules §6.1, §6.2).
	HullHitsPerMassFactor float64 `json:"hullHitsPerMassFactor"`
	BaseTargetRating      int     `json:"baseTargetRating"`

	// Speed (rules §6.5).
	CinematicSpeedPerTechLevel int `json:"cinematicSpeedPerTechLevel"`
	// LifeSupportPeoplePerPoint: one point of life support per this many
	// crew and marine parties (rules §6.4).
	LifeSupportPeoplePerPoint int `json:"lifeSupportPeoplePerPoint"`

	// The reference target of offence (rules §7.2).
	Target ReferenceTarget `json:"referenceTarget"`
	// The reference ranges, cm.
	Ranges []int `json:"referenceRanges"`
	// MaxDirectRange: no direct weapon fires beyond it, cm.
	MaxDirectRange int `json:"maxDirectRange"`
	// SensorDie is the number of faces of the sensor roll.
	SensorDie int `json:"sensorDie"`

	// Mount factors (rules §7.2).
	PenetratingFactor float64            `json:"penetratingFactor"`
	AoESlope          float64            `json:"aoeSlope"`
	ReactiveFactor    float64            `json:"reactiveFactor"`
	RateOfFire        map[string]float64 `json:"rateOfFire"`
	ArcBase           float64            `json:"arcBase"`
	ArcPerSector      float64            `json:"arcPerSector"`
	IndirectIntercept float64            `json:"indirectInterceptable"`
	IndirectImmune    float64            `json:"indirectImmune"`
	IndirectReach     float64            `json:"indirectReach"`

	// Quality effects that the reference target cannot show directly.
	// ShieldExposure is the share of a real target's incoming damage that
	// meets shields: the value of PH (doubles damage to shields) and of ML
	// on odd pulses (skips shields).
	ShieldExposure float64 `json:"shieldExposure"`
	// TemporalCritValue is the hull-hit value of one critical hit; TM
	// scores a critical on a D6 roll of six.
	TemporalCritValue float64 `json:"temporalCritValue"`
	TemporalCritDie   int     `json:"temporalCritDie"`

	// Starfighters (rules §7.2, §8).
	FighterHitChance    float64 `json:"fighterHitChance"`
	FighterSpeedNorm    float64 `json:"fighterSpeedNorm"`
	FighterDefenceDiv   float64 `json:"fighterDefenceDivisor"`
	FighterSurvivalNorm float64 `json:"fighterSurvivalNorm"`
	FighterLaunchTurns  int     `json:"fighterLaunchTurns"`
	FighterIndirect     float64 `json:"fighterIndirect"`
	FighterTRStep       float64 `json:"fighterTargetRatingStep"`
	FighterBaseTR       int     `json:"fighterBaseTargetRating"`

	// The reference attacker of defence (rules §7.3).
	Attacker ReferenceAttacker `json:"referenceAttacker"`
	// DefenceTypeWeight scores a defence type against the mixed threat:
	// the reference attacker fires energy weapons, but a fleet also meets
	// kinetic ones.
	DefenceTypeWeight map[string]float64 `json:"defenceTypeWeight"`
	// ShieldRegenTurns: an arc's shields count their hits plus this many
	// turns of regeneration, each turn at most the arc's hits.
	ShieldRegenTurns float64 `json:"shieldRegenTurns"`
	// ShieldRegen is the shield hits each generator kind regenerates per
	// turn per point of rating.
	ShieldRegen      map[string]float64 `json:"shieldRegenPerRating"`
	ArmourCap        float64            `json:"armourFactorCap"`
	DeflectorCap     float64            `json:"deflectorFactorCap"`
	AblativeWeight   float64            `json:"ablativeWeight"`
	CoreInnerArmour  int                `json:"coreInnerArmour"`
	ECMBonus         float64            `json:"ecmBonus"`
	PodPerRating     float64            `json:"podPerRating"`
	StealthPerRating float64            `json:"stealthPerRating"`
	CloakFactor      float64            `json:"cloakFactor"`
	// DefenceMinFaces: the ship's target profile counts only up to the
	// attacker's sensor profile minus this many faces.
	DefenceMinFaces float64 `json:"defenceMinFaces"`
	// SignaturePower is the power plant, in PU, whose EMS at the design's
	// tech level scores the low-signature factor of D.
	SignaturePower    float64            `json:"signaturePower"`
	PointDefenceMax   float64            `json:"pointDefenceMax"`
	PointDefenceSlope float64            `json:"pointDefenceSlope"`
	HullFactor        map[string]float64 `json:"hullFactor"`
	DamageControlD    map[string]float64 `json:"damageControlDefence"`

	// Mobility (rules §7.4).
	MoveMin         float64            `json:"moveMin"`
	MoveSpan        float64            `json:"moveSpan"`
	MoveHalf        float64            `json:"moveHalf"`
	SideDriveWeight float64            `json:"sideDriveWeight"`
	AdvancedThrust  float64            `json:"advancedThrustPerRating"`
	FTLFactor       map[string]float64 `json:"ftlFactor"`
	FTLNone         float64            `json:"ftlNone"`
	FTLPerTurn      float64            `json:"ftlPerTurn"`
	FTLSlowest      int                `json:"ftlSlowest"`
	MobilityMin     float64            `json:"mobilityMin"`
	MobilityMax     float64            `json:"mobilityMax"`

	// Technology (rules §7.4). TechFloor keeps T positive for designs
	// far beyond their tech level (illegal, but still evaluated).
	TechPremium  float64 `json:"techPremium"`
	TechBaseline int     `json:"techBaseline"`
	TechFloor    float64 `json:"techFloor"`

	// Utility (rules §7.4): per rating and per system.
	UtilityPerRating map[string]float64 `json:"utilityPerRating"`
	UtilityPerSystem map[string]float64 `json:"utilityPerSystem"`
	UtilityPerMarine float64            `json:"utilityPerMarine"`

	// Points (rules §8).
	CrewStep      float64            `json:"crewStep"`
	CommandFactor map[string]float64 `json:"commandFactor"`
	DamageControl map[string]float64 `json:"damageControlFactor"`
}

// ReferenceTarget is the ship offence is measured against (rules §7.2).
type ReferenceTarget struct {
	Armour       int `json:"armour"`
	TargetRating int `json:"targetRating"`
	EW           int `json:"ew"`
	EMS          int `json:"ems"`
	MassFactor   int `json:"massFactor"`
}

// ReferenceAttacker is the ship defence is measured against (rules §7.3).
type ReferenceAttacker struct {
	Sensor         int    `json:"sensor"`
	Die            string `json:"die"`
	BaseTargetRate int    `json:"baseTargetRating"`
	BaseEW         int    `json:"baseEW"`
}

// V1 returns a deep copy of the metaverse-cv/1 constants table: changing
// it cannot change the model.
func V1() *Table { return tableV1.clone() }

// V2 returns a deep copy of the metaverse-cv/2 constants table.
func V2() *Table { return tableV2().clone() }

// TableFor returns a deep copy of the constants table of a published
// version, or an error naming the versions there are.
func TableFor(version string) (*Table, error) {
	switch version {
	case VersionV1:
		return V1(), nil
	case VersionV2:
		return V2(), nil
	case VersionV3:
		return V3(), nil
	case VersionV4:
		return V4(), nil
	case VersionV5:
		return V5(), nil
	case VersionV6:
		return V6(), nil
	case VersionV7:
		return V7(), nil
	}
	return nil, fmt.Errorf("unknown combat value model %q (have %s)", version, strings.Join(Versions(), ", "))
}

// clone deep-copies a table (its slices and maps too).
func (t *Table) clone() *Table {
	c := *t
	c.Ranges = append([]int(nil), c.Ranges...)
	if c.V2 != nil {
		c.V2 = c.V2.clone()
	}
	if c.V3 != nil {
		v3 := *c.V3
		c.V3 = &v3
	}
	for _, m := range []*map[string]float64{&c.RateOfFire, &c.DefenceTypeWeight, &c.ShieldRegen, &c.HullFactor,
		&c.DamageControlD, &c.FTLFactor, &c.UtilityPerRating, &c.UtilityPerSystem, &c.CommandFactor, &c.DamageControl} {
		cp := make(map[string]float64, len(*m))
		for k, v := range *m {
			cp[k] = v
		}
		*m = cp
	}
	return &c
}

// tableV1 is the metaverse-cv/1 constants table: the only numbers of the
// model. Change nothing here without bumping ModelVersion and
// regenerating the golden file.
var tableV1 = Table{
	Version: VersionV1,
	Formula: 1,

	K:                1.8875237929617343,
	ReferenceOffence: 5.440875,
	OffenceFloor:     0.05,

	HullHitsPerMassFactor: 10,
	BaseTargetRating:      3,

	CinematicSpeedPerTechLevel: 2,
	LifeSupportPeoplePerPoint:  4,

	Target:         ReferenceTarget{Armour: 1, TargetRating: 1, EW: 2, EMS: 3, MassFactor: 5},
	Ranges:         []int{5, 15, 25, 35, 45, 55, 65, 75, 85, 95},
	MaxDirectRange: 100,
	SensorDie:      20,

	PenetratingFactor: 1.15,
	AoESlope:          0.3,
	ReactiveFactor:    1.1,
	RateOfFire:        map[string]float64{"unlimited": 1, "limited": 0.5, "oneShot": 0.2},
	ArcBase:           0.4,
	ArcPerSector:      0.6 / 8,
	IndirectIntercept: 0.7,
	IndirectImmune:    0.9,
	IndirectReach:     50,

	ShieldExposure:    0.2,
	TemporalCritValue: 3,
	TemporalCritDie:   6,

	FighterHitChance:    0.5,
	FighterSpeedNorm:    20,
	FighterDefenceDiv:   3,
	FighterSurvivalNorm: 6,
	FighterLaunchTurns:  3,
	FighterIndirect:     0.7,
	FighterTRStep:       0.1,
	FighterBaseTR:       4,

	Attacker: ReferenceAttacker{Sensor: 14, Die: "D6", BaseTargetRate: 1, BaseEW: 0},
	DefenceTypeWeight: map[string]float64{
		"energyKinetic": 1, "energy": 0.75, "kinetic": 0.5,
	},
	ShieldRegenTurns:  4,
	ShieldRegen:       map[string]float64{"shieldBasic": 1, "shieldAdaptive": 1, "shieldModulated": 1},
	ArmourCap:         6,
	DeflectorCap:      6,
	AblativeWeight:    0.5,
	CoreInnerArmour:   1,
	ECMBonus:          1,
	PodPerRating:      0.2,
	StealthPerRating:  4,
	CloakFactor:       1.15,
	DefenceMinFaces:   2,
	SignaturePower:    97,
	PointDefenceMax:   0.5,
	PointDefenceSlope: 0.02,
	HullFactor:        map[string]float64{"metallic": 1, "technological": 1.1, "biological": 1.15},
	DamageControlD:    map[string]float64{"D4": 1, "D5": 1.03, "D6": 1.06},

	MoveMin:         0.89,
	MoveSpan:        0.25,
	MoveHalf:        0.25,
	SideDriveWeight: 0.5,
	AdvancedThrust:  0.5,
	FTLFactor:       map[string]float64{"ftlPrimitive": 0.95, "ftlBasic": 1, "ftlAdvanced": 1.05},
	FTLNone:         0.9,
	FTLPerTurn:      0.005,
	FTLSlowest:      10,
	MobilityMin:     0.8,
	MobilityMax:     1.25,

	TechPremium:  0.03,
	TechBaseline: 1,
	TechFloor:    0.1,

	UtilityPerRating: map[string]float64{
		"cic": 4, "soc": 2, "targeting": 2, "teleporterBasic": 3, "teleporterAdvanced": 4,
	},
	UtilityPerSystem: map[string]float64{
		"ansible": 2, "ecm": 3, "jammer": 3, "elint": 2, "grappler": 1, "energyGrappler": 3, "gravityWell": 4,
	},
	UtilityPerMarine: 0.5,

	CrewStep:      0.08,
	CommandFactor: map[string]float64{"D2": 1, "D3": 1.03, "D4": 1.06, "D5": 1.09, "D6": 1.12},
	DamageControl: map[string]float64{"D4": 1, "D5": 1.03, "D6": 1.06},
}
