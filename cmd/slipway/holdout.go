package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/sim"
)

func holdoutCommand() command {
	return command{
		name:    "holdout",
		summary: "value the hold-out designs (extremes no CV model was fitted on) against a reference-cruiser ladder and against generated designs of their CV: fair CV / CV (docs/calibration.md)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("holdout", stderr, "holdout [--duels N] [--seed N] [--workers N] [--model VERSION] [--write DIR]",
				"Prints docs/calibration.md's hold-out table: each design's fair CV on the reference-cruiser ladder, and its score against generated designs within 10 % of its CV (N/5 duels each). Before it, the ladder itself: each rung's score against generated designs of its CV, and what the rungs larger than the cruiser are worth in Reference Cruisers fighting together (N/5 battles a fleet). With --write, first writes the hold-out designs into DIR (testdata/holdout).")
			duels := fs.Int("duels", 200, "`N` duels against each rung (1-10000); a fifth of it against each generated opponent and each fleet of cruisers")
			seed := fs.Uint64("seed", 1, "random seed `N`")
			workers := fs.Int("workers", 0, "run on `N` goroutines (0: one per CPU, at most 256); does not change the result")
			write := fs.String("write", "", "write the hold-out designs into `DIR` first")
			model := modelFlag(fs)
			if _, code, ok := parseArgs(fs, args); !ok {
				return code
			}
			if *duels < 1 || *duels > 10000 {
				fmt.Fprintf(stderr, "slipway holdout: --duels %d: allowed 1 to 10000\n", *duels)
				return 2
			}
			if *workers < 0 || *workers > maxSimWorkers {
				fmt.Fprintf(stderr, "slipway holdout: --workers %d: allowed 0 (one per CPU) to %d\n", *workers, maxSimWorkers)
				return 2
			}
			m, err := openModel(*model)
			if err != nil {
				fmt.Fprintf(stderr, "slipway holdout: %v\n", err)
				return 2
			}
			hs, err := sim.Holdout(designer.BuiltinCatalogue())
			if err != nil {
				fmt.Fprintf(stderr, "slipway holdout: %v\n", err)
				return 1
			}
			for _, h := range hs {
				if len(h.Problems) > 0 {
					fmt.Fprintf(stderr, "slipway holdout: %s is not legal, left out: %s\n", h.FileName(), h.Problems[0])
				}
			}
			if *write != "" {
				if err := writeHoldout(*write, hs); err != nil {
					fmt.Fprintf(stderr, "slipway holdout: %v\n", err)
					return 1
				}
			}
			rep, err := sim.HoldoutTable(m, hs, *duels, *seed, *workers)
			if err != nil {
				fmt.Fprintf(stderr, "slipway holdout: %v\n", err)
				return 1
			}
			fmt.Fprint(stdout, rep.Markdown())
			return 0
		},
	}
}

// writeHoldout writes every legal hold-out design into dir, one file each.
func writeHoldout(dir string, hs []sim.HoldoutDesign) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, h := range hs {
		if len(h.Problems) > 0 {
			continue
		}
		b, err := h.MarshalDesign()
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, h.FileName()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
