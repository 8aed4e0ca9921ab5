package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/slipway/slipway/data/dump"
)

// The dump.Copier side of the store, for slipway migrate-store.

func nullTime(s sql.NullString) *time.Time {
	if !s.Valid {
		return nil
	}
	t := parseTime(s.String)
	return &t
}

func timeOrNull(t *time.Time) any {
	if t == nil {
		return nil
	}
	return formatTime(*t)
}

// DumpUsers returns up to limit users with id > after, by id.
func (db *DB) DumpUsers(ctx context.Context, after int64, limit int) ([]dump.User, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, name, coalesce(name_key, ''), coalesce(skeleton, ''), password_hash,
		created_at, deleted_at FROM users WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump users: %w", err)
	}
	defer rows.Close()
	var out []dump.User
	for rows.Next() {
		var u dump.User
		var created string
		var deleted sql.NullString
		if err := rows.Scan(&u.ID, &u.Name, &u.Key, &u.Skeleton, &u.PasswordHash, &created, &deleted); err != nil {
			return nil, fmt.Errorf("dump users: %w", err)
		}
		u.CreatedAt, u.DeletedAt = parseTime(created), nullTime(deleted)
		out = append(out, u)
	}
	return out, rows.Err()
}

// DumpSessions returns up to limit sessions with hash > after, by hash.
func (db *DB) DumpSessions(ctx context.Context, after string, limit int) ([]dump.Session, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT hash, user_id, created_at, expires_at FROM sessions WHERE hash > ? ORDER BY hash LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump sessions: %w", err)
	}
	defer rows.Close()
	var out []dump.Session
	for rows.Next() {
		var s dump.Session
		var c, e string
		if err := rows.Scan(&s.Hash, &s.UserID, &c, &e); err != nil {
			return nil, fmt.Errorf("dump sessions: %w", err)
		}
		s.CreatedAt, s.ExpiresAt = parseTime(c), parseTime(e)
		out = append(out, s)
	}
	return out, rows.Err()
}

// DumpTokens returns up to limit tokens with id > after, by id.
func (db *DB) DumpTokens(ctx context.Context, after int64, limit int) ([]dump.Token, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, user_id, name, hash, created_at FROM tokens WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump tokens: %w", err)
	}
	defer rows.Close()
	var out []dump.Token
	for rows.Next() {
		var t dump.Token
		var c string
		if err := rows.Scan(&t.ID, &t.UserID, &t.Name, &t.Hash, &c); err != nil {
			return nil, fmt.Errorf("dump tokens: %w", err)
		}
		t.CreatedAt = parseTime(c)
		out = append(out, t)
	}
	return out, rows.Err()
}

// DumpDesigns returns up to limit designs, deleted ones too, with seq >
// after, by seq.
func (db *DB) DumpDesigns(ctx context.Context, after int64, limit int) ([]dump.Design, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT seq, id, owner_id, visibility, ruleset, rules_version, name, description,
		tags, universe, version, coalesce(parent_id, ''), coalesce(parent_version, 0), forks, created_at, updated_at,
		deleted_at, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters,
		legal, model_version FROM designs WHERE seq > ? ORDER BY seq LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump designs: %w", err)
	}
	defer rows.Close()
	var out []dump.Design
	for rows.Next() {
		var d dump.Design
		var tags, c, u string
		var deleted sql.NullString
		e := &d.Eval
		if err := rows.Scan(&d.Seq, &d.ID, &d.OwnerID, &d.Visibility, &d.Ruleset, &d.RulesVersion, &d.Name,
			&d.Description, &tags, &d.Universe, &d.Version, &d.ParentID, &d.ParentVersion, &d.Forks, &c, &u, &deleted,
			&e.CV, &e.Points, &e.Tier, &e.EMS, &e.TargetRating, &e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull,
			&e.CarriesFighters, &e.Legal, &e.ModelVersion); err != nil {
			return nil, fmt.Errorf("dump designs: %w", err)
		}
		d.Tags = []string{}
		_ = json.Unmarshal([]byte(tags), &d.Tags)
		d.CreatedAt, d.UpdatedAt, d.DeletedAt = parseTime(c), parseTime(u), nullTime(deleted)
		out = append(out, d)
	}
	return out, rows.Err()
}

