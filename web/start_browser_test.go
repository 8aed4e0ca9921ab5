package web_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newcomer counts a player's actions (clicks, selects, typed values) as
// the test takes them.
type newcomer struct {
	tb      *tab
	actions []string
}

// click clicks sel as the player and waits for the page to show what
// follows: the element wait names.
func (n *newcomer) click(sel, wait string) {
	n.tb.t.Helper()
	n.actions = append(n.actions, "click "+sel)
	acts := []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(sel))}
	if wait != "" {
		acts = append(acts, chromedp.WaitVisible(chromedp.CSS(wait)))
	}
	n.tb.do("click "+sel, acts...)
}

// typeText types text into sel as the player.
func (n *newcomer) typeText(sel, text string) {
	n.tb.t.Helper()
	n.actions = append(n.actions, "type into "+sel)
	n.tb.do("type into "+sel, chromedp.SendKeys(chromedp.CSS(sel), text))
}

// shot writes a screenshot of the page at 1280 and 390 px into
// $SLIPWAY_SCREENSHOTS, when set, and leaves the window at 1280 px.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	dir := os.Getenv("SLIPWAY_SCREENSHOTS")
	if dir == "" {
		return
	}
	for _, w := range []struct {
		suffix        string
		width, height int64
	}{{"-390", 390, 844}, {"-1280", 1280, 1000}} {
		if w.width < 500 {
			tb.do("phone", chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateMobile))
		} else {
			tb.do("desktop", chromedp.EmulateViewport(w.width, w.height))
		}
		time.Sleep(150 * time.Millisecond) // let the layout settle after the resize
		if got := eval[int](tb, `document.documentElement.scrollWidth`); got > int(w.width) {
			tb.t.Errorf("%s: the page is %d px wide in a %d px window", name, got, w.width)
		}
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			tb.t.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+w.suffix+".png"), png, 0o644); err != nil {
			tb.t.Fatal(err)
		}
	}
}

// guideFocused waits until a step of the guided path has taken the focus
// (its heading, in the frame after it is shown), as it has long before a
// player's next click.
func (tb *tab) guideFocused() {
	tb.t.Helper()
	ok := eval[bool](tb, `new Promise((resolve) => {
		const until = performance.now() + 10000;
		const check = () => {
			if (document.activeElement && document.activeElement.id === 'guide-h') return resolve(true);
			if (performance.now() > until) return resolve(false);
			requestAnimationFrame(check);
		};
		check();
	})`)
	if !ok {
		tb.t.Fatal("the guided path's step did not take the focus")
	}
}

