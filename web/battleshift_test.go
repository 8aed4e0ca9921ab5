package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/slipway/slipway/ruleset/battleshift"
)

// The Battleshift designer: the same page as Metaverse's, drawn from
// Battleshift's form description (GET /api/v1/rulesets/battleshift/form).

// pickRow adds a row to a rows field through its picker, by the value of
// the row's first column.
func (tb *tab) pickRow(path, value string) {
	tb.t.Helper()
	tb.do("open the picker of "+path, chromedp.Click(chromedp.CSS(`[data-add="`+path+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#rowpicker`)))
	tb.click(`#rowpicker [data-value="` + value + `"]`)
}

// shootWidths shows the page at 1280 and at 390 px (a phone), checks
// that nothing scrolls sideways, writes the screenshots name-1280.png and
// name-390.png with SLIPWAY_SCREENSHOTS (scrolled to the element scroll[i]
// names, if any, else to the top; "full" takes the whole page), and goes
// back to the desktop width.
func (tb *tab) shootWidths(name string, ready func(), scroll ...string) {
	tb.t.Helper()
	for i, w := range []int64{1280, 390} {
		if w < 500 {
			tb.do("phone width", chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile))
		} else {
			tb.do("desktop width", chromedp.EmulateViewport(w, 1000))
		}
		if ready != nil {
			ready()
		}
		if got := eval[int](tb, `document.documentElement.scrollWidth`); got > int(w) {
			tb.t.Errorf("%s at %d px scrolls sideways: %d px wide", name, w, got)
		}
		if dir := os.Getenv("SLIPWAY_SCREENSHOTS"); dir != "" {
			shot := chromedp.CaptureScreenshot()
			at := ""
			if i < len(scroll) {
				at = scroll[i]
			}
			switch at {
			case "full":
				eval[bool](tb, `(window.scrollTo(0, 0), true)`)
				shot = chromedp.FullScreenshot(100)
			case "":
				eval[bool](tb, `(window.scrollTo(0, 0), true)`)
			default:
				eval[bool](tb, `(document.querySelector(`+jsString(at)+`).scrollIntoView({block: 'start', behavior: 'instant'}), true)`)
			}
			ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
			png, err := chromedp.Run(ctx, shot)
			cancel()
			if err != nil {
				tb.t.Fatalf("%s: %v", name, err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, w)), png, 0o644); err != nil {
				tb.t.Fatal(err)
			}
		}
	}
	tb.do("desktop width", chromedp.EmulateViewport(1280, 900))
}

// sameAsSample compares the draft the browser kept with a Battleshift
// sample, as decoded classes, leaving out the descriptive fields.
func sameAsSample(t *testing.T, draft, file string) {
	t.Helper()
	var stored struct{ Doc json.RawMessage }
	if err := json.Unmarshal([]byte(draft), &stored); err != nil {
		t.Fatalf("draft in local storage: %v", err)
	}
	bs := battleshift.New()
	got, err := bs.DecodeClass(stored.Doc)
	if err != nil {
		t.Fatalf("the form's document does not decode: %v\n%s", err, stored.Doc)
	}
	b, err := os.ReadFile(filepath.Join("..", "data", "battleshift", "samples", file))
	if err != nil {
		t.Fatal(err)
	}
	want, err := bs.DecodeClass(b)
	if err != nil {
		t.Fatal(err)
	}
	want.Description, want.Tags, want.Universe = "", nil, ""
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("the form built a different document:\n%s\nwant\n%s", g, w)
	}
}

