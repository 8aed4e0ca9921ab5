package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/slipway/slipway/library"
)

func recomputeCommand() command {
	return command{
		name:    "recompute",
		summary: "re-evaluate stored designs under the current costing model, printing old and new numbers",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("recompute", stderr, "recompute [--db PATH|URL] [--json] [--history N] [--batch N] [--workers N] [--cpuprofile FILE]")
			dbPath := fs.String("db", envOr("SLIPWAY_DB", "./slipway.db"), "database `PATH|URL`: a SQLite file or a postgres:// URL (env SLIPWAY_DB)")
			asJSON := fs.Bool("json", false, "print the report as JSON")
			history := fs.Int("history", 0, "also print the last `N` recorded re-evaluations (including those done at server start)")
			batch := fs.Int("batch", library.RecomputeBatch, "store `N` designs per transaction")
			workers := fs.Int("workers", runtime.GOMAXPROCS(0), "evaluate designs on `N` goroutines at once")
			cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the recomputation to `FILE` (go tool pprof reads it)")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			if *history < 0 {
				return usageError(fs, "--history must be 0 or more (you gave %d)", *history)
			}
			if *batch < 1 || *workers < 1 {
				return usageError(fs, "--batch and --workers must be 1 or more (you gave %d and %d)", *batch, *workers)
			}
			tuneGC()
			log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			db, srv, err := openServer(ctx, *dbPath, "", library.Limits{}, log)
			if err != nil {
				fmt.Fprintln(stderr, "slipway recompute:", err)
				return 1
			}
			defer db.Close()
			if *cpuProfile != "" {
				f, err := os.Create(*cpuProfile)
				if err != nil {
					fmt.Fprintln(stderr, "slipway recompute:", err)
					return 1
				}
				defer f.Close()
				if err := pprof.StartCPUProfile(f); err != nil {
					fmt.Fprintln(stderr, "slipway recompute:", err)
					return 1
				}
				defer pprof.StopCPUProfile()
			}
			rep, err := srv.Service().RecomputeWith(ctx, library.RecomputeOptions{Batch: *batch, Workers: *workers})
			if err != nil {
				fmt.Fprintln(stderr, "slipway recompute:", err)
				return 1
			}
			var past []library.Recomputation
			if *history > 0 {
				if past, err = db.Recomputations(ctx, *history); err != nil {
					fmt.Fprintln(stderr, "slipway recompute:", err)
					return 1
				}
			}
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				out := struct {
					*library.RecomputeReport
					History []library.Recomputation `json:"history,omitempty"`
				}{rep, past}
				if err := enc.Encode(out); err != nil {
					fmt.Fprintln(stderr, "slipway recompute:", err)
					return 1
				}
				return 0
			}
			fmt.Fprintf(stdout, "model %s: %d designs re-evaluated\n", rep.Model, rep.Designs)
			printChanges(stdout, rep.Changes)
			if more := rep.Designs - len(rep.Changes); more > 0 {
				fmt.Fprintf(stdout, "  and %d more (slipway recompute --history N lists the last N)\n", more)
			}
			if *history > 0 {
				fmt.Fprintf(stdout, "last %d recorded re-evaluations, newest first:\n", len(past))
				printChanges(stdout, past)
			}
			return 0
		},
	}
}

func printChanges(w io.Writer, cs []library.Recomputation) {
	for _, c := range cs {
		fmt.Fprintf(w, "  %s v%d: %s -> %s, CV %g -> %g, points %g -> %g\n",
			c.DesignID, c.Version, c.OldModel, c.NewModel, c.OldCV, c.NewCV, c.OldPoints, c.NewPoints)
	}
}
