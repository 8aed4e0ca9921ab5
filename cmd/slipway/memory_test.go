package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestShouldReturn: memory is returned when the server is quiet and keeps
// much more than its live heap, not while it allocates, and not when it
// keeps little.
func TestShouldReturn(t *testing.T) {
	const mib = 1 << 20
	prev := heapSample{allocs: 1000 * mib}
	for _, c := range []struct {
		name string
		now  heapSample
		want bool
	}{
		{"quiet after a burst", heapSample{allocs: prev.allocs + mib, kept: 400 * mib, live: 40 * mib}, true},
		{"still busy", heapSample{allocs: prev.allocs + 200*mib, kept: 400 * mib, live: 40 * mib}, false},
		{"quiet and lean", heapSample{allocs: prev.allocs + mib, kept: 50 * mib, live: 40 * mib}, false},
	} {
		if got := shouldReturn(prev, c.now); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestReadHeap: the runtime's metrics that returnMemory reads exist, and
// returning memory lowers what the process keeps after garbage.
func TestReadHeap(t *testing.T) {
	var keep [][]byte
	for range 64 {
		keep = append(keep, make([]byte, 1<<20))
	}
	runtime.KeepAlive(keep)
	before := readHeap()
	if before.allocs == 0 || before.kept == 0 {
		t.Fatalf("metrics not read: %+v", before)
	}
	debug.FreeOSMemory()
	after := readHeap()
	if after.kept >= before.kept {
		t.Errorf("kept %d bytes before returning memory, %d after", before.kept, after.kept)
	}
	if after.live > after.kept {
		t.Errorf("live %d over kept %d", after.live, after.kept)
	}
}
