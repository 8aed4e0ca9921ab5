package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// trayIDs is the ids the compare tray keeps in local storage.
func trayIDs(tb *tab) []string {
	tb.t.Helper()
	return eval[[]string](tb, `JSON.parse(localStorage.getItem('slipway.compare') || '[]').map(x => x.id)`)
}

// waitPage polls the JavaScript condition cond for up to 30 s across a
// navigation (an evaluation the navigation interrupts counts as false).
func waitPage(tb *tab, what, cond string) {
	tb.t.Helper()
	waitFor(tb.t, tb, `(() => { try { return !!(`+cond+`); } catch { return false; } })()`, what)
}

// TestCompareFromLibraryInBrowser is issue 19's acceptance 5: from the
// library, three designs go into the compare tray with their cards'
// "Add to compare" buttons and the tray opens their comparison, no id
// typed; the compare page's search adds a fourth as you type, a design is
// removed from the page and from the tray, and a saved design joins the
// tray from the designer. Page checks on the library with the tray open
// at 1280 and 390 px and on the compare page.
func TestCompareFromLibraryInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/library")
	ids := eval[[]string](tb, `[...document.querySelectorAll('.design-card')].slice(0, 3).map(c => c.dataset.compareId)`)
	names := eval[[]string](tb, `[...document.querySelectorAll('.design-card')].slice(0, 3).map(c => c.dataset.compareName)`)
	if n := eval[int](tb, `document.querySelectorAll('.design-card button.add-compare').length`); len(ids) != 3 || n < 3 {
		t.Fatalf("the library offers %d Add to compare buttons, want at least 3", len(ids))
	}
	if eval[bool](tb, `!document.querySelector('#compare-tray') || document.querySelector('#compare-tray').hidden`) != true {
		t.Error("an empty tray is shown")
	}
	for i := 1; i <= 3; i++ {
		sel := `.design-list > li:nth-child(` + string(rune('0'+i)) + `) button.add-compare`
		tb.do("add card "+sel, chromedp.Click(chromedp.CSS(sel)))
	}
	if got := trayIDs(tb); strings.Join(got, ",") != strings.Join(ids, ",") {
		t.Fatalf("the tray holds %v, want %v", got, ids)
	}
	waitPage(tb, "the tray shows three", `document.querySelector('#compare-tray summary').textContent === 'Compare tray (3 of 4)'`)
	if b := tb.text(`.design-list > li:nth-child(1) button.add-compare`); !strings.HasPrefix(b, "Remove from compare") {
		t.Errorf("an added card's button reads %q", b)
	}
	if live := tb.text("#compare-tray-status"); !strings.Contains(live, "(3 of 4)") {
		t.Errorf("the tray announced %q", live)
	}

	// The tray open, at 1280 and 390 px.
	tb.do("open the tray", chromedp.Click(chromedp.CSS(`#compare-tray summary`)), chromedp.WaitVisible(chromedp.CSS(`#compare-open`)))
	tb.checkPage("library with the tray open")
	tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	tb.open("/library")
	waitPage(tb, "the tray stays open across pages", `document.querySelector('#compare-tray details').open`)
	tb.checkA11y("library with the tray open at 390 px")
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("library with the tray at 390 px scrolls sideways: %d px", w)
	}
	tb.do("desktop width", chromedp.EmulateViewport(1280, 900))
	tb.open("/library")

	// A removal from the tray, then the design back.
	tb.do("remove from tray", chromedp.Click(chromedp.CSS(`#compare-tray [data-tray-remove="`+ids[1]+`"]`)))
	if got := trayIDs(tb); len(got) != 2 {
		t.Errorf("after removing one the tray holds %v", got)
	}
	waitPage(tb, "the focus stays in the tray after a removal", `document.querySelectorAll('#compare-tray li').length === 2 && document.querySelector('#compare-tray').contains(document.activeElement)`)
	tb.do("add again", chromedp.Click(chromedp.CSS(`.design-list > li:nth-child(2) button.add-compare`)))
	waitPage(tb, "the tray shows three again", `document.querySelector('#compare-open') && document.querySelectorAll('#compare-tray li').length === 3`)

	// Open the comparison: the three designs, side by side.
	tb.do("open comparison", chromedp.Click(chromedp.CSS(`#compare-open`)))
	waitPage(tb, "the comparison opens", `document.getElementById('compare-page') && document.readyState === 'complete'`)
	got := eval[[]string](tb, `[...document.querySelectorAll('[data-compare-item]')].map(th => th.dataset.id)`)
	if len(got) != 3 {
		t.Fatalf("the comparison shows %v, want %v", got, ids)
	}
	for _, n := range names {
		if !strings.Contains(tb.text("#compare-page"), n) {
			t.Errorf("the comparison does not name %s", n)
		}
	}
	if !eval[bool](tb, `document.querySelector('#compare-tray').hidden`) {
		t.Error("the compare page shows the tray over the comparison")
	}
	tb.checkPage("compare of three")

	// The page's search adds a fourth as you type.
	tb.do("search", chromedp.SendKeys(chromedp.CSS(`#compare-q`), "thunderchild"),
		chromedp.WaitVisible(chromedp.CSS(`#compare-hits a[data-add]`)))
	tb.checkA11y("compare with search results")
	tb.do("add from search", chromedp.Click(chromedp.CSS(`#compare-hits a[data-add]`)))
	waitPage(tb, "the page compares four", `document.querySelectorAll('[data-compare-item]').length === 4 && document.readyState === 'complete'`)
	if !strings.Contains(tb.text("#h-add + p"), "the most it shows") {
		t.Errorf("a full comparison still offers the search")
	}
	if got := trayIDs(tb); len(got) != 4 {
		t.Errorf("the tray follows the page: %v", got)
	}
	tb.do("remove from page", chromedp.Click(chromedp.CSS(`[data-compare-item] .remove-link`)))
	waitPage(tb, "the page compares three", `document.querySelectorAll('[data-compare-item]').length === 3 && document.readyState === 'complete'`)
	if got := trayIDs(tb); len(got) != 3 {
		t.Errorf("after a removal the tray holds %v", got)
	}
	tb.checkPage("compare after removing one")

	// A saved design joins the tray from the designer.
	tb.open("/")
	mine := eval[string](tb, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: 'comparer', password: 'correct horse battery'})});
		const src = await (await fetch('/api/v1/designs/`+ids[0]+`')).json();
		const res = await fetch('/api/v1/designs', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({visibility: 'private', design: {...src.design, name: 'My Comparer'}})});
		return (await res.json()).id;
	})()`)
	if mine == "" {
		t.Fatal("could not save a design")
	}
	tb.openDesigner("/designer?from=" + mine)
	if b := tb.text("#add-compare"); b != "Add to compare" {
		t.Fatalf("the designer's compare button reads %q", b)
	}
	tb.do("add from designer", chromedp.Click(chromedp.CSS(`#add-compare`)))
	if got := trayIDs(tb); len(got) != 4 || got[3] != mine {
		t.Errorf("after adding from the designer the tray holds %v", got)
	}
	if b := tb.text("#add-compare"); b != "Remove from compare" {
		t.Errorf("after adding, the designer's button reads %q", b)
	}
	waitPage(tb, "the designer's tray shows four", `document.querySelector('#compare-tray summary').textContent === 'Compare tray (4 of 4)'`)
	tb.checkPage("designer with the tray")
}
