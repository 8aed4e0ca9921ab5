package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// previewSVG is what the tests read of an SVG sheet: the text of every
// <text> element, the marked bubbles by kind and the page count.
type previewSVG struct {
	texts []string
	marks map[string]int
	pages int
}

// readPreview parses an SVG answer strictly with encoding/xml and fails
// on anything a page could run, style or fetch.
func readPreview(t *testing.T, b []byte) previewSVG {
	t.Helper()
	out := previewSVG{marks: map[string]int{}}
	dec := xml.NewDecoder(bytes.NewReader(b))
	var cur strings.Builder
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			switch tk.Name.Local {
			case "script", "style", "foreignObject", "image", "use", "a":
				t.Fatalf("the SVG holds a <%s>", tk.Name.Local)
			case "text":
				inText = true
				cur.Reset()
			}
			for _, a := range tk.Attr {
				n := strings.ToLower(a.Name.Local)
				if strings.HasPrefix(n, "on") || n == "style" || n == "href" {
					t.Fatalf("the SVG has a %s attribute", n)
				}
				if n == "data-mark" {
					out.marks[a.Value]++
				}
				if n == "class" && a.Value == "sheet-page" {
					out.pages++
				}
			}
		case xml.CharData:
			if inText {
				cur.Write(tk)
			}
		case xml.EndElement:
			if tk.Name.Local == "text" {
				out.texts = append(out.texts, cur.String())
				inText = false
			}
		}
	}
	return out
}

// pdftotext returns the text of a PDF as poppler's pdftotext reads it.
// Without pdftotext the test is skipped; under CI=true, where .ci/run
// installs poppler-utils, it fails.
func pdftotext(t *testing.T, b []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is not installed (Debian's poppler-utils; .ci/run installs it)")
		}
		t.Skip("pdftotext is not installed (Debian's poppler-utils)")
	}
	f := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

var number = regexp.MustCompile(`\d+`)

// numbers lists the runs of digits in text, sorted.
func numbers(text string) []string {
	n := number.FindAllString(text, -1)
	slices.Sort(n)
	return n
}

// TestPreviewSameNumbersAsSheet is issue 19's acceptance 7: for the
// reference cruiser, the preview SVG (POST /api/v1/sheet.svg) and the
// sheet PDF the print button downloads (POST /api/v1/sheet.pdf, read
// with pdftotext) show the same numbers, those the evaluation answers
// (combat value, points, EMS, target rating, mass factor), and the
// preview has one hull bubble per hull hit.
func TestPreviewSameNumbersAsSheet(t *testing.T) {
	e := newEnv(t)
	anon := e.anon()
	doc := sample(t)
	var ev struct {
		CV, Points, EMS, TargetRating, MassFactor, HullHits int
	}
	anon.do("POST", "/api/v1/evaluate", doc).want(t, 200).decode(t, &ev)

	r := anon.do("POST", "/api/v1/sheet.svg", doc).want(t, 200)
	for h, want := range map[string]string{"Content-Type": "image/svg+xml; charset=utf-8", "X-Content-Type-Options": "nosniff",
		"Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox", "Cache-Control": "private, no-store",
		"Content-Disposition": `inline; filename="Reference-Cruiser-sheet.svg"`} {
		if got := r.Header.Get(h); got != want {
			t.Errorf("%s: %q, want %q", h, got, want)
		}
	}
	svg := readPreview(t, r.Body)
	p := anon.do("POST", "/api/v1/sheet.pdf", doc).want(t, 200)
	if ct := p.Header.Get("Content-Type"); ct != "application/pdf" {
		t.Fatalf("content type %q", ct)
	}
	if n, w, h := pdfPages(t, p.Body); n != svg.pages || int(w) != 792 || int(h) != 612 {
		t.Errorf("the PDF has %d pages of %.0f x %.0f pt, the preview %d", n, w, h, svg.pages)
	}
	pdfText := pdftotext(t, p.Body)
	svgText := strings.Join(svg.texts, "\n")

	if a, b := numbers(svgText), numbers(pdfText); !slices.Equal(a, b) {
		t.Errorf("the preview's numbers differ from the PDF's:\npreview %v\nPDF     %v", a, b)
	}
	for label, v := range map[string]int{"COMBAT VALUE": ev.CV, "TARGET RATING": ev.TargetRating, "EMS": ev.EMS, "MASS FACTOR": ev.MassFactor} {
		for name, text := range map[string]string{"preview": svgText, "PDF": pdfText} {
			if !strings.Contains(text, label) || !slices.Contains(strings.Fields(text), strconv.Itoa(v)) {
				t.Errorf("the %s lacks %s %d", name, label, v)
			}
		}
	}
	pts := strconv.Itoa(ev.Points) + " pts"
	if !strings.Contains(svgText, pts) || !strings.Contains(pdfText, pts) {
		t.Errorf("%q is not in both the preview and the PDF", pts)
	}
	if svg.marks["hull"] != ev.HullHits || ev.HullHits == 0 {
		t.Errorf("the preview has %d hull bubbles, the design %d hull hits", svg.marks["hull"], ev.HullHits)
	}
}

