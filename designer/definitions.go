package designer

// WeaponDef is a weapon definition (rules §5.1), referenced by mounts.
type WeaponDef struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	DamageType         string   `json:"damageType"`
	Pulse              int      `json:"pulse"`
	Die                Die      `json:"die"`
	Modifier           int      `json:"modifier"`
	Effect             string   `json:"effect"`
	TargetMethod       string   `json:"targetMethod"`
	IndirectTurns      int      `json:"indirectTurns,omitempty"`
	Range              int      `json:"range"`
	AoE                int      `json:"aoe,omitempty"`
	RateOfFire         string   `json:"rateOfFire"`
	ArmourPiercing     int      `json:"armourPiercing,omitempty"`
	ShieldPiercing     int      `json:"shieldPiercing,omitempty"`
	DeflectionPiercing int      `json:"deflectionPiercing,omitempty"`
	Interceptable      bool     `json:"interceptable"`
	Targets            []string `json:"targets"`
	Qualities          []string `json:"qualities,omitempty"`
}

// SetDefaults makes a weapon interceptable unless the document says not.
func (w *WeaponDef) SetDefaults() { w.Interceptable = true }

// Indirect reports whether the weapon uses indirect targeting.
func (w *WeaponDef) Indirect() bool { return w.TargetMethod == TargetIndirect }

// Has reports whether the weapon has quality code q.
func (w *WeaponDef) Has(q string) bool { return contains(w.Qualities, q) }

// CanTarget reports whether the weapon may target t.
func (w *WeaponDef) CanTarget(t string) bool { return contains(w.Targets, t) }

// AoEDie returns the die rolled for the number of ships an area-of-effect
// weapon strikes, or "" when it has no area of effect.
func (w *WeaponDef) AoEDie() Die {
	switch w.AoE {
	case 10:
		return "D4"
	case 20:
		return "D6"
	case 30:
		return "D8"
	case 40:
		return "D10"
	case 50:
		return "D12"
	}
	return ""
}

// Weapon field values.
const (
	DamageEnergy  = "energy"
	DamageKinetic = "kinetic"

	EffectRaking      = "raking"
	EffectPenetrating = "penetrating"

	TargetDirect   = "direct"
	TargetIndirect = "indirect"

	RateUnlimited = "unlimited"
	RateLimited   = "limited"
	RateOneShot   = "oneShot"

	TargetsStarships    = "starships"
	TargetsStarfighters = "starfighters"
	TargetsDirectFire   = "directFire"
	TargetsIndirectFire = "indirectFire"
)

// WeaponQualities lists the fourteen weapon quality codes in print order.
var WeaponQualities = []string{"AM", "DM", "DS", "GR", "IO", "ML", "PH", "PO", "PR", "QM", "RT", "SP", "TM", "UN"}

// Tier3Qualities are the weapon qualities that make a weapon tier 3; the
// rest make it tier 2 (rules §5.1).
var Tier3Qualities = []string{"AM", "DM", "DS", "IO", "ML", "PH", "QM", "TM"}

// SquadronDef is a starfighter squadron definition (rules §5.2).
type SquadronDef struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Strength     int             `json:"strength"`
	Speed        int             `json:"speed"`
	Defence      int             `json:"defence"`
	TargetRating int             `json:"targetRating"`
	Qualities    []string        `json:"qualities,omitempty"`
	Weapons      []FighterWeapon `json:"weapons"`
}

// Has reports whether the squadron has quality q (ftl, breaching, ecm).
func (s *SquadronDef) Has(q string) bool { return contains(s.Qualities, q) }

// Squadron qualities.
const (
	SquadronFTL       = "ftl"
	SquadronBreaching = "breaching"
	SquadronECM       = "ecm"
)

// SquadronQualities lists the squadron quality values.
var SquadronQualities = []string{SquadronFTL, SquadronBreaching, SquadronECM}

// FighterWeapon is one weapon of a starfighter squadron.
type FighterWeapon struct {
	Name       string   `json:"name"`
	DamageType string   `json:"damageType"`
	Pulse      int      `json:"pulse"`
	Die        Die      `json:"die"`
	Modifier   int      `json:"modifier"`
	Indirect   bool     `json:"indirect,omitempty"`
	RateOfFire string   `json:"rateOfFire"`
	Targets    []string `json:"targets"`
	Qualities  []string `json:"qualities,omitempty"`
}

// Fighter weapon target values.
const (
	FighterTargetsStarships = "starships"
	FighterTargetsOther     = "other"
)

// HangarBayDef is a hangar bay definition (rules §5.3).
type HangarBayDef struct {
	ID       string         `json:"id"`
	Name     string         `json:"name"`
	Launch   int            `json:"launch"`
	Capacity int            `json:"capacity"`
	Carries  []string       `json:"carries"`
	Loadout  map[string]int `json:"loadout,omitempty"`
}

// Lookups by id. Each returns nil when the id is not defined.

// Weapon returns the weapon definition with the given id.
func (d *Design) Weapon(id string) *WeaponDef {
	for i := range d.Weapons {
		if d.Weapons[i].ID == id {
			return &d.Weapons[i]
		}
	}
	return nil
}

// Squadron returns the squadron definition with the given id.
func (d *Design) Squadron(id string) *SquadronDef {
	for i := range d.Starfighters {
		if d.Starfighters[i].ID == id {
			return &d.Starfighters[i]
		}
	}
	return nil
}

// HangarBay returns the hangar bay definition with the given id.
func (d *Design) HangarBay(id string) *HangarBayDef {
	for i := range d.HangarBays {
		if d.HangarBays[i].ID == id {
			return &d.HangarBays[i]
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