// TestDesignerBuildsFastAttackCruiser is issue 18's acceptance 9: from
// /designer?ruleset=battleshift, by clicking and typing only, it builds
// the Fast Attack Cruiser (cost 36, legal, the sample's document less its
// description, tags and universe); a heavy battery more shows BS-SPACE-01
// beside the systems, the panel's problem focuses them, Ctrl+Z takes it
// back; a reload keeps the draft, in its own slot beside Metaverse's;
// saving registers and saves version 1; the page checks at 1280 and 390 px.
func TestDesignerBuildsFastAttackCruiser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openDesigner("/designer?ruleset=battleshift")
	if cur := tb.text(`.game-switch [aria-current="page"]`); cur != "Battleshift" {
		t.Errorf("the game switcher marks %q", cur)
	}
	if cost := tb.text("#stat-cost .value"); cost != "10" {
		t.Errorf("the blank destroyer costs %q, want 10", cost)
	}
	if n := eval[int](tb, `document.querySelectorAll('.stat.headline').length`); n != 1 || tb.text(".stat.headline dt") != "Cost" {
		t.Errorf("%d headline numbers, the first %q; want Cost alone", n, tb.text(".stat.headline dt"))
	}

	tb.typeInto("name", "Fast Attack Cruiser")
	tb.typeInto("size", "3")
	tb.typeInto("systems[0].count", "4")
	tb.typeInto("systems[1].count", "2")
	tb.do("open the system picker", chromedp.Click(chromedp.CSS(`[data-add="systems"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#rowpicker`)))
	if help := tb.text(`#rowpicker [data-value="fast"] .pick-info`); !strings.Contains(help, "+6\" of move") {
		t.Errorf("the picker says of fast drives: %q", help)
	}
	tb.checkA11y("Battleshift designer with the system picker")
	tb.click(`#rowpicker [data-value="fast"]`)
	if pay := tb.text(`[data-path="systems[2].pay"] option:checked`); pay != "Space units" {
		t.Errorf("fast drives are paid with %q at first, want the default, Space units", pay)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-path="systems[0].pay"]').length`); n != 0 {
		t.Errorf("a light battery shows how it is paid")
	}
	tb.choose("systems[2].pay", "Points")
	if help := tb.text(`#f-systems_2__pay-o`); !strings.Contains(help, "Add to the cost") {
		t.Errorf("the payment's help beside the row: %q", help)
	}

	if cost := tb.text("#stat-cost .value"); cost != "36" {
		t.Errorf("cost %q, want 36; problems: %s", cost, tb.text(".problem-list"))
	}
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("panel says %q, want Legal", legal)
	}
	for ptr, want := range map[string]string{"hull": "4", "shields": "2", "hardness": "4", "move": `18"`, "spaceUsed": "6", "space": "6"} {
		if got := tb.text("#stat-" + ptr + " .value"); got != want {
			t.Errorf("panel %s %q, want %q", ptr, got, want)
		}
	}
	sameAsSample(t, eval[string](tb, `localStorage.getItem('slipway.draft:battleshift:new')`), "generic-fast-attack-cruiser.json")
	if mv := eval[bool](tb, `localStorage.getItem('slipway.draft:new') === null`); !mv {
		t.Error("the Battleshift draft touched Metaverse's slot")
	}
	tb.checkPage("Battleshift designer with the Fast Attack Cruiser")
	tb.shootWidths("battleshift-designer", tb.settle, "full", "#g-systems")

	// A heavy battery more does not fit: BS-SPACE-01 beside the systems.
	tb.pickRow("systems", "heavyBattery")
	beside := tb.text(`[data-path="systems"] > .field-problems`)
	if !strings.Contains(beside, "BS-SPACE-01") || !strings.Contains(beside, "8 of its 6 space units") {
		t.Fatalf("beside the systems: %q, want BS-SPACE-01", beside)
	}
	if where := tb.text(`.panel .problem[data-goto="systems"] .where`); where != "Systems" {
		t.Errorf("the panel places the problem at %q, want the form's word, Systems", where)
	}
	tb.do("click the problem", chromedp.Focus(chromedp.CSS("#undo")),
		chromedp.Click(chromedp.CSS(`.panel .problem[data-goto="systems"]`)))
	if got := eval[string](tb, `document.activeElement.dataset.path || document.activeElement.id`); got != "systems" {
		t.Fatalf("clicking the problem focused %q, want the systems", got)
	}
	tb.checkA11y("Battleshift designer with BS-SPACE-01")
	tb.do("Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	tb.settle()
	if n := eval[int](tb, `document.querySelectorAll('.row.form-row').length`); n != 3 {
		t.Errorf("after Ctrl+Z %d system rows, want 3", n)
	}
	if n := eval[int](tb, `document.querySelectorAll('.panel .problem').length`); n != 0 || tb.text("#stat-cost .value") != "36" {
		t.Errorf("after Ctrl+Z: %d problems, cost %s", n, tb.text("#stat-cost .value"))
	}

	tb.do("reload", chromedp.Reload())
	tb.do("designer ready", chromedp.WaitVisible(chromedp.CSS(`.design-form`)))
	tb.settle()
	if v := eval[string](tb, `document.querySelector('[data-path="name"]').value`); v != "Fast Attack Cruiser" {
		t.Errorf("after a reload the name is %q", v)
	}
	if cost := tb.text("#stat-cost .value"); cost != "36" {
		t.Errorf("after a reload the cost is %q", cost)
	}
	sameAsSample(t, eval[string](tb, `localStorage.getItem('slipway.draft:battleshift:new')`), "generic-fast-attack-cruiser.json")

	tb.click("#save")
	tb.do("the login dialog", chromedp.WaitVisible(chromedp.CSS("#auth")))
	tb.click(`#auth [role="tab"]:nth-child(2)`)
	user := fmt.Sprintf("shifter%d", time.Now().UnixNano()%1_000_000)
	tb.do("register", chromedp.SendKeys(chromedp.CSS("#auth-user"), user),
		chromedp.SendKeys(chromedp.CSS("#auth-pass"), "correct horse battery"),
		chromedp.Click(chromedp.CSS(`#auth button[type="submit"]`)))
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	id := eval[string](tb, `new URLSearchParams(location.search).get('from') || ''`)
	type saved struct {
		Ruleset, Owner string
		Version        int
		CV             float64
	}
	got := eval[saved](tb, `fetch('/api/v1/designs/`+id+`').then(r => r.json()).then(d => ({ruleset: d.ruleset, owner: d.owner, version: d.version, cv: d.evaluation.cv}))`)
	if got.Ruleset != "battleshift" || got.Owner != user || got.Version != 1 || got.CV != 36 {
		t.Errorf("stored %+v", got)
	}
	if eval[bool](tb, `localStorage.getItem('slipway.draft:battleshift:new') !== null`) {
		t.Error("the new design's draft slot is still kept after saving")
	}
	// Reopened by its address, the designer is Battleshift's.
	tb.openDesigner("/designer?from=" + id)
	if cur := tb.text(`.game-switch [aria-current="page"]`); cur != "Battleshift" || tb.text("#stat-cost .value") != "36" {
		t.Errorf("reopened: the switcher marks %q, cost %q", cur, tb.text("#stat-cost .value"))
	}
	tb.checkPage("Battleshift designer after saving")
}

