package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
)

// calibrationValuers are every published model, then the naive count and
// plain sqrt(O x D).
func calibrationValuers(t *testing.T) []Valuer {
	var vals []Valuer
	for _, v := range costing.Versions() {
		m, err := costing.NewModelVersion(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, CVValuer(m))
	}
	return append(vals, NaiveValuer(), PlainValuer())
}

// TestCalibrationAcceptance is the calibration that runs with every
// `go test ./...` (docs/calibration.md, "In CI"): issue 21's acceptance 1
// on a reduced run of three seeds. Seed 1 replays the published run's
// designs and pairs (`slipway calibrate`: the generator draws designs in
// the same order whatever the duels) with a tenth of the duels; seeds 2
// and 3 are smaller runs of their own. It checks, on every seed:
//
//   - the default model (metaverse-cv/7) predicts the random pairs better
//     than metaverse-cv/1, the naive count and plain sqrt(O x D): each
//     Brier margin positive with its 95 % bootstrap interval above zero;
//   - better than metaverse-cv/2 too: on seed 1 with its interval above
//     zero, and on the three seeds pooled;
//   - no worse than the best of metaverse-cv/3 to metaverse-cv/6 by more
//     than 0.003 on any seed. v7 refitted v6's constants on the simulator
//     whose first side no longer wins ties of FTL timing; its fit balanced
//     the style pairings (every deployed cell of six seeds within
//     45-55 %, v6 20 of 24 on that simulator), the hold-out and what
//     large ships are worth in a fleet, and paid for it on the random
//     pairs: on the published run its Brier score is v6's plus 0.0021
//     (docs/calibration.md, "How v7 was chosen"). The bound holds it to
//     that, so that a change that loses more ground fails;
//   - the forecast's curve (forecastBeta) is the published fit, to 0.1;
//   - near-equal pairs (CV within 10 %, deployed by the encounter rules,
//     the simulator's default) score within nearBand: the target,
//     50 % +- 5 %, on seed 1, every style pairing and the fleets. At fixed
//     start ranges carriers and missile boats are decided by the range
//     (the regimes tables of docs/calibration.md); those are not asserted.
func TestCalibrationAcceptance(t *testing.T) {
	if testing.Short() {
		t.Skip("calibration: skipped with -short")
	}
	vals := calibrationValuers(t)
	def := costing.DefaultVersion
	type run struct {
		seed uint64
		cfg  CalibrationConfig
	}
	runs := []run{
		{1, CalibrationConfig{Seed: 1, Pairs: 3000, Duels: 20, NearPairs: 400, StylePairs: 300, Fleets: 200, FleetBattles: 10, Valuers: vals}},
		{2, CalibrationConfig{Seed: 2, Pairs: 1000, Duels: 20, NearPairs: 150, StylePairs: 150, Fleets: 60, FleetBattles: 10, Valuers: vals}},
		{3, CalibrationConfig{Seed: 3, Pairs: 1000, Duels: 20, NearPairs: 150, StylePairs: 150, Fleets: 60, FleetBattles: 10, Valuers: vals}},
	}
	var pooled [][2]float64 // per seed: Brier of the default model and of metaverse-cv/2, weighted by pairs
	var weights []float64
	var summary strings.Builder
	for _, r := range runs {
		c, err := Calibrate(r.cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d\n%s", r.seed, c.Markdown())
		di, v2 := -1, -1
		var earlier []int // metaverse-cv/3 to metaverse-cv/6
		for i, f := range c.Fits {
			switch f.Name {
			case def:
				di = i
			case costing.VersionV2:
				v2 = i
			case costing.VersionV3, costing.VersionV4, costing.VersionV5, costing.VersionV6:
				earlier = append(earlier, i)
			}
		}
		if di < 0 || v2 < 0 || len(earlier) != 4 {
			t.Fatalf("fits %v lack %s, %s or metaverse-cv/3 to metaverse-cv/6", c.Valuers, def, costing.VersionV2)
		}
		if r.seed == 1 {
			for _, f := range c.Fits {
				// The forecast's curve is the published fit; this run has a
				// tenth of its duels, so its beta reads the same to about
				// 0.05.
				if b, ok := ForecastBeta(f.Name); ok && (f.Beta < b-0.1 || f.Beta > b+0.1) {
					t.Errorf("%s: fitted beta %.3f, the forecast uses %.3f: refit and update forecastBeta", f.Name, f.Beta, b)
				}
			}
		}
		for i, f := range c.Fits {
			if i == di || i == v2 || slices.Contains(earlier, i) {
				continue
			}
			if d, lo, _ := c.BrierMargin(di, i); d <= 0 || lo <= 0 {
				t.Errorf("seed %d: %s's Brier %.4f: margin over %s's %.4f is %+.4f, lower bound %+.4f, want both positive", r.seed, f.Name, f.Brier, def, c.Fits[di].Brier, d, lo)
			}
		}
		d, lo, hi := c.BrierMargin(di, v2)
		if r.seed == 1 && (d <= 0 || lo <= 0) {
			// The published run's pairs: the interval is above zero there
			// (docs/calibration.md); the smaller runs of seeds 2 and 3 are
			// pooled below.
			t.Errorf("seed 1: %s's Brier %.4f: margin over %s's %.4f is %+.4f [%+.4f, %+.4f], want above zero", costing.VersionV2, c.Fits[v2].Brier, def, c.Fits[di].Brier, d, lo, hi)
		}
		// metaverse-cv/3 to metaverse-cv/6: no worse than the best of them
		// by more than the published trade.
		best := earlier[0]
		for _, vi := range earlier {
			if c.Fits[vi].Brier < c.Fits[best].Brier {
				best = vi
			}
		}
		if d, _, _ := c.BrierMargin(di, best); d < -0.003 {
			t.Errorf("seed %d: %s's Brier %.4f is worse than %s's %.4f by %.4f, more than 0.003", r.seed, def, c.Fits[di].Brier, c.Fits[best].Name, c.Fits[best].Brier, -d)
		}
		db, lob, hib := c.BrierMargin(di, best)
		fmt.Fprintf(&summary, "seed %d: %s Brier %.4f, %s %.4f, margin %+.4f [%+.4f, %+.4f], best earlier %s %.4f, margin %+.4f [%+.4f, %+.4f];", r.seed, def, c.Fits[di].Brier,
			costing.VersionV2, c.Fits[v2].Brier, d, lo, hi, c.Fits[best].Name, c.Fits[best].Brier, db, lob, hib)
		pooled = append(pooled, [2]float64{c.Fits[di].Brier, c.Fits[v2].Brier})
		weights = append(weights, float64(r.cfg.Pairs))
		rows := append([]NearEqual{c.Near[def]}, c.Styles[def]...)
		rows = append(rows, c.Fleets[def])
		for _, row := range rows {
			fmt.Fprintf(&summary, " %s %.1f %%;", row.Label, 100*row.WinA)
			lo, hi := nearBand(r.seed, row.Label)
			if row.Pairs < 50 {
				t.Errorf("seed %d, %s: only %d near-equal pairs", r.seed, row.Label, row.Pairs)
			}
			if row.WinA < lo || row.WinA > hi {
				t.Errorf("seed %d, %s: near-equal pairs score %.3f [%.3f, %.3f], want %.2f-%.2f", r.seed, row.Label, row.WinA, row.Lo, row.Hi, lo, hi)
			}
		}
		summary.WriteString("\n")
	}
	var bd, b2, w float64
	for i, p := range pooled {
		bd += weights[i] * p[0]
		b2 += weights[i] * p[1]
		w += weights[i]
	}
	t.Logf("\n%spooled Brier: %s %.4f, %s %.4f", summary.String(), def, bd/w, costing.VersionV2, b2/w)
	if bd >= b2 {
		t.Errorf("pooled over the seeds %s's Brier %.4f is not below %s's %.4f", def, bd/w, costing.VersionV2, b2/w)
	}
}

// nearBand is the band a near-equal row of the default model must lie
// in on seed (deployed by the encounter rules): the target,
// 45-55 %, on seed 1 (the published run's pairs); the smaller runs of
// seeds 2 and 3 read a row to about +-5 points, so they get 42-58 %.
// metaverse-cv/3 measured 45.2-53.3 % on the three seeds (docs/calibration.md).
func nearBand(seed uint64, label string) (lo, hi float64) {
	if seed != 1 {
		return 0.42, 0.58
	}
	return 0.45, 0.55
}
