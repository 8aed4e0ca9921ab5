package web_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDesignerBuildsStareaterCardSet: the Star Eater designer asks what
// the player is making (from the form description's kinds); by clicking
// and typing only a card set is built (a rule book card's numbers and a
// card of the player's own), saved private, and a loadout that names it
// then shows numbers the built-in names leave unknown.
func TestDesignerBuildsStareaterCardSet(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.openDesigner("/designer?ruleset=stareater")
	kind := func(label string) {
		tb.t.Helper()
		tb.do("make a "+label, chromedp.Focus(chromedp.CSS("#doc-kind")), chromedp.SendKeys(chromedp.CSS("#doc-kind"), label))
		tb.settle()
		if got := eval[string](tb, `(() => { const s = document.getElementById('doc-kind'); return s.options[s.selectedIndex].text; })()`); got != label {
			t.Fatalf("the kind chooser shows %q after choosing %q", got, label)
		}
	}
	kind("Card set")
	if h := tb.text(".stat.headline dt"); h != "Cards" {
		t.Errorf("the card set's headline number is %q, want Cards", h)
	}
	if opts := eval[int](tb, `document.querySelectorAll('datalist option').length`); opts < 10 {
		t.Errorf("the card field suggests %d cards of the catalogue", opts)
	}
	tb.typeInto("name", "My Lamais cards")
	tb.typeInto("cards[0].card", "ac-10-rail-cannon")
	tb.typeInto("cards[0].damage", "4")
	tb.typeInto("cards[0].cooldown", "2")
	tb.typeInto("cards[0].copies", "2")
	// A card of the player's own making.
	tb.click(`[data-add="cards"]`)
	tb.click(`#rowpicker button[data-value="lamais"]`)
	tb.typeInto("cards[1].card", "home-lance")
	tb.typeInto("cards[1].name", "Home Lance")
	tb.choose("cards[1].slot", "Main Weapon")
	tb.choose("cards[1].weapon", "Beam")
	// A beam has Damage, Range and Cooldown (and copies): no Speed box.
	if asked := eval[string](tb, `[...document.querySelectorAll('input[data-path^="cards[1]."]')].map((e) => e.dataset.path.slice(9)).join(' ')`); asked != "card name damage range cooldown copies effect" {
		t.Errorf("a beam card asks for %q", asked)
	}
	tb.typeInto("cards[1].damage", "3")
	tb.typeInto("cards[1].range", "6")
	tb.typeInto("cards[1].cooldown", "3")
	// The RNC Gilgamesh's Armour Mat: Evasion, Structure and each
	// section's armour; the USF Prosperity's ram prow is not asked for.
	tb.click(`[data-add="ships"]`)
	tb.click(`#rowpicker button[data-value="rnc-gilgamesh"]`)
	tb.typeInto("ships[0].evasion", "1")
	tb.typeInto("ships[0].structure", "6")
	for sec, n := range map[string]string{"prow": "4", "portBow": "3", "starboardBow": "3", "portQuarter": "3", "starboardQuarter": "3", "stern": "2"} {
		tb.typeInto("ships[0].armour."+sec, n)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-path^="ships[0].armour."]').length`); n != 6 {
		t.Errorf("the Gilgamesh's Armour Mat asks for %d sections, want 6", n)
	}
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Fatalf("the card set is %q: %s", legal, tb.text(".problem-list"))
	}
	if n := tb.text("#stat-cards .value"); n != "2" {
		t.Errorf("cards: %q, want 2", n)
	}
	tb.click("#save")
	tb.do("the login dialog", chromedp.WaitVisible(chromedp.CSS("#auth")))
	tb.click(`#auth [role="tab"]:nth-child(2)`)
	user := fmt.Sprintf("dealer%d", time.Now().UnixNano()%1_000_000)
	tb.do("register", chromedp.SendKeys(chromedp.CSS("#auth-user"), user),
		chromedp.SendKeys(chromedp.CSS("#auth-pass"), "correct horse battery"),
		chromedp.Click(chromedp.CSS(`#auth button[type="submit"]`)))
	waitFor(t, tb, `/saved as version 1/.test(document.getElementById('save-status').textContent)`, "the save")
	href := eval[string](tb, `(() => { const a = [...document.querySelectorAll('#save-status a')].find((a) => /sheet\.pdf$/.test(a.getAttribute('href') || '')); return a ? a.getAttribute('href') : ''; })()`)
	m := regexp.MustCompile(`^/api/v1/designs/([a-z0-9-]+)/sheet\.pdf$`).FindStringSubmatch(href)
	if m == nil {
		t.Fatalf("the saved card set's sheet link is %q", href)
	}
	if vis := eval[string](tb, `document.getElementById('visibility').value`); vis != "private" {
		t.Errorf("the card set was saved %s", vis)
	}

	kind("Loadout")
	if h := tb.text(".stat.headline dt"); h != "Total armour" {
		t.Errorf("the loadout's headline number is %q", h)
	}
	tb.typeInto("name", "Rail and lance")
	for i, card := range []string{"AC-10 Rail Cannon (Lamais Main Weapon)", "Helix Cannons (Lamais Broadsides)", "Apollo (Lamais Point Defence)", "Slingshot System (Lamais Hangar)"} {
		tb.choose(fmt.Sprintf("components[%d].card", i), card)
	}
	for i := range 4 {
		tb.choose(fmt.Sprintf("corvettes[%d].card", i), "Vanguard (Lamais)")
	}
	if d := tb.text("#stat-damagePerCooldown .value"); d != "—" {
		t.Errorf("damage per cooldown round with the built-in names: %q, want —", d)
	}
	unknownBuiltin, _ := strconv.Atoi(tb.text("#stat-unknownNumbers .value"))
	tb.typeInto("cardSet", m[1])
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("the loadout naming the card set is %q: %s", legal, tb.text(".problem-list"))
	}
	if a := tb.text("#stat-totalArmour .value"); a != "18" {
		t.Errorf("total armour with the card set: %q, want 18", a)
	}
	if d := tb.text("#stat-damagePerCooldown .value"); d != "2" {
		t.Errorf("damage per cooldown round with the card set: %q, want 2 (4 ÷ 2)", d)
	}
	if n, _ := strconv.Atoi(tb.text("#stat-unknownNumbers .value")); n >= unknownBuiltin || n == 0 {
		t.Errorf("numbers not known: %d with the card set, %d with the built-in names", n, unknownBuiltin)
	}
	tb.checkPage("Star Eater designer with a loadout naming a card set")

	// A 2v2 team: two teammates' loadouts, each with its slots.
	kind("2v2 team")
	if h := tb.text(".stat.headline dt"); h != "Numbers not known" {
		t.Errorf("the team's headline number is %q", h)
	}
	tb.typeInto("cardSet", m[1])
	for p := range 2 {
		for i, card := range []string{"AC-10 Rail Cannon (Lamais Main Weapon)", "Helix Cannons (Lamais Broadsides)", "Apollo (Lamais Point Defence)", "Slingshot System (Lamais Hangar)"} {
			tb.choose(fmt.Sprintf("loadouts[%d].components[%d].card", p, i), card)
		}
		for i := range 4 {
			tb.choose(fmt.Sprintf("loadouts[%d].corvettes[%d].card", p, i), "Vanguard (Lamais)")
		}
	}
	// Together they take the two AC-10 Rail Cannons the set gives.
	if legal := tb.text(".legal"); !strings.HasPrefix(legal, "Legal") {
		t.Errorf("the team is %q: %s", legal, tb.text(".problem-list"))
	}
	if a := tb.text("#stat-loadouts-0-totalArmour .value"); a == "" {
		t.Errorf("the first teammate's total armour is not shown")
	}
	tb.checkPage("Star Eater designer with a 2v2 team")
}
