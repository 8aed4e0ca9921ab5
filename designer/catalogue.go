package designer

import (
	"fmt"
	"sort"

	"github.com/slipway/slipway/data"
)

// Catalogue is the systems table of rules §4: every kind of system with
// its category, tier, rating range, placement, power and space. Validation,
// costing, the sheets and the web form all read it; nothing switches on a
// kind by name.
type Catalogue struct {
	Version    int               `json:"version"`
	Categories []Category        `json:"categories"`
	Other      OtherCoefficients `json:"other"`
	Options    []OptionTier      `json:"options"`
	Kinds      []Kind            `json:"kinds"`

	byKind map[string]*Kind
	byCat  map[string]*Category
	// kindSlots is byKind as an open-addressed table (linear probing,
	// a power of two at least twice the kinds), cheaper to probe with a
	// short name than the map is to hash it.
	kindSlots []*Kind
}

// Category is a system category with its record-sheet colour and order.
type Category struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Colour string `json:"colour"`
	Order  int    `json:"order"`
}

// Kind is one row of the catalogue.
type Kind struct {
	Kind       string                `json:"kind"`
	Name       string                `json:"name"`
	Category   string                `json:"category"`
	Tier       int                   `json:"tier"`
	Rating     RatingSpec            `json:"rating"`
	RatingRule string                `json:"ratingRule"`
	Placement  string                `json:"placement"`
	Required   *Requirement          `json:"required,omitempty"`
	Params     map[string]*ParamSpec `json:"params,omitempty"`
	Power      Coefficients          `json:"power"`
	Space      Coefficients          `json:"space"`
	Icon       string                `json:"icon"`
	Unit       string                `json:"unit,omitempty"`
	Notes      string                `json:"notes,omitempty"`

	// Worked out by the catalogue's index, so that validation looks
	// nothing up by name: Params in ParamNames order, and whether the kind
	// generates shields (its arc parameter is governed by R-SEC-05).
	indexed   bool
	params    [4]*ParamSpec
	shieldGen bool
}

// param returns the spec of parameter ParamNames[i], or nil.
func (k *Kind) param(i int) *ParamSpec {
	if k.indexed {
		return k.params[i]
	}
	return k.Params[ParamNames[i]]
}

// KindReactor is the reactor kind, whose rating costing derives from the
// power each section draws (rules §6.3).
const KindReactor = "reactor"

// Rating modes.
const (
	RatingRange     = "range"     // the player enters a rating in [Min, Max]
	RatingNone      = "none"      // the system has no rating
	RatingDerived   = "derived"   // computed by costing (reactors)
	RatingAutomatic = "automatic" // never entered at all (life support)
)

// Placement rules a kind may name.
const (
	PlacementAny              = "any"
	PlacementFacingSideOrCore = "facingSideOrCore"
)

// Parameter requirement values.
const (
	RequiredAlways = "always" // every entry names the parameter
	RequiredCore   = "core"   // entries in the core name it; outboard ones may
)

// Requirement says that every design must carry at least one system of
// a kind, anywhere or in the core, on pain of Rule.
type Requirement struct {
	Where string `json:"where"` // "any" or "core"
	Rule  string `json:"rule"`
}

// RatingSpec says how a kind is rated.
type RatingSpec struct {
	Mode string `json:"mode"`
	Min  int    `json:"min,omitempty"`
	Max  int    `json:"max,omitempty"`
}

// ParamSpec describes one parameter (facing, axis, arc, type) of a kind.
type ParamSpec struct {
	Values   []string `json:"values"`
	Required string   `json:"required"`
	Rule     string   `json:"rule"`
}

// Coefficients turn a rating into power or space:
// Base + PerRating*rating + PerInverseRating*(11-rating).
type Coefficients struct {
	Base             float64 `json:"base,omitempty"`
	PerRating        float64 `json:"perRating,omitempty"`
	PerInverseRating float64 `json:"perInverseRating,omitempty"`
}

// Of evaluates the coefficients for one copy at the given rating.
func (c Coefficients) Of(rating int) float64 {
	v := c.Base
	if c.PerRating != 0 {
		v += float64(c.PerRating * float64(rating))
	}
	if c.PerInverseRating != 0 {
		v += float64(c.PerInverseRating * float64(11-rating))
	}
	return v
}

// PowerSpace is a pair of power and space coefficients.
type PowerSpace struct {
	Power float64 `json:"power"`
	Space float64 `json:"space"`
}

// WeaponPowerRule holds the factors of the weapon mount power formula.
type WeaponPowerRule struct {
	KineticFactor float64 `json:"kineticFactor"`
	LimitedFactor float64 `json:"limitedFactor"`
	OneShotFactor float64 `json:"oneShotFactor"`
	RangeDivisor  float64 `json:"rangeDivisor"`
}

// OtherCoefficients are the power and space of things that are not systems.
type OtherCoefficients struct {
	ShieldHit        PowerSpace      `json:"shieldHit"`
	ArmourPerHullHit PowerSpace      `json:"armourPerHullHit"`
	HangarLaunch     PowerSpace      `json:"hangarLaunch"`
	Weapon           WeaponPowerRule `json:"weapon"`
}

// OptionTier gives the tier of a design option value (hull type, movement,
// shield and armour types).
type OptionTier struct {
	Option string `json:"option"`
	Value  string `json:"value"`
	Tier   int    `json:"tier"`
}

// LoadCatalogue parses and checks a catalogue: strict JSON, no duplicate
// kinds, known categories, sane tiers, ranges and parameters.
func LoadCatalogue(b []byte) (*Catalogue, error) {
	var c Catalogue
	if err := DecodeStrict(b, &c, 0); err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	if err := c.index(); err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	return &c, nil
}