// TestNewcomerInBrowser plays a newcomer (issue 19, Acceptance 1): from
// the home page, "Start a new design", the cruiser template, a railgun
// from the armoury mounted in the fore section, and a legal, armed ship
// saved after registering, in at most 12 actions. axe checks the
// template chooser and the armoury open.
func TestNewcomerInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	n := &newcomer{tb: tb}
	tb.open("/")
	n.click(`#new-design`, `#start [data-template="cruiser"]`)
	if got := tb.text(`#start [data-template="cruiser"] .template-numbers`); !strings.HasPrefix(got, "Combat value ") {
		t.Errorf("the cruiser template's numbers read %q", got)
	}
	tb.checkA11y("template chooser")
	tb.shot("start-chooser")
	n.click(`#start [data-template="cruiser"]`, `[data-armoury="fore"]`)
	tb.settle()
	if v := eval[string](tb, `document.querySelector('[data-path="name"]').value`); v != "New cruiser" {
		t.Errorf("the cruiser template is named %q", v)
	}
	if tb.text(".panel .legal") == "" || !strings.HasPrefix(tb.text(".panel .legal"), "Legal") {
		t.Errorf("the cruiser template: %q", tb.text(".panel .legal"))
	}
	n.click(`[data-armoury="fore"]`, `#armoury [data-ready="Railgun"]`)
	if got := eval[string](tb, `document.getElementById('armoury-section').value`); got != "fore" {
		t.Errorf("the armoury opened from the fore section mounts in %q", got)
	}
	if got := tb.text(`#armoury [data-ready="Railgun"]`); !strings.Contains(got, "Tier 1") || !strings.Contains(got, "range 20 cm") {
		t.Errorf("the railgun reads %q: no tier or range", got)
	}
	if got := tb.text(`#armoury [data-ready="Phase lance"]`); !strings.Contains(got, "Tier 3") {
		t.Errorf("the phase lance reads %q", got)
	}
	tb.checkA11y("armoury open")
	tb.shot("armoury")
	n.click(`#armoury [data-ready="Railgun"]`, `[data-path="sections.fore.weapons[1].sectors"]`)
	tb.settle()
	if got := eval[string](tb, `document.activeElement.dataset.path || ''`); got != "sections.fore.weapons[1].weapon" {
		t.Errorf("after the armoury the focus is on %q, not the new mount", got)
	}
	weapon := eval[string](tb, `document.querySelector('[data-path="sections.fore.weapons[1].weapon"]').value`)
	sectors := eval[[]string](tb, `[...document.querySelectorAll('[data-path="sections.fore.weapons[1].sectors"] [aria-pressed="true"]')].map(b => b.dataset.sector)`)
	if weapon != "railgun" || strings.Join(sectors, ",") != "0,1,2,5,6,7" {
		t.Errorf("the mount from the armoury: %q in sectors %v", weapon, sectors)
	}
	if got := tb.text(".panel .legal"); !strings.HasPrefix(got, "Legal") || strings.Contains(got, "warning") {
		t.Errorf("with the railgun: %q", got)
	}
	n.click(`#save`, `#auth`)
	n.click(`#auth [role="tab"]:nth-child(2)`, `#auth-pass[autocomplete="new-password"]`)
	n.typeText(`#auth-user`, "newcomer")
	n.typeText(`#auth-pass`, "correct horse battery staple")
	n.click(`#auth button[type="submit"]`, "")
	ok := eval[bool](tb, `new Promise((resolve) => {
		const until = performance.now() + 30000;
		const check = () => {
			if (location.search.startsWith('?from=')) return resolve(true);
			if (performance.now() > until) return resolve(false);
			setTimeout(check, 20);
		};
		check();
	})`)
	if !ok {
		t.Fatalf("not saved: %q", tb.text("#save-status"))
	}
	t.Logf("%d actions: %s", len(n.actions), strings.Join(n.actions, "; "))
	if len(n.actions) > 12 {
		t.Errorf("%d actions from the home page to a saved, legal, armed ship; at most 12", len(n.actions))
	}
	id := strings.TrimPrefix(eval[string](tb, `location.search`), "?from=")
	var d struct {
		Owner      string `json:"owner"`
		Evaluation struct {
			Legal bool    `json:"legal"`
			CV    float64 `json:"cv"`
		} `json:"evaluation"`
		Design struct {
			Name     string                     `json:"name"`
			Sections map[string]json.RawMessage `json:"sections"`
		} `json:"design"`
	}
	// The design is private: read it as its owner, from the page.
	body := eval[string](tb, `fetch('/api/v1/designs/`+id+`').then(r => r.text())`)
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		t.Fatalf("%v: %.200s", err, body)
	}
	if d.Owner != "newcomer" || !d.Evaluation.Legal || d.Evaluation.CV <= 0 ||
		!strings.Contains(string(d.Design.Sections["fore"]), `"railgun"`) {
		t.Errorf("saved design %s: %+v", id, d)
	}
	tb.checkPage("designer after saving")
}

