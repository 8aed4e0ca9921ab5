package sheets

import (
	"bytes"
	"crypto/sha256"
	"golang.org/x/text/unicode/norm"
	"io"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"rsc.io/pdf"
)

// TestFontMetricsMatchGofpdf checks the widths the layout measures with
// against the ones gofpdf writes into the PDF, for every rune the faces
// cover, and the cap height the text is centred on.
func TestFontMetricsMatchGofpdf(t *testing.T) {
	fs := fonts()
	doc := gofpdf.New("L", "mm", "Letter", "")
	doc.AddUTF8FontFromBytes(fontFamily, "", regularTTF)
	doc.AddUTF8FontFromBytes(fontFamily, "B", boldTTF)
	if err := doc.Error(); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, style := range []string{"", "B"} {
		f := fs.face(style)
		doc.SetFont(fontFamily, style, 10)
		for r := rune(1); r < 0x10000; r++ {
			if !fs.covered.has(r) {
				continue
			}
			n++
			if got, want := f.advance(r), doc.GetStringSymbolWidth(string(r)); got != want {
				t.Errorf("style %q: width of %U = %d, gofpdf %d", style, r, got, want)
			}
		}
		// DejaVu's OS/2 table predates cap heights (gofpdf reports the
		// ascent instead); the H of DejaVu Sans is 1493 of 2048 units.
		if f.capHeight != 729 {
			t.Errorf("style %q: cap height %d, want 729", style, f.capHeight)
		}
	}
	// The Latin cut: same widths for its runes.
	for _, style := range []string{"", "B"} {
		cut := gofpdf.New("L", "mm", "Letter", "")
		ttf := fs.latinRegular
		if style == "B" {
			ttf = fs.latinBold
		}
		cut.AddUTF8FontFromBytes(latinFontFamily, style, ttf)
		cut.SetFont(latinFontFamily, style, 10)
		if err := cut.Error(); err != nil {
			t.Fatal(err)
		}
		m := 0
		for r := rune(1); r < 0x10000; r++ {
			if !fs.latin.has(r) {
				continue
			}
			m++
			if got, want := fs.face(style).advance(r), cut.GetStringSymbolWidth(string(r)); got != want {
				t.Errorf("Latin cut, style %q: width of %U = %d, gofpdf %d", style, r, got, want)
			}
		}
		if m < 500 {
			t.Errorf("the Latin cut holds only %d runes", m)
		}
	}
	if n < 2*3000 {
		t.Errorf("the faces cover only %d runes", n/2)
	}
	for _, r := range "AZaz09 …\uFFFDΑωАяאתابüß€–—“”" {
		if !fs.covered.has(r) {
			t.Errorf("%U %q not covered by both faces", r, r)
		}
	}
}

// TestFontsEmbedded checks every font of every document kind is an
// embedded TrueType subset with a ToUnicode map: nothing relies on the
// fonts of the machine that opens the file.
func TestFontsEmbedded(t *testing.T) {
	s := testShip(loadSample(t, "uss-einstein.json"))
	docs := map[string]func(w io.Writer) error{
		"sheet":    func(w io.Writer) error { return RecordSheet(w, s, Options{}) },
		"sheet-bw": func(w io.Writer) error { return RecordSheet(w, s, Options{BW: true, Paper: "a4"}) },
		"cards":    func(w io.Writer) error { return Cards(w, []Ship{s}, Options{}) },
		"aids":     func(w io.Writer) error { return Aids(w, Options{OnePerPage: true}) },
		"pack":     func(w io.Writer) error { return Pack(w, []Ship{s}, Options{}) },
	}
	for name, write := range docs {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := pdf.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		seen := map[string]bool{}
		for i := 1; i <= r.NumPage(); i++ {
			fonts := r.Page(i).Resources().Key("Font")
			for _, k := range fonts.Keys() {
				f := fonts.Key(k)
				base := f.Key("BaseFont").Name()
				if seen[base] {
					continue
				}
				seen[base] = true
				desc := f.Key("DescendantFonts").Index(0)
				if f.Key("Subtype").Name() != "Type0" || desc.Key("Subtype").Name() != "CIDFontType2" {
					t.Errorf("%s: font %s is %s/%s, want an embedded CID TrueType font", name, base,
						f.Key("Subtype").Name(), desc.Key("Subtype").Name())
					continue
				}
				ff := desc.Key("FontDescriptor").Key("FontFile2")
				if ff.Kind() != pdf.Stream || ff.Key("Length1").Int64() <= 0 {
					t.Errorf("%s: font %s is not embedded", name, base)
				}
				// A subset: far smaller than the face it was cut from.
				if n := ff.Key("Length1").Int64(); n > int64(len(regularTTF))/4 {
					t.Errorf("%s: font %s embeds %d bytes, not a subset", name, base, n)
				}
				if f.Key("ToUnicode").Kind() != pdf.Stream {
					t.Errorf("%s: font %s has no ToUnicode map", name, base)
				}
			}
		}
		if len(seen) == 0 {
			t.Errorf("%s: no fonts", name)
		}
	}
}

