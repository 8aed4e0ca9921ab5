package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPlayLocalSignedOut plays without an account: signed out, /play
// starts a game from the sample cruiser wing kept in this browser only;
// hull hits and a system marked, the numbers on screen are the server's
// answer for the same sides and changes (POST /api/v1/play/derive); a
// reload with the network cut keeps every mark; then the player
// registers and keeps the game in the account, and the stored game has
// every mark. axe finds nothing serious on the signed-out pages. At 1024x768 and 390x844, with touch.
func TestPlayLocalSignedOut(t *testing.T) {
	for _, vp := range []struct {
		w, h int64
		name string
	}{{1024, 768, "1024"}, {390, 844, "390"}} {
		t.Run(vp.name, func(t *testing.T) {
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateTouch}
			if vp.w < 500 {
				opts = append(opts, chromedp.EmulateMobile)
			}
			playLocal(t, vp.w, vp.h, opts)
		})
	}
}

func playLocal(t *testing.T, w, h int64, opts []chromedp.EmulateViewportOption) {
	tb := newTab(t)
	tb.do("viewport", chromedp.EmulateViewport(w, h, opts...))
	tb.open("/play")
	wing := sampleFleet(tb, "Cruiser Wing")
	waitFor(t, tb, `!!document.querySelector('#side-a option[value=`+jsString(wing)+`]')`, "the public fleets to choose from")
	if txt := tb.text("#play-app"); !strings.Contains(txt, "kept in this browser only") {
		t.Errorf("signed out, /play says %q", txt)
	}
	tb.checkPage("table mode signed out, the list")
	tb.do("start", chromedp.SetValue(chromedp.CSS("#side-a"), wing),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('side-a').dispatchEvent(new Event('change', {bubbles: true}))`),
		chromedp.Tap(chromedp.CSS(`form.start button[type="submit"]`)))
	waitFor(t, tb, `location.pathname.startsWith('/play/local/') && (document.getElementById('play-app') || {dataset: {}}).dataset.ready === 's1'`, "the local game's first sheet")
	waitFor(t, tb, `(document.getElementById('play-app') || {dataset: {}}).dataset.kept === 'true'`, "the page kept for offline use")
	local := eval[string](tb, `location.pathname`)

	for i := 1; i <= 6; i++ {
		tb.tapBox(fmt.Sprintf("core.hull.1.%d", i))
	}
	tb.tapBox("core.system.2.1") // the reactor: damaged, then destroyed
	tb.tapBox("core.system.2.1")
	waitLocal := func() {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for tb.text(".sync") != "All marks kept in this browser." {
			if time.Now().After(deadline) {
				t.Fatalf("the server's numbers did not come within 30 s: %q", tb.text(".sync"))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitLocal()
	if n := tb.marked(); n != 7 {
		t.Errorf("%d boxes marked on screen, want 7", n)
	}
	// The numbers on screen are the server's answer for the same sides and
	// changes, asked here again.
	type num struct {
		Key        string
		Start, Now int
	}
	ns := eval[[]num](tb, `fetch('/api/v1/play/derive', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({sides: [{fleet: `+jsString(wing)+`}], ops: [1, 2, 3, 4, 5, 6].map(i => ({op: 'mark', ship: 's1', box: 'core.hull.1.' + i, mark: 'hit'}))
			.concat([{op: 'mark', ship: 's1', box: 'core.system.2.1', mark: 'destroyed'}])})}).then(r => r.json()).then(g => g.ships[0].state.numbers)`)
	byKey := map[string]num{}
	for _, n := range ns {
		byKey[n.Key] = n
	}
	if h := byKey["hull.core"]; h.Now != h.Start-6 || byKey["ems"].Now >= byKey["ems"].Start {
		t.Errorf("the server's numbers: %+v", ns)
	}
	for _, k := range []string{"hull.core", "ems"} {
		want := fmt.Sprintf("%d of %d", byKey[k].Now, byKey[k].Start)
		if got := tb.text(`#numbers dd[data-key="` + k + `"]`); got != want {
			t.Errorf("%s on screen %q, the server's %q", k, got, want)
		}
	}
	// Undo and redo, then the turn.
	tb.do("undo", chromedp.Tap(chromedp.CSS("#undo")))
	waitLocal()
	tb.do("redo", chromedp.Tap(chromedp.CSS("#redo")))
	waitLocal()
	tb.do("next turn", chromedp.Tap(chromedp.CSS("#turn-next")))
	waitLocal()
	if n := tb.marked(); n != 7 || tb.text("#turn") != "Turn 2" {
		t.Errorf("after undo, redo and a turn: %d marks, %q", n, tb.text("#turn"))
	}
	tb.checkPage("table mode signed out, a game")

	// The network cut: a reload keeps every mark; a new one waits.
	tb.setOffline(true)
	tb.do("reload offline", chromedp.Reload())
	waitFor(t, tb, `(document.getElementById('play-app') || {dataset: {}}).dataset.ready === 's1'`, "the sheet offline")
	if n := tb.marked(); n != 7 {
		t.Errorf("offline after a reload: %d boxes marked, want 7", n)
	}
	tb.tapBox("core.hull.1.7")
	waitFor(t, tb, `(document.querySelector('.sync') || {}).textContent.startsWith('No connection')`, "the page to say it is offline")
	tb.setOffline(false)
	waitLocal()

	// Register, then keep the game in the account.
	user := fmt.Sprintf("wanderer%d", time.Now().UnixNano()%1_000_000)
	if st := eval[int](tb, `fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({username: `+jsString(user)+`, password: 'correct horse battery'})}).then(r => r.status)`); st != 201 {
		t.Fatalf("register: %d", st)
	}
	tb.open(local)
	waitFor(t, tb, `!!document.getElementById('keep-game')`, "the offer to keep the game")
	tb.checkA11y("table mode, a game kept in the browser, signed in") // the console holds the offline attempts
	// Keeping it without a connection fails in words, and keeps the game here.
	tb.setOffline(true)
	tb.do("keep offline", chromedp.Tap(chromedp.CSS("#keep-game")))
	waitFor(t, tb, `!!document.querySelector('.keep [role="alert"]')`, "the page to say the game was not kept")
	if msg := tb.text(`.keep [role="alert"]`); !strings.Contains(msg, "still kept in this browser") {
		t.Errorf("keeping offline says %q", msg)
	}
	if n := tb.marked(); n != 8 || !eval[bool](tb, `Object.keys(localStorage).some(k => k.startsWith('slipway.local:'))`) {
		t.Errorf("after a failed keep: %d marks on screen, want 8, or the game left the browser", n)
	}
	tb.setOffline(false)
	tb.do("keep", chromedp.Tap(chromedp.CSS("#keep-game")))
	waitFor(t, tb, `!location.pathname.startsWith('/play/local/') && (document.getElementById('play-app') || {dataset: {}}).dataset.ready === 's1'`, "the stored game")
	id := eval[string](tb, `location.pathname.slice('/play/'.length)`)
	type stored struct {
		Turn  int
		Ships []struct{ Marks map[string]string }
	}
	g := eval[stored](tb, `fetch('/api/v1/games/`+id+`').then(r => r.json())`)
	if len(g.Ships) != 4 || len(g.Ships[0].Marks) != 8 || g.Ships[0].Marks["core.system.2.1"] != "destroyed" || g.Ships[0].Marks["core.hull.1.7"] != "hit" || g.Turn != 2 {
		t.Errorf("the stored game: %+v", g)
	}
	if n := tb.marked(); n != 8 {
		t.Errorf("the stored game's page shows %d marks, want 8", n)
	}
	if eval[bool](tb, `Object.keys(localStorage).some(k => k.startsWith('slipway.local:'))`) {
		t.Errorf("the game is still kept in the browser only too")
	}
}