// TestDesignerOpensBattleshiftSamples opens each Battleshift sample of the
// library in the designer: Battleshift's form, whatever the address says
// (the design names its game), the cost the library stored, no error
// beside any field of the legal ones, and the page checks on two.
func TestDesignerOpensBattleshiftSamples(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	type entry struct {
		ID, Name   string
		Evaluation struct {
			CV    int
			Legal bool
		}
	}
	samples := eval[[]entry](tb, `fetch('/api/v1/library?ruleset=battleshift&limit=100').then(r => r.json()).then(p => p.designs.filter(d => d.owner === 'slipway'))`)
	if len(samples) != 43 {
		t.Fatalf("%d Battleshift samples in the library, want 43", len(samples))
	}
	for i, s := range samples {
		tb.openDesigner("/designer?from=" + s.ID)
		if cost := tb.text("#stat-cost .value"); cost != fmt.Sprint(s.Evaluation.CV) {
			t.Errorf("%s: the designer shows cost %q, the library %d", s.Name, cost, s.Evaluation.CV)
		}
		if n := eval[int](tb, `document.querySelectorAll('.field-problems li.error').length`); s.Evaluation.Legal && n != 0 {
			t.Errorf("%s: %d errors beside fields of a legal sample", s.Name, n)
		}
		if i < 2 {
			tb.checkPage("designer with " + s.Name)
		}
	}
}
