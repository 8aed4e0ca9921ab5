package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/slipway/slipway/sim"
)

// simulateReport is what `slipway simulate --json` prints.
type simulateReport struct {
	Model  string        `json:"model"`
	Seed   uint64        `json:"seed"`
	Runs   int           `json:"runs"`
	Sides  [2]sideReport `json:"sides"`
	Draws  float64       `json:"draws"`
	Turns  float64       `json:"meanTurns"`
	Result sim.Result    `json:"result"`
}

type sideReport struct {
	Ships   []string `json:"ships"`
	CV      int      `json:"cv"`
	Win     float64  `json:"win"`
	WinLow  float64  `json:"winLow"`
	WinHigh float64  `json:"winHigh"`
}

// maxSimWorkers bounds a simulation's goroutines.
const maxSimWorkers = 256

func simulateCommand() command {
	return command{
		name:    "simulate",
		summary: "fight two legal designs (or fleets of up to 20: A1.json,A2.json) many times and print win rates",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("simulate", stderr, "simulate A.json[,A2.json...] B.json[,B2.json...] [--runs N] [--seed N] [--turns N] [--range CM] [--workers N] [--model VERSION] [--json]",
				"Plays the battles of docs/simulation.md; the same seed gives the same result on any machine and any number of workers.")
			runs := fs.Int("runs", 1000, "play `N` battles (1-1000000)")
			seed := fs.Uint64("seed", 1, "random seed `N`")
			workers := fs.Int("workers", 0, "run on `N` goroutines (0: one per CPU, at most 256); does not change the result")
			turns := fs.Int("turns", 30, "a battle is a draw after `N` turns (1-1000)")
			startRange := fs.Int("range", 100, "the sides start `CM` apart (5-200)")
			asJSON := fs.Bool("json", false, "print the result as JSON")
			model := modelFlag(fs)
			pos, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			if len(pos) != 2 {
				fs.Usage()
				return 2
			}
			if msg := simBounds(*runs, *turns, *startRange, *workers); msg != "" {
				fmt.Fprintf(stderr, "slipway simulate: %s\n", msg)
				return 2
			}
			m, err := openModel(*model)
			if err != nil {
				fmt.Fprintf(stderr, "slipway simulate: %v\n", err)
				return 2
			}
			var sides [2][]*sim.Ship
			rep := simulateReport{Model: m.Version(), Seed: *seed, Runs: *runs}
			for i, arg := range pos {
				ds, _, err := readSideFiles(arg)
				if err == nil {
					sides[i], err = sim.CompileSide(m, ds)
				}
				if err != nil {
					fmt.Fprintf(stderr, "slipway simulate: side %d: %s\n", i+1, sideError(err))
					return 2
				}
				for _, s := range sides[i] {
					rep.Sides[i].Ships = append(rep.Sides[i].Ships, s.Name)
					rep.Sides[i].CV += s.Eval.CV
				}
			}
			r := sim.Run(sides[0], sides[1], *runs, *seed, *workers, sim.Options{MaxTurns: *turns, StartRange: *startRange})
			rep.Result = r
			for i := 0; i < 2; i++ {
				rep.Sides[i].Win = float64(r.Wins[i]) / float64(r.Runs)
				rep.Sides[i].WinLow, rep.Sides[i].WinHigh = sim.Wilson(r.Wins[i], r.Runs)
			}
			rep.Draws = float64(r.Draws) / float64(r.Runs)
			rep.Turns = r.MeanTurns()
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					fmt.Fprintln(stderr, "slipway simulate:", err)
					return 2
				}
				return 0
			}
			fmt.Fprintf(stdout, "%d battles, seed %d, model %s\n", r.Runs, *seed, rep.Model)
			for i, name := range []string{"A", "B"} {
				sr := rep.Sides[i]
				fmt.Fprintf(stdout, "%s  %-40s CV %4d   wins %5.1f %% (95 %% CI %.1f-%.1f)\n", name, sim.SideName(sr.Ships), sr.CV,
					100*sr.Win, 100*sr.WinLow, 100*sr.WinHigh)
			}
			fmt.Fprintf(stdout, "   draws %.1f %%   mean length %.1f turns\n", 100*rep.Draws, rep.Turns)
			return 0
		},
	}
}
