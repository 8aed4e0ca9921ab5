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
			fs := newFlags("calibrate", stderr, "calibrate [--seed N] [--pairs N] [--duels N] [--near N] [--style-pairs N] [--fleets N] [--fleet-battles N] [--workers N] [--svg DIR] [--regimes] [--seeds A-B] [--ranges CM,CM,...] [--model VERSION] [--doc FILE] [--regime-pairs N] [--regime-duels N] [--holdout-duels N]",
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
			doc := fs.String("doc", "", "regenerate the tables of `FILE` (docs/calibration.md) between its <!-- calibrate: NAME --> and <!-- end NAME --> marks: this run, --regimes under metaverse-cv/2 to 5 and the default, and the hold-out tables")
			regimePairs := fs.Int("regime-pairs", 300, "with --doc: `N` near-equal pairs a row in the regimes tables")
			regimeDuels := fs.Int("regime-duels", 100, "with --doc: `N` duels a pair in the regimes tables")
			holdoutDuels := fs.Int("holdout-duels", 200, "with --doc: `N` duels a rung in the hold-out tables")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			for _, c := range []struct {
				name   string
				v, max int
			}{{"pairs", *pairs, 100000}, {"duels", *duels, 10000}, {"near", *near, 100000}, {"style-pairs", *stylePairs, 100000},
				{"fleets", *fleets, 100000}, {"fleet-battles", *fleetBattles, 10000}, {"regime-pairs", *regimePairs, 100000},
				{"regime-duels", *regimeDuels, 10000}, {"holdout-duels", *holdoutDuels, 10000}} {
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
			if *doc != "" {
				blocks := map[string]string{"calibration": c.Markdown()}
				if err := docBlocks(blocks, cat, *seeds, *ranges, *regimePairs, *regimeDuels, *holdoutDuels, *workers); err != nil {
					fmt.Fprintln(stderr, "slipway calibrate:", err)
					return 1
				}
				if err := rewriteDoc(*doc, blocks); err != nil {
					fmt.Fprintln(stderr, "slipway calibrate:", err)
					return 1
				}
			}
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

// docBlocks adds to blocks the regimes tables under metaverse-cv/2 to
// metaverse-cv/6 and the default model
// ("regimes metaverse-cv/2", ...) and the hold-out tables under each ("holdout
// metaverse-cv/2", ...).
func docBlocks(blocks map[string]string, cat *designer.Catalogue, seeds, ranges string, pairs, duels, holdoutDuels, workers int) error {
	hs, err := sim.Holdout(cat)
	if err != nil {
		return err
	}
	for _, v := range []string{costing.VersionV2, costing.VersionV3, costing.VersionV4, costing.VersionV5, costing.VersionV6, costing.DefaultVersion} {
		m, err := costing.NewModelVersion(cat, v)
		if err != nil {
			return err
		}
		cfg, err := regimeConfig(seeds, ranges)
		if err != nil {
			return err
		}
		cfg.Pairs, cfg.Duels, cfg.Workers, cfg.Valuer, cfg.Catalogue, cfg.Model = pairs, duels, workers, sim.CVValuer(m), cat, m
		rep, err := sim.Regimes(cfg)
		if err != nil {
			return err
		}
		blocks["regimes "+v] = rep.Markdown()
		ho, err := sim.HoldoutTable(m, hs, holdoutDuels, 1, workers)
		if err != nil {
			return err
		}
		blocks["holdout "+v] = ho.Markdown()
	}
	return nil
}

// rewriteDoc replaces, in the file at path, the text between each
// "<!-- calibrate: NAME -->" line and its "<!-- end NAME -->" line with
// blocks[NAME]; a mark without a block, or a block without its marks, is
// an error and the file is left as it was.
func rewriteDoc(path string, blocks map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	for name, text := range blocks {
		open, end := "<!-- calibrate: "+name+" -->\n", "<!-- end "+name+" -->"
		i := strings.Index(s, open)
		if i < 0 {
			return fmt.Errorf("%s: no %q mark for the %s tables", path, strings.TrimSpace(open), name)
		}
		j := strings.Index(s[i:], end)
		if j < 0 {
			return fmt.Errorf("%s: %q has no %q after it", path, strings.TrimSpace(open), end)
		}
		s = s[:i+len(open)] + "\n" + text + "\n" + s[i+j:]
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// regimeConfig reads --seeds and --ranges.
func regimeConfig(seeds, ranges string) (sim.RegimeConfig, error) {
	var cfg sim.RegimeConfig
	var lo, hi uint64
	if _, err := fmt.Sscanf(seeds, "%d-%d", &lo, &hi); err != nil || lo > hi || hi-lo >= 100 {
		return cfg, fmt.Errorf("--seeds %q: give a range A-B of at most 100 seeds, such as 1-6", seeds)
	}
	for s := lo; s <= hi; s++ {
		cfg.Seeds = append(cfg.Seeds, s)
	}
	for _, f := range strings.Split(ranges, ",") {
		var r int
		if _, err := fmt.Sscanf(strings.TrimSpace(f), "%d", &r); err != nil || r != 0 && (r < 5 || r > 200) || len(cfg.Ranges) >= 10 {
			return cfg, fmt.Errorf("--ranges %q: give up to 10 start ranges of 5-200 cm, 0 for the encounter deployment, such as 20,100,200,0", ranges)
		}
		cfg.Ranges = append(cfg.Ranges, r)
	}
	return cfg, nil
}

// calibrateRegimes runs and prints `slipway calibrate --regimes`.
func calibrateRegimes(stdout, stderr io.Writer, cat *designer.Catalogue, model, seeds, ranges string, pairs, duels, workers int) int {
	m, err := costing.NewModelVersion(cat, model)
	if err != nil {
		fmt.Fprintln(stderr, "slipway calibrate:", err)
		return 2
	}
	cfg, err := regimeConfig(seeds, ranges)
	if err != nil {
		fmt.Fprintln(stderr, "slipway calibrate:", err)
		return 2
	}
	cfg.Pairs, cfg.Duels, cfg.Workers, cfg.Valuer, cfg.Catalogue, cfg.Model = pairs, duels, workers, sim.CVValuer(m), cat, m
	rep, err := sim.Regimes(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "slipway calibrate:", err)
		return 1
	}
	fmt.Fprint(stdout, rep.Markdown())
	return 0
}
