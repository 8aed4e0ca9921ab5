package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/slipway/slipway/library"
)

// DesignVersions reads the design versions refs name in one statement:
// the distinct refs as two arrays unnested side by side, joined to the
// live designs and, by number (the design's latest for 0), to their
// versions.
func (db *DB) DesignVersions(ctx context.Context, refs []library.VersionRef) (*library.VersionSet, error) {
	refs, err := library.CheckVersionRefs(refs)
	if err != nil {
		return nil, err
	}
	set := library.NewVersionSet()
	if len(refs) == 0 {
		return set, nil
	}
	ids := make([]string, 0, len(refs))
	ns := make([]int64, 0, len(refs))
	for _, r := range refs {
		// A text column holds no NUL and no invalid UTF-8: such an id
		// names no design, and PostgreSQL would refuse the whole array.
		if strings.ContainsRune(r.Design, 0) || !utf8.ValidString(r.Design) {
			continue
		}
		ids, ns = append(ids, r.Design), append(ns, int64(r.N))
	}
	rows, err := db.pool.Query(ctx, `SELECT refs.id, refs.n, d.seq, d.owner_id, d.visibility, d.version,
			v.n, v.visibility, v.author_id, v.created_at, v.document
		FROM unnest($1::text[], $2::bigint[]) AS refs(id, n)
		JOIN designs d ON d.id = refs.id AND d.deleted_at IS NULL
		LEFT JOIN versions v ON v.design_seq = d.seq AND v.n = CASE WHEN refs.n = 0 THEN d.version ELSE refs.n END`, ids, ns)
	if err != nil {
		return nil, fmt.Errorf("design versions (%d refs): %w", len(refs), err)
	}
	defer rows.Close()
	for rows.Next() {
		var ref library.VersionRef
		var d library.Design
		var vis string
		var vn *int
		var author *int64
		var vvis *string
		var created *time.Time
		var doc []byte
		if err := rows.Scan(&ref.Design, &ref.N, &d.Seq, &d.OwnerID, &vis, &d.Version,
			&vn, &vvis, &author, &created, &doc); err != nil {
			return nil, fmt.Errorf("design versions (%d refs): %w", len(refs), err)
		}
		d.ID, d.Visibility = ref.Design, library.Visibility(vis)
		var v *library.Version
		if vn != nil {
			v = &library.Version{DesignID: ref.Design, N: *vn, Visibility: library.Visibility(*vvis),
				AuthorID: *author, CreatedAt: created.UTC(), Document: doc}
		}
		set.Add(ref, &d, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("design versions (%d refs): %w", len(refs), err)
	}
	return set, nil
}
