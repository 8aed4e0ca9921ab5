package game_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/game"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/ruleset/metaverse"
)

func registry() *ruleset.Registry {
	rs := append([]ruleset.Ruleset{metaverse.New(designer.BuiltinCatalogue(), costing.NewModel(nil))}, games.Extra()...)
	return ruleset.NewRegistry(rs...)
}

var t0 = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// wing reads the sample cruiser wing as a side.
func wing(t testing.TB) game.SideInput {
	t.Helper()
	b, err := os.ReadFile("../data/fleets/cruiser-wing.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Name  string
		Ships []struct {
			Name     string
			Document json.RawMessage
		}
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	side := game.SideInput{Name: f.Name}
	for _, s := range f.Ships {
		side.Ships = append(side.Ships, game.ShipInput{Name: s.Name, Document: s.Document})
	}
	return side
}

func number(t *testing.T, st []game.ShipState, ship, key string) ruleset.StateNumber {
	t.Helper()
	for _, s := range st {
		if s.Key != ship {
			continue
		}
		for _, n := range s.Numbers {
			if n.Key == key {
				return n
			}
		}
	}
	t.Fatalf("ship %s has no number %s", ship, key)
	return ruleset.StateNumber{}
}

// TestPlayCruiser marks the reference cruiser as the acceptance does and
// checks what the rules derive, undo, redo and a stale base.
func TestPlayCruiser(t *testing.T) {
	reg := registry()
	g, book, err := game.New("Friday game", []game.SideInput{wing(t)}, reg, t0)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Ships) != 4 || g.Ships[0].Name != "Reference Cruiser" || g.Rev != 0 {
		t.Fatalf("ships %+v rev %d", g.Ships, g.Rev)
	}
	var ops []game.Op
	for i := 1; i <= 8; i++ { // the fore section's first layer, then 2 more
		ops = append(ops, game.Op{Op: "mark", Ship: "s1", Box: designer.BoxID("fore", "hull", 1, i), Mark: "hit"})
	}
	for i := 1; i <= 8; i++ {
		ops = append(ops, game.Op{Op: "mark", Ship: "s1", Box: designer.BoxID("fore", "hull", 2, i), Mark: "hit"})
	}
	g2, err := book.Apply(g, 0, ops, t0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := book.State(g2)
	if err != nil {
		t.Fatal(err)
	}
	if n := number(t, st, "s1", "hull.fore"); n.Start != 16 || n.Now != 0 {
		t.Errorf("fore hull %+v", n)
	}
	if n := number(t, st, "s1", "shields.fore"); n.Now != 0 || n.Start == 0 {
		t.Errorf("fore shields after the fore section is lost: %+v", n)
	}
	if st[0].MoraleChecks != 1 || !strings.Contains(strings.Join(st[0].Notes, " "), "Morale check due") {
		t.Errorf("morale %d notes %q", st[0].MoraleChecks, st[0].Notes)
	}
	// The core reactor destroyed: EMS from no reactor.
	g3, err := book.Apply(g2, 1, []game.Op{{Op: "mark", Ship: "s1", Box: "core.system.2.1", Mark: "destroyed"}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ = book.State(g3)
	ems := number(t, st, "s1", "ems")
	if ems.Now != costing.EMS(0) || ems.Start <= ems.Now {
		t.Errorf("EMS with the reactor destroyed: %+v", ems)
	}
	g4, err := book.Apply(g3, 2, []game.Op{{Op: "undo"}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ = book.State(g4)
	if n := number(t, st, "s1", "ems"); n.Now != n.Start {
		t.Errorf("undo did not restore EMS: %+v", n)
	}
	g5, err := book.Apply(g4, 3, []game.Op{{Op: "redo"}, {Op: "turn", Turn: 2},
		{Op: "critical", Ship: "s1", Section: "core", Category: 6, Effect: 2}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if g5.Marks["s1"]["core.system.2.1"] != "destroyed" || g5.Turn != 2 {
		t.Errorf("redo/turn: %v turn %d", g5.Marks["s1"], g5.Turn)
	}
	if last := g5.Log[len(g5.Log)-1].Text; !strings.Contains(last, "bridge damage") {
		t.Errorf("critical logged as %q", last)
	}
	// A stale base changes nothing.
	var stale *game.Stale
	if _, err := book.Apply(g5, 3, []game.Op{{Op: "turn", Turn: 3}}, t0); !errors.As(err, &stale) {
		t.Errorf("stale base: %v", err)
	}
	// Bad changes name the change and the rule.
	for _, c := range []struct {
		op   game.Op
		want string
	}{
		{game.Op{Op: "mark", Ship: "s1", Box: "fore.hull.1.99", Mark: "hit"}, "ops[0].box"},
		{game.Op{Op: "mark", Ship: "s1", Box: "core.hull.1.1", Mark: "destroyed"}, `takes "hit"`},
		{game.Op{Op: "mark", Ship: "s9", Box: "core.hull.1.1", Mark: "hit"}, "not a ship"},
		{game.Op{Op: "mark", Ship: "s1", Box: "core.bogus.1.1", Mark: "hit"}, "not a kind of box"},
		{game.Op{Op: "turn", Turn: 0}, "a turn is 1 to"},
		{game.Op{Op: "critical", Ship: "s1", Category: 9, Effect: 1}, "categories are 1 to 8"},
		{game.Op{Op: "fly"}, "not a change"},
	} {
		_, err := book.Apply(g5, g5.Rev, []game.Op{c.op}, t0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.op, err, c.want)
		}
	}
	// Spending the countermeasure pod (HMS Thunderchild's).
	pod := ""
	var d designer.Design
	if err := json.Unmarshal(g5.Ships[3].Document, &d); err != nil {
		t.Fatal(err)
	}
	for i, s := range d.Sections.Core.Systems {
		if s.Kind == "cmPod" {
			pod = designer.BoxID("core", "system", i+1, 1)
		}
	}
	if _, err := book.Apply(g5, g5.Rev, []game.Op{{Op: "mark", Ship: "s4", Box: pod, Mark: "spent"}}, t0); err != nil {
		t.Errorf("spend the pod %s: %v", pod, err)
	}
	if _, err := book.Apply(g5, g5.Rev, []game.Op{{Op: "mark", Ship: "s1", Box: "core.system.1.1", Mark: "spent"}}, t0); err == nil {
		t.Error("a bridge was spent")
	}
	// USS Einstein's squadrons: one launched, one lost.
	g6, err := book.Apply(g5, g5.Rev, []game.Op{{Op: "mark", Ship: "s3", Box: "hangars.fighter.1.1", Mark: "launched"},
		{Op: "mark", Ship: "s3", Box: "hangars.fighter.1.2", Mark: "lost"}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ = book.State(g6)
	if n := number(t, st, "s3", "squadrons"); n.Start < 2 || n.Now != n.Start-2 {
		t.Errorf("squadrons aboard after one launched and one lost: %+v", n)
	}
	if _, err := book.Apply(g6, g6.Rev, []game.Op{{Op: "mark", Ship: "s3", Box: "hangars.fighter.1.3", Mark: "hit"}}, t0); err == nil ||
		!strings.Contains(err.Error(), `"launched" or "lost"`) {
		t.Errorf("a squadron hit: %v", err)
	}
}

// TestLimits: a batch of more than 200 changes, a log past 5,000 entries,
// a third side, a long name and a game of another game system's designs
// are refused with what is allowed, and nothing changes.
func TestLimits(t *testing.T) {
	reg := registry()
	side := wing(t)
	if _, _, err := game.New("", []game.SideInput{side}, reg, t0); err == nil || !strings.Contains(err.Error(), "name the game") {
		t.Errorf("no name: %v", err)
	}
	if _, _, err := game.New(strings.Repeat("x", 81), []game.SideInput{side}, reg, t0); err == nil || !strings.Contains(err.Error(), "1 to 80") {
		t.Errorf("a long name: %v", err)
	}
	if _, _, err := game.New("Three", []game.SideInput{side, side, side}, reg, t0); err == nil || !strings.Contains(err.Error(), "one side or two") {
		t.Errorf("three sides: %v", err)
	}
	bs, err := os.ReadFile("../data/battleshift/samples/bionid-arbite-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = game.New("Battleshift", []game.SideInput{{Name: "B", Ships: []game.ShipInput{{Document: bs}}}}, reg, t0)
	if err == nil || !strings.Contains(err.Error(), "Battleshift cannot be played at the table yet") {
		t.Errorf("a Battleshift ship: %v", err)
	}
	g, book, err := game.New("Long game", []game.SideInput{side}, reg, t0)
	if err != nil {
		t.Fatal(err)
	}
	toggle := func(n int) []game.Op {
		ops := make([]game.Op, n)
		for i := range ops {
			m := "hit"
			if i%2 == 1 {
				m = ""
			}
			ops[i] = game.Op{Op: "mark", Ship: "s1", Box: "core.hull.1.1", Mark: m}
		}
		return ops
	}
	if _, err := book.Apply(g, 0, toggle(201), t0); err == nil || !strings.Contains(err.Error(), "at most 200") {
		t.Errorf("201 changes: %v", err)
	}
	for g.Rev < 24 {
		if g, err = book.Apply(g, g.Rev, toggle(200), t0); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.Log) != 4801 {
		t.Fatalf("log of %d entries", len(g.Log))
	}
	if _, err := book.Apply(g, g.Rev, toggle(200), t0); err == nil || !strings.Contains(err.Error(), "at most 5000") {
		t.Errorf("past 5,000 entries: %v", err)
	}
	if _, err := book.Apply(g, g.Rev, toggle(199), t0); err != nil {
		t.Errorf("up to 5,000 entries: %v", err)
	}
}
