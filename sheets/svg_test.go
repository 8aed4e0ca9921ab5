package sheets

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// svgDoc is an SVG drawing read back with encoding/xml: its root's
// attributes, the text of every <text> element in order, the number of
// pages and how many elements of each name it holds.
type svgDoc struct {
	root   map[string]string
	texts  []string
	pages  int
	counts map[string]int
	marks  map[string]int // groups by data-mark
	title  string
}

// readSVG parses b strictly as XML and fails the test when it is not
// well formed or holds anything a page could run or fetch.
func readSVG(t testing.TB, b []byte) svgDoc {
	t.Helper()
	doc, err := parseSVG(b)
	if err != nil {
		t.Fatalf("SVG not well formed or not safe: %v\n%.2000s", err, b)
	}
	return doc
}

func parseSVG(b []byte) (svgDoc, error) {
	doc := svgDoc{root: map[string]string{}, counts: map[string]int{}, marks: map[string]int{}}
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []string
	var cur strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return doc, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			name := tk.Name.Local
			if len(stack) == 0 {
				if name != "svg" || tk.Name.Space != "http://www.w3.org/2000/svg" {
					return doc, errors.New("the root is not an SVG element")
				}
				for _, a := range tk.Attr {
					doc.root[a.Name.Local] = a.Value
				}
			}
			switch name {
			case "script", "style", "foreignObject", "image", "use", "a", "iframe":
				return doc, errors.New("holds a <" + name + "> element")
			}
			for _, a := range tk.Attr {
				if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") || a.Name.Local == "style" || a.Name.Local == "href" {
					return doc, errors.New("holds an attribute " + a.Name.Local)
				}
			}
			doc.counts[name]++
			if name == "g" {
				for _, a := range tk.Attr {
					if a.Name.Local == "class" && a.Value == "sheet-page" {
						doc.pages++
					}
					if a.Name.Local == "data-mark" {
						doc.marks[a.Value]++
					}
				}
			}
			stack = append(stack, name)
			cur.Reset()
		case xml.CharData:
			cur.Write(tk)
		case xml.EndElement:
			switch stack[len(stack)-1] {
			case "text":
				doc.texts = append(doc.texts, cur.String())
			case "title":
				doc.title = cur.String()
			}
			stack = stack[:len(stack)-1]
			cur.Reset()
		}
	}
	if len(stack) != 0 {
		return doc, errors.New("unclosed elements")
	}
	return doc, nil
}

// textRecorder is a surface that passes everything to the PDF and
// records the text drawn.
type textRecorder struct {
	surface
	texts []string
}

func (r *textRecorder) Text(x, y float64, s string) {
	r.texts = append(r.texts, s)
	r.surface.Text(x, y, s)
}

// pdfTexts draws s's record sheet into a PDF and returns the text drawn,
// in order, as the PDF received it.
func pdfTexts(t testing.TB, s Ship, opt Options) []string {
	t.Helper()
	c, pg, err := newCanvas(opt, true)
	if err != nil {
		t.Fatal(err)
	}
	rec := &textRecorder{surface: c.pdf}
	c.d = rec
	c.drawPages(layoutRecord(c, pg, s), func() { c.pdf.AddPage() })
	if err := c.writeTagged(io.Discard); err != nil {
		t.Fatal(err)
	}
	return rec.texts
}

