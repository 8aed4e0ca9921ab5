package main

import (
	"context"
	"log/slog"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Returning memory after a burst (issue 20). A burst of fleet
// evaluations, imports, PDFs or logins grows the heap towards the soft
// limit (tuneGC); with GOGC at 400 the next collection is far off once
// the burst ends, and the runtime's scavenger gives back only what lies
// beyond the heap goal, so the process stayed at 381-402 MB after a burst
// against about 70 MB idle. returnMemory watches the heap and, once the
// server is quiet, collects and returns the idle memory at once.

const (
	// memoryCheck is how often returnMemory looks.
	memoryCheck = 5 * time.Second
	// quietAllocs is the most bytes allocated between two looks of a
	// quiet server: a few pages, searches and logins.
	quietAllocs = 16 << 20
	// idleExcess is how much more than the live heap the process may
	// keep from the operating system before it is returned: a third of
	// an idle server's resident memory (about 40 MB).
	idleExcess = 16 << 20
)

// heapSample reads what returnMemory decides on.
type heapSample struct {
	allocs uint64 // bytes allocated since the start
	kept   uint64 // bytes the runtime holds from the OS, not released
	live   uint64 // heap bytes live at the last collection
}

var heapMetrics = []metrics.Sample{
	{Name: "/gc/heap/allocs:bytes"},
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
	{Name: "/gc/heap/live:bytes"},
}

func readHeap() heapSample {
	ms := make([]metrics.Sample, len(heapMetrics))
	copy(ms, heapMetrics)
	metrics.Read(ms)
	u := func(i int) uint64 {
		if ms[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return ms[i].Value.Uint64()
	}
	return heapSample{allocs: u(0), kept: u(1) - u(2), live: u(3)}
}

// shouldReturn reports whether memory is to be returned now: the server
// allocated little since the last look and keeps over idleExcess bytes
// beyond its live heap.
func shouldReturn(prev, now heapSample) bool {
	return now.allocs-prev.allocs < quietAllocs && now.kept > now.live+idleExcess
}

// returnMemory returns idle memory to the OS after each burst, until ctx
// ends.
func returnMemory(ctx context.Context, log *slog.Logger) {
	t := time.NewTicker(memoryCheck)
	defer t.Stop()
	prev := readHeap()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := readHeap()
		if shouldReturn(prev, now) {
			debug.FreeOSMemory()
			after := readHeap()
			log.Debug("returned memory after a burst", "keptBefore", now.kept, "keptAfter", after.kept, "live", after.live)
			now = after
		}
		prev = now
	}
}