// TestPreviewRoute: the preview escapes hostile names, takes the paper
// and colour options, refuses bad ones and bad bodies with the usual
// problems, and draws Battleshift's class sheet too.
func TestPreviewRoute(t *testing.T) {
	e := newEnv(t)
	anon := e.anon()
	doc := sample(t)
	doc["name"] = `<script>alert(1)</script>]]><svg onload="x">`
	r := anon.do("POST", "/api/v1/sheet.svg?paper=a4&bw=1", doc).want(t, 200)
	if bytes.Contains(r.Body, []byte("<script")) || bytes.Contains(r.Body, []byte("]]>")) || bytes.Contains(r.Body, []byte("<svg onload")) {
		t.Fatal("the hostile name reached the SVG unescaped")
	}
	svg := readPreview(t, r.Body)
	if !strings.Contains(strings.Join(svg.texts, ""), "<script>") {
		t.Error("the name is not drawn as text")
	}
	if !bytes.Contains(r.Body, []byte(`width="297mm"`)) {
		t.Error("paper=a4 did not draw on A4")
	}
	// Compressed for a client that asks (Go's client then reads it plain).
	z := anon.do("POST", "/api/v1/sheet.svg", sample(t), "Accept-Encoding", "gzip").want(t, 200)
	if z.Header.Get("Content-Encoding") != "gzip" || len(z.Body) > 20000 {
		t.Errorf("asked for gzip: %q, %d bytes", z.Header.Get("Content-Encoding"), len(z.Body))
	} else if zr, err := gzip.NewReader(bytes.NewReader(z.Body)); err != nil {
		t.Error(err)
	} else if plain, err := io.ReadAll(zr); err != nil || !bytes.HasPrefix(plain, []byte("<?xml")) {
		t.Errorf("the gzip body does not hold the SVG: %v", err)
	}
	anon.do("POST", "/api/v1/sheet.svg?paper=a5", doc).want(t, 400)
	anon.do("POST", "/api/v1/sheet.pdf?bw=maybe", doc).want(t, 400)
	anon.do("POST", "/api/v1/sheet.svg", []byte(`{"name": 3}`)).want(t, 400)
	anon.do("POST", "/api/v1/sheet.svg", []byte(`{"ruleset": "chess"}`)).want(t, 400)
	anon.do("POST", "/api/v1/sheet.svg", []byte(`not json`)).want(t, 400)
	anon.do("POST", "/api/v1/sheet.svg", []byte(`{}`), "Content-Type", "text/plain").want(t, 415)

	bs := battleshiftSample(t, "generic-fast-attack-cruiser")
	r = anon.do("POST", "/api/v1/sheet.svg", bs).want(t, 200)
	svg = readPreview(t, r.Body)
	if svg.pages != 1 || !strings.Contains(strings.Join(svg.texts, "\n"), bs["name"].(string)) {
		t.Errorf("the Battleshift class sheet: %d pages, texts %q", svg.pages, svg.texts)
	}
	if p := anon.do("POST", "/api/v1/sheet.pdf", bs).want(t, 200); !bytes.HasPrefix(p.Body, []byte("%PDF-")) {
		t.Error("the Battleshift sheet PDF is not a PDF")
	}
}
