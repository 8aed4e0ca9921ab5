package web_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"rsc.io/pdf"
)

// The fleet builder in Chromium: the acceptance test of issue 10's web
// fleet builder, with the helpers it needs.

// openBuilder opens a fleet builder URL and waits for its first evaluation.
func (tb *tab) openBuilder(path string) {
	tb.t.Helper()
	tb.open(path)
	tb.do("fleet builder ready", chromedp.WaitVisible(chromedp.CSS(`.fleet-form`)))
	tb.settle()
}

// addShip finds a design by typing into the builder's search box and
// clicks its Add button.
func (tb *tab) addShip(q, name string) {
	tb.t.Helper()
	cur := eval[string](tb, `document.getElementById('ship-q').value`)
	tb.do("search "+q, chromedp.Click(chromedp.CSS("#ship-q")),
		chromedp.SendKeys(chromedp.CSS("#ship-q"), kb.End+strings.Repeat(kb.Backspace, len(cur))+q))
	sel := `[data-add][aria-label^=` + jsString("Add "+name+",") + `]`
	waitFor(tb.t, tb, `!!document.querySelector(`+jsString(sel)+`) && !document.querySelector('.pick-lists + [role="status"]').textContent`, "the search for "+q)
	n := eval[int](tb, `(document.querySelectorAll('.ship-card') || []).length`)
	tb.click(sel)
	waitFor(tb.t, tb, `document.querySelectorAll('.ship-card').length === `+strconv.Itoa(n+1), "the ship "+name)
	tb.settle()
}

// unit is the CSS selector of a ship's unit in the chain-of-command tree.
func unit(id string) string { return `[role="treeitem"][data-ship="` + id + `"]` }

