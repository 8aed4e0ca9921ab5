package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/slipway/slipway/library"
)

// designCols selects a design with its owner and the latest version's
// evaluation, copied onto the design row; docCols adds the version's
// stored documents.
const designCols = `d.seq, d.id, d.owner_id, CASE WHEN u.deleted_at IS NULL THEN u.name ELSE '' END, d.visibility, d.ruleset, d.rules_version, d.name,
	d.description, d.tags, d.universe, d.version, coalesce(d.parent_id, ''), coalesce(d.parent_version, 0),
	d.forks, d.created_at, d.updated_at,
	d.owner_id, d.updated_at, d.model_version, d.cv, d.points, d.tier, d.ems, d.target_rating,
	d.mass_factor, d.tech_level, d.movement, d.hull, d.carries_fighters, d.legal,
	coalesce(p.visibility, ''), coalesce(p.owner_id, 0), p.deleted_at IS NOT NULL, coalesce(d.outline, '')`

const docCols = `, v.document, v.result, v.problems, v.model_version`

// listFrom serves lists, which read designs only; designFrom adds the
// latest version for its documents.
const listFrom = ` FROM designs d JOIN users u ON u.id = d.owner_id` + parentJoin

// parentJoin brings in the parent design's visibility and owner, so the
// Service can tell whether the caller may know of it.
const parentJoin = ` LEFT JOIN designs p ON p.id = d.parent_id`

const designFrom = listFrom + ` JOIN versions v ON v.design_seq = d.seq AND v.n = d.version`

type scanner interface{ Scan(...any) error }

func scanDesign(s scanner, withDocs bool) (*library.Design, error) {
	var d library.Design
	var tags, created, updated, vcreated, vis, pvis string
	var cf, legal bool
	e := &d.Latest.Evaluation
	dest := []any{&d.Seq, &d.ID, &d.OwnerID, &d.OwnerName, &vis, &d.Ruleset, &d.RulesVersion, &d.Name,
		&d.Description, &tags, &d.Universe, &d.Version, &d.ParentID, &d.ParentVersion,
		&d.Forks, &created, &updated,
		&d.Latest.AuthorID, &vcreated, &e.ModelVersion, &e.CV, &e.Points, &e.Tier, &e.EMS, &e.TargetRating,
		&e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull, &cf, &legal, &pvis, &d.ParentOwnerID, &d.ParentDeleted, &d.Outline}
	var doc, res, probs []byte
	if withDocs {
		dest = append(dest, &doc, &res, &probs, &d.Latest.ResultModel)
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	d.Visibility = library.Visibility(vis)
	d.ParentVisibility = library.Visibility(pvis)
	d.Latest.Visibility = d.Visibility
	_ = json.Unmarshal([]byte(tags), &d.Tags)
	d.CreatedAt, d.UpdatedAt = parseTime(created), parseTime(updated)
	e.CarriesFighters, e.Legal = cf, legal
	d.Latest.DesignID, d.Latest.N, d.Latest.CreatedAt = d.ID, d.Version, parseTime(vcreated)
	d.Latest.Document, d.Latest.Result, d.Latest.Problems = doc, res, probs
	return &d, nil
}

// CreateDesigns creates the designs, each with its version 1, in one
// transaction: either all are stored or none is.
func (db *DB) CreateDesigns(ctx context.Context, ds []*library.NewDesign) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		for _, nd := range ds {
			if err := db.createDesign(ctx, tx, nd); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("create designs: %w", err)
	}
	return nil
}

