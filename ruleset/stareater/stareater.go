// Package stareater is Slipway's game of Star Eater, a board game of
// Capital Ship duels: a player takes one pre-designed Capital Ship of their
// faction and fills its Loadout Mat with cards from the faction's decks.
// Its documents are a loadout (the design), a card set (the numbers of a
// player's own cards, which the rule book does not print) and a 2v2 team
// (two loadouts sharing one faction's decks). The game has no points and
// no combat value: the package checks the SE-* rules of docs/stareater.md
// and shows descriptive numbers only, where the card set makes them known.
//
// It imports only the standard library, ruleset and data.
package stareater

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// ID is the value of a document's "ruleset" member.
const ID = "stareater"

// RulesVersion is the version of the rules implemented.
const RulesVersion = 1

// ModelVersion names the evaluation: descriptive numbers, no price.
const ModelVersion = "stareater-stats/1"

// Ruleset is Star Eater behind ruleset.Ruleset. It holds no state and is
// safe for concurrent use.
type Ruleset struct{}

var (
	_ ruleset.Ruleset  = (*Ruleset)(nil)
	_ ruleset.Referrer = (*Ruleset)(nil)
)

// New returns the ruleset.
func New() *Ruleset { return &Ruleset{} }

// Info describes the game.
func (r *Ruleset) Info() ruleset.Info {
	return ruleset.Info{
		ID:            ID,
		Name:          "Star Eater",
		Summary:       "Star Eater loadouts: one pre-designed Capital Ship of your faction with its Loadout Mat filled from the faction's decks, numbers from your own cards. The game has no points; the numbers shown are descriptive, not official.",
		RulesVersions: []int{RulesVersion},
		ModelVersion:  ModelVersion,
		Value:         "no points (descriptive numbers, not official)",
	}
}

// Decode reads a loadout, a card set or a team strictly, by its "kind"
// member (a document with another kind, or none, is read as a loadout,
// whose evaluation reports SE-KIND-01).
func (r *Ruleset) Decode(b []byte) (ruleset.Design, error) {
	kind, _ := ruleset.PeekString(b, "kind")
	var d ruleset.Design
	switch kind {
	case KindCardSet:
		d = new(CardSet)
	case KindTeam:
		d = new(Team)
	default:
		d = new(Loadout)
	}
	if err := ruleset.DecodeStrict(b, d, ruleset.MaxDocumentBytes); err != nil {
		if de, ok := err.(*ruleset.DecodeError); ok {
			de.Rename(func(p string) string { return Place(nil, p) })
		}
		return nil, err
	}
	return d, nil
}

// Evaluate validates d (a loadout, card set or team this ruleset decoded)
// and works out its descriptive numbers. It takes no options.
func (r *Ruleset) Evaluate(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	switch x := d.(type) {
	case *Loadout:
		if x != nil {
			return EvaluateLoadout(x), nil
		}
	case *CardSet:
		if x != nil {
			return EvaluateCardSet(x), nil
		}
	case *Team:
		if x != nil {
			return EvaluateTeam(x), nil
		}
	}
	return nil, fmt.Errorf("stareater: cannot evaluate a %T", d)
}

// Samples are the documents of data/stareater/samples, by file name: the
// rule book's first-game loadouts, a 2v2 team and an example card set.
func (r *Ruleset) Samples() []ruleset.Sample {
	sub, err := fs.Sub(data.Stareater(), "samples")
	if err != nil {
		panic("stareater: embedded samples: " + err.Error())
	}
	return ruleset.SamplesOf(sub)
}

// formLabels are the form's labels of the members a problem can name.
var formLabels = map[string]string{
	"name": "name", "kind": "kind of document", "faction": "faction", "ship": "Capital Ship", "cardSet": "card set",
	"components": "components", "corvettes": "corvettes", "slot": "slot", "card": "card", "loadouts": "loadouts",
	"player": "player", "cards": "cards", "ships": "ships", "weapon": "weapon class", "copies": "copies",
	"effect": "effect", "armour": "armour", "structure": "Structure", "evasion": "Evasion", "special": "Special",
	"priority": "priority", "weaponSpeed": "weapon speed", "tokens": "token count",
}

// Place names the place path points at, in the form's words:
// "components[1].card" is "Component 2, card"; "corvettes[0]" is
// "Corvette 1". d may be nil.
func Place(d ruleset.Design, p string) string {
	return ruleset.Place(p, func(steps []ruleset.PathStep, i int) string {
		st := steps[i]
		if st.Index < 0 {
			if i > 0 && steps[i-1].Key == "armour" {
				return "section " + st.Key
			}
			return formLabels[st.Key]
		}
		if i == 0 {
			return ""
		}
		switch steps[i-1].Key {
		case "components":
			return "component " + strconv.Itoa(st.Index+1)
		case "corvettes":
			return "corvette " + strconv.Itoa(st.Index+1)
		case "loadouts":
			label := "loadout " + strconv.Itoa(st.Index+1)
			if t, ok := d.(*Team); ok && t != nil && st.Index < len(t.Loadouts) {
				if n := strings.TrimSpace(t.Loadouts[st.Index].Player); n != "" && len(n) <= 60 {
					label += " (" + n + ")"
				}
			}
			return label
		case "cards":
			label := "card " + strconv.Itoa(st.Index+1)
			if cs, ok := d.(*CardSet); ok && cs != nil && st.Index < len(cs.Cards) {
				if n := strings.TrimSpace(cs.Cards[st.Index].Name); n != "" && len(n) <= 60 {
					label += " (" + n + ")"
				} else if n := cs.Cards[st.Index].Card; n != "" && len(n) <= 40 {
					label += " (" + n + ")"
				}
			}
			return label
		case "ships":
			return "ship " + strconv.Itoa(st.Index+1)
		}
		return ""
	})
}

func init() {
	words := []string{ID, KindLoadout, KindCardSet, KindTeam, BuiltinSet}
	for _, s := range Slots {
		words = append(words, s.ID)
	}
	for _, f := range BuiltinCatalogue().Factions {
		words = append(words, f.ID)
	}
	for _, c := range BuiltinCatalogue().Cards {
		words = append(words, c.Card.Card)
	}
	ruleset.Intern(words...)
}