// center returns the middle of the first element matching sel, in CSS
// pixels of the viewport.
func (tb *tab) center(sel string) (float64, float64) {
	tb.t.Helper()
	xy := eval[[]float64](tb, `(() => { const e = document.querySelector(`+jsString(sel)+`);
		const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	return xy[0], xy[1]
}

// drag presses the mouse on the grip of ship id's unit, moves it in steps
// onto the element matching to and releases it there, as a player drags.
func (tb *tab) drag(id, to string) {
	tb.t.Helper()
	eval[bool](tb, `(document.querySelector('.chain').scrollIntoView({block: 'start'}), true)`)
	x0, y0 := tb.center(unit(id) + ` > .unit-row .grip`)
	x1, y1 := tb.center(to)
	mouse := func(typ input.DispatchMouseEventType, x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1}
			if typ == input.DispatchMouseEventTypeMouseMoved {
				p.ClickCount = 0
			}
			if typ == input.DispatchMouseEventTypeMouseReleased {
				p.Buttons = 0
			}
			_, err := cdp.Call(ctx, tg, input.DispatchMouseEvent, p)
			return err
		})
	}
	acts := []chromedp.Action[chromedp.Void]{mouse(input.DispatchMouseEventTypeMousePressed, x0, y0)}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		acts = append(acts, mouse(input.DispatchMouseEventTypeMouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f))
	}
	acts = append(acts, mouse(input.DispatchMouseEventTypeMouseReleased, x1, y1))
	tb.do("drag "+id+" onto "+to, acts...)
	tb.settle()
}

// key sends one key, with modifiers, to the focused element.
func (tb *tab) key(k string, mods ...kb.Modifier) {
	tb.t.Helper()
	var opts []chromedp.KeyOption
	for _, m := range mods {
		opts = append(opts, chromedp.KeyModifiers(m))
	}
	tb.do("key "+k, chromedp.KeyEvent(k, opts...))
	tb.settle()
}

// fleetDraft reads the builder's draft of a new fleet from local storage.
func fleetDraft(tb *tab, key string) map[string]any {
	tb.t.Helper()
	s := eval[string](tb, `JSON.stringify(JSON.parse(localStorage.getItem(`+jsString(key)+`)).doc)`)
	var doc map[string]any
	if err := json.Unmarshal([]byte(s), &doc); err != nil {
		tb.t.Fatalf("draft %s: %v", key, err)
	}
	return doc
}

// problemRules lists the rule ids of the problems the panel shows.
func problemRules(tb *tab) []string {
	return eval[[]string](tb, `[...document.querySelectorAll('.panel .problem .rule')].map(e => e.textContent)`)
}

// TestFleetBuilderBuildsWing is issue 10's acceptance test in the browser:
// a five-ship fleet with a wing of two squadrons built from the sample
// designs by clicking and typing, the chain built with buttons, keys and a
// drag; over the limit the bar and a problem show the error, fixed it is
// legal; undo and redo; saved through the log-in dialog (registering);
// the pack downloaded and read back: a summary, the fleet page and a
// record sheet per ship. axe-core, console and duplicate ids are checked
// on the builder, the fleet's page and the fleet library, and at 390 px
// none scrolls sideways.
func TestFleetBuilderBuildsWing(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openBuilder("/fleets/new")
	tb.checkPage("empty fleet builder")
	user := fmt.Sprintf("admiral%d", time.Now().UnixNano()%1_000_000)
	name := "Wing of " + user
	tb.typeInto("name", name)
	tb.typeInto("limit.cv", "100")

	// Five ships from the public sample library.
	ships := []struct{ q, name, id string }{
		{"reference", "Reference Cruiser", "reference-cruiser"},
		{"einstein", "USS Einstein", "uss-einstein"},
		{"tesla", "IKS Tesla", "iks-tesla"},
		{"dragon", "ITS Dragon", "its-dragon"},
		{"thunderchild", "HMS Thunderchild", "hms-thunderchild"},
	}
	for _, s := range ships {
		tb.addShip(s.q, s.name)
	}

	// Over the 100 CV limit: the bar turns to its error state and F-01 is
	// listed; clicking the problem focuses the limit.
	if !eval[bool](tb, `document.getElementById('limit-bar').classList.contains('over')`) {
		t.Errorf("five ships under a 100 CV limit: the bar is not in its error state: %q", tb.text("#limit-bar"))
	}
	if rules := problemRules(tb); !strings.Contains(strings.Join(rules, " "), "F-01") {
		t.Errorf("over the limit, the problems are %v, want F-01", rules)
	}
	if txt := tb.text("#limit-text"); !strings.Contains(txt, "over the limit") {
		t.Errorf("limit text %q", txt)
	}
	tb.do("click F-01", chromedp.Click(chromedp.CSS(`.panel .problem[data-goto="limit.cv"]`)))
	if got := eval[string](tb, `document.activeElement.dataset.path || document.activeElement.id`); got != "limit.cv" {
		t.Errorf("clicking F-01 focused %q, want the limit", got)
	}
	tb.checkPage("fleet builder over the limit")

	// The chain of command: the Reference Cruiser leads a wing of two
	// squadrons, the USS Einstein's (with HMS Thunderchild) and the IKS
	// Tesla's (with ITS Dragon).
	tb.do("select the cruiser", chromedp.Click(chromedp.CSS(unit("reference-cruiser")+" .unit-name")))
	tb.click(`[data-op="command"]`)
	tb.choose("command[0].level", "wing")
	// A drag puts the Einstein in the cruiser's squadron; a button makes
	// her a squadron commander under the wing.
	tb.drag("uss-einstein", unit("reference-cruiser")+" > .unit-row")
	tb.do("select the Einstein", chromedp.Click(chromedp.CSS(unit("uss-einstein")+" .unit-name")))
	tb.click(`[data-op="command"]`)
	// The keyboard: Alt+→ puts the Tesla into the flagship's squadron,
	// the button makes her a commander.
	tb.do("focus the Tesla", chromedp.Focus(chromedp.CSS(unit("iks-tesla"))))
	tb.key(kb.ArrowRight, kb.ModifierAlt)
	if got := eval[string](tb, `document.activeElement.dataset.ship || ''`); got != "iks-tesla" {
		t.Errorf("after Alt+→ the focus is on %q, want the Tesla", got)
	}
	tb.click(`[data-op="command"]`)
	// Drag the Dragon onto the Tesla's command.
	tb.drag("its-dragon", unit("iks-tesla")+" > .unit-row")
	// Thunderchild by keyboard only: into the flagship's squadron, then
	// into the first squadron beside her (the Einstein's).
	tb.do("focus the Thunderchild", chromedp.Focus(chromedp.CSS(unit("hms-thunderchild"))))
	tb.key(kb.ArrowRight, kb.ModifierAlt)
	tb.key(kb.ArrowRight, kb.ModifierAlt)
	// Alt+↑ and Alt+↓ reorder the two squadrons and put them back.
	tb.do("focus the Tesla", chromedp.Focus(chromedp.CSS(unit("iks-tesla"))))
	tb.key(kb.ArrowUp, kb.ModifierAlt)
	first := eval[string](tb, `JSON.parse(localStorage.getItem('slipway.fleet-draft:new')).doc.command[0].commands[0].ship`)
	if first != "iks-tesla" {
		t.Errorf("after Alt+↑ the first squadron is %q", first)
	}
	tb.key(kb.ArrowDown, kb.ModifierAlt)

	doc := fleetDraft(tb, "slipway.fleet-draft:new")
	chain, _ := json.Marshal(doc["command"])
	want := `[{"commands":[{"level":"squadron","ship":"uss-einstein","ships":["hms-thunderchild"]},{"level":"squadron","ship":"iks-tesla","ships":["its-dragon"]}],"level":"wing","ship":"reference-cruiser"}]`
	if string(chain) != want {
		t.Errorf("chain of command\n%s\nwant\n%s", chain, want)
	}
	if n := eval[int](tb, `document.querySelectorAll('[role="tree"] [role="treeitem"]').length`); n != 5 {
		t.Errorf("the tree shows %d units, want 5", n)
	}
	if lv := eval[[]string](tb, `[...document.querySelectorAll('[role="treeitem"]')].map(e => e.dataset.ship + ':' + e.getAttribute('aria-level'))`); strings.Join(lv, " ") != "reference-cruiser:1 uss-einstein:2 hms-thunderchild:3 iks-tesla:2 its-dragon:3" {
		t.Errorf("tree levels %v", lv)
	}
	tb.checkPage("fleet builder with a wing")

	// Fix the limit: the CV the server counts (read from the page, not
	// written here: the costing model may change).
	used := eval[string](tb, `document.querySelector('#limit-bar [role="meter"]').getAttribute('aria-valuenow')`)
	tb.typeInto("limit.cv", used)
	if eval[bool](tb, `document.getElementById('limit-bar').classList.contains('over')`) {
		t.Errorf("at a limit of %s the bar still shows an error", used)
	}
	for _, r := range problemRules(tb) {
		if strings.HasPrefix(r, "F-") {
			t.Errorf("problem %s after fixing the limit: %v", r, tb.text(".panel .problem-list"))
		}
	}
	if got := tb.text("#legal"); !strings.HasPrefix(got, "Legal") {
		t.Errorf("the fleet is %q, want legal", got)
	}

	// Undo brings the 100 CV limit back (over), redo the fix; then the
	// Undo button and Ctrl+Shift+Z.
	tb.do("body", chromedp.Focus(chromedp.CSS("#undo")))
	tb.key("z", kb.ModifierCtrl)
	if !eval[bool](tb, `document.getElementById('limit-bar').classList.contains('over')`) || eval[string](tb, `document.querySelector('[data-path="limit.cv"]').value`) != "100" {
		t.Errorf("Ctrl+Z did not bring back the 100 CV limit: %q", tb.text("#limit-text"))
	}
	tb.key("z", kb.ModifierCtrl, kb.ModifierShift)
	if eval[string](tb, `document.querySelector('[data-path="limit.cv"]').value`) != used {
		t.Errorf("Ctrl+Shift+Z did not redo the limit")
	}
	tb.click("#undo")
	tb.click("#redo")
	if eval[bool](tb, `document.getElementById('limit-bar').classList.contains('over')`) {
		t.Errorf("after Undo and Redo the fleet is over its limit")
	}

	// The tier limit: tier 1 is below the Dragon's tier, so the tier line
	// turns to its error state and F-02 is listed; back to none.
	tb.choose("tierLimit", "tier 1")
	if !eval[bool](tb, `document.getElementById('tier-text').classList.contains('bad')`) || !strings.Contains(strings.Join(problemRules(tb), " "), "F-02") {
		t.Errorf("under a tier limit of 1: %q, problems %v", tb.text("#tier-text"), problemRules(tb))
	}
	tb.do("no tier limit", chromedp.SetValue(field("tierLimit"), ""),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-path="tierLimit"]').dispatchEvent(new Event('change', {bubbles: true}))`))
	tb.settle()

	// Every change so far, from the change to the panel showing its
	// evaluation (for docs/performance.md, not asserted).
	logPanelTimes(t, tb)

	// A reload keeps the draft.
	tb.openBuilder("/fleets/new")
	if n := eval[int](tb, `document.querySelectorAll('.ship-card').length`); n != 5 {
		t.Fatalf("after a reload the builder has %d ships", n)
	}

	// Save: the log-in dialog registers and then saves.
	tb.do("save", chromedp.Click(chromedp.CSS("#save")), chromedp.WaitVisible(chromedp.CSS("#auth")))
	tb.checkA11y("log-in dialog")
	tb.do("register", chromedp.Click(chromedp.CSS(`#auth [role="tab"]:nth-child(2)`)),
		chromedp.SendKeys(chromedp.CSS("#auth-user"), user),
		chromedp.SendKeys(chromedp.CSS("#auth-pass"), "correct horse battery staple"),
		chromedp.Click(chromedp.CSS(`#auth button[type="submit"]`)))
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	id := eval[string](tb, `location.pathname.split('/')[2]`)
	if p := eval[string](tb, `location.pathname`); p != "/fleets/"+id+"/edit" {
		t.Errorf("after saving the builder is at %s", p)
	}

	// The pack, from the builder's link, read back.
	type dl struct {
		Status int
		Type   string
		Body   string
	}
	got := eval[dl](tb, `(async () => {
		const r = await fetch(document.getElementById('pack-link').href);
		const b = new Uint8Array(await r.arrayBuffer());
		let s = ''; for (const c of b) s += String.fromCharCode(c);
		return {status: r.status, type: r.headers.get('content-type'), body: btoa(s)};
	})()`)
	raw, _ := base64.StdEncoding.DecodeString(got.Body)
	if got.Status != 200 || !strings.HasPrefix(got.Type, "application/pdf") {
		t.Fatalf("pack: %d %s", got.Status, got.Type)
	}
	pages := pdfPages(t, raw)
	if len(pages) < 2+len(ships) {
		t.Errorf("the pack has %d pages for %d ships", len(pages), len(ships))
	}
	// The fonts' spaces do not come back as text: compare without them.
	sq := func(s string) string { return strings.ReplaceAll(s, " ", "") }
	if !strings.Contains(pages[0], sq("FLEET SUMMARY")) {
		t.Errorf("page 1 is not the summary: %.80q", pages[0])
	}
	if !strings.Contains(strings.Join(pages, "\n"), sq("FLEET: "+name)) {
		t.Errorf("no page of the pack is the fleet's page (%q)", name)
	}
	for _, s := range ships {
		found := false
		for _, p := range pages {
			found = found || strings.Contains(p, sq("STARSHIP RECORD SHEET")) && strings.Contains(p, sq(s.name))
		}
		if !found {
			t.Errorf("no record sheet of %s in the pack", s.name)
		}
	}

	// The fleet's page, the library of fleets (the fleet is private, so
	// it is under "Your fleets"), both in the browser checks.
	tb.open("/fleets/" + id)
	if h := tb.text("h1"); h != name {
		t.Errorf("fleet page h1 %q", h)
	}
	body := tb.text("main")
	for _, w := range []string{"wing", "USS Einstein", "HMS Thunderchild", "legal", "Fleet pack (PDF)"} {
		if !strings.Contains(body, w) {
			t.Errorf("the fleet's page lacks %q", w)
		}
	}
	if n := eval[int](tb, `document.querySelectorAll('main a[href^="/designs/"]').length`); n != 5 {
		t.Errorf("the fleet's page links %d designs, want 5", n)
	}
	tb.checkPage("fleet page")
	tb.open("/fleets")
	if !strings.Contains(tb.text("main"), name) {
		t.Errorf("/fleets does not list the player's fleet")
	}
	tb.checkPage("fleet library")
	tb.open("/fleets?q=cruiser+wing")
	tb.checkPage("fleet library searched")
	tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, p := range []string{"/fleets/" + id + "/edit", "/fleets/" + id, "/fleets"} {
		tb.open(p)
		if strings.HasSuffix(p, "/edit") {
			tb.do("builder", chromedp.WaitVisible(chromedp.CSS(`.fleet-form`)))
			tb.settle()
		}
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s at 390 px scrolls sideways: %d px wide", p, w)
		}
	}
	tb.scheme("dark")
	tb.open("/fleets/" + id + "/edit")
	tb.do("builder", chromedp.WaitVisible(chromedp.CSS(`.fleet-form`)))
	tb.settle()
	tb.checkPage("fleet builder, dark, 390 px")
}

