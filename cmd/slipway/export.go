package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/library"
)

func exportCommand() command {
	return command{
		name:    "export",
		summary: "write a user's designs (or one design) from the service database as JSON files",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("export", stderr, "export (--user NAME | --id ID) [--db PATH|URL] [--out DIR]")
			dbPath := fs.String("db", envOr("SLIPWAY_DB", "./slipway.db"), "database `PATH|URL`: a SQLite file or a postgres:// URL (env SLIPWAY_DB)")
			user := fs.String("user", "", "export every design of the user `NAME`")
			id := fs.String("id", "", "export only the design `ID`")
			out := fs.String("out", ".", "directory `DIR` to write ID.json files into")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			switch {
			case *user == "" && *id == "":
				return usageError(fs, "give --user NAME (every design of a user) or --id ID (one design)")
			case *user != "" && *id != "":
				return usageError(fs, "give --user NAME or --id ID, not both")
			}
			if err := export(ctx, *dbPath, *user, *id, *out, stdout); err != nil {
				fmt.Fprintln(stderr, "slipway export:", err)
				return 1
			}
			return 0
		},
	}
}

func export(ctx context.Context, dbPath, user, id, out string, stdout io.Writer) error {
	if !store.IsPostgres(dbPath) {
		if _, err := os.Stat(dbPath); err != nil {
			return err
		}
	}
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	ids := []string{id}
	if user != "" {
		key, err := library.UserNameKey(user)
		if err != nil {
			return fmt.Errorf("user %s: %w", user, err)
		}
		u, err := db.UserByKey(ctx, key)
		if err != nil {
			return fmt.Errorf("user %s: %w", user, err)
		}
		ds, err := db.DesignsByOwner(ctx, u.ID)
		if err != nil {
			return err
		}
		ids = ids[:0]
		for _, d := range ds {
			ids = append(ids, d.ID)
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, i := range ids {
		d, err := db.Design(ctx, i)
		if err != nil {
			return fmt.Errorf("design %s: %w", i, err)
		}
		name := filepath.Join(out, d.ID+".json")
		if err := os.WriteFile(name, append([]byte(d.Latest.Document), '\n'), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %s v%d\n", name, d.Name, d.Version)
	}
	return nil
}
