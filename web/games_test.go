package web_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// sampleOf returns the id of the first public design of ruleset found by
// q, through the API.
func sampleOf(t *testing.T, base, ruleset, q string) string {
	t.Helper()
	_, body := get(t, base+"/api/v1/library?ruleset="+ruleset+"&q="+q)
	var page struct{ Designs []struct{ ID string } }
	if err := json.Unmarshal([]byte(body), &page); err != nil || len(page.Designs) == 0 {
		t.Fatalf("no %s design for %q: %v %s", ruleset, q, err, body)
	}
	return page.Designs[0].ID
}

var cardRe = regexp.MustCompile(`(?s)<li class="design-card"[ >].*?</li>`)

// TestGamePages checks, over HTTP and without JavaScript, what the pages
// make of the two games: the designer of each (the switcher marks it, a
// design opens in its own game's designer, an unknown game is a 404
// naming the served ones), the library's game filter (a GET form field
// meaning what it means on /api/v1/library, kept by "Next page"), and a
// design page showing its game's numbers from the stored evaluation.
func TestGamePages(t *testing.T) {
	hs, _ := libServer(t)
	fast := sampleOf(t, hs.URL, "battleshift", "fast+attack")
	ref := sampleOf(t, hs.URL, "metaverse", "reference")

	for _, tc := range []struct{ path, game, current string }{
		{"/designer", "metaverse", "Metaverse"},
		{"/designer?ruleset=metaverse", "metaverse", "Metaverse"},
		{"/designer?ruleset=battleshift", "battleshift", "Battleshift"},
		{"/designer?from=" + fast, "battleshift", "Battleshift"},
		{"/designer?ruleset=metaverse&from=" + fast, "battleshift", "Battleshift"}, // the design names its game
		{"/designer?from=" + ref, "metaverse", "Metaverse"},
	} {
		res, body := get(t, hs.URL+tc.path)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `data-ruleset="`+tc.game+`"`) ||
			!strings.Contains(body, `aria-current="page">`+tc.current+`</a>`) {
			t.Errorf("GET %s: %d, want the %s designer marked in the switcher", tc.path, res.StatusCode, tc.game)
		}
	}
	res, body := get(t, hs.URL+"/designer?ruleset=nope")
	if res.StatusCode != http.StatusNotFound || !strings.Contains(body, "It serves Battleshift, d6 Starships, Metaverse and Star Eater") ||
		!strings.Contains(body, `href="/designer?ruleset=battleshift">Battleshift designer</a>`) || !strings.Contains(body, `href="/designer">Metaverse designer</a>`) {
		t.Errorf("GET /designer?ruleset=nope: %d\n%s", res.StatusCode, body)
	}

	// The library's game filter.
	for _, tc := range []struct {
		ruleset, badge string
		want           int
	}{{"battleshift", "Battleshift", 20}, {"metaverse", "", 10}} {
		res, body := get(t, hs.URL+"/library?ruleset="+tc.ruleset)
		cards := cardRe.FindAllString(body, -1)
		if res.StatusCode != http.StatusOK || len(cards) != tc.want {
			t.Errorf("/library?ruleset=%s: %d, %d cards, want %d", tc.ruleset, res.StatusCode, len(cards), tc.want)
		}
		for _, c := range cards {
			if tc.badge != "" && !strings.Contains(c, `<span class="badge game">`+tc.badge+`</span>`) || tc.badge == "" && strings.Contains(c, "badge game") {
				t.Errorf("/library?ruleset=%s lists a card of another game:\n%s", tc.ruleset, c)
			}
		}
		if !strings.Contains(body, `<option value="`+tc.ruleset+`" selected>`) {
			t.Errorf("/library?ruleset=%s: the form does not keep the game", tc.ruleset)
		}
	}
	_, body = get(t, hs.URL+"/library?ruleset=battleshift")
	next := regexp.MustCompile(`href="(/library\?[^"]*)" rel="next"`).FindStringSubmatch(body)
	if next == nil || !strings.Contains(next[1], "ruleset=battleshift") {
		t.Fatalf("the first page of 43 Battleshift designs has no next page keeping the game: %v", next)
	}
	_, body = get(t, hs.URL+strings.ReplaceAll(next[1], "&amp;", "&"))
	if n := len(cardRe.FindAllString(body, -1)); n != 20 || strings.Count(body, "badge game\">Battleshift") != 20 {
		t.Errorf("the second page: %d cards", n)
	}
	res, body = get(t, hs.URL+"/library?ruleset=nope&q=x")
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "<strong>ruleset</strong>: must be one of battleshift, d6ship, metaverse, stareater") ||
		!strings.Contains(body, `value="x"`) {
		t.Errorf("/library?ruleset=nope: %d\n%s", res.StatusCode, body)
	}
	_, body = get(t, hs.URL+"/library?ruleset=battleshift&q=fast+attack&sort=cv")
	if !strings.Contains(body, "Fast Attack Cruiser") || !strings.Contains(body, "<dt>Cost</dt><dd>36</dd>") {
		t.Errorf("the Fast Attack Cruiser's card:\n%s", cardRe.FindString(body))
	}

	// A Battleshift design's page: its numbers, squadrons and sheet.
	res, body = get(t, hs.URL+"/designs/"+fast)
	for _, want := range []string{"Battleshift · cruiser · by slipway", `<dt>Cost</dt><dd id="bs-cost">36</dd>`, "<dt>Size</dt><dd>3 (cruiser)</dd>",
		"<dt>Hull</dt><dd>4</dd>", "<dt>Shields</dt><dd>2 @ 4</dd>", `<dt>Move</dt><dd>18"</dd>`, "<dt>Space used</dt><dd>6 of 6</dd>",
		"<dt>Hits to suppress</dt><dd>1</dd>", `<th scope="row">Light Battery</th><td class="num">4</td>`, `<th scope="row">Interceptor</th><td class="num">2</td>`,
		`<th scope="row">Fast Drives</th><td class="num">1</td><td>points</td>`,
		`<tr><td class="num">7</td><td class="num">4</td><td class="num">28</td><td class="num">7</td><td class="num">14</td><td class="num">252</td></tr>`,
		`action="/api/v1/designs/` + fast + `/sheet.pdf"`, `href="/api/v1/rulesets/battleshift/aids.pdf"`, "Where the cost comes from",
		`<th scope="col" class="num">Cost</th><th scope="col" class="num">Change</th>`,
		`data-compare-id="` + fast + `" data-compare-name="Fast Attack Cruiser" data-compare-game="Battleshift">`, `href="/compare?ids=` + fast + `">Compare with others…`} {
		if !strings.Contains(body, want) {
			t.Errorf("the Fast Attack Cruiser's page lacks %s", want)
		}
	}
	if res.StatusCode != http.StatusOK || strings.Contains(body, "card.pdf") || strings.Contains(body, "<dt>CV</dt>") {
		t.Errorf("the Fast Attack Cruiser's page: %d, or it offers Metaverse's card or CV", res.StatusCode)
	}
	// Metaverse's page is as it was.
	_, body = get(t, hs.URL+"/designs/"+ref)
	for _, want := range []string{"<dt>CV</dt><dd>100</dd>", "Record sheet (PDF)", "Ship card (PDF)", "Compare with others…", "Where the combat value comes from",
		"<title id=\"chart-title\">Terms of the combat value</title>", `<th scope="col" class="num">CV</th>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the Reference Cruiser's page lacks %s", want)
		}
	}
	if main := body[strings.Index(body, "<main"):strings.Index(body, "</main>")]; strings.Contains(main, "badge game") || strings.Contains(main, "Battleshift") {
		t.Error("the Reference Cruiser's page names Battleshift")
	}
}

// scripts turns JavaScript on or off in the tab.
func (tb *tab) scripts(on bool) {
	tb.t.Helper()
	tb.do("scripts", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !on})
		return err
	}))
}

// TestLibraryGameFilterInBrowser filters the library by game in Chromium
// with JavaScript turned off, by keyboard, as the plain GET form it is;
// opens the Fast Attack Cruiser's page from the result; and runs the page
// checks on both, at 1280 and 390 px (battleshift-design-*.png with
// SLIPWAY_SCREENSHOTS).
func TestLibraryGameFilterInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.scripts(false)
	tb.open("/library")
	tb.do("choose the game", chromedp.Focus(chromedp.CSS("#ruleset")), chromedp.SendKeys(chromedp.CSS("#ruleset"), "Battleshift"))
	tb.do("search", chromedp.SendKeys(chromedp.CSS(`form.search input[name="q"]`), "fast attack"+kb.Enter),
		chromedp.WaitVisible(chromedp.CSS(`.design-card`)))
	// The old page's cards satisfy WaitVisible until the form's answer
	// replaces it: wait for the search's page.
	waitPage(tb, "the form's answer", `location.search.includes('ruleset=battleshift') && document.readyState === 'complete'`)
	if c := tb.text(".design-card"); !strings.Contains(c, "Fast Attack Cruiser") || !strings.Contains(c, "Cost36") {
		t.Errorf("the card: %q", c)
	}
	if n := eval[int](tb, `document.querySelectorAll('.design-card').length`); n != eval[int](tb, `document.querySelectorAll('.design-card .badge.game').length`) {
		t.Errorf("the filtered library lists a design of another game")
	}
	tb.do("open the design", chromedp.Click(chromedp.CSS(`a.card-link`)), chromedp.WaitVisible(chromedp.CSS(`#h-squadrons`)))
	if cost := tb.text("#bs-cost"); cost != "36" {
		t.Errorf("the design page's cost %q", cost)
	}
	tb.scripts(true)
	tb.do("reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#h-squadrons`)))
	// The class sheet, as the Print form asks for it.
	type dl struct {
		Status     int
		Type, Body string
	}
	got := eval[dl](tb, `(async () => {
		const f = document.querySelector('form[action$="/sheet.pdf"]');
		const q = new URLSearchParams(new FormData(f));
		q.set('paper', 'a4');
		const r = await fetch(f.action + '?' + q);
		const b = new Uint8Array(await r.arrayBuffer());
		let s = ''; for (const c of b) s += String.fromCharCode(c);
		return {status: r.status, type: r.headers.get('content-type'), body: btoa(s)};
	})()`)
	pdf, _ := base64.StdEncoding.DecodeString(got.Body)
	if got.Status != 200 || !strings.HasPrefix(got.Type, "application/pdf") || !bytes.HasPrefix(pdf, []byte("%PDF-")) || !pdfHasName(pdf, "Fast Attack Cruiser") {
		t.Errorf("class sheet: %d %s, %d bytes", got.Status, got.Type, len(pdf))
	}
	if st := eval[int](tb, `fetch(document.querySelector('a[href$="/aids.pdf"]').href).then(r => r.status)`); st != 200 {
		t.Errorf("the quick reference: %d", st)
	}
	tb.checkPage("a Battleshift design's page")
	tb.shootWidths("battleshift-design", nil)
	tb.open("/library?ruleset=battleshift&q=fast+attack")
	tb.checkPage("the library filtered by game")
}