// pdfPages reads a PDF back and returns the text of each page, as a PDF
// reader extracts it (the pack's fonts write two bytes a character).
func pdfPages(t *testing.T, b []byte) []string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("parse the pack: %v", err)
	}
	var out []string
	for i := 1; i <= r.NumPage(); i++ {
		var sb strings.Builder
		for _, x := range r.Page(i).Content().Text {
			sb.WriteString(strings.ReplaceAll(x.S, "\x00", ""))
		}
		out = append(out, sb.String())
	}
	return out
}

// sampleFleet returns the id of the public sample fleet named name.
func sampleFleet(tb *tab, name string) string {
	tb.t.Helper()
	id := eval[string](tb, `fetch('/api/v1/fleet-library?q=`+url.QueryEscape(name)+`').then(r => r.json()).then(p => (p.fleets.find(f => f.name === `+jsString(name)+`) || {id: ''}).id)`)
	if id == "" {
		tb.t.Fatalf("no sample fleet %q", name)
	}
	return id
}

// TestFleetPageWeight records the bytes of HTML, JavaScript and CSS the
// fleet builder, a fleet's page and the fleet library load, for
// docs/performance.md; like the other read pages, the fleet's page and the
// library must stay under 50 KB uncompressed.
func TestFleetPageWeight(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	id := sampleFleet(tb, "Cruiser Wing")
	for _, path := range []string{"/fleets/new", "/fleets/" + id + "/edit", "/fleets/" + id, "/fleets"} {
		tb.open(path)
		if strings.HasPrefix(path, "/fleets/new") || strings.HasSuffix(path, "/edit") {
			tb.do("builder ready", chromedp.WaitVisible(chromedp.CSS(`.fleet-form`)))
			tb.settle()
		}
		type weight struct{ HTML, JS, CSS, Sent, Files int }
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
		builder := strings.HasPrefix(path, "/fleets/new") || strings.HasSuffix(path, "/edit")
		if w.HTML == 0 || w.CSS == 0 || builder && w.JS == 0 {
			t.Errorf("%s: the page loaded no HTML, JS or CSS: %+v", path, w)
		}
		if !builder && total > 50_000 {
			t.Errorf("%s: %d bytes of HTML, JS and CSS, over the 50 KB target", path, total)
		}
	}
}

