package web_test

import (
	"context"
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// fleetNames lists the names of the fleet cards of the public results of
// a /fleets page, in page order (the player's own fleets, after "Your
// fleets", are left out).
func fleetNames(body string) []string {
	if i := strings.Index(body, "<h2>Your fleets</h2>"); i >= 0 {
		body = body[:i]
	}
	var out []string
	for _, m := range regexp.MustCompile(`<span class="card-name">([^<]*)</span>`).FindAllStringSubmatch(body, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// nextLink returns the page's "Next page" link, or "".
func nextLink(body string) string {
	m := regexp.MustCompile(`<a class="button" href="([^"]*)" rel="next">`).FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// TestFleetLibraryPage checks /fleets's search form over HTTP: it offers
// the fleet library's filters and sorts (limit kind, highest tier, CV and
// points ranges, sort, order), which mean what they mean on
// GET /api/v1/fleet-library; the next page is linked by the API's cursor
// and keeps the query; a bad parameter is a 400 whose message names the
// field and what it allows, with the form keeping what was asked.
func TestFleetLibraryPage(t *testing.T) {
	hs, svc := libServer(t)
	ctx := context.Background()
	if _, err := svc.SeedSampleFleets(ctx); err != nil {
		t.Fatal(err)
	}
	// Three more public fleets from the Cruiser Wing's ships: the
	// samples are tier 3 at 595 CV; these are tier 1 (100 CV, CV limit),
	// tier 2 (cruiser and Thunderchild, CV limit) and tier 1 (Einstein,
	// points limit).
	b, err := os.ReadFile("../data/fleets/cruiser-wing.json")
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := svc.Register(ctx, library.Credentials{Name: "admiral", Password: "correct horse battery staple", Addr: "test"})
	if err != nil {
		t.Fatal(err)
	}
	add := func(name string, limit fleet.Limit, ids ...string) {
		t.Helper()
		f, err := fleet.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		f.Name, f.Description, f.Limit, f.Command = name, "", limit, nil
		f.Ships = slices.DeleteFunc(f.Ships, func(s fleet.Ship) bool { return !slices.Contains(ids, s.ID) })
		if _, err := svc.CreateFleet(ctx, u, f, library.Public); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	add("Lone Cruiser", fleet.Limit{CV: 100}, "cruiser")
	add("Cruiser Pair", fleet.Limit{CV: 200}, "cruiser", "thunderchild")
	add("Einstein Alone", fleet.Limit{Points: 450}, "einstein")
	cv := map[string]int{}
	fs, err := svc.FleetLibrary(ctx, library.FleetQuery{Limit: 100})
	if err != nil || len(fs) != 5 {
		t.Fatalf("the fleet library: %d fleets, %v", len(fs), err)
	}
	for _, f := range fs {
		cv[f.Name] = f.Latest.Summary.CV
	}
	t.Logf("CV: %v", cv)

	anon := newBrowser(t, hs.URL)
	res, body := anon.get("/fleets")
	if res.StatusCode != 200 {
		t.Fatalf("GET /fleets: %d", res.StatusCode)
	}
	wantIn(t, "the form", body, `<select id="limitKind" name="limitKind">`, `<select id="tier" name="tier">`,
		`<label for="cvMin">`, `<label for="cvMax">`, `<label for="pointsMin">`, `<label for="pointsMax">`,
		`<select id="sort" name="sort">`, `<option>ships</option>`, `<select id="order" name="order">`)
	if got := fleetNames(body); len(got) != 5 || got[0] != "Einstein Alone" {
		t.Errorf("/fleets, newest first: %v", got)
	}

	for _, c := range []struct {
		query string
		want  []string
		shown []string // the form's state, as the page echoes it
	}{
		{"tier=1&sort=name", []string{"Einstein Alone", "Lone Cruiser"}, []string{`<option value="1" selected>1 or lower</option>`, `<option selected>name</option>`}},
		{"tier=2&sort=name&order=desc", []string{"Lone Cruiser", "Einstein Alone", "Cruiser Pair"}, []string{`<option value="desc" selected>high to low</option>`}},
		{"cvMin=" + strconv.Itoa(cv["Cruiser Pair"]) + "&cvMax=" + strconv.Itoa(cv["Einstein Alone"]) + "&sort=cv&order=asc",
			[]string{"Cruiser Pair", "Einstein Alone"}, []string{`id="cvMin" name="cvMin" inputmode="numeric" size="5" value="` + strconv.Itoa(cv["Cruiser Pair"]) + `"`}},
		{"limitKind=points", []string{"Einstein Alone"}, []string{`<option value="points" selected>points</option>`}},
		{"sort=cv", []string{"Cruiser Wing", "Tesla Battle Squadron", "Einstein Alone", "Cruiser Pair", "Lone Cruiser"}, nil},
		{"sort=cv&order=asc&q=admiral", []string{"Lone Cruiser", "Cruiser Pair", "Einstein Alone"}, []string{`value="admiral"`}},
	} {
		res, body := anon.get("/fleets?" + c.query)
		if res.StatusCode != 200 {
			t.Errorf("%s: %d", c.query, res.StatusCode)
			continue
		}
		got := fleetNames(body)
		if c.query == "sort=cv" { // the two samples tie at 595 CV; newest first among equals is the store's business
			slices.Sort(got[:2])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.query, got, c.want)
		}
		wantIn(t, c.query, body, c.shown...)
		if l := nextLink(body); l != "" {
			t.Errorf("%s: a next page (%s) after %d fleets", c.query, l, len(got))
		}
	}

	// Two a page by points, low to high: three pages, each fleet once, the
	// query kept on every link.
	var walked []string
	link, pages := "/fleets?sort=points&order=asc&limit=2", 0
	for link != "" && pages < 5 {
		res, body := anon.get(link)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", link, res.StatusCode)
		}
		pages++
		walked = append(walked, fleetNames(body)...)
		if link = nextLink(body); link != "" {
			for _, p := range []string{"sort=points", "order=asc", "limit=2", "cursor="} {
				if !strings.Contains(link, p) {
					t.Errorf("next link %s lacks %s", link, p)
				}
			}
		}
	}
	all := slices.Clone(walked)
	slices.Sort(all)
	if pages != 3 || !slices.Equal(all, []string{"Cruiser Pair", "Cruiser Wing", "Einstein Alone", "Lone Cruiser", "Tesla Battle Squadron"}) {
		t.Errorf("paging by points: %d pages, %v", pages, walked)
	}
	if walked[0] != "Lone Cruiser" {
		t.Errorf("paging by points, low to high, starts with %s", walked[0])
	}
	// The API's cursor pages the page the same way.
	_, body = anon.get("/fleets?sort=points&order=asc&limit=2")
	cursor := nextLink(body)[strings.Index(nextLink(body), "cursor=")+len("cursor="):]
	cursor, _, _ = strings.Cut(cursor, "&")
	if res, _ := anon.get("/api/v1/fleet-library?sort=points&order=asc&limit=2&cursor=" + cursor); res.StatusCode != 200 {
		t.Errorf("the page's cursor on the API: %d", res.StatusCode)
	}

	// Bad parameters: 400, the field and what it allows, the form as asked
	// and no results.
	for _, c := range []struct{ query, field, says string }{
		{"tier=4", "tier", "give 1, 2 or 3"},
		{"tier=high", "tier", "give 1, 2 or 3"},
		{"cvMin=lots", "cvMin", "give a whole number from 0"},
		{"cvMin=300&cvMax=100", "cvMin", "above cvMax 100"},
		{"pointsMax=-5", "pointsMax", "give a whole number from 0"},
		{"sort=forks", "sort", "allowed: newest, cv, points, name, ships"},
		{"order=up", "order", "allowed: asc, desc"},
		{"limitKind=tons", "limitKind", "allowed: cv, points"},
		{"limit=500", "limit", "from 1 to 100"},
		{"cursor=x", "cursor", "not a cursor this service issued"},
		{"sort=name&cursor=" + cursor, "cursor", "keep sort and order when paging"},
	} {
		res, body := anon.get("/fleets?" + c.query)
		if res.StatusCode != 400 {
			t.Errorf("%s: %d, want 400", c.query, res.StatusCode)
		}
		wantIn(t, c.query, body, `role="alert" id="search-error"><strong>`+c.field+`</strong>: `, html.EscapeString(c.says), `action="/fleets"`)
		if got := fleetNames(body); len(got) != 0 {
			t.Errorf("%s: lists %v", c.query, got)
		}
	}
	_, body = anon.get("/fleets?tier=4&q=wing")
	wantIn(t, "a bad tier keeps the query", body, `value="wing"`)
}

// TestFleetLibraryFormInBrowser fills /fleets's search form in Chromium
// with the keyboard (type-ahead in the selects, typing in the ranges),
// submits it and sees the query in the address and the form; a bad
// parameter shows its message. Both pages pass the page checks (console,
// ids, axe-core), light and dark, and neither scrolls sideways at 390 px.
func TestFleetLibraryFormInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/fleets")
	tb.checkPage("fleet library")
	set := func(sel, keys string) {
		tb.do("keys into "+sel, chromedp.Focus(chromedp.CSS(sel)), chromedp.SendKeys(chromedp.CSS(sel), keys))
	}
	set("#limitKind", "CV")
	set("#tier", "3")
	set("#cvMin", "1")
	set("#cvMax", "1000")
	set("#sort", "cv")
	set("#order", "low")
	tb.do("search", chromedp.Click(chromedp.CSS(`form.search button[type="submit"]`)))
	waitFor(t, tb, `location.search.includes('sort=cv') && document.readyState === 'complete'`, "the search")
	got := eval[string](tb, `location.search`)
	for _, p := range []string{"limitKind=cv", "tier=3", "cvMin=1", "cvMax=1000", "sort=cv", "order=asc"} {
		if !strings.Contains(got, p) {
			t.Errorf("the form sent %s, without %s", got, p)
		}
	}
	if v := eval[[]string](tb, `['limitKind', 'tier', 'cvMin', 'sort', 'order'].map(id => document.getElementById(id).value)`); !slices.Equal(v, []string{"cv", "3", "1", "cv", "asc"}) {
		t.Errorf("the form after searching shows %v", v)
	}
	names := eval[[]string](tb, `[...document.querySelectorAll('.fleet-list .card-name')].map(e => e.textContent)`)
	if !slices.Contains(names, "Cruiser Wing") || !slices.Contains(names, "Tesla Battle Squadron") {
		t.Errorf("tier 3 or lower, 1-1000 CV, by CV: %v, want the samples", names)
	}
	tb.checkPage("fleet library, filtered")

	tb.open("/fleets?tier=9&sort=cv")
	if msg := tb.text(`#search-error`); msg != `tier: is 9; give 1, 2 or 3` {
		t.Errorf("tier=9 says %q", msg)
	}
	if n := eval[int](tb, `document.querySelectorAll('.fleet-list .design-card').length`); n != 0 {
		t.Errorf("a bad tier lists %d fleets", n)
	}
	// The page's own 400 is the one console error allowed.
	if errs := tb.consoleErrors("status of 400 (Bad Request) " + tb.base + "/fleets?tier=9"); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
	tb.checkA11y("fleet library, bad tier")
	tb.scheme("dark")
	tb.checkA11y("fleet library, bad tier, dark")
	tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, p := range []string{"/fleets?tier=9&sort=cv", "/fleets?sort=cv&order=asc&tier=3"} {
		tb.open(p)
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s at 390 px scrolls sideways: %d px wide", p, w)
		}
	}
}
