package main

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestMigrateStore copies a library from SQLite to PostgreSQL and back:
// the copy verifies, a re-run changes nothing, and on the copy a session
// and a token still work, every design reads and searches as before, and
// new rows get new ids; a tampered copy fails the verification.
func TestMigrateStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	db, err := store.Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	cat := designer.BuiltinCatalogue()
	svc := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: newEvaluator(cat)})
	if _, err := svc.SeedSamples(ctx); err != nil {
		t.Fatal(err)
	}
	const pw = "vintage-anchor-47-quill"
	alice, sess, err := svc.Register(ctx, library.Credentials{Name: "alice1", Password: pw, Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	_, token, err := svc.CreateToken(ctx, alice, "script")
	if err != nil {
		t.Fatal(err)
	}
	bob, _, err := svc.Register(ctx, library.Credentials{Name: "bob22", Password: pw, Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	page, err := svc.Library(ctx, library.LibraryQuery{Limit: 3})
	if err != nil || len(page.Designs) < 3 {
		t.Fatalf("samples: %v %v", page, err)
	}
	fork, err := svc.Fork(ctx, alice, page.Designs[0].ID, library.ForkRequest{Visibility: library.Public, Name: "Alice Fork"})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := library.DecodeVersion(&fork.Latest)
	d.Description = "second version"
	if _, err := svc.UpdateDesign(ctx, alice, fork.ID, library.Precondition{Any: true}, d, ""); err != nil {
		t.Fatal(err)
	}
	gone, err := svc.Fork(ctx, bob, page.Designs[1].ID, library.ForkRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteDesign(ctx, bob, gone.ID, library.Precondition{Any: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Fork(ctx, bob, page.Designs[2].ID, library.ForkRequest{Visibility: library.Public, Name: "Orphan"}); err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteAccount(ctx, bob, pw); err != nil {
		t.Fatal(err)
	}
	before := allLibrary(t, svc)
	db.Close()

	pg := pgtest.EmptyDatabase(t)
	for run := 0; run < 2; run++ {
		code, stdout, stderr := runCLI(t, "migrate-store", "--from", src, "--to", pg)
		if code != 0 || !strings.Contains(stdout, "versions") || !strings.Contains(stdout, "ok") {
			t.Fatalf("run %d: exit %d\n%s%s", run, code, stdout, stderr)
		}
	}
	pdb, err := store.Open(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	defer pdb.Close()
	psvc := library.New(library.Config{Store: pdb, Catalogue: cat, Evaluator: newEvaluator(cat)})
	if u, err := psvc.SessionUser(ctx, sess.Secret); err != nil || u.ID != alice.ID {
		t.Fatalf("session on the copy: %v %v", u, err)
	}
	if u, err := psvc.TokenUser(ctx, token); err != nil || u.ID != alice.ID {
		t.Fatalf("token on the copy: %v %v", u, err)
	}
	if _, _, err := psvc.Login(ctx, library.Credentials{Name: "alice1", Password: pw, Addr: "127.0.0.1"}); err != nil {
		t.Fatalf("login on the copy: %v", err)
	}
	if after := allLibrary(t, psvc); !slices.Equal(after, before) {
		t.Fatalf("library on the copy:\n%v\nwant\n%v", after, before)
	}
	if p, err := psvc.Library(ctx, library.LibraryQuery{Q: "alice fork"}); err != nil || len(p.Designs) != 1 || p.Designs[0].Version != 2 {
		t.Fatalf("search on the copy: %+v %v", p, err)
	}
	if p, err := psvc.Library(ctx, library.LibraryQuery{Q: "bob22"}); err != nil || len(p.Designs) != 0 {
		t.Fatalf("a deleted author is searchable on the copy: %+v %v", p, err)
	}
	if _, err := psvc.Design(ctx, nil, gone.ID); library.ErrorCode(err) != library.ENotFound {
		t.Fatalf("a deleted design is back on the copy: %v", err)
	}
	if _, err := psvc.Fork(ctx, alice, fork.ID, library.ForkRequest{}); err != nil {
		t.Fatalf("a new design on the copy: %v", err)
	}
	if _, _, err := psvc.Register(ctx, library.Credentials{Name: "carol3", Password: pw, Addr: "127.0.0.1"}); err != nil {
		t.Fatalf("a new user on the copy: %v", err)
	}

	// And back to a new SQLite file.
	back := filepath.Join(dir, "back.db")
	if code, stdout, stderr := runCLI(t, "migrate-store", "--from", pg, "--to", back); code != 0 {
		t.Fatalf("back to SQLite: exit %d\n%s%s", code, stdout, stderr)
	}

	// Quota figures agree on the source, the PostgreSQL copy and the copy back.
	want, err := pdb.Usage(ctx, alice.ID)
	if err != nil || want.Versions < 2 {
		t.Fatalf("usage on the copy: %+v %v", want, err)
	}
	for _, path := range []string{back} {
		b, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.Usage(ctx, alice.ID)
		b.Close()
		if err != nil || got != want {
			t.Fatalf("usage on %s: %+v %v, want %+v", path, got, err, want)
		}
	}

	// A copy that differs from its source is reported.
	conn, err := pgx.Connect(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `UPDATE designs SET cv = cv + 1 WHERE id = $1`, fork.ID); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	code, _, stderr := runCLI(t, "migrate-store", "--from", src, "--to", pg)
	if code != 1 || !strings.Contains(stderr, "differs") || !strings.Contains(stderr, "designs") {
		t.Fatalf("tampered copy: exit %d: %s", code, stderr)
	}
	// A library with fleets is refused, untouched, until fleets are copied too.
	raw, err := sql.Open("sqlite", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO fleets (id, owner_id, visibility, name, version, summary, created_at, updated_at)
		VALUES ('fleet1', ?, 'private', 'F', 1, '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`, alice.ID); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	fresh := filepath.Join(dir, "fresh.db")
	code, _, stderr = runCLI(t, "migrate-store", "--from", src, "--to", fresh)
	if code != 1 || !strings.Contains(stderr, "1 fleets") {
		t.Fatalf("library with a fleet: exit %d: %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "migrate-store", "--from", src, "--to", src); code != 2 {
		t.Fatalf("same source and target: exit %d", code)
	}
	if code, _, _ := runCLI(t, "migrate-store", "--from", filepath.Join(dir, "missing.db"), "--to", back); code != 1 {
		t.Fatalf("missing source: exit %d", code)
	}
}

// allLibrary lists the whole public library, newest first, as id@version.
func allLibrary(t *testing.T, svc *library.Service) []string {
	t.Helper()
	var out []string
	q := library.LibraryQuery{Limit: 100}
	for {
		p, err := svc.Library(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range p.Designs {
			out = append(out, d.ID+"@"+string(rune('0'+d.Version))+"/"+d.OwnerName)
		}
		if p.Next == nil {
			return out
		}
		q.After = p.Next
	}
}
