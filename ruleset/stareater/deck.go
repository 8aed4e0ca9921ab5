package stareater

import (
	"fmt"

	"github.com/slipway/slipway/ruleset"
)

// binding is what a library bound to a loadout or team: the card sets it
// names that the caller may read, and by reference the kind of each
// document handed for one that is no card set ("loadout", "2v2 team").
type binding struct {
	sets   map[string]*CardSet
	others map[string]string
}

// Uses lists the card set a loadout or team names, when it is a library
// reference.
func (r *Ruleset) Uses(d ruleset.Design) []ruleset.Use {
	ref := ""
	switch x := d.(type) {
	case *Loadout:
		ref = x.CardSet
	case *Team:
		ref = x.CardSet
	}
	if _, _, ok := ruleset.ParseRef(ref); !ok || ref == BuiltinSet {
		return nil
	}
	return []ruleset.Use{{Path: "cardSet", Ref: ref}}
}

// Bind returns a copy of the loadout or team d with the card sets of docs
// that it names; any other design is returned as it is.
func (r *Ruleset) Bind(d ruleset.Design, docs map[string]ruleset.Design) ruleset.Design {
	b := &binding{sets: map[string]*CardSet{}, others: map[string]string{}}
	for ref, doc := range docs {
		if cs, ok := doc.(*CardSet); ok {
			b.sets[ref] = cs
		} else {
			b.others[ref] = kindName(doc)
		}
	}
	switch x := d.(type) {
	case *Loadout:
		c := *x
		c.bound = b
		return &c
	case *Team:
		c := *x
		c.bound = b
		return &c
	}
	return d
}

// kindName is a player's name for the kind of a Star Eater document.
func kindName(d ruleset.Design) string {
	switch d.(type) {
	case *Loadout:
		return "loadout"
	case *Team:
		return "2v2 team"
	case *CardSet:
		return "card set"
	}
	return "document"
}

// cardSetIs says what a card set is, to a player whose reference names
// a document of another kind.
const cardSetIs = `the document of kind "cardSet" that lists your cards' numbers`

// notACardSet is the finding (SE-SET-01) of a reference that names a
// document of another kind (a loadout, a 2v2 team) than a card set.
func notACardSet(ref, kind string) (message, hint string) {
	return fmt.Sprintf("%s is a %s, not a card set", quoted(ref), kind),
		"name a card set, " + cardSetIs + " (the designer makes one: “What are you making?”), or write builtin for the rule book's cards"
}

// CheckUse says whether used can be the document that d names by use:
// nil for a card set, else an error in a player's words saying what used
// is and what the reference must name (the caller says where used came
// from: "FILE is a loadout, not a card set: ..."). The command line asks
// it of a file given with --uses; a library reference to such a document
// is SE-SET-01 in the evaluation (notACardSet).
func (r *Ruleset) CheckUse(d ruleset.Design, use ruleset.Use, used ruleset.Design) error {
	if _, ok := used.(*CardSet); ok {
		return nil
	}
	return fmt.Errorf("is a %s, not a card set: the %s's %q names a card set, %s", kindName(used), kindName(d), use.Path, cardSetIs)
}

// setState says how a card set reference was resolved.
type setState int

const (
	setBuiltin setState = iota // "builtin"
	setFound                   // read from the library
	setMissing                 // the library has none the caller may read
	setUnbound                 // no library read it (the command line)
	setBadRef                  // not a reference
	setNotASet                 // a document of the library that is not a card set
)

// Deck is the cards and ships a loadout draws from: the catalogue with a
// card set's numbers and cards over it.
type Deck struct {
	cat   *Catalogue
	cards []Card
	index map[string]int // faction + "/" + card
	ships map[string]*ShipStats
	// Set is the card set's name, or "" for the built-in names.
	Set string
}

