package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
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
	if err := svc.DeleteAccount(ctx, bob, "127.0.0.1", pw); err != nil {
		t.Fatal(err)
	}
	// Fleets: alice's public fleet in three versions, a private one, a
	// fork of hers by carol (lineage), and one deleted; and a row of the
	// recompute log.
	fl := func(name string, ids ...string) *fleet.Fleet {
		f := &fleet.Fleet{Name: name, Limit: fleet.Limit{CV: 100000}}
		f.SetDefaults()
		for i, id := range ids {
			f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Design: id})
		}
		return f
	}
	ids := []string{page.Designs[0].ID, page.Designs[1].ID, fork.ID}
	pubFleet, err := svc.CreateFleet(ctx, alice, fl("Home Fleet", ids[0]), library.Public)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3} {
		if pubFleet, err = svc.UpdateFleet(ctx, alice, pubFleet.Fleet.ID, library.Precondition{Any: true}, fl("Home Fleet", ids[:n]...), ""); err != nil {
			t.Fatal(err)
		}
	}
	privFleet, err := svc.CreateFleet(ctx, alice, fl("Secret Fleet", ids[2]), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	carol, _, err := svc.Register(ctx, library.Credentials{Name: "carol9", Password: pw, Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	forked, err := svc.ForkFleet(ctx, carol, pubFleet.Fleet.ID, library.ForkRequest{Version: 2, Visibility: library.Public, Name: "Carol's Fleet"})
	if err != nil {
		t.Fatal(err)
	}
	goneFleet, err := svc.CreateFleet(ctx, carol, fl("Scrapped", ids[0]), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteFleet(ctx, carol, goneFleet.Fleet.ID, library.Precondition{Any: true}); err != nil {
		t.Fatal(err)
	}
	fleets := []struct {
		u  *library.User
		id string
	}{{alice, pubFleet.Fleet.ID}, {alice, privFleet.Fleet.ID}, {carol, forked.Fleet.ID}, {nil, pubFleet.Fleet.ID}, {nil, forked.Fleet.ID}}
	fleetsBefore := allFleets(t, svc, fleets)
	if fleetsBefore[0] == "" || !strings.Contains(fleetsBefore[2], pubFleet.Fleet.ID+"@2") {
		t.Fatalf("fleets on the source: %v", fleetsBefore)
	}
	raw, err := sql.Open("sqlite", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO recomputations (design_seq, n, old_model, new_model, old_cv, new_cv, old_points,
		new_points, at) SELECT seq, 1, 'metaverse-cv/0', 'metaverse-cv/1', 99.5, 100, 101.25, 100, '2026-01-02T03:04:05.123456789Z'
		FROM designs WHERE id = ?`, fork.ID); err != nil {
		t.Fatal(err)
	}
	raw.Close()
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
	// Fleets on the copy: every version, the lineage, visibility, the
	// evaluation, the library; a deleted fleet stays deleted; a new fleet
	// gets a new row.
	if after := allFleets(t, psvc, fleets); !slices.Equal(after, fleetsBefore) {
		t.Fatalf("fleets on the copy:\n%v\nwant\n%v", after, fleetsBefore)
	}
	if _, err := psvc.Fleet(ctx, carol, goneFleet.Fleet.ID); library.ErrorCode(err) != library.ENotFound {
		t.Fatalf("a deleted fleet is back on the copy: %v", err)
	}
	if _, err := psvc.Fleet(ctx, nil, privFleet.Fleet.ID); library.ErrorCode(err) != library.ENotFound {
		t.Fatalf("a private fleet is readable by anyone on the copy: %v", err)
	}
	if _, err := psvc.ForkFleet(ctx, alice, forked.Fleet.ID, library.ForkRequest{}); err != nil {
		t.Fatalf("a new fleet on the copy: %v", err)
	}

	// And back to a new SQLite file.
	back := filepath.Join(dir, "back.db")
	code, stdout, stderr := runCLI(t, "migrate-store", "--from", pg, "--to", back)
	if code != 0 {
		t.Fatalf("back to SQLite: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, table := range []string{"fleets", "fleet_versions", "recomputations"} {
		if !regexp.MustCompile(`(?m)^` + table + ` +[1-9]\d* rows .* ok$`).MatchString(stdout) {
			t.Errorf("no %s copied back:\n%s", table, stdout)
		}
	}
	bdb, err := store.Open(ctx, back)
	if err != nil {
		t.Fatal(err)
	}
	bsvc := library.New(library.Config{Store: bdb, Catalogue: cat, Evaluator: newEvaluator(cat)})
	afterBack := allFleets(t, bsvc, fleets)
	bdb.Close()
	if !slices.Equal(afterBack[:len(fleetsBefore)], fleetsBefore) {
		t.Fatalf("fleets back on SQLite:\n%v\nwant\n%v", afterBack, fleetsBefore)
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
	code, _, stderr = runCLI(t, "migrate-store", "--from", src, "--to", pg)
	if code != 1 || !strings.Contains(stderr, "differs") || !strings.Contains(stderr, "designs") {
		t.Fatalf("tampered copy: exit %d: %s", code, stderr)
	}
	// A tampered fleet version is reported, and only it: a fresh copy,
	// one fleet version changed, the copy run again.
	fresh := filepath.Join(dir, "fresh.db")
	if code, stdout, stderr := runCLI(t, "migrate-store", "--from", src, "--to", fresh); code != 0 {
		t.Fatalf("fresh copy: exit %d\n%s%s", code, stdout, stderr)
	}
	raw, err = sql.Open("sqlite", fresh)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE fleet_versions SET document = CAST(document || ' ' AS BLOB) WHERE n = 2`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	code, _, stderr = runCLI(t, "migrate-store", "--from", src, "--to", fresh)
	if code != 1 || !strings.Contains(stderr, "fleet_versions: 6 rows") || strings.Contains(stderr, "designs:") || strings.Contains(stderr, "fleets:") {
		t.Fatalf("tampered fleet version: exit %d: %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "migrate-store", "--from", src, "--to", src); code != 2 {
		t.Fatalf("same source and target: exit %d", code)
	}
	if code, _, _ := runCLI(t, "migrate-store", "--from", filepath.Join(dir, "missing.db"), "--to", back); code != 1 {
		t.Fatalf("missing source: exit %d", code)
	}
}

// allFleets describes the fleets as each reader sees them: id, version,
// visibility, owner, parent, every readable version with its document and
// totals, and the public fleet library.
func allFleets(t *testing.T, svc *library.Service, fleets []struct {
	u  *library.User
	id string
}) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	for _, x := range fleets {
		f, vs, err := svc.FleetVersions(ctx, x.u, x.id)
		if err != nil {
			t.Fatalf("fleet %s: %v", x.id, err)
		}
		line := fmt.Sprintf("%s v%d %s %s parent %s@%d created %s:", f.ID, f.Version, f.Visibility, f.OwnerName,
			f.ParentID, f.ParentVersion, f.CreatedAt.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano))
		for _, v := range vs {
			fv, err := svc.FleetVersionView(ctx, x.u, x.id, v.N)
			if err != nil {
				t.Fatalf("fleet %s version %d: %v", x.id, v.N, err)
			}
			doc, _ := json.Marshal(fv.Document)
			line += fmt.Sprintf(" [%d %s %+v %x]", v.N, v.Visibility, fv.Result.Totals, sha256.Sum256(doc))
		}
		out = append(out, line)
	}
	fs, err := svc.FleetLibrary(ctx, library.FleetQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		out = append(out, "library "+f.ID+"/"+f.Name)
	}
	return out
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