// DumpVersions returns every version of the designs with the given row
// numbers, by seq and n.
func (db *DB) DumpVersions(ctx context.Context, seqs []int64) ([]dump.Version, error) {
	if len(seqs) == 0 {
		return nil, nil
	}
	args := make([]any, len(seqs))
	for i, s := range seqs {
		args[i] = s
	}
	rows, err := db.r.QueryContext(ctx, `SELECT design_seq, n, document, result, problems, author_id, created_at,
		visibility, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters,
		legal, model_version FROM versions WHERE design_seq IN (?`+strings.Repeat(", ?", len(seqs)-1)+`)
		ORDER BY design_seq, n`, args...)
	if err != nil {
		return nil, fmt.Errorf("dump versions: %w", err)
	}
	defer rows.Close()
	var out []dump.Version
	for rows.Next() {
		var v dump.Version
		var c string
		e := &v.Eval
		if err := rows.Scan(&v.DesignSeq, &v.N, &v.Document, &v.Result, &v.Problems, &v.AuthorID, &c, &v.Visibility,
			&e.CV, &e.Points, &e.Tier, &e.EMS, &e.TargetRating, &e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull,
			&e.CarriesFighters, &e.Legal, &e.ModelVersion); err != nil {
			return nil, fmt.Errorf("dump versions: %w", err)
		}
		v.CreatedAt = parseTime(c)
		out = append(out, v)
	}
	return out, rows.Err()
}

// LoadUsers inserts the users not yet stored.
func (db *DB) LoadUsers(ctx context.Context, us []dump.User) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		for _, u := range us {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO users (id, name, name_key, skeleton, password_hash,
				created_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, u.ID, u.Name, nullIfEmpty(u.Key),
				nullIfEmpty(u.Skeleton), u.PasswordHash, formatTime(u.CreatedAt), timeOrNull(u.DeletedAt)); err != nil {
				return fmt.Errorf("load user %d: %w", u.ID, err)
			}
		}
		return nil
	})
}

// LoadSessions inserts the sessions not yet stored.
func (db *DB) LoadSessions(ctx context.Context, ss []dump.Session) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		for _, s := range ss {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO sessions (hash, user_id, created_at, expires_at)
				VALUES (?, ?, ?, ?)`, s.Hash, s.UserID, formatTime(s.CreatedAt), formatTime(s.ExpiresAt)); err != nil {
				return fmt.Errorf("load session: %w", err)
			}
		}
		return nil
	})
}

// LoadTokens inserts the tokens not yet stored.
func (db *DB) LoadTokens(ctx context.Context, ts []dump.Token) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		for _, t := range ts {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO tokens (id, user_id, name, hash, created_at)
				VALUES (?, ?, ?, ?, ?)`, t.ID, t.UserID, t.Name, t.Hash, formatTime(t.CreatedAt)); err != nil {
				return fmt.Errorf("load token %d: %w", t.ID, err)
			}
		}
		return nil
	})
}

