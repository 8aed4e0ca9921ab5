package sim

import (
	"testing"

	"github.com/slipway/slipway/costing"
)

// BenchmarkShipTurns plays duels of generated designs on one goroutine and
// reports simulated ship-turns per second (one core):
//
//	go test ./sim -run XXX -bench ShipTurns -benchtime 2000x
func BenchmarkShipTurns(b *testing.B) {
	g := NewGenerator(3, nil)
	m := costing.NewModel(nil)
	var ships []*Ship
	for i := 0; i < 16; i++ {
		d, err := g.Design(StyleRandom, i)
		if err != nil {
			b.Fatal(err)
		}
		s, err := Compile(m, d)
		if err != nil {
			b.Fatal(err)
		}
		ships = append(ships, s)
	}
	var battles []*battle
	for i := 0; i < 8; i++ {
		battles = append(battles, newBattle(ships[2*i:2*i+1], ships[2*i+1:2*i+2], Options{}))
	}
	b.ReportAllocs()
	turns := 0
	i := 0
	for b.Loop() {
		o := battles[i%len(battles)].play(battleRand(1, i))
		turns += o.ShipTurns
		i++
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "ship-turns/s")
	b.ReportMetric(float64(turns)/float64(i), "ship-turns/battle")
}
