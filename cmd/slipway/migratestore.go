package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/slipway/slipway/data/dump"
	"github.com/slipway/slipway/data/store"
)

func migrateStoreCommand() command {
	return command{
		name:    "migrate-store",
		summary: "copy a whole library between databases (SQLite file or postgres:// URL) and verify the copy",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("migrate-store", stderr, "migrate-store --from PATH|URL --to PATH|URL [--json]",
				"Copies users, tokens, sessions, designs and fleets (deleted ones until purged) with every version, and\n"+
					"the recompute log, with their ids, then compares row counts and checksums of both. Rows already in the\n"+
					"target are kept, so it is safe to run again after an interruption. Stop the servers writing to the source first.")
			from := fs.String("from", "", "source database `PATH|URL`: a SQLite file or a postgres:// URL")
			to := fs.String("to", "", "target database `PATH|URL`, created (SQLite) or migrated (PostgreSQL) if needed")
			asJSON := fs.Bool("json", false, "print the checksums as JSON")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			if *from == "" || *to == "" {
				fmt.Fprintln(stderr, "slipway migrate-store: --from and --to are both required")
				fs.Usage()
				return 2
			}
			if *from == *to {
				fmt.Fprintln(stderr, "slipway migrate-store: --from and --to name the same database")
				return 2
			}
			sums, err := migrateStore(ctx, *from, *to, stderr)
			if err != nil {
				fmt.Fprintln(stderr, "slipway migrate-store:", err)
				return 1
			}
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				enc.Encode(sums)
				return 0
			}
			for _, s := range sums {
				fmt.Fprintf(stdout, "%-9s %9d rows  sha256 %s  ok\n", s.Table, s.Rows, s.SHA256)
			}
			return 0
		},
	}
}

// migrateStore copies from into to and verifies the copy.
func migrateStore(ctx context.Context, from, to string, log io.Writer) ([]dump.Sum, error) {
	if !store.IsPostgres(from) {
		if _, err := os.Stat(from); err != nil {
			return nil, fmt.Errorf("source: %w", err)
		}
	}
	src, err := store.Open(ctx, from)
	if err != nil {
		return nil, fmt.Errorf("open source: %w", err)
	}
	defer src.Close()
	dst, err := store.Open(ctx, to)
	if err != nil {
		return nil, fmt.Errorf("open target: %w", err)
	}
	defer dst.Close()
	t0 := time.Now()
	last := time.Now()
	err = dump.Copy(ctx, src, dst, func(table string, n int) {
		if time.Since(last) > 5*time.Second {
			fmt.Fprintf(log, "%s: %d copied (%.0fs)\n", table, n, time.Since(t0).Seconds())
			last = time.Now()
		}
	})
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	want, err := dump.Checksums(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("checksum source: %w", err)
	}
	got, err := dump.Checksums(ctx, dst)
	if err != nil {
		return nil, fmt.Errorf("checksum target: %w", err)
	}
	if err := dump.Compare(want, got); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "copied %s to %s in %.1fs\n", store.Redact(from), store.Redact(to), time.Since(t0).Seconds())
	return got, nil
}
