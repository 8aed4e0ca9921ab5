package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/data/dump"
)

// The dump.Copier side of the store, for slipway migrate-store.

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// DumpUsers returns up to limit users with id > after, by id.
func (db *DB) DumpUsers(ctx context.Context, after int64, limit int) ([]dump.User, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, name, coalesce(name_key, ''), coalesce(skeleton, ''), password_hash,
		created_at, deleted_at FROM users WHERE id > $1 ORDER BY id LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump users: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.User, error) {
		var u dump.User
		err := r.Scan(&u.ID, &u.Name, &u.Key, &u.Skeleton, &u.PasswordHash, &u.CreatedAt, &u.DeletedAt)
		u.CreatedAt, u.DeletedAt = u.CreatedAt.UTC(), utc(u.DeletedAt)
		return u, err
	})
}

// DumpSessions returns up to limit sessions with hash > after, by hash.
func (db *DB) DumpSessions(ctx context.Context, after string, limit int) ([]dump.Session, error) {
	rows, err := db.pool.Query(ctx, `SELECT hash, user_id, created_at, expires_at FROM sessions
		WHERE hash COLLATE "C" > $1 ORDER BY hash COLLATE "C" LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump sessions: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.Session, error) {
		var s dump.Session
		err := r.Scan(&s.Hash, &s.UserID, &s.CreatedAt, &s.ExpiresAt)
		s.CreatedAt, s.ExpiresAt = s.CreatedAt.UTC(), s.ExpiresAt.UTC()
		return s, err
	})
}

// DumpTokens returns up to limit tokens with id > after, by id.
func (db *DB) DumpTokens(ctx context.Context, after int64, limit int) ([]dump.Token, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, user_id, name, hash, created_at FROM tokens WHERE id > $1 ORDER BY id LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump tokens: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.Token, error) {
		var t dump.Token
		err := r.Scan(&t.ID, &t.UserID, &t.Name, &t.Hash, &t.CreatedAt)
		t.CreatedAt = t.CreatedAt.UTC()
		return t, err
	})
}

// DumpDesigns returns up to limit designs, deleted ones too, with seq >
// after, by seq.
func (db *DB) DumpDesigns(ctx context.Context, after int64, limit int) ([]dump.Design, error) {
	rows, err := db.pool.Query(ctx, `SELECT seq, id, owner_id, visibility, ruleset, rules_version, name, description,
		tags, universe, version, coalesce(parent_id, ''), coalesce(parent_version, 0), forks, created_at, updated_at,
		deleted_at, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters,
		legal, model_version FROM designs WHERE seq > $1 ORDER BY seq LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump designs: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.Design, error) {
		var d dump.Design
		e := &d.Eval
		err := r.Scan(&d.Seq, &d.ID, &d.OwnerID, &d.Visibility, &d.Ruleset, &d.RulesVersion, &d.Name,
			&d.Description, &d.Tags, &d.Universe, &d.Version, &d.ParentID, &d.ParentVersion, &d.Forks, &d.CreatedAt,
			&d.UpdatedAt, &d.DeletedAt, &e.CV, &e.Points, &e.Tier, &e.EMS, &e.TargetRating, &e.MassFactor,
			&e.TechLevel, &e.Movement, &e.Hull, &e.CarriesFighters, &e.Legal, &e.ModelVersion)
		d.CreatedAt, d.UpdatedAt, d.DeletedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC(), utc(d.DeletedAt)
		if d.Tags == nil {
			d.Tags = []string{}
		}
		return d, err
	})
}