// TestGuideChecklistInBrowser: the guided path walks its steps (its
// weapons step opens the armoury, which defines and mounts a weapon), a
// blank design shows a checklist of what it still needs in the server's
// words, whose entries focus their fields, and a fresh weapon definition
// warns of nothing. Battleshift's chooser offers its own classes. axe on
// the guided path open and the checklist.
func TestGuideChecklistInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openDesigner("/designer?new")
	tb.do("chooser", chromedp.WaitVisible(chromedp.CSS(`#start-guide`)))
	if got := eval[string](tb, `location.search`); got != "" {
		t.Errorf("the address keeps %q after opening the chooser", got)
	}
	tb.do("guided path", chromedp.Click(chromedp.CSS(`#start-guide`)), chromedp.WaitVisible(chromedp.CSS(`.guide`)))
	tb.settle()
	if got := tb.text(`.guide h2`); !strings.Contains(got, "hull") {
		t.Errorf("the first step is %q", got)
	}
	tb.do("checklist", chromedp.WaitVisible(chromedp.CSS(`.checklist`)))
	tb.checkA11y("guided path open, with the checklist")
	tb.shot("guided-path")

	// The checklist speaks the server's words and goes to the fields.
	items := eval[[]string](tb, `[...document.querySelectorAll('.checklist li')].map(li => li.textContent.trim())`)
	if len(items) < 5 {
		t.Fatalf("checklist %q", items)
	}
	for _, it := range items {
		if strings.ContainsAny(it, `{}"[`) || strings.Contains(it, "R-") {
			t.Errorf("checklist entry %q", it)
		}
	}
	tb.do("go to the name", chromedp.Click(chromedp.CSS(`.checklist [data-todo="name"]`)))
	if got := eval[string](tb, `document.activeElement.dataset.path || ''`); got != "name" {
		t.Errorf("the name's entry focused %q", got)
	}
	tb.typeInto("name", "Pathfinder")
	if got := eval[[]string](tb, `[...document.querySelectorAll('.checklist li')].map(li => li.textContent.trim())`); len(got) != len(items)-1 {
		t.Errorf("after naming: %d entries, want %d", len(got), len(items)-1)
	}

	// The systems step's button opens the system picker of the first
	// section; the weapons step's opens the armoury.
	for range 2 {
		tb.do("next", chromedp.Click(chromedp.CSS(`#guide-next`)))
	}
	if got := tb.text(`.guide h2`); got != "Systems and drives" {
		t.Fatalf("step 3 is %q", got)
	}
	// The step's own panel still settles as the checklist shrinks above
	// it: press the button by its element, not by where it was measured.
	tb.do("the add-core button", chromedp.WaitVisible(chromedp.CSS(`[data-add-section="core"]`)))
	eval[bool](tb, `(document.querySelector('[data-add-section="core"]').click(), true)`)
	waitPage(tb, "the core section is added", `document.querySelector('[data-path="sections.core.systems"]') || document.querySelector('[data-path^="sections.core"]')`)
	// The checklist above the guide shrinks as the evaluation comes back,
	// which can move the button between measuring and clicking it under
	// load: click it by its element.
	eval[bool](tb, `(document.getElementById('guide-go').click(), true)`)
	tb.do("the picker opens", chromedp.WaitVisible(chromedp.CSS(`#picker [data-kind="bridge"]`)))
	tb.click(`#picker [data-kind="bridge"]`)
	if got := eval[string](tb, `document.querySelector('[data-path="sections.core.systems[0].kind"]').value`); got != "bridge" {
		t.Errorf("the picker added %q", got)
	}
	tb.do("next", chromedp.Click(chromedp.CSS(`#guide-next`)))
	if got := tb.text(`.guide h2`); got != "Weapons" {
		t.Fatalf("step 4 is %q", got)
	}
	tb.do("open the armoury", chromedp.Click(chromedp.CSS(`#guide-go`)), chromedp.WaitVisible(chromedp.CSS(`#armoury`)))
	if got := eval[string](tb, `document.getElementById('armoury-section').value`); got != "core" {
		t.Errorf("the armoury mounts in %q", got)
	}
	tb.click(`#armoury [data-ready="Heavy laser"]`)
	if got := eval[[]string](tb, `[...document.querySelectorAll('[data-path="sections.core.weapons[0].sectors"] [aria-pressed="true"]')].map(b => b.dataset.sector)`); len(got) != 8 {
		t.Errorf("the core's new mount fires in %v", got)
	}
	tb.do("leave", chromedp.Click(chromedp.CSS(`#guide-leave`)))
	if eval[bool](tb, `!!document.querySelector('.guide')`) {
		t.Error("the guide is still shown after leaving it")
	}

	// A fresh definition ("+ Weapon definition") warns of nothing.
	tb.openDesigner("/designer?new")
	tb.do("cruiser", chromedp.WaitVisible(chromedp.CSS(`#start [data-template="cruiser"]`)), chromedp.Click(chromedp.CSS(`#start [data-template="cruiser"]`)))
	tb.settle()
	tb.click(`[data-add="weapons"]`)
	if got := tb.text(".panel .legal"); got != "Legal" {
		t.Errorf("the cruiser with a fresh definition: %q", got)
	}
	// Undo takes the definition away, then the template: the guided
	// design is back.
	tb.click(`#undo`)
	tb.click(`#undo`)
	if v := eval[string](tb, `document.querySelector('[data-path="name"]').value`); v != "Pathfinder" {
		t.Errorf("undoing the template gives %q, want the last design back", v)
	}

	// Battleshift brings its own classes.
	tb.openDesigner("/designer?ruleset=battleshift&new")
	tb.do("battleshift chooser", chromedp.WaitVisible(chromedp.CSS(`#start [data-template="dreadnought"]`)))
	tb.do("dreadnought", chromedp.Click(chromedp.CSS(`#start [data-template="dreadnought"]`)))
	tb.settle()
	if v := eval[string](tb, `document.querySelector('[data-path="size"]').value`); v != "5" {
		t.Errorf("the dreadnought template has size %q", v)
	}
	// Its guided path: the weapons step goes to the systems.
	tb.do("new", chromedp.Click(chromedp.CSS(`#new`)), chromedp.WaitVisible(chromedp.CSS(`#start-guide`)))
	tb.do("guide", chromedp.Click(chromedp.CSS(`#start-guide`)), chromedp.WaitVisible(chromedp.CSS(`#guide-next`)))
	tb.do("next", chromedp.Click(chromedp.CSS(`#guide-next`)))
	tb.guideFocused()
	tb.do("go", chromedp.Click(chromedp.CSS(`#guide-go`)))
	if got := tb.text(`.guide h2`); got != "Weapons" || !eval[bool](tb, `!!document.activeElement.closest('[data-path="systems"]')`) {
		t.Errorf("Battleshift's step %q focused %q", got, eval[string](tb, `document.activeElement.outerHTML.slice(0, 120)`))
	}
	if errs := tb.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestGuidedNewcomerInBrowser plays a newcomer who takes the guided path
