package sqlite

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// TestStaleDesignsPlan checks that the stale-designs query walks the
// designs table by its primary key from the last row read, whatever the
// table statistics say: with statistics taken when the library was
// smaller (as PRAGMA optimize leaves them until it next finds them
// stale), SQLite chose to walk the versions' index from that row, look up
// every design after it and sort them all for LIMIT, reading the rest of
// the library for every batch.
func TestStaleDesignsPlan(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "plan.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	svc := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: costing.NewModel(cat)})
	owner, err := svc.EnsureUser(ctx, "plan")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	store := func(n int) {
		var ds []ruleset.Design
		for i := range n {
			d, err := designer.DecodeDesign(raw)
			if err != nil {
				t.Fatal(err)
			}
			d.Name, d.TechLevel = fmt.Sprintf("Plan %d", i), 5+i%6
			ds = append(ds, d)
		}
		if _, err := svc.StoreDesigns(ctx, owner, ds, library.Public); err != nil {
			t.Fatal(err)
		}
	}
	store(200)
	if _, err := db.w.ExecContext(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	store(1000)
	for _, after := range []int64{0, 100, 180, 190, 195, 199, 250, 600, 1100} {
		plan := queryPlan(t, db, staleDesignsQuery, after, `["none"]`, 100)
		if len(plan) == 0 || !strings.HasPrefix(plan[0], "SEARCH d USING INTEGER PRIMARY KEY") ||
			strings.Contains(strings.Join(plan, "\n"), "TEMP B-TREE") {
			t.Errorf("after row %d the plan is\n\t%s\nwant designs walked by primary key, no sort", after, strings.Join(plan, "\n\t"))
		}
	}
}

// TestPurgeFindsLogByDesign checks that purging a design finds its
// recompute log rows by an index rather than reading the whole log,
// which grows by a row for every design at every model change (migration
// 0007). Deleting the design row makes SQLite look for log rows that
// still refer to it through the same index.
func TestPurgeFindsLogByDesign(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "purge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	plan := queryPlan(t, db, `DELETE FROM recomputations WHERE design_seq = ?`, 1)
	if p := strings.Join(plan, "\n\t"); !strings.Contains(p, "INDEX recomputations_design (design_seq=?)") {
		t.Errorf("purging a design's log rows plans\n\t%s\nwant a search of recomputations_design", p)
	}
}

// queryPlan returns the details of SQLite's plan for query, one line a
// step, as EXPLAIN QUERY PLAN gives them on the writer connection.
func queryPlan(t *testing.T, db *DB, query string, args ...any) []string {
	t.Helper()
	rows, err := db.w.QueryContext(context.Background(), `EXPLAIN QUERY PLAN `+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, notused int
		var detail string
		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return plan
}
