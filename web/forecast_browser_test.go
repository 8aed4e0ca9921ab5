package web_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// sampleCV is a sample design's CV under the default model: "CV 65".
func sampleCV(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile("../data/samples/" + file)
	if err != nil {
		t.Fatal(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	return "CV " + strconv.Itoa(costing.NewModel(nil).Evaluate(d, costing.Options{}).CV)
}

// TestForecastFromDesignPageInBrowser is issue 21's acceptance 5 in the
// browser: on a design page, choose an opponent and forecast; the form
// says it is playing, then the page shows what CV says, each side's wins
// with an interval, the draws and why, the same numbers the API answers.
func TestForecastFromDesignPageInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/library?q=newton")
	href := eval[string](tb, `(document.querySelector('.design-card a[href^="/designs/"]') || {}).getAttribute('href')`)
	if href == "" {
		t.Fatal("the library finds no USS Newton")
	}
	tb.open(href)
	tb.do("choose the Tesla", chromedp.Focus(chromedp.CSS(`#forecast-against`)), chromedp.SendKeys(chromedp.CSS(`#forecast-against`), "IKS Tesla"),
		chromedp.Focus(chromedp.CSS(`#forecast-runs`)), chromedp.SendKeys(chromedp.CSS(`#forecast-runs`), "500"))
	if v := eval[string](tb, `document.querySelector('#forecast-against').selectedOptions[0].textContent`); !strings.HasPrefix(v, "IKS Tesla") {
		t.Fatalf("the opponent chosen is %q", v)
	}
	tb.do("forecast", chromedp.Click(chromedp.CSS(`.forecast-form button[type=submit]`)))
	waitPage(tb, "the forecast shows", `document.querySelector('.forecast-result')`)
	head := tb.text(".forecast-headline")
	if !strings.Contains(head, "CV favours IKS Tesla") || !strings.Contains(head, "simulated: ") {
		t.Errorf("headline %q", head)
	}
	sides := tb.text(".forecast-sides")
	for _, want := range []string{"USS Newton", "IKS Tesla", sampleCV(t, "uss-newton.json"), sampleCV(t, "iks-tesla.json"), "95 % interval", "Draws"} {
		if !strings.Contains(sides, want) {
			t.Errorf("the sides lack %q: %q", want, sides)
		}
	}
	if why := tb.text(".forecast-result p:nth-of-type(2)"); !strings.HasPrefix(why, "Why: ") || len(why) < 20 {
		t.Errorf("reason %q", why)
	}
	if s := tb.text(".forecast-result .small"); !strings.HasPrefix(s, "500 battles deployed by the encounter rules and 125 from each of 20, 100 and 200 cm") {
		t.Errorf("settings %q", s)
	}
	starts := tb.text(".forecast-starts")
	for _, want := range []string{"From a fixed start, 125 battles each", "USS Newton wins", "IKS Tesla wins", "from 20 cm", "from 100 cm", "from 200 cm"} {
		if !strings.Contains(starts, want) {
			t.Errorf("the starts table lacks %q: %q", want, starts)
		}
	}
	api := eval[string](tb, `(async () => {
		const q = new URLSearchParams(location.search);
		const r = await fetch('/api/v1/forecast', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({a: {design: location.pathname.split('/').pop()}, b: {design: q.get('against')}, runs: 500, seed: 1})});
		const f = await r.json();
		return f.simulated + '|' + (f.startNote || '') + '|' + f.starts.map(s => Math.round(100 * s.win[0]) + ' %').join(' ');
	})()`)
	parts := strings.Split(api, "|")
	if len(parts) != 3 || !strings.Contains(head, parts[0]) || parts[0] == "" {
		t.Fatalf("the API says %q, the page %q", api, head)
	}
	if parts[1] != "" {
		if note := tb.text(".forecast-result p:nth-of-type(3)"); note != "Start: "+parts[1] {
			t.Errorf("the page's start note %q, the API's %q", note, parts[1])
		}
	}
	for _, w := range strings.Split(parts[2], " %") {
		if w = strings.TrimSpace(w); w != "" && !strings.Contains(starts, w+" %") {
			t.Errorf("the API's start wins %q are not all on the page: %q", parts[2], starts)
		}
	}
	tb.checkPage("design page with a forecast")
	tb.checkA11y("design page with a forecast")
	eval[bool](tb, `(document.getElementById('forecast').scrollIntoView(), true)`)
	tb.shot("forecast-design-page")
}

// TestForecastFromDesignerAndBuilderInBrowser: the designer's "Test
// against…" plays the draft against a design found by searching the
// library, and the fleet builder's "Forecast against a fleet…" the fleet
// being built against a library fleet; neither types an id, both show
// the server's forecast with its reason.
func TestForecastFromDesignerAndBuilderInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/library?q=newton")
	id := eval[string](tb, `document.querySelector('.design-card a[href^="/designs/"]').getAttribute('href').split('/').pop()`)
	tb.openDesigner("/designer?from=" + id)
	tb.do("test against", chromedp.Click(chromedp.CSS(`#test-against`)), chromedp.WaitVisible(chromedp.CSS(`#forecast-q`)))
	tb.do("search", chromedp.SendKeys(chromedp.CSS(`#forecast-q`), "tesla"))
	waitPage(tb, "only the Tesla is offered", `(l => l.length === 1 && l[0].textContent.includes('IKS Tesla'))([...document.querySelectorAll('.forecast-pick')])`)
	tb.do("pick it", chromedp.Click(chromedp.CSS(`.forecast-pick input`)), chromedp.Click(chromedp.CSS(`#forecast-run`)))
	waitPage(tb, "the forecast shows", `document.querySelector('#forecast .forecast-result')`)
	if h := tb.text("#forecast .forecast-headline"); !strings.Contains(h, "CV favours IKS Tesla") || !strings.Contains(h, "simulated: ") {
		t.Errorf("designer headline %q", h)
	}
	if w := tb.text("#forecast .forecast-result p:nth-of-type(2)"); !strings.HasPrefix(w, "Why: ") {
		t.Errorf("designer reason %q", w)
	}
	if st := tb.text("#forecast .forecast-starts"); !strings.Contains(st, "from 20 cm") || !strings.Contains(st, "from 200 cm") || !strings.Contains(st, "250 battles each") {
		t.Errorf("designer starts %q", st)
	}
	if s := tb.text("#forecast .forecast-result .small"); !strings.Contains(s, "and 250 from each of 20, 100 and 200 cm") {
		t.Errorf("designer settings %q", s)
	}
	tb.checkA11y("designer with the forecast dialog")
	tb.shot("forecast-dialog")
	tb.do("close the dialog", chromedp.Click(chromedp.CSS(`#forecast .modal-head button`)))

	fleet := sampleFleet(tb, "Cruiser Wing")
	tb.openBuilder("/fleets/" + fleet + "/edit")
	tb.do("forecast against a fleet", chromedp.Click(chromedp.CSS(`#forecast-fleet`)), chromedp.WaitVisible(chromedp.CSS(`#forecast-q`)))
	tb.do("search", chromedp.SendKeys(chromedp.CSS(`#forecast-q`), "tesla"))
	waitPage(tb, "the search lists the Tesla squadron", `(l => l.length <= 2 && l.some(x => x.textContent.includes('Tesla Battle Squadron')))([...document.querySelectorAll('.forecast-pick')])`)
	eval[bool](tb, `([...document.querySelectorAll('.forecast-pick')].find(l => l.textContent.includes('Tesla Battle Squadron')).querySelector('input').click(), true)`)
	tb.do("forecast", chromedp.Click(chromedp.CSS(`#forecast-run`)))
	waitPage(tb, "the fleet forecast shows", `document.querySelector('#forecast .forecast-result')`)
	if s := tb.text("#forecast .forecast-sides"); !strings.Contains(s, "Cruiser Wing") || !strings.Contains(s, "Tesla Battle Squadron") {
		t.Errorf("fleet sides %q", s)
	}
	tb.checkPage("fleet builder with the forecast dialog")
}
