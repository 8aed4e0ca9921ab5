package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/sim"
)

func calibrateCommand() command {
	return command{
		name:    "calibrate",
		summary: "duel generated designs and score every combat value model against the outcomes (docs/calibration.md)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("calibrate", stderr, "calibrate [--seed N] [--pairs N] [--duels N] [--near N] [--style-pairs N] [--fleets N] [--fleet-battles N] [--workers N] [--svg DIR]",
				"Prints the tables of docs/calibration.md; with --svg, writes its plots into DIR.")
			seed := fs.Uint64("seed", 1, "random seed `N`")
			pairs := fs.Int("pairs", 3000, "`N` random pairs (1-100000)")
			duels := fs.Int("duels", 200, "`N` duels per pair (1-10000)")
			near := fs.Int("near", 400, "`N` near-equal pairs per model")
			stylePairs := fs.Int("style-pairs", 300, "`N` near-equal pairs per model and style pairing")
			fleets := fs.Int("fleets", 200, "`N` 3-v-3 fleet pairs of equal total CV per model")
			fleetBattles := fs.Int("fleet-battles", 100, "`N` battles per fleet pair")
			workers := fs.Int("workers", 0, "run on `N` goroutines (0: one per CPU); does not change the result")
			svgDir := fs.String("svg", "", "write the SVG plots into `DIR`")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			for _, c := range []struct {
				name   string
				v, max int
			}{{"pairs", *pairs, 100000}, {"duels", *duels, 10000}, {"near", *near, 100000}, {"style-pairs", *stylePairs, 100000},
				{"fleets", *fleets, 100000}, {"fleet-battles", *fleetBattles, 10000}} {
				if c.v < 1 || c.v > c.max {
					fmt.Fprintf(stderr, "slipway calibrate: --%s %d: allowed 1 to %d\n", c.name, c.v, c.max)
					return 2
				}
			}
			cat := designer.BuiltinCatalogue()
			var vals []sim.Valuer
			for _, v := range costing.Versions() {
				m, err := costing.NewModelVersion(cat, v)
				if err != nil {
					fmt.Fprintln(stderr, "slipway calibrate:", err)
					return 2
				}
				vals = append(vals, sim.CVValuer(m))
			}
			vals = append(vals, sim.NaiveValuer(), sim.PlainValuer())
			c, err := sim.Calibrate(sim.CalibrationConfig{Seed: *seed, Pairs: *pairs, Duels: *duels, NearPairs: *near,
				StylePairs: *stylePairs, Fleets: *fleets, FleetBattles: *fleetBattles, Workers: *workers, Valuers: vals, Catalogue: cat})
			if err != nil {
				fmt.Fprintln(stderr, "slipway calibrate:", err)
				return 1
			}
			fmt.Fprint(stdout, c.Markdown())
			if *svgDir != "" {
				if err := os.MkdirAll(*svgDir, 0o755); err != nil {
					fmt.Fprintln(stderr, "slipway calibrate:", err)
					return 1
				}
				files := map[string][]byte{"reliability.svg": c.ReliabilitySVG()}
				for i, name := range c.Valuers {
					slug := strings.NewReplacer("/", "-", " ", "-", "(", "", ")", "").Replace(name)
					files["ratio-"+slug+".svg"] = c.RatioSVG(i)
				}
				for name, b := range files {
					if err := os.WriteFile(filepath.Join(*svgDir, name), b, 0o644); err != nil {
						fmt.Fprintln(stderr, "slipway calibrate:", err)
						return 1
					}
				}
			}
			return 0
		},
	}
}
