package battleshift

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// Catalogue is Battleshift's one table of facts (data/battleshift/catalogue.json):
// the base numbers every ship has, the numbers that follow from its size
// band, the squadron limits, the factions and their required traits, and
// every system kind with its price, payment, limits, play profile and what
// it gives. Validation, the evaluation, the form and the schema read it;
// nothing switches on a kind's name to find a fact.
type Catalogue struct {
	Version int `json:"version"`
	// Base are the numbers of a ship before its systems.
	Base Base `json:"base"`
	// Sizes are the size bands, in order, covering 1 to the largest size.
	Sizes []SizeBand `json:"sizes"`
	// Squadron bounds a squadron, and so the largest ship.
	Squadron SquadronLimits `json:"squadron"`
	// Factions are the named factions with the kinds their ships need.
	Factions []Faction `json:"factions"`
	// Kinds are the system kinds, in the order the form and the roster
	// list them.
	Kinds []Kind `json:"kinds"`

	byKind map[string]int
	// suppressFormula explains hits to suppress by size band.
	suppressFormula string
	// formulas are the explanation's formulas, written once.
	formulas struct{ cost, hull, shields, space, maxPerSquadron string }
}

// Base are a ship's numbers before any system changes them.
type Base struct {
	// Cost is the class's cost before systems: 10 per size.
	Cost Coef `json:"cost"`
	// Hull is size + 1.
	Hull Coef `json:"hull"`
	// Shields is ⌈size/2⌉.
	Shields Coef `json:"shields"`
	// Space is 2 per size.
	Space Coef `json:"space"`
	// Hardness is the number a shield die must roll at or under: 4.
	Hardness int `json:"hardness"`
	// DestructionSave is the number a destruction test must roll at or
	// under: 3.
	DestructionSave int `json:"destructionSave"`
	// Source names the seed's lines.
	Source string `json:"source"`
}

// SizeBand holds what follows from a size in [From, To].
type SizeBand struct {
	From int `json:"from"`
	To   int `json:"to"`
	// ClassName is "destroyer", "frigate", ... "titan".
	ClassName string `json:"className"`
	// Move is the base move in inches (a destroyer's 18" includes the
	// fast drives it has built in).
	Move         int    `json:"move"`
	MovementArc  string `json:"movementArc"`
	FacingChange string `json:"facingChange"`
	// HitsToSuppress is the hits per ship to suppress a squadron.
	HitsToSuppress int `json:"hitsToSuppress"`

	// moveBase names the band's move in the explanation.
	moveBase string
}

// SquadronLimits bound a squadron: at most MaxShips ships and MaxSizeUnits
// size units, so no ship can be larger than MaxSizeUnits.
type SquadronLimits struct {
	MaxShips     int    `json:"maxShips"`
	MaxSizeUnits int    `json:"maxSizeUnits"`
	Source       string `json:"source"`
}

// Faction is a named faction whose ships must carry some kinds (BS-FAC-01).
type Faction struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Help     string   `json:"help"`
	Requires []string `json:"requires"`
	Source   string   `json:"source"`
}

// Coef is a number that grows with a ship's size:
// Base + PerSize·size + PerHalfSize·⌈size/2⌉ + PerThirdSize·⌈size/3⌉.
type Coef struct {
	Base         int `json:"base,omitempty"`
	PerSize      int `json:"perSize,omitempty"`
	PerHalfSize  int `json:"perHalfSize,omitempty"`
	PerThirdSize int `json:"perThirdSize,omitempty"`
}

// At is the coefficient's value for a ship of the given size, saturating
// rather than overflowing on absurd sizes.
func (c Coef) At(size int) int {
	v := sadd(c.Base, smul(c.PerSize, size))
	v = sadd(v, smul(c.PerHalfSize, ceilDiv(size, 2)))
	return sadd(v, smul(c.PerThirdSize, ceilDiv(size, 3)))
}

// IsZero reports whether the coefficient is zero at every size.
func (c Coef) IsZero() bool { return c == Coef{} }

