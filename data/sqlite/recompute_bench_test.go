package sqlite_test

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// BenchmarkRecompute measures Service.Recompute over a library of 2,000
// designs in a real SQLite file (the reference cruiser under 2,000 names
// and tech levels 5-10, as slipway-load seed makes them: every one is
// evaluated in full, but they are alike), each run after every design's
// summary was marked as coming from an older model with other numbers (so
// the CV and points indexes change too). ns/op is for the whole library;
// ns/design is per design; cpu-ns/design is the process's user and
// system time per design, the figure that holds on a busy machine.
// Profile it with
//
//	go test ./data/sqlite -run XXX -bench Recompute -cpuprofile /tmp/recompute.prof
func BenchmarkRecompute(b *testing.B) {
	const n = 2000
	ctx := context.Background()
	svc, db, _, plain := seedRecompute(b, n)
	var cpu time.Duration // user and system time of the process while recomputing
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		markStale(b, db, plain)
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
