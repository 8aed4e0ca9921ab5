package web_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/slipway/slipway/sheets"
)

// TestSheetFontsServed: the studio serves the faces the record sheet PDF
// embeds (sheets.WebFonts), byte for byte, as font/ttf under the static
// version, the Latin cut gzipped on request; css/sheet-fonts.css declares
// each under the family the SVG preview's text asks for, with its
// unicode-range, the whole faces before their cut.
func TestSheetFontsServed(t *testing.T) {
	hs := newServer(t)
	_, page := get(t, hs.URL+"/designer")
	m := regexp.MustCompile(`/static/([0-9a-f]+)/css/studio.css`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no stylesheet link on /designer")
	}
	base := hs.URL + "/static/" + m[1] + "/"
	res, css := get(t, base+"css/sheet-fonts.css")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/css; charset=utf-8" {
		t.Fatalf("sheet-fonts.css: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	last := -1
	for _, f := range sheets.WebFonts() {
		rule := regexp.MustCompile(`@font-face \{ font-family: "` + f.Family + `"; src: url\(\.\./fonts/` +
			regexp.QuoteMeta(f.File) + `\) format\("truetype"\); font-weight: ` + f.Weight + `;[^}]*\}`)
		loc := rule.FindStringIndex(css)
		if loc == nil {
			t.Errorf("no @font-face for %s in\n%s", f.File, css)
			continue
		}
		if got := strings.Contains(css[loc[0]:loc[1]], "unicode-range: "+f.UnicodeRange+";"); got != (f.UnicodeRange != "") {
			t.Errorf("%s: unicode-range %q not declared as it should be", f.File, f.UnicodeRange)
		}
		if loc[0] < last {
			t.Errorf("%s is declared before a face listed before it", f.File)
		}
		last = loc[0]
		r, body := get(t, base+"fonts/"+f.File)
		if r.StatusCode != 200 || r.Header.Get("Content-Type") != "font/ttf" || body != string(f.TTF) {
			t.Errorf("%s: %d %q, %d bytes of %d", f.File, r.StatusCode, r.Header.Get("Content-Type"), len(body), len(f.TTF))
		}
	}
	r, gz := get(t, base+"fonts/sheet-latin-bold.ttf", "Accept-Encoding", "gzip")
	if r.Header.Get("Content-Encoding") != "gzip" || len(gz) > 60000 {
		t.Errorf("the Latin cut gzipped: %q, %d bytes", r.Header.Get("Content-Encoding"), len(gz))
	}
}
