package costing

// V2Table holds the constants only metaverse-cv/2 has. metaverse-cv/2
// values a ship against a spread of reference opponents instead of one
// armour-1 target and one D6 attacker: offence is how fast it destroys
// each of them, defence how long it survives each of them (docs/costing.md).
type V2Table struct {
	// Opponents are the reference ships: targets of O, attackers of D.
	Opponents []RefShip `json:"opponents"`
	// RangeWeights weight Table.Ranges (5, 15, ..., 95 cm): the ranges
	// fights happen at, close ranges more often.
	RangeWeights []float64 `json:"rangeWeights"`
	// KillTurns0 is added to every time to kill: damage beyond what
	// destroys a target in a turn counts less (overkill).
	KillTurns0 float64 `json:"killTurns0"`
	// HorizonTurns caps what survival is worth: a ship that outlasts a
	// game's length without destroying its enemy draws, it does not win.
	// D counts HorizonTurns x (1 - exp(-turns / HorizonTurns)).
	HorizonTurns float64 `json:"horizonTurns"`
	// FightTurns is the length of a fight over which delayed and
	// one-use things (salvos in flight, launching squadrons, pods) are
	// spread.
	FightTurns float64 `json:"fightTurns"`
	// A critical hit is worth CritBase + CritPerEMS x EMS hull hits of
	// the ship that takes it (its structure criticals deal EMS x 1-4).
	CritBase   float64 `json:"critBase"`
	CritPerEMS float64 `json:"critPerEMS"`
	// CritFragile is added to the worth of a critical on the ship for
	// each of its bridge, sensor arrays and reactors that stand in one
	// section only: one critical there can stop all its fire.
	CritFragile float64 `json:"critFragile"`
	// A critical stops a ship's fire (sensors, bridge, reactor, weapons
	// knocked out) with chance DisableBase, plus DisableFragile for each
	// of its bridge, sensor arrays and reactors that stand in one section
	// only, less what damage control repairs: the ship is out of the
	// fight before it is destroyed.
	DisableBase    float64 `json:"disableBase"`
	DisableFragile float64 `json:"disableFragile"`
	// FighterWeight scales what strike squadrons deal.
	FighterWeight float64 `json:"fighterWeight"`
	// RegenWeight is the share of each turn's shield regeneration that
	// counts against incoming fire.
	RegenWeight float64 `json:"regenWeight"`
	// PresentBest is the share of incoming fire that lands on the ship's
	// strongest arc; the rest spreads evenly over the four arcs.
	PresentBest float64 `json:"presentBest"`
	// StealthFull is EW per stealth rating while uncompromised (the first
	// volley); StealthCompromised per rating after it fires.
	StealthFull        float64 `json:"stealthFull"`
	StealthCompromised float64 `json:"stealthCompromised"`
	// CloakBonus: a cloak lets a damaged ship hide to repair once.
	CloakBonus float64 `json:"cloakBonus"`
	// Repair: damage control saves this share of a critical's value when
	// a repair is certain (crew parties per section at least the die).
	RepairWeight float64 `json:"repairWeight"`
	// TechRepairPerCrew: hull hits a technological hull mends per spare
	// crew party per turn, as a share.
	TechRepairPerCrew float64 `json:"techRepairPerCrew"`
	// RefCrew is the crew quality CV assumes (points price the rest):
	// squadrons fire this many weapons.
	RefCrew int `json:"refCrew"`
	// Ram: chance the command die allows a ram (reference crew 2,
	// command D3), chance it lands, and the mass-and-hull ratio over the
	// target a ship needs before it tries.
	RamAllowed   float64 `json:"ramAllowed"`
	RamSuccess   float64 `json:"ramSuccess"`
	RamMassRatio float64 `json:"ramMassRatio"`
	// FTLAway is the turns a strategic jump keeps a basic-FTL ship off the
	// table (mean of max(1, 1D8 - 2)).
	FTLAway float64 `json:"ftlAway"`
	// Strike squadrons: how fast point defence and CAP wear them down is
	// spread over their time in contact.
	FighterContact float64 `json:"fighterContact"`
	// Mobility: M = 1 + SpeedWeight x (speed - SpeedRef) / SpeedRef +
	// TurnWeight x min(1, turn steps / 2) - TurnWeight / 2, clamped.
	SpeedRef    float64 `json:"speedRef"`
	SpeedWeight float64 `json:"speedWeight"`
	TurnWeight  float64 `json:"turnWeight"`
	// Utility: a CiC is worth CiCPerUnit per unit it can command, up to
	// CiCUnits; utility never adds more than UtilityCap times the ship's
	// combat value without it.
	CiCPerUnit float64 `json:"cicPerUnit"`
	CiCUnits   int     `json:"cicUnits"`
	UtilityCap float64 `json:"utilityCap"`
	// OffenceShare is the exponent of O in CV = k x O^a x D^(1-a) x M x
	// T: above one half, offence counts for more than defence, because
	// damage dealt also takes the enemy's guns, sensors and bridge out of
	// the fight (sections destroyed, criticals), while defence only
	// delays the same for the ship itself.
	OffenceShare float64 `json:"offenceShare"`
}

