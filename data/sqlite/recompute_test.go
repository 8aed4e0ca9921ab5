package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// seedRecompute stores n public copies of the reference cruiser (tech
// levels 5-10, as slipway-load seed makes them) in a new SQLite file and
// returns the service over it, the file's path and a second, plain
// connection to the same file for marking designs stale.
func seedRecompute(tb testing.TB, n int) (*library.Service, *sqlite.DB, string, *sql.DB) {
	tb.Helper()
	ctx := context.Background()
	path := filepath.Join(tb.TempDir(), "recompute.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	cat := designer.BuiltinCatalogue()
	svc := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: costing.NewModel(cat)})
	owner, err := svc.EnsureUser(ctx, "bench")
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		tb.Fatal(err)
	}
	for start := 0; start < n; start += 1000 {
		var ds []ruleset.Design
		for i := start; i < min(n, start+1000); i++ {
			d, err := designer.DecodeDesign(raw)
			if err != nil {
				tb.Fatal(err)
			}
			d.Name, d.TechLevel = fmt.Sprintf("Bench %d", i), 5+i%6
			ds = append(ds, d)
		}
		if _, err := svc.StoreDesigns(ctx, owner, ds, library.Public); err != nil {
			tb.Fatal(err)
		}
	}
	plain, err := sql.Open("sqlite", path)
	if err != nil {
		tb.Fatal(err)
	}
	plain.SetMaxOpenConns(1)
	tb.Cleanup(func() { plain.Close() })
	return svc, db, path, plain
}

// markStale makes every design's summary look as if an older model with
// other numbers had computed it (so the CV and points indexes change on
// recompute), then empties the WAL and lets db's writer connection see
// the change (it then drops its page cache, outside what is measured).
func markStale(tb testing.TB, db *sqlite.DB, plain *sql.DB) {
	tb.Helper()
	if _, err := plain.Exec(`UPDATE designs SET model_version = 'bench-old/0', cv = cv + 7, points = points + 5`); err != nil {
		tb.Fatal(err)
	}
	if _, err := plain.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		tb.Fatal(err)
	}
	if err := db.Optimize(context.Background()); err != nil {
		tb.Fatal(err)
	}
}

// TestRecomputeWALBounded recomputes a library in many small batches
// while two readers on their own connections read without pause, and
// checks that the write-ahead log stayed bounded instead of growing with
// every batch: readers holding snapshots across the writer's commits (a
// steady search load; recompute's own reads did, when they came from the
// reader pool) stop SQLite from restarting the WAL at its
// autocheckpoints, so without the writer's bound (boundWAL) it grows by
// every page each batch writes (9,391 pages in this test; 260 MB on a
// million designs, where later reads slowed tenfold). The writer notes
// the WAL file's size after every commit, which is when it is largest. It
// checks sizes, never time.
func TestRecomputeWALBounded(t *testing.T) {
	const n, batch = 4000, 20
	// The writer truncates the WAL past walLimit (16 MiB; this run writes
	// some 40 MB in all); 2 MiB makes it act here.
	const walLimit = 2 << 20
	defer sqlite.SetWALLimit(walLimit)()
	svc, db, path, plain := seedRecompute(t, n)
	markStale(t, db, plain)
	readers, err := sql.Open("sqlite", "file:"+path+"?_pragma=query_only(1)&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer readers.Close()
	ctx, stop := context.WithCancel(context.Background())
	reads := make(chan int)
	for range 2 {
		go func() {
			k := 0
			for ctx.Err() == nil {
				var total int64
				if err := readers.QueryRowContext(ctx, `SELECT sum(length(document)) FROM versions`).Scan(&total); err == nil {
					k++
				}
			}
			reads <- k
		}()
	}
	sqlite.ResetWALPeak(db) // seeding, in large transactions, grew it
	rep, err := svc.RecomputeWith(context.Background(), library.RecomputeOptions{Batch: batch, Workers: 2})
	stop()
	t.Logf("%d reads beside the recompute", <-reads+<-reads)
	if err != nil || rep.Designs != n {
		t.Fatalf("recomputed %d designs, %v", rep.Designs, err)
	}
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	peak := sqlite.WALPeak(db)
	t.Logf("WAL file at most %d bytes (%d pages) after a commit over %d batches; %d bytes at the end",
		peak, peak/4096, n/batch, fi.Size())
	if peak < 256*4096 {
		t.Fatalf("the WAL peaked at %d bytes: the run should have written more than 256 pages; is the writer noting it?", peak)
	}
	const limit = walLimit + 500*4096 // the bound plus a group commit of a few batches
	if peak > limit || fi.Size() > limit {
		t.Errorf("WAL grew to %d bytes (%d pages) over a recompute of %d designs; want at most %d bytes",
			peak, peak/4096, n, limit)
	}
}

// TestRecomputeRestoresEverySummaryColumn marks designs stale in the three
// ways SaveRecomputations tells apart (only the model version differs;
// the numbers differ too; the tier, legality, hull and the rest differ as
// well) and checks that a recompute puts back every summary column and
// logs each design once, in batches whose log rows fill whole 100-row
// INSERTs and a shorter one.
func TestRecomputeRestoresEverySummaryColumn(t *testing.T) {
	const n = 600
	svc, db, _, plain := seedRecompute(t, n)
	const cols = `seq, model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull,
		carries_fighters, legal`
	summaries := func() []string {
		rows, err := plain.Query(`SELECT ` + cols + ` FROM designs ORDER BY seq`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var v [13]any
			ps := make([]any, len(v))
			for i := range v {
				ps[i] = &v[i]
			}
			if err := rows.Scan(ps...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(v))
		}
		return out
	}
	want := summaries()
	for _, q := range []string{
		`UPDATE designs SET model_version = 'bench-old/0' WHERE seq % 3 = 0`,
		`UPDATE designs SET model_version = 'bench-old/0', cv = cv + 7, points = points + 5, ems = ems + 1,
			target_rating = target_rating + 1, mass_factor = mass_factor + 1 WHERE seq % 3 = 1`,
		`UPDATE designs SET model_version = 'bench-old/0', cv = cv + 7, tier = tier + 1, tech_level = tech_level + 1,
			movement = 'x', hull = 'y', carries_fighters = 1 - carries_fighters, legal = 1 - legal WHERE seq % 3 = 2`,
	} {
		if _, err := plain.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Optimize(context.Background()); err != nil {
		t.Fatal(err)
	}
	rep, err := svc.RecomputeWith(context.Background(), library.RecomputeOptions{Batch: 250, Workers: 2})
	if err != nil || rep.Designs != n {
		t.Fatalf("recomputed %d designs, %v", rep.Designs, err)
	}
	got := summaries()
	if len(got) != len(want) {
		t.Fatalf("%d designs after, %d before", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("after recompute %s\nwant             %s", got[i], want[i])
		}
	}
	var logged, designs int
	if err := plain.QueryRow(`SELECT count(*), count(DISTINCT design_seq) FROM recomputations`).Scan(&logged, &designs); err != nil {
		t.Fatal(err)
	}
	if logged != n || designs != n {
		t.Errorf("%d log rows for %d designs, want %d for %d", logged, designs, n, n)
	}
}
