package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/slipway/slipway/library"
)

// designCols selects a design with its owner and the latest version's
// evaluation, copied onto the design row; docCols adds the version's
// stored documents.
const designCols = `d.seq, d.id, d.owner_id, CASE WHEN u.deleted_at IS NULL THEN u.name ELSE '' END, d.visibility,
	d.ruleset, d.rules_version, d.name, d.description, d.tags, d.universe, d.version, coalesce(d.parent_id, ''),
	coalesce(d.parent_version, 0), d.forks, d.created_at, d.updated_at,
	d.owner_id, d.updated_at, d.model_version, d.cv, d.points, d.tier, d.ems, d.target_rating,
	d.mass_factor, d.tech_level, d.movement, d.hull, d.carries_fighters, d.legal,
	coalesce(p.visibility, ''), coalesce(p.owner_id, 0), p.deleted_at IS NOT NULL, coalesce(d.outline, '')`

const docCols = `, v.document, v.result, v.problems, v.model_version`

// listFrom serves lists, which read designs only; designFrom adds the
// latest version for its documents.
const listFrom = ` FROM designs d JOIN users u ON u.id = d.owner_id LEFT JOIN designs p ON p.id = d.parent_id`

const designFrom = listFrom + ` JOIN versions v ON v.design_seq = d.seq AND v.n = d.version`

func scanDesign(row pgx.Row, withDocs bool) (*library.Design, error) {
	var d library.Design
	var vis, pvis string
	e := &d.Latest.Evaluation
	dest := []any{&d.Seq, &d.ID, &d.OwnerID, &d.OwnerName, &vis, &d.Ruleset, &d.RulesVersion, &d.Name,
		&d.Description, &d.Tags, &d.Universe, &d.Version, &d.ParentID, &d.ParentVersion,
		&d.Forks, &d.CreatedAt, &d.UpdatedAt,
		&d.Latest.AuthorID, &d.Latest.CreatedAt, &e.ModelVersion, &e.CV, &e.Points, &e.Tier, &e.EMS, &e.TargetRating,
		&e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull, &e.CarriesFighters, &e.Legal, &pvis, &d.ParentOwnerID, &d.ParentDeleted,
		&d.Outline}
	var doc, res, probs []byte
	if withDocs {
		dest = append(dest, &doc, &res, &probs, &d.Latest.ResultModel)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	d.Visibility = library.Visibility(vis)
	d.ParentVisibility = library.Visibility(pvis)
	d.Latest.Visibility = d.Visibility
	if d.Tags == nil {
		d.Tags = []string{}
	}
	d.CreatedAt, d.UpdatedAt, d.Latest.CreatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC(), d.Latest.CreatedAt.UTC()
	d.Latest.DesignID, d.Latest.N = d.ID, d.Version
	d.Latest.Document, d.Latest.Result, d.Latest.Problems = doc, res, probs
	return &d, nil
}

// CreateDesigns creates the designs, each with its version 1, in one
// transaction: either all are stored or none is.
func (db *DB) CreateDesigns(ctx context.Context, ds []*library.NewDesign) error {
	if len(ds) == 0 {
		return nil
	}
	err := db.tx(ctx, func(tx pgx.Tx) error {
		owners, err := ownerNames(ctx, tx, ds)
		if err != nil {
			return err
		}
		now := db.now()
		b := &pgx.Batch{}
		var parents []string
		for _, nd := range ds {
			name, ok := owners[nd.OwnerID]
			if !ok {
				return fmt.Errorf("design %s: owner %d: %w", nd.ID, nd.OwnerID, library.ErrNotFound)
			}
			queueCreate(b, nd, name, now)
			if nd.ParentID != "" {
				parents = append(parents, nd.ParentID)
			}
		}
		br := tx.SendBatch(ctx, b)
		for range b.QueuedQueries {
			if _, err := br.Exec(); err != nil {
				br.Close()
				if isUnique(err) {
					return library.ErrConflict
				}
				return err
			}
		}
		if err := br.Close(); err != nil {
			return err
		}
		return recountForks(ctx, tx, parents...)
	})
	if err != nil {
		return fmt.Errorf("create designs: %w", err)
	}
	return nil
}

// ownerNames returns the names of the live owners of ds.
func ownerNames(ctx context.Context, tx pgx.Tx, ds []*library.NewDesign) (map[int64]string, error) {
	var ids []int64
	for _, nd := range ds {
		ids = append(ids, nd.OwnerID)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	rows, err := tx.Query(ctx, `SELECT id, name FROM users WHERE id = ANY($1) AND deleted_at IS NULL`, ids)
	if err != nil {
		return nil, err
	}
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return nil, err
		}
		out[id] = name
	}
	rows.Close()
	return out, rows.Err()
}

