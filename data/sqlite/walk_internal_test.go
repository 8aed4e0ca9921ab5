package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/data/words"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/library/storetest"
)

// TestConformanceSearchPaths runs the conformance suite with the library
// searching by the full-text index alone (budget 0) and with a walk of
// two designs, which most searches outgrow (the bound, then the index);
// TestConformance runs it with the default budget, where every search of
// the suite's small libraries walks. A game filter sorted by name or
// forks reads the game's designs and sorts them in TestConformance (every
// game of its libraries has few); here it walks the sort order's index
// (no game has few, or a game of more than two designs has many).
func TestConformanceSearchPaths(t *testing.T) {
	for _, budget := range []int{0, 2} {
		t.Run(map[int]string{0: "index", 2: "walk2"}[budget], func(t *testing.T) {
			old, oldFew := walkBudget, mostFew
			walkBudget, mostFew = budget, budget
			t.Cleanup(func() { walkBudget, mostFew = old, oldFew })
			storetest.Run(t, func(t *testing.T) library.Store {
				db, err := Open(context.Background(), filepath.Join(t.TempDir(), "conformance.db"))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			})
		})
	}
}

// TestBackfillWordsOutline upgrades a library from schema 5, whose designs
// have neither words nor outline, and checks that the backfill gives every
// live design both, that search walks only once it is done, and that a
// deleted owner's name is no design's word.
func TestBackfillWordsOutline(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	if err := MigrateTo(ctx, path, 5); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	const doc = `{"name":"Ancient Hulk","sections":{"core":{"layers":[{"hullHits":10},{"hullHits":6}]},"fore":{"layers":[{"hullHits":4}]}}}`
	_, err = raw.Exec(`
INSERT INTO users (id, name, password_hash, created_at) VALUES (1, 'Oldtimer', '!', '2025-01-01T00:00:00Z');
INSERT INTO users (id, name, password_hash, created_at, deleted_at) VALUES (2, '~deleted-2', '!', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z');
INSERT INTO designs (seq, id, owner_id, visibility, ruleset, rules_version, name, description, tags, universe,
	version, created_at, updated_at, cv, points, tier, tech_level, movement, hull, carries_fighters, legal, deleted_at)
	VALUES (1, 'd1', 1, 'public', 'metaverse', 1, 'Ancient Hulk', 'Éclair class.', '["relic","x-ray"]', 'Old Rim',
	1, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 42, 100, 1, 6, 'cinematic', 'standard', 0, 1, NULL),
	(2, 'd2', 2, 'public', 'metaverse', 1, 'Orphan Hulk', '', '[]', '',
	1, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 42, 100, 1, 6, 'cinematic', 'standard', 0, 1, NULL),
	(3, 'd3', 1, 'public', 'metaverse', 1, 'Gone Hulk', '', '[]', '',
	1, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 42, 100, 1, 6, 'cinematic', 'standard', 0, 1, '2025-03-01T00:00:00Z');
INSERT INTO versions (design_seq, n, document, result, problems, author_id, created_at, model_version, cv, points,
	tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters, legal, visibility)
	VALUES (1, 1, ?, '{}', '[]', 1, '2025-01-01T00:00:00Z', 'm/0', 42, 100, 1, 3, 4, 2, 6, 'cinematic', 'standard', 0, 1, 'public'),
	(2, 1, 'not json', '{}', '[]', 2, '2025-01-01T00:00:00Z', 'm/0', 42, 100, 1, 3, 4, 2, 6, 'cinematic', 'standard', 0, 1, 'public'),
	(3, 1, ?, '{}', '[]', 1, '2025-01-01T00:00:00Z', 'm/0', 42, 100, 1, 3, 4, 2, 6, 'cinematic', 'standard', 0, 1, 'public');
INSERT INTO designs_fts (rowid, name, description, tags, universe, author) VALUES
	(1, 'Ancient Hulk', 'Éclair class.', 'relic x-ray', 'Old Rim', 'Oldtimer'),
	(2, 'Orphan Hulk', '', '', '', '');
`, doc, doc)
	if err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	<-db.backfillDone
	if !db.wordsReady.Load() {
		t.Fatal("words not ready after the backfill")
	}
	check := func(seq int64, wantWords, wantOutline any) {
		t.Helper()
		var w, o sql.NullString
		if err := db.r.QueryRow(`SELECT words, outline FROM designs WHERE seq = ?`, seq).Scan(&w, &o); err != nil {
			t.Fatal(err)
		}
		var gw, gotOutline any
		if w.Valid {
			gw = w.String
		}
		if o.Valid {
			gotOutline = o.String
		}
		if gw != wantWords || gotOutline != wantOutline {
			t.Errorf("design %d: words %q outline %q, want %q %q", seq, gw, gotOutline, wantWords, wantOutline)
		}
	}
	check(1, words.Line("Ancient Hulk", "Éclair class.", []string{"relic", "x-ray"}, "Old Rim", "Oldtimer"), "core:16,fore:4")
	check(2, words.Line("Orphan Hulk", "", nil, "", ""), "-")
	check(3, nil, nil) // deleted: left alone
	for q, want := range map[string]int{"eclair": 1, "x-r": 1, "oldtimer": 1, "hulk": 2, "deleted": 0, "rim": 1, "old rim": 1, "hulk ancient": 1, "ray-x": 0} {
		p, err := db.Library(ctx, library.LibraryQuery{Q: q, Sort: "name", Limit: 10})
		if err != nil || len(p.Designs) != want {
			t.Errorf("search %q: %d designs (%v), want %d", q, len(p.Designs), err, want)
		}
	}
	d, err := db.Design(ctx, "d1")
	if err != nil || d.Outline != "core:16,fore:4" {
		t.Errorf("design d1: outline %q (%v)", d.Outline, err)
	}
	// The owner's account goes: their words lose the author.
	if err := db.DeleteUser(ctx, 1); err != nil {
		t.Fatal(err)
	}
	check(1, words.Line("Ancient Hulk", "Éclair class.", []string{"relic", "x-ray"}, "Old Rim", ""), "core:16,fore:4")
	if p, err := db.Library(ctx, library.LibraryQuery{Q: "oldtimer", Sort: "newest", Desc: true, Limit: 10}); err != nil || len(p.Designs) != 0 {
		t.Errorf("search for a deleted author: %v %v", p, err)
	}
}