// deckOf is the deck of a card set reference and how it was resolved.
func deckOf(ref string, b *binding) (*Deck, setState) {
	d := &Deck{cat: BuiltinCatalogue(), index: map[string]int{}, ships: map[string]*ShipStats{}}
	for _, c := range d.cat.Cards {
		d.add(c.Card)
	}
	if ref == BuiltinSet {
		return d, setBuiltin
	}
	if _, _, ok := ruleset.ParseRef(ref); !ok {
		return d, setBadRef
	}
	if b == nil {
		return d, setUnbound
	}
	cs, ok := b.sets[ref]
	if !ok {
		if _, other := b.others[ref]; other {
			return d, setNotASet
		}
		return d, setMissing
	}
	d.Set = cs.Name
	d.over(cs)
	return d, setFound
}

func key(faction, card string) string { return faction + "/" + card }

func (d *Deck) add(c Card) {
	d.index[key(c.Faction, c.Card)] = len(d.cards)
	d.cards = append(d.cards, c)
}

// over lays a card set over the deck: its numbers over the catalogue's,
// its own cards beside them. Entries a well-formed set would not have
// (SE-SET-02) are skipped.
func (d *Deck) over(cs *CardSet) {
	for _, c := range cs.Cards[:min(len(cs.Cards), MaxCards)] {
		if d.cat.Faction(c.Faction) == nil || c.Card == "" {
			continue
		}
		i, ok := d.index[key(c.Faction, c.Card)]
		if !ok {
			if c.Name == "" || SlotOf(c.Slot) == nil {
				continue
			}
			d.add(c)
			continue
		}
		cur := &d.cards[i]
		if c.Name != "" {
			cur.Name = c.Name
		}
		if c.Weapon != "" {
			cur.Weapon = c.Weapon
		}
		if c.Effect != "" {
			cur.Effect = c.Effect
		}
		for _, s := range Stats {
			if v := *c.stat(s.ID); v != nil {
				*cur.stat(s.ID) = v
			}
		}
	}
	for i := range cs.Ships[:min(len(cs.Ships), len(d.cat.Ships)*2)] {
		s := &cs.Ships[i]
		if d.cat.Ship(s.Ship) != nil {
			d.ships[s.Ship] = s
		}
	}
}

// Card returns the card of the faction's decks, or nil.
func (d *Deck) Card(faction, id string) *Card {
	if i, ok := d.index[key(faction, id)]; ok {
		return &d.cards[i]
	}
	return nil
}

// Cards are every card, the catalogue's first.
func (d *Deck) Cards() []Card { return d.cards }

// Factions where a card of this id is, in the catalogue's order.
func (d *Deck) factionsOf(id string) []string {
	var out []string
	for _, f := range d.cat.Factions {
		if d.Card(f.ID, id) != nil {
			out = append(out, f.ID)
		}
	}
	return out
}

// ShipNumbers are a Capital Ship's numbers in this deck: the Armour Mat's
// as the card set gives them, else unknown.
type ShipNumbers struct {
	Evasion   *int
	Structure *int
	Special   string
	Priority  *int
	Armour    map[string]*int
}

// ShipNumbers returns the numbers of the catalogue's ship s.
func (d *Deck) ShipNumbers(s *Ship) ShipNumbers {
	n := ShipNumbers{Evasion: s.Evasion, Structure: s.Structure, Special: s.Special, Priority: s.Priority, Armour: map[string]*int{}}
	for _, sec := range s.Sections {
		if sec.Armour != nil {
			n.Armour[sec.ID] = sec.Armour
		}
	}
	st := d.ships[s.ID]
	if st == nil {
		return n
	}
	if st.Evasion != nil {
		n.Evasion = st.Evasion
	}
	if st.Structure != nil {
		n.Structure = st.Structure
	}
	if st.Special != "" {
		n.Special = st.Special
	}
	if st.Priority != nil {
		n.Priority = st.Priority
	}
	for _, sec := range s.Sections {
		if v, ok := st.Armour[sec.ID]; ok {
			n.Armour[sec.ID] = &v
		}
	}
	return n
}
