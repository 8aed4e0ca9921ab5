package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// StaleDesigns returns up to limit live designs after row after, in row
// order, whose summary came from a model version not in models, each with its latest version's document. It walks the designs'
// primary key from after (keyset pagination), so a whole recomputation
// reads each row once.
func (db *DB) StaleDesigns(ctx context.Context, models []string, after int64, limit int) ([]*library.Design, error) {
	rows, err := db.pool.Query(ctx, `SELECT d.seq, d.id, d.version, d.model_version, d.cv, d.points, d.tier,
		d.ems, d.target_rating, d.mass_factor, d.tech_level, d.movement, d.hull, d.carries_fighters, d.legal, v.document
		FROM designs d JOIN versions v ON v.design_seq = d.seq AND v.n = d.version
		WHERE d.seq > $1 AND d.deleted_at IS NULL AND d.model_version <> ALL($2::text[]) ORDER BY d.seq LIMIT $3`, after, models, limit)
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
// numbers: one statement over arrays of the whole batch (unnest), in one
// transaction.
func (db *DB) SaveRecomputations(ctx context.Context, rs []library.Recomputation) error {
	if len(rs) == 0 {
		return nil
	}
	n := len(rs)
	var (
		seqs                                = make([]int64, 0, n)
		versions, tiers, techs              = make([]int32, 0, n), make([]int32, 0, n), make([]int32, 0, n)
		cvs, points, ems, trs, mfs          = make([]float64, 0, n), make([]float64, 0, n), make([]float64, 0, n), make([]float64, 0, n), make([]float64, 0, n)
		movements, hulls, models, oldModels = make([]string, 0, n), make([]string, 0, n), make([]string, 0, n), make([]string, 0, n)
		fighters, legals                    = make([]bool, 0, n), make([]bool, 0, n)
		oldCVs, oldPoints                   = make([]float64, 0, n), make([]float64, 0, n)
	)
	for _, r := range rs {
		e := r.Evaluation
		seqs, versions = append(seqs, r.DesignSeq), append(versions, int32(r.Version))
		cvs, points, tiers, techs = append(cvs, e.CV), append(points, e.Points), append(tiers, int32(e.Tier)), append(techs, int32(e.TechLevel))
		ems, trs, mfs = append(ems, e.EMS), append(trs, e.TargetRating), append(mfs, e.MassFactor)
		movements, hulls, fighters, legals = append(movements, e.Movement), append(hulls, e.Hull), append(fighters, e.CarriesFighters), append(legals, e.Legal)
		models, oldModels, oldCVs, oldPoints = append(models, e.ModelVersion), append(oldModels, r.OldModel), append(oldCVs, r.OldCV), append(oldPoints, r.OldPoints)
	}
	err := db.tx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `WITH n AS (
				SELECT * FROM unnest($1::bigint[], $2::int[], $3::float8[], $4::float8[], $5::int[], $6::int[],
					$7::text[], $8::text[], $9::bool[], $10::bool[], $11::float8[], $12::float8[], $13::float8[],
					$14::text[], $15::text[], $16::float8[], $17::float8[])
				AS n(seq, version, cv, points, tier, tech_level, movement, hull, carries_fighters, legal, ems,
					target_rating, mass_factor, model, old_model, old_cv, old_points)),
			u AS (UPDATE designs d SET cv = n.cv, points = n.points, tier = n.tier, tech_level = n.tech_level,
					movement = n.movement, hull = n.hull, carries_fighters = n.carries_fighters, legal = n.legal,
					ems = n.ems, target_rating = n.target_rating, mass_factor = n.mass_factor, model_version = n.model
				FROM n WHERE d.seq = n.seq AND d.version = n.version AND d.deleted_at IS NULL RETURNING d.seq)
			INSERT INTO recomputations (design_seq, n, old_model, new_model, old_cv, new_cv, old_points, new_points, at)
			SELECT n.seq, n.version, n.old_model, n.model, n.old_cv, n.cv, n.old_points, n.points, $18
			FROM n JOIN u ON u.seq = n.seq`,
			seqs, versions, cvs, points, tiers, techs, movements, hulls, fighters, legals, ems, trs, mfs,
			models, oldModels, oldCVs, oldPoints, db.now())
		return err
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