// Payments a kind can take.
const (
	// PaymentSpace: the system fills space units.
	PaymentSpace = "space"
	// PaymentPoints: the system adds (or, for a weakness, takes off) points.
	PaymentPoints = "points"
	// PaymentEither: the document's "pay" chooses space or points.
	PaymentEither = "either"
	// PaymentBoth: the system fills space and adds points.
	PaymentBoth = "both"
	// PaymentNone: the system costs neither; what it gives is its price
	// (slow drives).
	PaymentNone = "none"
)

// Size-1 rules of a kind (Limits.Size1).
const (
	Size1Allowed = "allowed"
	// Size1Refused: a destroyer may not carry it (BS-SIZE-01).
	Size1Refused = "refused"
	// Size1BuiltIn: a destroyer has it built in and buys none (BS-SIZE-03).
	Size1BuiltIn = "builtIn"
)

// Kind is one row of the catalogue.
type Kind struct {
	// Kind is the value of a system entry's "kind": "lightBattery".
	Kind string `json:"kind"`
	// Name is how players write it: "Light Battery".
	Name string `json:"name"`
	// Plural is the name of several: "Light Batteries".
	Plural string `json:"plural"`
	// Phrase is how a sentence names the kind's entry when "the" and its
	// name would not read: "the No Shields weakness" (singular).
	Phrase string `json:"phrase,omitempty"`
	// Help says what it does, in a sentence a newcomer can read.
	Help string `json:"help"`
	// Space is the space units one fills, when paid in space.
	Space Coef `json:"space"`
	// Points are the points one adds, when paid in points (negative for
	// a weakness).
	Points Coef `json:"points"`
	// Payment is one of the Payment* values.
	Payment string `json:"payment"`
	// Limits are the construction limits of the kind.
	Limits Limits `json:"limits"`
	// Weapon is its play profile, when it is a weapon.
	Weapon *Weapon `json:"weapon,omitempty"`
	// Gives is what one adds to the ship.
	Gives Gives `json:"gives"`
	// Conflict notes where the seed contradicts itself about this kind,
	// and which value Slipway takes.
	Conflict string `json:"conflict,omitempty"`
	// Source names the seed's lines.
	Source string `json:"source"`

	// text is what the explanation says of the kind, written once.
	text struct {
		costLabel, costFormula string
		// gives counts the numbers the kind changes.
		gives int
	}
}

// Limits are a kind's construction limits.
type Limits struct {
	// MinSize is the smallest ship that may carry it (0: any).
	MinSize int `json:"minSize,omitempty"`
	// Size1 is one of the Size1* values.
	Size1 string `json:"size1"`
	// Once kinds appear in one entry of count 1 (BS-SYS-02).
	Once bool `json:"once,omitempty"`
	// NotWith lists the kinds it cannot go with (BS-SYS-03).
	NotWith []string `json:"notWith,omitempty"`
	// Experimental kinds need a fleet that allows them (BS-EXP-01).
	Experimental bool `json:"experimental,omitempty"`
}

// Weapon is a weapon's play profile, for the roster and the quick
// reference; the strings are printed as they are.
type Weapon struct {
	// Fires names what the profile describes when it is not the system
	// itself: "Fighter wing" for a fighter bay.
	Fires     string `json:"fires,omitempty"`
	Range     string `json:"range"`
	Arc       string `json:"arc"`
	Targeting string `json:"targeting"`
	Power     string `json:"power"`
	Timing    string `json:"timing"`
	Note      string `json:"note,omitempty"`
	// Conflict notes a range the seed gives two ways (spec §5, 7).
	Conflict string `json:"conflict,omitempty"`
}

