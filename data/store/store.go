// Package store opens the library's database named by a command's --db
// flag: a postgres:// (or postgresql://) URL opens PostgreSQL
// (data/postgres), anything else is the path of an SQLite file
// (data/sqlite). It is the one place that choice is made.
package store

import (
	"context"
	"net/url"

	"github.com/slipway/slipway/data/dump"
	"github.com/slipway/slipway/data/postgres"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
)

// DB is an open library database: a library.Store and what the commands
// need besides.
type DB interface {
	library.Store
	// Close waits for pending writes and closes the database.
	Close() error
	// Optimize refreshes the query planner's statistics.
	Optimize(ctx context.Context) error
	// Recomputations returns the most recent recorded re-evaluations,
	// newest first, at most limit of them.
	Recomputations(ctx context.Context, limit int) ([]library.Recomputation, error)
	// Copier reads and writes whole libraries (slipway migrate-store).
	dump.Copier
}

// IsPostgres reports whether target names a PostgreSQL database.
func IsPostgres(target string) bool { return postgres.IsURL(target) }

// Open opens the database target names (a PostgreSQL URL or an SQLite
// path, created if missing) and applies any pending migration.
func Open(ctx context.Context, target string) (DB, error) {
	if IsPostgres(target) {
		return postgres.Open(ctx, target)
	}
	return sqlite.Open(ctx, target)
}

// Redact returns target fit for a log line: a URL's password is hidden.
func Redact(target string) string {
	if !IsPostgres(target) {
		return target
	}
	u, err := url.Parse(target)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	return u.Redacted()
}
