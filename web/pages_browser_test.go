package web_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// scheme switches the emulated prefers-color-scheme.
func (tb *tab) scheme(s string) {
	tb.t.Helper()
	tb.do("colour scheme "+s, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}}})
		return err
	}))
}

// sampleIDs returns the ids of public sample designs found by q.
func sampleID(tb *tab, q string) string {
	tb.t.Helper()
	id := eval[string](tb, `fetch('/api/v1/library?q=`+q+`').then(r => r.json()).then(p => p.designs[0].id)`)
	if id == "" {
		tb.t.Fatalf("no sample for %q", q)
	}
	return id
}

// registerByForm registers user through the /register page, as a player
// would, and lands on the account page.
func (tb *tab) registerByForm(user string) {
	tb.t.Helper()
	tb.open("/register")
	tb.do("register "+user, chromedp.SendKeys(chromedp.CSS("#username"), user),
		chromedp.SendKeys(chromedp.CSS("#password"), "correct horse battery staple"),
		chromedp.Click(chromedp.CSS(`main button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#whoami`)))
	if who := tb.text("header.site .who"); !strings.Contains(who, user) {
		tb.t.Fatalf("header after registering: %q", who)
	}
}

// TestReadingPagesInBrowser loads every server-rendered page in Chromium,
// in light and dark schemes and at 390 px: no console errors, no duplicate
// ids, no serious or critical axe-core violation, no sideways scrolling;
// and the header's sign-in links and log-out button work by keyboard.
func TestReadingPagesInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	ref, thunder := sampleID(tb, "reference"), sampleID(tb, "thunderchild")
	anon := []string{"/library", "/library?q=reference&sort=cv", "/designs/" + ref,
		"/compare?ids=" + ref + "," + thunder, "/login", "/register"}
	check := func(paths []string) {
		for _, scheme := range []string{"light", "dark"} {
			tb.scheme(scheme)
			for _, p := range paths {
				tb.open(p)
				tb.checkPage(p + " (" + scheme + ")")
			}
		}
		tb.scheme("light")
		tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
		for _, p := range paths {
			tb.open(p)
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
				t.Errorf("%s at 390 px scrolls sideways: %d px wide", p, w)
			}
		}
		tb.do("desktop width", chromedp.EmulateViewport(1280, 900))
	}
	check(anon)

	// Signed out, the header offers Log in and Register; the keyboard
	// reaches them and the focus is visible.
	tb.open("/library")
	if got := eval[[]string](tb, `[...document.querySelectorAll('header.site a')].map(a => a.getAttribute('href'))`); !strings.Contains(strings.Join(got, " "), "/login /register") {
		t.Errorf("signed-out header links %v", got)
	}
	focused := ""
	for i := 0; i < 10 && focused != "/login"; i++ {
		tb.do("tab", chromedp.KeyEvent(kb.Tab))
		focused = eval[string](tb, `document.activeElement.getAttribute('href') || ''`)
	}
	if focused != "/login" {
		t.Fatalf("Tab never reached Log in")
	}
	if o := eval[string](tb, `getComputedStyle(document.activeElement).outlineStyle`); o == "none" {
		t.Errorf("Log in has focus but no visible outline")
	}
	tb.do("Enter on Log in", chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(chromedp.CSS(`#username`)))
	if h := tb.text("h1"); h != "Log in" {
		t.Errorf("Log in link led to %q", h)
	}

	user := fmt.Sprintf("reader%d", time.Now().UnixNano()%1_000_000)
	tb.registerByForm(user)
	check([]string{"/account", "/designs/" + ref, "/library"})
	if href := eval[string](tb, `document.querySelector('header.site .who a').getAttribute('href')`); href != "/account" {
		t.Errorf("the name links to %q", href)
	}
	tb.do("log out", chromedp.Click(chromedp.CSS(`header.site form.logout button`)),
		chromedp.WaitVisible(chromedp.CSS(`header.site a[href="/login"]`)))
	if res := eval[int](tb, `fetch('/account', {redirect: 'manual'}).then(r => r.type === 'opaqueredirect' ? 303 : r.status)`); res != 303 {
		t.Errorf("after logging out /account answers %d, want a redirect", res)
	}
	tb.checkPage("home after logging out")
}

// pdfHasName reports whether a PDF names name: in its text or its title
// (fpdf writes a UTF-8 title as UTF-16BE).
func pdfHasName(pdf []byte, name string) bool {
	if bytes.Contains(pdf, []byte(name)) {
		return true
	}
	var u []byte
	for _, r := range utf16.Encode([]rune(name)) {
		u = append(u, byte(r>>8), byte(r))
	}
	return bytes.Contains(pdf, u)
}

