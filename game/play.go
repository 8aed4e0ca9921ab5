package game

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slipway/slipway/ruleset"
)

// Book is a game's ships read by their games' rules: what checks a mark
// and derives a ship's state. Open one per game (decoding and evaluating
// each design once).
type Book struct {
	ships map[string]*bookShip
	crits map[string][]ruleset.CriticalCategory // by ship key
}

type bookShip struct {
	play ruleset.Play
	d    ruleset.Design
	ev   ruleset.Evaluation
}

// Open reads the ships of g with the rulesets of reg.
func Open(g *Game, reg *ruleset.Registry) (*Book, error) {
	b := &Book{ships: make(map[string]*bookShip, len(g.Ships)), crits: map[string][]ruleset.CriticalCategory{}}
	for i, s := range g.Ships {
		bs, err := readShip(reg, s.Document, fmt.Sprintf("ships[%d]", i))
		if err != nil {
			return nil, err
		}
		b.ships[s.Key] = bs
		b.crits[s.Key] = bs.play.Criticals()
	}
	return b, nil
}

func readShip(reg *ruleset.Registry, doc []byte, field string) (*bookShip, error) {
	rs, d, err := reg.Decode(doc)
	if err != nil {
		return nil, errorf(field, "is not a design Slipway can read: %v", err)
	}
	play, ok := rs.(ruleset.Play)
	if !ok {
		return nil, errorf(field, "is a %s design; %s cannot be played at the table yet (docs/table.md)", rs.Info().Name, rs.Info().Name)
	}
	ev, err := rs.Evaluate(d, nil)
	if err != nil {
		return nil, errorf(field, "cannot be evaluated: %v", err)
	}
	return &bookShip{play: play, d: d, ev: ev}, nil
}

// New starts a game named name with one or two sides, each ship read by
// reg's rulesets, at turn 1 with nothing marked. It opens the game's Book
// on the way and returns it.
func New(name string, sides []SideInput, reg *ruleset.Registry, now time.Time) (*Game, *Book, error) {
	if err := CheckName(name); err != nil {
		return nil, nil, err
	}
	if len(sides) < 1 || len(sides) > 2 {
		return nil, nil, errorf("sides", "has %d sides; a game has one side or two", len(sides))
	}
	g := &Game{Name: strings.TrimSpace(name), Turn: 1, Marks: map[string]map[string]string{},
		Log: []Entry{}, Undo: []Step{}, Redo: []Step{}}
	b := &Book{ships: map[string]*bookShip{}, crits: map[string][]ruleset.CriticalCategory{}}
	for si, side := range sides {
		if err := CheckName(side.Name); err != nil {
			err.(*Error).Field = fmt.Sprintf("sides[%d].name", si)
			return nil, nil, err
		}
		if len(side.Ships) == 0 {
			return nil, nil, errorf(fmt.Sprintf("sides[%d]", si), "has no ships; give a fleet or a design")
		}
		g.Sides = append(g.Sides, Side{Name: strings.TrimSpace(side.Name)})
		for i, sh := range side.Ships {
			if len(g.Ships) == MaxShips {
				return nil, nil, errorf("sides", "hold more than %d ships; a game has at most %d (two fleets of 20)", MaxShips, MaxShips)
			}
			field := fmt.Sprintf("sides[%d].ships[%d]", si, i)
			bs, err := readShip(reg, sh.Document, field)
			if err != nil {
				return nil, nil, err
			}
			doc, err := json.Marshal(bs.d)
			if err != nil {
				return nil, nil, fmt.Errorf("game: encode %s: %w", field, err)
			}
			key := "s" + strconv.Itoa(len(g.Ships)+1)
			class := bs.d.Head().Name
			shipName := strings.TrimSpace(sh.Name)
			if shipName == "" {
				shipName = class
			}
			g.Ships = append(g.Ships, Ship{Key: key, Side: si, Name: shipName, Class: class,
				Ruleset: bs.d.Head().Ruleset, Document: doc})
			b.ships[key] = bs
			b.crits[key] = bs.play.Criticals()
		}
	}
	g.Log = append(g.Log, Entry{N: 1, Turn: 1, At: now.UTC(), Text: "Game started: " + describeSides(g) + "."})
	return g, b, nil
}

