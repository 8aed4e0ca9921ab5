package sheets

import (
	"bytes"
	"io"
	"regexp"
	"testing"

	"rsc.io/pdf"
)

// subsetName is a font subset's name as the PDF standard gives it: a tag
// of six capital letters, "+", the face's PostScript name.
var subsetName = regexp.MustCompile(`^[A-Z]{6}\+DejaVuSansCondensed(-Bold)?$`)

// fontNames parses a PDF and returns the BaseFont of every font its
// pages use, after checking that the Type0 font, its descendant CID
// font and its descriptor carry the same name.
func fontNames(t *testing.T, name string, b []byte) []string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("%s: parse PDF: %v", name, err)
	}
	seen := map[string]bool{}
	var out []string
	for i := 1; i <= r.NumPage(); i++ {
		fonts := r.Page(i).Resources().Key("Font")
		for _, k := range fonts.Keys() {
			f := fonts.Key(k)
			base := f.Key("BaseFont").Name()
			cid := f.Key("DescendantFonts").Index(0)
			if f.Key("Subtype").Name() != "Type0" || cid.Key("Subtype").Name() != "CIDFontType2" {
				t.Errorf("%s: font %s is not an embedded CID TrueType font", name, base)
			}
			if cid.Key("BaseFont").Name() != base || cid.Key("FontDescriptor").Key("FontName").Name() != base {
				t.Errorf("%s: font %s: descendant %q and descriptor %q differ", name, base,
					cid.Key("BaseFont").Name(), cid.Key("FontDescriptor").Key("FontName").Name())
			}
			if cid.Key("FontDescriptor").Key("FontFile2").Kind() != pdf.Stream {
				t.Errorf("%s: font %s is not embedded", name, base)
			}
			if !seen[base] {
				seen[base] = true
				out = append(out, base)
			}
		}
	}
	return out
}

// TestSubsetTags parses the font dictionaries of every kind of document:
// each embedded subset is named TAG+DejaVuSansCondensed[-Bold], the tag
// the same for the same subset and different for different ones.
func TestSubsetTags(t *testing.T) {
	cruiser := testShip(loadSample(t, "reference-cruiser.json"))
	greek := loadSample(t, "reference-cruiser.json")
	greek.Name = "Ἀργώ"
	other := loadSample(t, "reference-cruiser.json")
	other.Name = "Quixotic Zephyr" // letters the cruiser's sheet lacks
	var fleet []Ship
	for i := 0; i < 9; i++ { // nine Latin cards fill the first page
		fleet = append(fleet, cruiser)
	}
	fleet = append(fleet, testShip(greek))
	docs := []struct {
		name  string
		write func(io.Writer) error
	}{
		{"sheet", func(w io.Writer) error { return RecordSheet(w, cruiser, Options{}) }},
		{"greek sheet", func(w io.Writer) error { return RecordSheet(w, testShip(greek), Options{}) }},
		{"other sheet", func(w io.Writer) error { return RecordSheet(w, testShip(other), Options{}) }},
		{"cards", func(w io.Writer) error { return Cards(w, fleet, Options{}) }},
		{"aids", func(w io.Writer) error { return Aids(w, Options{BW: true}) }},
		{"pack", func(w io.Writer) error { return Pack(w, []Ship{cruiser}, Options{Paper: "a4"}) }},
	}
	names := map[string][]string{}
	for _, d := range docs {
		var a, b bytes.Buffer
		if err := d.write(&a); err != nil {
			t.Fatal(err)
		}
		if err := d.write(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two renders differ", d.name)
		}
		got := fontNames(t, d.name, a.Bytes())
		if len(got) == 0 {
			t.Errorf("%s: no fonts", d.name)
		}
		for _, n := range got {
			if !subsetName.MatchString(n) {
				t.Errorf("%s: font %q is not named TAG+PostScriptName", d.name, n)
			}
		}
		names[d.name] = got
		// The text still reads back through the renamed fonts.
		if len(readBack(t, a.Bytes())) == 0 {
			t.Errorf("%s: no pages", d.name)
		}
	}
	face := func(doc, ps string) string {
		for _, n := range names[doc] {
			if n[7:] == ps {
				return n
			}
		}
		t.Fatalf("%s: no %s subset in %v", doc, ps, names[doc])
		return ""
	}
	// The class name is bold: the three sheets print the same regular
	// glyphs (one subset, one name, whichever family it was cut from)
	// and different bold ones.
	if a, b, c := face("sheet", "DejaVuSansCondensed"), face("greek sheet", "DejaVuSansCondensed"),
		face("other sheet", "DejaVuSansCondensed"); a != b || b != c {
		t.Errorf("the same regular subset is named %s, %s and %s", a, b, c)
	}
	if a, b, c := face("sheet", "DejaVuSansCondensed-Bold"), face("greek sheet", "DejaVuSansCondensed-Bold"),
		face("other sheet", "DejaVuSansCondensed-Bold"); a == b || b == c || a == c {
		t.Errorf("different bold subsets share a name: %s, %s, %s", a, b, c)
	}
	if len(names["cards"]) != 4 {
		t.Errorf("cards with Latin and Greek pages: %v, want four different subsets", names["cards"])
	}
}

// TestTagSubsetsBadInput: a document that is not what gofpdf writes is
// an error or left alone, never a panic, at every truncation.
func TestTagSubsetsBadInput(t *testing.T) {
	var buf bytes.Buffer
	c, _, err := newCanvas(Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	c.pdf.AddPage()
	c.selectFont("x")
	c.pdf.Text(10, 10, "x")
	if err := c.pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	doc := buf.Bytes()
	names := fonts().fontNames()
	if _, err := tagSubsets(doc, names); err != nil {
		t.Fatalf("a whole document: %v", err)
	}
	for i := 0; i < len(doc); i += 1 + i/50 {
		if out, err := tagSubsets(doc[:i], names); err == nil && !bytes.Equal(out, doc[:i]) {
			t.Fatalf("truncated at %d: rewritten without error", i)
		}
	}
	for _, bad := range []string{
		"", "startxref\n", "startxref\nabc\n%%EOF", "startxref\n0\n%%EOF",
		"xref\n0 99999999999999999999\nstartxref\n0\n%%EOF", "xref\n0 1000000000000\nstartxref\n0\n%%EOF",
		"1 0 obj\n<<>>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000000 00000 n \ntrailer\n<<>>\nstartxref\n20\n%%EOF\n",
	} {
		if _, err := tagSubsets([]byte(bad), names); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
