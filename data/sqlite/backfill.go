package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/slipway/slipway/data/words"
	"github.com/slipway/slipway/library"
)

// backfillBatch is how many designs one backfill transaction completes.
const backfillBatch = 500

// designWords is the words column of a design (package words).
func designWords(name, desc string, tags []string, universe, author string) string {
	return words.Line(name, desc, tags, universe, author)
}

// ownerName is the author a design's words name: its owner's name, as the
// full-text index has it.
func ownerName(ctx context.Context, tx *sql.Tx, ownerID int64) (string, error) {
	var name string
	err := tx.QueryRowContext(ctx, `SELECT name FROM users WHERE id = ?`, ownerID).Scan(&name)
	if err == sql.ErrNoRows {
		err = nil
	}
	return name, err
}

// wordsComplete reports whether every live design has its words (so the
// library may test rows by them).
func (db *DB) wordsComplete(ctx context.Context) (bool, error) {
	var n int
	err := db.w.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM designs INDEXED BY designs_backfill
		WHERE (words IS NULL OR outline IS NULL) AND deleted_at IS NULL AND words IS NULL LIMIT 1)`).Scan(&n)
	return n == 0, err
}

// backfill fills the words and outline of the live designs stored before
// migration 0006, a batch at a time through the writer, so saves go on
// meanwhile; it marks the words complete when none is left. It stops when
// ctx ends (Close) and resumes at the next Open.
func (db *DB) backfill(ctx context.Context) {
	defer close(db.backfillDone)
	t0, n := time.Now(), 0
	var after int64
	for ctx.Err() == nil {
		k, last, err := db.backfillOnce(ctx, after)
		if err != nil {
			if ctx.Err() == nil {
				slog.Error("backfill of design words and outlines", "err", err)
			}
			return
		}
		n += k
		if k == 0 {
			break
		}
		after = last
	}
	if ctx.Err() != nil {
		return
	}
	if done, err := db.wordsComplete(ctx); err == nil && done {
		db.wordsReady.Store(true)
	}
	if n > 0 {
		slog.Info("backfilled design words and outlines", "designs", n, "seconds", time.Since(t0).Seconds())
	}
}

// backfillOnce completes up to backfillBatch designs after seq after and
// returns how many it read and the last seq.
func (db *DB) backfillOnce(ctx context.Context, after int64) (int, int64, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT d.seq, d.name, d.description, d.tags, d.universe,
		CASE WHEN u.deleted_at IS NULL THEN u.name ELSE '' END, u.deleted_at IS NULL, d.words IS NULL,
		CASE WHEN d.outline IS NULL THEN v.document END
		FROM designs d INDEXED BY designs_backfill JOIN users u ON u.id = d.owner_id
		LEFT JOIN versions v ON v.design_seq = d.seq AND v.n = d.version
		WHERE (d.words IS NULL OR d.outline IS NULL) AND d.deleted_at IS NULL AND d.seq > ?
		ORDER BY d.seq LIMIT ?`, after, backfillBatch)
	if err != nil {
		return 0, 0, err
	}
	type fill struct {
		seq          int64
		words        any
		outline      any
		ownerPresent bool
	}
	var fills []fill
	for rows.Next() {
		var (
			f                                fill
			name, desc, tags, universe, auth string
			noWords                          bool
			doc                              []byte
		)
		if err := rows.Scan(&f.seq, &name, &desc, &tags, &universe, &auth, &f.ownerPresent, &noWords, &doc); err != nil {
			rows.Close()
			return 0, 0, err
		}
		if noWords {
			var ts []string
			_ = json.Unmarshal([]byte(tags), &ts)
			f.words = designWords(name, desc, ts, universe, auth)
		}
		if doc != nil {
			f.outline = library.Outline(doc)
		}
		fills = append(fills, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, err
	}
	if len(fills) == 0 {
		return 0, after, nil
	}
	err = db.tx(ctx, func(tx *sql.Tx) error {
		// A save since the read wrote both columns itself (coalesce keeps
		// them); an owner deleted since changed the author (skip the row's
		// words: the next Open backfills them).
		st, err := tx.PrepareContext(ctx, `UPDATE designs SET words = CASE WHEN (SELECT deleted_at IS NULL FROM users
			WHERE id = designs.owner_id) = ? THEN coalesce(words, ?) ELSE words END, outline = coalesce(outline, ?)
			WHERE seq = ?`)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, f := range fills {
			if _, err := st.ExecContext(ctx, f.ownerPresent, f.words, f.outline, f.seq); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("backfill: %w", err)
	}
	return len(fills), fills[len(fills)-1].seq, nil
}
