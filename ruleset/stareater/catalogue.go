package stareater

import (
	"encoding/json"
	"io/fs"
	"sync"

	"github.com/slipway/slipway/data"
)

// Faction is one of the game's three factions, with its decks.
type Faction struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Long   string `json:"long"`
	Prefix string `json:"prefix"`
	Help   string `json:"help"`
}

// Section is one hexagonal section of a Capital Ship's Armour Mat.
type Section struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Hex is the section's place on the mat, in axial coordinates of
	// flat-topped hexes (q, r), the ship's prow up.
	Hex [2]int `json:"hex"`
	// FlowsTo is where damage past its armour goes: "structure" or
	// another section's id (the red damage-flow line).
	FlowsTo string `json:"flowsTo"`
	// Armour is the section's armour tokens (nil: not known; the book
	// prints none, a card set gives them).
	Armour *int `json:"armour"`
}

// StructureID is the flow target of the ship's Structure.
const StructureID = "structure"

// Ship is a Capital Ship of the catalogue: its faction, its slot set,
// its fixed Special and its Armour Mat. A nil number is not known.
type Ship struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Faction string `json:"faction"`
	// Class is "battleship" or "cruiser" where the book says, else "".
	Class string `json:"class"`
	// Slots are the number of Main Weapon and Broadside slots; every hull
	// has one Point Defence, one Hangar, one Special and four corvettes.
	Slots struct {
		Main      int `json:"main"`
		Broadside int `json:"broadside"`
	} `json:"slots"`
	// Special is the name of the hull's Special Ability module, printed
	// on the Armour Mat ("" when the book does not name it); Priority
	// its priority number.
	Special      string    `json:"special"`
	Priority     *int      `json:"priority"`
	Evasion      *int      `json:"evasion"`
	Structure    *int      `json:"structure"`
	StructureHex [2]int    `json:"structureHex"`
	Start        string    `json:"start"`
	Sections     []Section `json:"sections"`
	Note         string    `json:"note"`
}

// CatalogueCard is a card of the catalogue: a Card with the book's note.
type CatalogueCard struct {
	Card
	Note string `json:"note"`
	// SlotGuessed is true when the book does not say the card's slot and
	// the catalogue's is the tool's guess.
	SlotGuessed bool `json:"slotGuessed,omitempty"`
}

// Catalogue is what the rule book names: factions, Capital Ships and
// cards, every number unknown.
type Catalogue struct {
	About    string          `json:"about"`
	LayoutBy string          `json:"layoutBy"`
	Factions []Faction       `json:"factions"`
	Ships    []Ship          `json:"ships"`
	Cards    []CatalogueCard `json:"cards"`
}

var (
	catOnce sync.Once
	cat     *Catalogue
)

