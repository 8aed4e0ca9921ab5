package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/slipway/slipway/library"
)

// The library.FleetStore half of the store.

const fleetCols = `f.seq, f.id, f.owner_id, CASE WHEN u.deleted_at IS NULL THEN u.name ELSE '' END, f.visibility, f.name,
	f.description, f.version, coalesce(f.parent_id, ''), coalesce(f.parent_version, 0), f.created_at, f.updated_at, f.summary`

const fleetFrom = ` FROM fleets f JOIN users u ON u.id = f.owner_id`

func scanFleet(s scanner, withDoc bool) (*library.Fleet, error) {
	var f library.Fleet
	var vis, created, updated, summary string
	dest := []any{&f.Seq, &f.ID, &f.OwnerID, &f.OwnerName, &vis, &f.Name, &f.Description, &f.Version,
		&f.ParentID, &f.ParentVersion, &created, &updated, &summary}
	var vcreated string
	var doc, probs []byte
	if withDoc {
		dest = append(dest, &f.Latest.AuthorID, &vcreated, &doc, &probs)
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	f.Visibility = library.Visibility(vis)
	f.CreatedAt, f.UpdatedAt = parseTime(created), parseTime(updated)
	_ = json.Unmarshal([]byte(summary), &f.Latest.Summary)
	f.Latest.FleetID, f.Latest.N, f.Latest.Visibility = f.ID, f.Version, f.Visibility
	if withDoc {
		f.Latest.CreatedAt = parseTime(vcreated)
		f.Latest.Document, f.Latest.Problems = doc, probs
	}
	return &f, nil
}

// CreateFleet creates a fleet with its version 1.
func (db *DB) CreateFleet(ctx context.Context, nf *library.NewFleet) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.now())
		sum, _ := json.Marshal(nf.Version.Summary)
		var parent, parentVersion any
		if nf.ParentID != "" {
			parent, parentVersion = nf.ParentID, nf.ParentVersion
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO fleets (id, owner_id, visibility, name, description, version,
			parent_id, parent_version, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
			nf.ID, nf.OwnerID, string(nf.Visibility), nf.Name, nf.Description, parent, parentVersion, string(sum), now, now)
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
		return insertFleetVersion(ctx, tx, seq, 1, nf.OwnerID, now, nf.Version)
	})
	if err != nil {
		return fmt.Errorf("create fleet: %w", err)
	}
	return nil
}

func insertFleetVersion(ctx context.Context, tx *sql.Tx, seq int64, n int, author int64, now string, v library.FleetVersion) error {
	vis := v.Visibility
	if vis == "" {
		vis = library.Private
	}
	sum, _ := json.Marshal(v.Summary)
	doc, probs := []byte(v.Document), []byte(orEmptyList(v.Problems))
	size := len(doc) + len(probs)
	if _, err := tx.ExecContext(ctx, `INSERT INTO fleet_versions (fleet_seq, n, visibility, document, summary, problems,
		author_id, created_at, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		seq, n, string(vis), doc, string(sum), probs, author, now, size); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE fleets SET stored_bytes = stored_bytes + ? WHERE seq = ?`, size, seq)
	return err
}

// Fleet returns a live fleet with its latest version.
func (db *DB) Fleet(ctx context.Context, id string) (*library.Fleet, error) {
	row := db.r.QueryRowContext(ctx, `SELECT `+fleetCols+`, v.author_id, v.created_at, v.document, v.problems`+fleetFrom+`
		JOIN fleet_versions v ON v.fleet_seq = f.seq AND v.n = f.version WHERE f.id = ? AND f.deleted_at IS NULL`, id)
	f, err := scanFleet(row, true)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("fleet %s: %w", id, err)
	}
	return f, nil
}

func fleetHead(ctx context.Context, tx *sql.Tx, id string) (seq int64, version int, err error) {
	err = tx.QueryRowContext(ctx, `SELECT seq, version FROM fleets WHERE id = ? AND deleted_at IS NULL`, id).Scan(&seq, &version)
	if errors.Is(err, sql.ErrNoRows) {
		err = library.ErrNotFound
	}
	return seq, version, err
}

// UpdateFleet stores v as the next version if the fleet is still at
// version base (any when 0), else library.ErrStale.
func (db *DB) UpdateFleet(ctx context.Context, id string, base int, meta library.NewFleet, v library.FleetVersion) (*library.Fleet, error) {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		seq, cur, err := fleetHead(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		now := formatTime(db.now())
		if err := insertFleetVersion(ctx, tx, seq, cur+1, meta.OwnerID, now, v); err != nil {
			return err
		}
		sum, _ := json.Marshal(v.Summary)
		_, err = tx.ExecContext(ctx, `UPDATE fleets SET version = ?, visibility = ?, name = ?, description = ?,
			summary = ?, updated_at = ? WHERE seq = ?`, cur+1, string(meta.Visibility), meta.Name, meta.Description, string(sum), now, seq)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update fleet %s: %w", id, err)
	}
	return db.Fleet(ctx, id)
}

// DeleteFleet deletes a fleet still at version base (any when 0).
func (db *DB) DeleteFleet(ctx context.Context, id string, base int) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		seq, cur, err := fleetHead(ctx, tx, id)
		if err != nil {
			return err
		}
		if base != 0 && cur != base {
			return library.ErrStale
		}
		if _, err = tx.ExecContext(ctx, `UPDATE fleets SET deleted_at = ? WHERE seq = ?`, formatTime(db.now()), seq); err != nil {
			return err
		}
		// Its share link goes with it.
		_, err = tx.ExecContext(ctx, `DELETE FROM fleet_shares WHERE fleet_id = ?`, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete fleet %s: %w", id, err)
	}
	return nil
}

