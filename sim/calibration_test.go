package sim

import (
	"testing"

	"github.com/slipway/slipway/costing"
)

// TestCalibrationAcceptance is the reduced calibration that runs with
// every `go test ./...`: a different seed from the published run, about a
// tenth of its duels. It checks what the full run reports
// (docs/calibration.md: `slipway calibrate --svg docs/calibration`):
// metaverse-cv/2 predicts duels better than metaverse-cv/1, the naive
// count and plain sqrt(O x D), and its near-equal pairs are close to even
// overall, in each style pairing and in 3-v-3 fleets: 50 % must lie
// within 5 points of each score's 95 % interval over pairs (the intervals
// are wide at a tenth of the size; the full run is where ±5 is met).
func TestCalibrationAcceptance(t *testing.T) {
	if testing.Short() {
		t.Skip("calibration: skipped with -short")
	}
	var vals []Valuer
	for _, v := range costing.Versions() {
		m, err := costing.NewModelVersion(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, CVValuer(m))
	}
	vals = append(vals, NaiveValuer(), PlainValuer())
	c, err := Calibrate(CalibrationConfig{Seed: 7, Pairs: 400, Duels: 60, NearPairs: 100, StylePairs: 60, Fleets: 40, FleetBattles: 50, Valuers: vals})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", c.Markdown())
	v2 := -1
	for i, f := range c.Fits {
		if f.Name == costing.VersionV2 {
			v2 = i
		}
	}
	for i, f := range c.Fits {
		if i != v2 && f.Brier <= c.Fits[v2].Brier {
			t.Errorf("%s's Brier %.4f is not worse than metaverse-cv/2's %.4f", f.Name, f.Brier, c.Fits[v2].Brier)
		}
	}
	rows := append([]NearEqual{c.Near[costing.VersionV2]}, c.Styles[costing.VersionV2]...)
	rows = append(rows, c.Fleets[costing.VersionV2])
	for _, r := range rows {
		if r.Pairs < 10 {
			t.Errorf("%s: only %d near-equal pairs", r.Label, r.Pairs)
		}
		if r.Lo-0.05 > 0.5 || r.Hi+0.05 < 0.5 {
			t.Errorf("%s: near-equal pairs score %.3f [%.3f, %.3f], want 50 %% within 5 points of the interval", r.Label, r.WinA, r.Lo, r.Hi)
		}
	}
}
