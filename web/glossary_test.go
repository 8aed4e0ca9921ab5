package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestGlossaryPages checks each game's glossary over HTTP: it lists the
// form's fields, choices, catalogue entries and numbers with their help,
// the nav and the designer link to it, and an unknown game is a 404.
func TestGlossaryPages(t *testing.T) {
	srv, _ := libServer(t)
	get := func(path string) (int, string) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	code, body := get("/glossary")
	if code != http.StatusOK {
		t.Fatalf("/glossary: %d", code)
	}
	wantIn(t, "Metaverse glossary", body, "<h1>Metaverse glossary</h1>", "Crew quality", "Green crew", "keep their momentum", "Sensor array",
		"Combat value", "AM Antimatter", "UN Unstable", "Firing sectors", "Hull hits", `href="/designer"`, `aria-current="page">Glossary`)
	code, body = get("/glossary?ruleset=battleshift")
	if code != http.StatusOK {
		t.Fatalf("/glossary?ruleset=battleshift: %d", code)
	}
	wantIn(t, "Battleshift glossary", body, "<h1>Battleshift glossary</h1>", "Pay with", "Shield hardness", `href="/designer?ruleset=battleshift"`)
	if code, body = get("/glossary?ruleset=nope"); code != http.StatusNotFound || !strings.Contains(body, "/glossary?ruleset=battleshift") {
		t.Errorf("/glossary?ruleset=nope: %d, links to the served games' glossaries: %v", code, strings.Contains(body, "/glossary?ruleset=battleshift"))
	}
	_, body = get("/designer?ruleset=battleshift")
	wantIn(t, "designer", body, `href="/glossary?ruleset=battleshift"`, `href="/glossary"`)
}

// TestGlossaryAndDesignerHelpInBrowser runs the page checks (axe: no
// serious or critical finding) on both games' glossaries and on the
// designer with its help open (a weapon's fields explained, crew quality's
// scale under the field), at 1280 and 390 px; with SLIPWAY_SCREENSHOTS it
// writes glossary-1280.png and glossary-390.png.
func TestGlossaryAndDesignerHelpInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/glossary?ruleset=metaverse")
	tb.shootWidths("glossary", func() { tb.checkPage("Metaverse glossary") })
	tb.open("/glossary?ruleset=battleshift")
	tb.atWidths("Battleshift glossary", func() { tb.checkPage("Battleshift glossary") })

	tb.openDesigner("/designer")
	tb.choose("crewQuality", "5")
	if got := tb.text(`#f-crewQuality-o`); !strings.Contains(got, "Elite") {
		t.Errorf("crew quality 5 explains %q", got)
	}
	tb.click(`[data-add="weapons"]`)
	tb.click(`#help-weapons summary`)
	if got := tb.text(`#help-weapons`); !strings.Contains(got, "Rate of fire") || !strings.Contains(got, "PH Phased") {
		t.Errorf("weapon help lists %.200q", got)
	}
	if got := tb.text(`[data-path="weapons[0].qualities"]`); !strings.Contains(got, "AM Antimatter") {
		t.Errorf("qualities read %.120q", got)
	}
	tb.click(`#help-sections summary`)
	tb.atWidths("designer with help open", func() { tb.checkPage("designer with help open") })
}

// atWidths runs check at 1280 and at 390 px, checks that nothing scrolls
// sideways, and goes back to the desktop width.
func (tb *tab) atWidths(name string, check func()) {
	tb.t.Helper()
	for _, w := range []int64{1280, 390} {
		if w < 500 {
			tb.do("phone width", chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile))
		} else {
			tb.do("desktop width", chromedp.EmulateViewport(w, 1000))
		}
		check()
		if got := eval[int](tb, `document.documentElement.scrollWidth`); got > int(w) {
			tb.t.Errorf("%s at %d px scrolls sideways: %d px wide", name, w, got)
		}
	}
	tb.do("desktop width", chromedp.EmulateViewport(1280, 1000))
}
