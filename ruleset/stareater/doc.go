package stareater

import "github.com/slipway/slipway/ruleset"

// Document kinds, the value of a document's "kind" member.
const (
	KindLoadout = "loadout"
	KindCardSet = "cardSet"
	KindTeam    = "team"
)

// Slots of the Loadout Mat as a document names them.
const (
	SlotMain         = "main"
	SlotBroadside    = "broadside"
	SlotPointDefence = "pointDefence"
	SlotHangar       = "hangar"
	SlotSpecial      = "special"
	SlotCorvette     = "corvette"
)

// Weapon classes of a card.
const (
	WeaponBeam         = "beam"
	WeaponCannon       = "cannon"
	WeaponTorpedo      = "torpedo"
	WeaponPointDefence = "pointDefence"
	WeaponDirectFire   = "directFire" // corvettes only
	WeaponToken        = "token"      // a corvette weapon that makes tokens
	WeaponNone         = "none"
)

// BuiltinSet is the card set of the rule book's names, every number
// unknown.
const BuiltinSet = "builtin"

// Loadout is one player's loadout: a Capital Ship of their faction and a
// card on each slot of its Loadout Mat, from a card set. Its Special is the
// hull's and is not chosen.
type Loadout struct {
	Schema       int      `json:"schema"`
	Ruleset      string   `json:"ruleset"`
	RulesVersion int      `json:"rulesVersion"`
	Kind         string   `json:"kind"`
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Tags         []string `json:"tags,omitempty"`
	Universe     string   `json:"universe,omitempty"`
	// Faction is lamais, fpa or uniset.
	Faction string `json:"faction"`
	// Ship is the Capital Ship's id: "rnc-gilgamesh".
	Ship string `json:"ship"`
	// CardSet names the cards' numbers: "builtin" (the book's names,
	// numbers unknown) or a card set of the library, "<id>" or
	// "<id>@<version>".
	CardSet string `json:"cardSet"`
	// Components are the cards on the component slots (not the Special).
	Components []Component `json:"components"`
	// Corvettes are the four corvette cards, call-signs 1 to 4 in order.
	Corvettes []Corvette `json:"corvettes"`

	bound *binding
}

// Component is one component card on one slot.
type Component struct {
	Slot string `json:"slot"`
	Card string `json:"card"`
}

// Corvette is one corvette card.
type Corvette struct {
	Card string `json:"card"`
}

// Team is a 2v2 team: two loadouts of one faction that share its decks.
type Team struct {
	Schema       int           `json:"schema"`
	Ruleset      string        `json:"ruleset"`
	RulesVersion int           `json:"rulesVersion"`
	Kind         string        `json:"kind"`
	Name         string        `json:"name"`
	Description  string        `json:"description,omitempty"`
	Tags         []string      `json:"tags,omitempty"`
	Universe     string        `json:"universe,omitempty"`
	CardSet      string        `json:"cardSet"`
	Loadouts     []TeamLoadout `json:"loadouts"`

	bound *binding
}

// TeamLoadout is one teammate's loadout.
type TeamLoadout struct {
	// Player names the teammate.
	Player     string      `json:"player"`
	Faction    string      `json:"faction"`
	Ship       string      `json:"ship"`
	Components []Component `json:"components"`
	Corvettes  []Corvette  `json:"corvettes"`
}

// body is what a loadout chooses, a loadout's or a teammate's.
type body struct {
	Faction    string
	Ship       string
	Components []Component
	Corvettes  []Corvette
}

func (l *Loadout) body() body {
	return body{Faction: l.Faction, Ship: l.Ship, Components: l.Components, Corvettes: l.Corvettes}
}

func (t *TeamLoadout) body() body {
	return body{Faction: t.Faction, Ship: t.Ship, Components: t.Components, Corvettes: t.Corvettes}
}

// CardSet is a player's card set: the numbers of cards as printed on their
// own cards (or cards of their own making), and of Capital Ships as their
// Armour Mats print them.
type CardSet struct {
	Schema       int         `json:"schema"`
	Ruleset      string      `json:"ruleset"`
	RulesVersion int         `json:"rulesVersion"`
	Kind         string      `json:"kind"`
	Name         string      `json:"name"`
	Description  string      `json:"description,omitempty"`
	Tags         []string    `json:"tags,omitempty"`
	Universe     string      `json:"universe,omitempty"`
	Cards        []Card      `json:"cards"`
	Ships        []ShipStats `json:"ships,omitempty"`
}

// Card is one card of a deck: the catalogue's entry, or a card set's. A
// nil number is not known.
type Card struct {
	Faction string `json:"faction"`
	// Card is the card's id within its faction's decks: "ac-10-rail-cannon".
	Card string `json:"card"`
	// Name is the card's name; a card set may leave it out for a card of
	// the catalogue.
	Name string `json:"name,omitempty"`
	// Slot is main, broadside, pointDefence, hangar, special or corvette;
	// a card set may leave it out for a card of the catalogue.
	Slot string `json:"slot,omitempty"`
	// Weapon is the weapon class: beam, cannon, torpedo, pointDefence,
	// directFire (corvettes), token (corvettes) or none.
	Weapon      string `json:"weapon,omitempty"`
	Damage      *int   `json:"damage,omitempty"`
	Range       *int   `json:"range,omitempty"`
	Cooldown    *int   `json:"cooldown,omitempty"`
	Speed       *int   `json:"speed,omitempty"`
	Turns       *int   `json:"turns,omitempty"`
	Accuracy    *int   `json:"accuracy,omitempty"`
	Evasion     *int   `json:"evasion,omitempty"`
	Tokens      *int   `json:"tokens,omitempty"`
	WeaponSpeed *int   `json:"weaponSpeed,omitempty"`
	Priority    *int   `json:"priority,omitempty"`
	// Copies is how many of the card the faction's deck holds.
	Copies *int `json:"copies,omitempty"`
	// Effect is the card's effect text.
	Effect string `json:"effect,omitempty"`
}

// ShipStats are a Capital Ship's numbers from its Armour Mat.
type ShipStats struct {
	Ship      string         `json:"ship"`
	Evasion   *int           `json:"evasion,omitempty"`
	Structure *int           `json:"structure,omitempty"`
	Special   string         `json:"special,omitempty"`
	Priority  *int           `json:"priority,omitempty"`
	Armour    map[string]int `json:"armour,omitempty"`
}

// Head returns the loadout's envelope and metadata.
func (l *Loadout) Head() ruleset.Head {
	return ruleset.Head{Schema: l.Schema, Ruleset: l.Ruleset, RulesVersion: l.RulesVersion, Name: l.Name,
		Description: l.Description, Tags: l.Tags, Universe: l.Universe}
}

// Head returns the team's envelope and metadata.
func (t *Team) Head() ruleset.Head {
	return ruleset.Head{Schema: t.Schema, Ruleset: t.Ruleset, RulesVersion: t.RulesVersion, Name: t.Name,
		Description: t.Description, Tags: t.Tags, Universe: t.Universe}
}

// Head returns the card set's envelope and metadata.
func (c *CardSet) Head() ruleset.Head {
	return ruleset.Head{Schema: c.Schema, Ruleset: c.Ruleset, RulesVersion: c.RulesVersion, Name: c.Name,
		Description: c.Description, Tags: c.Tags, Universe: c.Universe}
}
