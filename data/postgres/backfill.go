package postgres

import (
	"context"
	"log/slog"
	"time"

	"github.com/slipway/slipway/library"
)

// backfillBatch is how many designs one backfill statement completes.
const backfillBatch = 500

// backfill gives the live designs stored before migration 0003 their
// outline (library.Outline of the latest version's document), a batch at
// a time in its own statement, beside the node's other work. Several
// nodes may run it at once: an outline already written is kept. It stops
// when ctx ends (Close) and resumes at the next start.
func (db *DB) backfill(ctx context.Context) {
	defer close(db.backfillDone)
	t0, n := time.Now(), 0
	var after int64
	for ctx.Err() == nil {
		rows, err := db.pool.Query(ctx, `SELECT d.seq, v.document FROM designs d
			JOIN versions v ON v.design_seq = d.seq AND v.n = d.version
			WHERE d.outline IS NULL AND d.deleted_at IS NULL AND d.seq > $1 ORDER BY d.seq LIMIT $2`, after, backfillBatch)
		if err != nil {
			if ctx.Err() == nil {
				slog.Error("backfill of design outlines", "err", err)
			}
			return
		}
		var seqs []int64
		var outlines []string
		for rows.Next() {
			var seq int64
			var doc []byte
			if err := rows.Scan(&seq, &doc); err != nil {
				rows.Close()
				slog.Error("backfill of design outlines", "err", err)
				return
			}
			seqs, outlines = append(seqs, seq), append(outlines, library.Outline(doc))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			if ctx.Err() == nil {
				slog.Error("backfill of design outlines", "err", err)
			}
			return
		}
		if len(seqs) == 0 {
			break
		}
		if _, err := db.pool.Exec(ctx, `UPDATE designs d SET outline = u.outline
			FROM unnest($1::bigint[], $2::text[]) AS u(seq, outline) WHERE d.seq = u.seq AND d.outline IS NULL`,
			seqs, outlines); err != nil {
			if ctx.Err() == nil {
				slog.Error("backfill of design outlines", "err", err)
			}
			return
		}
		n += len(seqs)
		after = seqs[len(seqs)-1]
	}
	if n > 0 && ctx.Err() == nil {
		slog.Info("backfilled design outlines", "designs", n, "seconds", time.Since(t0).Seconds())
	}
}

// BackfillDone is closed when the outline backfill started by Open has
// finished or stopped.
func (db *DB) BackfillDone() <-chan struct{} { return db.backfillDone }