// Gives is what one system of a kind adds to the ship. The additive
// numbers are multiplied by the entry's count; Hardness and
// DestructionSave, when not zero, replace the base value.
type Gives struct {
	Hull         Coef `json:"hull,omitzero"`
	Shields      Coef `json:"shields,omitzero"`
	Space        Coef `json:"space,omitzero"`
	Move         Coef `json:"move,omitzero"`
	FighterWings Coef `json:"fighterWings,omitzero"`
	RepairRolls  Coef `json:"repairRolls,omitzero"`
	Engulf       Coef `json:"engulf,omitzero"`
	// Hardness replaces the shields' hardness (weak shields 3, no shields 2).
	Hardness int `json:"hardness,omitempty"`
	// DestructionSave replaces the destruction save (hardened 4, flimsy 2).
	DestructionSave int `json:"destructionSave,omitempty"`
}

// Either reports whether the document chooses how the kind is paid.
func (k *Kind) Either() bool { return k.Payment == PaymentEither }

// Kind returns the row of kind, or nil.
func (c *Catalogue) Kind(kind string) *Kind {
	if i, ok := c.byKind[kind]; ok {
		return &c.Kinds[i]
	}
	return nil
}

// Faction returns the faction id, or nil.
func (c *Catalogue) Faction(id string) *Faction {
	for i := range c.Factions {
		if c.Factions[i].ID == id {
			return &c.Factions[i]
		}
	}
	return nil
}

// Band returns the size band of size, or nil when size is outside every
// band.
func (c *Catalogue) Band(size int) *SizeBand {
	for i := range c.Sizes {
		if b := &c.Sizes[i]; size >= b.From && size <= b.To {
			return b
		}
	}
	return nil
}

// MaxSize is the largest ship size: one that fills a squadron alone.
func (c *Catalogue) MaxSize() int { return c.Squadron.MaxSizeUnits }

// MaxPerSquadron is the most ships of size in one squadron:
// min(MaxShips, ⌊MaxSizeUnits / size⌋), 0 for a size outside 1..MaxSize.
func (c *Catalogue) MaxPerSquadron(size int) int {
	if size < 1 || size > c.MaxSize() {
		return 0
	}
	return min(c.Squadron.MaxShips, c.Squadron.MaxSizeUnits/size)
}

// loadCatalogue reads and checks the catalogue in fsys.
func loadCatalogue(fsys fs.FS) (*Catalogue, error) {
	b, err := fs.ReadFile(fsys, "catalogue.json")
	if err != nil {
		return nil, err
	}
	var c Catalogue
	if err := ruleset.DecodeStrict(b, &c, 0); err != nil {
		return nil, fmt.Errorf("catalogue.json: %w", err)
	}
	if err := c.index(); err != nil {
		return nil, fmt.Errorf("catalogue.json: %w", err)
	}
	return &c, nil
}