func scanFleetVersion(s scanner, withDoc bool) (*library.FleetVersion, error) {
	var v library.FleetVersion
	var vis, created, summary string
	dest := []any{&v.FleetID, &v.N, &vis, &summary, &v.AuthorID, &created}
	var doc, probs []byte
	if withDoc {
		dest = append(dest, &doc, &probs)
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	v.Visibility, v.CreatedAt = library.Visibility(vis), parseTime(created)
	_ = json.Unmarshal([]byte(summary), &v.Summary)
	v.Document, v.Problems = doc, probs
	return &v, nil
}

const fleetVersionCols = `f.id, v.n, v.visibility, v.summary, v.author_id, v.created_at`

// FleetVersions lists a live fleet's versions, oldest first, without
// their documents.
func (db *DB) FleetVersions(ctx context.Context, id string) ([]library.FleetVersion, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT `+fleetVersionCols+` FROM fleets f JOIN fleet_versions v ON v.fleet_seq = f.seq
		WHERE f.id = ? AND f.deleted_at IS NULL ORDER BY v.n`, id)
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
	row := db.r.QueryRowContext(ctx, `SELECT `+fleetVersionCols+`, v.document, v.problems FROM fleets f
		JOIN fleet_versions v ON v.fleet_seq = f.seq WHERE f.id = ? AND f.deleted_at IS NULL AND v.n = ?`, id, n)
	v, err := scanFleetVersion(row, true)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("fleet %s version %d: %w", id, n, err)
	}
	return v, nil
}

func (db *DB) fleets(ctx context.Context, q string, args ...any) ([]*library.Fleet, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT `+fleetCols+fleetFrom+` `+q, args...)
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
	return db.fleets(ctx, `WHERE f.owner_id = ? AND f.deleted_at IS NULL ORDER BY f.seq DESC`, ownerID)
}

// likeEscape escapes LIKE's wildcards in s (escape character \).
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// fleetSortKeys are the SQL expressions of the fleet library's sort keys
// (names as the design library sorts them: ASCII case folded, then bytes).
var fleetSortKeys = map[string]string{
	"cv":     `json_extract(f.summary, '$.cv')`,
	"points": `json_extract(f.summary, '$.points')`,
	"ships":  `json_extract(f.summary, '$.ships')`,
	"name":   `f.name COLLATE NOCASE`,
}

// PublicFleets returns a page of live public fleets whose name,
// description or owner contains every word of q.Q (case-insensitive for
// ASCII) and that pass q's filters, in q's order, after q's cursor. The
// Service has checked q.
func (db *DB) PublicFleets(ctx context.Context, q library.FleetQuery) ([]*library.Fleet, error) {
	where := `WHERE f.visibility = 'public' AND f.deleted_at IS NULL`
	var args []any
	for i, w := range strings.Fields(q.Q) {
		if i == 8 {
			break
		}
		p := "%" + likeEscape(w) + "%"
		where += ` AND (f.name LIKE ? ESCAPE '\' OR f.description LIKE ? ESCAPE '\' OR (u.deleted_at IS NULL AND u.name LIKE ? ESCAPE '\'))`
		args = append(args, p, p, p)
	}
	for _, b := range []struct {
		v  *int
		op string
		k  string
	}{{q.CVMin, ">=", "cv"}, {q.CVMax, "<=", "cv"}, {q.PtsMin, ">=", "points"}, {q.PtsMax, "<=", "points"}} {
		if b.v != nil {
			where += ` AND ` + fleetSortKeys[b.k] + ` ` + b.op + ` ?`
			args = append(args, *b.v)
		}
	}
	if q.MaxTier > 0 {
		where += ` AND json_extract(f.summary, '$.highestTier') <= ?`
		args = append(args, q.MaxTier)
	}
	if q.LimitKind != "" {
		where += ` AND json_extract(f.summary, '$.limitKind') = ?`
		args = append(args, q.LimitKind)
	}
	dir, cmp := "ASC", ">"
	if q.Desc {
		dir, cmp = "DESC", "<"
	}
	order := `f.seq ` + dir
	if key, ok := fleetSortKeys[q.Sort]; ok {
		order = key + ` ` + dir + `, f.seq ` + dir
		if q.After > 0 && q.AfterKey != nil {
			where += ` AND (` + key + ` ` + cmp + ` ? OR (` + key + ` = ? AND f.seq ` + cmp + ` ?))`
			args = append(args, q.AfterKey, q.AfterKey, q.After)
		}
	} else if q.After > 0 {
		where += ` AND f.seq ` + cmp + ` ?`
		args = append(args, q.After)
	}
	args = append(args, q.Limit)
	return db.fleets(ctx, where+` ORDER BY `+order+` LIMIT ?`, args...)
}

// FleetUsage sums what a user's live fleets hold.
func (db *DB) FleetUsage(ctx context.Context, userID int64) (library.Usage, error) {
	var u library.Usage
	err := db.r.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(version), 0), coalesce(sum(stored_bytes), 0)
		FROM fleets WHERE owner_id = ? AND deleted_at IS NULL`, userID).Scan(&u.Designs, &u.Versions, &u.Bytes)
	if err != nil {
		return u, fmt.Errorf("fleet usage of user %d: %w", userID, err)
	}
	return u, nil
}
