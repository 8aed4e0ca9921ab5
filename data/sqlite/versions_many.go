package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/slipway/slipway/library"
)

// DesignVersions reads the design versions refs name in one statement:
// the distinct refs as a VALUES list joined to the live designs and, by number
// (the design's latest for 0), to their versions.
func (db *DB) DesignVersions(ctx context.Context, refs []library.VersionRef) (*library.VersionSet, error) {
	refs, err := library.CheckVersionRefs(refs)
	if err != nil {
		return nil, err
	}
	set := library.NewVersionSet()
	if len(refs) == 0 {
		return set, nil
	}
	var q strings.Builder
	q.WriteString(`WITH refs(id, n) AS (VALUES `)
	args := make([]any, 0, 2*len(refs))
	for i, r := range refs {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?)")
		args = append(args, r.Design, r.N)
	}
	q.WriteString(`)
		SELECT refs.id, refs.n, d.seq, d.owner_id, d.visibility, d.version,
			v.n, v.visibility, v.author_id, v.created_at, v.document
		FROM refs JOIN designs d ON d.id = refs.id AND d.deleted_at IS NULL
		LEFT JOIN versions v ON v.design_seq = d.seq AND v.n = CASE WHEN refs.n = 0 THEN d.version ELSE refs.n END`)
	rows, err := db.r.QueryContext(ctx, q.String(), args...)
	if err != nil {
		return nil, fmt.Errorf("design versions (%d refs): %w", len(refs), err)
	}
	defer rows.Close()
	for rows.Next() {
		var ref library.VersionRef
		var d library.Design
		var vis string
		var vn, author sql.NullInt64
		var vvis, created sql.NullString
		var doc []byte
		if err := rows.Scan(&ref.Design, &ref.N, &d.Seq, &d.OwnerID, &vis, &d.Version,
			&vn, &vvis, &author, &created, &doc); err != nil {
			return nil, fmt.Errorf("design versions (%d refs): %w", len(refs), err)
		}
		d.ID, d.Visibility = ref.Design, library.Visibility(vis)
		var v *library.Version
		if vn.Valid {
			v = &library.Version{DesignID: ref.Design, N: int(vn.Int64), Visibility: library.Visibility(vvis.String),
				AuthorID: author.Int64, CreatedAt: parseTime(created.String), Document: doc}
		}
		set.Add(ref, &d, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("design versions (%d refs): %w", len(refs), err)
	}
	return set, nil
}