// queueCreate queues the one statement that inserts a design and its
// version 1.
func queueCreate(b *pgx.Batch, nd *library.NewDesign, author string, now time.Time) {
	e := nd.Version.Evaluation
	v := nd.Version
	vis := v.Visibility
	if vis == "" {
		vis = library.Private
	}
	doc, res, probs := []byte(v.Document), orNull(v.Result), orEmptyList(v.Problems)
	var parent *string
	var parentVersion *int
	if nd.ParentID != "" {
		parent, parentVersion = &nd.ParentID, &nd.ParentVersion
	}
	b.Queue(`WITH d AS (
		INSERT INTO designs (id, owner_id, visibility, ruleset, rules_version, name, description, tags, universe,
			version, parent_id, parent_version, created_at, updated_at, cv, points, tier, tech_level, movement, hull,
			carries_fighters, legal, ems, target_rating, mass_factor, model_version, search, outline)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $20,
			$21, $22, $23, $24, $25::tsvector, $31)
		RETURNING seq)
	INSERT INTO versions (design_seq, n, document, result, problems, author_id, created_at, visibility, bytes,
		model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull,
		carries_fighters, legal)
	SELECT d.seq, 1, $26, $27, $28, $2, $12, $29, $30, $24, $13, $14, $15, $21, $22, $23, $16, $17, $18, $19, $20 FROM d`,
		nd.ID, nd.OwnerID, string(nd.Visibility), nd.Ruleset, nd.RulesVersion, nd.Name, nd.Description, nonNil(nd.Tags),
		nd.Universe, parent, parentVersion, now, e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull,
		e.CarriesFighters, e.Legal, e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion,
		searchVector(nd.Name, nd.Description, nd.Tags, nd.Universe, author),
		doc, res, probs, string(vis), len(doc)+len(res)+len(probs), library.Outline(doc))
}

// recountForks sets the fork count of each design in ids to its public,
// live forks. It first locks the rows, so that the count is taken by a
// statement that started after every concurrent fork of them committed.
func recountForks(ctx context.Context, tx pgx.Tx, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if _, err := tx.Exec(ctx, `SELECT 1 FROM designs WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE designs p SET forks = (SELECT count(*) FROM designs f
		WHERE f.parent_id = p.id AND f.visibility = 'public' AND f.deleted_at IS NULL) WHERE p.id = ANY($1)`, ids)
	return err
}

// Design returns a live design with its latest version.
func (db *DB) Design(ctx context.Context, id string) (*library.Design, error) {
	row := db.pool.QueryRow(ctx, `SELECT `+designCols+docCols+designFrom+` WHERE d.id = $1 AND d.deleted_at IS NULL`, id)
	d, err := scanDesign(row, true)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("design %s: %w", id, err)
	}
	return d, nil
}

// head locks the design's row for the rest of the transaction and returns
// its current version, parent and owner.
func head(ctx context.Context, tx pgx.Tx, id string) (seq int64, version int, parent string, owner int64, err error) {
	err = tx.QueryRow(ctx, `SELECT seq, version, coalesce(parent_id, ''), owner_id FROM designs
		WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, id).Scan(&seq, &version, &parent, &owner)
	if errors.Is(err, pgx.ErrNoRows) {
		err = library.ErrNotFound
	}
	return seq, version, parent, owner, err
}

// UpdateDesign stores v as the next version and the new metadata, if the
// design is still at version base (any version when base is 0); otherwise
// it returns library.ErrStale. Concurrent updates queue on the design's
// row lock, so each gets its own version.
func (db *DB) UpdateDesign(ctx context.Context, id string, base int, meta library.NewDesign, v library.Version) (*library.Design, error) {
	var written *library.Design
	err := db.tx(ctx, func(tx pgx.Tx) error {
		seq, cur, parent, owner, err := head(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		now := db.now()
		var author string
		if err := tx.QueryRow(ctx, `SELECT CASE WHEN deleted_at IS NULL THEN name ELSE '' END FROM users WHERE id = $1`, owner).Scan(&author); err != nil {
			return err
		}
		e := v.Evaluation
		vis := v.Visibility
		if vis == "" {
			vis = library.Private
		}
		doc, res, probs := []byte(v.Document), orNull(v.Result), orEmptyList(v.Problems)
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO versions (design_seq, n, document, result, problems, author_id, created_at, visibility,
			bytes, model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull,
			carries_fighters, legal) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
			$17, $18, $19, $20, $21)`,
			seq, cur+1, doc, res, probs, meta.OwnerID, now, string(vis), len(doc)+len(res)+len(probs),
			e.ModelVersion, e.CV, e.Points, e.Tier, e.EMS, e.TargetRating, e.MassFactor, e.TechLevel, e.Movement,
			e.Hull, e.CarriesFighters, e.Legal)
		b.Queue(`UPDATE designs SET version = $1, visibility = $2, ruleset = $3, rules_version = $4, name = $5,
			description = $6, tags = $7, universe = $8, updated_at = $9, cv = $10, points = $11, tier = $12,
			tech_level = $13, movement = $14, hull = $15, carries_fighters = $16, legal = $17, ems = $18,
			target_rating = $19, mass_factor = $20, model_version = $21, search = $22::tsvector, outline = $24
			WHERE seq = $23`,
			cur+1, string(meta.Visibility), meta.Ruleset, meta.RulesVersion, meta.Name, meta.Description,
			nonNil(meta.Tags), meta.Universe, now, e.CV, e.Points, e.Tier, e.TechLevel, e.Movement, e.Hull,
			e.CarriesFighters, e.Legal, e.EMS, e.TargetRating, e.MassFactor, e.ModelVersion,
			searchVector(meta.Name, meta.Description, meta.Tags, meta.Universe, author), seq, library.Outline(doc))
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		if parent != "" {
			if err := recountForks(ctx, tx, parent); err != nil {
				return err
			}
		}
		// Read back inside the transaction, under the row lock: the answer
		// is the version this update stored, not a later one.
		written, err = scanDesign(tx.QueryRow(ctx, `SELECT `+designCols+docCols+designFrom+` WHERE d.seq = $1`, seq), true)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update design %s: %w", id, err)
	}
	return written, nil
}