func svgOf(t testing.TB, s Ship, opt Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := RecordSheetSVG(&buf, s, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRecordSheetSVGSameText: for every sample, the stress and the
// hostile design, in colour and in black and white, the SVG is well
// formed, has the PDF's pages at the paper's size and draws exactly the
// text the PDF prints, in the same order.
func TestRecordSheetSVGSameText(t *testing.T) {
	ships := map[string]Ship{"stress": testShip(stressDesign()), "hostile": testShip(hostileDesign())}
	for _, n := range sampleNames(t) {
		ships[n] = testShip(loadSample(t, n))
	}
	for name, s := range ships {
		for _, opt := range []Options{{}, {Paper: "a4", BW: true}} {
			b := svgOf(t, s, opt)
			doc := readSVG(t, b)
			want := pdfTexts(t, s, opt)
			if strings.Join(doc.texts, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s %+v: the SVG's %d texts differ from the PDF's %d", name, opt, len(doc.texts), len(want))
			}
			pages, err := LayoutRecordSheet(s, opt)
			if err != nil {
				t.Fatal(err)
			}
			if doc.pages != len(pages) || doc.root["data-pages"] != strconv.Itoa(len(pages)) {
				t.Errorf("%s: %d pages drawn (data-pages %s), the PDF has %d", name, doc.pages, doc.root["data-pages"], len(pages))
			}
			w, _ := strconv.ParseFloat(strings.TrimSuffix(doc.root["width"], "mm"), 64)
			h, _ := strconv.ParseFloat(strings.TrimSuffix(doc.root["height"], "mm"), 64)
			wantW, wantH := pages[0].W, float64(len(pages))*pages[0].H+float64(len(pages)-1)*svgPageGap
			if math.Abs(w-wantW) > 0.01 || math.Abs(h-wantH) > 0.01 || doc.root["viewBox"] == "" {
				t.Errorf("%s: %v x %v mm, want %v x %v", name, w, h, wantW, wantH)
			}
		}
	}
}

// TestRecordSheetSVGNumbers finds the costing result's numbers in the
// SVG's text, as the PDF tests find them in the PDF's.
func TestRecordSheetSVGNumbers(t *testing.T) {
	s := testShip(loadSample(t, "reference-cruiser.json"))
	doc := readSVG(t, svgOf(t, s, Options{}))
	text := strings.Join(doc.texts, "\n")
	for _, want := range []string{"COMBAT VALUE", itoa(s.Result.CV), itoa(s.Result.Points) + " pts", itoa(s.Result.EMS), itoa(s.Result.TargetRating), s.Design.Name} {
		if !hasText(text, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if doc.title != "Record sheet of "+s.Design.Name {
		t.Errorf("title %q", doc.title)
	}
	// Every hull hit, crew and marine party is a marked bubble.
	hull, crew := 0, 0
	for _, ns := range s.Design.Sections.List() {
		for _, l := range ns.Section.Layers {
			hull += l.HullHits
			crew += l.Crew
		}
	}
	if doc.marks["hull"] != hull || doc.marks["crew"] != crew || hull == 0 {
		t.Errorf("%d hull and %d crew bubbles marked, the design has %d and %d", doc.marks["hull"], doc.marks["crew"], hull, crew)
	}
}

// TestRecordSheetSVGEscapes: a name made to break out of the text, the
// document or a CDATA section stays text.
func TestRecordSheetSVGEscapes(t *testing.T) {
	for _, name := range []string{`<script>alert(1)</script>`, `]]><svg onload="alert(1)">`, `"'&amp;<!--`, "a\x00b\uFFFEc\uFFFFd", "<![CDATA[x]]>"} {
		d := loadSample(t, "reference-cruiser.json")
		d.Name = name
		d.Weapons[0].Name = name
		b := svgOf(t, testShip(d), Options{})
		doc := readSVG(t, b)
		if bytes.Contains(b, []byte("<script")) || bytes.Contains(b, []byte("]]>")) || bytes.Contains(b, []byte("<svg onload")) {
			t.Errorf("%q reached the SVG unescaped", name)
		}
		// Characters no face has are drawn as boxes, not text.
		if want := strings.ReplaceAll(clean(name), "\uFFFD", ""); !strings.Contains(strings.Join(doc.texts, ""), want[:3]) {
			t.Errorf("%q: its text is not drawn", name)
		}
	}
}

// TestSVGSurfaceState: the SVG keeps gofpdf's graphics state: a clip or a
// transformation restores colours and line width when it ends, text is
// drawn in the fill colour when gofpdf would, arcs and partly rounded
// rectangles are paths, and unbalanced ends do not break the document.
func TestSVGSurfaceState(t *testing.T) {
	s := newSVGSurface()
	s.beginPage(100, 50)
	s.SetFillColor(10, 20, 30)
	s.SetLineWidth(0.5)
	s.ClipRect(0, 0, 10, 10, false)
	s.SetFillColor(200, 0, 0)
	s.SetLineWidth(2)
	s.ClipEnd()
	s.Rect(1, 1, 2, 2, "FD")
	s.SetTextColor(200, 0, 0) // the fill gofpdf last set: text in the PDF's actual fill
	s.Text(1, 5, "ab")
	s.Text(1, 9, "שלום  x")
	s.TransformEnd()
	s.ClipEnd()
	s.RoundedRect(0, 0, 10, 5, 1, "12", "F")
	s.SetDrawColor(1, 2, 3)
	s.TransformBegin()
	s.SetDrawColor(4, 5, 6)
	s.SetLineWidth(0.3)
	s.SetTextRenderingMode(2)
	s.Text(0, 4, "bold")
	s.TransformEnd()
	if r, g, b := s.GetDrawColor(); r != 4 || g != 5 || b != 6 || s.GetLineWidth() != 0.3 {
		t.Errorf("gofpdf keeps the last colour and width set: %d %d %d %v", r, g, b, s.GetLineWidth())
	}
	if r, _, _ := s.GetTextColor(); r != 200 {
		t.Errorf("text colour %d", r)
	}
	s.Text(0, 4, "plain")
	s.TransformBegin()
	s.TransformScale(200, 200, 10, 10)
	s.TransformSkewX(45, 0, 4)
	s.TransformEnd()
	s.Arc(5, 5, 2, 2, 0, 0, 360, "D")
	s.SetDashPattern([]float64{0.6, 0.6}, 0)
	s.Line(0, 0, math.NaN(), math.Inf(1))
	b := s.bytes()
	doc := readSVG(t, b)
	for _, want := range []string{`<rect x="1" y="1" width="2" height="2" fill="#0a141e" stroke="#000000" stroke-width="0.5"/>`,
		`fill="#0a141e" textLength="3.167" lengthAdjust="spacingAndGlyphs">ab</text>`, `<path d="M1 0 L9 0 A1 1 0 0 1 10 1 L10 5 L0 5 L0 1 A1 1 0 0 1 1 0 Z"`, `stroke-dasharray="0.6 0.6"`, `x2="0" y2="0"`,
		`direction="ltr" unicode-bidi="bidi-override" xml:space="preserve" textLength=`,
		`fill="#0a141e" stroke="#040506" stroke-width="0.3" textLength="5.481" lengthAdjust="spacingAndGlyphs">bold</text>`,
		`fill="#0a141e" textLength="6.187" lengthAdjust="spacingAndGlyphs">plain</text>`,
		`<g transform="matrix(2 0 0 2 -10 -10)">` + "\n" + `<g transform="matrix(1 0 -1 1 4 0)">` + "\n</g>\n</g>"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("lacks %s:\n%s", want, b)
		}
	}
	if doc.counts["path"] != 2 || doc.counts["clipPath"] != 1 {
		t.Errorf("counts %v", doc.counts)
	}
}

// TestRecordSheetSVGDeterministic: the same input, the same bytes; clip
// ids depend on the content.
func TestRecordSheetSVGDeterministic(t *testing.T) {
	s := testShip(loadSample(t, "reference-cruiser.json"))
	a, b := svgOf(t, s, Options{BW: true}), svgOf(t, s, Options{BW: true})
	if !bytes.Equal(a, b) {
		t.Error("two renders differ")
	}
	if !bytes.Contains(a, []byte("<clipPath id=\"k")) {
		t.Error("the black-and-white sheet has no clip paths (the category hatches)")
	}
}

// TestBattleshiftClassSheetSVG: every Battleshift sample's class sheet
// draws as a well-formed SVG with the text its PDF prints.
func TestBattleshiftClassSheetSVG(t *testing.T) {
	p := BattleshiftPrinter{}
	for name, s := range bsSamples(t) {
		b, err := p.SheetSVG(s.c, s.r, ruleset.PrintOptions{})
		if err != nil {
			t.Fatal(err)
		}
		doc := readSVG(t, b)
		pdf, err := p.Sheet(s.c, s.r, ruleset.PrintOptions{})
		if err != nil {
			t.Fatal(err)
		}
		text := allText(readBack(t, pdf))
		for _, want := range []string{s.c.Name, itoa(s.r.Cost)} {
			if !hasText(strings.Join(doc.texts, "\n"), want) || !hasText(text, want) {
				t.Errorf("%s: %q not in both the SVG and the PDF", name, want)
			}
		}
		if doc.pages != 1 {
			t.Errorf("%s: %d pages", name, doc.pages)
		}
	}
	if _, err := p.SheetSVG(nil, nil, ruleset.PrintOptions{}); err == nil {
		t.Error("no class: no error")
	}
}

// FuzzRecordSheetSVG draws the reference cruiser with arbitrary text and
// numbers as SVG: no panic, no error, a well-formed and safe document.
//
//	go test ./sheets -run XXX -fuzz FuzzRecordSheetSVG -fuzztime 2m
func FuzzRecordSheetSVG(f *testing.F) {
	for _, s := range []string{"", "<script>alert(1)</script>", "]]>", "\x00\xff\xfe", "\uFFFE\uFFFF", "&amp;\"'", "🚀\u202e", "e\u0301\u0302\u0303"} {
		f.Add(s, s, 10, 1, false)
	}
	base := loadSample(f, "reference-cruiser.json")
	f.Fuzz(func(t *testing.T, name, weapon string, hits, count int, bw bool) {
		hits, count = hits%2000, count%10000
		d := *base
		core := *base.Sections.Core
		core.Layers = append([]designer.Layer{{HullHits: hits, Crew: count % 50, Marines: hits % 7}}, core.Layers...)
		core.Systems = append([]designer.System{{Kind: weapon, Rating: hits, Count: count, Facing: name, Arc: weapon}}, core.Systems...)
		d.Sections.Core = &core
		d.Name = name
		d.Universe = weapon
		d.Weapons = append(d.Weapons[:0:0], base.Weapons...)
		for i := range d.Weapons {
			d.Weapons[i].Name = weapon
			d.Weapons[i].Qualities = []string{name, weapon}
		}
		s := Evaluate(testModel, &d, costing.Options{})
		s.Result.ModelVersion, s.Link = weapon, name
		var buf bytes.Buffer
		if err := RecordSheetSVG(&buf, s, Options{BW: bw}); err != nil {
			t.Fatalf("render: %v", err)
		}
		if _, err := parseSVG(buf.Bytes()); err != nil {
			t.Fatalf("%v\n%.3000s", err, buf.Bytes())
		}
	})
}

// TestSVGDevRender writes the SVG of every sample and of the Battleshift
// samples to $SHEETS_DEV_OUT beside TestDevRender's PDFs, for a look.
func TestSVGDevRender(t *testing.T) {
	out := os.Getenv("SHEETS_DEV_OUT")
	if out == "" {
		t.Skip("set SHEETS_DEV_OUT to render samples for a look")
	}
	scripts := loadSample(t, "uss-einstein.json")
	scripts.Name = "Ἀργώ / Аврора / אורורה 🚀"
	scripts.Weapons[0].Name = "Λόγχη φωτός"
	scripts.HangarBays[0].Name = "Ангар правого борта"
	cjk := loadSample(t, "reference-cruiser.json")
	cjk.Name = "戦艦大和 / 야마토 🚀"
	cjk.Weapons[0].Name = "主砲 laser"
	ships := map[string]Ship{"stress": testShip(stressDesign()), "hostile": testShip(hostileDesign()), "scripts": testShip(scripts),
		"cjk": testShip(cjk)}
	for _, n := range sampleNames(t) {
		ships[strings.TrimSuffix(n, ".json")] = testShip(loadSample(t, n))
	}
	for name, s := range ships {
		for _, opt := range []Options{{}, {BW: true, Paper: "a4"}} {
			suffix := ""
			if opt.BW {
				suffix = "-bw"
			}
			if err := os.WriteFile(filepath.Join(out, name+suffix+".svg"), svgOf(t, s, opt), 0o644); err != nil {
				t.Fatal(err)
			}
			if name == "cjk" { // TestDevRender prints the others
				var pdf bytes.Buffer
				if err := RecordSheet(&pdf, s, opt); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(out, name+suffix+".pdf"), pdf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for name, s := range bsSamples(t) {
		b, err := BattleshiftPrinter{}.SheetSVG(s.c, s.r, ruleset.PrintOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, "battleshift-"+strings.TrimSuffix(name, ".json")+".svg"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWebFontsRange: the Latin cut's unicode-range is exactly the runes
// the cut holds, so a browser never draws a rune with a face that lacks
// it.
func TestWebFontsRange(t *testing.T) {
	type span struct{ lo, hi rune }
	var spans []span
	for _, part := range strings.Split(latinUnicodeRange, ",") {
		lo, hi, _ := strings.Cut(strings.TrimPrefix(strings.TrimSpace(part), "U+"), "-")
		if hi == "" {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 16, 32)
		b, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad range %q", part)
		}
		spans = append(spans, span{rune(a), rune(b)})
	}
	for r := rune(0); r < 0x10000; r++ {
		in := false
		for _, s := range spans {
			in = in || r >= s.lo && r <= s.hi
		}
		if in != inLatinCut(r) {
			t.Fatalf("U+%04X: in the range %v, in the cut %v", r, in, inLatinCut(r))
		}
	}
	fs := WebFonts()
	var got []string
	for _, f := range fs {
		got = append(got, f.Family+" "+f.File+" "+f.Weight+" "+f.UnicodeRange)
	}
	if want := []string{SheetFontFamily + " sheet-regular.ttf normal ", SheetFontFamily + " sheet-bold.ttf bold ",
		SheetFontFamily + " sheet-latin-regular.ttf normal " + latinUnicodeRange, SheetFontFamily + " sheet-latin-bold.ttf bold " + latinUnicodeRange,
		SheetFallbackFamily + " sheet-fallback.ttf normal "}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("web fonts:\n%s", strings.Join(got, "\n"))
	}
	for _, f := range fs {
		if len(f.TTF) < 10000 || !bytes.HasPrefix(f.TTF, []byte{0, 1, 0, 0}) {
			t.Errorf("%s: not a TrueType file (%d bytes)", f.File, len(f.TTF))
		}
	}
}

// BenchmarkRecordSheetSVG draws the reference cruiser's preview; compare
// BenchmarkRecordSheet, its PDF.
func BenchmarkRecordSheetSVG(b *testing.B) {
	s := Evaluate(costing.NewModel(nil), loadSample(b, "reference-cruiser.json"), costing.Options{})
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		var buf bytes.Buffer
		if err := RecordSheetSVG(&buf, s, Options{}); err != nil {
			b.Fatal(err)
		}
		n = buf.Len()
	}
	b.ReportMetric(float64(n), "svg-bytes")
}

// BenchmarkRecordSheetSVGStress draws the stress design (several pages).
func BenchmarkRecordSheetSVGStress(b *testing.B) {
	s := testShip(stressDesign())
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		var buf bytes.Buffer
		if err := RecordSheetSVG(&buf, s, Options{}); err != nil {
			b.Fatal(err)
		}
		n = buf.Len()
	}
	b.ReportMetric(float64(n), "svg-bytes")
}

// FuzzEscapeXML: any string escaped is character data a strict XML
// parser reads back as the string less what XML cannot hold.
//
//	go test ./sheets -run XXX -fuzz FuzzEscapeXML -fuzztime 1m
func FuzzEscapeXML(f *testing.F) {
	for _, s := range []string{"", "]]>", "<script>", "&amp;", "\x00\x01\uFFFE\uFFFF\xff", "a\tb\nc\rd", "\"'<>&", "\U0001F680\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		b.WriteString(`<t a="`)
		escapeXML(&b, s)
		b.WriteString(`">`)
		escapeXML(&b, s)
		b.WriteString(`</t>`)
		var v struct {
			A    string `xml:"a,attr"`
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal(b.Bytes(), &v); err != nil {
			t.Fatalf("%q: %v in %q", s, err, b.Bytes())
		}
		if v.A != v.Text || strings.ContainsAny(v.Text, "\x00\uFFFE\uFFFF") || !utf8.ValidString(v.Text) {
			t.Fatalf("%q read back as %q and %q", s, v.A, v.Text)
		}
	})
}
