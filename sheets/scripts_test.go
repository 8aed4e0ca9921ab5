package sheets

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rsc.io/pdf"

	"github.com/slipway/slipway/ruleset"
)

// unicodeName is issue 20's name in four scripts: Latin with
// diacritics, Chinese (the fallback face), Cyrillic and polytonic Greek.
const unicodeName = "Ünïcødé 飞船 Звезда Ἀθηνᾶ"

// popplerText is pdftotext's reading of pages first to last of a PDF: what
// a viewer's copy and search give, through the fonts' ToUnicode maps.
func popplerText(t *testing.T, doc []byte, first, last int) string {
	t.Helper()
	tool := needTool(t, "pdftotext", "poppler-utils")
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-enc", "UTF-8"}
	if first > 0 {
		args = append(args, "-f", itoa(first), "-l", itoa(last))
	}
	out, err := exec.Command(tool, append(args, file, "-")...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

// qpdfCheck runs qpdf --check on a PDF.
func qpdfCheck(t *testing.T, name string, doc []byte) {
	t.Helper()
	tool := needTool(t, "qpdf", "qpdf")
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tool, "--check", file).CombinedOutput(); err != nil {
		t.Errorf("%s: qpdf --check: %v\n%s", name, err, out)
	}
}

// TestNamesInEveryScript prints a design named in Latin, Chinese,
// Cyrillic and Greek on a record sheet, a page of cards, a Metaverse
// fleet pack and a Battleshift class sheet (issue 20, item 9, acceptance
// 7): pdftotext reads the name back exactly, qpdf finds nothing wrong, and
// each font is an embedded, tagged subset (the fallback face's far
// smaller than the face).
func TestNamesInEveryScript(t *testing.T) {
	d := loadSample(t, "reference-cruiser.json")
	d.Name = unicodeName
	ship := testShip(d)
	docs := map[string][]byte{}
	var buf bytes.Buffer
	if err := RecordSheet(&buf, ship, Options{}); err != nil {
		t.Fatal(err)
	}
	docs["record sheet"] = bytes.Clone(buf.Bytes())
	buf.Reset()
	if err := Cards(&buf, []Ship{ship}, Options{BW: true}); err != nil {
		t.Fatal(err)
	}
	docs["cards"] = bytes.Clone(buf.Bytes())
	buf.Reset()
	info := FleetInfo{Name: unicodeName, Totals: []FleetTotal{{Label: "LIMIT", Value: "400 CV"}}}
	if err := FleetPack(&buf, []Ship{ship}, info, Options{Paper: "a4"}); err != nil {
		t.Fatal(err)
	}
	docs["fleet pack"] = bytes.Clone(buf.Bytes())
	for name, s := range bsSamples(t) {
		c := *s.c
		c.Name = unicodeName
		r := *s.r
		r.Name = unicodeName
		b, err := BattleshiftPrinter{}.Sheet(&c, &r, ruleset.PrintOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		docs["Battleshift class sheet"] = b
		break
	}
	for name, doc := range docs {
		text := popplerText(t, doc, 1, 1)
		if !strings.Contains(text, unicodeName) {
			t.Errorf("%s: page 1 does not read back %q:\n%s", name, unicodeName, text)
		}
		if strings.ContainsRune(text, '\uFFFD') {
			t.Errorf("%s: U+FFFD in the text", name)
		}
		qpdfCheck(t, name, doc)
		if n := checkSubsets(t, name, doc); n > 3 {
			t.Errorf("%s: %d fonts, want the two whole DejaVu faces and one cut of the fallback face", name, n)
		}
	}
}

// checkSubsets checks every font of doc is an embedded CID TrueType
// subset named with a subset tag, and none embeds more than a quarter of
// the face it was cut from.
func checkSubsets(t *testing.T, name string, doc []byte) int {
	t.Helper()
	seen := map[string]bool{}
	r, err := pdf.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	fallbackSeen := false
	for i := 1; i <= r.NumPage(); i++ {
		fonts := r.Page(i).Resources().Key("Font")
		for _, k := range fonts.Keys() {
			f := fonts.Key(k)
			base := f.Key("BaseFont").Name()
			seen[base] = true
			if len(base) < 8 || base[6] != '+' {
				t.Errorf("%s: font %q has no subset tag", name, base)
			}
			ff := f.Key("DescendantFonts").Index(0).Key("FontDescriptor").Key("FontFile2")
			limit := int64(len(regularTTF)) / 4
			if strings.HasSuffix(base, "+"+fallback().name) {
				fallbackSeen = true
				limit = int64(len(fallback().ttf)) / 40
			}
			if n := ff.Key("Length1").Int64(); n <= 0 || n > limit {
				t.Errorf("%s: font %s embeds %d bytes (at most %d for a subset)", name, base, n, limit)
			}
		}
	}
	if !fallbackSeen {
		t.Errorf("%s: no fallback face for the Chinese characters", name)
	}
	return len(seen)
}

// TestReplacementBox: a character no face has prints as a drawn box, one
// rectangle more than the same page without it, and never as text.
func TestReplacementBox(t *testing.T) {
	rects := func(name string) (int, string) {
		d := loadSample(t, "reference-cruiser.json")
		d.Name = name
		var buf bytes.Buffer
		if err := RecordSheet(&buf, testShip(d), Options{}); err != nil {
			t.Fatal(err)
		}
		r, err := pdf.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(r.Page(1).V.Key("Contents").Reader())
		if err != nil {
			t.Fatal(err)
		}
		return bytes.Count(content, []byte(" re S")), allText(readBack(t, buf.Bytes()))
	}
	plain, _ := rects("Rocket Ship")
	boxed, text := rects("Rocket 🚀 Ship")
	// The name prints twice on the sheet: the title and the footer.
	if boxed != plain+2 {
		t.Errorf("%d outlined rectangles with a rocket in the name, %d without: want 2 more", boxed, plain)
	}
	if strings.ContainsRune(text, '\uFFFD') || !hasText(text, "Rocket") {
		t.Errorf("the name reads back as:\n%s", text)
	}
	// Measuring and printing agree: the box is as wide as DejaVu's
	// replacement character.
	fs := fonts()
	runs := fs.runs("B", clean("a🚀飞"))
	if len(runs) != 3 || runs[0].src != srcDejaVu || runs[1].src != srcBox || runs[2].src != srcFallback ||
		runs[1].advance != fs.bold.advance(replacement) || runs[2].advance != int(fallback().width['飞']) {
		t.Errorf("runs: %+v", runs)
	}
}

// referenceCruiserBytes is the size of the reference cruiser's record
// sheet (letter, colour) before the fallback face came (issue 20): a
// Latin-only sheet embeds no more than it did.
const referenceCruiserBytes = 61808

// TestLatinSheetSize: the reference cruiser's sheet stays within 10 % of
// its size before the fallback face, which it does not embed.
func TestLatinSheetSize(t *testing.T) {
	d := loadSample(t, "reference-cruiser.json")
	var buf bytes.Buffer
	if err := RecordSheet(&buf, testShip(d), Options{}); err != nil {
		t.Fatal(err)
	}
	if n := buf.Len(); n > referenceCruiserBytes*11/10 || n < referenceCruiserBytes*9/10 {
		t.Errorf("the reference cruiser's sheet is %d bytes, want within 10%% of %d", n, referenceCruiserBytes)
	}
	if bytes.Contains(buf.Bytes(), []byte(fallback().name)) {
		t.Error("a Latin-only sheet embeds the fallback face")
	}
}

// TestCutTTF: a cut of the fallback face holds exactly the runes asked
// for (and no others), with the face's advance widths, and DejaVu cut the
// same way reads back the same; a damaged font gives nil, not a panic.
func TestCutTTF(t *testing.T) {
	fb := fallback()
	rs := []rune("飞船漢字かなカナ飞")
	cut := cutTTF(fb.ttf, rs, fb.glyph)
	if cut == nil || len(cut) > 20000 {
		t.Fatalf("cut of %d runes: %d bytes", len(rs), len(cut))
	}
	var f face
	parseFace(&f, cut)
	n := 0
	for r := rune(0); r < 0x10000; r++ {
		if f.cov.has(r) {
			n++
			if !strings.ContainsRune(string(rs), r) {
				t.Errorf("the cut has %q", r)
			}
		}
	}
	if n != 8 {
		t.Errorf("the cut has %d runes, want 8", n)
	}
	for _, r := range rs {
		if f.width[r] != fb.width[r] {
			t.Errorf("%q: width %d in the cut, %d in the face", r, f.width[r], fb.width[r])
		}
	}
	// DejaVu has composite glyphs (accented letters built of parts).
	var dv face
	dv.glyphs = new([0x10000]uint16)
	parseFace(&dv, regularTTF)
	latin := []rune("ÄÖÜåçĳǅ ΆΏ")
	var dc face
	parseFace(&dc, cutTTF(regularTTF, latin, func(r rune) int { return int(dv.glyphs[r]) }))
	for _, r := range latin {
		if !dc.cov.has(r) || dc.width[r] != dv.width[r] {
			t.Errorf("DejaVu cut: %q covered %v, width %d want %d", r, dc.cov.has(r), dc.width[r], dv.width[r])
		}
	}
	for _, bad := range [][]byte{nil, []byte("not a font"), fb.ttf[:4096], regularTTF[:100]} {
		if cutTTF(bad, rs, fb.glyph) != nil && len(bad) < 200 {
			t.Errorf("a cut of %d bad bytes", len(bad))
		}
	}
}

// TestVisualOrder: right-to-left text is drawn in reading order, numbers
// and left-to-right words kept left to right inside it, brackets
// mirrored, marks after their letters; Arabic letters joined.
func TestVisualOrder(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Plain", "Plain"},
		{"שלום", "םולש"},
		{"abc שלום def", "abc םולש def"},
		{"שלום 123 עולם", "םלוע 123 םולש"},
		{"אורורה (1)", "(1) הרורוא"},
		{"שָׁלוֹם", "םוֹלשָׁ"},
		{"Ship שלום 2", "Ship 2 םולש"}, // UAX #9: the number goes with the Hebrew
		// Arabic: ain initial, reh final, beh initial, yeh final, drawn
		// right to left.
		{"عربي", "\uFEF2\uFE91\uFEAE\uFECB"},
		// seen initial, lam-alef final, meem isolated.
		{"سلام", "\uFEE1\uFEFC\uFEB3"},
		{"لا", "\uFEFB"},
		{"مدفع", "\uFECA\uFED3\uFEAA\uFEE3"},
		// Persian: peh initial, alef final, reh isolated, seen initial,
		// farsi yeh final (Forms-A and -B).
		{"پارسی", "\uFBFD\uFEB3\uFEAD\uFE8E\uFB58"},
	}
	for _, tt := range tests {
		if got := visual(tt.in); got != tt.want {
			t.Errorf("visual(%q) = %q %U, want %q %U", tt.in, got, []rune(got), tt.want, []rune(tt.want))
		}
		if !printable(visual(tt.in)) {
			t.Errorf("visual(%q) has a character the faces lack", tt.in)
		}
	}
	// Every Arabic letter the faces print, alone, joined on one side and
	// on both, prints from forms the faces have.
	for r := rune(0x0600); r <= 0x06FF; r++ {
		if !printable(string(r)) {
			continue
		}
		for _, s := range []string{string(r), string([]rune{r, r}), string([]rune{0x0628, r, 0x0628})} {
			if v := visual(s); !printable(v) || len([]rune(v)) > len([]rune(s)) {
				t.Errorf("visual(%q) = %q %U", s, v, []rune(v))
			}
		}
	}
	// The joined forms are narrower or wider than the letters alone: the
	// width measured is the width drawn.
	c, _, err := newCanvas(Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	c.setFont("", 10)
	fs := fonts()
	w := 0
	for _, r := range visual("عربي") {
		_, a := fs.source("", r)
		w += a
	}
	if got, want := c.width("عربي"), float64(w)*10*ptToMM/1000; got != want {
		t.Errorf("width %.3f, want %.3f", got, want)
	}
}