func describeSides(g *Game) string {
	parts := make([]string, len(g.Sides))
	for i, s := range g.Sides {
		n := 0
		for _, sh := range g.Ships {
			if sh.Side == i {
				n++
			}
		}
		parts[i] = fmt.Sprintf("%s (%s)", s.Name, plural(n, "ship"))
	}
	return strings.Join(parts, " against ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// Op is one change a player makes.
type Op struct {
	// Op is "mark" (set Box of Ship to Mark; an empty Mark clears it),
	// "turn" (go to turn Turn), "critical" (log the critical rolled on
	// Ship's Section: Category and Effect are the chart's rolls), "undo"
	// or "redo".
	Op   string `json:"op"`
	Ship string `json:"ship,omitempty"`
	Box  string `json:"box,omitempty"`
	Mark string `json:"mark,omitempty"`
	Turn int    `json:"turn,omitempty"`
	// Section names where a critical struck.
	Section  string `json:"section,omitempty"`
	Category int    `json:"category,omitempty"`
	Effect   int    `json:"effect,omitempty"`
	// At is when the player made the change, RFC 3339 (a mark made
	// offline is sent later); empty is now.
	At string `json:"at,omitempty"`
}

// Apply applies ops, made on revision base, to g: all of them or none.
// It returns the new game (g is not changed); a base other than g.Rev is
// a *Stale, a change the rules refuse an *Error naming it ("ops[3].box").
func (b *Book) Apply(g *Game, base int, ops []Op, now time.Time) (*Game, error) {
	if base != g.Rev {
		return nil, &Stale{Base: base, Rev: g.Rev}
	}
	if len(ops) == 0 {
		return nil, errorf("ops", "is empty; send at least one change")
	}
	if len(ops) > MaxBatch {
		return nil, errorf("ops", "has %d changes; send at most %d at a time", len(ops), MaxBatch)
	}
	n := g.clone()
	for i, op := range ops {
		if err := b.apply(n, op, now); err != nil {
			if e, ok := err.(*Error); ok {
				e.Field = fmt.Sprintf("ops[%d].%s", i, e.Field)
			}
			return nil, err
		}
	}
	if len(n.Log) > MaxLog {
		return nil, errorf("ops", "would make the game's log %d entries long; a game keeps at most %d (start a new game to go on)", len(n.Log), MaxLog)
	}
	n.Rev++
	return n, nil
}

func (g *Game) clone() *Game {
	n := *g
	n.Marks = make(map[string]map[string]string, len(g.Marks))
	for k, m := range g.Marks {
		c := make(map[string]string, len(m))
		for b, v := range m {
			c[b] = v
		}
		n.Marks[k] = c
	}
	n.Log = append([]Entry(nil), g.Log...)
	n.Undo = append([]Step(nil), g.Undo...)
	n.Redo = append([]Step(nil), g.Redo...)
	return &n
}

func (b *Book) apply(g *Game, op Op, now time.Time) error {
	at := now.UTC()
	if op.At != "" {
		t, err := time.Parse(time.RFC3339Nano, op.At)
		if err != nil {
			return errorf("at", "%q is not a time; give one such as 2026-11-27T13:04:18Z, or none for now", clip(op.At))
		}
		if t.Before(now.Add(time.Minute)) && t.After(now.AddDate(0, 0, -30)) {
			at = t.UTC()
		}
	}
	logf := func(ship, text string) {
		g.Log = append(g.Log, Entry{N: len(g.Log) + 1, Turn: g.Turn, At: at, Ship: ship, Text: text})
	}
	switch op.Op {
	case "mark":
		s := g.Ship(op.Ship)
		if s == nil {
			return errorf("ship", "%q is not a ship of this game", clip(op.Ship))
		}
		bs := b.ships[s.Key]
		if err := bs.play.CheckMark(bs.d, op.Box, op.Mark); err != nil {
			return errorf("box", "%s", err.Error())
		}
		from := g.Marks[s.Key][op.Box]
		if from == op.Mark {
			return nil // already so: nothing to record
		}
		c := Change{Ship: s.Key, Box: op.Box, From: from, To: op.Mark}
		setMark(g, c.Ship, c.Box, c.To)
		text := markText(s, c)
		g.Undo = append(g.Undo, Step{Changes: []Change{c}, Text: text})
		g.Redo = g.Redo[:0]
		logf(s.Key, text)
	case "turn":
		if op.Turn < 1 || op.Turn > MaxTurn {
			return errorf("turn", "is %d; a turn is 1 to %d", op.Turn, MaxTurn)
		}
		if op.Turn == g.Turn {
			return nil
		}
		st := Step{TurnFrom: g.Turn, TurnTo: op.Turn, Text: fmt.Sprintf("Turn %d begins.", op.Turn)}
		g.Turn = op.Turn
		g.Undo = append(g.Undo, st)
		g.Redo = g.Redo[:0]
		logf("", st.Text)
	case "critical":
		s := g.Ship(op.Ship)
		if s == nil {
			return errorf("ship", "%q is not a ship of this game", clip(op.Ship))
		}
		chart := b.crits[s.Key]
		if len(chart) == 0 {
			return errorf("category", "%s has no critical hit chart", s.Name)
		}
		if op.Category < 1 || op.Category > len(chart) {
			return errorf("category", "is %d; the chart's categories are 1 to %d", op.Category, len(chart))
		}
		cat := chart[op.Category-1]
		if op.Effect < 1 || op.Effect > len(cat.Effects) {
			return errorf("effect", "is %d; the effects of %s are 1 to %d", op.Effect, cat.Name, len(cat.Effects))
		}
		where := ""
		if op.Section != "" {
			if len(op.Section) > 20 || strings.ContainsAny(op.Section, " .") {
				return errorf("section", "%q is not a section", clip(op.Section))
			}
			where = " on the " + op.Section
		}
		logf(s.Key, fmt.Sprintf("%s: critical%s, %s (%d-%d): %s.", s.Name, where, cat.Name, op.Category, op.Effect, cat.Effects[op.Effect-1]))
	case "undo":
		if len(g.Undo) == 0 {
			return errorf("op", "undo: nothing to undo")
		}
		st := g.Undo[len(g.Undo)-1]
		g.Undo = g.Undo[:len(g.Undo)-1]
		for i := len(st.Changes) - 1; i >= 0; i-- {
			c := st.Changes[i]
			setMark(g, c.Ship, c.Box, c.From)
		}
		if st.TurnTo != 0 {
			g.Turn = st.TurnFrom
		}
		g.Redo = append(g.Redo, st)
		logf(shipOf(st), "Undone: "+st.Text)
	case "redo":
		if len(g.Redo) == 0 {
			return errorf("op", "redo: nothing to redo")
		}
		st := g.Redo[len(g.Redo)-1]
		g.Redo = g.Redo[:len(g.Redo)-1]
		for _, c := range st.Changes {
			setMark(g, c.Ship, c.Box, c.To)
		}
		if st.TurnTo != 0 {
			g.Turn = st.TurnTo
		}
		g.Undo = append(g.Undo, st)
		logf(shipOf(st), "Redone: "+st.Text)
	default:
		return errorf("op", "%q is not a change; send mark, turn, critical, undo or redo", clip(op.Op))
	}
	return nil
}

func shipOf(st Step) string {
	if len(st.Changes) > 0 {
		return st.Changes[0].Ship
	}
	return ""
}

func setMark(g *Game, ship, box, mark string) {
	m := g.Marks[ship]
	if m == nil {
		m = map[string]string{}
		g.Marks[ship] = m
	}
	if mark == "" {
		delete(m, box)
		return
	}
	m[box] = mark
}

// markText says what a change did, for the log: "USS Einstein: core hull
// layer 1, box 3 hit".
func markText(s *Ship, c Change) string {
	what := boxWords(c.Box)
	switch {
	case c.To == "":
		return fmt.Sprintf("%s: %s cleared (was %s).", s.Name, what, c.From)
	default:
		return fmt.Sprintf("%s: %s %s.", s.Name, what, c.To)
	}
}

// boxWords writes a box id as words: "core.hull.2.7" is "core hull,
// layer 2, box 7".
func boxWords(id string) string {
	p := strings.Split(id, ".")
	if len(p) != 4 {
		return id
	}
	kind := p[1]
	switch kind {
	case "lifeSupport":
		return p[0] + " life support"
	case "fighter":
		return fmt.Sprintf("squadrons carried, run %s, box %s", p[2], p[3])
	}
	place := p[2]
	if _, err := strconv.Atoi(place); err == nil {
		switch kind {
		case "hull", "crew", "marine":
			return fmt.Sprintf("%s %s, layer %s, box %s", p[0], kind, place, p[3])
		}
		return fmt.Sprintf("%s %s %s, copy %s", p[0], kind, place, p[3])
	}
	return fmt.Sprintf("%s %s, %s arc, box %s", p[0], kind, place, p[3])
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// ShipState is a ship's state: what its marks are and what the rules
// derive from them.
type ShipState struct {
	Key string `json:"key"`
	*ruleset.ShipState
}

// State derives every ship's state from g's marks.
func (b *Book) State(g *Game) ([]ShipState, error) {
	out := make([]ShipState, 0, len(g.Ships))
	for _, s := range g.Ships {
		bs := b.ships[s.Key]
		if bs == nil {
			return nil, fmt.Errorf("game: ship %s was not opened", s.Key)
		}
		st, err := bs.play.Derive(bs.d, bs.ev, g.Marks[s.Key])
		if err != nil {
			return nil, err
		}
		out = append(out, ShipState{Key: s.Key, ShipState: st})
	}
	return out, nil
}

// Criticals is the critical hit chart of ship key's game.
func (b *Book) Criticals(key string) []ruleset.CriticalCategory { return b.crits[key] }

// Choices lists the marks ship key's boxes take (ruleset.Play.Choices).
func (b *Book) Choices(key string) map[string][]string {
	bs := b.ships[key]
	if bs == nil {
		return nil
	}
	return bs.play.Choices(bs.d)
}

// Design is ship key's design and evaluation as read, for printing.
func (b *Book) Design(key string) (ruleset.Design, ruleset.Evaluation, bool) {
	bs := b.ships[key]
	if bs == nil {
		return nil, nil, false
	}
	return bs.d, bs.ev, true
}
