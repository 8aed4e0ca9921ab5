package web_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestHeaderOneRowInBrowser is issue 19's header at phone width: at
// 390 px the header is one row (the brand and a "Menu" button), every link
// of the header is reached from the keyboard by opening the menu, and the
// page checks pass with the menu closed and open; at 1280 px there is no
// menu button and every link shows in the row. With SLIPWAY_SCREENSHOTS
// it writes home-390-menu.png (the menu open).
func TestHeaderOneRowInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	want := []string{"/designer", "/library", "/fleets", "/play", "/glossary", "/api/v1/aids.pdf", "/login", "/register"}
	// rowTops is the distinct middles (to the pixel) of the brand and the
	// menu button: one row has one.
	rowTops := `new Set([...document.querySelectorAll('header.site .brand, #site-menu > summary')].map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.height / 2) / 6); })).size`
	shownLinks := `[...document.querySelectorAll('header.site .menu-body a')].filter((a) => a.checkVisibility({visibilityProperty: true}) && a.getBoundingClientRect().right <= innerWidth + 1).map((a) => a.getAttribute('href'))`

	for _, page := range []string{"/", "/designer"} {
		tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		tb.open(page)
		if page == "/designer" {
			tb.do("designer ready", chromedp.WaitVisible(chromedp.CSS(`.design-form`)))
			tb.settle()
		}
		h := eval[float64](tb, `document.querySelector('header.site').getBoundingClientRect().height`)
		brand := eval[float64](tb, `document.querySelector('header.site .brand').getBoundingClientRect().height`)
		if h > 2*brand+8 || h > 64 {
			t.Errorf("%s at 390 px: the header is %.0f px high (the brand %.0f px): more than one row", page, h, brand)
		}
		if n := eval[int](tb, rowTops); n != 1 {
			t.Errorf("%s at 390 px: the header's items sit in %d rows", page, n)
		}
		if got := eval[[]string](tb, shownLinks); len(got) != 0 {
			t.Errorf("%s at 390 px: links %v show with the menu closed", page, got)
		}
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s at 390 px scrolls sideways: %d px wide", page, w)
		}
		tb.checkPage(page + " at 390 px, menu closed")

		// By the keyboard from the skip link: the brand, then the menu
		// button, which Enter opens.
		tb.do("focus the skip link", chromedp.Focus(chromedp.CSS("a.skip")))
		tb.do("tab to the menu", chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab))
		if f := eval[string](tb, `document.activeElement.tagName + ' ' + document.activeElement.textContent.trim()`); f != "SUMMARY Menu" {
			t.Fatalf("%s at 390 px: Tab after the brand reaches %q, want the menu button", page, f)
		}
		if exp := eval[string](tb, `window.getComputedStyle(document.activeElement).display`); exp == "none" {
			t.Fatalf("%s: the menu button is not shown", page)
		}
		tb.do("open the menu", chromedp.KeyEvent(kb.Enter))
		if open := eval[bool](tb, `document.querySelector('#site-menu').open`); !open {
			t.Fatalf("%s at 390 px: Enter did not open the menu", page)
		}
		var reached []string
		for range 12 {
			tb.do("tab", chromedp.KeyEvent(kb.Tab))
			href := eval[string](tb, `(document.activeElement.closest('header.site .menu-body') && document.activeElement.getAttribute('href')) || ''`)
			if href == "" {
				break
			}
			reached = append(reached, href)
		}
		if !slices.Equal(reached, want) {
			t.Errorf("%s at 390 px: Tab through the open menu reaches %v, want %v", page, reached, want)
		}
		if got := eval[[]string](tb, shownLinks); !slices.Equal(got, want) {
			t.Errorf("%s at 390 px: the open menu shows %v, want %v", page, got, want)
		}
		tb.checkPage(page + " at 390 px, menu open")
		if dir := os.Getenv("SLIPWAY_SCREENSHOTS"); dir != "" && page == "/" {
			ctx, cancel := context.WithTimeout(tb.ctx, 30e9)
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "home-390-menu.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Escape is not needed: the button closes it again.
		tb.do("close the menu", chromedp.Focus(chromedp.CSS("#site-menu > summary")), chromedp.KeyEvent(kb.Enter))
		if open := eval[bool](tb, `document.querySelector('#site-menu').open`); open {
			t.Errorf("%s at 390 px: Enter on the menu button did not close the menu", page)
		}

		tb.do("wide", chromedp.EmulateViewport(1280, 900))
		tb.open(page)
		if page == "/designer" {
			tb.do("designer ready", chromedp.WaitVisible(chromedp.CSS(`.design-form`)))
			tb.settle()
		}
		if d := eval[string](tb, `getComputedStyle(document.querySelector('#site-menu > summary')).display`); d != "none" {
			t.Errorf("%s at 1280 px: the menu button shows (display %s)", page, d)
		}
		if got := eval[[]string](tb, shownLinks); !slices.Equal(got, want) {
			t.Errorf("%s at 1280 px: the header shows %v, want %v", page, got, want)
		}
		// One row: the middles of the brand and every link lie within
		// 16 px of each other.
		if spread := eval[float64](tb, `(() => { const m = [...document.querySelectorAll('header.site .brand, header.site .menu-body a')].map((e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; }); return Math.max(...m) - Math.min(...m); })()`); spread > 16 {
			t.Errorf("%s at 1280 px: the header's items are not in one row (their middles %.0f px apart)", page, spread)
		}
		tb.checkPage(page + " at 1280 px")
	}
}
