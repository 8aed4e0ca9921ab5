// Package postgres implements library.Store on PostgreSQL with pgx
// (github.com/jackc/pgx/v5): a connection pool, versioned migrations
// embedded in the binary and applied by the shared runner (data/migrate),
// the library's words in a tsvector with a GIN index, and advisory locks
// for work that must run once across the nodes sharing the database.
//
// Several Slipway processes may use one database at once: every rule of
// the library stays in library.Service, every record and every check that
// needs one (a version precondition, a unique name) is in the database,
// and nothing a process keeps in memory decides correctness.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/slipway/slipway/data/migrate"
	"github.com/slipway/slipway/library"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrations returns the embedded migrations in version order.
func Migrations() ([]migrate.Migration, error) { return migrate.Load(migrationFS, "migrations") }

// DB is a Slipway database on PostgreSQL. It implements library.Store.
type DB struct {
	pool *pgxpool.Pool
	// now returns the current time; tests may replace it.
	now func() time.Time
	// stopBackfill ends the outline backfill (backfill.go), which closes
	// backfillDone.
	stopBackfill context.CancelFunc
	backfillDone chan struct{}

	// listed, when set (by tests, before any query), is called with each
	// list query's text and arguments before it runs.
	listed func(query string, args []any)
}

// IsURL reports whether s names a PostgreSQL database (a postgres:// or
// postgresql:// URL) rather than a file path.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database at url (postgres://user@host:port/db?...;
// pgx's pool settings such as pool_max_conns may be given as parameters)
// and applies every pending migration.
func Open(ctx context.Context, url string) (*DB, error) {
	return open(ctx, url, 0)
}

// MigrateTo connects to url and applies the migrations up to version v
// only; for tests that upgrade a database from an earlier schema.
func MigrateTo(ctx context.Context, url string, v int) error {
	db, err := open(ctx, url, v)
	if err != nil {
		return err
	}
	db.Close()
	return nil
}

func open(ctx context.Context, url string, upTo int) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = 16
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := &DB{pool: pool, now: func() time.Time { return time.Now().UTC() }}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres %s: %w", cfg.ConnConfig.Host, err)
	}
	ms, err := Migrations()
	if err != nil {
		pool.Close()
		return nil, err
	}
	if _, err := migrate.Up(ctx, migrator{pool}, migrate.Postgres, ms, upTo); err != nil {
		pool.Close()
		return nil, err
	}
	if upTo == 0 {
		bctx, cancel := context.WithCancel(context.Background())
		db.stopBackfill, db.backfillDone = cancel, make(chan struct{})
		go db.backfill(bctx)
	}
	return db, nil
}

// Close closes every connection of the pool.
func (db *DB) Close() error {
	if db.stopBackfill != nil {
		db.stopBackfill()
		<-db.backfillDone
		db.stopBackfill = nil
	}
	db.pool.Close()
	return nil
}

// Ready checks that the database answers a query.
func (db *DB) Ready(ctx context.Context) error {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		return fmt.Errorf("ready: %w", err)
	}
	return nil
}

// SchemaVersion returns the highest applied migration version.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	return migrate.Version(ctx, migrator{db.pool})
}

// Optimize refreshes the planner's statistics (ANALYZE), which autovacuum
// also does on its own; slipway serve calls it hourly as it does SQLite's.
func (db *DB) Optimize(ctx context.Context) error {
	if _, err := db.pool.Exec(ctx, `ANALYZE designs`); err != nil {
		return fmt.Errorf("optimize: %w", err)
	}
	return nil
}

// Lock takes a session-level advisory lock on a key derived from name,
// on a connection it keeps until the lock is released, so that every
// process using the database waits for it. Should the release fail, the
// connection is closed, which releases the lock with the session.
func (db *DB) Lock(ctx context.Context, name string) (func(), error) {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	key := lockKey(name)
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		// A cancelled wait leaves the connection in doubt: drop it.
		conn.Conn().Close(context.Background())
		conn.Release()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock($1)`, key); err != nil {
				conn.Conn().Close(ctx)
			}
			conn.Release()
		})
	}, nil
}

// lockKey maps a lock name to an advisory lock key.
func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("slipway:" + name))
	return int64(h.Sum64())
}

// tx runs fn in one transaction, committed when fn returns nil. A
// serialization failure or deadlock, which PostgreSQL resolves by
// aborting one transaction, is retried a few times.
func (db *DB) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = pgx.BeginFunc(ctx, db.pool, fn)
		var pe *pgconn.PgError
		if errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01") {
			continue
		}
		return err
	}
	return err
}

// isUnique reports a unique-constraint violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// migrator adapts the pool to the migration runner.
type migrator struct{ pool *pgxpool.Pool }

func (m migrator) Exec(ctx context.Context, q string, args ...any) error {
	_, err := m.pool.Exec(ctx, q, args...)
	return err
}

func (m migrator) Begin(ctx context.Context) (migrate.Tx, error) {
	tx, err := m.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return migratorTx{tx}, nil
}

type migratorTx struct{ tx pgx.Tx }

func (t migratorTx) Exec(ctx context.Context, q string, args ...any) error {
	if len(args) == 0 {
		// A script of several statements needs the simple protocol.
		_, err := t.tx.Exec(ctx, q, pgx.QueryExecModeSimpleProtocol)
		return err
	}
	_, err := t.tx.Exec(ctx, q, args...)
	return err
}

func (t migratorTx) QueryInt(ctx context.Context, q string, args ...any) (int64, error) {
	var n int64
	err := t.tx.QueryRow(ctx, q, args...).Scan(&n)
	return n, err
}

func (t migratorTx) Commit(ctx context.Context) error   { return t.tx.Commit(ctx) }
func (t migratorTx) Rollback(ctx context.Context) error { return t.tx.Rollback(ctx) }

var _ library.Store = (*DB)(nil)
