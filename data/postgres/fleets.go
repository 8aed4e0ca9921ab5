package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// The library.FleetStore half of the store (migration 0002).

const fleetCols = `f.seq, f.id, f.owner_id, CASE WHEN u.deleted_at IS NULL THEN u.name ELSE '' END, f.visibility, f.name,
	f.description, f.version, coalesce(f.parent_id, ''), coalesce(f.parent_version, 0), f.created_at, f.updated_at, f.summary`

const fleetFrom = ` FROM fleets f JOIN users u ON u.id = f.owner_id`

func scanFleet(row pgx.Row, withDoc bool) (*library.Fleet, error) {
	var f library.Fleet
	var vis string
	var summary []byte
	dest := []any{&f.Seq, &f.ID, &f.OwnerID, &f.OwnerName, &vis, &f.Name, &f.Description, &f.Version,
		&f.ParentID, &f.ParentVersion, &f.CreatedAt, &f.UpdatedAt, &summary}
	var doc, probs []byte
	if withDoc {
		dest = append(dest, &f.Latest.AuthorID, &f.Latest.CreatedAt, &doc, &probs)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	f.Visibility = library.Visibility(vis)
	f.CreatedAt, f.UpdatedAt, f.Latest.CreatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC(), f.Latest.CreatedAt.UTC()
	_ = json.Unmarshal(summary, &f.Latest.Summary)
	f.Latest.FleetID, f.Latest.N, f.Latest.Visibility = f.ID, f.Version, f.Visibility
	f.Latest.Document, f.Latest.Problems = doc, probs
	return &f, nil
}

// CreateFleet creates a fleet with its version 1.
func (db *DB) CreateFleet(ctx context.Context, nf *library.NewFleet) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		sum, _ := json.Marshal(nf.Version.Summary)
		var parent, parentVersion any
		if nf.ParentID != "" {
			parent, parentVersion = nf.ParentID, nf.ParentVersion
		}
		var seq int64
		err := tx.QueryRow(ctx, `INSERT INTO fleets (id, owner_id, visibility, name, description, version,
			parent_id, parent_version, summary, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $9)
			RETURNING seq`, nf.ID, nf.OwnerID, string(nf.Visibility), nf.Name, nf.Description, parent, parentVersion, sum, now).Scan(&seq)
		if err != nil {
			if isUnique(err) {
				return library.ErrConflict
			}
			return err
		}
		return insertFleetVersion(ctx, tx, seq, 1, nf.OwnerID, db, nf.Version)
	})
	if err != nil {
		return fmt.Errorf("create fleet: %w", err)
	}
	return nil
}

func insertFleetVersion(ctx context.Context, tx pgx.Tx, seq int64, n int, author int64, db *DB, v library.FleetVersion) error {
	vis := v.Visibility
	if vis == "" {
		vis = library.Private
	}
	sum, _ := json.Marshal(v.Summary)
	probs := []byte(v.Problems)
	if len(probs) == 0 {
		probs = []byte("[]")
	}
	size := len(v.Document) + len(probs)
	if _, err := tx.Exec(ctx, `INSERT INTO fleet_versions (fleet_seq, n, visibility, document, summary, problems,
		author_id, created_at, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		seq, n, string(vis), []byte(v.Document), sum, probs, author, db.now(), size); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE fleets SET stored_bytes = stored_bytes + $1 WHERE seq = $2`, size, seq)
	return err
}

// Fleet returns a live fleet with its latest version.
func (db *DB) Fleet(ctx context.Context, id string) (*library.Fleet, error) {
	row := db.pool.QueryRow(ctx, `SELECT `+fleetCols+`, v.author_id, v.created_at, v.document, v.problems`+fleetFrom+`
		JOIN fleet_versions v ON v.fleet_seq = f.seq AND v.n = f.version WHERE f.id = $1 AND f.deleted_at IS NULL`, id)
	f, err := scanFleet(row, true)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("fleet %s: %w", id, err)
	}
	return f, nil
}

