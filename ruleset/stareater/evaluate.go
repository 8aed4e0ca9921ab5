package stareater

import (
	"fmt"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// Descriptive is what every evaluation says of its numbers.
const Descriptive = "Descriptive numbers, not official: Star Eater has no points and no combat value. A number not known is shown as ?: enter it from your card in a card set."

// Result is the evaluation of a Star Eater document: whether it is legal,
// its descriptive numbers (for a loadout, and each loadout of a team) and
// its problems. Nothing here is a price or a rating.
type Result struct {
	Ruleset      string `json:"ruleset"`
	ModelVersion string `json:"modelVersion"`
	Kind         string `json:"kind"`
	Name         string `json:"name"`
	Legal        bool   `json:"legal"`
	// Descriptive says the numbers are descriptive, not official.
	Descriptive string `json:"descriptive"`
	// CardSet names the card set the numbers come from: "builtin" or the
	// library set's name.
	CardSet string `json:"cardSet"`
	// Ship, Evasion, Structure, TotalArmour, DamagePerCooldown and
	// UnknownNumbers are a loadout's (null for a card set or a team; a
	// number null when not known).
	Ship              string   `json:"ship"`
	Evasion           *int     `json:"evasion"`
	Structure         *int     `json:"structure"`
	TotalArmour       *int     `json:"totalArmour"`
	DamagePerCooldown *float64 `json:"damagePerCooldown"`
	UnknownNumbers    int      `json:"unknownNumbers"`
	// Loadouts are the loadout's numbers (one) or the team's (two).
	Loadouts []LoadoutLine `json:"loadouts"`
	// Cards is the number of cards a card set gives.
	Cards int `json:"cards"`
	// Explanation is every known number with its formula.
	Explanation *ruleset.Node `json:"explanation"`
	// Problems are the validation problems, never nil.
	Problems ruleset.Problems `json:"problems"`
}

// LoadoutLine is one loadout with what its card set makes known.
type LoadoutLine struct {
	Player  string `json:"player,omitempty"`
	Faction string `json:"faction"`
	Ship    string `json:"ship"`
	ShipID  string `json:"shipId"`
	Class   string `json:"class,omitempty"`
	// Special is the hull's fixed Special ("" when not known) and its
	// priority number.
	Special         string        `json:"special"`
	SpecialPriority *int          `json:"specialPriority"`
	Evasion         *int          `json:"evasion"`
	Structure       *int          `json:"structure"`
	TotalArmour     *int          `json:"totalArmour"`
	Sections        []SectionLine `json:"sections"`
	Components      []CardLine    `json:"components"`
	Corvettes       []CardLine    `json:"corvettes"`
	// DamagePerCooldown is the sum of the components' damage per
	// Cooldown, over the weapons whose both numbers are known (null when
	// none is).
	DamagePerCooldown *float64 `json:"damagePerCooldown"`
	UnknownNumbers    int      `json:"unknownNumbers"`
}

// SectionLine is one hull section of the Armour Mat.
type SectionLine struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Armour  *int   `json:"armour"`
	FlowsTo string `json:"flowsTo"`
	Hex     [2]int `json:"hex"`
}

// CardLine is one card on the Loadout Mat with its stats.
type CardLine struct {
	Slot     string `json:"slot"`
	SlotName string `json:"slotName"`
	Colour   string `json:"colour,omitempty"`
	// CallSign is a corvette's call-sign, 1-4 (0 for a component).
	CallSign int         `json:"callSign,omitempty"`
	Card     string      `json:"card"`
	Name     string      `json:"name"`
	Weapon   string      `json:"weapon,omitempty"`
	Stats    []StatValue `json:"stats"`
	Effect   string      `json:"effect,omitempty"`
	// DamagePerCooldown is Damage ÷ Cooldown for a component weapon whose
	// both are known (a Cooldown of 0 counts as 1).
	DamagePerCooldown *float64 `json:"damagePerCooldown,omitempty"`
}

// StatValue is one stat of a card: null when not known.
type StatValue struct {
	Stat  string `json:"stat"`
	Name  string `json:"name"`
	Value *int   `json:"value"`
}

// Summary is what the library stores: a loadout's Capital Ship as the
// hull ("loadout" when it names none of the catalogue's; "card set" and
// "2v2 team" for the other kinds); no CV and no
// points, which the game does not have.
func (r *Result) Summary() ruleset.Summary {
	hull := r.Ship
	switch {
	case r.Kind == KindCardSet:
		hull = HullCardSet
	case r.Kind == KindTeam:
		hull = HullTeam
	case hull == "":
		hull = HullLoadout
	}
	return ruleset.Summary{Hull: hull, CarriesFighters: r.Kind != KindCardSet, Legal: r.Legal, ModelVersion: r.ModelVersion}
}

