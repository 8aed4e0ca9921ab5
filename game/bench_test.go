package game_test

import (
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/game"
)

// BenchmarkMarkCruiserWing is the server's work for one tap on a game of
// the sample cruiser wing, less the store: apply one mark and derive every
// ship's state (what POST /games/{id}/marks answers).
func BenchmarkMarkCruiserWing(b *testing.B) {
	reg := registry()
	g, book, err := game.New("Bench", []game.SideInput{wing(b)}, reg, t0)
	if err != nil {
		b.Fatal(err)
	}
	ops := []game.Op{{Op: "mark", Ship: "s1", Box: designer.BoxID("core", "hull", 1, 1), Mark: "hit"}}
	b.ReportAllocs()
	for b.Loop() {
		n, err := book.Apply(g, g.Rev, ops, t0)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := book.State(n); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenCruiserWing is the server's work to read a stored game of
// the cruiser wing: decode and evaluate each ship's design (game.Open).
func BenchmarkOpenCruiserWing(b *testing.B) {
	reg := registry()
	g, _, err := game.New("Bench", []game.SideInput{wing(b)}, reg, t0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := game.Open(g, reg); err != nil {
			b.Fatal(err)
		}
	}
}
