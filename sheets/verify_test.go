package sheets

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
)

const testVerifyURL = "https://ships.example.org/v/0123456789abcdef"

// TestVerifyQR: a sheet, a card and an SVG preview with a verification
// address draw its QR code inside the printable area without touching
// anything else, the same bytes every time; without one they are the
// bytes they always were.
func TestVerifyQR(t *testing.T) {
	m := costing.NewModel(nil)
	s := Evaluate(m, loadSample(t, "reference-cruiser.json"), costing.Options{})
	plain, err := LayoutRecordSheet(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Verify = testVerifyURL
	pages, err := LayoutRecordSheet(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, p := range pages {
		p.Walk(func(e, parent *Element) {
			if e.Kind != "qr" {
				return
			}
			found++
			if e.Text != testVerifyURL || e.Box.W < 20 || e.Box.W != e.Box.H || !p.Printable.Contains(e.Box) {
				t.Errorf("the QR code %q at %+v", e.Text, e.Box)
			}
		})
	}
	if found != 1 || len(pages) != len(plain) {
		t.Fatalf("%d QR codes on %d pages (%d without)", found, len(pages), len(plain))
	}
	checkGeometry(t, "verified record sheet", pages)
	stress := testShip(stressDesign())
	stress.Verify = testVerifyURL + "?share=0123456789abcdef"
	if sp, err := LayoutRecordSheet(stress, Options{}); err != nil {
		t.Fatal(err)
	} else {
		checkGeometry(t, "verified stress sheet", sp)
	}

	// Cards, a pack's first page with the fleet's QR code.
	c, pg, err := newCanvas(Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	cards := []cardFunc{shipCard(c, s), shipCard(c, stress)}
	for _, one := range []bool{false, true} {
		checkCardGeometry(t, layoutCards(pg, cards, one))
	}
	land := paper{pg.name, pg.h, pg.w}
	info := &FleetInfo{Name: "Verified Wing", Verdict: "NOT LEGAL: 2 problems", Verify: testVerifyURL,
		Totals: []FleetTotal{{Label: "LIMIT", Value: "1,000 CV"}, {Label: "FLEET TOTAL", Value: "200 CV, 222 points", Share: 1.9}}}
	checkCardGeometry(t, summaryPages(c, land, []Ship{s, stress}, info))
	var a, b bytes.Buffer
	for _, w := range []*bytes.Buffer{&a, &b} {
		if err := RecordSheet(w, s, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same verified sheet printed twice differs")
	}
	var svg bytes.Buffer
	if err := RecordSheetSVG(&svg, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "/v/0123456789abcdef") {
		t.Error("the preview does not print the short link")
	}
	mods := qrModules(testVerifyURL)
	if len(mods) < 21 || (len(mods)-17)%4 != 0 {
		t.Errorf("a QR code of %d modules a side", len(mods))
	}
}

// BenchmarkRecordSheetVerified is BenchmarkRecordSheet with the QR code
// and short link of a verification address (docs/performance.md).
func BenchmarkRecordSheetVerified(b *testing.B) {
	m := costing.NewModel(nil)
	s := Evaluate(m, loadSample(b, "reference-cruiser.json"), costing.Options{})
	s.Verify = testVerifyURL
	b.ReportAllocs()
	for b.Loop() {
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
