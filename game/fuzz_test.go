package game_test

import (
	"encoding/json"
	"testing"

	"github.com/slipway/slipway/game"
	"github.com/slipway/slipway/ruleset"
)

// FuzzApply sends any batch of changes to a game of the cruiser wing: it
// never panics, a refused batch changes nothing, and an applied one moves
// the revision by one and keeps only marks the rules allow.
func FuzzApply(f *testing.F) {
	f.Add(`[{"op":"mark","ship":"s1","box":"core.hull.1.1","mark":"hit"}]`)
	f.Add(`[{"op":"mark","ship":"s4","box":"core.system.9.1","mark":"spent"},{"op":"undo"},{"op":"redo"}]`)
	f.Add(`[{"op":"critical","ship":"s1","section":"core","category":8,"effect":6},{"op":"turn","turn":999}]`)
	f.Add(`[{"op":"mark","ship":"s3","box":"hangars.fighter.1.1","mark":"lost","at":"2026-11-27T12:00:00Z"}]`)
	reg := registry()
	g, book, err := game.New("Fuzz", []game.SideInput{wing(f)}, reg, t0)
	if err != nil {
		f.Fatal(err)
	}
	before, _ := json.Marshal(g)
	rs, _ := reg.Get("metaverse")
	play := rs.(ruleset.Play)
	f.Fuzz(func(t *testing.T, batch string) {
		var ops []game.Op
		if json.Unmarshal([]byte(batch), &ops) != nil {
			return
		}
		n, err := book.Apply(g, g.Rev, ops, t0)
		if after, _ := json.Marshal(g); string(after) != string(before) {
			t.Fatal("Apply changed the game it was given")
		}
		if err != nil {
			return
		}
		if n.Rev != g.Rev+1 {
			t.Fatalf("revision %d after %d", n.Rev, g.Rev)
		}
		for key, marks := range n.Marks {
			s := n.Ship(key)
			if s == nil {
				t.Fatalf("marks of a ship %q the game does not have", key)
			}
			d, _, _ := book.Design(key)
			for box, m := range marks {
				if m == "" {
					t.Fatalf("box %s kept with an empty mark", box)
				}
				if err := play.CheckMark(d, box, m); err != nil {
					t.Fatalf("%s %s kept as %q, which the rules refuse: %v", key, box, m, err)
				}
			}
		}
		if _, err := book.State(n); err != nil {
			t.Fatal(err)
		}
	})
}
