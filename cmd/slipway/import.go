package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

func importCommand() command {
	return command{
		name:    "import",
		summary: "store design files in the service database as a user's designs",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("import", stderr, "import --user NAME [--db PATH|URL] [--visibility private|unlisted|public] [--invalid reject|draft] FILE...", "All stored files are stored in one transaction. Exit 1 when any file was rejected.")
			dbPath := fs.String("db", envOr("SLIPWAY_DB", "./slipway.db"), "database `PATH|URL`: a SQLite file or a postgres:// URL (env SLIPWAY_DB)")
			user := fs.String("user", "", "owner `NAME` of the imported designs (created, without a password, if missing)")
			vis := fs.String("visibility", "private", "visibility of legal designs: `private|unlisted|public`")
			invalid := fs.String("invalid", "reject", "what to do with illegal designs: `reject|draft` (draft stores them private)")
			args, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			v := library.Visibility(*vis)
			switch {
			case *user == "":
				return usageError(fs, "--user NAME is required: the owner of the imported designs")
			case len(args) == 0:
				return usageError(fs, "give at least one design file")
			case !v.Valid():
				return usageError(fs, "--visibility must be private, unlisted or public (you gave %q)", *vis)
			case *invalid != "reject" && *invalid != "draft":
				return usageError(fs, "--invalid must be reject or draft (you gave %q)", *invalid)
			}
			reg := registry()
			var keep []ruleset.Design
			rejected := 0
			for _, name := range args {
				b, err := os.ReadFile(name)
				if err != nil {
					fmt.Fprintf(stdout, "%s: rejected: %v\n", name, err)
					rejected++
					continue
				}
				rs, d, err := reg.Decode(b)
				if err != nil {
					fmt.Fprintf(stdout, "%s: rejected: %v\n", name, err)
					rejected++
					continue
				}
				ev, err := rs.Evaluate(d, nil)
				if err != nil {
					fmt.Fprintf(stdout, "%s: rejected: %v\n", name, err)
					rejected++
					continue
				}
				probs := ev.Findings()
				switch {
				case probs.Legal():
					fmt.Fprintf(stdout, "%s: %s\n", name, v)
				case *invalid == "draft":
					fmt.Fprintf(stdout, "%s: illegal, stored as a private draft\n", name)
				default:
					fmt.Fprintf(stdout, "%s: rejected: illegal\n", name)
					for _, p := range probs {
						fmt.Fprintf(stdout, "  %s\n", p)
					}
					rejected++
					continue
				}
				keep = append(keep, d)
			}
			log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			db, srv, err := openServer(ctx, *dbPath, "", library.Limits{}, log)
			if err != nil {
				fmt.Fprintln(stderr, "slipway import:", err)
				return 1
			}
			defer db.Close()
			if len(keep) > 0 {
				u, err := srv.Service().EnsureUser(ctx, *user)
				if err != nil {
					fmt.Fprintln(stderr, "slipway import:", err)
					return 1
				}
				ids, err := srv.Service().StoreDesigns(ctx, u, keep, v)
				if err != nil {
					fmt.Fprintln(stderr, "slipway import:", err)
					return 1
				}
				fmt.Fprintf(stdout, "stored %d designs for %s: %v\n", len(ids), u.Name, ids)
			}
			if rejected > 0 {
				return 1
			}
			return 0
		},
	}
}
