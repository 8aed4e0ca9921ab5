// Package migrate applies versioned schema migrations, the same way for
// every store: each migration is a file NNNN_name.sql in an embedded
// directory, applied once, in version order, in its own transaction
// together with its row in schema_migrations, so that a crash leaves a
// migration either wholly applied or not at all and running again is a
// no-op. A store supplies its SQL dialect and a small adapter over its
// driver; the runner knows no driver.
package migrate

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Migration is one schema change.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Load reads the migrations in directory dir of fsys, named NNNN_name.sql,
// in version order. A badly named file or a repeated version is an error.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.sql"))
	if err != nil {
		return nil, fmt.Errorf("migrations in %s: %w", dir, err)
	}
	var out []Migration
	for _, n := range names {
		base := strings.TrimSuffix(path.Base(n), ".sql")
		num, name, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || name == "" {
			return nil, fmt.Errorf("migration %s: name must be NNNN_name.sql with NNNN > 0", n)
		}
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", n, err)
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("migrations in %s: version %d twice", dir, out[i].Version)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("migrations in %s: none found", dir)
	}
	return out, nil
}

// Dialect is what the runner needs to know of a database's SQL.
type Dialect struct {
	// Name names the dialect in errors.
	Name string
	// CreateTable creates schema_migrations (version, name, applied_at)
	// if it does not exist.
	CreateTable string
	// Lock, when not empty, runs first in every migration's transaction
	// and holds until it ends, so that several processes migrating one
	// database at once apply each migration once (SQLite needs none: its
	// write transactions already exclude each other).
	Lock string
	// Placeholder returns the marker of the n'th parameter (from 1).
	Placeholder func(n int) string
}

// SQLite is the dialect of SQLite.
var SQLite = Dialect{
	Name: "sqlite",
	CreateTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
	Placeholder: func(int) string { return "?" },
}

// Postgres is the dialect of PostgreSQL. Its lock is a transaction-level
// advisory lock on a fixed key.
var Postgres = Dialect{
	Name: "postgres",
	CreateTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`,
	Lock:        `SELECT pg_advisory_xact_lock(7253746617281597440)`,
	Placeholder: func(n int) string { return "$" + strconv.Itoa(n) },
}

// DB is a database the runner can migrate.
type DB interface {
	// Exec runs a statement outside a transaction.
	Exec(ctx context.Context, query string, args ...any) error
	// Begin starts a transaction.
	Begin(ctx context.Context) (Tx, error)
}

// Tx is a transaction of a DB.
type Tx interface {
	// Exec runs one statement or, without arguments, a script of several.
	Exec(ctx context.Context, query string, args ...any) error
	// QueryInt runs a query answering one integer.
	QueryInt(ctx context.Context, query string, args ...any) (int64, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

// Up applies to db every migration of ms not yet recorded, up to and
// including version upTo (0: all), and returns the versions it applied.
func Up(ctx context.Context, db DB, d Dialect, ms []Migration, upTo int) ([]int, error) {
	if err := createTable(ctx, db, d); err != nil {
		return nil, fmt.Errorf("migrate %s: create schema_migrations: %w", d.Name, err)
	}
	var applied []int
	for _, m := range ms {
		if upTo > 0 && m.Version > upTo {
			break
		}
		did, err := apply(ctx, db, d, m)
		if err != nil {
			return applied, fmt.Errorf("migration %04d_%s (%s): %w", m.Version, m.Name, d.Name, err)
		}
		if did {
			applied = append(applied, m.Version)
		}
	}
	return applied, nil
}

// createTable creates schema_migrations under the dialect's lock: two
// PostgreSQL sessions running CREATE TABLE IF NOT EXISTS at once can
// still collide.
func createTable(ctx context.Context, db DB, d Dialect) error {
	if d.Lock == "" {
		return db.Exec(ctx, d.CreateTable)
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	if err := tx.Exec(ctx, d.Lock); err != nil {
		return errors.Join(err, tx.Rollback(ctx))
	}
	if err := tx.Exec(ctx, d.CreateTable); err != nil {
		return errors.Join(err, tx.Rollback(ctx))
	}
	return tx.Commit(ctx)
}

func apply(ctx context.Context, db DB, d Dialect, m Migration) (bool, error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("begin: %w", err)
	}
	did, err := func() (bool, error) {
		if d.Lock != "" {
			if err := tx.Exec(ctx, d.Lock); err != nil {
				return false, fmt.Errorf("lock: %w", err)
			}
		}
		n, err := tx.QueryInt(ctx, `SELECT count(*) FROM schema_migrations WHERE version = `+d.Placeholder(1), m.Version)
		if err != nil {
			return false, err
		}
		if n > 0 {
			return false, nil
		}
		if err := tx.Exec(ctx, m.SQL); err != nil {
			return false, err
		}
		err = tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (`+
			d.Placeholder(1)+`, `+d.Placeholder(2)+`, `+d.Placeholder(3)+`)`,
			m.Version, m.Name, time.Now().UTC().Format(time.RFC3339Nano))
		return err == nil, err
	}()
	if err != nil {
		return false, errors.Join(err, tx.Rollback(ctx))
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("commit: %w", err)
	}
	return did, nil
}

// Version returns the highest version recorded in schema_migrations (0
// when none is).
func Version(ctx context.Context, db DB) (int, error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	v, err := tx.QueryInt(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`)
	return int(v), err
}