// The library's hull column of a card set and a team.
const (
	HullCardSet = "card set"
	HullTeam    = "2v2 team"
	// HullLoadout is the hull of a loadout whose ship is not the
	// catalogue's.
	HullLoadout = "loadout"
)

// Findings are the document's problems, never nil.
func (r *Result) Findings() ruleset.Problems {
	if r.Problems == nil {
		return ruleset.Problems{}
	}
	return r.Problems
}

// Explained is the explanation tree.
func (r *Result) Explained() *ruleset.Node { return r.Explanation }

func newResult(h ruleset.Head, kind string) *Result {
	return &Result{Ruleset: ID, ModelVersion: ModelVersion, Kind: kind, Name: h.Name, Descriptive: Descriptive, Loadouts: []LoadoutLine{}}
}

func setName(ref string, d *Deck) string {
	if d.Set != "" {
		return d.Set
	}
	return ref
}

// EvaluateLoadout validates l and works out its descriptive numbers.
func EvaluateLoadout(l *Loadout) *Result {
	res := newResult(l.Head(), KindLoadout)
	ps, deck := validateLoadout(l)
	res.Problems = ps.Capped(ruleset.MaxProblems)
	res.Legal = res.Problems.Legal()
	res.CardSet = setName(l.CardSet, deck)
	root := &ruleset.Node{Key: "loadout", Label: "Loadout (" + Descriptive + ")"}
	if line, node, ok := describe(l.body(), "", deck); ok {
		res.Loadouts = append(res.Loadouts, line)
		res.Ship, res.Evasion, res.Structure, res.TotalArmour = line.Ship, line.Evasion, line.Structure, line.TotalArmour
		res.DamagePerCooldown, res.UnknownNumbers = line.DamagePerCooldown, line.UnknownNumbers
		root = node
	}
	res.Explanation = root
	return res
}

// EvaluateTeam validates t and describes each teammate's loadout.
func EvaluateTeam(t *Team) *Result {
	res := newResult(t.Head(), KindTeam)
	ps, deck := validateTeam(t)
	res.Problems = ps.Capped(ruleset.MaxProblems)
	res.Legal = res.Problems.Legal()
	res.CardSet = setName(t.CardSet, deck)
	root := &ruleset.Node{Key: "team", Label: "2v2 team (" + Descriptive + ")", Value: float64(min(len(t.Loadouts), TeamSize*2)), Formula: "loadouts"}
	for i := range t.Loadouts[:min(len(t.Loadouts), TeamSize*2)] {
		if line, node, ok := describe(t.Loadouts[i].body(), t.Loadouts[i].Player, deck); ok {
			node.Key = fmt.Sprintf("loadouts[%d]", i)
			res.Loadouts = append(res.Loadouts, line)
			res.UnknownNumbers += line.UnknownNumbers
			root.Children = append(root.Children, node)
		}
	}
	res.Explanation = root
	return res
}

// EvaluateCardSet validates cs and counts its cards.
func EvaluateCardSet(cs *CardSet) *Result {
	res := newResult(cs.Head(), KindCardSet)
	res.Problems = validateCardSet(cs).Capped(ruleset.MaxProblems)
	res.Legal = res.Problems.Legal()
	res.CardSet = cs.Name
	res.Cards = min(len(cs.Cards), MaxCards)
	known := 0
	for _, c := range cs.Cards[:res.Cards] {
		for _, s := range Stats {
			if *c.stat(s.ID) != nil {
				known++
			}
		}
	}
	res.Explanation = &ruleset.Node{Key: "cardSet", Label: "Card set (" + Descriptive + ")", Value: float64(res.Cards), Formula: "cards given",
		Children: []*ruleset.Node{{Key: "numbers", Label: "Numbers given", Value: float64(known), Formula: "card numbers the set gives"}}}
	return res
}