// LoadDesigns inserts the designs and versions not yet stored, and
// indexes the new live designs for search.
func (db *DB) LoadDesigns(ctx context.Context, ds []dump.Design, vs []dump.Version) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		for _, d := range ds {
			e := d.Eval
			tags, _ := json.Marshal(nonNil(d.Tags))
			var parent, parentVersion any
			if d.ParentID != "" {
				parent, parentVersion = d.ParentID, d.ParentVersion
			}
			res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO designs (seq, id, owner_id, visibility, ruleset,
				rules_version, name, description, tags, universe, version, parent_id, parent_version, forks, created_at,
				updated_at, deleted_at, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull,
				carries_fighters, legal, model_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
				?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				d.Seq, d.ID, d.OwnerID, d.Visibility, d.Ruleset, d.RulesVersion, d.Name, d.Description, string(tags),
				d.Universe, d.Version, parent, parentVersion, d.Forks, formatTime(d.CreatedAt), formatTime(d.UpdatedAt),
				timeOrNull(d.DeletedAt), e.CV, e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor, e.TechLevel,
				e.Movement, e.Hull, e.CarriesFighters, e.Legal, e.ModelVersion)
			if err != nil {
				return fmt.Errorf("load design %s: %w", d.ID, err)
			}
			if n, _ := res.RowsAffected(); n == 0 || d.DeletedAt != nil {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO designs_fts (rowid, name, description, tags, universe, author)
				SELECT ?, ?, ?, ?, ?, CASE WHEN deleted_at IS NULL THEN name ELSE '' END FROM users WHERE id = ?`,
				d.Seq, d.Name, d.Description, strings.Join(d.Tags, " "), d.Universe, d.OwnerID); err != nil {
				return fmt.Errorf("index design %s: %w", d.ID, err)
			}
			// Its words as the index has them; the outline is left to the
			// backfill (the web draws from the document meanwhile).
			var author string
			if err := tx.QueryRowContext(ctx, `SELECT CASE WHEN deleted_at IS NULL THEN name ELSE '' END FROM users
				WHERE id = ?`, d.OwnerID).Scan(&author); err != nil && err != sql.ErrNoRows {
				return fmt.Errorf("index design %s: %w", d.ID, err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE designs SET words = ? WHERE seq = ?`,
				designWords(d.Name, d.Description, d.Tags, d.Universe, author), d.Seq); err != nil {
				return fmt.Errorf("index design %s: %w", d.ID, err)
			}
		}
		for _, v := range vs {
			e := v.Eval
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO versions (design_seq, n, document, result, problems,
				author_id, created_at, model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level,
				movement, hull, carries_fighters, legal, visibility, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
				?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				v.DesignSeq, v.N, v.Document, v.Result, v.Problems, v.AuthorID, formatTime(v.CreatedAt), e.ModelVersion,
				e.CV, e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor, e.TechLevel, e.Movement, e.Hull,
				e.CarriesFighters, e.Legal, v.Visibility, len(v.Document)+len(v.Result)+len(v.Problems)); err != nil {
				return fmt.Errorf("load version %d of design %d: %w", v.N, v.DesignSeq, err)
			}
		}
		// The usage figures kept on each design (migration 0004).
		for _, d := range ds {
			if _, err := tx.ExecContext(ctx, `UPDATE designs SET stored_bytes = (SELECT coalesce(sum(bytes), 0)
				FROM versions WHERE design_seq = ?) WHERE seq = ?`, d.Seq, d.Seq); err != nil {
				return fmt.Errorf("usage of design %s: %w", d.ID, err)
			}
		}
		return nil
	})
}

// FinishLoad has nothing to do: SQLite numbers new rows past the
// largest row id.
func (db *DB) FinishLoad(ctx context.Context) error { return nil }

var _ dump.Copier = (*DB)(nil)

// DumpFleets returns up to limit fleets, deleted ones too, with seq >
// after, by seq.
func (db *DB) DumpFleets(ctx context.Context, after int64, limit int) ([]dump.Fleet, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT seq, id, owner_id, visibility, name, description, version,
		coalesce(parent_id, ''), coalesce(parent_version, 0), summary, stored_bytes, created_at, updated_at, deleted_at
		FROM fleets WHERE seq > ? ORDER BY seq LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump fleets: %w", err)
	}
	defer rows.Close()
	var out []dump.Fleet
	for rows.Next() {
		var f dump.Fleet
		var summary, c, u string
		var deleted sql.NullString
		if err := rows.Scan(&f.Seq, &f.ID, &f.OwnerID, &f.Visibility, &f.Name, &f.Description, &f.Version,
			&f.ParentID, &f.ParentVersion, &summary, &f.StoredBytes, &c, &u, &deleted); err != nil {
			return nil, fmt.Errorf("dump fleets: %w", err)
		}
		if err := json.Unmarshal([]byte(summary), &f.Summary); err != nil {
			return nil, fmt.Errorf("dump fleet %s: summary: %w", f.ID, err)
		}
		f.CreatedAt, f.UpdatedAt, f.DeletedAt = parseTime(c), parseTime(u), nullTime(deleted)
		out = append(out, f)
	}
	return out, rows.Err()
}