// TestAcceptanceFlow is the player's whole round trip in Chromium:
// register, save a public design from the designer, find it in the library
// by search, open its page, download the record sheet, compare it with a
// sample, fork a sample from its page; then a second player opening the
// first player's design in the designer forks it instead of saving over
// it, and a PUT from the second player is refused with 403.
func TestAcceptanceFlow(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	user := fmt.Sprintf("pilot%d", time.Now().UnixNano()%1_000_000)
	tb.registerByForm(user)
	name := "Accept " + user
	tb.openDesigner("/designer")
	// A legal design to publish: the reference cruiser, pasted into the
	// import dialog, then renamed.
	ref, err := os.ReadFile(filepath.Join("..", "testdata", "reference-cruiser.json"))
	if err != nil {
		t.Fatal(err)
	}
	tb.do("open import", chromedp.Click(chromedp.CSS("#import")), chromedp.WaitVisible(chromedp.CSS("#import-text")))
	tb.do("paste", chromedp.SetValue(chromedp.CSS("#import-text"), string(ref)),
		chromedp.Click(chromedp.CSS("#import-dialog .actions .primary")))
	waitFor(t, tb, `!document.getElementById('import-dialog')`, "the import")
	tb.settle()
	tb.typeInto("name", name)
	tb.do("public", chromedp.SetValue(chromedp.CSS("#visibility"), "public"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('visibility').dispatchEvent(new Event('change', {bubbles: true}))`))
	tb.click("#save")
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	id := eval[string](tb, `new URLSearchParams(location.search).get('from') || ''`)
	if vis := eval[string](tb, `fetch('/api/v1/designs/`+id+`').then(r => r.json()).then(d => d.visibility)`); vis != "public" {
		t.Fatalf("saved as %q, want public", vis)
	}

	// Find it in the library by search, from the search form.
	tb.open("/library")
	tb.do("search", chromedp.SendKeys(chromedp.CSS(`form.search input[name="q"]`), user+kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(`a.card-link[href="/designs/`+id+`"]`)))
	tb.checkPage("library search")
	tb.do("open the design", chromedp.Click(chromedp.CSS(`a.card-link[href="/designs/`+id+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#h-print`)))
	if h := tb.text("h1"); h != name {
		t.Errorf("design page h1 %q", h)
	}
	// The record sheet, as the Print form asks for it.
	type dl struct {
		Status      int
		Type, Body  string
		Disposition string
	}
	got := eval[dl](tb, `(async () => {
		const f = document.querySelector('form[action$="/sheet.pdf"]');
		const r = await fetch(f.action + '?' + new URLSearchParams(new FormData(f)));
		const b = new Uint8Array(await r.arrayBuffer());
		let s = ''; for (const c of b) s += String.fromCharCode(c);
		return {status: r.status, type: r.headers.get('content-type'), body: btoa(s), disposition: r.headers.get('content-disposition') || ''};
	})()`)
	pdf, _ := base64.StdEncoding.DecodeString(got.Body)
	if got.Status != 200 || !strings.HasPrefix(got.Type, "application/pdf") || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("record sheet: %d %s, %d bytes", got.Status, got.Type, len(pdf))
	} else if !pdfHasName(pdf, name) {
		t.Errorf("the record sheet does not name %q", name)
	}

	// Compare with a sample.
	refID := sampleID(tb, "thunderchild")
	refName := eval[string](tb, `fetch('/api/v1/designs/`+refID+`').then(r => r.json()).then(d => d.name)`)
	tb.open("/compare?ids=" + id + "," + refID)
	if body := tb.text("main"); !strings.Contains(body, name) || !strings.Contains(body, refName) {
		t.Errorf("compare does not show both designs: %.400s", body)
	}
	tb.checkPage("compare")

	// Fork a sample from its page.
	tb.open("/designs/" + refID)
	tb.do("fork", chromedp.SetValue(chromedp.CSS("#fork-name"), "Fork of "+user),
		chromedp.Click(chromedp.CSS(`form[action$="/fork"] button`)))
	waitFor(t, tb, `!!document.querySelector('h1') && document.querySelector('h1').textContent === `+jsString("Fork of "+user), "the fork's page")
	if body := tb.text("main"); !strings.Contains(body, "Fork of "+user) || !strings.Contains(body, "Forked from") {
		t.Errorf("the fork's page: %.200s", body)
	}

	// A second player cannot edit it.
	b := newTab(t)
	other := "other" + user
	b.registerByForm(other)
	b.openDesigner("/designer?from=" + id)
	if mode := b.text("#save-status .mode"); !strings.HasPrefix(mode, "Forking") {
		t.Errorf("second player's designer: %q, want forking", mode)
	}
	b.typeInto("name", "Not yours")
	b.click("#save")
	waitFor(t, b, `/saved as your fork/.test(document.getElementById('save-status').textContent)`, "the second player's fork")
	if fork := eval[string](b, `new URLSearchParams(location.search).get('from') || ''`); fork == id || fork == "" {
		t.Errorf("the second player's save went to %q", fork)
	}
	status := eval[int](b, `(async () => {
		const r = await fetch('/api/v1/designs/`+id+`');
		const d = await r.json();
		const put = await fetch('/api/v1/designs/`+id+`', {method: 'PUT', headers: {'Content-Type': 'application/json', 'If-Match': r.headers.get('ETag')},
			body: JSON.stringify({visibility: 'public', design: {...d.design, name: 'Hijacked'}})});
		return put.status;
	})()`)
	if status != 403 {
		t.Errorf("second player's PUT: %d, want 403", status)
	}
	if n := eval[string](tb, `fetch('/api/v1/designs/`+id+`').then(r => r.json()).then(d => d.name)`); n != name {
		t.Errorf("the first player's design is now named %q", n)
	}
}
