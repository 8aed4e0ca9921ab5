package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/slipway/slipway/data/words"
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

// rulesetIndexes names the partial index that walks one ruleset's
// designs in each sort order that has one (migration 0008); a game filter
// with another sort reads the game's designs from
// designs_lib_ruleset_newest and sorts them when they are few (fewDesigns),
// else walks the sort order's index of the whole library.
var rulesetIndexes = map[string]string{
	"newest": "designs_lib_ruleset_newest",
	"cv":     "designs_lib_ruleset_cv",
	"points": "designs_lib_ruleset_points",
}

// mostFew is the most designs a game filter may select for the library
// to sort them all rather than walk a sort order's index for them. For a
// page of p designs from a library of n, walking the name order for a
// game that holds k of them reads some p·n/k rows and sorting reads k: the
// two meet at k = √(p·n), some 4,500 for a page of 20 from a million
// designs, 250 from 3,000. (A variable for the conformance runs.)
var mostFew = 4000

// readerPragmas tune each reader connection for the library's walks over
// a large file: SQLite maps up to 2 GiB of the file (its build's ceiling)
// and reads those pages from the operating system's cache without a
// system call each, and keeps 32 MiB of pages of its own (the default is
// 2 MiB). A walk reads one design row per page for long descriptions;
// with pread and the default cache, 4,000 of them took 40-150 ms.
const readerPragmas = "&_pragma=mmap_size(2147418112)&_pragma=cache_size(-32768)"

// walkBudget is how many designs of the sort order a search tests by
// their words (walkLibrary) before it asks the full-text index instead.
var walkBudget = 4000

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
	// A game filter without an index of its own for the sort: are the
	// game's designs few enough to sort?
	few := false
	if _, ordered := rulesetIndexes[q.Sort]; q.Ruleset != "" && !ordered {
		var err error
		if few, err = db.fewDesigns(ctx, q.Ruleset, limit); err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(q.Q) != "" && db.wordsReady.Load() && walkBudget > 0 {
		pats, ok := words.Patterns(q.Q)
		if !ok {
			return &library.LibraryPage{Designs: []*library.Design{}}, nil
		}
		page, err := db.walkLibrary(ctx, q, col, limit, pats, few)
		if page != nil || err != nil {
			return page, err
		}
	}
	where := []string{"d.visibility = 'public'", "d.deleted_at IS NULL"}
	var args []any
	add := func(cond string, a ...any) {
		where = append(where, cond)
		args = append(args, a...)
	}
	from := listFrom
	m := matchExpr(q.Q)
	if idx, ordered := rulesetIndexes[q.Sort]; few || (q.Ruleset != "" && m == "") {
		// A game filter reads the game's designs from its own index in
		// the sort order; in another order, the game's designs sorted
		// when they are few, else the sort order's index, testing each.
		// The index is named, not left to the planner: with statistics
		// taken when the library held the samples alone, SQLite walked
		// the whole library newest first for Battleshift's 43.
		switch {
		case few:
			idx = rulesetIndexes["newest"]
		case !ordered:
			idx = sortIndexes[q.Sort]
		}
		from = ` FROM designs d INDEXED BY ` + idx + ` JOIN users u ON u.id = d.owner_id` + parentJoin
	}
	if m != "" && q.Sort == "newest" {
		// The index's row order is the newest order: read the matches
		// from the index in it (FTS5 orders by rowid itself, and the
		// cursor is a rowid range), joining each to its design, rather
		// than collecting every match into a temporary table first.
		from = ` FROM designs_fts f JOIN designs d ON d.seq = f.rowid JOIN users u ON u.id = d.owner_id` + parentJoin
		col = "f.rowid"
		add("designs_fts MATCH ?", m)
	} else if m != "" {
		add("d.seq IN (SELECT rowid FROM designs_fts WHERE designs_fts MATCH ?)", m)
		// SQLite's planner sorts every match; when a common word matches
		// thousands of designs, walking the sort index is far cheaper.
		idx, ok := sortIndexes[q.Sort]
		if ri, ordered := rulesetIndexes[q.Sort]; ordered && q.Ruleset != "" {
			// Walk the game's own designs in the sort order.
			idx, ok = ri, true
		}
		if ok && q.Tier == 0 && !few {
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
	where, args = filters(q, where, args)
	page, err := db.libraryPage(ctx, q, col, limit, from, where, args)
	if err != nil && strings.Contains(err.Error(), "fts5") {
		return nil, fmt.Errorf("library: %w: %v", library.ErrBadQuery, err)
	}
	return page, err
}

// fewDesigns reports whether ruleset id has few enough public, live
// designs to sort for a page of limit: at most √(limit·n), where n is the
// last row number (the designs ever stored, a bound on the library's
// size), and at most mostFew. It counts at most one more from the
// game's index.
func (db *DB) fewDesigns(ctx context.Context, id string, limit int) (bool, error) {
	var last int64
	if err := db.r.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM designs`).Scan(&last); err != nil {
		return false, fmt.Errorf("library: %w", err)
	}
	most := min(mostFew, int(math.Sqrt(float64(limit)*float64(last))))
	if most <= 0 {
		return false, nil
	}
	var n int
	err := db.r.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM designs INDEXED BY designs_lib_ruleset_newest
		WHERE ruleset = ? AND visibility = 'public' AND deleted_at IS NULL LIMIT ?)`, id, most+1).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("library: %w", err)
	}
	return n <= most, nil
}

