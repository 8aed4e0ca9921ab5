package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"

	"github.com/slipway/slipway/library"
)

func recomputeCommand() command {
	return command{
		name:    "recompute",
		summary: "re-evaluate stored designs under the current costing model, printing old and new numbers",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("recompute", stderr, "recompute [--db PATH|URL] [--json] [--history N]")
			dbPath := fs.String("db", envOr("SLIPWAY_DB", "./slipway.db"), "database `PATH|URL`: a SQLite file or a postgres:// URL (env SLIPWAY_DB)")
			asJSON := fs.Bool("json", false, "print the report as JSON")
			history := fs.Int("history", 0, "also print the last `N` recorded re-evaluations (including those done at server start)")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			if *history < 0 {
				return usageError(fs, "--history must be 0 or more (you gave %d)", *history)
			}
			log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			db, srv, err := openServer(ctx, *dbPath, "", library.Limits{}, log)
			if err != nil {
				fmt.Fprintln(stderr, "slipway recompute:", err)
				return 1
			}
			defer db.Close()
			rep, err := srv.Service().Recompute(ctx)
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
			fmt.Fprintf(stdout, "model %s: %d versions re-evaluated\n", rep.Model, len(rep.Changes))
			printChanges(stdout, rep.Changes)
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
