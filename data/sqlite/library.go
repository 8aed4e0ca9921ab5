package sqlite

import (
	"context"
	"fmt"
	"strings"

	"github.com/slipway/slipway/library"
)

// sortColumns maps the library's sort names to columns; every order is
// made total by the design's seq.
var sortColumns = map[string]string{
	"newest": "d.seq",
	"cv":     "d.cv",
	"points": "d.points",
	"name":   "d.name COLLATE NOCASE",
	"forks":  "d.forks",
}

// sortIndexes names the partial index that walks the library in each
// sort order.
var sortIndexes = map[string]string{
	"cv":     "designs_lib_cv",
	"points": "designs_lib_points",
	"name":   "designs_lib_name",
	"forks":  "designs_lib_forks",
}

// manyMatches is the number of full-text matches above which walking the
// sort order's index and testing each row beats sorting all the matches.
const manyMatches = 2000

// Library returns one page of public, live designs matching q, in a
// stable order, with a cursor for the next page when there is one.
func (db *DB) Library(ctx context.Context, q library.LibraryQuery) (*library.LibraryPage, error) {
	col, ok := sortColumns[q.Sort]
	if !ok {
		return nil, fmt.Errorf("library: unknown sort %q", q.Sort)
	}
	limit := q.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	where := []string{"d.visibility = 'public'", "d.deleted_at IS NULL"}
	var args []any
	add := func(cond string, a ...any) {
		where = append(where, cond)
		args = append(args, a...)
	}
	from := listFrom
	if m := matchExpr(q.Q); m != "" {
		add("d.seq IN (SELECT rowid FROM designs_fts WHERE designs_fts MATCH ?)", m)
		// SQLite's planner sorts every match; when a common word matches
		// thousands of designs, walking the sort index is far cheaper.
		if idx, ok := sortIndexes[q.Sort]; ok && q.Tier == 0 {
			var n int
			err := db.r.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM designs_fts WHERE designs_fts MATCH ? LIMIT ?)`,
				m, manyMatches+1).Scan(&n)
			if err != nil {
				return nil, fmt.Errorf("library: %w: %v", library.ErrBadQuery, err)
			}
			if n > manyMatches {
				from = ` FROM designs d INDEXED BY ` + idx + ` JOIN users u ON u.id = d.owner_id` + parentJoin
			}
		}
	}
	if q.Tier > 0 {
		add("d.tier = ?", q.Tier)
	}
	if q.CVMin != nil {
		add("d.cv >= ?", *q.CVMin)
	}
	if q.CVMax != nil {
		add("d.cv <= ?", *q.CVMax)
	}
	if q.PtsMin != nil {
		add("d.points >= ?", *q.PtsMin)
	}
	if q.PtsMax != nil {
		add("d.points <= ?", *q.PtsMax)
	}
	if q.TechLevel > 0 {
		add("d.tech_level = ?", q.TechLevel)
	}
	if q.Movement != "" {
		add("d.movement = ?", q.Movement)
	}
	if q.Hull != "" {
		add("d.hull = ?", q.Hull)
	}
	if q.CarriesFighters != nil {
		add("d.carries_fighters = ?", *q.CarriesFighters)
	}
	if q.Ruleset != "" {
		add("d.ruleset = ?", q.Ruleset)
	}
	dir, cmp := "ASC", ">"
	if q.Desc {
		dir, cmp = "DESC", "<"
	}
	if q.After != nil {
		if col == "d.seq" {
			add("d.seq "+cmp+" ?", q.After.Seq)
		} else {
			add("("+col+", d.seq) "+cmp+" (?, ?)", q.After.Key, q.After.Seq)
		}
	}
	order := col + " " + dir
	if col != "d.seq" {
		order += ", d.seq " + dir
	}
	query := `SELECT ` + designCols + from + ` WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY ` + order + fmt.Sprintf(` LIMIT %d`, limit+1)
	ds, err := db.designs(ctx, query, args...)
	if err != nil {
		if strings.Contains(err.Error(), "fts5") {
			return nil, fmt.Errorf("library: %w: %v", library.ErrBadQuery, err)
		}
		return nil, fmt.Errorf("library: %w", err)
	}
	page := &library.LibraryPage{Designs: ds}
	if len(ds) > limit {
		page.Designs = ds[:limit]
		last := ds[limit-1]
		c := &library.Cursor{Seq: last.Seq}
		switch q.Sort {
		case "cv":
			c.Key = last.Latest.Evaluation.CV
		case "points":
			c.Key = last.Latest.Evaluation.Points
		case "name":
			c.Key = last.Name
		case "forks":
			c.Key = float64(last.Forks) // as a cursor decoded from JSON holds it
		}
		page.Next = c
	}
	return page, nil
}

// matchExpr turns free text into an FTS5 query: every word must occur,
// as a prefix; words are quoted so that no input is FTS5 syntax.
func matchExpr(q string) string {
	var terms []string
	for _, w := range strings.Fields(q) {
		w = strings.ReplaceAll(w, `"`, `""`)
		terms = append(terms, `"`+w+`"*`)
	}
	return strings.Join(terms, " AND ")
}
