package fleetpdf_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"runtime/metrics"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rsc.io/pdf"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/fleet/fleetpdf"
	"github.com/slipway/slipway/sheets"
)

var ev = fleet.NewEvaluator(nil)

// armada is n ships drawn in turn from the sample designs, in squadrons
// of four under the IKS Tesla's class, each squadron led by one.
func armada(tb testing.TB, n int) (*fleet.Fleet, *fleet.Result) {
	names, _ := fs.Glob(data.Samples(), "*.json")
	sort.Strings(names)
	ds := fleet.Designs{}
	var refs []fleet.Ref
	for i, nm := range names {
		b, _ := fs.ReadFile(data.Samples(), nm)
		d, err := designer.DecodeDesign(b)
		if err != nil {
			tb.Fatal(err)
		}
		r := fleet.Ref{Design: fmt.Sprintf("d%d", i), Version: 1}
		ds[r], refs = d, append(refs, r)
	}
	f := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "Armada", Limit: fleet.Limit{CV: 1 << 30}}
	for i := range n {
		r := refs[i%len(refs)]
		f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Ship %d", i), Design: r.Design, Version: r.Version})
	}
	f.Command = []*fleet.Command{{Level: "squadron", Ship: "s2", Ships: []string{"s0", "s1", "s3"}}}
	return f, ev.Evaluate(f, ds)
}

func TestWrite(t *testing.T) {
	f, r := armada(t, 12)
	var buf bytes.Buffer
	if err := fleetpdf.Write(&buf, ev, f, r, sheets.Options{}); err != nil {
		t.Fatal(err)
	}
	rd, err := pdf.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if rd.NumPage() < 12+2 {
		t.Errorf("%d pages for 12 ships", rd.NumPage())
	}
	if err := fleetpdf.Write(io.Discard, ev, &fleet.Fleet{}, ev.Evaluate(&fleet.Fleet{}, nil), sheets.Options{}); err == nil {
		t.Error("an empty fleet printed")
	}
}

// BenchmarkPack200: the fleet pack of a 200-ship fleet (target ≤ 5 s,
// peak heap ≤ 200 MB), with the live heap sampled every 5 ms through
// runtime/metrics (which does not stop the world, unlike ReadMemStats).
func BenchmarkPack200(b *testing.B) {
	f, r := armada(b, 200)
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	b.ReportAllocs()
	for b.Loop() {
		if err := fleetpdf.Write(io.Discard, ev, f, r, sheets.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
}