// filters adds the conditions of q's filters (not its words) to where.
func filters(q library.LibraryQuery, where []string, args []any) ([]string, []any) {
	add := func(cond string, a ...any) {
		where = append(where, cond)
		args = append(args, a...)
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
	if q.RulesVersion != 0 {
		add("d.rules_version = ?", q.RulesVersion)
	}
	return where, args
}

// libraryPage runs the page's query: designs from, under the conditions
// where, after q's cursor, in q's order, limit of them and whether there
// are more.
func (db *DB) libraryPage(ctx context.Context, q library.LibraryQuery, col string, limit int, from string, where []string, args []any) (*library.LibraryPage, error) {
	add := func(cond string, a ...any) {
		where = append(where, cond)
		args = append(args, a...)
	}
	dir, cmp := "ASC", ">"
	if q.Desc {
		dir, cmp = "DESC", "<"
	}
	bySeq := col == "d.seq" || col == "f.rowid"
	if q.After != nil {
		if bySeq {
			add(col+" "+cmp+" ?", q.After.Seq)
		} else {
			add(keyCond(col, cmp), q.After.Key, q.After.Key, q.After.Seq)
		}
	}
	order := col + " " + dir
	if !bySeq {
		order += ", d.seq " + dir
	}
	query := `SELECT ` + designCols + from + ` WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY ` + order + fmt.Sprintf(` LIMIT %d`, limit+1)
	ds, err := db.designs(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	return pageOf(q, ds, limit), nil
}

// pageOf makes a page of up to limit+1 designs read in q's order: the
// first limit, and a cursor after the last of them when there is more.
func pageOf(q library.LibraryQuery, ds []*library.Design, limit int) *library.LibraryPage {
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
	return page
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

// walkIndexes names the partial index that walks the library in each
// sort order, for walkLibrary.
var walkIndexes = map[string]string{
	"newest": "designs_lib_newest",
	"cv":     "designs_lib_cv",
	"points": "designs_lib_points",
	"name":   "designs_lib_name",
	"forks":  "designs_lib_forks",
}

// walkLibrary answers a search by walking the sort order's index from the
// cursor and testing each design's words (a substring of the words
// column per word of the search, package words), as PostgreSQL's planner
// does for a common word: a page of a word that one design in ten holds
// reads some two hundred rows instead of every match's doclist. The walk
// is bounded: it tests at most walkBudget designs (the bound is the
// walkBudget-th index entry, found from the index alone); when that many
// hold fewer than a page of matches, the search is rare enough for the
// full-text index and walkLibrary returns no page (nil, nil).
func (db *DB) walkLibrary(ctx context.Context, q library.LibraryQuery, col string, limit int, pats []string, few bool) (*library.LibraryPage, error) {
	idx := walkIndexes[q.Sort]
	// The designs walked: public and live, and of q's ruleset when the
	// walk is over that ruleset's own index.
	base := []string{"d.visibility = 'public'", "d.deleted_at IS NULL"}
	var baseArgs []any
	if ri, ordered := rulesetIndexes[q.Sort]; ordered && q.Ruleset != "" {
		idx = ri
		base, baseArgs = append(base, "d.ruleset = ?"), []any{q.Ruleset}
	} else if few {
		// A game of few designs in another order: test them all (no
		// bound), then sort the matches.
		idx = rulesetIndexes["newest"]
		base, baseArgs = append(base, "d.ruleset = ?"), []any{q.Ruleset}
	}
	dir, cmp, bcmp := "ASC", ">", "<="
	if q.Desc {
		dir, cmp, bcmp = "DESC", "<", ">="
	}
	keyCol := col
	if col == "d.seq" {
		keyCol = ""
	}
	var after []string
	var afterArgs []any
	if q.After != nil {
		if keyCol == "" {
			after, afterArgs = []string{"d.seq " + cmp + " ?"}, []any{q.After.Seq}
		} else {
			after, afterArgs = []string{keyCond(col, cmp)}, []any{q.After.Key, q.After.Key, q.After.Seq}
		}
	}
	order := "d.seq " + dir
	sel := "d.seq"
	if keyCol != "" {
		order = col + " " + dir + ", d.seq " + dir
		sel = col + ", d.seq"
	}
	// The bound: the walkBudget-th design of the order after the cursor.
	cond := append(append([]string{}, base...), after...)
	condArgs := append(append([]any{}, baseArgs...), afterArgs...)
	var bkey any
	var bseq int64
	dest := []any{&bseq}
	if keyCol != "" {
		dest = []any{&bkey, &bseq}
	}
	bounded := !few
	if bounded {
		err := db.r.QueryRowContext(ctx, `SELECT `+sel+` FROM designs d INDEXED BY `+idx+` WHERE `+strings.Join(cond, " AND ")+
			` ORDER BY `+order+fmt.Sprintf(` LIMIT 1 OFFSET %d`, walkBudget-1), condArgs...).Scan(dest...)
		if errors.Is(err, sql.ErrNoRows) {
			bounded = false
		} else if err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
	}
	where := cond
	args := condArgs
	if bounded {
		if keyCol == "" {
			where, args = append(where, "d.seq "+bcmp+" ?"), append(args, bseq)
		} else {
			where, args = append(where, keyCond(col, bcmp)), append(args, bkey, bkey, bseq)
		}
	}
	for _, p := range pats {
		where, args = append(where, "instr(d.words, ?) > 0"), append(args, p)
	}
	where, args = filters(q, where, args)
	from := ` FROM designs d INDEXED BY ` + idx + ` JOIN users u ON u.id = d.owner_id` + parentJoin
	query := `SELECT ` + designCols + from + ` WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY ` + order + fmt.Sprintf(` LIMIT %d`, limit+1)
	ds, err := db.designs(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	if len(ds) <= limit && bounded {
		return nil, nil // too few matches within the budget: ask the index
	}
	return pageOf(q, ds, limit), nil
}

// keyCond is the condition (col, d.seq) op (?, ?) on a sort key and the
// row number, with its arguments key, key, seq. It is spelled out, not a
// row value: SQLite ranges an index over a row value's first column, but
// not over "name COLLATE NOCASE", and a cursor or bound on the name order
// then scanned the index from its start.
func keyCond(col, op string) string {
	strict := op[:1]
	return col + " " + strict + "= ? AND (" + col + " " + strict + " ? OR d.seq " + op + " ?)"
}