// TestFleetScreenshots writes screenshots of the fleet builder (with the
// Cruiser Wing sample), a fleet's page and the fleet library at 1280 and
// 390 px, some dark, into $SLIPWAY_SCREENSHOTS (see TestScreenshots).
func TestFleetScreenshots(t *testing.T) {
	dir := os.Getenv("SLIPWAY_SCREENSHOTS")
	if dir == "" {
		t.Skip("set SLIPWAY_SCREENSHOTS to a directory to write screenshots")
	}
	tb := newTab(t)
	tb.open("/")
	id := sampleFleet(tb, "Cruiser Wing")
	shots := []struct {
		name, path, scheme string
		width, height      int64
	}{
		{"fleet-builder-1280", "/fleets/" + id + "/edit", "light", 1280, 1000},
		{"fleet-builder-1280-chain", "/fleets/" + id + "/edit#h-chain", "light", 1280, 1000},
		{"fleet-builder-390", "/fleets/" + id + "/edit", "light", 390, 844},
		{"fleet-builder-390-chain", "/fleets/" + id + "/edit#h-chain", "light", 390, 844},
		{"fleet-builder-1280-dark", "/fleets/" + id + "/edit#h-chain", "dark", 1280, 1000},
		{"fleet-1280", "/fleets/" + id, "light", 1280, 1000},
		{"fleet-390", "/fleets/" + id, "light", 390, 844},
		{"fleet-1280-dark", "/fleets/" + id, "dark", 1280, 1000},
		{"fleets-1280", "/fleets", "light", 1280, 800},
		{"fleets-390", "/fleets", "light", 390, 844},
	}
	for _, s := range shots {
		tb.scheme(s.scheme)
		if s.width < 500 {
			tb.do("phone", chromedp.EmulateViewport(s.width, s.height, chromedp.EmulateMobile))
		} else {
			tb.do("desktop", chromedp.EmulateViewport(s.width, s.height))
		}
		tb.open(s.path)
		if strings.Contains(s.path, "/edit") {
			tb.do("builder ready", chromedp.WaitVisible(chromedp.CSS(`.fleet-form`)))
			tb.settle()
			waitFor(t, tb, `![...document.querySelectorAll('.ship-card')].some(c => !c.querySelector('.nums'))`, "the ships' numbers")
			if strings.Contains(s.path, "#") {
				eval[bool](tb, `(document.getElementById('h-chain').scrollIntoView({block: 'start'}), true)`)
			}
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

// TestFleetBuilderLoadoutSquadronsUpgrade covers what the sample designs
// cannot: a player's own carrier whose bays leave the loadout open (the
// counts per squadron type, over capacity F-06 beside the bay), an
// independent squadron of an FTL-capable type from it, and a newer
// version of the design after the fleet is saved, which the builder
// offers and moves to through the upgrade endpoint.
func TestFleetBuilderLoadoutSquadronsUpgrade(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	user := fmt.Sprintf("carrier%d", time.Now().UnixNano()%1_000_000)
	einstein := sampleID(tb, "einstein")
	design := "Open Carrier " + user
	status := eval[int](tb, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: `+jsString(user)+`, password: 'correct horse battery'})});
		const d = (await (await fetch('/api/v1/designs/`+einstein+`')).json()).design;
		d.name = `+jsString(design)+`;
		delete d.hangarBays[0].loadout;
		d.starfighters[0].qualities = ['ftl'];
		const r = await fetch('/api/v1/designs', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({visibility: 'private', design: d})});
		return r.status;
	})()`)
	if status != 201 {
		t.Fatalf("create the carrier design: %d", status)
	}
	tb.openBuilder("/fleets/new")
	tb.typeInto("name", "Carrier group "+user)
	tb.do("points limit", chromedp.SetValue(chromedp.CSS("#limit-kind"), "points"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('limit-kind').dispatchEvent(new Event('change', {bubbles: true}))`))
	tb.settle()
	tb.typeInto("limit.points", "5000")
	// The carrier from "Your designs".
	sel := `.pick-list[aria-label="Your designs"] [data-add]`
	tb.do("search", chromedp.SendKeys(chromedp.CSS("#ship-q"), "open carrier"))
	waitFor(t, tb, `!!document.querySelector(`+jsString(sel)+`)`, "the player's design")
	tb.click(sel)
	waitFor(t, tb, `!!document.querySelector('[data-path="ships[0].loadout.flight-deck.lancer"]')`, "the open bay")
	tb.settle()
	tb.typeInto("ships[0].loadout.flight-deck.lancer", "2")
	tb.typeInto("ships[0].loadout.flight-deck.warden", "2")
	carried := tb.text("#stat-squadrons .value")
	if !strings.HasSuffix(carried, "+ 8") {
		t.Errorf("two bays of 2 lancers and 2 wardens carry %q, want 8", carried)
	}
	tb.typeInto("ships[0].loadout.flight-deck.lancer", "5")
	if p := tb.text(`[data-path="ships[0].loadout.flight-deck"] .field-problems`); !strings.Contains(p, "F-06") {
		t.Errorf("9 squadrons in a bay of 4: beside the bay %q, want F-06", p)
	}
	tb.typeInto("ships[0].loadout.flight-deck.lancer", "2")

	// An independent squadron of the FTL-capable lancers, assigned to the
	// carrier (it has an SoC).
	tb.click("#add-squadron")
	waitFor(t, tb, `!!document.querySelector('[data-path="squadrons[0].count"]')`, "the squadron entry")
	tb.typeInto("squadrons[0].count", "3")
	tb.choose("squadrons[0].assignedTo", design)
	doc := fleetDraft(tb, "slipway.fleet-draft:new")
	sq, _ := json.Marshal(doc["squadrons"])
	if !strings.Contains(string(sq), `"count":3`) || !strings.Contains(string(sq), `"type":"lancer"`) || !strings.Contains(string(sq), `"assignedTo":"open-carrier-`) {
		t.Errorf("squadrons %s", sq)
	}
	for _, r := range problemRules(tb) {
		if r == "F-06" || r == "F-01" || strings.HasPrefix(r, "F-DOC") {
			t.Errorf("problem %s: %s", r, tb.text(".panel .problem-list"))
		}
	}
	tb.checkPage("builder with a loadout and squadrons")

	// Save (signed in: no dialog), then a second version of the design.
	tb.click("#save")
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	id := eval[string](tb, `location.pathname.split('/')[2]`)
	status = eval[int](tb, `(async () => {
		const list = (await (await fetch('/api/v1/designs')).json()).designs;
		const mine = list.find(d => d.name === `+jsString(design)+`);
		const r = await fetch('/api/v1/designs/' + mine.id);
		const d = (await r.json()).design;
		d.description = 'Version 2';
		const put = await fetch('/api/v1/designs/' + mine.id, {method: 'PUT', headers: {'Content-Type': 'application/json', 'If-Match': r.headers.get('ETag')},
			body: JSON.stringify({visibility: 'private', design: d})});
		return put.status;
	})()`)
	if status != 200 {
		t.Fatalf("second version of the design: %d", status)
	}
	tb.openBuilder("/fleets/" + id + "/edit")
	waitFor(t, tb, `!!document.querySelector('[data-upgrade]')`, "the offer of the newer version")
	if txt := tb.text(".notice.update"); !strings.Contains(txt, "Version 2") {
		t.Errorf("update notice %q", txt)
	}
	tb.click("[data-upgrade]")
	waitFor(t, tb, `/saved as fleet version 2/.test(document.getElementById('save-status').textContent)`, "the upgrade")
	tb.settle()
	v := eval[int](tb, `fetch('/api/v1/fleets/`+id+`').then(r => r.json()).then(f => f.fleet.ships[0].version)`)
	if v != 2 {
		t.Errorf("after the upgrade the fleet fields version %d of the design", v)
	}
	if eval[bool](tb, `!!document.querySelector('[data-upgrade]')`) {
		t.Error("the builder still offers the upgrade")
	}
	tb.checkPage("builder after the upgrade")
}

