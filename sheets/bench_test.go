package sheets

import (
	"bytes"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
)

func BenchmarkRecordSheet(b *testing.B) {
	m := costing.NewModel(nil)
	s := Evaluate(m, loadSample(b, "reference-cruiser.json"), costing.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecordSheetScripts prints the reference cruiser named in
// Greek, Cyrillic and Hebrew: the document needs the whole faces, not
// only their Latin cut.
func BenchmarkRecordSheetScripts(b *testing.B) {
	m := costing.NewModel(nil)
	d := loadSample(b, "reference-cruiser.json")
	d.Name = "Ἀργώ / Аврора / אורורה 🚀"
	s := Evaluate(m, d, costing.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecordSheetCJK prints the reference cruiser named in Latin,
// Chinese, Cyrillic and Greek: the document also embeds a subset of the
// fallback face (read once per process, outside the timing).
func BenchmarkRecordSheetCJK(b *testing.B) {
	m := costing.NewModel(nil)
	d := loadSample(b, "reference-cruiser.json")
	d.Name = unicodeName
	s := Evaluate(m, d, costing.Options{})
	fallback()
	b.ReportAllocs()
	for b.Loop() {
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRecordSheetStress(b *testing.B) {
	s := testShip(stressDesign())
	b.ReportAllocs()
	for b.Loop() {
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPack100 prints a 100-ship fleet (the sample designs repeated)
// and reports the peak heap in use, sampled while it runs.
func BenchmarkPack100(b *testing.B) { benchPack100(b, false) }

// BenchmarkPack100CJK is BenchmarkPack100 with each ship's weapons named
// in Chinese characters no other ship has: each record sheet (the
// summary does not list weapons) brings characters the document has no
// cut of the fallback face for yet, the worst case of one cut per page.
func BenchmarkPack100CJK(b *testing.B) { benchPack100(b, true) }

func benchPack100(b *testing.B, cjk bool) {
	m := costing.NewModel(nil)
	names := sampleNames(b)
	ships := make([]Ship, 100)
	for i := range ships {
		d := loadSample(b, names[i%len(names)])
		for j := range d.Weapons {
			if cjk {
				k := rune(8 * (10*i + j))
				d.Weapons[j].Name = string([]rune{0x4E00 + k, 0x4E01 + k, 0x4E02 + k, 0x4E03 + k})
			}
		}
		ships[i] = Evaluate(m, d, costing.Options{})
	}
	fallback()
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
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
		if err := Pack(io.Discard, ships, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
}

// BenchmarkTagSubsets renames the font subsets of a finished,
// untagged 160-page document (a fleet pack's page count, each page with
// the class names of the samples in both faces) and rebuilds its
// cross-reference table: what the subset tags add to a large document.
func BenchmarkTagSubsets(b *testing.B) {
	c, _, err := newCanvas(Options{}, true)
	if err != nil {
		b.Fatal(err)
	}
	for p := 0; p < 160; p++ {
		c.pdf.AddPage()
		for i, n := range sampleNames(b) {
			c.setFont([]string{"", "B"}[i%2], 9)
			c.selectFont(n)
			c.pdf.Text(10, 10+float64(i)*5, n)
		}
	}
	var buf bytes.Buffer
	if err := c.pdf.Output(&buf); err != nil {
		b.Fatal(err)
	}
	doc, names := buf.Bytes(), fonts().fontNames()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tagSubsets(doc, names); err != nil {
			b.Fatal(err)
		}
	}
}