// DumpVersions returns every version of the designs with the given row
// numbers, by seq and n.
func (db *DB) DumpVersions(ctx context.Context, seqs []int64) ([]dump.Version, error) {
	rows, err := db.pool.Query(ctx, `SELECT design_seq, n, document, result, problems, author_id, created_at,
		visibility, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters,
		legal, model_version FROM versions WHERE design_seq = ANY($1) ORDER BY design_seq, n`, seqs)
	if err != nil {
		return nil, fmt.Errorf("dump versions: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.Version, error) {
		var v dump.Version
		e := &v.Eval
		err := r.Scan(&v.DesignSeq, &v.N, &v.Document, &v.Result, &v.Problems, &v.AuthorID, &v.CreatedAt, &v.Visibility,
			&e.CV, &e.Points, &e.Tier, &e.EMS, &e.TargetRating, &e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull,
			&e.CarriesFighters, &e.Legal, &e.ModelVersion)
		v.CreatedAt = v.CreatedAt.UTC()
		return v, err
	})
}

// sendAll sends a batch in a transaction and checks every result.
func (db *DB) sendAll(ctx context.Context, what string, queue func(b *pgx.Batch, tx pgx.Tx) error) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		if err := queue(b, tx); err != nil {
			return err
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("load %s: %w", what, err)
	}
	return nil
}

// LoadUsers inserts the users not yet stored.
func (db *DB) LoadUsers(ctx context.Context, us []dump.User) error {
	return db.sendAll(ctx, "users", func(b *pgx.Batch, _ pgx.Tx) error {
		for _, u := range us {
			b.Queue(`INSERT INTO users (id, name, name_key, skeleton, password_hash, created_at, deleted_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
				u.ID, u.Name, nullIfEmpty(u.Key), nullIfEmpty(u.Skeleton), u.PasswordHash, u.CreatedAt, u.DeletedAt)
		}
		return nil
	})
}

// LoadSessions inserts the sessions not yet stored.
func (db *DB) LoadSessions(ctx context.Context, ss []dump.Session) error {
	return db.sendAll(ctx, "sessions", func(b *pgx.Batch, _ pgx.Tx) error {
		for _, s := range ss {
			b.Queue(`INSERT INTO sessions (hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)
				ON CONFLICT (hash) DO NOTHING`, s.Hash, s.UserID, s.CreatedAt, s.ExpiresAt)
		}
		return nil
	})
}

// LoadTokens inserts the tokens not yet stored.
func (db *DB) LoadTokens(ctx context.Context, ts []dump.Token) error {
	return db.sendAll(ctx, "tokens", func(b *pgx.Batch, _ pgx.Tx) error {
		for _, t := range ts {
			b.Queue(`INSERT INTO tokens (id, user_id, name, hash, created_at) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (id) DO NOTHING`, t.ID, t.UserID, t.Name, t.Hash, t.CreatedAt)
		}
		return nil
	})
}

// LoadDesigns inserts the designs and versions not yet stored; live
// designs get their search words, with their owner's name as author.
func (db *DB) LoadDesigns(ctx context.Context, ds []dump.Design, vs []dump.Version) error {
	return db.sendAll(ctx, "designs", func(b *pgx.Batch, tx pgx.Tx) error {
		authors := map[int64]string{}
		for _, d := range ds {
			authors[d.OwnerID] = ""
		}
		ids := make([]int64, 0, len(authors))
		for id := range authors {
			ids = append(ids, id)
		}
		rows, err := tx.Query(ctx, `SELECT id, name FROM users WHERE id = ANY($1) AND deleted_at IS NULL`, ids)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return err
			}
			authors[id] = name
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, d := range ds {
			e := d.Eval
			var parent *string
			var parentVersion *int
			if d.ParentID != "" {
				parent, parentVersion = &d.ParentID, &d.ParentVersion
			}
			search := ""
			if d.DeletedAt == nil {
				search = searchVector(d.Name, d.Description, d.Tags, d.Universe, authors[d.OwnerID])
			}
			b.Queue(`INSERT INTO designs (seq, id, owner_id, visibility, ruleset, rules_version, name, description, tags,
				universe, version, parent_id, parent_version, forks, created_at, updated_at, deleted_at, cv, points, tier,
				ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters, legal, model_version, search)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
				$22, $23, $24, $25, $26, $27, $28, $29, $30::tsvector) ON CONFLICT (seq) DO NOTHING`,
				d.Seq, d.ID, d.OwnerID, d.Visibility, d.Ruleset, d.RulesVersion, d.Name, d.Description, nonNil(d.Tags),
				d.Universe, d.Version, parent, parentVersion, d.Forks, d.CreatedAt, d.UpdatedAt, d.DeletedAt, e.CV,
				e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor, e.TechLevel, e.Movement, e.Hull,
				e.CarriesFighters, e.Legal, e.ModelVersion, search)
		}
		for _, v := range vs {
			e := v.Eval
			b.Queue(`INSERT INTO versions (design_seq, n, document, result, problems, author_id, created_at, visibility,
				bytes, model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull,
				carries_fighters, legal) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
				$17, $18, $19, $20, $21) ON CONFLICT (design_seq, n) DO NOTHING`,
				v.DesignSeq, v.N, v.Document, v.Result, v.Problems, v.AuthorID, v.CreatedAt, v.Visibility,
				len(v.Document)+len(v.Result)+len(v.Problems), e.ModelVersion, e.CV, e.Points, e.Tier, e.EMS,
				e.TargetRating, e.MassFactor, e.TechLevel, e.Movement, e.Hull, e.CarriesFighters, e.Legal)
		}
		return nil
	})
}

// FinishLoad moves the id sequences past the copied rows.
func (db *DB) FinishLoad(ctx context.Context) error {
	for _, t := range []struct{ table, col string }{{"users", "id"}, {"tokens", "id"}, {"designs", "seq"},
		{"fleets", "seq"}, {"recomputations", "id"}} {
		if _, err := db.pool.Exec(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', '%s'),
			greatest((SELECT max(%s) FROM %s), 1))`, t.table, t.col, t.col, t.table)); err != nil {
			return fmt.Errorf("finish load: %s: %w", t.table, err)
		}
	}
	return nil
}