// index builds the lookup by kind and checks that the table is whole:
// kinds unique, payments and size-1 rules known, partners and required
// kinds present, the size bands contiguous from 1 to the largest size.
func (c *Catalogue) index() error {
	c.byKind = make(map[string]int, len(c.Kinds))
	for i, k := range c.Kinds {
		if k.Kind == "" || k.Name == "" || k.Plural == "" || k.Help == "" {
			return fmt.Errorf("kinds[%d]: kind, name, plural and help are required", i)
		}
		if _, dup := c.byKind[k.Kind]; dup {
			return fmt.Errorf("kind %q twice", k.Kind)
		}
		c.byKind[k.Kind] = i
		if !slices.Contains([]string{PaymentSpace, PaymentPoints, PaymentEither, PaymentBoth, PaymentNone}, k.Payment) {
			return fmt.Errorf("kind %q: unknown payment %q", k.Kind, k.Payment)
		}
		if !slices.Contains([]string{Size1Allowed, Size1Refused, Size1BuiltIn}, k.Limits.Size1) {
			return fmt.Errorf("kind %q: unknown size1 %q", k.Kind, k.Limits.Size1)
		}
	}
	for _, k := range c.Kinds {
		for _, p := range k.Limits.NotWith {
			q := c.Kind(p)
			if q == nil || !slices.Contains(q.Limits.NotWith, k.Kind) {
				return fmt.Errorf("kind %q: partner %q is not in the catalogue or does not name it back", k.Kind, p)
			}
		}
	}
	for _, f := range c.Factions {
		for _, r := range f.Requires {
			if c.Kind(r) == nil {
				return fmt.Errorf("faction %q requires %q, which is not in the catalogue", f.ID, r)
			}
		}
	}
	if c.Squadron.MaxShips < 1 || c.Squadron.MaxSizeUnits < 1 {
		return fmt.Errorf("squadron limits must be positive")
	}
	next := 1
	for _, b := range c.Sizes {
		if b.From != next || b.To < b.From {
			return fmt.Errorf("size band %d-%d does not follow %d", b.From, b.To, next-1)
		}
		next = b.To + 1
	}
	if next != c.MaxSize()+1 {
		return fmt.Errorf("size bands end at %d, the largest size is %d", next-1, c.MaxSize())
	}
	c.suppressFormula = c.bandFormula(func(b *SizeBand) int { return b.HitsToSuppress })
	for i := range c.Sizes {
		c.Sizes[i].moveBase = "base for a " + c.Sizes[i].ClassName
	}
	c.formulas.cost = c.Base.Cost.Formula()
	c.formulas.hull = c.Base.Hull.Formula() + " + what systems add"
	c.formulas.shields = c.Base.Shields.Formula() + " + what systems add"
	c.formulas.space = c.Base.Space.Formula() + " + what systems add"
	c.formulas.maxPerSquadron = "min(" + itoa(c.Squadron.MaxShips) + ", ⌊" + itoa(c.Squadron.MaxSizeUnits) + " / size⌋)"
	for i := range c.Kinds {
		k := &c.Kinds[i]
		k.text.costFormula = "count × " + k.Points.Formula()
		switch {
		case k.Payment == PaymentBoth:
			k.text.costLabel = k.Plural + ", space and points"
		case k.Points.At(1) < 0:
			k.text.costLabel = k.Name + " (weakness discount)"
		case k.Limits.Once:
			k.text.costLabel = k.Name + ", paid in points"
		default:
			k.text.costLabel = k.Plural + ", paid in points"
		}
		g := &k.Gives
		for _, coef := range []Coef{g.Hull, g.Shields, g.Space, g.Move, g.FighterWings, g.RepairRolls, g.Engulf} {
			if !coef.IsZero() {
				k.text.gives++
			}
		}
		if g.Hardness != 0 {
			k.text.gives++
		}
		if g.DestructionSave != 0 {
			k.text.gives++
		}
	}
	return nil
}

// ceilDiv is ⌈n/d⌉ for d > 0, for any n.
func ceilDiv(n, d int) int {
	q := n / d
	if n%d != 0 && n > 0 {
		q++
	}
	return q
}

// limit bounds every derived number, so that no sum or product of
// document values can overflow: an int64 of at most 2^50 is exact as a
// JSON number too.
const limit = 1 << 50

func clamp(v int) int { return max(-limit, min(limit, v)) }

// sadd and smul add and multiply, saturating at ±limit.
func sadd(a, b int) int { return clamp(clamp(a) + clamp(b)) }

func smul(a, b int) int {
	a, b = clamp(a), clamp(b)
	if a == 0 || b == 0 {
		return 0
	}
	if abs(a) > limit/abs(b) {
		if (a < 0) != (b < 0) {
			return -limit
		}
		return limit
	}
	return a * b
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// bandFormula writes a size-band number by band, merging neighbours with
// the same value: "size 1-3 → 1, 4-7 → 2, 8-10 → 3, 11-21 → 5".
func (c *Catalogue) bandFormula(pick func(*SizeBand) int) string {
	var parts []string
	for i := 0; i < len(c.Sizes); {
		j := i
		for j+1 < len(c.Sizes) && pick(&c.Sizes[j+1]) == pick(&c.Sizes[i]) {
			j++
		}
		from, to := c.Sizes[i].From, c.Sizes[j].To
		r := itoa(from)
		if to != from {
			r += "-" + itoa(to)
		}
		parts = append(parts, r+" → "+itoa(pick(&c.Sizes[i])))
		i = j + 1
	}
	return "by size: " + strings.Join(parts, ", ")
}