// BuiltinCatalogue loads the catalogue embedded in package data. The
// embedded table is tested, so an error here is a build defect.
func BuiltinCatalogue() *Catalogue {
	c, err := LoadCatalogue(data.CatalogueJSON())
	if err != nil {
		panic(err)
	}
	return c
}

func (c *Catalogue) index() error {
	c.byKind = make(map[string]*Kind, len(c.Kinds))
	c.byCat = make(map[string]*Category, len(c.Categories))
	for i := range c.Categories {
		cat := &c.Categories[i]
		if cat.ID == "" || c.byCat[cat.ID] != nil {
			return fmt.Errorf("category %d: empty or duplicate id %q", i, cat.ID)
		}
		c.byCat[cat.ID] = cat
	}
	for i := range c.Kinds {
		k := &c.Kinds[i]
		where := fmt.Sprintf("kinds[%d] (%s)", i, k.Kind)
		if k.Kind == "" || k.Name == "" || k.Icon == "" {
			return fmt.Errorf("%s: kind, name and icon are required", where)
		}
		if c.byKind[k.Kind] != nil {
			return fmt.Errorf("%s: duplicate kind", where)
		}
		if c.byCat[k.Category] == nil {
			return fmt.Errorf("%s: unknown category %q", where, k.Category)
		}
		if k.Tier < 1 || k.Tier > 3 {
			return fmt.Errorf("%s: tier %d outside 1-3", where, k.Tier)
		}
		switch k.Rating.Mode {
		case RatingRange:
			if k.Rating.Min < 1 || k.Rating.Max < k.Rating.Min {
				return fmt.Errorf("%s: bad rating range %d-%d", where, k.Rating.Min, k.Rating.Max)
			}
		case RatingNone, RatingDerived, RatingAutomatic:
			if k.Rating.Min != 0 || k.Rating.Max != 0 {
				return fmt.Errorf("%s: rating mode %s takes no range", where, k.Rating.Mode)
			}
		default:
			return fmt.Errorf("%s: unknown rating mode %q", where, k.Rating.Mode)
		}
		if k.RatingRule == "" {
			return fmt.Errorf("%s: ratingRule is required", where)
		}
		if k.Placement != PlacementAny && k.Placement != PlacementFacingSideOrCore {
			return fmt.Errorf("%s: unknown placement %q", where, k.Placement)
		}
		if r := k.Required; r != nil && (r.Rule == "" || (r.Where != "any" && r.Where != "core")) {
			return fmt.Errorf("%s: required needs where any|core and a rule", where)
		}
		for name, p := range k.Params {
			if name != "facing" && name != "axis" && name != "arc" && name != "type" {
				return fmt.Errorf("%s: unknown parameter %q", where, name)
			}
			if p == nil || len(p.Values) == 0 || p.Rule == "" {
				return fmt.Errorf("%s: parameter %s needs values and a rule", where, name)
			}
			if p.Required != RequiredAlways && p.Required != RequiredCore {
				return fmt.Errorf("%s: parameter %s: required must be always or core", where, name)
			}
		}
		if k.Power.Base < 0 || k.Power.PerRating < 0 || k.Power.PerInverseRating < 0 ||
			k.Space.Base < 0 || k.Space.PerRating < 0 || k.Space.PerInverseRating < 0 {
			return fmt.Errorf("%s: negative power or space", where)
		}
		for j, pn := range ParamNames {
			k.params[j] = k.Params[pn]
		}
		k.shieldGen = k.Params["arc"] != nil && k.Params["arc"].Rule == "R-SEC-05"
		k.indexed = true
		c.byKind[k.Kind] = k
	}
	n := 16
	for n < 2*len(c.Kinds) {
		n *= 2
	}
	c.kindSlots = make([]*Kind, n)
	for i := range c.Kinds {
		k := &c.Kinds[i]
		h := nameHash(k.Kind) & (n - 1)
		for c.kindSlots[h] != nil {
			h = (h + 1) & (n - 1)
		}
		c.kindSlots[h] = k
	}
	for _, o := range c.Options {
		if o.Tier < 1 || o.Tier > 3 {
			return fmt.Errorf("option %s=%s: tier %d outside 1-3", o.Option, o.Value, o.Tier)
		}
	}
	return nil
}

// Kind returns the catalogue row for a kind, or nil when unknown.
func (c *Catalogue) Kind(kind string) *Kind {
	if n := len(c.kindSlots); n > 0 && kind != "" {
		for h := nameHash(kind) & (n - 1); c.kindSlots[h] != nil; h = (h + 1) & (n - 1) {
			if c.kindSlots[h].Kind == kind {
				return c.kindSlots[h]
			}
		}
		return nil
	}
	return c.byKind[kind]
}

// Category returns a category by id, or nil.
func (c *Catalogue) Category(id string) *Category { return c.byCat[id] }

// OptionTier returns the tier of an option value, or 0 when not listed.
func (c *Catalogue) OptionTier(option, value string) int {
	for _, o := range c.Options {
		if o.Option == option && o.Value == value {
			return o.Tier
		}
	}
	return 0
}

// KindNames returns every kind name, sorted, for error hints.
func (c *Catalogue) KindNames() []string {
	out := make([]string, 0, len(c.Kinds))
	for _, k := range c.Kinds {
		out = append(out, k.Kind)
	}
	sort.Strings(out)
	return out
}

// ParamNames lists the parameters a system entry may carry, in order.
var ParamNames = []string{"facing", "axis", "arc", "type"}

// Param returns the value of parameter name on s.
func (s *System) Param(name string) string {
	switch name {
	case "facing":
		return s.Facing
	case "axis":
		return s.Axis
	case "arc":
		return s.Arc
	case "type":
		return s.Type
	}
	return ""
}
