package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// zoneSelect is the selector of the zone select of ship id in the
// builder's deployment table.
func zoneSelect(id string) string { return `select[data-ship="` + id + `"]` }

// placeShip picks a zone for ship id by typing the zone's name into its
// select (the keyboard's type-ahead), then waits for the panel.
func (tb *tab) placeShip(id, zone string) {
	tb.t.Helper()
	sel := zoneSelect(id)
	tb.do("deploy "+id+" in "+zone, chromedp.Focus(chromedp.CSS(sel)), chromedp.SendKeys(chromedp.CSS(sel), zone))
	tb.settle()
	if got := eval[string](tb, `document.querySelector(`+jsString(sel)+`).value`); got != zone {
		tb.t.Fatalf("%s is in %q after choosing %q", id, got, zone)
	}
}

// deployment reads the draft's towedBy of every ship and its deployment
// as a string, to compare.
func deploymentOf(doc map[string]any) string {
	var tows []string
	for _, s := range doc["ships"].([]any) {
		m := s.(map[string]any)
		if by, ok := m["towedBy"].(string); ok {
			tows = append(tows, m["id"].(string)+"<-"+by)
		}
	}
	return fmt.Sprintf("tows %v deployment %v", tows, doc["deployment"])
}

// TestFleetBuilderTowAndDeployment edits a tow and a deployment in the
// fleet builder, by keyboard: a player's own design without an FTL drive
// (the USS Newton less its drive) is towed by the SS Clinton, found by the
// server and then chosen in "Towed by"; a deployment for a Rear Attack
// puts every ship in the front zone, over its share (F-08 beside the zone,
// the panel's problem focuses it); moving the tow to the rear leaves the
// towed ship apart from it (F-08 beside its select); moving it too makes
// the fleet legal, each zone's CV and share as the evaluation gives them.
// Undo and redo cover the edits, the draft holds them, and saving and
// reopening the fleet keeps them. Page checks on the way, screenshots at
// 1280 and 390 px with SLIPWAY_SCREENSHOTS, and nothing scrolls sideways
// at 390 px.
func TestFleetBuilderTowAndDeployment(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	user := fmt.Sprintf("tows%d", time.Now().UnixNano()%1_000_000)
	newton := sampleID(tb, "newton")
	design := "Towed Monitor " + user
	status := eval[int](tb, `(async () => {
		await fetch('/api/v1/auth/register', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: `+jsString(user)+`, password: 'correct horse battery'})});
		const d = (await (await fetch('/api/v1/designs/`+newton+`')).json()).design;
		d.name = `+jsString(design)+`;
		d.crewQuality = 5; // the Einstein alone stays under a zone's 75 % of the fleet
		for (const s of Object.values(d.sections)) s.systems = (s.systems || []).filter((x) => !x.kind.startsWith('ftl'));
		const r = await fetch('/api/v1/designs', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({visibility: 'private', design: d})});
		return r.status;
	})()`)
	if status != 201 {
		t.Fatalf("create the design without FTL: %d", status)
	}
	tb.openBuilder("/fleets/new")
	tb.typeInto("name", "Tow and deploy "+user)
	tb.typeInto("limit.cv", "1000")
	tb.addShip("einstein", "USS Einstein")
	tb.addShip("clinton", "SS Clinton")
	sel := `.pick-list[aria-label="Your designs"] [data-add]`
	tb.do("search", chromedp.Click(chromedp.CSS("#ship-q")), chromedp.SendKeys(chromedp.CSS("#ship-q"), kb.End+strings.Repeat(kb.Backspace, 10)+"towed monitor"))
	waitFor(t, tb, `!!document.querySelector(`+jsString(sel)+`) && !document.querySelector('.pick-lists + [role="status"]').textContent`, "the player's design")
	tb.click(sel)
	waitFor(t, tb, `document.querySelectorAll('.ship-card').length === 3`, "the third ship")
	tb.settle()
	ids := eval[[]string](tb, `JSON.parse(localStorage.getItem('slipway.fleet-draft:new')).doc.ships.map(s => s.id)`)
	if len(ids) != 3 {
		t.Fatalf("ships %v", ids)
	}
	einstein, clinton, monitor := ids[0], ids[1], ids[2]

	// The tow: found by the server, then chosen.
	hint := func() string { return tb.text(`#f-ships_2__towedBy-h`) }
	if h := hint(); !strings.Contains(h, "Towed by SS Clinton") || !strings.Contains(h, "found automatically") {
		t.Errorf("the monitor's tow before choosing: %q", h)
	}
	if h := tb.text(`#f-ships_1__towedBy-h`); !strings.Contains(h, "Jumps by its own FTL drive") || !strings.Contains(h, "Tows "+design) {
		t.Errorf("the Clinton's tow line: %q", h)
	}
	opts := eval[[]string](tb, `[...document.querySelector('[data-path="ships[2].towedBy"]').options].map(o => o.text)`)
	if !slices.Equal(opts, []string{"found automatically", "USS Einstein", "SS Clinton"}) {
		t.Errorf("Towed by offers %v", opts)
	}
	tb.choose("ships[2].towedBy", "SS Clinton")
	if h := hint(); !strings.Contains(h, "Towed by SS Clinton") || !strings.Contains(h, "as chosen") {
		t.Errorf("the monitor's tow after choosing: %q", h)
	}
	// Towed by a ship without a grappler: F-07 beside the select.
	tb.do("arrow up to the Einstein", chromedp.Focus(field("ships[2].towedBy")), chromedp.KeyEvent(kb.ArrowUp))
	tb.settle()
	if v := eval[string](tb, `document.querySelector('[data-path="ships[2].towedBy"]').value`); v != einstein {
		t.Fatalf("Towed by is %q after the up arrow", v)
	}
	if p := tb.text(`[data-path="ships[2].towedBy"] ~ .field-problems`); !strings.Contains(p, "F-07") {
		t.Errorf("towed by the Einstein: beside the select %q, want F-07", p)
	}
	tb.do("arrow down to the Clinton", chromedp.Focus(field("ships[2].towedBy")), chromedp.KeyEvent(kb.ArrowDown))
	tb.settle()
	if slices.Contains(problemRules(tb), "F-07") {
		t.Errorf("F-07 with the Clinton towing: %s", tb.text(".panel .problem-list"))
	}

	// The deployment: every ship in the first zone, then a Rear Attack.
	if n := eval[int](tb, `document.querySelectorAll('.placements, .zone-list').length`); n != 0 {
		t.Errorf("without a deployment the builder shows %d zone tables", n)
	}
	tb.click("#deploy-on")
	waitFor(t, tb, `!!document.querySelector('[data-path="deployment.encounter"]')`, "the deployment")
	tb.choose("deployment.encounter", "Rear Attack (initiative difference 4+)")
	tb.choose("deployment.role", "attacker")
	zones := eval[[]string](tb, `[...document.querySelectorAll('.zone-list .zone')].map(z => z.dataset.zone + ': ' + z.querySelector('.zone-name').textContent + ' ' + z.querySelector('.small').textContent)`)
	if len(zones) != 2 || !strings.HasPrefix(zones[0], "front: front CV ") || !strings.Contains(zones[0], "100% of the fleet; at most 75%") || zones[1] != "rear: rear CV 0, 0% of the fleet; at most 75%" {
		t.Errorf("the Rear Attack's zones: %q", zones)
	}
	for _, id := range ids {
		if z := eval[string](tb, `document.querySelector(`+jsString(zoneSelect(id))+`).value`); z != "front" {
			t.Errorf("%s deploys in %q, want front", id, z)
		}
	}
	if !eval[bool](tb, `document.querySelector('[data-zone="front"]').classList.contains('over')`) ||
		!strings.Contains(tb.text(`[data-zone="front"] .field-problems`), "F-08") {
		t.Errorf("100%% in a 75%% zone: the zone shows %q", tb.text(`[data-zone="front"]`))
	}
	tb.click(`.panel .problem[data-goto="deployment.zones.front"]`)
	if z := eval[string](tb, `document.activeElement.dataset.zone || ''`); z != "front" {
		t.Errorf("the F-08 problem focused %q, want the front zone", eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	tb.checkPage("builder, over-share deployment")

	// The tow deploys apart from its ship: F-08 beside the towed ship.
	tb.placeShip(clinton, "rear")
	if p := eval[string](tb, `document.getElementById(document.querySelector(`+jsString(zoneSelect(monitor))+`).getAttribute('aria-describedby') || 'none')?.textContent || ''`); !strings.Contains(p, "F-08") || !strings.Contains(p, "towed") {
		t.Errorf("the monitor apart from its tow: %q", p)
	}
	tb.placeShip(monitor, "rear")
	if rules := problemRules(tb); slices.Contains(rules, "F-08") || slices.Contains(rules, "F-07") {
		t.Errorf("fixed deployment: problems %v: %s", rules, tb.text(".panel .problem-list"))
	}
	if !strings.HasPrefix(tb.text("#legal"), "Legal") {
		t.Errorf("the fleet is %q", tb.text("#legal"))
	}
	front, rear := tb.text(`[data-zone="front"] .zone-cv`), tb.text(`[data-zone="rear"] .zone-cv`)
	einsteinCV := eval[string](tb, `document.querySelector('[data-path="ships[0]"] .nums dd').textContent`)
	if front != einsteinCV || rear == "0" {
		t.Errorf("zone CV: front %s (the Einstein is %s), rear %s", front, einsteinCV, rear)
	}
	want := fmt.Sprintf("tows [%s<-%s] deployment map[encounter:rear role:attacker zones:map[front:[%s] rear:[%s %s]]]", monitor, clinton, einstein, clinton, monitor)
	if got := deploymentOf(fleetDraft(tb, "slipway.fleet-draft:new")); got != want {
		t.Errorf("draft:\n%s\nwant\n%s", got, want)
	}

	// Undo and redo cover the placement.
	tb.do("focus", chromedp.Focus(chromedp.CSS("#undo")))
	tb.key("z", kb.ModifierCtrl)
	if z := eval[string](tb, `document.querySelector(`+jsString(zoneSelect(monitor))+`).value`); z != "front" || !slices.Contains(problemRules(tb), "F-08") {
		t.Errorf("after Ctrl+Z the monitor is in %q with problems %v", z, problemRules(tb))
	}
	tb.key("z", kb.ModifierCtrl, kb.ModifierShift)
	if z := eval[string](tb, `document.querySelector(`+jsString(zoneSelect(monitor))+`).value`); z != "rear" || slices.Contains(problemRules(tb), "F-08") {
		t.Errorf("after Ctrl+Shift+Z the monitor is in %q with problems %v", z, problemRules(tb))
	}
	// A reload keeps the draft.
	tb.openBuilder("/fleets/new")
	if got := deploymentOf(fleetDraft(tb, "slipway.fleet-draft:new")); got != want {
		t.Errorf("draft after a reload:\n%s", got)
	}
	if v := eval[string](tb, `document.querySelector('[data-path="ships[2].towedBy"]').value`); v != clinton {
		t.Errorf("after a reload Towed by is %q", v)
	}

	// Save (signed in), reopen the saved fleet: kept.
	tb.click("#save")
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	id := eval[string](tb, `location.pathname.split('/')[2]`)
	saved := eval[map[string]any](tb, `fetch('/api/v1/fleets/`+id+`').then(r => r.json()).then(f => f.fleet)`)
	if got := deploymentOf(saved); got != want {
		t.Errorf("saved:\n%s\nwant\n%s", got, want)
	}
	eval[bool](tb, `(localStorage.clear(), true)`)
	tb.openBuilder("/fleets/" + id + "/edit")
	if !eval[bool](tb, `document.getElementById('deploy-on').checked`) {
		t.Error("the reopened fleet has no deployment")
	}
	got := eval[[]string](tb, `[document.querySelector('[data-path="ships[2].towedBy"]').value, document.querySelector('[data-path="deployment.encounter"]').value,
		...[...document.querySelectorAll('select[data-ship]')].map(s => s.dataset.ship + ':' + s.value)]`)
	if !slices.Equal(got, []string{clinton, "rear", einstein + ":front", clinton + ":rear", monitor + ":rear"}) {
		t.Errorf("the reopened fleet shows %v", got)
	}
	if h := hint(); !strings.Contains(h, "as chosen") {
		t.Errorf("the reopened fleet's tow line: %q", h)
	}
	tb.checkPage("builder with a tow and a deployment")

	// The fleet's own page shows the tow and the deployment.
	tb.open("/fleets/" + id)
	if tows := tb.text(`section[aria-labelledby="h-tows"]`); !strings.Contains(tows, "towed by SS Clinton") || !strings.Contains(tows, "chosen") {
		t.Errorf("the fleet page's tows: %q", tows)
	}
	deploy := tb.text(`section[aria-labelledby="h-deploy"]`)
	for _, w := range []string{"Zone", "front", "rear", "USS Einstein", "SS Clinton", "%"} {
		if !strings.Contains(deploy, w) {
			t.Errorf("the fleet page's deployment lacks %q: %q", w, deploy)
		}
	}
	tb.checkPage("fleet page with a tow and a deployment")

	// Screenshots, and 390 px.
	dir := os.Getenv("SLIPWAY_SCREENSHOTS")
	// shoot saves the page from the element at down, under the bar that
	// stays at the top on a phone.
	shoot := func(at, file string) {
		if dir == "" {
			return
		}
		eval[bool](tb, `(document.getElementById('`+at+`').scrollIntoView({block: 'start'}), window.scrollBy(0, -48), true)`)
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, file), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range []int64{1280, 390} {
		if w < 500 {
			tb.do("phone", chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile))
		} else {
			tb.do("desktop", chromedp.EmulateViewport(w, 1000))
		}
		tb.openBuilder("/fleets/" + id + "/edit")
		waitFor(t, tb, `![...document.querySelectorAll('.ship-card')].some(c => !c.querySelector('.nums'))`, "the ships' numbers")
		if sw := eval[int](tb, `document.documentElement.scrollWidth`); sw > int(w) {
			t.Errorf("the builder with a deployment at %d px is %d px wide", w, sw)
		}
		shoot("h-deploy", fmt.Sprintf("fleet-builder-%d-deployment.png", w))
		shoot("f-ships_2_-h", fmt.Sprintf("fleet-builder-%d-tow.png", w))
		// The fleet's page, from its tows down.
		tb.open("/fleets/" + id)
		if sw := eval[int](tb, `document.documentElement.scrollWidth`); sw > int(w) {
			t.Errorf("the fleet page with a deployment at %d px is %d px wide", w, sw)
		}
		shoot("h-tows", fmt.Sprintf("fleet-page-%d-deployment.png", w))
	}
}
