package web_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/slipway/slipway/internal/qrtest"
)

// sheetQR prints path (a PDF route) from the studio, renders its first
// page with pdftoppm and reads its QR code with a QR reader (gozxing).
func sheetQR(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return qrtest.ReadPDF(t, b)
}

// TestVerifyPageInBrowser: the QR code of a printed record sheet opens
// its verification page in Chromium, which says "Matches" with the
// numbers printed, and after a new version names it beside the numbers;
// axe finds no serious or critical problem at 1024 and 390 px, light and
// dark; with SLIPWAY_SCREENSHOTS the page is saved at both widths.
func TestVerifyPageInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	ref := sampleID(tb, "reference+cruiser")
	user := fmt.Sprintf("verifier%d", time.Now().UnixNano()%1_000_000)
	id := eval[string](tb, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: '`+user+`', password: 'correct horse battery'})});
		const src = await (await fetch('/api/v1/designs/`+ref+`')).json();
		const res = await fetch('/api/v1/designs', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({visibility: 'public', design: {...src.design, name: 'Verified Cruiser'}})});
		return (await res.json()).id;
	})()`)
	if id == "" {
		t.Fatal("could not save a design")
	}
	link := sheetQR(t, tb.base+"/api/v1/designs/"+id+"/sheet.pdf")
	path, ok := strings.CutPrefix(link, tb.base)
	if !ok || !strings.HasPrefix(path, "/v/") {
		t.Fatalf("the sheet's QR code reads %q, not a page of %s", link, tb.base)
	}
	tb.open(path)
	if h := tb.text("h1"); !strings.HasPrefix(h, "Matches") {
		t.Errorf("the verification page's heading: %q", h)
	}
	nums := tb.text("table.data")
	for _, want := range []string{"Combat value", "100", "Points", "111"} {
		if !strings.Contains(nums, want) {
			t.Errorf("the numbers printed lack %q: %q", want, nums)
		}
	}
	shots := []struct {
		name   string
		width  int64
		scheme string
	}{{"verify-1024", 1024, "light"}, {"verify-390", 390, "light"}, {"verify-390-dark", 390, "dark"}}
	shoot := func(suffix string) {
		for _, s := range shots {
			tb.scheme(s.scheme)
			if s.width < 500 {
				tb.do("phone", chromedp.EmulateViewport(s.width, 844, chromedp.EmulateMobile))
			} else {
				tb.do("desktop", chromedp.EmulateViewport(s.width, 768))
			}
			tb.open(path)
			tb.checkPage(s.name + suffix)
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(s.width) {
				t.Errorf("%s: the page is %d px wide in a %d px window", s.name+suffix, w, s.width)
			}
			dir := os.Getenv("SLIPWAY_SCREENSHOTS")
			if dir == "" || s.scheme == "dark" {
				continue
			}
			ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			if err := os.WriteFile(filepath.Join(dir, s.name+suffix+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tb.scheme("light")
	}
	shoot("")

	// Version 2 with another core: the paper still matches version 1,
	// and the page says a newer version exists, with its numbers.
	eval[int](tb, `(async () => {
		const d = (await (await fetch('/api/v1/designs/`+id+`')).json()).design;
		d.name = 'Verified Cruiser Refit';
		d.sections.core.layers[0].hullHits = 12;
		return (await fetch('/api/v1/designs/`+id+`', {method: 'PUT', headers: {'Content-Type': 'application/json', 'If-Match': '"v1"'},
			body: JSON.stringify({design: d})})).status;
	})()`)
	tb.do("desktop", chromedp.EmulateViewport(1024, 768))
	tb.open(path)
	if c := tb.text("#h-changes + ul"); !strings.Contains(c, "A newer version of this design exists: version 2") {
		t.Errorf("after version 2 the page says: %q", c)
	}
	if th := tb.text("table.data thead"); !strings.Contains(th, "Version 2") {
		t.Errorf("the numbers' table has no column for version 2: %q", th)
	}
	shoot("-newer")

	// A private design: its page offers its owner a share link; the
	// sheet printed with it verifies for a stranger's browser.
	tb.do("desktop", chromedp.EmulateViewport(1024, 768))
	priv := eval[string](tb, `(async () => {
		const src = await (await fetch('/api/v1/designs/`+ref+`')).json();
		const res = await fetch('/api/v1/designs', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({visibility: 'private', design: {...src.design, name: 'Secret Cruiser'}})});
		return (await res.json()).id;
	})()`)
	tb.open("/designs/" + priv)
	tb.checkPage("a private design's page, no share link")
	tb.do("make a share link", chromedp.Click(chromedp.CSS(`#share button[type="submit"]`)), chromedp.WaitReady(chromedp.CSS(`#share input[value="revoke"]`)))
	tb.checkPage("a private design's page with its share link")
	pdf := eval[string](tb, `(async () => {
		const b = new Uint8Array(await (await fetch('/api/v1/designs/`+priv+`/card.pdf')).arrayBuffer());
		let s = ''; for (const x of b) s += String.fromCharCode(x); return btoa(s);
	})()`)
	raw, err := base64.StdEncoding.DecodeString(pdf)
	if err != nil {
		t.Fatal(err)
	}
	shared := qrtest.ReadPDF(t, raw)
	if !strings.Contains(shared, "?share=") {
		t.Fatalf("the private design's card links to %q, without its share link", shared)
	}
	stranger := newTab(t)
	stranger.open(strings.TrimPrefix(shared, tb.base))
	if h := stranger.text("h1"); !strings.HasPrefix(h, "Matches") {
		t.Errorf("a stranger with the shared card's link: %q", h)
	}
	stranger.open(strings.SplitN(strings.TrimPrefix(shared, tb.base), "?", 2)[0])
	if h := stranger.text("h1"); h != "No sheet with this code" {
		t.Errorf("a stranger without the share link: %q", h)
	}
}

