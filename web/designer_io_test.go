package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// TestDesignerImportExport imports pasted JSON: text that is not JSON and
// a document the server cannot read are refused with a message and
// change nothing; the reference cruiser imports (CV 100), undo takes it
// back, and Export JSON downloads the document.
func TestDesignerImportExport(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openDesigner("/designer")
	tb.typeInto("name", "Before the import")
	paste := func(text string) {
		t.Helper()
		tb.do("open import", chromedp.Click(chromedp.CSS("#import")), chromedp.WaitVisible(chromedp.CSS("#import-text")))
		tb.do("paste", chromedp.SetValue(chromedp.CSS("#import-text"), text),
			chromedp.Click(chromedp.CSS("#import-dialog .actions .primary")))
	}
	for _, bad := range []struct{ text, want string }{
		{`{"name": "x",`, "is not JSON"},
		{`{"name": 3}`, "R-JSON-03"},
	} {
		paste(bad.text)
		waitFor(t, tb, `!!document.getElementById('import-error')`, "the import error")
		if msg := tb.text("#import-error"); !strings.Contains(msg, bad.want) || !strings.Contains(msg, "Nothing was changed") {
			t.Errorf("importing %s: %q", bad.text, msg)
		}
		tb.do("close", chromedp.Click(chromedp.CSS(`#import-dialog .modal-head button`)))
		if v := eval[string](tb, `document.querySelector('[data-path="name"]').value`); v != "Before the import" {
			t.Errorf("a refused import changed the name to %q", v)
		}
	}
	ref, err := os.ReadFile(filepath.Join("..", "testdata", "reference-cruiser.json"))
	if err != nil {
		t.Fatal(err)
	}
	paste(string(ref))
	waitFor(t, tb, `!document.getElementById('import-dialog')`, "the import")
	tb.settle()
	if cv := tb.text("#stat-cv .value"); cv != "100" {
		t.Errorf("imported reference cruiser: CV %q", cv)
	}

	dir := t.TempDir()
	tb.do("allow downloads", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		c := chromedp.FromContext(tb.ctx)
		_, err := cdp.Call(ctx, c.Browser, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, BrowserContextID: c.BrowserContextID, DownloadPath: dir})
		return err
	}))
	tb.do("export", chromedp.Click(chromedp.CSS("#export")))
	file := filepath.Join(dir, "reference-cruiser.json")
	var got map[string]any
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if b, err := os.ReadFile(file); err == nil && json.Unmarshal(b, &got) == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no export in %s", dir)
		}
	}
	if got["name"] != "Reference Cruiser" || got["techLevel"] != float64(5) {
		t.Errorf("exported %v", got)
	}

	tb.click("#undo")
	if v := eval[string](tb, `document.querySelector('[data-path="name"]').value`); v != "Before the import" {
		t.Errorf("undo after the import: name %q", v)
	}
	// The refused document's 400 is the one error this page may log.
	if errs := tb.consoleErrors("400"); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}

// TestDesignerForksSample opens a sample from the library in the designer
// as another player: saving makes that player's own fork, with the
// sample as its parent.
func TestDesignerForksSample(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	user := fmt.Sprintf("forker%d", time.Now().UnixNano()%1_000_000)
	sample := eval[string](tb, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: '`+user+`', password: 'correct horse battery'})});
		const p = await (await fetch('/api/v1/library?q=thunderchild')).json();
		return p.designs[0].id;
	})()`)
	tb.openDesigner("/designer?from=" + sample)
	if mode := tb.text("#save-status .mode"); !strings.HasPrefix(mode, "Forking") {
		t.Fatalf("status %q, want forking", mode)
	}
	tb.typeInto("name", "Thunderchild refit")
	tb.click("#save")
	waitFor(t, tb, `/saved as your fork/.test(document.getElementById('save-status').textContent)`, "the fork")
	id := eval[string](tb, `new URLSearchParams(location.search).get('from') || ''`)
	type design struct {
		Name, Owner string
		Parent      struct{ ID string }
	}
	d := eval[design](tb, `fetch('/api/v1/designs/`+id+`').then(r => r.json())`)
	if id == sample || d.Owner != user || d.Parent.ID != sample || d.Name != "Thunderchild refit" {
		t.Errorf("fork %s of %s: %+v", id, sample, d)
	}
	if mode := tb.text("#save-status .mode"); !strings.HasPrefix(mode, "Editing your design") {
		t.Errorf("after the fork the status is %q", mode)
	}
	tb.checkPage("designer after a fork")
}

// TestDesignerOpensEverySample opens each Metaverse design of the sample
// library in the designer: every part of each (squadrons, hangar bays,
// deflectors, marines, indirect weapons) renders, the panel shows the
// combat value the library stored, and the page passes the checks of every
// page. (The library also holds Battleshift's samples, which
// TestDesignerOpensBattleshiftSamples opens.)
func TestDesignerOpensEverySample(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	type entry struct {
		ID, Name   string
		Evaluation struct{ CV int }
	}
	samples := eval[[]entry](tb, `fetch('/api/v1/library?ruleset=metaverse&limit=100').then(r => r.json()).then(p => p.designs.filter(d => d.owner === 'slipway'))`)
	if len(samples) < 10 {
		t.Fatalf("%d samples in the library", len(samples))
	}
	for _, s := range samples {
		tb.openDesigner("/designer?from=" + s.ID)
		if cv := tb.text("#stat-cv .value"); cv != fmt.Sprint(s.Evaluation.CV) {
			t.Errorf("%s: the designer shows CV %s, the library %d", s.Name, cv, s.Evaluation.CV)
		}
		if n := eval[int](tb, `document.querySelectorAll('.field-problems li.error').length`); n != 0 {
			t.Errorf("%s: %d errors beside fields of a legal sample", s.Name, n)
		}
		if strings.Contains(s.Name, "Einstein") { // the carrier: squadrons and hangar bays too
			tb.checkPage("designer with " + s.Name)
		}
	}
}
