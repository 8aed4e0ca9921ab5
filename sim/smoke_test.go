package sim

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

func TestSmokeSamples(t *testing.T) {
	m := costing.NewModel(nil)
	names, _ := filepath.Glob("../data/samples/*.json")
	var ships []*Ship
	for _, n := range names {
		b, _ := os.ReadFile(n)
		d, err := designer.DecodeDesign(b)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Compile(m, d)
		if err != nil {
			t.Fatal(err)
		}
		ships = append(ships, s)
	}
	for i := range ships {
		for j := range ships {
			if i >= j {
				continue
			}
			r := Run([]*Ship{ships[i]}, []*Ship{ships[j]}, 200, 1, 0, Options{})
			t.Logf("%-25s %4d v %-25s %4d: %.2f  draws %d turns %.1f", ships[i].Name, ships[i].Eval.CV, ships[j].Name, ships[j].Eval.CV, r.WinRate(0), r.Draws, r.MeanTurns())
		}
	}
}

func TestSmokeGenerator(t *testing.T) {
	g := NewGenerator(1, nil)
	m := costing.NewModel(nil)
	for _, st := range Styles {
		fails := 0
		cvs := []int{}
		for i := 0; i < 30; i++ {
			d, err := g.Design(st, i)
			if err != nil {
				fails++
				continue
			}
			r := m.Evaluate(d, costing.Options{})
			cvs = append(cvs, r.CV)
		}
		t.Logf("%-14s fails %d CVs %v", st, fails, cvs)
	}
}

func TestSmokeCalibrate(t *testing.T) {
	m := costing.NewModel(nil)
	c, err := Calibrate(CalibrationConfig{Seed: 1, Pairs: 300, Duels: 60, NearPairs: 80, StylePairs: 50, Fleets: 40, FleetBattles: 40,
		Valuers: []Valuer{CVValuer(m), NaiveValuer(), PlainValuer()}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Fits {
		t.Logf("%-14s beta %.3f brier %.4f resolution %.4f", f.Name, f.Beta, f.Brier, f.Resolution)
	}
	for k, v := range c.Near {
		t.Logf("%s %v", k, v)
		for _, s := range c.Styles[k] {
			t.Logf("   %v", s)
		}
		t.Logf("   %v", c.Fleets[k])
	}
	t.Logf("battles %d ship-turns %d", c.Battles, c.ShipTurn)
}
