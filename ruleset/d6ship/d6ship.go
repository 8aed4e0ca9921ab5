// Package d6ship is Slipway's game of the d6 RPG starship chapter: a ship
// is a stat block a game master runs a fight from (class, crew rating,
// SPEED, DEFENSE, E-DEFENSE, shield SOAK per arc, armour, SUPERSTRUCTURE,
// CPU, point defence, fighter squadrons, weapons). The chapter prints no
// stat block, no construction rules and no points, so the package checks
// what the chapter fixes (the D6-* rules of docs/d6ship.md) and derives
// the numbers its rules make of a stat block, explained: actions, dice
// pools, FTL spool, collision and explosion damage, attack pools.
//
// It imports only the standard library, ruleset and data.
package d6ship

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// ID is the value of a stat block's "ruleset" member.
const ID = "d6ship"

// RulesVersion is the version of the chapter's rules implemented.
const RulesVersion = 1

// ModelVersion names the evaluation. The chapter prices nothing, so it
// names the derived numbers; a change of it makes the library recompute
// d6 stat blocks, and no other game's designs.
const ModelVersion = "d6ship-stats/1"

// Ruleset is the d6 starship chapter behind ruleset.Ruleset. It holds no
// state and is safe for concurrent use.
type Ruleset struct{}

var _ ruleset.Ruleset = (*Ruleset)(nil)

// New returns the ruleset.
func New() *Ruleset { return &Ruleset{} }

// Info describes the game.
func (r *Ruleset) Info() ruleset.Info {
	return ruleset.Info{
		ID:            ID,
		Name:          "d6 Starships",
		Summary:       "Starships of a d6 dice-pool roleplaying game as stat blocks a game master runs a fight from: class, crew dice, shields per arc, SUPERSTRUCTURE, CPU and weapons. The chapter has no points.",
		RulesVersions: []int{RulesVersion},
		ModelVersion:  ModelVersion,
		Value:         "no points",
	}
}

// DecodeShip reads one stat block strictly (ruleset.DecodeStrict, at most
// ruleset.MaxDocumentBytes): a structural problem is a
// *ruleset.DecodeError. It does not validate; EvaluateShip does.
func (r *Ruleset) DecodeShip(b []byte) (*Ship, error) {
	var s Ship
	if err := ruleset.DecodeStrict(b, &s, ruleset.MaxDocumentBytes); err != nil {
		if de, ok := err.(*ruleset.DecodeError); ok {
			de.Rename(func(p string) string { return Place(nil, p) })
		}
		return nil, err
	}
	return &s, nil
}

// Decode reads a stat block (DecodeShip).
func (r *Ruleset) Decode(b []byte) (ruleset.Design, error) {
	s, err := r.DecodeShip(b)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Options are the evaluation's choices.
type Options struct {
	// Players is the number of player characters crewing the ship; 0 for
	// a ship the game master runs.
	Players int
	// Velocity is the speed, in hexes a turn, the collision damage is
	// worked out at; -1 for the ship's SPEED.
	Velocity int
}

// ParseOptions reads the options players and velocity; a bad value is a
// *ruleset.FieldError naming the option and what is allowed.
func ParseOptions(o ruleset.Options) (Options, error) {
	out := Options{Velocity: -1}
	read := func(name string, hi int, to *int) error {
		v, ok := o[name]
		if !ok || v == "" {
			return nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > hi {
			return &ruleset.FieldError{Field: name, Message: fmt.Sprintf("must be a whole number from 0 to %d", hi)}
		}
		*to = n
		return nil
	}
	if err := read("players", MaxPlayers, &out.Players); err != nil {
		return out, err
	}
	if err := read("velocity", MaxVelocity, &out.Velocity); err != nil {
		return out, err
	}
	return out, nil
}

// Evaluate validates d, which must be a *Ship, and derives its numbers.
// It reads the options players (0-20: the player characters aboard, 0 for
// a ship the game master runs) and velocity (0-999 hexes a turn, for the
// collision damage; the ship's SPEED when not given).
func (r *Ruleset) Evaluate(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	s, ok := d.(*Ship)
	if !ok || s == nil {
		return nil, fmt.Errorf("d6ship: cannot evaluate a %T", d)
	}
	opt, err := ParseOptions(o)
	if err != nil {
		return nil, err
	}
	return EvaluateShip(s, opt), nil
}

// Samples are the example stat blocks of data/d6ship/samples, by file
// name. None is official: the chapter prints no stat block.
func (r *Ruleset) Samples() []ruleset.Sample {
	sub, err := fs.Sub(data.D6ship(), "samples")
	if err != nil {
		panic("d6ship: embedded samples: " + err.Error())
	}
	return ruleset.SamplesOf(sub)
}

// formLabels are the form's labels of the members a problem can name,
// where they differ from the member's own words.
var formLabels = map[string]string{
	"name": "ship name", "class": "class", "crew": "crew rating", "speed": "SPEED", "defense": "DEFENSE",
	"eDefense": "E-DEFENSE", "armour": "armour SOAK", "superstructure": "SUPERSTRUCTURE", "cpu": "CPU",
	"power": "total power", "ftl": "FTL drive", "pointDefence": "point-defence aura", "pointDefenceBonus": "point-defence bonus",
	"squadrons": "fighter squadrons", "fighters": "fighters per squadron", "damage": "damage dice", "range": "range increment",
	"bank": "bank size", "type": "type",
}

// Place names the place path points at in s, in the form's words:
// "weapons[1].arcs[0]" is "Weapon 2 (Laser bank), arc 1". s may be nil.
func Place(s *Ship, p string) string {
	return ruleset.Place(p, func(steps []ruleset.PathStep, i int) string {
		st := steps[i]
		if st.Index < 0 {
			if i == 1 && steps[0].Key == "shields" {
				return "" // "Forward shields"
			}
			return formLabels[st.Key]
		}
		if i != 1 || steps[0].Key != "weapons" {
			return ""
		}
		label := "weapon " + strconv.Itoa(st.Index+1)
		if s != nil && st.Index < len(s.Weapons) {
			if n := strings.TrimSpace(s.Weapons[st.Index].Name); n != "" && len(n) <= 60 {
				label += " (" + n + ")"
			}
		}
		return label
	})
}

// internedWords are the short strings stat blocks repeat.
var internedWords = []string{ID, "poor", "standard", "experienced", "veteran", "elite",
	TypeMissile, TypeEnergy, TypeIon, TypeBallistic, ArcForward, ArcPort, ArcStarboard, ArcAft}

func init() { ruleset.Intern(internedWords...) }