func fleetHead(ctx context.Context, tx pgx.Tx, id string) (seq int64, version int, err error) {
	err = tx.QueryRow(ctx, `SELECT seq, version FROM fleets WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, id).Scan(&seq, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		err = library.ErrNotFound
	}
	return seq, version, err
}

// UpdateFleet stores v as the next version if the fleet is still at
// version base (any when 0), else library.ErrStale.
func (db *DB) UpdateFleet(ctx context.Context, id string, base int, meta library.NewFleet, v library.FleetVersion) (*library.Fleet, error) {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		seq, cur, err := fleetHead(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		if err := insertFleetVersion(ctx, tx, seq, cur+1, meta.OwnerID, db, v); err != nil {
			return err
		}
		sum, _ := json.Marshal(v.Summary)
		_, err = tx.Exec(ctx, `UPDATE fleets SET version = $1, visibility = $2, name = $3, description = $4,
			summary = $5, updated_at = $6 WHERE seq = $7`, cur+1, string(meta.Visibility), meta.Name, meta.Description, sum, db.now(), seq)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update fleet %s: %w", id, err)
	}
	return db.Fleet(ctx, id)
}

// DeleteFleet deletes a fleet still at version base (any when 0).
func (db *DB) DeleteFleet(ctx context.Context, id string, base int) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		seq, cur, err := fleetHead(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		if _, err = tx.Exec(ctx, `UPDATE fleets SET deleted_at = $1 WHERE seq = $2`, db.now(), seq); err != nil {
			return err
		}
		// Its share link goes with it.
		_, err = tx.Exec(ctx, `DELETE FROM fleet_shares WHERE fleet_id = $1`, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete fleet %s: %w", id, err)
	}
	return nil
}

const fleetVersionCols = `f.id, v.n, v.visibility, v.summary, v.author_id, v.created_at`

func scanFleetVersion(row pgx.Row, withDoc bool) (*library.FleetVersion, error) {
	var v library.FleetVersion
	var vis string
	var summary []byte
	dest := []any{&v.FleetID, &v.N, &vis, &summary, &v.AuthorID, &v.CreatedAt}
	var doc, probs []byte
	if withDoc {
		dest = append(dest, &doc, &probs)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	v.Visibility, v.CreatedAt = library.Visibility(vis), v.CreatedAt.UTC()
	_ = json.Unmarshal(summary, &v.Summary)
	v.Document, v.Problems = doc, probs
	return &v, nil
}

// FleetVersions lists a live fleet's versions, oldest first, without
// their documents.
func (db *DB) FleetVersions(ctx context.Context, id string) ([]library.FleetVersion, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+fleetVersionCols+` FROM fleets f JOIN fleet_versions v ON v.fleet_seq = f.seq
		WHERE f.id = $1 AND f.deleted_at IS NULL ORDER BY v.n`, id)
	if err != nil {
		return nil, fmt.Errorf("fleet versions %s: %w", id, err)
	}
	defer rows.Close()
	var out []library.FleetVersion
	for rows.Next() {
		v, err := scanFleetVersion(rows, false)
		if err != nil {
			return nil, fmt.Errorf("fleet versions %s: %w", id, err)
		}
		out = append(out, *v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("fleet versions %s: %w", id, err)
	}
	if len(out) == 0 {
		return nil, library.ErrNotFound
	}
	return out, nil
}

// FleetVersion returns version n of a live fleet with its document.
func (db *DB) FleetVersion(ctx context.Context, id string, n int) (*library.FleetVersion, error) {
	row := db.pool.QueryRow(ctx, `SELECT `+fleetVersionCols+`, v.document, v.problems FROM fleets f
		JOIN fleet_versions v ON v.fleet_seq = f.seq WHERE f.id = $1 AND f.deleted_at IS NULL AND v.n = $2`, id, n)
	v, err := scanFleetVersion(row, true)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("fleet %s version %d: %w", id, n, err)
	}
	return v, nil
}

func (db *DB) fleets(ctx context.Context, q string, args ...any) ([]*library.Fleet, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+fleetCols+fleetFrom+` `+q, args...)
	if err != nil {
		return nil, fmt.Errorf("fleets: %w", err)
	}
	defer rows.Close()
	out := []*library.Fleet{}
	for rows.Next() {
		f, err := scanFleet(rows, false)
		if err != nil {
			return nil, fmt.Errorf("fleets: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// FleetsByOwner lists a user's live fleets, newest first.
func (db *DB) FleetsByOwner(ctx context.Context, ownerID int64) ([]*library.Fleet, error) {
	return db.fleets(ctx, `WHERE f.owner_id = $1 AND f.deleted_at IS NULL ORDER BY f.seq DESC`, ownerID)
}

// likeEscape escapes LIKE's wildcards in s (escape character \).
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// fleetSortKeys are the SQL expressions of the fleet library's sort keys
// and of a cursor's key given as parameter p (names as the design library
// sorts them: ASCII case folded, then bytes, as SQLite's NOCASE does).
var fleetSortKeys = map[string]struct{ col, param string }{
	"cv":     {`(f.summary->>'cv')::bigint`, `%s::bigint`},
	"points": {`(f.summary->>'points')::bigint`, `%s::bigint`},
	"ships":  {`(f.summary->>'ships')::bigint`, `%s::bigint`},
	"name":   {`lower(f.name COLLATE "C")`, `lower(%s::text COLLATE "C")`},
}

// PublicFleets returns a page of live public fleets whose name,
// description or owner contains every word of q.Q (case-insensitive) and
// that pass q's filters, in q's order, after q's cursor. The Service has
// checked q.
func (db *DB) PublicFleets(ctx context.Context, q library.FleetQuery) ([]*library.Fleet, error) {
	where := `WHERE f.visibility = 'public' AND f.deleted_at IS NULL`
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	for i, w := range strings.Fields(q.Q) {
		if i == 8 {
			break
		}
		p := arg("%" + likeEscape(w) + "%")
		where += ` AND (f.name ILIKE ` + p + ` OR f.description ILIKE ` + p + ` OR (u.deleted_at IS NULL AND u.name ILIKE ` + p + `))`
	}
	for _, b := range []struct {
		v  *int
		op string
		k  string
	}{{q.CVMin, ">=", "cv"}, {q.CVMax, "<=", "cv"}, {q.PtsMin, ">=", "points"}, {q.PtsMax, "<=", "points"}} {
		if b.v != nil {
			where += ` AND ` + fleetSortKeys[b.k].col + ` ` + b.op + ` ` + arg(*b.v) + `::bigint`
		}
	}
	if q.MaxTier > 0 {
		where += ` AND (f.summary->>'highestTier')::int <= ` + arg(q.MaxTier) + `::int`
	}
	if q.LimitKind != "" {
		where += ` AND f.summary->>'limitKind' = ` + arg(q.LimitKind) + `::text`
	}
	dir, cmp := "ASC", ">"
	if q.Desc {
		dir, cmp = "DESC", "<"
	}
	order := `f.seq ` + dir
	if key, ok := fleetSortKeys[q.Sort]; ok {
		order = key.col + ` ` + dir + `, f.seq ` + dir
		if q.After > 0 && q.AfterKey != nil {
			k := fmt.Sprintf(key.param, arg(q.AfterKey))
			where += ` AND (` + key.col + ` ` + cmp + ` ` + k + ` OR (` + key.col + ` = ` + k + ` AND f.seq ` + cmp + ` ` + arg(q.After) + `))`
		}
	} else if q.After > 0 {
		where += ` AND f.seq ` + cmp + ` ` + arg(q.After)
	}
	return db.fleets(ctx, where+` ORDER BY `+order+` LIMIT `+arg(q.Limit), args...)
}

// FleetUsage sums what a user's live fleets hold.
func (db *DB) FleetUsage(ctx context.Context, userID int64) (library.Usage, error) {
	var u library.Usage
	err := db.pool.QueryRow(ctx, `SELECT count(*), coalesce(sum(version), 0), coalesce(sum(stored_bytes), 0)
		FROM fleets WHERE owner_id = $1 AND deleted_at IS NULL`, userID).Scan(&u.Designs, &u.Versions, &u.Bytes)
	if err != nil {
		return u, fmt.Errorf("fleet usage of user %d: %w", userID, err)
	}
	return u, nil
}