// DeleteDesign deletes a design still at version base (any when base is
// 0). Nothing serves it again; PurgeDeleted removes its rows later.
func (db *DB) DeleteDesign(ctx context.Context, id string, base int) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		seq, cur, parent, _, err := head(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		if _, err := tx.Exec(ctx, `UPDATE designs SET deleted_at = $1 WHERE seq = $2`, db.now(), seq); err != nil {
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

const versionCols = `d.id, v.n, v.author_id, v.created_at, v.model_version, v.cv, v.points, v.tier, v.ems,
	v.target_rating, v.mass_factor, v.tech_level, v.movement, v.hull, v.carries_fighters, v.legal, v.visibility`

func scanVersion(row pgx.Row, withDocs bool) (*library.Version, error) {
	var v library.Version
	var vis string
	e := &v.Evaluation
	dest := []any{&v.DesignID, &v.N, &v.AuthorID, &v.CreatedAt, &e.ModelVersion, &e.CV, &e.Points, &e.Tier, &e.EMS,
		&e.TargetRating, &e.MassFactor, &e.TechLevel, &e.Movement, &e.Hull, &e.CarriesFighters, &e.Legal, &vis}
	var doc, res, probs []byte
	if withDocs {
		dest = append(dest, &doc, &res, &probs)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	v.CreatedAt = v.CreatedAt.UTC()
	v.Visibility = library.Visibility(vis)
	v.Document, v.Result, v.Problems = doc, res, probs
	if withDocs {
		v.ResultModel = e.ModelVersion
	}
	return &v, nil
}

// Versions lists a live design's versions, oldest first, without documents.
func (db *DB) Versions(ctx context.Context, id string) ([]library.Version, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+versionCols+` FROM designs d JOIN versions v ON v.design_seq = d.seq
		WHERE d.id = $1 AND d.deleted_at IS NULL ORDER BY v.n`, id)
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

// DesignVersion returns version n of a live design with its documents.
func (db *DB) DesignVersion(ctx context.Context, id string, n int) (*library.Version, error) {
	row := db.pool.QueryRow(ctx, `SELECT `+versionCols+`, v.document, v.result, v.problems
		FROM designs d JOIN versions v ON v.design_seq = d.seq WHERE d.id = $1 AND d.deleted_at IS NULL AND v.n = $2`, id, n)
	v, err := scanVersion(row, true)
	if errors.Is(err, pgx.ErrNoRows) {
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
	const cond = ` WHERE d.parent_id = $1 AND d.deleted_at IS NULL AND (d.visibility = 'public' OR d.owner_id = $2)`
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM designs d`+cond, id, viewer).Scan(&n); err != nil {
		return nil, 0, fmt.Errorf("forks of %s: %w", id, err)
	}
	if limit <= 0 || n == 0 {
		return nil, n, nil
	}
	ds, err := db.designs(ctx, `SELECT `+designCols+listFrom+cond+` ORDER BY d.seq LIMIT $3`, id, viewer, limit)
	return ds, n, err
}

// Usage sums what a user's live designs hold.
func (db *DB) Usage(ctx context.Context, userID int64) (library.Usage, error) {
	var u library.Usage
	err := db.pool.QueryRow(ctx, `SELECT count(DISTINCT d.seq), count(v.n), coalesce(sum(v.bytes), 0)
		FROM designs d JOIN versions v ON v.design_seq = d.seq WHERE d.owner_id = $1 AND d.deleted_at IS NULL`, userID).
		Scan(&u.Designs, &u.Versions, &u.Bytes)
	if err != nil {
		return u, fmt.Errorf("usage of user %d: %w", userID, err)
	}
	return u, nil
}

// purgeBatch is how many deleted designs one purge transaction removes.
const purgeBatch = 200

// PurgeDeleted removes the rows of designs deleted before the given time:
// their versions, recomputation log and the design row itself.
func (db *DB) PurgeDeleted(ctx context.Context, before time.Time) (int, error) {
	total := 0
	for {
		n := 0
		err := db.tx(ctx, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT seq FROM designs WHERE deleted_at IS NOT NULL AND deleted_at < $1
				LIMIT $2 FOR UPDATE SKIP LOCKED`, before, purgeBatch)
			if err != nil {
				return err
			}
			seqs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
			if err != nil {
				return err
			}
			for _, q := range []string{
				`DELETE FROM recomputations WHERE design_seq = ANY($1)`,
				`DELETE FROM versions WHERE design_seq = ANY($1)`,
				// What its sheets printed and its share link go with it.
				`DELETE FROM printed WHERE subject IN (SELECT 'design:' || id FROM designs WHERE seq = ANY($1))`,
				`DELETE FROM design_shares WHERE design_id IN (SELECT id FROM designs WHERE seq = ANY($1))`,
				`DELETE FROM designs WHERE seq = ANY($1)`,
			} {
				if _, err := tx.Exec(ctx, q, seqs); err != nil {
					return err
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
	return db.designs(ctx, `SELECT `+designCols+listFrom+` WHERE d.owner_id = $1 AND d.deleted_at IS NULL ORDER BY d.seq DESC`, ownerID)
}

func (db *DB) designs(ctx context.Context, q string, args ...any) ([]*library.Design, error) {
	if db.listed != nil {
		db.listed(q, args)
	}
	rows, err := db.pool.Query(ctx, q, args...)
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
// any other error rolls back all. PostgreSQL aborts a whole transaction
// at its first error, so each design goes under a savepoint of its own;
// to keep the common case at one round trip, all are first sent in one
// batch, as CreateDesigns sends them, and only a batch that one design
// fails is sent again design by design.
func (db *DB) ImportDesigns(ctx context.Context, ds []*library.NewDesign) ([]error, error) {
	errs := make([]error, len(ds))
	err := db.CreateDesigns(ctx, ds)
	if err == nil {
		return errs, nil
	}
	if !refused(err) {
		return nil, err
	}
	err = db.tx(ctx, func(tx pgx.Tx) error {
		clear(errs)
		owners, err := ownerNames(ctx, tx, ds)
		if err != nil {
			return err
		}
		now := db.now()
		var parents []string
		for i, nd := range ds {
			name, ok := owners[nd.OwnerID]
			if !ok {
				return fmt.Errorf("design %s: owner %d: %w", nd.ID, nd.OwnerID, library.ErrNotFound)
			}
			sp, err := tx.Begin(ctx) // a savepoint
			if err != nil {
				return err
			}
			b := &pgx.Batch{}
			queueCreate(b, nd, name, now)
			if err := sp.SendBatch(ctx, b).Close(); err != nil {
				if !refused(err) {
					return err
				}
				if err := sp.Rollback(ctx); err != nil {
					return err
				}
				errs[i] = fmt.Errorf("design %s: %w", nd.ID, refusal(err))
				continue
			}
			if err := sp.Commit(ctx); err != nil {
				return err
			}
			if nd.ParentID != "" {
				parents = append(parents, nd.ParentID)
			}
		}
		return recountForks(ctx, tx, parents...)
	})
	if err != nil {
		return nil, fmt.Errorf("import designs: %w", err)
	}
	return errs, nil
}

// refused reports an error about one record's data, which the record
// alone fails: a taken unique value (ErrConflict), a data exception
// (SQLSTATE class 22: a NUL or invalid UTF-8 in text, a value out of
// range) or an integrity constraint (class 23) other than a foreign key
// (an owner that does not exist is about the batch, not one record).
func refused(err error) bool {
	if errors.Is(err, library.ErrConflict) {
		return true
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (strings.HasPrefix(pe.Code, "22") || strings.HasPrefix(pe.Code, "23") && pe.Code != "23503")
}

// refusal is the library's error for a refused record: ErrConflict for a
// taken unique value, else ErrRefused, wrapping err.
func refusal(err error) error {
	if errors.Is(err, library.ErrConflict) || isUnique(err) {
		return library.ErrConflict
	}
	return fmt.Errorf("%w: %w", library.ErrRefused, err)
}
