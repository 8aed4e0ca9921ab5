package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
)

// maxBatch is the most write transactions committed together.
const maxBatch = 64

// ErrClosed is returned for writes submitted after Close.
var ErrClosed = errors.New("sqlite: database closed")

// writeJob is one caller's write transaction waiting for the writer.
type writeJob struct {
	ctx  context.Context
	fn   func(*sql.Tx) error
	done chan error
}

// tx runs fn as one atomic write and returns once it is committed (or
// failed). Writes are group-committed: the writer goroutine runs every
// write queued while the previous commit was in progress inside one
// SQLite transaction, each in its own savepoint, so one caller's failure
// rolls back only its own changes while one fsync covers them all. No
// caller hears of success before the commit that holds its write.
func (db *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	j := &writeJob{ctx: ctx, fn: fn, done: make(chan error, 1)}
	db.closeMu.RLock()
	if db.closed {
		db.closeMu.RUnlock()
		return ErrClosed
	}
	db.jobs <- j
	db.closeMu.RUnlock()
	return <-j.done
}

// writer runs queued writes in batches until the job queue closes.
func (db *DB) writer() {
	defer close(db.writerDone)
	for j := range db.jobs {
		batch := []*writeJob{j}
	gather:
		for len(batch) < maxBatch {
			select {
			case j, ok := <-db.jobs:
				if !ok {
					break gather
				}
				batch = append(batch, j)
			default:
				break gather
			}
		}
		db.commit(batch)
	}
}

// commit runs a batch of jobs in one transaction and tells each its fate.
func (db *DB) commit(batch []*writeJob) {
	results := make([]error, len(batch))
	finish := func() {
		for i, j := range batch {
			j.done <- results[i]
		}
	}
	defer finish()
	tx, err := db.w.BeginTx(context.Background(), nil)
	if err != nil {
		for i := range results {
			results[i] = fmt.Errorf("begin: %w", err)
		}
		return
	}
	if len(batch) == 1 {
		// Alone in its transaction, a write needs no savepoint: on
		// failure the whole transaction is rolled back. A savepoint would
		// copy every page the write changes into its sub-journal first
		// (1.2 µs a design of a recompute's 1,000-design transactions).
		j := batch[0]
		if results[0] = j.ctx.Err(); results[0] == nil {
			results[0] = j.fn(tx)
		}
		if results[0] != nil {
			tx.Rollback()
			return
		}
		if err := tx.Commit(); err != nil {
			results[0] = fmt.Errorf("commit: %w", err)
			return
		}
		db.boundWAL()
		return
	}
	ran := false
	for i, j := range batch {
		if err := j.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if _, err := tx.Exec(`SAVEPOINT job`); err != nil {
			results[i] = fmt.Errorf("savepoint: %w", err)
			continue
		}
		if err := j.fn(tx); err != nil {
			results[i] = err
			if _, rerr := tx.Exec(`ROLLBACK TO job`); rerr != nil {
				// The transaction is unusable: nobody in it was committed.
				tx.Rollback()
				for k := range results {
					if results[k] == nil {
						results[k] = fmt.Errorf("rollback to savepoint: %w", rerr)
					}
				}
				return
			}
		}
		if _, err := tx.Exec(`RELEASE job`); err != nil {
			tx.Rollback()
			for k := range results {
				if results[k] == nil {
					results[k] = fmt.Errorf("release savepoint: %w", err)
				}
			}
			return
		}
		ran = ran || results[i] == nil
	}
	if !ran {
		tx.Rollback()
		return
	}
	if err := tx.Commit(); err != nil {
		for k := range results {
			if results[k] == nil {
				results[k] = fmt.Errorf("commit: %w", err)
			}
		}
		return
	}
	db.boundWAL()
}

// walLimit is the size of the write-ahead log file past which the writer
// truncates it after a commit (boundWAL): four times the 1,000-page
// autocheckpoint threshold. Tests lower it.
var walLimit int64 = 16 << 20

// boundWAL keeps the write-ahead log from growing without bound when
// readers are never all away at once. SQLite checkpoints the log into the
// database at every 1,000 pages (its autocheckpoint) but starts writing
// it from the beginning again only when no reader is still reading an
// older snapshot from it; readers that overlap every commit (a steady
// load, or recompute reading its next batch while the previous one is
// stored) keep it growing by every page written. Past walLimit the writer
// runs a TRUNCATE checkpoint, which waits for the readers of the moment
// to finish (the busy timeout bounds the wait; readers that start during
// it read the newest snapshot) and empties the file. A checkpoint that
// could not finish is retried after the next commit; the writes it
// follows are committed either way.
func (db *DB) boundWAL() {
	fi, err := os.Stat(db.path + "-wal")
	if err != nil {
		return
	}
	if fi.Size() > db.walPeak.Load() {
		db.walPeak.Store(fi.Size()) // only the writer goroutine stores
	}
	if fi.Size() <= walLimit {
		return
	}
	var busy, log, done int
	_ = db.w.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &log, &done)
}