func (db *DB) createDesign(ctx context.Context, tx *sql.Tx, nd *library.NewDesign) error {
	now := formatTime(db.now())
	tags, _ := json.Marshal(nonNil(nd.Tags))
	e := nd.Version.Evaluation
	var parent any
	var parentVersion any
	if nd.ParentID != "" {
		parent, parentVersion = nd.ParentID, nd.ParentVersion
	}
	author, err := ownerName(ctx, tx, nd.OwnerID)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO designs (id, owner_id, visibility, ruleset, rules_version, name,
		description, tags, universe, version, parent_id, parent_version, created_at, updated_at,
		cv, points, tier, tech_level, movement, hull, carries_fighters, legal, ems, target_rating,
		mass_factor, model_version, words, outline)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		nd.ID, nd.OwnerID, string(nd.Visibility), nd.Ruleset, nd.RulesVersion, nd.Name,
		nd.Description, string(tags), nd.Universe, parent, parentVersion, now, now,
		e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull, e.CarriesFighters, e.Legal,
		e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion,
		designWords(nd.Name, nd.Description, nd.Tags, nd.Universe, author), library.Outline(nd.Version.Document))
	if err != nil {
		if isUnique(err) {
			return library.ErrConflict
		}
		return err
	}
	seq, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if err := insertVersion(ctx, tx, seq, 1, nd.OwnerID, now, nd.Version); err != nil {
		return err
	}
	if err := insertIndex(ctx, tx, seq, nd); err != nil {
		return err
	}
	if nd.ParentID != "" {
		return recountForks(ctx, tx, nd.ParentID)
	}
	return nil
}

// recountForks sets a design's fork count to its public, live forks.
func recountForks(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, `UPDATE designs SET forks = (SELECT count(*) FROM designs f
		WHERE f.parent_id = ? AND f.visibility = 'public' AND f.deleted_at IS NULL) WHERE id = ?`, id, id)
	return err
}

func insertVersion(ctx context.Context, tx *sql.Tx, seq int64, n int, author int64, now string, v library.Version) error {
	e := v.Evaluation
	vis := v.Visibility
	if vis == "" {
		vis = library.Private
	}
	doc, res, probs := []byte(v.Document), []byte(orNull(v.Result)), []byte(orEmptyList(v.Problems))
	_, err := tx.ExecContext(ctx, `INSERT INTO versions (design_seq, n, document, result, problems, author_id,
		created_at, model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement,
		hull, carries_fighters, legal, visibility, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		seq, n, doc, res, probs, author, now,
		e.ModelVersion, e.CV, e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor, e.TechLevel,
		e.Movement, e.Hull, e.CarriesFighters, e.Legal, string(vis), len(doc)+len(res)+len(probs))
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE designs SET stored_bytes = stored_bytes + ? WHERE seq = ?`, len(doc)+len(res)+len(probs), seq)
	return err
}

// indexDesign (re)writes the design's row of the full-text index.
func indexDesign(ctx context.Context, tx *sql.Tx, seq int64, nd *library.NewDesign) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM designs_fts WHERE rowid = ?`, seq); err != nil {
		return err
	}
	return insertIndex(ctx, tx, seq, nd)
}

// insertIndex writes a new design's row of the full-text index.
func insertIndex(ctx context.Context, tx *sql.Tx, seq int64, nd *library.NewDesign) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO designs_fts (rowid, name, description, tags, universe, author)
		SELECT ?, ?, ?, ?, ?, name FROM users WHERE id = ?`,
		seq, nd.Name, nd.Description, strings.Join(nd.Tags, " "), nd.Universe, nd.OwnerID)
	return err
}

// Design returns a live design with its latest version.
func (db *DB) Design(ctx context.Context, id string) (*library.Design, error) {
	return designOn(ctx, db.r, id)
}

// querier is a connection pool or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// designOn reads a live design with its latest version through conn.
func designOn(ctx context.Context, conn querier, id string) (*library.Design, error) {
	row := conn.QueryRowContext(ctx, `SELECT `+designCols+docCols+designFrom+` WHERE d.id = ? AND d.deleted_at IS NULL`, id)
	d, err := scanDesign(row, true)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("design %s: %w", id, err)
	}
	return d, nil
}

