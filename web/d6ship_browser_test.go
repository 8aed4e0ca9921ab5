package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDesignerBuildsD6Ship: /designer?ruleset=d6ship draws the d6 stat
// block from its form description; by clicking and typing only it makes
// a Class V veteran ship, the panel shows the chapter's numbers (actions,
// crew dice, FTL spool, collision), a bad arc shows D6-ARC-01 beside the
// weapon, and the page passes the page checks.
func TestDesignerBuildsD6Ship(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openDesigner("/designer?ruleset=d6ship")
	if cur := tb.text(`.game-switch [aria-current="page"]`); cur != "d6 Starships" {
		t.Errorf("the game switcher marks %q", cur)
	}
	if a := tb.text("#stat-actions .value"); a != "1" {
		t.Errorf("the blank Class I ship has %q actions, want 1", a)
	}
	if h := tb.text(".stat.headline dt"); h != "Actions" {
		t.Errorf("the headline number is %q, want Actions", h)
	}
	tb.typeInto("name", "Vigilant")
	tb.choose("class", "Class V")
	tb.choose("crew", "Veteran (6d6)")
	tb.typeInto("speed", "5")
	tb.typeInto("shields.forward", "6")
	for ptr, want := range map[string]string{"actions": "5", "crewDice": "6", "ftlSpool": "5", "countdown": "5", "collision": "25", "velocity": "5"} {
		if got := tb.text("#stat-" + ptr + " .value"); !strings.HasPrefix(got, want) {
			t.Errorf("panel %s %q, want %q", ptr, got, want)
		}
	}
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("panel says %q, want Legal; problems: %s", legal, tb.text(".problem-list"))
	}
	tb.pickRow("weapons", "missile")
	tb.typeInto("weapons[1].arcs", "forward, ventral")
	if beside := tb.text(`.panel`); !strings.Contains(beside, "D6-ARC-01") || !strings.Contains(beside, "‘ventral’ is not one of the four arcs") {
		t.Errorf("the panel does not show D6-ARC-01: %q", beside)
	}
	tb.typeInto("weapons[1].arcs", "forward, aft")
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("after mending the arc the panel says %q: %s", legal, tb.text(".problem-list"))
	}
	tb.checkPage("d6 designer with a Class V ship")

	// Saved, the designer links the stat block sheet; it downloads as a
	// PDF of the ship.
	tb.click("#save")
	tb.do("the login dialog", chromedp.WaitVisible(chromedp.CSS("#auth")))
	tb.click(`#auth [role="tab"]:nth-child(2)`)
	user := fmt.Sprintf("gm%d", time.Now().UnixNano()%1_000_000)
	tb.do("register", chromedp.SendKeys(chromedp.CSS("#auth-user"), user),
		chromedp.SendKeys(chromedp.CSS("#auth-pass"), "correct horse battery"),
		chromedp.Click(chromedp.CSS(`#auth button[type="submit"]`)))
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	link := eval[string](tb, `(() => { const a = [...document.querySelectorAll('a')].find((a) => /sheet\.pdf$/.test(a.getAttribute('href') || '')); return a ? a.textContent + '|' + a.getAttribute('href') : ''; })()`)
	label, href, _ := strings.Cut(link, "|")
	if label != "stat block sheet (PDF)" || href == "" {
		t.Fatalf("the sheet link is %q", link)
	}
	got := eval[string](tb, `fetch(`+jsString(href)+`).then(async (r) => r.status + ' ' + r.headers.get('content-type') + ' ' + (await r.text()).slice(0, 5))`)
	if got != "200 application/pdf %PDF-" {
		t.Errorf("the sheet downloads as %q", got)
	}
}

// TestD6shipDesignPage: over HTTP, a d6 stat block's page shows its
// game's panel numbers from the stored evaluation and its sheet by the
// form's word, and no CV, points or value column.
func TestD6shipDesignPage(t *testing.T) {
	hs, _ := libServer(t)
	id := sampleOf(t, hs.URL, "d6ship", "frigate")
	res, body := get(t, hs.URL+"/designs/"+id)
	main := body[strings.Index(body, "<main"):strings.Index(body, "</main>")]
	for _, want := range []string{"d6 Starships · Class V · by slipway", ">Actions</dt><dd>5</dd>", ">Crew dice</dt><dd>6d6</dd>",
		">FTL spool</dt><dd>5</dd>", ">Collision damage</dt><dd>25</dd>", "Stat block sheet (PDF)", "Stat block sheet, A4",
		`href="/api/v1/rulesets/d6ship/aids.pdf">d6 Starships quick reference (PDF)`} {
		if !strings.Contains(main, want) {
			t.Errorf("the frigate's page lacks %s", want)
		}
	}
	if res.StatusCode != 200 || strings.Contains(main, "<dt>CV</dt>") || strings.Contains(main, "<dt>Points</dt>") || strings.Contains(main, `class="num">CV</th>`) {
		t.Errorf("the frigate's page: %d, or it shows Metaverse's numbers", res.StatusCode)
	}
}