// RefShip is one reference opponent.
type RefShip struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	// The arc it presents and what stands behind it.
	SectionHull   float64 `json:"sectionHull"`
	SectionLayers int     `json:"sectionLayers"`
	CoreHull      float64 `json:"coreHull"`
	CoreLayers    int     `json:"coreLayers"`
	Armour        int     `json:"armour"`
	ArmourType    string  `json:"armourType"`
	Ablative      int     `json:"ablative"`
	Shields       float64 `json:"shields"`
	ShieldType    string  `json:"shieldType"`
	Regen         float64 `json:"regen"`
	Deflector     int     `json:"deflector"`
	DeflectorType string  `json:"deflectorType"`
	TR            int     `json:"targetRating"`
	EW            int     `json:"ew"`
	EMS           int     `json:"ems"`
	MF            int     `json:"massFactor"`
	Crew          int     `json:"crew"`
	Speed         int     `json:"speed"`
	// Point defence: PDCount copies that fire on starfighters, direct and
	// indirect fire.
	PDCount int       `json:"pdCount"`
	PD      RefWeapon `json:"pd"`
	// Offence.
	Sensor    int         `json:"sensor"`
	Weapons   []RefWeapon `json:"weapons"`
	Squadrons int         `json:"squadrons"`
	Squadron  RefSquadron `json:"squadron"`
}

// RefWeapon is a reference ship's weapon.
type RefWeapon struct {
	Count         int    `json:"count"`
	Type          string `json:"type"`
	Pulse         int    `json:"pulse"`
	Die           string `json:"die"`
	Mod           int    `json:"mod"`
	Penetrating   bool   `json:"penetrating,omitempty"`
	Range         int    `json:"range"`
	AP            int    `json:"ap,omitempty"`
	Indirect      bool   `json:"indirect,omitempty"`
	Turns         int    `json:"turns,omitempty"`
	Interceptable bool   `json:"interceptable,omitempty"`
}

// RefSquadron is a reference carrier's strike squadron.
type RefSquadron struct {
	Strength int    `json:"strength"`
	Speed    int    `json:"speed"`
	Defence  int    `json:"defence"`
	TR       int    `json:"targetRating"`
	Pulse    int    `json:"pulse"`
	Die      string `json:"die"`
	Mod      int    `json:"mod"`
	Type     string `json:"type"`
}

func (v *V2Table) clone() *V2Table {
	c := *v
	c.Opponents = append([]RefShip(nil), v.Opponents...)
	for i := range c.Opponents {
		c.Opponents[i].Weapons = append([]RefWeapon(nil), v.Opponents[i].Weapons...)
	}
	c.RangeWeights = append([]float64(nil), v.RangeWeights...)
	return &c
}