// TestFleetBuilderConflictingSave: the same player edits one fleet in two
// sessions; the second save meets a newer version (412), the dialog lists
// what differs, and saving on top keeps both edits as versions 2 and 3.
func TestFleetBuilderConflictingSave(t *testing.T) {
	t.Parallel()
	a := newTab(t)
	a.open("/")
	user := fmt.Sprintf("twofleets%d", time.Now().UnixNano()%1_000_000)
	wing := sampleFleet(a, "Cruiser Wing")
	id := eval[string](a, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: `+jsString(user)+`, password: 'correct horse battery'})});
		const r = await fetch('/api/v1/fleets/`+wing+`/fork', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'});
		return (await r.json()).id;
	})()`)
	a.openBuilder("/fleets/" + id + "/edit")
	b := newTab(t)
	b.open("/")
	eval[int](b, `fetch('/api/v1/auth/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({username: `+jsString(user)+`, password: 'correct horse battery'})}).then(r => r.status)`)
	b.openBuilder("/fleets/" + id + "/edit")
	if mode := b.text("#save-status .mode"); !strings.HasPrefix(mode, "Editing your fleet") {
		t.Fatalf("second session: %q", mode)
	}
	a.typeInto("name", "Edited in A")
	// B raises the limit above whatever the sample fleet holds, so the
	// change shows in the dialog whatever the sample's limit is.
	limit, err := strconv.Atoi(eval[string](b, `document.querySelector('[data-path="limit.cv"]').value`))
	if err != nil {
		t.Fatalf("the builder's limit: %v", err)
	}
	edited := strconv.Itoa(limit + 15)
	b.typeInto("limit.cv", edited)
	a.click("#save")
	waitFor(t, a, `/saved as version 2/.test(document.getElementById('save-status').textContent)`, "A's save")
	b.click("#save")
	b.do("the conflict dialog", chromedp.WaitVisible(chromedp.CSS("#conflict")))
	b.checkA11y("fleet builder with the conflict dialog")
	diff := b.text("#conflict table.diff")
	for _, want := range []string{"name", "Edited in A", "limit.cv", edited} {
		if !strings.Contains(diff, want) {
			t.Errorf("the conflict dialog does not show %q:\n%s", want, diff)
		}
	}
	b.click(`#conflict [data-choice="mine"]`)
	waitFor(t, b, `/saved as version 3/.test(document.getElementById('save-status').textContent)`, "B's save on top")
	type version struct {
		Name  string
		Limit int
	}
	vs := eval[[]version](b, `Promise.all([2, 3].map(n => fetch('/api/v1/fleets/`+id+`/versions/' + n).then(r => r.json())
		.then(v => ({name: v.fleet.name, limit: v.fleet.limit.cv}))))`)
	if len(vs) != 2 || vs[0].Name != "Edited in A" || strconv.Itoa(vs[1].Limit) != edited {
		t.Errorf("versions 2 and 3: %+v", vs)
	}
	if errs := b.consoleErrors("412"); len(errs) > 0 {
		t.Errorf("second session: console errors besides the 412: %v", errs)
	}
}
