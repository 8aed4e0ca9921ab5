package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/slipway/slipway/library"
)

// StaleDesigns returns up to limit live designs after row after, in row
// order, whose summary came from another costing-model version than
// model, each with its latest version's document. It walks the designs
// table by its primary key from after (keyset pagination), so a whole
// recomputation reads each row once.
func (db *DB) StaleDesigns(ctx context.Context, model string, after int64, limit int) ([]*library.Design, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT d.seq, d.id, d.version, d.model_version, d.cv, d.points, d.tier,
		d.ems, d.target_rating, d.mass_factor, d.tech_level, d.movement, d.hull, d.carries_fighters, d.legal, v.document
		FROM designs d JOIN versions v ON v.design_seq = d.seq AND v.n = d.version
		WHERE d.seq > ? AND d.deleted_at IS NULL AND d.model_version <> ? ORDER BY d.seq LIMIT ?`, after, model, limit)
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

// SaveRecomputations stores each design's new summary, if the design is
// still live and at the recomputed version, and logs the old and new
// numbers, all in one transaction with statements prepared once. A
// recomputation that changed no number updates the model version alone,
// which touches none of the library's indexes.
func (db *DB) SaveRecomputations(ctx context.Context, rs []library.Recomputation) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.now())
		full, err := tx.PrepareContext(ctx, `UPDATE designs SET cv = ?, points = ?, tier = ?, tech_level = ?,
			movement = ?, hull = ?, carries_fighters = ?, legal = ?, ems = ?, target_rating = ?, mass_factor = ?,
			model_version = ? WHERE seq = ? AND version = ? AND deleted_at IS NULL`)
		if err != nil {
			return err
		}
		defer full.Close()
		same, err := tx.PrepareContext(ctx, `UPDATE designs SET model_version = ?
			WHERE seq = ? AND version = ? AND deleted_at IS NULL`)
		if err != nil {
			return err
		}
		defer same.Close()
		logged, err := tx.PrepareContext(ctx, `INSERT INTO recomputations (design_seq, n, old_model, new_model,
			old_cv, new_cv, old_points, new_points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer logged.Close()
		for i := range rs {
			r := &rs[i]
			e := r.Evaluation
			var res sql.Result
			if r.SameNumbers() {
				res, err = same.ExecContext(ctx, e.ModelVersion, r.DesignSeq, r.Version)
			} else {
				res, err = full.ExecContext(ctx, e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull,
					e.CarriesFighters, e.Legal, e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion, r.DesignSeq, r.Version)
			}
			if err != nil {
				return fmt.Errorf("design %s: %w", r.DesignID, err)
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				continue // saved or deleted meanwhile
			}
			if _, err := logged.ExecContext(ctx, r.DesignSeq, r.Version, r.OldModel, r.NewModel, r.OldCV, r.NewCV,
				r.OldPoints, r.NewPoints, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("save recomputations: %w", err)
	}
	return nil
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
