package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/slipway/slipway/library"
)

// StaleDesigns returns up to limit live designs after row after, in row
// order, whose summary came from a model version not in models, each with its latest version's document. It walks the designs
// table by its primary key from after (keyset pagination), so a whole
// recomputation reads each row once.
//
// It reads through the writer connection, between the writer's
// transactions, not from the reader pool. Recompute reads the next batch
// while the writer stores the previous one, so a reader connection would
// let the two overlap, but on the million-design file that cost about
// 20 µs more CPU a design than it saved (75 and 70 s, with and without
// the reader's memory map, against 55-60 s; docs/performance.md): the
// writer then fetches every design row again for its UPDATE, and a
// reader's page cache is thrown away at every batch because the writer
// changed the file. A read on the writer connection never overlaps a
// commit, so the write-ahead log also restarts at every autocheckpoint;
// readers holding snapshots across commits would stop that, which the
// writer's bound on the log (boundWAL) is there for.
//
// The query names designs as the outer loop (CROSS JOIN fixes SQLite's
// join order). Left to choose, SQLite's planner walked the versions'
// primary-key index from after instead, looked each design up and sorted
// the lot for LIMIT, whenever the table statistics (PRAGMA optimize) made
// the rows after after look few: on the million-design file, whose
// statistics were taken at 190,010 designs, every batch after design
// 170,000 read all the remaining designs' rows, some 70 pages a design,
// which was the tenfold slowdown (TestStaleDesignsPlan).
func (db *DB) StaleDesigns(ctx context.Context, models []string, after int64, limit int) ([]*library.Design, error) {
	list, err := json.Marshal(models)
	if err != nil {
		return nil, fmt.Errorf("stale designs: %w", err)
	}
	rows, err := db.w.QueryContext(ctx, staleDesignsQuery, after, string(list), limit)
	if err != nil {
		return nil, fmt.Errorf("stale designs: %w", err)
	}
	defer rows.Close()
	var out []*library.Design
	for rows.Next() {
		d := &library.Design{}
		e := &d.Latest.Evaluation
		if err := rows.Scan(&d.Seq, &d.ID, &d.Version, &e.ModelVersion, &e.CV, &e.Points, &e.Tier, &e.EMS,
			&e.TargetRating, &e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull, &e.CarriesFighters, &e.Legal,
			&d.Latest.Document); err != nil {
			return nil, fmt.Errorf("stale designs: %w", err)
		}
		d.Latest.DesignID, d.Latest.N = d.ID, d.Version
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("stale designs: %w", err)
	}
	return out, nil
}

// staleDesignsQuery reads a batch of stale designs for StaleDesigns.
const staleDesignsQuery = `SELECT d.seq, d.id, d.version, d.model_version, d.cv, d.points, d.tier,
	d.ems, d.target_rating, d.mass_factor, d.tech_level, d.movement, d.hull, d.carries_fighters, d.legal, v.document
	FROM designs d CROSS JOIN versions v ON v.design_seq = d.seq AND v.n = d.version
	WHERE d.seq > ? AND d.deleted_at IS NULL AND d.model_version NOT IN (SELECT value FROM json_each(?)) ORDER BY d.seq LIMIT ?`

