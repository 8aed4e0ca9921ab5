package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/library"
)

// planLibrary opens a library of public designs of two games: the first
// 10 Metaverse's and the next 43 Battleshift's (the samples, as a fresh
// slipway serve seeds them), then more designs up to n in all, every
// every-th of them Battleshift's (none when every is 0), with 200 owners,
// words ("ship", and "rare" in one design in 997) and full-text rows.
// The planner's statistics (PRAGMA optimize, which Open and slipway serve
// run) are taken after the samples only when staleStats is set, as a
// library that grew since its last start has them, else after them all.
func planLibrary(t *testing.T, n, every int, staleStats bool) *DB {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "plan.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.w.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM g WHERE i < 200)
		INSERT INTO users (id, name, password_hash, created_at) SELECT i, 'user' || i, '!', '2025-01-01T00:00:00Z' FROM g`)
	add := func(from, to int, ruleset string) {
		t.Helper()
		exec(`WITH RECURSIVE g(i) AS (SELECT ?1 UNION ALL SELECT i+1 FROM g WHERE i < ?2)
			INSERT INTO designs (seq, id, owner_id, visibility, ruleset, rules_version, name, version, created_at, updated_at,
				cv, points, tier, forks, words, outline)
			SELECT i, 'd' || i, 1 + i % 200, CASE WHEN i % 50 = 0 THEN 'private' ELSE 'public' END,
				CASE WHEN ?3 = '' THEN (CASE WHEN ?4 > 0 AND i % ?4 = 0 THEN 'battleshift' ELSE 'metaverse' END) ELSE ?3 END,
				1, 'Ship ' || i || CASE WHEN i % 997 = 0 THEN ' Rare' ELSE '' END, 1, '2025', '2025',
				abs(random()) % 1000, abs(random()) % 1000, 1 + i % 3, i % 7,
				' ship ' || i || CASE WHEN i % 997 = 0 THEN ' rare' ELSE '' END, '-' FROM g`,
			from, to, ruleset, every)
		exec(`INSERT INTO designs_fts (rowid, name, description, tags, universe, author)
			SELECT seq, name, '', '', '', 'user' FROM designs WHERE seq BETWEEN ? AND ?`, from, to)
	}
	add(1, 10, "metaverse")
	add(11, 53, "battleshift")
	if staleStats {
		if err := db.Optimize(ctx); err != nil {
			t.Fatal(err)
		}
	}
	add(54, n, "")
	if !staleStats {
		if err := db.Optimize(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// TestRulesetFilterPlans checks, with EXPLAIN QUERY PLAN of the very
// queries Library runs (both pages' of a search paged by cursor), how the
// game filter reads a library where one game holds nearly every design:
// the rare game's designs come from its own index (migration 0008) and
// are never found by walking the whole library; the common game's pages
// in the orders newest, cv and points walk an index in that order and are
// never sorted; by name or forks, a game of few designs (db.fewDesigns:
// here at most some 650) is read from its index and sorted, a game of
// many walks the sort order. It does so with the statistics taken after
// the library grew, and with those of a library that held the samples
// only. Without the indexes of migration 0008 every Battleshift query
// reads the whole library (a scan of a sort order's index testing each
// row).
func TestRulesetFilterPlans(t *testing.T) {
	for _, lib := range []struct {
		name       string
		n, every   int
		stale      bool
		fewBS      bool // Battleshift has few designs (db.fewDesigns)
		commonRare string
	}{
		{"43 of 20000", 20000, 0, false, true, "metaverse"},
		{"43 of 20000, old statistics", 20000, 0, true, true, "metaverse"},
		{"a fifth of 30000", 30000, 5, false, false, "metaverse"},
	} {
		t.Run(lib.name, func(t *testing.T) {
			db := planLibrary(t, lib.n, lib.every, lib.stale)
			var last string
			var lastArgs []any
			db.listed = func(q string, args []any) { last, lastArgs = q, args }
			ctx := context.Background()
			for _, rs := range []string{"battleshift", "metaverse"} {
				for _, rv := range []int{0, 1} {
					for _, sort := range []string{"newest", "cv", "points", "name", "forks"} {
						for _, text := range []string{"", "ship", "rare"} {
							q := library.LibraryQuery{Ruleset: rs, RulesVersion: rv, Sort: sort, Desc: library.Sorts[sort], Q: text, Limit: 20}
							for page := 1; page <= 2; page++ {
								last = ""
								p, err := db.Library(ctx, q)
								if err != nil {
									t.Fatal(err)
								}
								for _, d := range p.Designs {
									if d.Ruleset != rs {
										t.Fatalf("%+v listed a design of %s", q, d.Ruleset)
									}
								}
								plan := queryPlan(t, db, last, lastArgs...)
								what := fmt.Sprintf("ruleset=%s rulesVersion=%d sort=%s q=%q page %d", rs, rv, sort, text, page)
								checkRulesetPlan(t, what, plan, rs == "battleshift" && lib.every == 0, sort, rs == "battleshift" && lib.fewBS, text == "rare")
								if p.Next == nil {
									break
								}
								q.After = p.Next
							}
						}
					}
				}
			}
		})
	}
}

// checkRulesetPlan fails unless plan reads a game's designs as
// TestRulesetFilterPlans says: a rare game's from its index; sorted only
// when the game's designs are few and the sort is by name or forks, or
// when a rare word's few matches are (the full-text index's, as without
// a game filter).
func checkRulesetPlan(t *testing.T, what string, plan []string, rare bool, sort string, few, rareWord bool) {
	t.Helper()
	var design string // the step that reads designs
	sorted := false
	for _, p := range plan {
		if design == "" && (strings.HasPrefix(p, "SEARCH d ") || strings.HasPrefix(p, "SCAN d")) {
			design = p
		}
		if strings.Contains(p, "TEMP B-TREE FOR ORDER BY") || strings.Contains(p, "TEMP B-TREE FOR RIGHT PART OF ORDER BY") {
			sorted = true
		}
	}
	ordered := sort == "newest" || sort == "cv" || sort == "points"
	var bad []string
	if rare && !strings.HasPrefix(design, "SEARCH d USING INDEX designs_lib_ruleset_") {
		bad = append(bad, "the rare game's designs not read from its index")
	}
	if few && !ordered && !strings.HasPrefix(design, "SEARCH d USING INDEX designs_lib_ruleset_newest (ruleset=?") {
		bad = append(bad, "a game of few designs not read from designs_lib_ruleset_newest")
	}
	if sorted && (ordered || !few) && !rareWord {
		bad = append(bad, "sorted")
	}
	// Reading the table in row order is reading it newest first.
	if design == "" || strings.HasPrefix(design, "SCAN d") && !strings.Contains(design, "INDEX designs_lib_") && sort != "newest" {
		bad = append(bad, "no library index")
	}
	if len(bad) > 0 {
		t.Errorf("%s: %s; the plan is\n\t%s", what, strings.Join(bad, ", "), strings.Join(plan, "\n\t"))
	}
}
