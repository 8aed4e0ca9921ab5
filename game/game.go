// Package game is table mode's record of a game (docs/table.md): the
// ships started from a design or from one or two fleets, each ship's
// marks on its record sheet's boxes, the turn, a log of what was marked
// and when, and undo and redo. It holds no I/O: the library stores a
// Game as one document, the API and the page change it only through
// Apply. What a mark may be and what the rules derive from the marks is
// the game system's (ruleset.Play), never this package's.
package game

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/slipway/slipway/ruleset"
)

// Limits of one game: they bound what a game may cost to store, send and
// work out.
const (
	// MaxShips is the most ships of a game: two fleets of 20.
	MaxShips = 40
	// MaxLog is the most log entries of a game: every mark, turn and
	// critical is one; a long game marks a few hundred boxes.
	MaxLog = 5000
	// MaxBatch is the most changes one request sends.
	MaxBatch = 200
	// MaxBytes is the most bytes a game's stored document may take.
	MaxBytes = 4 << 20
	// MaxNameLen is the longest game name, in characters.
	MaxNameLen = 80
	// MaxTurn is the highest turn number.
	MaxTurn = 999
)

// Error is a change or a game the rules refuse: which field and why, in
// a player's words.
type Error struct {
	Field   string
	Message string
}

func (e *Error) Error() string { return e.Field + ": " + e.Message }

func errorf(field, format string, args ...any) *Error {
	return &Error{Field: field, Message: fmt.Sprintf(format, args...)}
}

// Stale is Apply's answer to a change made on an older revision than the
// game's: nothing is applied, and the caller shows both states.
type Stale struct{ Base, Rev int }

func (e *Stale) Error() string {
	return fmt.Sprintf("the game is at revision %d, the changes were made at revision %d", e.Rev, e.Base)
}

// Side is one side of a game: a fleet, or the ships of one design.
type Side struct {
	Name string `json:"name"`
}

// Ship is one ship in play.
type Ship struct {
	// Key names the ship in the game ("s1", "s2", ...), in marks and log.
	Key string `json:"key"`
	// Side is the index of the ship's side.
	Side int `json:"side"`
	// Name is the ship's own name, or its class's when it has none.
	Name string `json:"name"`
	// Class is the design's name.
	Class string `json:"class"`
	// Ruleset is the design's game.
	Ruleset string `json:"ruleset"`
	// Document is the design as the game started, unchanged whatever
	// happens to the design in the library later.
	Document json.RawMessage `json:"document"`
}

// Change is what one step did to one box: its mark before and after.
type Change struct {
	Ship string `json:"ship"`
	Box  string `json:"box"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Step is one undoable change: marks, or the turn moved.
type Step struct {
	Changes  []Change `json:"changes,omitempty"`
	TurnFrom int      `json:"turnFrom,omitempty"`
	TurnTo   int      `json:"turnTo,omitempty"`
	Text     string   `json:"text"`
}

// Entry is one line of the log.
type Entry struct {
	// N numbers the entries from 1.
	N    int       `json:"n"`
	Turn int       `json:"turn"`
	At   time.Time `json:"at"`
	Ship string    `json:"ship,omitempty"`
	Text string    `json:"text"`
}

// Game is the record of one game.
type Game struct {
	Name  string `json:"name"`
	Sides []Side `json:"sides"`
	Ships []Ship `json:"ships"`
	// Turn is the current turn, from 1.
	Turn int `json:"turn"`
	// Rev counts the batches applied; a batch names the revision it was
	// made on.
	Rev int `json:"rev"`
	// Marks are each ship's marked boxes: ship key to box id to mark.
	Marks map[string]map[string]string `json:"marks"`
	Log   []Entry                      `json:"log"`
	// Undo holds the steps undo takes back, the last on top; Redo the
	// steps undone, which a new step clears.
	Undo []Step `json:"undo"`
	Redo []Step `json:"redo"`
}

// ShipInput is a ship to start a game with.
type ShipInput struct {
	Name     string
	Document []byte
}

// SideInput is a side to start a game with.
type SideInput struct {
	Name  string
	Ships []ShipInput
}

// Ship returns the ship with key k, or nil.
func (g *Game) Ship(k string) *Ship {
	for i := range g.Ships {
		if g.Ships[i].Key == k {
			return &g.Ships[i]
		}
	}
	return nil
}

// CheckName checks a game's name: 1-80 printable characters.
func CheckName(name string) error {
	n := utf8.RuneCountInString(strings.TrimSpace(name))
	switch {
	case n == 0:
		return errorf("name", "is empty; name the game (1 to %d characters)", MaxNameLen)
	case n > MaxNameLen:
		return errorf("name", "is %d characters long; a game's name has 1 to %d", n, MaxNameLen)
	}
	if r, bad := ruleset.Unprintable(name, false); bad {
		return errorf("name", "holds the character %U, which cannot be printed; use letters, digits, spaces and punctuation", r)
	}
	return nil
}