// describe works out the descriptive numbers of one loadout from deck;
// false when its faction or ship is not the catalogue's.
func describe(b body, player string, deck *Deck) (LoadoutLine, *ruleset.Node, bool) {
	cat := deck.cat
	fac := cat.Faction(b.Faction)
	ship := cat.Ship(b.Ship)
	if fac == nil || ship == nil {
		return LoadoutLine{}, nil, false
	}
	n := deck.ShipNumbers(ship)
	line := LoadoutLine{Player: player, Faction: fac.Name, Ship: ship.Name, ShipID: ship.ID, Class: ship.Class, Special: n.Special,
		SpecialPriority: n.Priority, Evasion: n.Evasion, Structure: n.Structure, Sections: []SectionLine{}, Components: []CardLine{}, Corvettes: []CardLine{}}
	unknown := 0
	count := func(p *int) {
		if p == nil {
			unknown++
		}
	}
	count(n.Priority)
	count(n.Evasion)
	count(n.Structure)
	root := &ruleset.Node{Key: "loadout", Label: ship.Name + " loadout, numbers not known (what follows is descriptive, not official: Star Eater has no points)"}
	add := func(k, label string, p *int, formula string) {
		if p != nil {
			root.Children = append(root.Children, &ruleset.Node{Key: k, Label: label, Value: float64(*p), Formula: formula})
		}
	}
	add("evasion", "Evasion", n.Evasion, "the top of the Armour Mat")
	add("structure", "Structure", n.Structure, "the Armour Mat")
	add("specialPriority", "Special priority", n.Priority, "the bottom of the Special card")
	total, all := 0, true
	an := &ruleset.Node{Key: "totalArmour", Label: "Total armour (descriptive)", Formula: "sum of the hull sections' armour"}
	for _, s := range ship.Sections {
		a := n.Armour[s.ID]
		line.Sections = append(line.Sections, SectionLine{ID: s.ID, Name: s.Name, Armour: a, FlowsTo: s.FlowsTo, Hex: s.Hex})
		if a == nil {
			all = false
			unknown++
			continue
		}
		total += *a
		an.Inputs = append(an.Inputs, ruleset.Input{Name: s.Name, Value: float64(*a)})
	}
	if all {
		line.TotalArmour = &total
		an.Value = float64(total)
		root.Children = append(root.Children, an)
	}
	var dpc float64
	anyDPC := false
	dn := &ruleset.Node{Key: "damagePerCooldown", Label: "Damage per cooldown round (descriptive)", Formula: "sum over the weapons of damage ÷ cooldown (a cooldown of 0 counts as 1)"}
	for _, c := range b.Components[:min(len(b.Components), MaxComponents)] {
		card := deck.Card(fac.ID, c.Card)
		if card == nil || c.Slot == SlotSpecial || SlotOf(c.Slot) == nil {
			continue
		}
		cl := cardLine(card, c.Slot, &unknown)
		if card.Damage != nil && card.Cooldown != nil && contains(statsOf(card.Slot, card.Weapon), "damage") {
			v := float64(*card.Damage) / float64(max(1, *card.Cooldown))
			cl.DamagePerCooldown = &v
			dpc += v
			anyDPC = true
			dn.Children = append(dn.Children, &ruleset.Node{Key: "damagePerCooldown." + card.Card, Label: card.Name, Value: v, Formula: "damage ÷ max(1, cooldown)",
				Inputs: []ruleset.Input{{Name: "damage", Value: float64(*card.Damage)}, {Name: "cooldown", Value: float64(*card.Cooldown)}}})
		}
		line.Components = append(line.Components, cl)
	}
	if anyDPC {
		line.DamagePerCooldown = &dpc
		dn.Value = dpc
		root.Children = append(root.Children, dn)
	}
	for i, c := range b.Corvettes[:min(len(b.Corvettes), MaxCorvettes)] {
		card := deck.Card(fac.ID, c.Card)
		if card == nil {
			continue
		}
		cl := cardLine(card, SlotCorvette, &unknown)
		cl.CallSign = i + 1
		line.Corvettes = append(line.Corvettes, cl)
	}
	line.UnknownNumbers = unknown
	root.Value = float64(unknown)
	root.Formula = "numbers not known"
	root.Children = append(root.Children, &ruleset.Node{Key: "unknownNumbers", Label: "Numbers not known (enter them from your cards in a card set)", Value: float64(unknown),
		Formula: "the rule book prints no card's numbers; a card set gives them"})
	if unknown == 0 {
		root.Label = ship.Name + " loadout, every number known (descriptive, not official: Star Eater has no points)"
	}
	return line, root, true
}

func cardLine(c *Card, slot string, unknown *int) CardLine {
	s := SlotOf(slot)
	cl := CardLine{Slot: slot, SlotName: s.Name, Colour: s.Colour, Card: c.Card, Name: c.Name, Weapon: c.Weapon, Effect: c.Effect, Stats: []StatValue{}}
	for _, id := range statsOf(c.Slot, c.Weapon) {
		if id == "copies" {
			continue
		}
		v := *c.stat(id)
		if v == nil {
			*unknown++
		}
		cl.Stats = append(cl.Stats, StatValue{Stat: id, Name: StatOf(id).Name, Value: v})
	}
	return cl
}

// ShowInt writes a number a player reads: "?" when not known.
func ShowInt(p *int) string {
	if p == nil {
		return "?"
	}
	return fmt.Sprint(*p)
}

// ShowFloat writes a descriptive number to two places: "?" when not
// known.
func ShowFloat(p *float64) string {
	if p == nil {
		return "?"
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", *p), "0"), ".")
}