// BuiltinCatalogue returns the catalogue of data/stareater/catalogue.json.
// The caller must not change it.
func BuiltinCatalogue() *Catalogue {
	catOnce.Do(func() {
		b, err := fs.ReadFile(data.Stareater(), "catalogue.json")
		if err != nil {
			panic("stareater: embedded catalogue: " + err.Error())
		}
		var c Catalogue
		if err := json.Unmarshal(b, &c); err != nil {
			panic("stareater: embedded catalogue: " + err.Error())
		}
		cat = &c
	})
	return cat
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

// Ship returns the Capital Ship id, or nil.
func (c *Catalogue) Ship(id string) *Ship {
	for i := range c.Ships {
		if c.Ships[i].ID == id {
			return &c.Ships[i]
		}
	}
	return nil
}

// SlotInfo describes a slot of the Loadout Mat.
type SlotInfo struct {
	ID     string
	Name   string
	Colour string
	Help   string
}

// Slots are the Loadout Mat's slots in the mat's order.
var Slots = []SlotInfo{
	{SlotMain, "Main Weapon", "red", "Mounted at the front of the ship; red on the Loadout Mat."},
	{SlotBroadside, "Broadsides", "yellow", "Port and starboard weapons; each firing commits to one side. Yellow on the mat."},
	{SlotPointDefence, "Point Defence", "green", "Fires at any time for Targeting Tokens, at corvettes and torpedoes only. Green on the mat."},
	{SlotHangar, "Hangar", "blue", "Launches corvettes, with a bonus when it does. Blue on the mat."},
	{SlotSpecial, "Special", "pink", "The hull's own Special Ability module, printed on its Armour Mat; it cannot be changed. Pink on the mat."},
	{SlotCorvette, "Corvette", "", "One of the four corvettes the ship carries, call-signs 1 to 4."},
}

// SlotOf returns the slot id, or nil.
func SlotOf(id string) *SlotInfo {
	for i := range Slots {
		if Slots[i].ID == id {
			return &Slots[i]
		}
	}
	return nil
}

// WeaponInfo describes a weapon class and the stats its cards carry.
type WeaponInfo struct {
	ID    string
	Name  string
	Stats []string
	// Corvette is true for the corvette weapon classes.
	Corvette bool
	Help     string
}

// Weapons are the weapon classes.
var Weapons = []WeaponInfo{
	{WeaponBeam, "Beam", []string{"damage", "range", "cooldown"}, false, "Hits a straight line Range hexes long at once, destroying every small token on it, and stops at the first Capital Ship hull section."},
	{WeaponCannon, "Cannon", []string{"damage", "speed", "tokens", "cooldown"}, false, "Fires a Projectile token that moves Speed hexes a round until it hits a hull or leaves the board; at most token count on the board."},
	{WeaponTorpedo, "Torpedo", []string{"damage", "speed", "tokens", "cooldown"}, false, "Fires a homing Torpedo token that moves Speed hexes a round and turns towards enemy Capital Ships; at most token count on the board."},
	{WeaponPointDefence, "Point Defence", []string{"range", "accuracy", "cooldown"}, false, "Shoots corvettes and torpedoes within Range in any direction, paid with Targeting Tokens; Accuracy must reach the target's Evasion."},
	{WeaponNone, "No weapon", []string{"cooldown"}, false, "A card that is not a weapon: a hangar or a special ability."},
	{WeaponDirectFire, "Direct Fire", []string{"speed", "turns", "evasion", "accuracy", "range", "damage"}, true, "A corvette weapon hitting the first target in a straight line Range long when Accuracy reaches its Evasion."},
	{WeaponToken, "Token weapon", []string{"speed", "turns", "evasion", "weaponSpeed", "damage", "tokens"}, true, "A corvette weapon that fires tokens (torpedoes) moving Weapon speed hexes a round; token count per corvette deployed."},
}

// WeaponOf returns the weapon class id, or nil.
func WeaponOf(id string) *WeaponInfo {
	for i := range Weapons {
		if Weapons[i].ID == id {
			return &Weapons[i]
		}
	}
	return nil
}

// statsOf lists the stats a card of slot and weapon class carries, in
// card order. An unknown class carries every stat its slot may.
func statsOf(slot, weapon string) []string {
	var out []string
	if w := WeaponOf(weapon); w != nil && w.Corvette == (slot == SlotCorvette) {
		out = append(out, w.Stats...)
	} else if slot == SlotCorvette {
		out = []string{"speed", "turns", "evasion", "accuracy", "range", "damage", "weaponSpeed", "tokens"}
	} else {
		switch slot {
		case SlotHangar:
			out = []string{"cooldown"}
		case SlotSpecial:
			out = []string{"cooldown"}
		default:
			out = []string{"damage", "range", "speed", "tokens", "accuracy", "cooldown"}
		}
	}
	if slot == SlotSpecial {
		out = append(out, "priority")
	}
	return append(out, "copies")
}

// StatInfo names a stat as the Icon Key does.
type StatInfo struct {
	ID   string
	Name string
	Help string
}

// Stats are the card stats, the Icon Key's seven first.
var Stats = []StatInfo{
	{"damage", "Damage", "Damage a hit deals."},
	{"range", "Range", "How far a Beam, Direct Fire or Point Defence weapon reaches, in hexes."},
	{"cooldown", "Cooldown", "The space on the Cooldown Track the Command goes to after use."},
	{"speed", "Speed", "Hexes a Projectile or Torpedo moves a round, or a corvette moves an activation."},
	{"turns", "Turns", "How many times a corvette may turn before and after it moves."},
	{"accuracy", "Accuracy", "Must be at least the target's Evasion to fire at it."},
	{"evasion", "Evasion", "A Direct Fire or Point Defence weapon needs Accuracy at least this to hit."},
	{"tokens", "Token count", "How many of the weapon's tokens may be on the board at once."},
	{"weaponSpeed", "Weapon speed", "Hexes a corvette weapon's token moves a round."},
	{"priority", "Priority", "Resolution order and tie-breaks: the lowest goes first."},
	{"copies", "Copies", "How many of this card the faction's deck holds."},
}

// StatOf returns the stat id, or nil.
func StatOf(id string) *StatInfo {
	for i := range Stats {
		if Stats[i].ID == id {
			return &Stats[i]
		}
	}
	return nil
}

// stat returns a pointer to the stat id of c, or nil for no such stat.
func (c *Card) stat(id string) **int {
	switch id {
	case "damage":
		return &c.Damage
	case "range":
		return &c.Range
	case "cooldown":
		return &c.Cooldown
	case "speed":
		return &c.Speed
	case "turns":
		return &c.Turns
	case "accuracy":
		return &c.Accuracy
	case "evasion":
		return &c.Evasion
	case "tokens":
		return &c.Tokens
	case "weaponSpeed":
		return &c.WeaponSpeed
	case "priority":
		return &c.Priority
	case "copies":
		return &c.Copies
	}
	return nil
}
