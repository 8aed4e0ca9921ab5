package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// BenchmarkRecompute measures Service.Recompute over a library of 2,000
// distinct designs in a real SQLite file, each run after every design's
// summary was marked as coming from an older model with other numbers (so
// the CV and points indexes change too). ns/op is for the whole library;
// ns/design is per design. Profile it with
//
//	go test ./data/sqlite -run XXX -bench Recompute -cpuprofile /tmp/recompute.prof
func BenchmarkRecompute(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "bench.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	svc := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: costing.NewModel(cat)})
	owner, err := svc.EnsureUser(ctx, "bench")
	if err != nil {
		b.Fatal(err)
	}
	raw, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		b.Fatal(err)
	}
	const n = 2000
	var ds []*designer.Design
	for i := range n {
		d, err := designer.DecodeDesign(raw)
		if err != nil {
			b.Fatal(err)
		}
		d.Name, d.TechLevel = fmt.Sprintf("Bench %d", i), 5+i%6
		ds = append(ds, d)
	}
	if _, err := svc.StoreDesigns(ctx, owner, ds, library.Public); err != nil {
		b.Fatal(err)
	}
	raw2, err := sql.Open("sqlite", path)
	if err != nil {
		b.Fatal(err)
	}
	defer raw2.Close()
	var cpu time.Duration // user and system time of the process while recomputing
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		if _, err := raw2.Exec(`UPDATE designs SET model_version = 'bench-old/0', cv = cv + 7, points = points + 5`); err != nil {
			b.Fatal(err)
		}
		before := cpuTime()
		b.StartTimer()
		rep, err := svc.Recompute(ctx)
		if err != nil || rep.Designs != n {
			b.Fatalf("recomputed %d designs, %v", rep.Designs, err)
		}
		b.StopTimer()
		cpu += cpuTime() - before
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/design")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*n), "cpu-ns/design")
}

// cpuTime is the user and system CPU time this process has used; on a
// shared machine it says what a run costs when wall time says how starved
// it was.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