// tableV2 is the metaverse-cv/2 constants table. The shared constants
// (mass factor, speed, sensor die, rates of fire, quality values,
// reference offence of the floor, points) keep their metaverse-cv/1
// meaning; K and ReferenceOffence are refrozen so that the reference
// cruiser scores 100. Change nothing here without a new version.
func tableV2() *Table {
	t := tableV1.clone()
	t.Version = VersionV2
	t.Formula = 2
	t.K = 3.6791233256000404
	t.ReferenceOffence = 16.321974750067643
	t.OffenceFloor = 0.05
	t.AdvancedThrust = 2 // rules §3.3.3: two thruster points per rating
	t.TechPremium = 0.0145
	t.DefenceMinFaces = 4.86
	t.DamageControl = map[string]float64{"D4": 1, "D5": 1, "D6": 1} // priced once, in D
	t.V2 = &V2Table{
		Opponents: []RefShip{
			{Name: "escort", Weight: 3.5, SectionHull: 10, SectionLayers: 2, CoreHull: 14, CoreLayers: 2,
				Armour: 1, ArmourType: "energyKinetic", TR: 2, EW: 2, EMS: 2, MF: 3, Crew: 2, Speed: 16,
				PDCount: 1, PD: RefWeapon{Count: 1, Type: "energy", Pulse: 2, Die: "D4", Range: 0, Interceptable: true},
				Sensor: 12, Weapons: []RefWeapon{{Count: 3, Type: "energy", Pulse: 2, Die: "D6", Mod: 0, Range: 10}}},
			{Name: "cruiser", Weight: 2.09, SectionHull: 16, SectionLayers: 2, CoreHull: 30, CoreLayers: 3,
				Armour: 2, ArmourType: "energyKinetic", Shields: 4, ShieldType: "energy", Regen: 1,
				TR: 0, EW: 2, EMS: 4, MF: 9, Crew: 2, Speed: 10,
				PDCount: 2, PD: RefWeapon{Count: 2, Type: "energy", Pulse: 3, Die: "D3", Range: 0, Interceptable: true},
				Sensor: 14, Weapons: []RefWeapon{
					{Count: 2, Type: "energy", Pulse: 2, Die: "D6", Mod: 1, Range: 15},
					{Count: 2, Type: "kinetic", Pulse: 1, Die: "D8", Mod: 2, Penetrating: true, Range: 20}}},
			{Name: "battleship", Weight: 0.107, SectionHull: 40, SectionLayers: 3, CoreHull: 60, CoreLayers: 4,
				Armour: 4, ArmourType: "energyKinetic", Ablative: 1, Shields: 10, ShieldType: "energyKinetic", Regen: 2,
				Deflector: 2, DeflectorType: "energyKinetic", TR: -1, EW: 3, EMS: 6, MF: 20, Crew: 2, Speed: 8,
				PDCount: 3, PD: RefWeapon{Count: 3, Type: "energy", Pulse: 3, Die: "D4", Range: 0, Interceptable: true},
				Sensor: 16, Weapons: []RefWeapon{
					{Count: 4, Type: "energy", Pulse: 3, Die: "D8", Mod: 2, Range: 20},
					{Count: 2, Type: "kinetic", Pulse: 2, Die: "D10", Mod: 3, Penetrating: true, Range: 25, AP: 1}}},
			{Name: "missile cruiser", Weight: 0.05, SectionHull: 14, SectionLayers: 2, CoreHull: 28, CoreLayers: 3,
				Armour: 2, ArmourType: "kinetic", Shields: 6, ShieldType: "kinetic", Regen: 1,
				TR: 1, EW: 1, EMS: 4, MF: 7, Crew: 2, Speed: 12,
				PDCount: 2, PD: RefWeapon{Count: 2, Type: "energy", Pulse: 2, Die: "D4", Range: 0, Interceptable: true},
				Sensor: 12, Weapons: []RefWeapon{
					{Count: 4, Type: "kinetic", Pulse: 2, Die: "D8", Mod: 2, Range: 20, Indirect: true, Turns: 4, Interceptable: true}}},
			{Name: "carrier", Weight: 0.89, SectionHull: 20, SectionLayers: 2, CoreHull: 40, CoreLayers: 3,
				Armour: 2, ArmourType: "energyKinetic", Shields: 4, ShieldType: "energy", Regen: 1,
				TR: 0, EW: 2, EMS: 5, MF: 10, Crew: 2, Speed: 10,
				PDCount: 2, PD: RefWeapon{Count: 2, Type: "energy", Pulse: 3, Die: "D3", Range: 0, Interceptable: true},
				Sensor: 12, Weapons: []RefWeapon{{Count: 1, Type: "energy", Pulse: 2, Die: "D6", Mod: 0, Range: 10}},
				Squadrons: 6, Squadron: RefSquadron{Strength: 6, Speed: 20, Defence: 1, TR: 6, Pulse: 2, Die: "D6", Mod: 1, Type: "energy"}},
		},
		RangeWeights:   []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
		KillTurns0:     0.073,
		HorizonTurns:   11,
		FightTurns:     5.3,
		CritBase:       10.8,
		CritPerEMS:     0.034,
		CritFragile:    0,
		DisableBase:    0.0102,
		DisableFragile: 0.0049,
		FighterWeight:  0.74,
		RegenWeight:    0.086,
		PresentBest:    1,
		// Rules §3.4.9: 4 x rating while no other EW system and no sensor
		// is used; 1 x rating once it has fired.
		StealthFull:        4,
		StealthCompromised: 1,
		CloakBonus:         0.05,
		RepairWeight:       0.45,
		TechRepairPerCrew:  1,
		RefCrew:            2,
		RamAllowed:         1.0 / 3,
		RamSuccess:         0.0014,
		RamMassRatio:       1.5,
		FTLAway:            2.875,
		FighterContact:     0.88,
		SpeedRef:           12,
		SpeedWeight:        0.059,
		TurnWeight:         0.13,
		CiCPerUnit:         2,
		CiCUnits:           2,
		UtilityCap:         0.15,
		OffenceShare:       0.55,
	}
	return t
}
