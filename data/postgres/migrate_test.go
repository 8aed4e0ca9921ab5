package postgres_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/data/postgres"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/library"
)

// TestMigrateFromEmpty migrates an empty database to the current schema,
// twice (the second time applies nothing), from several processes at
// once, as nodes starting together do.
func TestMigrateFromEmpty(t *testing.T) {
	ctx := context.Background()
	ms, err := postgres.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	url := pgtest.EmptyDatabase(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			db, err := postgres.Open(ctx, url)
			if err == nil {
				db.Close()
			}
			errs[i] = err
		}(i)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("concurrent migration: %v", err)
		}
	}
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, err := db.SchemaVersion(ctx); err != nil || v != ms[len(ms)-1].Version {
		t.Fatalf("schema version %d (%v), want %d", v, err, ms[len(ms)-1].Version)
	}
	if err := db.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := rulesetIndexes(ctx, url); err != nil || n != 3 {
		t.Fatalf("%d indexes of the game filter (%v), want 3", n, err)
	}
}

// rulesetIndexes counts the indexes of the game filter (migration 0004)
// in the database at url.
func rulesetIndexes(ctx context.Context, url string) (int, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return 0, err
	}
	defer conn.Close(ctx)
	var n int
	err = conn.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE tablename = 'designs' AND indexname IN
		('designs_lib_ruleset_newest', 'designs_lib_ruleset_cv', 'designs_lib_ruleset_points')`).Scan(&n)
	return n, err
}

// TestUpgradeFromEveryVersion migrates a database to each earlier schema
// version, stores a user and a design with the store of that time (the
// current code's writes are compatible with every earlier schema that the
// later migrations complete), then opens it with the current code.
func TestUpgradeFromEveryVersion(t *testing.T) {
	ctx := context.Background()
	ms, err := postgres.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	last := ms[len(ms)-1].Version
	for _, m := range ms[:len(ms)-1] {
		t.Run(fmt.Sprintf("from%04d", m.Version), func(t *testing.T) {
			url := pgtest.EmptyDatabase(t)
			if err := postgres.MigrateTo(ctx, url, m.Version); err != nil {
				t.Fatal(err)
			}
			if err := seedOld(ctx, url, m.Version); err != nil {
				t.Fatal(err)
			}
			db, err := postgres.Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if v, err := db.SchemaVersion(ctx); err != nil || v != last {
				t.Fatalf("schema %d (%v), want %d", v, err, last)
			}
			d, err := db.Design(ctx, "olddesign")
			if err != nil || d.Name != "Ancient Hulk" || d.OwnerName != "Oldtimer" {
				t.Fatalf("old design after upgrade: %+v %v", d, err)
			}
			page, err := db.Library(ctx, library.LibraryQuery{Q: "relic", Sort: "newest", Desc: true, Limit: 10})
			if err != nil || len(page.Designs) != 1 {
				t.Fatalf("search after upgrade: %+v %v", page, err)
			}
			// Migration 0004's indexes of the game filter.
			for _, sort := range []string{"newest", "cv", "points", "name", "forks"} {
				for rs, want := range map[string]int{"metaverse": 1, "battleshift": 0} {
					page, err := db.Library(ctx, library.LibraryQuery{Ruleset: rs, RulesVersion: 1, Sort: sort, Limit: 10})
					if err != nil || len(page.Designs) != want {
						t.Fatalf("ruleset %s by %s after upgrade: %+v %v", rs, sort, page, err)
					}
				}
			}
			if n, err := rulesetIndexes(ctx, url); err != nil || n != 3 {
				t.Fatalf("%d indexes of the game filter after upgrade (%v), want 3", n, err)
			}
			// Migration 0003's outline, backfilled in the background: the
			// old document has no sections, so nothing to draw.
			<-db.BackfillDone()
			if d, err := db.Design(ctx, "olddesign"); err != nil || d.Outline != library.Outline(d.Latest.Document) || d.Outline != "-" {
				t.Fatalf("outline after upgrade: %q %v", d.Outline, err)
			}
		})
	}
}