// DumpFleetVersions returns every version of the fleets with the given
// row numbers, by seq and n.
func (db *DB) DumpFleetVersions(ctx context.Context, seqs []int64) ([]dump.FleetVersion, error) {
	if len(seqs) == 0 {
		return nil, nil
	}
	args := make([]any, len(seqs))
	for i, s := range seqs {
		args[i] = s
	}
	rows, err := db.r.QueryContext(ctx, `SELECT fleet_seq, n, visibility, document, summary, problems, author_id,
		created_at, bytes FROM fleet_versions WHERE fleet_seq IN (?`+strings.Repeat(", ?", len(seqs)-1)+`)
		ORDER BY fleet_seq, n`, args...)
	if err != nil {
		return nil, fmt.Errorf("dump fleet versions: %w", err)
	}
	defer rows.Close()
	var out []dump.FleetVersion
	for rows.Next() {
		var v dump.FleetVersion
		var summary, c string
		if err := rows.Scan(&v.FleetSeq, &v.N, &v.Visibility, &v.Document, &summary, &v.Problems, &v.AuthorID, &c, &v.Bytes); err != nil {
			return nil, fmt.Errorf("dump fleet versions: %w", err)
		}
		if err := json.Unmarshal([]byte(summary), &v.Summary); err != nil {
			return nil, fmt.Errorf("dump version %d of fleet %d: summary: %w", v.N, v.FleetSeq, err)
		}
		v.CreatedAt = parseTime(c)
		out = append(out, v)
	}
	return out, rows.Err()
}

// DumpRecomputations returns up to limit rows of the recompute log with
// id > after, by id.
func (db *DB) DumpRecomputations(ctx context.Context, after int64, limit int) ([]dump.Recomputation, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, design_seq, n, old_model, new_model, old_cv, new_cv, old_points,
		new_points, at FROM recomputations WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("dump recomputations: %w", err)
	}
	defer rows.Close()
	var out []dump.Recomputation
	for rows.Next() {
		var r dump.Recomputation
		var at string
		if err := rows.Scan(&r.ID, &r.DesignSeq, &r.N, &r.OldModel, &r.NewModel, &r.OldCV, &r.NewCV, &r.OldPoints,
			&r.NewPoints, &at); err != nil {
			return nil, fmt.Errorf("dump recomputations: %w", err)
		}
		r.At = parseTime(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// LoadFleets inserts the fleets and fleet versions not yet stored.
func (db *DB) LoadFleets(ctx context.Context, fs []dump.Fleet, vs []dump.FleetVersion) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		for _, f := range fs {
			sum, err := json.Marshal(f.Summary)
			if err != nil {
				return fmt.Errorf("load fleet %s: %w", f.ID, err)
			}
			var parent, parentVersion any
			if f.ParentID != "" {
				parent, parentVersion = f.ParentID, f.ParentVersion
			}
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO fleets (seq, id, owner_id, visibility, name,
				description, version, parent_id, parent_version, summary, stored_bytes, created_at, updated_at, deleted_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				f.Seq, f.ID, f.OwnerID, f.Visibility, f.Name, f.Description, f.Version, parent, parentVersion,
				string(sum), f.StoredBytes, formatTime(f.CreatedAt), formatTime(f.UpdatedAt), timeOrNull(f.DeletedAt)); err != nil {
				return fmt.Errorf("load fleet %s: %w", f.ID, err)
			}
		}
		for _, v := range vs {
			sum, err := json.Marshal(v.Summary)
			if err != nil {
				return fmt.Errorf("load version %d of fleet %d: %w", v.N, v.FleetSeq, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO fleet_versions (fleet_seq, n, visibility, document,
				summary, problems, author_id, created_at, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				v.FleetSeq, v.N, v.Visibility, v.Document, string(sum), v.Problems, v.AuthorID, formatTime(v.CreatedAt),
				v.Bytes); err != nil {
				return fmt.Errorf("load version %d of fleet %d: %w", v.N, v.FleetSeq, err)
			}
		}
		return nil
	})
}

// LoadRecomputations inserts the rows of the recompute log not yet
// stored.
func (db *DB) LoadRecomputations(ctx context.Context, rs []dump.Recomputation) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		for _, r := range rs {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO recomputations (id, design_seq, n, old_model,
				new_model, old_cv, new_cv, old_points, new_points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				r.ID, r.DesignSeq, r.N, r.OldModel, r.NewModel, r.OldCV, r.NewCV, r.OldPoints, r.NewPoints,
				formatTime(r.At)); err != nil {
				return fmt.Errorf("load recomputation %d: %w", r.ID, err)
			}
		}
		return nil
	})
}
