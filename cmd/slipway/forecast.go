package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/sim"
)

func forecastCommand() command {
	return command{
		name:    "forecast",
		summary: "forecast a matchup: what CV says, what simulated battles say, and why (designs, A1.json,A2.json lists or fleet files)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("forecast", stderr, "forecast A B [--runs N] [--seed N] [--range CM] [--turns N] [--workers N] [--model VERSION] [--json]",
				"A and B are each a design file, a comma-separated list of design files, or a fleet file whose ships embed their designs.\nThe same seed gives the same forecast, byte for byte, on any machine and any number of workers.")
			bf := addBattleFlags(fs, 2000, "forecast")
			pos, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			if len(pos) != 2 {
				fs.Usage()
				return 2
			}
			m, sides, names, code := bf.sides("forecast", pos, stderr)
			if code != 0 {
				return code
			}
			f, err := sim.NewForecast(ctx, sides[0], sides[1], sim.ForecastConfig{Model: m.Version(), Runs: *bf.runs, Seed: *bf.seed, Workers: *bf.workers,
				Options: sim.Options{MaxTurns: *bf.turns, StartRange: *bf.startRange}, Names: names})
			if err != nil {
				fmt.Fprintf(stderr, "slipway forecast: %v\n", err)
				return 2
			}
			if *bf.asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(f); err != nil {
					fmt.Fprintln(stderr, "slipway forecast:", err)
					return 2
				}
				return 0
			}
			fmt.Fprint(stdout, f.Text())
			return 0
		},
	}
}

// battleFlags are the flags simulate and forecast share.
type battleFlags struct {
	runs, workers, turns, startRange *int
	seed                             *uint64
	asJSON                           *bool
	model                            *string
}

// addBattleFlags defines the shared flags on fs, runs defaulting to
// defaultRuns and --json printing what.
func addBattleFlags(fs *flag.FlagSet, defaultRuns int, what string) battleFlags {
	return battleFlags{
		runs:       fs.Int("runs", defaultRuns, "play `N` battles (1-1000000)"),
		seed:       fs.Uint64("seed", 1, "random seed `N`"),
		workers:    fs.Int("workers", 0, "run on `N` goroutines (0: one per CPU, at most 256); does not change the result"),
		turns:      fs.Int("turns", 30, "a battle is a draw after `N` turns (1-1000)"),
		startRange: fs.Int("range", 0, "the sides start `CM` apart (5-200); 0, the default: deployed by the encounter rules"),
		asJSON:     fs.Bool("json", false, "print the "+what+" as JSON"),
		model:      modelFlag(fs),
	}
}

// sides checks the flags and reads and compiles the two sides named by
// pos, or says why not (cmd names the command) and gives the exit code.
func (bf battleFlags) sides(cmd string, pos []string, stderr io.Writer) (m *costing.Model, sides [2][]*sim.Ship, names [2]string, code int) {
	if msg := simBounds(*bf.runs, *bf.turns, *bf.startRange, *bf.workers); msg != "" {
		fmt.Fprintf(stderr, "slipway %s: %s\n", cmd, msg)
		return nil, sides, names, 2
	}
	m, err := openModel(*bf.model)
	if err != nil {
		fmt.Fprintf(stderr, "slipway %s: %v\n", cmd, err)
		return nil, sides, names, 2
	}
	for i, arg := range pos {
		ds, name, err := readSideFiles(arg)
		names[i] = name
		if err == nil {
			sides[i], err = sim.CompileSide(m, ds)
		}
		if err != nil {
			fmt.Fprintf(stderr, "slipway %s: side %d: %s\n", cmd, i+1, sideError(err))
			return nil, sides, names, 2
		}
	}
	return m, sides, names, 0
}

// simBounds checks the battle flags simulate and forecast share, and
// says what is allowed.
func simBounds(runs, turns, startRange, workers int) string {
	switch {
	case runs < 1 || runs > 1_000_000:
		return fmt.Sprintf("--runs %d: allowed 1 to 1000000", runs)
	case turns < 1 || turns > 1000:
		return fmt.Sprintf("--turns %d: allowed 1 to 1000", turns)
	case startRange != 0 && (startRange < 5 || startRange > 200):
		return fmt.Sprintf("--range %d: allowed 5 to 200 cm, or 0 to deploy by the encounter rules", startRange)
	case workers < 0 || workers > maxSimWorkers:
		return fmt.Sprintf("--workers %d: allowed 0 (one per CPU) to %d", workers, maxSimWorkers)
	}
	return ""
}

// sideError is a side's error as the command prints it: an illegal
// design with its first problems, one per line.
func sideError(err error) string {
	var ie *sim.IllegalError
	if !errors.As(err, &ie) {
		return err.Error()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s is not legal (slipway validate lists every problem):", ie.Name)
	for _, p := range ie.Problems {
		fmt.Fprintf(&sb, "\n  %s", p)
	}
	return sb.String()
}

// readSideFiles reads one side: a comma-separated list of design files,
// or one fleet file whose ships embed their designs, then name is the
// fleet's.
func readSideFiles(arg string) (ds []*designer.Design, name string, err error) {
	files := strings.Split(arg, ",")
	if len(files) > sim.MaxSideShips {
		return nil, "", fmt.Errorf("%d designs on this side: allowed 1 to %d", len(files), sim.MaxSideShips)
	}
	if len(files) == 1 {
		if f, ok, err := readFleetIfFleet(files[0]); ok || err != nil {
			if err != nil {
				return nil, "", err
			}
			ds, err := f.ShipDesigns(nil)
			return ds, f.Name, err
		}
	}
	for _, file := range files {
		if file == "" {
			continue
		}
		d, err := readDesignFile(file)
		if err != nil {
			return nil, "", err
		}
		ds = append(ds, d)
	}
	return ds, "", nil
}

// readFleetIfFleet reads name as a Metaverse fleet when its top level
// has a ships member; ok is false for any other document.
func readFleetIfFleet(name string) (f *fleet.Fleet, ok bool, err error) {
	raw, err := os.ReadFile(name)
	if err != nil {
		return nil, false, err
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil || top["ships"] == nil || top["sections"] != nil {
		return nil, false, nil
	}
	f, err = fleet.Read(bytes.NewReader(raw))
	if err != nil {
		return nil, true, fmt.Errorf("%s: %w", name, err)
	}
	return f, true, nil
}
