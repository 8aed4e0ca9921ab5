package migrate_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slipway/slipway/data/migrate"
	_ "modernc.org/sqlite"
)

func TestLoad(t *testing.T) {
	cases := []struct {
		name string
		fs   fstest.MapFS
		err  string
	}{
		{"ordered", fstest.MapFS{"m/0002_b.sql": {Data: []byte("B")}, "m/0001_a.sql": {Data: []byte("A")}}, ""},
		{"bad name", fstest.MapFS{"m/first.sql": {Data: []byte("A")}}, "NNNN_name.sql"},
		{"version zero", fstest.MapFS{"m/0000_a.sql": {Data: []byte("A")}}, "NNNN_name.sql"},
		{"twice", fstest.MapFS{"m/0001_a.sql": {}, "m/1_b.sql": {}}, "version 1 twice"},
		{"empty", fstest.MapFS{"m/readme.txt": {}}, "none found"},
	}
	for _, c := range cases {
		ms, err := migrate.Load(c.fs, "m")
		if c.err == "" {
			if err != nil || len(ms) != 2 || ms[0].Name != "a" || ms[1].SQL != "B" {
				t.Errorf("%s: %+v %v", c.name, ms, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
}

// TestUp applies migrations in steps, re-runs them, and checks that a
// failing migration leaves nothing of itself behind.
func TestUp(t *testing.T) {
	ctx := context.Background()
	raw, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	db := migrate.SQL(raw)
	ms := []migrate.Migration{
		{Version: 1, Name: "a", SQL: `CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);`},
		{Version: 2, Name: "b", SQL: `CREATE TABLE b (y INTEGER)`},
		{Version: 3, Name: "broken", SQL: `CREATE TABLE c (z INTEGER); INSERT INTO nowhere VALUES (1);`},
	}
	got, err := migrate.Up(ctx, db, migrate.SQLite, ms, 1)
	if err != nil || !slices.Equal(got, []int{1}) {
		t.Fatalf("up to 1: %v %v", got, err)
	}
	got, err = migrate.Up(ctx, db, migrate.SQLite, ms[:2], 0)
	if err != nil || !slices.Equal(got, []int{2}) {
		t.Fatalf("up to 2: %v %v", got, err)
	}
	got, err = migrate.Up(ctx, db, migrate.SQLite, ms[:2], 0)
	if err != nil || len(got) != 0 {
		t.Fatalf("again: %v %v", got, err)
	}
	_, err = migrate.Up(ctx, db, migrate.SQLite, ms, 0)
	if err == nil || !strings.Contains(err.Error(), "0003_broken") {
		t.Fatalf("broken migration: %v", err)
	}
	if v, err := migrate.Version(ctx, db); err != nil || v != 2 {
		t.Fatalf("version %d %v, want 2", v, err)
	}
	var n int
	if err := raw.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'c'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("a failed migration left table c behind (%d, %v)", n, err)
	}
	if err := raw.QueryRow(`SELECT count(*) FROM a`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("migration 1 ran twice: %d rows (%v)", n, err)
	}
}