var _ dump.Copier = (*DB)(nil)

// DumpFleets returns up to limit fleets, deleted ones too, with seq >
// after, by seq.
func (db *DB) DumpFleets(ctx context.Context, after int64, limit int) ([]dump.Fleet, error) {
	rows, err := db.pool.Query(ctx, `SELECT seq, id, owner_id, visibility, name, description, version,
		coalesce(parent_id, ''), coalesce(parent_version, 0), summary::text, stored_bytes, created_at, updated_at,
		deleted_at FROM fleets WHERE seq > $1 ORDER BY seq LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump fleets: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.Fleet, error) {
		var f dump.Fleet
		var summary string
		if err := r.Scan(&f.Seq, &f.ID, &f.OwnerID, &f.Visibility, &f.Name, &f.Description, &f.Version, &f.ParentID,
			&f.ParentVersion, &summary, &f.StoredBytes, &f.CreatedAt, &f.UpdatedAt, &f.DeletedAt); err != nil {
			return f, err
		}
		f.CreatedAt, f.UpdatedAt, f.DeletedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC(), utc(f.DeletedAt)
		if err := json.Unmarshal([]byte(summary), &f.Summary); err != nil {
			return f, fmt.Errorf("dump fleet %s: summary: %w", f.ID, err)
		}
		return f, nil
	})
}

// DumpFleetVersions returns every version of the fleets with the given
// row numbers, by seq and n.
func (db *DB) DumpFleetVersions(ctx context.Context, seqs []int64) ([]dump.FleetVersion, error) {
	rows, err := db.pool.Query(ctx, `SELECT fleet_seq, n, visibility, document, summary::text, problems, author_id,
		created_at, bytes FROM fleet_versions WHERE fleet_seq = ANY($1) ORDER BY fleet_seq, n`, seqs)
	if err != nil {
		return nil, fmt.Errorf("dump fleet versions: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.FleetVersion, error) {
		var v dump.FleetVersion
		var summary string
		if err := r.Scan(&v.FleetSeq, &v.N, &v.Visibility, &v.Document, &summary, &v.Problems, &v.AuthorID,
			&v.CreatedAt, &v.Bytes); err != nil {
			return v, err
		}
		v.CreatedAt = v.CreatedAt.UTC()
		if err := json.Unmarshal([]byte(summary), &v.Summary); err != nil {
			return v, fmt.Errorf("dump version %d of fleet %d: summary: %w", v.N, v.FleetSeq, err)
		}
		return v, nil
	})
}

// DumpRecomputations returns up to limit rows of the recompute log with
// id > after, by id.
func (db *DB) DumpRecomputations(ctx context.Context, after int64, limit int) ([]dump.Recomputation, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, design_seq, n, old_model, new_model, old_cv, new_cv, old_points,
		new_points, at FROM recomputations WHERE id > $1 ORDER BY id LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump recomputations: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dump.Recomputation, error) {
		var x dump.Recomputation
		err := r.Scan(&x.ID, &x.DesignSeq, &x.N, &x.OldModel, &x.NewModel, &x.OldCV, &x.NewCV, &x.OldPoints,
			&x.NewPoints, &x.At)
		x.At = x.At.UTC()
		return x, err
	})
}

// LoadFleets inserts the fleets and fleet versions not yet stored.
func (db *DB) LoadFleets(ctx context.Context, fs []dump.Fleet, vs []dump.FleetVersion) error {
	return db.sendAll(ctx, "fleets", func(b *pgx.Batch, _ pgx.Tx) error {
		for _, f := range fs {
			sum, err := json.Marshal(f.Summary)
			if err != nil {
				return fmt.Errorf("fleet %s: %w", f.ID, err)
			}
			var parent *string
			var parentVersion *int
			if f.ParentID != "" {
				parent, parentVersion = &f.ParentID, &f.ParentVersion
			}
			b.Queue(`INSERT INTO fleets (seq, id, owner_id, visibility, name, description, version, parent_id,
				parent_version, summary, stored_bytes, created_at, updated_at, deleted_at) VALUES ($1, $2, $3, $4, $5, $6,
				$7, $8, $9, $10::jsonb, $11, $12, $13, $14) ON CONFLICT (seq) DO NOTHING`,
				f.Seq, f.ID, f.OwnerID, f.Visibility, f.Name, f.Description, f.Version, parent, parentVersion,
				string(sum), f.StoredBytes, f.CreatedAt, f.UpdatedAt, f.DeletedAt)
		}
		for _, v := range vs {
			sum, err := json.Marshal(v.Summary)
			if err != nil {
				return fmt.Errorf("version %d of fleet %d: %w", v.N, v.FleetSeq, err)
			}
			b.Queue(`INSERT INTO fleet_versions (fleet_seq, n, visibility, document, summary, problems, author_id,
				created_at, bytes) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) ON CONFLICT (fleet_seq, n) DO NOTHING`,
				v.FleetSeq, v.N, v.Visibility, v.Document, string(sum), v.Problems, v.AuthorID, v.CreatedAt, v.Bytes)
		}
		return nil
	})
}

// LoadRecomputations inserts the rows of the recompute log not yet
// stored.
func (db *DB) LoadRecomputations(ctx context.Context, rs []dump.Recomputation) error {
	return db.sendAll(ctx, "recomputations", func(b *pgx.Batch, _ pgx.Tx) error {
		for _, r := range rs {
			b.Queue(`INSERT INTO recomputations (id, design_seq, n, old_model, new_model, old_cv, new_cv, old_points,
				new_points, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
				r.ID, r.DesignSeq, r.N, r.OldModel, r.NewModel, r.OldCV, r.NewCV, r.OldPoints, r.NewPoints, r.At)
		}
		return nil
	})
}
