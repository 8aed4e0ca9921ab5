package web_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestPageWeight records the bytes of HTML, JavaScript and CSS each page
// loads, uncompressed and as sent, for docs/performance.md. The targets
// (designer at most 200 KB uncompressed, other pages 50 KB) are recorded
// there, not asserted here.
func TestPageWeight(t *testing.T) {
	tb := newTab(t)
	type weight struct{ HTML, JS, CSS, Sent, Files int }
	for _, path := range []string{"/", "/designer"} {
		tb.open(path)
		if path == "/designer" {
			tb.do("designer ready", chromedp.WaitVisible(chromedp.CSS(`.design-form`)))
		}
		w := eval[weight](tb, `(() => {
			const nav = performance.getEntriesByType('navigation')[0];
			const w = {html: nav.decodedBodySize, js: 0, css: 0, sent: nav.transferSize, files: 1};
			for (const r of performance.getEntriesByType('resource')) {
				const u = new URL(r.name);
				if (u.pathname.endsWith('.js')) w.js += r.decodedBodySize;
				else if (u.pathname.endsWith('.css')) w.css += r.decodedBodySize;
				else continue;
				w.sent += r.transferSize;
				w.files++;
			}
			return w;
		})()`)
		total := w.HTML + w.JS + w.CSS
		t.Logf("%s: %d bytes uncompressed (HTML %d, JS %d, CSS %d) in %d files; %d bytes sent with gzip",
			path, total, w.HTML, w.JS, w.CSS, w.Files, w.Sent)
		if w.HTML == 0 || (path == "/designer" && w.JS == 0) || w.CSS == 0 {
			t.Errorf("%s: the page loaded no HTML, JS or CSS: %+v", path, w)
		}
	}
}

// TestScreenshots writes screenshots of the home page and the designer
// (with the reference cruiser from the sample library, in both colour
// schemes) at 1280 and 390 px into $SLIPWAY_SCREENSHOTS. It runs only when
// that variable names a directory: go test ./web -run TestScreenshots
// with SLIPWAY_SCREENSHOTS=$PWD/docs/screenshots.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("SLIPWAY_SCREENSHOTS")
	if dir == "" {
		t.Skip("set SLIPWAY_SCREENSHOTS to a directory to write screenshots")
	}
	tb := newTab(t)
	tb.open("/")
	id := eval[string](tb, `fetch('/api/v1/library?q=reference').then(r => r.json()).then(p => p.designs[0].id)`)
	shots := []struct {
		name, path, scheme string
		width, height      int64
	}{
		{"home-1280", "/", "light", 1280, 800},
		{"home-390", "/", "light", 390, 844},
		{"designer-1280", "/designer?from=" + id, "light", 1280, 1000},
		{"designer-390", "/designer?from=" + id, "light", 390, 844},
		{"designer-1280-dark", "/designer?from=" + id, "dark", 1280, 1000},
	}
	for _, s := range shots {
		tb.do("viewport", chromedp.EmulateViewport(s.width, s.height), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s.scheme}}})
			return err
		}))
		if s.width < 500 {
			tb.do("phone", chromedp.EmulateViewport(s.width, s.height, chromedp.EmulateMobile))
		}
		tb.open(s.path)
		if s.path != "/" {
			tb.do("designer ready", chromedp.WaitVisible(chromedp.CSS(`.design-form`)))
			tb.settle()
		}
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(s.width) {
			t.Errorf("%s: the page is %d px wide in a %d px window", s.name, w, s.width)
		}
		ctx, cancel := context.WithTimeout(tb.ctx, 30e9)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
