package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/slipway/slipway/library"
)

// StaleVersions returns up to limit versions of live designs whose stored
// evaluation came from another costing-model version than model. The
// condition is two ranges of the model_version index, so that each batch
// finds stale rows without passing over the ones already recomputed
// (with "<>" and an order by row, recomputing a million versions read
// every earlier one again for each batch).
func (db *DB) StaleVersions(ctx context.Context, model string, limit int) ([]library.Version, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT d.id, v.n, v.author_id, v.created_at, v.model_version, v.cv, v.points,
		v.tier, v.ems, v.target_rating, v.mass_factor, v.tech_level, v.movement, v.hull, v.carries_fighters, v.legal,
		v.visibility, v.document, v.result, v.problems
		FROM versions v JOIN designs d ON d.seq = v.design_seq
		WHERE (v.model_version < ? OR v.model_version > ?) AND d.deleted_at IS NULL LIMIT ?`, model, model, limit)
	if err != nil {
		return nil, fmt.Errorf("stale versions: %w", err)
	}
	defer rows.Close()
	var out []library.Version
	for rows.Next() {
		v, err := scanVersion(rows, true)
		if err != nil {
			return nil, fmt.Errorf("stale versions: %w", err)
		}
		out = append(out, *v)
	}
	return out, rows.Err()
}

// SaveRecomputations stores each version's new evaluation, updates the
// design's filter columns when it is the latest version, and logs the old
// and new numbers, all in one transaction.
func (db *DB) SaveRecomputations(ctx context.Context, rs []library.Recomputation) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.now())
		for _, r := range rs {
			var seq int64
			if err := tx.QueryRowContext(ctx, `SELECT seq FROM designs WHERE id = ?`, r.DesignID).Scan(&seq); err != nil {
				return fmt.Errorf("design %s: %w", r.DesignID, err)
			}
			e := r.Evaluation
			res := []byte(orNull(r.Result))
			// The design's stored bytes change by the result's change in
			// size (length() reads a blob's size, not the blob).
			if _, err := tx.ExecContext(ctx, `UPDATE designs SET stored_bytes = stored_bytes + ? - coalesce((SELECT length(result)
				FROM versions WHERE design_seq = ? AND n = ?), 0) WHERE seq = ?`, len(res), seq, r.Version, seq); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE versions SET result = ?, bytes = length(document) + ? + length(problems),
				model_version = ?, cv = ?, points = ?,
				tier = ?, ems = ?, target_rating = ?, mass_factor = ?, tech_level = ?, movement = ?, hull = ?,
				carries_fighters = ?, legal = ? WHERE design_seq = ? AND n = ?`,
				res, len(res), e.ModelVersion, e.CV, e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor,
				e.TechLevel, e.Movement, e.Hull, e.CarriesFighters, e.Legal, seq, r.Version); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE designs SET cv = ?, points = ?, tier = ?, tech_level = ?,
				movement = ?, hull = ?, carries_fighters = ?, legal = ?, ems = ?, target_rating = ?, mass_factor = ?,
				model_version = ? WHERE seq = ? AND version = ?`,
				e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull, e.CarriesFighters, e.Legal,
				e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion, seq, r.Version); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO recomputations (design_seq, n, old_model, new_model, old_cv,
				new_cv, old_points, new_points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				seq, r.Version, r.OldModel, r.NewModel, r.OldCV, r.NewCV, r.OldPoints, r.NewPoints, now); err != nil {
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
