// Package sqlite implements library.Store on SQLite (modernc.org/sqlite, pure
// Go): WAL mode, foreign keys, a busy timeout, one writer connection and a
// pool of readers, and versioned migrations embedded in the binary.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// DB is a Slipway database. It implements library.Store.
type DB struct {
	path string
	// w is the single writer connection: SQLite allows one writer at a
	// time, so queueing writers in Go avoids SQLITE_BUSY storms.
	w *sql.DB
	// r is the pool of reader connections; WAL lets them run beside the writer.
	r *sql.DB
	// now returns the current time; tests may replace it.
	now func() time.Time

	jobs       chan *writeJob // writes waiting for the writer goroutine
	writerDone chan struct{}
	closeMu    sync.RWMutex
	closed     bool
	// walPeak is the largest the write-ahead log file was after a commit
	// (boundWAL), for tests.
	walPeak atomic.Int64

	// wordsReady is set once every live design has its words (migration
	// 0006), so the library may test rows by them; stopBackfill ends the
	// backfill goroutine, which closes backfillDone.
	wordsReady   atomic.Bool
	stopBackfill context.CancelFunc
	backfillDone chan struct{}

	// listed, when set (by tests, before any query), is called with each
	// list query's text and arguments before it runs.
	listed func(query string, args []any)
}

// Open opens (creating if needed) the database at path and applies every
// pending migration.
func Open(ctx context.Context, path string) (*DB, error) {
	// The file holds password hashes and private designs: create it
	// readable by its owner only (SQLite gives the -wal and -shm files
	// the same mode).
	if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	} else if !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db := &DB{path: path, now: func() time.Time { return time.Now().UTC() }}
	var err error
	if db.w, err = openWriter(ctx, path); err != nil {
		return nil, err
	}
	if err := db.migrate(ctx, 0); err != nil {
		db.w.Close()
		return nil, err
	}
	if err := db.backfillUsers(ctx); err != nil {
		db.w.Close()
		return nil, err
	}
	if err := db.Optimize(ctx); err != nil {
		db.w.Close()
		return nil, err
	}
	if db.r, err = sql.Open("sqlite", dsn(path, "deferred")+"&_pragma=query_only(1)"+readerPragmas); err != nil {
		db.w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db.jobs = make(chan *writeJob, 4*maxBatch)
	db.writerDone = make(chan struct{})
	go db.writer()
	n := max(4, runtime.GOMAXPROCS(0)*2)
	db.r.SetMaxOpenConns(n)
	db.r.SetMaxIdleConns(n)
	if done, err := db.wordsComplete(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	} else if done {
		db.wordsReady.Store(true)
	}
	bctx, cancel := context.WithCancel(context.Background())
	db.stopBackfill, db.backfillDone = cancel, make(chan struct{})
	go db.backfill(bctx)
	return db, nil
}

// openWriter opens the single writer connection.
func openWriter(ctx context.Context, path string) (*sql.DB, error) {
	// The writer gets a 64 MiB page cache (SQLite's default is 2 MiB):
	// every insert walks the B-trees of the design indexes and the
	// full-text index, and with the default cache a library of a million
	// designs read most of those pages from the file again for each
	// write (seeding ran four times slower). Readers keep the default and
	// lean on the operating system's cache.
	//
	// Its temporary files live in memory (temp_store): every write runs in
	// a savepoint of the group commit (writer.go), whose sub-journal keeps
	// the original of each page the write changes, and on a file that
	// was a write system call per page (3 % of a recomputation's CPU).
	w, err := sql.Open("sqlite", dsn(path, "immediate")+"&_pragma=cache_size(-65536)&_pragma=temp_store(2)")
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return w, nil
}

// dsn builds the connection string: WAL, foreign keys, a 10 s busy
// timeout, full fsync on commit so that an acknowledged save survives a
// crash, and the transaction locking mode.
func dsn(path, txlock string) string {
	v := url.Values{}
	v.Add("_pragma", "journal_mode(WAL)")
	v.Add("_pragma", "foreign_keys(1)")
	v.Add("_pragma", "busy_timeout(10000)")
	v.Add("_pragma", "synchronous(FULL)")
	v.Add("_txlock", txlock)
	return "file:" + path + "?" + v.Encode()
}

// Close waits for queued writes, stops the writer and closes both
// connection pools. Writes submitted afterwards fail with ErrClosed.
func (db *DB) Close() error {
	if db.stopBackfill != nil {
		db.stopBackfill()
		<-db.backfillDone
		db.stopBackfill = nil
	}
	db.closeMu.Lock()
	if !db.closed && db.jobs != nil {
		db.closed = true
		close(db.jobs)
		<-db.writerDone
	}
	db.closed = true
	db.closeMu.Unlock()
	var err error
	if db.r != nil {
		err = db.r.Close()
	}
	if e := db.w.Close(); e != nil && err == nil {
		err = e
	}
	return err
}

// Ready checks that the database answers a query.
func (db *DB) Ready(ctx context.Context) error {
	var n int
	if err := db.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		return fmt.Errorf("ready: %w", err)
	}
	return nil
}

// IntegrityCheck runs PRAGMA integrity_check and returns its first line
// ("ok" for a sound database).
func (db *DB) IntegrityCheck(ctx context.Context) (string, error) {
	var s string
	if err := db.w.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&s); err != nil {
		return "", fmt.Errorf("integrity check: %w", err)
	}
	return s, nil
}

// Optimize refreshes the query planner's statistics where they are
// missing or stale (PRAGMA optimize), so that library queries pick the
// index of their sort order over an unselective filter's. It is cheap
// when there is nothing to do; slipway serve runs it at start and hourly.
func (db *DB) Optimize(ctx context.Context) error {
	if _, err := db.w.ExecContext(ctx, `PRAGMA optimize=0x10002`); err != nil {
		return fmt.Errorf("optimize: %w", err)
	}
	return nil
}

// JournalMode returns the journal mode in force (wal).
func (db *DB) JournalMode(ctx context.Context) (string, error) {
	var s string
	err := db.r.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&s)
	return s, err
}

const timeFormat = time.RFC3339Nano

func formatTime(t time.Time) string { return t.UTC().Format(timeFormat) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(timeFormat, s)
	return t
}
