package sim

import (
	"os"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// benchBattles is a realistic mix of battles: a duel of every generated
// style against the next (brick v glass cannon, carrier v missile boat,
// point defence v utility, rammer v stealth, ...), two duels of random
// designs, and two fleet battles of three random designs a side.
func benchBattles(b *testing.B) []*battle {
	g := NewGenerator(3, nil)
	m := costing.NewModel(nil)
	n := 0
	ship := func(st Style) *Ship {
		d, err := g.Design(st, n)
		n++
		if err != nil {
			b.Fatal(err)
		}
		s, err := Compile(m, d)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	var battles []*battle
	styles := Styles[1:] // every style but random
	for i, st := range styles {
		battles = append(battles, newBattle([]*Ship{ship(st)}, []*Ship{ship(styles[(i+1)%len(styles)])}, Options{}))
	}
	for i := 0; i < 2; i++ {
		battles = append(battles, newBattle([]*Ship{ship(StyleRandom)}, []*Ship{ship(StyleRandom)}, Options{}))
	}
	for i := 0; i < 2; i++ {
		a := []*Ship{ship(StyleRandom), ship(StyleRandom), ship(StyleRandom)}
		c := []*Ship{ship(StyleRandom), ship(StyleRandom), ship(StyleRandom)}
		battles = append(battles, newBattle(a, c, Options{}))
	}
	return battles
}

// BenchmarkShipTurns plays the battles of benchBattles in turn on one
// goroutine and reports simulated ship-turns per second of one core (a
// ship-turn is one ship present at the start of a turn), the target of
// issue 11 being 20,000. Run it on one CPU so that the garbage collector
// does not borrow a second core:
//
//	go test ./sim -run XXX -bench ShipTurns -benchtime 3000x -count 5 -cpu 1
func BenchmarkShipTurns(b *testing.B) {
	battles := benchBattles(b)
	b.ReportAllocs()
	turns := 0
	i := 0
	for b.Loop() {
		o := battles[i%len(battles)].play(battleRand(1, i))
		turns += o.ShipTurns
		i++
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "ship-turns/s/core")
	b.ReportMetric(float64(turns)/float64(i), "ship-turns/battle")
}

// forecastSide compiles n samples, cycling through names.
func forecastSide(b *testing.B, m *costing.Model, n int, names ...string) []*Ship {
	var out []*Ship
	for i := 0; i < n; i++ {
		out = append(out, sampleShip(b, m, names[i%len(names)]))
	}
	return out
}

// sampleShip compiles the sample design data/samples/name.json under m.
func sampleShip(tb testing.TB, m *costing.Model, name string) *Ship {
	tb.Helper()
	s, _ := sampleVariant(tb, m, name, nil)
	return s
}

// sampleVariant compiles the sample data/samples/name.json under m after
// edit (nil: as built), its tech level raised to what the edited design
// needs; ok is false, and the ship nil, when edit reports it changed
// nothing.
func sampleVariant(tb testing.TB, m *costing.Model, name string, edit func(d *designer.Design) bool) (s *Ship, ok bool) {
	tb.Helper()
	raw, err := os.ReadFile("../data/samples/" + name + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	s, ok, err = variantOf(m, raw, edit)
	if err != nil {
		tb.Fatal(err)
	}
	return s, ok
}

// variantOf is the design raw changed by edit (none when nil), at the
// lowest tech level that fits it (at least its own), compiled under m;
// ok is false when edit does not apply.
func variantOf(m *costing.Model, raw []byte, edit func(d *designer.Design) bool) (s *Ship, ok bool, err error) {
	d, err := designer.DecodeDesign(raw)
	if err != nil {
		return nil, false, err
	}
	if edit != nil && !edit(d) {
		return nil, false, nil
	}
	if tl := m.Catalogue().Space(d).MinTechLevel; tl > d.TechLevel {
		d.TechLevel = min(10, tl)
	}
	s, err = Compile(m, d)
	return s, err == nil, err
}

// generatedShip is design i of the generator (StyleRandom), and the ship
// it compiles to under m.
func generatedShip(tb testing.TB, m *costing.Model, g *Generator, i int) (*designer.Design, *Ship) {
	tb.Helper()
	d, err := g.Design(StyleRandom, i)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := Compile(m, d)
	if err != nil {
		tb.Fatal(err)
	}
	return d, s
}

// BenchmarkForecast is issue 21's forecast speed on one core: a 2,000-run
// duel (target ≤ 1 s) and a 10-v-10 fleet forecast of 500 runs (≤ 5 s):
//
//	go test ./sim -run XXX -bench Forecast -benchtime 3x -count 3 -cpu 1
func BenchmarkForecast(b *testing.B) {
	m := costing.NewModel(nil)
	for _, c := range []struct {
		name string
		n    int
		runs int
	}{{"1v1-2000", 1, 2000}, {"10v10-500", 10, 500}} {
		a := forecastSide(b, m, c.n, "uss-newton", "reference-cruiser", "hms-thunderchild", "ss-clinton")
		o := forecastSide(b, m, c.n, "iks-tesla", "ras-freedom", "its-dragon", "uss-einstein")
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := NewForecast(b.Context(), a, o, ForecastConfig{Model: m.Version(), Runs: c.runs, Seed: 1, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
