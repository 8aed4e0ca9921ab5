package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"rsc.io/pdf"
)

// pdfPages parses a PDF body and returns its page count and the size of
// its first page in points.
func pdfPages(t *testing.T, b []byte) (int, float64, float64) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.60q", b)
	}
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("parse PDF: %v", err)
	}
	n := r.NumPage()
	if n == 0 {
		t.Fatal("no pages")
	}
	// MediaBox may sit on the page or be inherited from a parent node.
	box := r.Page(1).V.Key("MediaBox")
	for v := r.Page(1).V; box.Len() == 0 && v.Key("Parent").Kind() == pdf.Dict; {
		v = v.Key("Parent")
		box = v.Key("MediaBox")
	}
	return n, box.Index(2).Float64() - box.Index(0).Float64(), box.Index(3).Float64() - box.Index(1).Float64()
}

func TestPDFRoutes(t *testing.T) {
	e := newEnv(t)
	owner := e.register("printer")
	other := e.register("snoop")
	anon := e.anon()
	priv := owner.create(t, "Quiet Lantern", "private")
	pub := owner.create(t, `Bad "name"/../x`, "public")

	// The owner prints a private design; nobody else sees it exists.
	r := owner.do("GET", "/api/v1/designs/"+priv.ID+"/sheet.pdf", nil).want(t, 200)
	if ct := r.Header.Get("Content-Type"); ct != "application/pdf" {
		t.Fatalf("content type %q", ct)
	}
	if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="Quiet-Lantern-v1-sheet.pdf"` {
		t.Fatalf("content disposition %q", cd)
	}
	if n, w, h := pdfPages(t, r.Body); n < 1 || w < h || int(w) != 792 || int(h) != 612 {
		t.Fatalf("sheet: %d pages of %.0f x %.0f pt, want landscape Letter", n, w, h)
	}
	other.do("GET", "/api/v1/designs/"+priv.ID+"/sheet.pdf", nil).want(t, 404)
	anon.do("GET", "/api/v1/designs/"+priv.ID+"/card.pdf", nil).want(t, 404)

	// A public design prints for anyone; hostile names make safe file names.
	r = anon.do("GET", "/api/v1/designs/"+pub.ID+"/card.pdf?paper=a4&bw=true", nil).want(t, 200)
	cd := r.Header.Get("Content-Disposition")
	name := strings.TrimSuffix(strings.TrimPrefix(cd, `attachment; filename="`), `"`)
	if strings.ContainsAny(name, `"/\`) || !strings.HasSuffix(name, "-v1-card.pdf") {
		t.Fatalf("unsafe file name in %q", cd)
	}
	if _, w, h := pdfPages(t, r.Body); int(w) != 595 || int(h) != 841 {
		t.Fatalf("card page %.0f x %.0f pt, want A4 portrait", w, h)
	}

	// Same request, same bytes; the ETag answers a repeat with 304.
	a := anon.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf", nil).want(t, 200)
	b := anon.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf", nil).want(t, 200)
	if !bytes.Equal(a.Body, b.Body) {
		t.Fatal("two renders of the same version differ")
	}
	anon.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf", nil, "If-None-Match", a.Header.Get("ETag")).want(t, http.StatusNotModified)
	if c := anon.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf?bw=1", nil).want(t, 200); c.Header.Get("ETag") == a.Header.Get("ETag") {
		t.Fatal("black-and-white print shares the colour print's ETag")
	}

	// Versions and bad queries.
	owner.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf?version=1", nil).want(t, 200)
	owner.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf?version=9", nil).want(t, 404)
	owner.do("GET", "/api/v1/designs/"+pub.ID+"/sheet.pdf?paper=tabloid", nil).want(t, 400)
	anon.do("GET", "/api/v1/designs/nope/sheet.pdf", nil).want(t, 404)

	// Play aids need no account.
	r = anon.do("GET", "/api/v1/aids.pdf", nil).want(t, 200)
	if n, _, _ := pdfPages(t, r.Body); n < 2 {
		t.Fatalf("aids have %d pages", n)
	}
	anon.do("GET", "/api/v1/aids.pdf?one=true&paper=a4", nil).want(t, 200)
	anon.do("GET", "/api/v1/aids.pdf?bw=maybe", nil).want(t, 400)
}
