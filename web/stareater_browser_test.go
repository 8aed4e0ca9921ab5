package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDesignerBuildsStareaterLoadout: /designer?ruleset=stareater draws a
// Star Eater loadout from its form description; by clicking and typing
// only it puts a card on each slot of the RNC Gilgamesh and four
// corvettes, the panel says it is legal with its numbers not known (the
// rule book prints none) and descriptive, a card set name that is no
// reference shows SE-SET-01 beside the field, and saved, the loadout's
// mats download as a PDF.
func TestDesignerBuildsStareaterLoadout(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openDesigner("/designer?ruleset=stareater")
	if cur := tb.text(`.game-switch [aria-current="page"]`); cur != "Star Eater" {
		t.Errorf("the game switcher marks %q", cur)
	}
	if h := tb.text(".stat.headline dt"); h != "Total armour" {
		t.Errorf("the headline number is %q, want Total armour", h)
	}
	if legal := tb.text(".legal"); strings.HasPrefix(legal, "Legal") {
		t.Errorf("the blank loadout, its slots empty, is %q", legal)
	}
	tb.typeInto("name", "Gilgamesh strike group")
	tb.choose("faction", "Lamais")
	tb.choose("ship", "RNC Gilgamesh (Lamais)")
	for i, card := range []string{"AC-10 Rail Cannon (Lamais Main Weapon)", "Helix Cannons (Lamais Broadsides)", "Apollo (Lamais Point Defence)", "Slingshot System (Lamais Hangar)"} {
		tb.choose(fmt.Sprintf("components[%d].card", i), card)
	}
	for i, card := range []string{"Authority (Lamais)", "Vanguard (Lamais)", "Vanguard (Lamais)", "Authority (Lamais)"} {
		tb.choose(fmt.Sprintf("corvettes[%d].card", i), card)
	}
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("panel says %q, want Legal; problems: %s", legal, tb.text(".problem-list"))
	}
	if a := tb.text("#stat-totalArmour .value"); a != "—" {
		t.Errorf("total armour with the built-in names is %q, want — (not known)", a)
	}
	if n := tb.text("#stat-unknownNumbers .value"); n == "" || n == "0" || n == "—" {
		t.Errorf("numbers not known: %q", n)
	}
	// A Broadsides card on the Point Defence slot is SE-SLOT-02.
	tb.choose("components[2].card", "Helix Cannons (Lamais Broadsides)")
	if beside := tb.text(`.panel`); !strings.Contains(beside, "SE-SLOT-02") {
		t.Errorf("the panel does not show SE-SLOT-02: %q", beside)
	}
	tb.typeInto("cardSet", "My cards!")
	if beside := tb.text(`.panel`); !strings.Contains(beside, "SE-SET-01") || !strings.Contains(beside, "‘My cards!’ is not a card set name") {
		t.Errorf("the panel does not show SE-SET-01: %q", beside)
	}
	tb.typeInto("cardSet", "builtin")
	tb.choose("components[2].card", "Apollo (Lamais Point Defence)")
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("after mending the slot the panel says %q: %s", legal, tb.text(".problem-list"))
	}
	tb.checkPage("Star Eater designer with a loadout")

	tb.click("#save")
	tb.do("the login dialog", chromedp.WaitVisible(chromedp.CSS("#auth")))
	tb.click(`#auth [role="tab"]:nth-child(2)`)
	user := fmt.Sprintf("admiral%d", time.Now().UnixNano()%1_000_000)
	tb.do("register", chromedp.SendKeys(chromedp.CSS("#auth-user"), user),
		chromedp.SendKeys(chromedp.CSS("#auth-pass"), "correct horse battery"),
		chromedp.Click(chromedp.CSS(`#auth button[type="submit"]`)))
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	link := eval[string](tb, `(() => { const a = [...document.querySelectorAll('a')].find((a) => /sheet\.pdf$/.test(a.getAttribute('href') || '')); return a ? a.textContent + '|' + a.getAttribute('href') : ''; })()`)
	label, href, _ := strings.Cut(link, "|")
	if label != "mats or cards (PDF)" || href == "" {
		t.Fatalf("the sheet link is %q", link)
	}
	got := eval[string](tb, `fetch(`+jsString(href)+`).then(async (r) => r.status + ' ' + r.headers.get('content-type') + ' ' + (await r.text()).slice(0, 5))`)
	if got != "200 application/pdf %PDF-" {
		t.Errorf("the sheet downloads as %q", got)
	}
}