// TestRecordSheetScripts prints a class and weapons named in Greek,
// Cyrillic, Hebrew and Arabic: they read back as given (in logical
// order), and the emoji no face has prints as a drawn box, not as text.
func TestRecordSheetScripts(t *testing.T) {
	d := loadSample(t, "reference-cruiser.json")
	d.Name = "Ἀργώ / Аврора / אורורה 🚀"
	names := []string{"Λόγχη", "Пушка", "מגן", "مدفع"}
	for i := range d.Weapons {
		d.Weapons[i].Name = names[i%len(names)]
	}
	var buf bytes.Buffer
	if err := RecordSheet(&buf, testShip(d), Options{}); err != nil {
		t.Fatal(err)
	}
	// The document holds right-to-left text in drawn order; poppler, as
	// a viewer's copy and search do, reads it back in logical order (the
	// Arabic in presentation forms: compare under NFKC).
	// pdftotext marks the right-to-left text with embedding controls.
	first := strings.NewReplacer("\u202b", "", "\u202c", "", "\u202a", "").Replace(norm.NFKC.String(popplerText(t, buf.Bytes(), 1, 1)))
	if want := "Ἀργώ / Аврора / אורורה"; !hasText(first, want) {
		t.Errorf("class name: want %q on the first page:\n%s", want, first)
	}
	for i := range d.Weapons {
		if !hasText(first, d.Weapons[i].Name) {
			t.Errorf("no weapon line for %q", d.Weapons[i].Name)
		}
	}
	if strings.Contains(first, "?") || strings.Contains(first, "\uFFFD") {
		t.Errorf("a character printed as '?' or U+FFFD")
	}
}

// TestHangarNameWraps checks a hangar bay name too long for one line under
// its icon (and beside its badge in a section) wraps to two lines instead
// of being cut.
func TestHangarNameWraps(t *testing.T) {
	d := loadSample(t, "uss-einstein.json")
	pages, err := LayoutRecordSheet(testShip(d), Options{})
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	pages[0].Walk(func(e, parent *Element) {
		if strings.Contains(e.Text, "Broadside") && strings.HasSuffix(e.Text, ellipsis) {
			t.Errorf("bay name cut: %q", e.Text)
		}
		if e.Kind != "text-block" {
			return
		}
		var lines []string
		for _, k := range e.Children {
			lines = append(lines, k.Text)
		}
		if strings.Join(lines, " ") == "Broadside flight deck" {
			blocks++
		}
	})
	// Under the icon in the hangar bays, and beside the badge in the port
	// and starboard sections.
	if blocks != 3 {
		t.Errorf("%d wrapped bay names, want 3", blocks)
	}
	checkGeometry(t, "uss-einstein", pages)
}

// TestSampleTextNotCut checks that with the embedded faces no text of any
// sample sheet needs an ellipsis: the condensed face fits the layouts.
func TestSampleTextNotCut(t *testing.T) {
	for _, n := range sampleNames(t) {
		for _, opt := range []Options{{}, {Paper: "a4", BW: true}} {
			pages, err := LayoutRecordSheet(testShip(loadSample(t, n)), opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				p.Walk(func(e, _ *Element) {
					if strings.HasSuffix(e.Text, ellipsis) {
						t.Errorf("%s %+v: %s %q cut", n, opt, e.Kind, e.Text)
					}
				})
			}
		}
	}
}

