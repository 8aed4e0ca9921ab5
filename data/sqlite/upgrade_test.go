package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
)

// v1Rows are a user and a public design with one version written in the
// first schema's columns only, as an early Slipway stored them.
const v1Rows = `
INSERT INTO users (id, name, password_hash, created_at) VALUES (1, 'Oldtimer', '!', '2025-01-01T00:00:00Z');
INSERT INTO designs (seq, id, owner_id, visibility, ruleset, rules_version, name, description, tags, universe,
	version, created_at, updated_at, cv, points, tier, tech_level, movement, hull, carries_fighters, legal)
	VALUES (1, 'olddesign', 1, 'public', 'metaverse', 1, 'Ancient Hulk', 'From the first schema.', '["relic"]', '',
	1, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 42, 100, 1, 6, 'cinematic', 'standard', 0, 1);
INSERT INTO versions (design_seq, n, document, result, problems, author_id, created_at, model_version, cv, points,
	tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters, legal)
	VALUES (1, 1, '{"name":"Ancient Hulk"}', '{}', '[]', 1, '2025-01-01T00:00:00Z', 'm/0', 42, 100, 1, 3, 4, 2, 6,
	'cinematic', 'standard', 0, 1);
INSERT INTO designs_fts (rowid, name, description, tags, universe, author)
	VALUES (1, 'Ancient Hulk', 'From the first schema.', 'relic', '', 'Oldtimer');
`

// TestUpgradeFromEveryVersion migrates a database to each earlier schema
// version, stores rows there, then opens it with the current code: the
// remaining migrations apply, the rows read back through the Store, and
// the store works.
func TestUpgradeFromEveryVersion(t *testing.T) {
	ctx := context.Background()
	ms, err := sqlite.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	last := ms[len(ms)-1].Version
	for _, m := range ms[:len(ms)-1] {
		t.Run(fmt.Sprintf("from%04d", m.Version), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "old.db")
			if err := sqlite.MigrateTo(ctx, path, m.Version); err != nil {
				t.Fatal(err)
			}
			raw, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			var v int
			if err := raw.QueryRow(`SELECT max(version) FROM schema_migrations`).Scan(&v); err != nil || v != m.Version {
				t.Fatalf("schema at %d (%v), want %d", v, err, m.Version)
			}
			if _, err := raw.Exec(v1Rows); err != nil {
				t.Fatal(err)
			}
			if m.Version >= 2 {
				// Schema 2 copies the evaluation onto designs; a store of
				// that time wrote it there.
				if _, err := raw.Exec(`UPDATE designs SET ems = 3, target_rating = 4, mass_factor = 2, model_version = 'm/0'`); err != nil {
					t.Fatal(err)
				}
			}
			if m.Version >= 3 {
				// Schema 3 counts each version's stored bytes.
				if _, err := raw.Exec(`UPDATE versions SET bytes = length(document) + length(result) + length(problems)`); err != nil {
					t.Fatal(err)
				}
			}
			if m.Version >= 4 {
				// Schema 4 keeps the stored bytes on the design.
				if _, err := raw.Exec(`UPDATE designs SET stored_bytes = (SELECT sum(bytes) FROM versions v WHERE v.design_seq = designs.seq)`); err != nil {
					t.Fatal(err)
				}
			}
			raw.Close()
			db := open(t, path)
			if v, err := db.SchemaVersion(ctx); err != nil || v != last {
				t.Fatalf("after open: schema %d (%v), want %d", v, err, last)
			}
			d, err := db.Design(ctx, "olddesign")
			if err != nil {
				t.Fatal(err)
			}
			if d.Name != "Ancient Hulk" || d.OwnerName != "Oldtimer" || d.Latest.Evaluation.EMS != 3 ||
				d.Latest.Evaluation.ModelVersion != "m/0" || d.Latest.Visibility != library.Public || len(d.Tags) != 1 {
				t.Fatalf("old design after upgrade: %+v", d)
			}
			u, err := db.UserByKey(ctx, "oldtimer")
			if err != nil || u.Name != "Oldtimer" || u.Skeleton == "" {
				t.Fatalf("old user after upgrade: %+v %v", u, err)
			}
			use, err := db.Usage(ctx, u.ID)
			if err != nil || use.Versions != 1 || use.Bytes == 0 {
				t.Fatalf("usage after upgrade %+v %v", use, err)
			}
			page, err := db.Library(ctx, library.LibraryQuery{Q: "relic", Sort: "newest", Desc: true, Limit: 10})
			if err != nil || len(page.Designs) != 1 {
				t.Fatalf("search after upgrade: %v %v", page, err)
			}
			// Migration 0008's indexes of the game filter, which the
			// library names for a ruleset's designs.
			for _, sort := range []string{"newest", "cv", "points", "name", "forks"} {
				for rs, want := range map[string]int{"metaverse": 1, "battleshift": 0} {
					page, err := db.Library(ctx, library.LibraryQuery{Ruleset: rs, RulesVersion: 1, Sort: sort, Limit: 10})
					if err != nil || len(page.Designs) != want {
						t.Fatalf("ruleset %s by %s after upgrade: %v %v", rs, sort, page, err)
					}
				}
			}
			if _, err := db.CreateUser(ctx, nu("newcomer")); err != nil {
				t.Fatal(err)
			}
		})
	}
}