// head locks in the design's current version inside a write transaction.
func head(ctx context.Context, tx *sql.Tx, id string) (seq int64, version int, parent string, err error) {
	err = tx.QueryRowContext(ctx, `SELECT seq, version, coalesce(parent_id, '') FROM designs WHERE id = ? AND deleted_at IS NULL`, id).
		Scan(&seq, &version, &parent)
	if errors.Is(err, sql.ErrNoRows) {
		err = library.ErrNotFound
	}
	return seq, version, parent, err
}

// UpdateDesign stores v as the next version and the new metadata, if the
// design is still at version base (any version when base is 0); otherwise
// it returns library.ErrStale.
func (db *DB) UpdateDesign(ctx context.Context, id string, base int, meta library.NewDesign, v library.Version) (*library.Design, error) {
	var out *library.Design
	err := db.tx(ctx, func(tx *sql.Tx) error {
		seq, cur, parent, err := head(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		now := formatTime(db.now())
		if err := insertVersion(ctx, tx, seq, cur+1, meta.OwnerID, now, v); err != nil {
			return err
		}
		e := v.Evaluation
		tags, _ := json.Marshal(nonNil(meta.Tags))
		var owner int64
		if err := tx.QueryRowContext(ctx, `SELECT owner_id FROM designs WHERE seq = ?`, seq).Scan(&owner); err != nil {
			return err
		}
		meta.OwnerID = owner
		author, err := ownerName(ctx, tx, owner)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE designs SET version = ?, visibility = ?, ruleset = ?, rules_version = ?,
			name = ?, description = ?, tags = ?, universe = ?, updated_at = ?, cv = ?, points = ?, tier = ?,
			tech_level = ?, movement = ?, hull = ?, carries_fighters = ?, legal = ?, ems = ?, target_rating = ?,
			mass_factor = ?, model_version = ?, words = ?, outline = ? WHERE seq = ?`,
			cur+1, string(meta.Visibility), meta.Ruleset, meta.RulesVersion, meta.Name, meta.Description,
			string(tags), meta.Universe, now, e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull,
			e.CarriesFighters, e.Legal, e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion,
			designWords(meta.Name, meta.Description, meta.Tags, meta.Universe, author), library.Outline(v.Document), seq)
		if err != nil {
			return err
		}
		if parent != "" {
			if err := recountForks(ctx, tx, parent); err != nil {
				return err
			}
		}
		if err := indexDesign(ctx, tx, seq, &meta); err != nil {
			return err
		}
		// Read back inside the transaction: the design as this write
		// left it, whatever later writes in the same batch do.
		out, err = designOn(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update design %s: %w", id, err)
	}
	return out, nil
}

// DeleteDesign deletes a design still at version base (any when base is
// 0). Nothing serves it again; PurgeDeleted removes its rows later.
func (db *DB) DeleteDesign(ctx context.Context, id string, base int) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		seq, cur, parent, err := head(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		if _, err := tx.ExecContext(ctx, `UPDATE designs SET deleted_at = ? WHERE seq = ?`, formatTime(db.now()), seq); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM designs_fts WHERE rowid = ?`, seq); err != nil {
			return err
		}
		if parent != "" {
			return recountForks(ctx, tx, parent)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete design %s: %w", id, err)
	}
	return nil
}

// Versions lists a live design's versions, oldest first, without documents.
func (db *DB) Versions(ctx context.Context, id string) ([]library.Version, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT d.id, v.n, v.author_id, v.created_at, v.model_version, v.cv, v.points,
		v.tier, v.ems, v.target_rating, v.mass_factor, v.tech_level, v.movement, v.hull, v.carries_fighters, v.legal,
		v.visibility FROM designs d JOIN versions v ON v.design_seq = d.seq WHERE d.id = ? AND d.deleted_at IS NULL ORDER BY v.n`, id)
	if err != nil {
		return nil, fmt.Errorf("versions %s: %w", id, err)
	}
	defer rows.Close()
	var out []library.Version
	for rows.Next() {
		v, err := scanVersion(rows, false)
		if err != nil {
			return nil, fmt.Errorf("versions %s: %w", id, err)
		}
		out = append(out, *v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("versions %s: %w", id, err)
	}
	if len(out) == 0 {
		return nil, library.ErrNotFound
	}
	return out, nil
}

func scanVersion(s scanner, withDocs bool) (*library.Version, error) {
	var v library.Version
	var created, vis string
	e := &v.Evaluation
	dest := []any{&v.DesignID, &v.N, &v.AuthorID, &created, &e.ModelVersion, &e.CV, &e.Points, &e.Tier, &e.EMS,
		&e.TargetRating, &e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull, &e.CarriesFighters, &e.Legal, &vis}
	var doc, res, probs []byte
	if withDocs {
		dest = append(dest, &doc, &res, &probs)
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	v.CreatedAt = parseTime(created)
	v.Visibility = library.Visibility(vis)
	v.Document, v.Result, v.Problems = doc, res, probs
	if withDocs {
		v.ResultModel = e.ModelVersion
	}
	return &v, nil
}

// DesignVersion returns version n of a live design with its documents.
func (db *DB) DesignVersion(ctx context.Context, id string, n int) (*library.Version, error) {
	row := db.r.QueryRowContext(ctx, `SELECT d.id, v.n, v.author_id, v.created_at, v.model_version, v.cv, v.points,
		v.tier, v.ems, v.target_rating, v.mass_factor, v.tech_level, v.movement, v.hull, v.carries_fighters, v.legal,
		v.visibility, v.document, v.result, v.problems
		FROM designs d JOIN versions v ON v.design_seq = d.seq WHERE d.id = ? AND d.deleted_at IS NULL AND v.n = ?`, id, n)
	v, err := scanVersion(row, true)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("design %s version %d: %w", id, n, err)
	}
	return v, nil
}

// Forks lists up to limit live forks of id that are public or owned by
// viewer, oldest first, and counts them all.
func (db *DB) Forks(ctx context.Context, id string, viewer int64, limit int) ([]*library.Design, int, error) {
	const cond = ` WHERE d.parent_id = ? AND d.deleted_at IS NULL AND (d.visibility = 'public' OR d.owner_id = ?)`
	var n int
	if err := db.r.QueryRowContext(ctx, `SELECT count(*) FROM designs d`+cond, id, viewer).Scan(&n); err != nil {
		return nil, 0, fmt.Errorf("forks of %s: %w", id, err)
	}
	if limit <= 0 || n == 0 {
		return nil, n, nil
	}
	ds, err := db.designs(ctx, `SELECT `+designCols+listFrom+cond+` ORDER BY d.seq LIMIT ?`, id, viewer, limit)
	return ds, n, err
}

// Usage sums what a user's live designs hold.
func (db *DB) Usage(ctx context.Context, userID int64) (library.Usage, error) {
	var u library.Usage
	err := db.r.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(version), 0), coalesce(sum(stored_bytes), 0)
		FROM designs INDEXED BY designs_usage WHERE owner_id = ? AND deleted_at IS NULL`, userID).
		Scan(&u.Designs, &u.Versions, &u.Bytes)
	if err != nil {
		return u, fmt.Errorf("usage of user %d: %w", userID, err)
	}
	return u, nil
}

// purgeBatch is how many deleted designs one purge transaction removes,
// so that a large purge never holds the writer for long.
const purgeBatch = 50

// PurgeDeleted removes the rows of designs deleted before the given time:
// their versions, recomputation log and the design row itself.
func (db *DB) PurgeDeleted(ctx context.Context, before time.Time) (int, error) {
	total := 0
	for {
		n := 0
		err := db.tx(ctx, func(tx *sql.Tx) error {
			rows, err := tx.QueryContext(ctx, `SELECT seq FROM designs WHERE deleted_at IS NOT NULL AND deleted_at < ? LIMIT ?`,
				formatTime(before), purgeBatch)
			if err != nil {
				return err
			}
			var seqs []int64
			for rows.Next() {
				var s int64
				if err := rows.Scan(&s); err != nil {
					rows.Close()
					return err
				}
				seqs = append(seqs, s)
			}
			rows.Close()
			for _, seq := range seqs {
				for _, q := range []string{
					`DELETE FROM recomputations WHERE design_seq = ?`,
					`DELETE FROM versions WHERE design_seq = ?`,
					// What its sheets printed and its share link go with it.
					`DELETE FROM printed WHERE subject = 'design:' || (SELECT id FROM designs WHERE seq = ?)`,
					`DELETE FROM design_shares WHERE design_id = (SELECT id FROM designs WHERE seq = ?)`,
					`DELETE FROM designs_fts WHERE rowid = ?`,
					`DELETE FROM designs WHERE seq = ?`,
				} {
					if _, err := tx.ExecContext(ctx, q, seq); err != nil {
						return err
					}
				}
			}
			n = len(seqs)
			return nil
		})
		if err != nil {
			return total, fmt.Errorf("purge deleted designs: %w", err)
		}
		total += n
		if n < purgeBatch {
			return total, nil
		}
	}
}

// DesignsByOwner lists a user's live designs, newest first.
func (db *DB) DesignsByOwner(ctx context.Context, ownerID int64) ([]*library.Design, error) {
	return db.designs(ctx, `SELECT `+designCols+listFrom+` WHERE d.owner_id = ? AND d.deleted_at IS NULL ORDER BY d.seq DESC`, ownerID)
}

func (db *DB) designs(ctx context.Context, q string, args ...any) ([]*library.Design, error) {
	if db.listed != nil {
		db.listed(q, args)
	}
	rows, err := db.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("designs: %w", err)
	}
	defer rows.Close()
	var out []*library.Design
	for rows.Next() {
		d, err := scanDesign(rows, false)
		if err != nil {
			return nil, fmt.Errorf("designs: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("designs: %w", err)
	}
	return out, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func orNull(b []byte) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}

func orEmptyList(b []byte) []byte {
	if len(b) == 0 {
		return []byte("[]")
	}
	return b
}

// ImportDesigns creates the designs in one transaction, a design the
// database refuses (refused) left out alone and reported at its index;
// any other error rolls back all. The batch is first stored as
// CreateDesigns stores it; only a batch that one design fails is stored
// again each design under a savepoint of its own (three statements more
// a design, half as much time again: docs/performance.md).
func (db *DB) ImportDesigns(ctx context.Context, ds []*library.NewDesign) ([]error, error) {
	errs := make([]error, len(ds))
	err := db.CreateDesigns(ctx, ds)
	if err == nil {
		return errs, nil
	}
	if !refused(err) {
		return nil, err
	}
	err = db.tx(ctx, func(tx *sql.Tx) error {
		clear(errs)
		for i, nd := range ds {
			if _, err := tx.ExecContext(ctx, `SAVEPOINT item`); err != nil {
				return err
			}
			err := db.createDesign(ctx, tx, nd)
			if err != nil {
				if !refused(err) {
					return err
				}
				if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO item`); rerr != nil {
					return rerr
				}
				errs[i] = fmt.Errorf("design %s: %w", nd.ID, refusal(err))
			}
			if _, err := tx.ExecContext(ctx, `RELEASE item`); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("import designs: %w", err)
	}
	return errs, nil
}

// refused reports an error about one record's data, which the record
// alone fails: a taken unique value, a CHECK or NOT NULL constraint, a
// value too big to keep. A foreign key (an owner that does not exist) is
// about the batch, not one record.
func refused(err error) bool {
	if errors.Is(err, library.ErrConflict) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "CHECK constraint failed") ||
		strings.Contains(s, "NOT NULL constraint failed") || strings.Contains(s, "string or blob too big")
}

// refusal is the library's error for a refused record: ErrConflict for a
// taken unique value, else ErrRefused, wrapping err.
func refusal(err error) error {
	if errors.Is(err, library.ErrConflict) || isUnique(err) {
		return library.ErrConflict
	}
	return fmt.Errorf("%w: %w", library.ErrRefused, err)
}
