package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// StaleVersions returns up to limit versions of live designs whose stored
// evaluation came from another costing-model version than model. The
// condition is written as two ranges so that the model_version index finds
// the stale rows without passing over those already recomputed.
func (db *DB) StaleVersions(ctx context.Context, model string, limit int) ([]library.Version, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+versionCols+`, v.document, v.result, v.problems
		FROM versions v JOIN designs d ON d.seq = v.design_seq
		WHERE (v.model_version < $1 OR v.model_version > $1) AND d.deleted_at IS NULL LIMIT $2`, model, limit)
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
	err := db.tx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		b := &pgx.Batch{}
		for _, r := range rs {
			e := r.Evaluation
			res := orNull(r.Result)
			b.Queue(`WITH d AS (SELECT seq, version FROM designs WHERE id = $1),
				v AS (UPDATE versions SET result = $2, bytes = length(document) + $3 + length(problems),
					model_version = $4, cv = $5, points = $6, tier = $7, ems = $8, target_rating = $9, mass_factor = $10,
					tech_level = $11, movement = $12, hull = $13, carries_fighters = $14, legal = $15
					FROM d WHERE design_seq = d.seq AND n = $16 RETURNING design_seq),
				u AS (UPDATE designs SET cv = $5, points = $6, tier = $7, tech_level = $11, movement = $12, hull = $13,
					carries_fighters = $14, legal = $15, ems = $8, target_rating = $9, mass_factor = $10, model_version = $4
					FROM d WHERE designs.seq = d.seq AND d.version = $16 RETURNING designs.seq)
				INSERT INTO recomputations (design_seq, n, old_model, new_model, old_cv, new_cv, old_points, new_points, at)
				SELECT design_seq, $16, $17, $18, $19, $20, $21, $22, $23 FROM v`,
				r.DesignID, res, len(res), e.ModelVersion, e.CV, e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor,
				e.TechLevel, e.Movement, e.Hull, e.CarriesFighters, e.Legal, r.Version,
				r.OldModel, r.NewModel, r.OldCV, r.NewCV, r.OldPoints, r.NewPoints, now)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("save recomputations: %w", err)
	}
	return nil
}

// Recomputations returns the most recent recorded re-evaluations, newest
// first, at most limit of them.
func (db *DB) Recomputations(ctx context.Context, limit int) ([]library.Recomputation, error) {
	rows, err := db.pool.Query(ctx, `SELECT d.id, r.n, r.old_model, r.new_model, r.old_cv, r.new_cv,
		r.old_points, r.new_points FROM recomputations r JOIN designs d ON d.seq = r.design_seq
		ORDER BY r.id DESC LIMIT $1`, limit)
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