// from the home page and each step's offer: a legal ship armed from the
// armoury, with no problem at all, in at most 12 actions.
func TestGuidedNewcomerInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	n := &newcomer{tb: tb}
	tb.open("/")
	n.click(`#new-design`, `#start-guide`)
	n.click(`#start-guide`, `#guide-offer`)
	tb.settle()
	n.typeText(`[data-path="name"]`, "Pathfinder")
	for i, want := range []string{"Name, hull and size", "Sections", "Systems and drives"} {
		if got := tb.text(`.guide h2`); got != want {
			t.Fatalf("step %d is %q, want %q", i+1, got, want)
		}
		n.click(`#guide-offer`, "")
		tb.settle()
		if eval[bool](tb, `!!document.getElementById('guide-offer')`) {
			t.Errorf("%s: the offer is still there after taking it", want)
		}
		n.click(`#guide-next`, `.guide[data-step="`+strconv.Itoa(i+1)+`"]`)
	}
	if got := tb.text(`.guide h2`); got != "Weapons" {
		t.Fatalf("step 4 is %q", got)
	}
	n.click(`#guide-go`, `#armoury [data-ready="Heavy laser"]`)
	n.click(`#armoury [data-ready="Heavy laser"]`, "")
	tb.settle()
	if got := tb.text(".panel .legal"); got != "Legal" {
		t.Errorf("after the guided path: %q; problems %q", got, tb.text(".panel .problem-list"))
	}
	if eval[bool](tb, `!!document.querySelector('.checklist')`) {
		t.Error("the checklist is still shown on a legal design")
	}
	t.Logf("%d actions: %s", len(n.actions), strings.Join(n.actions, "; "))
	if len(n.actions) > 12 {
		t.Errorf("%d actions from the home page to a legal, armed ship by the guided path; at most 12", len(n.actions))
	}
	// Undo takes the weapon back.
	tb.click(`#undo`)
	if eval[bool](tb, `!!document.querySelector('[data-path="sections.core.weapons[0].weapon"]')`) {
		t.Error("undo left the weapon's mount")
	}
	tb.checkPage("the guided path's ship")
}
