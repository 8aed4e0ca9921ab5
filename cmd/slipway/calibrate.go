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
			fs := newFlags("calibrate", stderr, "calibrate [--seed N] [--pairs N] [--duels N] [--near N] [--style-pairs N] [--fleets N] [--fleet-battles N] [--workers N] [--svg DIR] [--regimes] [--seeds A-B] [--ranges CM,CM,...] [--model VERSION]",
				"Prints the tables of docs/calibration.md; with --svg, writes its plots into DIR.\nWith --regimes, prints the near-equal scores and spreads for every seed and start range instead.")
			seed := fs.Uint64("seed", 1, "random seed `N`")
			pairs := fs.Int("pairs", 3000, "`N` random pairs (1-100000)")
			duels := fs.Int("duels", 200, "`N` duels per pair (1-10000)")
			near := fs.Int("near", 400, "`N` near-equal pairs per model")
			stylePairs := fs.Int("style-pairs", 300, "`N` near-equal pairs per model and style pairing")
			fleets := fs.Int("fleets", 200, "`N` 3-v-3 fleet pairs of equal total CV per model")
			fleetBattles := fs.Int("fleet-battles", 100, "`N` battles per fleet pair")
			workers := fs.Int("workers", 0, "run on `N` goroutines (0: one per CPU); does not change the result")
			svgDir := fs.String("svg", "", "write the SVG plots into `DIR`")
			regimes := fs.Bool("regimes", false, "near-equal pairs on several seeds and start ranges (docs/calibration.md, Seeds and start ranges)")
			seeds := fs.String("seeds", "1-6", "with --regimes: the seeds `A-B`")
			ranges := fs.String("ranges", "20,100,200", "with --regimes: the start ranges `CM,CM,...` (5-200 each; 0: deployed by the encounter rules)")
			model := modelFlag(fs)
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
			if *regimes {
				return calibrateRegimes(stdout, stderr, cat, *model, *seeds, *ranges, *stylePairs, *duels, *workers)
			}
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

// calibrateRegimes runs and prints `slipway calibrate --regimes`.
func calibrateRegimes(stdout, stderr io.Writer, cat *designer.Catalogue, model, seeds, ranges string, pairs, duels, workers int) int {
	m, err := costing.NewModelVersion(cat, model)
	if err != nil {
		fmt.Fprintln(stderr, "slipway calibrate:", err)
		return 2
	}
	var lo, hi uint64
	if _, err := fmt.Sscanf(seeds, "%d-%d", &lo, &hi); err != nil || lo > hi || hi-lo >= 100 {
		fmt.Fprintf(stderr, "slipway calibrate: --seeds %q: give a range A-B of at most 100 seeds, such as 1-6\n", seeds)
		return 2
	}
	cfg := sim.RegimeConfig{Pairs: pairs, Duels: duels, Workers: workers, Valuer: sim.CVValuer(m), Catalogue: cat, Model: m}
	for s := lo; s <= hi; s++ {
		cfg.Seeds = append(cfg.Seeds, s)
	}
	for _, f := range strings.Split(ranges, ",") {
		var r int
		if _, err := fmt.Sscanf(strings.TrimSpace(f), "%d", &r); err != nil || r != 0 && (r < 5 || r > 200) || len(cfg.Ranges) >= 10 {
			fmt.Fprintf(stderr, "slipway calibrate: --ranges %q: give up to 10 start ranges of 5-200 cm, 0 for the encounter deployment, such as 20,100,200,0\n", ranges)
			return 2
		}
		cfg.Ranges = append(cfg.Ranges, r)
	}
	rep, err := sim.Regimes(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "slipway calibrate:", err)
		return 1
	}
	fmt.Fprint(stdout, rep.Markdown())
	return 0
}
