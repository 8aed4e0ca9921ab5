package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
)

func recomputeCommand() command {
	return command{
		name:    "recompute",
		summary: "re-evaluate stored designs under the current costing model, printing old and new numbers",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := flag.NewFlagSet("recompute", flag.ContinueOnError)
			fs.SetOutput(stderr)
			dbPath := fs.String("db", envOr("SLIPWAY_DB", "./slipway.db"), "SQLite database path (env SLIPWAY_DB)")
			asJSON := fs.Bool("json", false, "print the report as JSON")
			fs.Usage = func() {
				fmt.Fprintln(stderr, "usage: slipway recompute [--db PATH] [--json]")
				fs.PrintDefaults()
			}
			if err := fs.Parse(args); err != nil {
				if errors.Is(err, flag.ErrHelp) {
					return 0
				}
				return 2
			}
			log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			db, srv, err := openServer(ctx, *dbPath, "", log)
			if err != nil {
				fmt.Fprintln(stderr, "slipway recompute:", err)
				return 1
			}
			defer db.Close()
			rep, err := srv.Recompute(ctx)
			if err != nil {
				fmt.Fprintln(stderr, "slipway recompute:", err)
				return 1
			}
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				enc.Encode(rep)
				return 0
			}
			fmt.Fprintf(stdout, "model %s: %d versions re-evaluated\n", rep.Model, len(rep.Changes))
			for _, c := range rep.Changes {
				fmt.Fprintf(stdout, "  %s v%d: %s -> %s, CV %g -> %g, points %g -> %g\n",
					c.DesignID, c.Version, c.OldModel, c.NewModel, c.OldCV, c.NewCV, c.OldPoints, c.NewPoints)
			}
			return 0
		},
	}
}