// SaveRecomputations stores each design's new summary, if the design is
// still live and at the recomputed version, and logs the old and new
// numbers, all in one transaction: one prepared UPDATE per design and the
// log rows of the designs it updated in multi-row INSERTs of logChunk
// rows. An UPDATE sets only what may have changed, since SQLite rewrites
// the entry of every index on a column the statement sets, changed or
// not: a recomputation that changed no number sets the model version
// alone, which touches none of the library's indexes, and one that
// changed only the numbers (CV, points, EMS, target rating, mass factor:
// what a model change moves) leaves the tier index alone.
func (db *DB) SaveRecomputations(ctx context.Context, rs []library.Recomputation) error {
	if len(rs) == 0 {
		return nil
	}
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.now())
		full, err := tx.PrepareContext(ctx, `UPDATE designs SET cv = ?, points = ?, tier = ?, tech_level = ?,
			movement = ?, hull = ?, carries_fighters = ?, legal = ?, ems = ?, target_rating = ?, mass_factor = ?,
			model_version = ? WHERE seq = ? AND version = ? AND deleted_at IS NULL`)
		if err != nil {
			return err
		}
		defer full.Close()
		numbers, err := tx.PrepareContext(ctx, `UPDATE designs SET cv = ?, points = ?, ems = ?, target_rating = ?,
			mass_factor = ?, model_version = ? WHERE seq = ? AND version = ? AND deleted_at IS NULL`)
		if err != nil {
			return err
		}
		defer numbers.Close()
		same, err := tx.PrepareContext(ctx, `UPDATE designs SET model_version = ?
			WHERE seq = ? AND version = ? AND deleted_at IS NULL`)
		if err != nil {
			return err
		}
		defer same.Close()
		stored := make([]*library.Recomputation, 0, len(rs))
		for i := range rs {
			r := &rs[i]
			e := r.Evaluation
			var res sql.Result
			switch {
			case r.SameNumbers():
				res, err = same.ExecContext(ctx, e.ModelVersion, r.DesignSeq, r.Version)
			case onlyNumbersChanged(r.Old, e):
				res, err = numbers.ExecContext(ctx, e.CV, e.Points, e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion,
					r.DesignSeq, r.Version)
			default:
				res, err = full.ExecContext(ctx, e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull,
					e.CarriesFighters, e.Legal, e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion, r.DesignSeq, r.Version)
			}
			if err != nil {
				return fmt.Errorf("design %s: %w", r.DesignID, err)
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				continue // saved or deleted meanwhile
			}
			stored = append(stored, r)
		}
		if len(stored) == 0 {
			return nil
		}
		var chunk *sql.Stmt // the INSERT of logChunk rows, prepared once
		if len(stored) >= logChunk {
			if chunk, err = tx.PrepareContext(ctx, fullLogInsert); err != nil {
				return err
			}
			defer chunk.Close()
		}
		args := make([]any, 0, 9*min(len(stored), logChunk))
		for len(stored) > 0 {
			k := min(len(stored), logChunk)
			args = args[:0]
			for _, r := range stored[:k] {
				args = append(args, r.DesignSeq, r.Version, r.OldModel, r.NewModel, r.OldCV, r.NewCV,
					r.OldPoints, r.NewPoints, now)
			}
			if k == logChunk {
				_, err = chunk.ExecContext(ctx, args...)
			} else {
				_, err = tx.ExecContext(ctx, logInsertText(k), args...)
			}
			if err != nil {
				return fmt.Errorf("log: %w", err)
			}
			stored = stored[k:]
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("save recomputations: %w", err)
	}
	return nil
}

// onlyNumbersChanged reports whether new differs from old in nothing but
// the numbers the numbers-only UPDATE sets.
func onlyNumbersChanged(old, new library.Evaluation) bool {
	old.CV, old.Points, old.EMS, old.TargetRating, old.MassFactor, old.ModelVersion =
		new.CV, new.Points, new.EMS, new.TargetRating, new.MassFactor, new.ModelVersion
	return old == new
}

// logChunk is how many recomputation log rows one INSERT writes (9
// parameters a row, well under SQLite's limit of 32,766).
const logChunk = 100

// fullLogInsert is the INSERT of logChunk log rows.
var fullLogInsert = logInsertText(logChunk)

// logInsertText is the INSERT of k log rows.
func logInsertText(k int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO recomputations (design_seq, n, old_model, new_model, old_cv, new_cv, old_points, new_points, at) VALUES `)
	for i := range k {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`(?,?,?,?,?,?,?,?,?)`)
	}
	return b.String()
}

// Recomputations returns the most recent recorded re-evaluations, newest
// first, at most limit of them.
func (db *DB) Recomputations(ctx context.Context, limit int) ([]library.Recomputation, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT d.id, r.n, r.old_model, r.new_model, r.old_cv, r.new_cv,
		r.old_points, r.new_points FROM recomputations r JOIN designs d ON d.seq = r.design_seq
		ORDER BY r.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("recomputations: %w", err)
	}
	defer rows.Close()
	out := []library.Recomputation{}
	for rows.Next() {
		var r library.Recomputation
		if err := rows.Scan(&r.DesignID, &r.Version, &r.OldModel, &r.NewModel, &r.OldCV, &r.NewCV,
			&r.OldPoints, &r.NewPoints); err != nil {
			return nil, fmt.Errorf("recomputations: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