// TestFleetPinInBrowser: the fleet builder pins a fleet to the model it
// was agreed under, and its panel then says what today's model says, in
// numbers the server answered; the saved fleet's page says the same.
func TestFleetPinInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	id := sampleFleet(tb, "Cruiser Wing")
	tb.do("desktop", chromedp.EmulateViewport(1280, 1000))
	tb.open("/fleets/" + id + "/edit")
	tb.do("builder ready", chromedp.WaitVisible(chromedp.CSS(`.fleet-form`)))
	tb.settle()
	if n := eval[int](tb, `document.querySelectorAll('#pin-note').length`); n != 0 {
		t.Fatal("an unpinned fleet has a note on its model")
	}
	tb.choose("model", "metaverse-cv/1")
	waitFor(t, tb, `!!document.querySelector('#pin-note')`, "the note on the pinned model")
	note := tb.text("#pin-note")
	want := eval[string](tb, `(async () => {
		const doc = JSON.parse(JSON.stringify(`+"(await (await fetch('/api/v1/fleets/"+id+"')).json()).fleet"+`));
		doc.model = 'metaverse-cv/1';
		const r = await (await fetch('/api/v1/fleets/evaluate', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(doc)})).json();
		return r.current.totals.cv + ' CV and ' + r.current.totals.points + ' points';
	})()`)
	if !strings.Contains(note, "Agreed under metaverse-cv/1") || !strings.Contains(note, want) {
		t.Errorf("the builder's note %q, want the server's current numbers %q", note, want)
	}
	tb.checkPage("fleet builder with a pinned model")
	if dir := os.Getenv("SLIPWAY_SCREENSHOTS"); dir != "" {
		eval[bool](tb, `(document.getElementById('pin-note').scrollIntoView({block: 'center'}), true)`)
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "fleet-builder-pinned-1280.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFleetShareQRPhone is the QR flow on a phone (390 × 844, touch):
// the owner of a private fleet makes its share link with the fleet
// page's button, prints the pack, and a stranger's phone opens the link
// read off the pack's QR code: "Matches" with the fleet's numbers, no
// sideways scrolling, axe clean, light and dark; revoked, the same link
// says there is no such sheet. With SLIPWAY_SCREENSHOTS the stranger's
// page is saved as verify-fleet-390.png.
func TestFleetShareQRPhone(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	phone := func(tb *tab) {
		tb.do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	}
	phone(tb)
	tb.open("/")
	sample := sampleFleet(tb, "Cruiser Wing")
	user := fmt.Sprintf("admiral%d", time.Now().UnixNano()%1_000_000)
	id := eval[string](tb, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: '`+user+`', password: 'correct horse battery'})});
		const src = (await (await fetch('/api/v1/fleets/`+sample+`')).json()).fleet;
		const res = await fetch('/api/v1/fleets', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({visibility: 'private', fleet: {...src, name: 'Secret Wing'}})});
		return (await res.json()).id;
	})()`)
	if id == "" {
		t.Fatal("could not save a private fleet")
	}
	tb.open("/fleets/" + id)
	tb.checkPage("a private fleet's page on a phone, no share link")
	tb.do("make a share link", chromedp.Click(chromedp.CSS(`#share button[type="submit"]`)), chromedp.WaitReady(chromedp.CSS(`#share input[value="revoke"]`)))
	tb.checkPage("a private fleet's page on a phone, with its share link")
	pdf := eval[string](tb, `(async () => {
		const b = new Uint8Array(await (await fetch('/api/v1/fleets/`+id+`/pack.pdf')).arrayBuffer());
		let s = ''; for (const x of b) s += String.fromCharCode(x); return btoa(s);
	})()`)
	raw, err := base64.StdEncoding.DecodeString(pdf)
	if err != nil {
		t.Fatal(err)
	}
	link := qrtest.ReadPDF(t, raw)
	path, ok := strings.CutPrefix(link, tb.base)
	if !ok || !strings.HasPrefix(path, "/v/") || !strings.Contains(path, "?share=") {
		t.Fatalf("the shared fleet's pack links to %q, not its verification page with the share link", link)
	}
	want := eval[string](tb, `fetch('/api/v1/fleets/`+id+`').then(r => r.json()).then(f => f.evaluation.totals.cv + ' CV')`)

	stranger := newTab(t)
	phone(stranger)
	for _, scheme := range []string{"light", "dark"} {
		stranger.scheme(scheme)
		stranger.open(path)
		if h := stranger.text("h1"); !strings.HasPrefix(h, "Matches") {
			t.Errorf("%s: a stranger's phone with the pack's link: %q", scheme, h)
		}
		if nums := stranger.text("table.data"); !strings.Contains(nums, want) {
			t.Errorf("%s: the numbers printed %q lack the fleet's %s", scheme, nums, want)
		}
		if strings.Contains(eval[string](stranger, `document.querySelector('main').innerHTML`), "/fleets/"+id) {
			t.Errorf("%s: the shared page links to the private fleet", scheme)
		}
		stranger.checkPage("the shared fleet pack's verification at 390 px, " + scheme)
		if w := eval[int](stranger, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s: the page is %d px wide in a 390 px window", scheme, w)
		}
		if dir := os.Getenv("SLIPWAY_SCREENSHOTS"); dir != "" && scheme == "light" {
			ctx, cancel := context.WithTimeout(stranger.ctx, 30*time.Second)
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "verify-fleet-390.png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	stranger.scheme("light")

	tb.do("revoke", chromedp.Click(chromedp.CSS(`#share button[type="submit"]`)), chromedp.WaitReady(chromedp.CSS(`#share input[value="create"]`)))
	stranger.open(path)
	if h := stranger.text("h1"); h != "No sheet with this code" {
		t.Errorf("the revoked link on a stranger's phone: %q", h)
	}
}
