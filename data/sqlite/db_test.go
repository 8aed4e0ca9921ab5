package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
)

func open(t *testing.T, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestMigrationsIdempotent opens a database twice: the second open applies
// nothing and the schema version is the last migration's.
func TestMigrationsIdempotent(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	ms, err := sqlite.Migrations()
	if err != nil || len(ms) == 0 {
		t.Fatalf("migrations %v %v", ms, err)
	}
	db := open(t, path)
	v1, err := db.SchemaVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	db2 := open(t, path)
	v2, err := db2.SchemaVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v1 != ms[len(ms)-1].Version || v2 != v1 {
		t.Fatalf("schema versions %d then %d, want %d", v1, v2, ms[len(ms)-1].Version)
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var n int
	if err := raw.QueryRow(`SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(ms) {
		t.Fatalf("schema_migrations rows %d (%v), want %d", n, err, len(ms))
	}
}

// TestPragmas checks WAL mode and a sound database.
func TestPragmas(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "p.db"))
	if m, err := db.JournalMode(ctx); err != nil || m != "wal" {
		t.Fatalf("journal mode %q %v", m, err)
	}
	if s, err := db.IntegrityCheck(ctx); err != nil || s != "ok" {
		t.Fatalf("integrity %q %v", s, err)
	}
}

func newDesign(id string, owner int64, vis library.Visibility) *library.NewDesign {
	return &library.NewDesign{
		ID: id, OwnerID: owner, Visibility: vis, Ruleset: "metaverse", RulesVersion: 1, Name: "Ship " + id,
		Version: library.Version{Document: []byte(`{"name":"Ship ` + id + `"}`), Evaluation: library.Evaluation{ModelVersion: "m/1", CV: 10}},
	}
}

// TestDesignStore covers create, the all-or-none batch, optimistic
// concurrency on update and delete, versions, forks and foreign keys.
func TestDesignStore(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "d.db"))
	u, err := db.CreateUser(ctx, library.NewUser{Name: "Ann", Key: "ann", Skeleton: "ann", PasswordHash: "hash"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateUser(ctx, library.NewUser{Name: "ann", Key: "ann", Skeleton: "ann2", PasswordHash: "hash"}); !errors.Is(err, library.ErrConflict) {
		t.Fatalf("duplicate user: %v", err)
	}
	if err := db.CreateDesigns(ctx, []*library.NewDesign{newDesign("a", u.ID, library.Public)}); err != nil {
		t.Fatal(err)
	}
	// A batch with a duplicate id stores nothing.
	err = db.CreateDesigns(ctx, []*library.NewDesign{newDesign("b", u.ID, library.Public), newDesign("a", u.ID, library.Public)})
	if err == nil {
		t.Fatal("duplicate id accepted")
	}
	if _, err := db.Design(ctx, "b"); !errors.Is(err, library.ErrNotFound) {
		t.Fatalf("half-written batch: %v", err)
	}
	// Foreign keys hold: no design for a missing owner.
	if err := db.CreateDesigns(ctx, []*library.NewDesign{newDesign("c", 999, library.Public)}); err == nil {
		t.Fatal("design with a missing owner accepted")
	}
	nd := newDesign("a", u.ID, library.Public)
	nd.Version.Document = []byte(`{"name":"v2"}`)
	d, err := db.UpdateDesign(ctx, "a", 1, *nd, nd.Version)
	if err != nil || d.Version != 2 || string(d.Latest.Document) != `{"name":"v2"}` {
		t.Fatalf("update: %+v %v", d, err)
	}
	if _, err := db.UpdateDesign(ctx, "a", 1, *nd, nd.Version); !errors.Is(err, library.ErrStale) {
		t.Fatalf("stale update: %v", err)
	}
	if err := db.DeleteDesign(ctx, "a", 1); !errors.Is(err, library.ErrStale) {
		t.Fatalf("stale delete: %v", err)
	}
	vs, err := db.Versions(ctx, "a")
	if err != nil || len(vs) != 2 {
		t.Fatalf("versions %v %v", vs, err)
	}
	v1, err := db.DesignVersion(ctx, "a", 1)
	if err != nil || string(v1.Document) != `{"name":"Ship a"}` {
		t.Fatalf("version 1 %v %v", v1, err)
	}
	f := newDesign("f", u.ID, library.Public)
	f.ParentID, f.ParentVersion = "a", 2
	if err := db.CreateDesigns(ctx, []*library.NewDesign{f}); err != nil {
		t.Fatal(err)
	}
	if p, _ := db.Design(ctx, "a"); p.Forks != 1 {
		t.Fatalf("forks %d", p.Forks)
	}
	if err := db.DeleteDesign(ctx, "a", 2); err != nil {
		t.Fatal(err)
	}
	got, err := db.Design(ctx, "f")
	if err != nil || got.ParentID != "a" || got.ParentVersion != 2 {
		t.Fatalf("fork after delete %+v %v", got, err)
	}
	page, err := db.Library(ctx, library.LibraryQuery{Sort: "newest", Desc: true})
	if err != nil || len(page.Designs) != 1 || page.Designs[0].ID != "f" {
		t.Fatalf("library %+v %v", page, err)
	}
}

// TestSessions covers session expiry and tokens.
func TestSessions(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "s.db"))
	u, _ := db.CreateUser(ctx, nu("sam"))
	now := time.Now()
	if err := db.CreateSession(ctx, "h1", u.ID, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, err := db.SessionUser(ctx, "h1", now); err != nil || got.ID != u.ID {
		t.Fatalf("session %v %v", got, err)
	}
	if _, err := db.SessionUser(ctx, "h1", now.Add(2*time.Hour)); !errors.Is(err, library.ErrNotFound) {
		t.Fatalf("expired session: %v", err)
	}
	db.DeleteSession(ctx, "h1")
	if _, err := db.SessionUser(ctx, "h1", now); !errors.Is(err, library.ErrNotFound) {
		t.Fatalf("deleted session: %v", err)
	}
	if _, err := db.CreateToken(ctx, u.ID, "t", "th"); err != nil {
		t.Fatal(err)
	}
	if got, err := db.TokenUser(ctx, "th"); err != nil || got.Name != "sam" {
		t.Fatalf("token user %v %v", got, err)
	}
}

// TestLibraryManyMatches pages a search that matches more designs than
// manyMatches, so the query walks the sort index, in every sort order.
func TestLibraryManyMatches(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "many.db"))
	u, err := db.CreateUser(ctx, nu("many"))
	if err != nil {
		t.Fatal(err)
	}
	const n = 2100
	var batch []*library.NewDesign
	for i := 0; i < n; i++ {
		d := newDesign(fmt.Sprintf("m%04d", i), u.ID, library.Public)
		d.Name = fmt.Sprintf("Common %04d", (i*7919)%n)
		d.Version.Evaluation.CV = float64(i % 97)
		d.Version.Evaluation.Points = float64(i % 89)
		batch = append(batch, d)
	}
	if err := db.CreateDesigns(ctx, batch); err != nil {
		t.Fatal(err)
	}
	for _, sortBy := range []string{"cv", "points", "name", "forks"} {
		for _, desc := range []bool{false, true} {
			seen := map[string]bool{}
			var prev *library.Design
			q := library.LibraryQuery{Q: "common", Sort: sortBy, Desc: desc, Limit: 100}
			for {
				page, err := db.Library(ctx, q)
				if err != nil {
					t.Fatalf("%s: %v", sortBy, err)
				}
				for _, d := range page.Designs {
					if seen[d.ID] {
						t.Fatalf("%s desc=%v: %s twice", sortBy, desc, d.ID)
					}
					seen[d.ID] = true
					if prev != nil && sortBy == "name" && (strings.ToLower(prev.Name) > strings.ToLower(d.Name)) != desc {
						t.Fatalf("name order: %q then %q", prev.Name, d.Name)
					}
					prev = d
				}
				if page.Next == nil {
					break
				}
				q.After = page.Next
			}
			if len(seen) != n {
				t.Fatalf("%s desc=%v: listed %d of %d", sortBy, desc, len(seen), n)
			}
		}
	}
}

// TestGroupCommit runs many concurrent writes, a third of which fail:
// each failure is reported to its own caller only, and every write that
// reported success is stored.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "g.db"))
	const n = 90
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			// Every third name repeats the one before it: one of the two fails.
			name := fmt.Sprintf("user%d", i-boolInt(i%3 == 2))
			_, errs[i] = db.CreateUser(ctx, nu(name))
		}(i)
	}
	wg.Wait()
	ok, conflicts := 0, 0
	for i, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, library.ErrConflict):
			conflicts++
		default:
			t.Fatalf("write %d: %v", i, err)
		}
	}
	if ok != 2*n/3 || conflicts != n/3 {
		t.Fatalf("%d stored, %d conflicts; want %d and %d", ok, conflicts, 2*n/3, n/3)
	}
	for i := 0; i < n; i++ {
		if i%3 == 2 {
			continue
		}
		if _, err := db.UserByKey(ctx, fmt.Sprintf("user%d", i)); err != nil {
			t.Errorf("user%d: %v", i, err)
		}
	}
	db.Close()
	if _, err := db.CreateUser(ctx, nu("late")); !errors.Is(err, sqlite.ErrClosed) {
		t.Fatalf("write after close: %v", err)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nu is a new user record whose key and skeleton are its name.
func nu(name string) library.NewUser {
	return library.NewUser{Name: name, Key: name, Skeleton: name, PasswordHash: "hash"}
}

// TestFileMode: a new database and its WAL files are readable by their
// owner only; they hold password hashes and private designs.
func TestFileMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "private.db")
	db := open(t, path)
	if _, err := db.CreateUser(context.Background(), nu("mode")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if m := fi.Mode().Perm(); m != 0o600 {
			t.Errorf("%s has mode %o, want 600", filepath.Base(p), m)
		}
	}
}

// TestUsage: an account's usage counts live designs, their versions and
// stored bytes, and follows updates, deletes and recomputation.
func TestUsage(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "u.db"))
	u, err := db.CreateUser(ctx, nu("user"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := newDesign("a", u.ID, library.Private), newDesign("b", u.ID, library.Private)
	if err := db.CreateDesigns(ctx, []*library.NewDesign{a, b}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateDesign(ctx, "a", 0, *a, a.Version); err != nil {
		t.Fatal(err)
	}
	stored := func(v library.Version) int64 {
		return int64(len(v.Document) + len(orNullResult(v.Result)) + max(len(v.Problems), len("[]")))
	}
	one := stored(a.Version)
	want := library.Usage{Designs: 2, Versions: 3, Bytes: 2*one + stored(b.Version)}
	if got, err := db.Usage(ctx, u.ID); err != nil || got != want {
		t.Fatalf("usage %+v %v, want %+v", got, err, want)
	}
	// A recomputation rewrites the design's summary, not its stored
	// result: usage stays as it was.
	bd, err := db.Design(ctx, "b")
	if err != nil {
		t.Fatal(err)
	}
	e := b.Version.Evaluation
	e.CV, e.ModelVersion = e.CV+1, "m/2"
	if err := db.SaveRecomputations(ctx, []library.Recomputation{{DesignSeq: bd.Seq, DesignID: "b", Version: 1,
		Old: b.Version.Evaluation, Evaluation: e}}); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Design(ctx, "b"); err != nil || got.Latest.Evaluation != e {
		t.Fatalf("after recompute %+v %v, want %+v", got.Latest.Evaluation, err, e)
	}
	if got, err := db.Usage(ctx, u.ID); err != nil || got != want {
		t.Fatalf("usage after recompute %+v %v, want %+v", got, err, want)
	}
	if err := db.DeleteDesign(ctx, "a", 0); err != nil {
		t.Fatal(err)
	}
	want = library.Usage{Designs: 1, Versions: 1, Bytes: want.Bytes - 2*one}
	if got, err := db.Usage(ctx, u.ID); err != nil || got != want {
		t.Fatalf("usage after delete %+v %v, want %+v", got, err, want)
	}
}

func orNullResult(b []byte) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}
