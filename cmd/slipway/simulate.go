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
			bf := addBattleFlags(fs, 1000, "result")
			pos, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			if len(pos) != 2 {
				fs.Usage()
				return 2
			}
			m, sides, _, code := bf.sides("simulate", pos, stderr)
			if code != 0 {
				return code
			}
			rep := simulateReport{Model: m.Version(), Seed: *bf.seed, Runs: *bf.runs}
			for i := range sides {
				for _, s := range sides[i] {
					rep.Sides[i].Ships = append(rep.Sides[i].Ships, s.Name)
					rep.Sides[i].CV += s.Eval.CV
				}
			}
			r := sim.Run(sides[0], sides[1], *bf.runs, *bf.seed, *bf.workers, sim.Options{MaxTurns: *bf.turns, StartRange: *bf.startRange})
			rep.Result = r
			for i := 0; i < 2; i++ {
				rep.Sides[i].Win = float64(r.Wins[i]) / float64(r.Runs)
				rep.Sides[i].WinLow, rep.Sides[i].WinHigh = sim.Wilson(r.Wins[i], r.Runs)
			}
			rep.Draws = float64(r.Draws) / float64(r.Runs)
			rep.Turns = r.MeanTurns()
			if *bf.asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					fmt.Fprintln(stderr, "slipway simulate:", err)
					return 2
				}
				return 0
			}
			fmt.Fprintf(stdout, "%d battles, seed %d, model %s\n", r.Runs, *bf.seed, rep.Model)
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
