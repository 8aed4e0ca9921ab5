package web_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAxeMoreStates runs axe-core (no serious or critical finding) on
// designer states the other browser tests do not check (issue 19,
// Acceptance 8): the import dialog, the whole explanation tree open, the
// change line after an edit, an unreadable document with its problem
// focused, Battleshift's row picker, and each at 390 px in the dark
// scheme too.
func TestAxeMoreStates(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	ref := sampleID(tb, "reference+cruiser")
	for _, dark := range []bool{false, true} {
		suffix := ""
		if dark {
			suffix = " (dark, 390 px)"
			tb.scheme("dark")
			tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		}
		tb.openDesigner("/designer?from=" + ref)
		tb.do("open the import dialog", chromedp.Click(chromedp.CSS("#import")), chromedp.WaitVisible(chromedp.CSS("dialog[open]")))
		tb.checkA11y("designer with the import dialog" + suffix)
		tb.do("close it", chromedp.KeyEvent("\x1b"))

		// Every number of the explanation open, as a curious player opens it.
		for range 6 {
			if !eval[bool](tb, `(() => { const c = [...document.querySelectorAll('.explain details:not([open]) > summary')]; c.forEach(s => s.click()); return c.length > 0; })()`) {
				break
			}
			eval[bool](tb, `new Promise(r => setTimeout(() => r(true), 50))`)
		}
		if n := eval[int](tb, `document.querySelectorAll('.explain details:not([open])').length`); n != 0 {
			t.Errorf("%d numbers of the explanation stayed closed", n)
		}
		tb.checkA11y("designer with the whole explanation open" + suffix)

		tb.typeInto("sections.core.layers[0].hullHits", "12")
		if tb.text("#why") == "" {
			t.Error("no change line after an edit")
		}
		tb.checkA11y("designer with the change line" + suffix)

		raw, err := os.ReadFile("../testdata/invalid/R-JSON-02.json")
		if err != nil {
			t.Fatal(err)
		}
		draft, _ := json.Marshal(map[string]any{"doc": json.RawMessage(raw), "meta": map[string]any{"visibility": "private"}})
		eval[bool](tb, `(localStorage.setItem('slipway.draft:new', `+jsString(string(draft))+`), true)`)
		tb.openDesigner("/designer")
		tb.do("click the problem", chromedp.Click(chromedp.CSS(".panel .problem")))
		tb.checkA11y("designer with an unreadable document, its problem focused" + suffix)
		eval[bool](tb, `(localStorage.removeItem('slipway.draft:new'), true)`)

		tb.openDesigner("/designer?ruleset=battleshift")
		tb.do("open the row picker", chromedp.Click(chromedp.CSS(`[data-add="systems"]`)), chromedp.WaitVisible(chromedp.CSS("#rowpicker")))
		tb.checkA11y("Battleshift designer with the row picker" + suffix)
	}
	// The unreadable document's evaluation is a 400, which the browser logs.
	if errs := tb.consoleErrors("400 (Bad Request) " + tb.base + "/api/v1/evaluate"); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
