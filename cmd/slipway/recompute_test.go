package main

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// TestRecomputeKilled kills "slipway recompute" with SIGKILL midway
// through a library stored under an older costing model: every design is
// left with either its old summary (old model, old numbers) or its new one,
// never a mix, the database is sound, and a second run finishes the job,
// each design recomputed and logged exactly once over the two runs.
func TestRecomputeKilled(t *testing.T) {
	ctx := context.Background()
	bin := buildSlipway(t)
	path := filepath.Join(t.TempDir(), "killed.db")
	const n = 1000
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	cat := designer.BuiltinCatalogue()
	model := costing.NewModel(cat)
	svc := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: model})
	owner, err := svc.EnsureUser(ctx, "killer")
	if err != nil {
		t.Fatal(err)
	}
	b, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	var ds []ruleset.Design
	for i := range n {
		d, err := designer.DecodeDesign(b)
		if err != nil {
			t.Fatal(err)
		}
		d.Name = fmt.Sprintf("Killed %d", i)
		d.TechLevel = 5 + i%6
		ds = append(ds, d)
	}
	if _, err := svc.StoreDesigns(ctx, owner, ds, library.Public); err != nil {
		t.Fatal(err)
	}
	db.Close()

	// An older model: other numbers under another version name.
	raw2, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw2.Close()
	want := map[int64][2]float64{}
	rows, err := raw2.Query(`SELECT seq, cv, points FROM designs WHERE owner_id = ?`, owner.ID)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var seq int64
		var cv, pts float64
		if err := rows.Scan(&seq, &cv, &pts); err != nil {
			t.Fatal(err)
		}
		want[seq] = [2]float64{cv, pts}
	}
	rows.Close()
	if len(want) != n {
		t.Fatalf("stored %d designs, want %d", len(want), n)
	}
	if _, err := raw2.Exec(`UPDATE designs SET model_version = 'killed-old/0', cv = cv + 7, points = points + 5`); err != nil {
		t.Fatal(err)
	}
	done := func() int {
		var k int
		if err := raw2.QueryRow(`SELECT count(*) FROM designs WHERE model_version = ?`, model.Version()).Scan(&k); err != nil {
			t.Fatal(err)
		}
		return k
	}

	cmd := exec.Command(bin, "recompute", "--db", path, "--batch", "5", "--workers", "2")
	cmd.Env = append(os.Environ(), "SLIPWAY_DB=")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(2 * time.Minute)
	for done() == 0 {
		select {
		case err := <-exited:
			t.Fatalf("recompute exited (%v) before any batch was seen", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("no batch stored in two minutes")
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Kill()
	<-exited
	first := done()
	if first == 0 || first >= n {
		t.Fatalf("killed after %d of %d designs; the test needs a run stopped midway", first, n)
	}

	var ok string
	if err := raw2.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity check after the kill: %q %v", ok, err)
	}
	check := func(when string, wantDone int) {
		t.Helper()
		rows, err := raw2.Query(`SELECT seq, model_version, cv, points FROM designs WHERE owner_id = ?`, owner.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		newer := 0
		for rows.Next() {
			var seq int64
			var mv string
			var cv, pts float64
			if err := rows.Scan(&seq, &mv, &cv, &pts); err != nil {
				t.Fatal(err)
			}
			w := want[seq]
			switch {
			case mv == model.Version() && cv == w[0] && pts == w[1]:
				newer++
			case mv == "killed-old/0" && cv == w[0]+7 && pts == w[1]+5:
			default:
				t.Fatalf("%s: design %d is a mix: model %s, CV %g, points %g (new CV %g, points %g)", when, seq, mv, cv, pts, w[0], w[1])
			}
		}
		if newer != wantDone {
			t.Fatalf("%s: %d designs under the new model, want %d", when, newer, wantDone)
		}
	}
	check("after the kill", first)
	var logged int
	raw2.QueryRow(`SELECT count(*) FROM recomputations`).Scan(&logged)
	if logged != first {
		t.Fatalf("after the kill: %d recomputations logged for %d designs recomputed", logged, first)
	}

	out, err := exec.Command(bin, "recompute", "--db", path).CombinedOutput()
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	if m := regexp.MustCompile(`(\d+) designs re-evaluated`).FindSubmatch(out); m == nil || string(m[1]) != fmt.Sprint(n-first) {
		t.Fatalf("second run did not recompute the %d designs left:\n%.300s", n-first, out)
	}
	check("after the second run", n)
	raw2.QueryRow(`SELECT count(*) FROM recomputations`).Scan(&logged)
	if logged != n {
		t.Fatalf("%d recomputations logged over both runs, want %d", logged, n)
	}
}