// TestFontFamiliesPerDocument checks which fonts a document embeds: the
// Latin cut alone for Latin text, the whole faces alone when the first
// page needs them, and both when only a later page does; text decodes
// right from each. In the PDF every subset is named by its tag and face
// (TestSubsetTags), so which family a subset was cut from is checked on
// the canvas, and the PDF shows one subset per face, or two when both
// families print.
func TestFontFamiliesPerDocument(t *testing.T) {
	latin := testShip(loadSample(t, "reference-cruiser.json"))
	greek := loadSample(t, "reference-cruiser.json")
	greek.Name = "Ἀργώ"
	var fleet []Ship
	for i := 0; i < 9; i++ { // nine cards fill the first page
		fleet = append(fleet, latin)
	}
	fleet = append(fleet, testShip(greek))
	tests := []struct {
		name     string
		write    func(w io.Writer) error
		families []string
		text     string
	}{
		{"latin sheet", func(w io.Writer) error { return RecordSheet(w, latin, Options{}) },
			[]string{latinFontFamily}, "Reference Cruiser"},
		{"greek sheet", func(w io.Writer) error { return RecordSheet(w, testShip(greek), Options{}) },
			[]string{fontFamily}, "Ἀργώ"},
		{"greek on page 2", func(w io.Writer) error { return Cards(w, fleet, Options{}) },
			[]string{fontFamily, latinFontFamily}, "Ἀργώ"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := tt.write(&buf); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		r, err := pdf.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		tags := map[string]bool{}
		fonts := r.Page(r.NumPage()).Resources().Key("Font")
		for _, k := range fonts.Keys() {
			tag, face, _ := strings.Cut(fonts.Key(k).Key("BaseFont").Name(), "+")
			got = append(got, face)
			tags[tag] = true
		}
		for range tt.families {
			want = append(want, "DejaVuSansCondensed", "DejaVuSansCondensed-Bold")
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") || len(tags) != len(got) {
			t.Errorf("%s: faces %v in %d subsets, want %v each its own subset", tt.name, got, len(tags), want)
		}
		text := allText(readBack(t, buf.Bytes()))
		if !hasText(text, tt.text) || !hasText(text, "Reference Cruiser") && tt.name != "greek sheet" {
			t.Errorf("%s: text lost:\n%s", tt.name, text)
		}
	}
	// Which family each document's text selects.
	for _, tt := range []struct {
		name     string
		pages    []string // the text of each page, in order
		families []string
	}{
		{"latin", []string{"Reference Cruiser"}, []string{latinFontFamily}},
		{"greek first", []string{"Ἀργώ", "Reference Cruiser"}, []string{fontFamily}},
		{"greek later", []string{"Reference Cruiser", "Ἀργώ"}, []string{fontFamily, latinFontFamily}},
	} {
		c, _, err := newCanvas(Options{}, false)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range tt.pages {
			if i == 0 {
				c.planFonts(&Page{Elements: []*Element{{Kind: "text", Text: text}}})
			}
			c.selectFont(text)
		}
		var got []string
		for f := range c.added {
			got = append(got, f)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(tt.families, " ") {
			t.Errorf("%s: families %v, want %v", tt.name, got, tt.families)
		}
	}
}

// TestFontsSharedSafely renders documents concurrently, in the whole
// faces and in the Latin cut, and checks the font bytes every document
// shares are unchanged and the output is the same as rendered alone
// (gofpdf reads the bytes while subsetting and must not write to them).
func TestFontsSharedSafely(t *testing.T) {
	fs := fonts()
	sum := func() [4][32]byte {
		return [4][32]byte{sha256.Sum256(regularTTF), sha256.Sum256(boldTTF),
			sha256.Sum256(fs.latinRegular), sha256.Sum256(fs.latinBold)}
	}
	before := sum()
	greek := loadSample(t, "uss-einstein.json")
	greek.Name = "Ἀργώ ἐν Ὠκεανῷ / Ёлка"
	ships := []Ship{testShip(loadSample(t, "uss-einstein.json")), testShip(greek)}
	alone := make([][]byte, len(ships))
	for i, s := range ships {
		var buf bytes.Buffer
		if err := RecordSheet(&buf, s, Options{}); err != nil {
			t.Fatal(err)
		}
		alone[i] = buf.Bytes()
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			i := g % len(ships)
			var buf bytes.Buffer
			if err := RecordSheet(&buf, ships[i], Options{}); err != nil {
				errs <- err.Error()
				return
			}
			if !bytes.Equal(buf.Bytes(), alone[i]) {
				errs <- "a concurrent render differs from the render alone"
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if sum() != before {
		t.Errorf("rendering changed the shared font bytes")
	}
}
