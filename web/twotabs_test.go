package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sameSessionTab opens a second tab in tb's browser context: the same
// cookies (so the same signed-in session) and the same local storage.
func sameSessionTab(tb *tab) *tab {
	tb.t.Helper()
	ctx, cancel := chromedp.NewContext(tb.ctx)
	second := &tab{t: tb.t, ctx: ctx, base: tb.base}
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		tb.t.Fatalf("open a second tab: %v", err)
	}
	lctx, lcancel := context.WithCancel(ctx)
	msgs := chromedp.Console(lctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			second.mu.Lock()
			second.console = append(second.console, m)
			second.mu.Unlock()
		}
	}()
	tb.t.Cleanup(func() {
		lcancel()
		cancel()
	})
	return second
}

// TestDesignerConflictTwoTabs is TestDesignerConflictingSave with two tabs
// of one browser session rather than two sessions: the same player, signed
// in once, edits one design in two tabs that share cookies and local
// storage. The second save meets the first (412), the conflict dialog
// lists both edits, and saving on top keeps them as versions 2 and 3.
func TestDesignerConflictTwoTabs(t *testing.T) {
	t.Parallel()
	a := newTab(t)
	a.open("/")
	user := fmt.Sprintf("onesession%d", time.Now().UnixNano()%1_000_000)
	id := eval[string](a, `(async () => {
		const post = (u, b) => fetch(u, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(b)});
		await post('/api/v1/auth/register', {username: '`+user+`', password: 'correct horse battery'});
		const doc = await (await fetch('/api/v1/library?q=reference')).json();
		const ref = await (await fetch('/api/v1/designs/' + doc.designs[0].id)).json();
		const mine = await (await post('/api/v1/designs', {visibility: 'private', design: ref.design})).json();
		return mine.id;
	})()`)
	a.openDesigner("/designer?from=" + id)
	b := sameSessionTab(a)
	b.openDesigner("/designer?from=" + id)
	if who := b.text("#whoami"); who != user {
		t.Fatalf("the second tab is signed in as %q, want %q (the same session)", who, user)
	}
	if mode := b.text("#save-status .mode"); !strings.HasPrefix(mode, "Editing your design") {
		t.Fatalf("second tab: %q", mode)
	}
	a.typeInto("name", "Edited in tab A")
	b.typeInto("universe", "Edited in tab B")
	a.click("#save")
	waitFor(t, a, `/saved as version 2/.test(document.getElementById('save-status').textContent)`, "tab A's save")
	b.click("#save")
	b.do("the conflict dialog", chromedp.WaitVisible(chromedp.CSS("#conflict")))
	diff := b.text("#conflict table.diff")
	for _, want := range []string{"name", "Edited in tab A", "universe", "Edited in tab B"} {
		if !strings.Contains(diff, want) {
			t.Errorf("the conflict dialog does not show %q:\n%s", want, diff)
		}
	}
	b.click(`#conflict [data-choice="mine"]`)
	waitFor(t, b, `/saved as version 3/.test(document.getElementById('save-status').textContent)`, "tab B's save on top")
	type version struct{ Name, Universe string }
	vs := eval[[]version](b, `Promise.all([2, 3].map(n => fetch('/api/v1/designs/`+id+`/versions/' + n).then(r => r.json())
		.then(v => ({name: v.design.name, universe: v.design.universe}))))`)
	if len(vs) != 2 || vs[0].Name != "Edited in tab A" || vs[1].Universe != "Edited in tab B" {
		t.Errorf("versions 2 and 3: %+v", vs)
	}
	if errs := b.consoleErrors("412"); len(errs) > 0 {
		t.Errorf("second tab: console errors besides the 412: %v", errs)
	}
	if errs := a.consoleErrors(); len(errs) > 0 {
		t.Errorf("first tab: console errors: %v", errs)
	}
}
