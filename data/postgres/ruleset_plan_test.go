package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/data/postgres"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/library"
)

// TestRulesetFilterPlans checks, with EXPLAIN of the very queries Library
// runs (both pages' of a search paged by cursor), how the game filter
// reads a library of 20,053 designs where Metaverse holds all but
// Battleshift's 43 samples, with the planner's statistics current (as
// autovacuum and the nodes' hourly ANALYZE keep them): Battleshift's
// designs come from its own index (migration 0004), never from a walk of
// the whole library or a scan; Metaverse's pages are never sorted (by
// newest, cv and points they walk an index in that order, by name and
// forks the sort order's index). Sorting is allowed for Battleshift's 43
// designs and for a word in 20 designs. Without the indexes of migration
// 0004 every Battleshift query reads the whole library. (With statistics
// taken when the library held the samples alone, which say Battleshift
// holds four designs in five, PostgreSQL walks a sort order's index for
// Battleshift's designs until autovacuum analyzes the grown table; the
// SQLite store names its indexes and does not depend on them.)
func TestRulesetFilterPlans(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewDatabase(t)
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.Exec(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO users (id, name, name_key, skeleton, password_hash, created_at)
		SELECT i, 'user' || i, 'user' || i, 'user' || i, '!', now() FROM generate_series(1, 200) i`)
	add := func(from, to int, ruleset string) {
		t.Helper()
		exec(`INSERT INTO designs (seq, id, owner_id, visibility, ruleset, rules_version, name, version, created_at,
				updated_at, cv, points, tier, forks, model_version, search, outline)
			SELECT i, 'd' || i, 1 + i % 200, CASE WHEN i % 50 = 0 THEN 'private' ELSE 'public' END, $3, 1,
				'Ship ' || i || CASE WHEN i % 997 = 0 THEN ' Rare' ELSE '' END, 1, now(), now(),
				(random() * 1000)::int, (random() * 1000)::int, 1 + i % 3, i % 7, 'm/1',
				('''ship'':1 ''' || i || ''':2' || CASE WHEN i % 997 = 0 THEN ' ''rare'':3' ELSE '' END)::tsvector, '-'
			FROM generate_series($1::int, $2::int) i`, from, to, ruleset)
	}
	add(1, 10, "metaverse")
	add(11, 53, "battleshift")
	add(54, 20053, "metaverse")
	exec(`SELECT setval(pg_get_serial_sequence('designs', 'seq'), 20053)`)
	exec(`ANALYZE designs`)
	exec(`ANALYZE users`)
	var last string
	var lastArgs []any
	postgres.SetListed(db, func(q string, args []any) { last, lastArgs = q, args })
	for _, rs := range []string{"battleshift", "metaverse"} {
		for _, rv := range []int{0, 1} {
			for _, sort := range []string{"newest", "cv", "points", "name", "forks"} {
				for _, text := range []string{"", "ship", "rare"} {
					q := library.LibraryQuery{Ruleset: rs, RulesVersion: rv, Sort: sort, Desc: library.Sorts[sort], Q: text, Limit: 20}
					for page := 1; page <= 2; page++ {
						p, err := db.Library(ctx, q)
						if err != nil {
							t.Fatal(err)
						}
						for _, d := range p.Designs {
							if d.Ruleset != rs {
								t.Fatalf("%+v listed a design of %s", q, d.Ruleset)
							}
						}
						plan := explain(t, conn, last, lastArgs)
						what := fmt.Sprintf("ruleset=%s rulesVersion=%d sort=%s q=%q page %d", rs, rv, sort, text, page)
						var bad []string
						if rs == "battleshift" && !strings.Contains(plan, "using designs_lib_ruleset_") {
							bad = append(bad, "Battleshift's designs not read from its index")
						}
						if strings.Contains(plan, "Seq Scan on designs d") {
							bad = append(bad, "a scan of the designs")
						}
						if strings.Contains(plan, "Sort") && rs == "metaverse" && text != "rare" {
							bad = append(bad, "Metaverse's designs sorted")
						}
						if len(bad) > 0 {
							t.Errorf("%s: %s; the plan is\n%s", what, strings.Join(bad, ", "), plan)
						}
						if p.Next == nil {
							break
						}
						q.After = p.Next
					}
				}
			}
		}
	}
}

// explain returns PostgreSQL's plan for query with args, as EXPLAIN
// prints it.
func explain(t *testing.T, conn *pgx.Conn, query string, args []any) string {
	t.Helper()
	rows, err := conn.Query(context.Background(), `EXPLAIN `+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\t" + line + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
