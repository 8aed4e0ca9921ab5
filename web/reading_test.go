package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/web"
)

// libServer is the studio over a temporary SQLite library seeded with the
// sample designs, on a loopback HTTP server.
func libServer(t *testing.T) (*httptest.Server, *library.Service) {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "pages.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := library.New(library.Config{Store: db, Rulesets: games.Extra()})
	if _, err := svc.SeedSamples(context.Background()); err != nil {
		t.Fatal(err)
	}
	s, err := web.New(web.Config{API: api.New(api.Config{Service: svc}), Library: svc})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.Close()
		db.Close()
	})
	return hs, svc
}

// browser is an HTTP client with a cookie jar that sends the headers a
// browser sends for a same-origin form, and does not follow redirects.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

func (b *browser) do(method, path string, form url.Values, site string) (*http.Response, string) {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, b.base+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if site != "" {
		req.Header.Set("Sec-Fetch-Site", site)
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res, string(out)
}

func (b *browser) get(path string) (*http.Response, string) { return b.do("GET", path, nil, "") }
func (b *browser) post(path string, form url.Values) (*http.Response, string) {
	return b.do("POST", path, form, "same-origin")
}

func wantIn(t *testing.T, what, body string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("%s: want %q in the page", what, w)
		}
	}
}

func TestLibraryPage(t *testing.T) {
	hs, _ := libServer(t)
	b := newBrowser(t, hs.URL)
	res, body := b.get("/library")
	if res.StatusCode != 200 {
		t.Fatalf("GET /library: %d", res.StatusCode)
	}
	wantIn(t, "/library", body, "Reference Cruiser", `class="ship-drawing"`, `<form class="search" method="get" action="/library"`, "CV")
	res, body = b.get("/library?q=reference&sort=cv")
	if res.StatusCode != 200 {
		t.Fatalf("search: %d", res.StatusCode)
	}
	wantIn(t, "search", body, "Reference Cruiser", `value="reference"`)
	if n := strings.Count(body, `class="design-card"`); n < 1 {
		t.Errorf("search found %d designs", n)
	}
	res, body = b.get("/library?tier=zero")
	if res.StatusCode != 400 {
		t.Errorf("bad tier: %d, want 400", res.StatusCode)
	}
	wantIn(t, "bad tier", body, "must be a positive whole number")
	res, body = b.get("/library?limit=1")
	if res.StatusCode != 200 {
		t.Errorf("paged library: %d, want 200", res.StatusCode)
	}
	wantIn(t, "paged", body, `rel="next"`)
	if len(body) > 50_000 {
		t.Errorf("library page is %d bytes, over 50 KB", len(body))
	}
}

func TestDesignAccountFlows(t *testing.T) {
	hs, svc := libServer(t)
	page, err := svc.Library(context.Background(), library.LibraryQuery{Q: "reference", Limit: 1})
	if err != nil || len(page.Designs) == 0 {
		t.Fatalf("no sample: %v", err)
	}
	id := page.Designs[0].ID
	anon := newBrowser(t, hs.URL)
	res, body := anon.get("/designs/" + id)
	if res.StatusCode != 200 {
		t.Fatalf("design page: %d", res.StatusCode)
	}
	wantIn(t, "design page", body, "Reference Cruiser", `class="chart"`, "/designer?from="+id,
		"/api/v1/designs/"+id+"/sheet.pdf", "card.pdf", `name="bw"`, "Versions", "Lineage", "Log in</a> to fork")
	if len(body) > 50_000 {
		t.Errorf("design page is %d bytes", len(body))
	}
	if res, _ := anon.get("/designs/nope"); res.StatusCode != 404 {
		t.Errorf("unknown design: %d, want 404", res.StatusCode)
	}

	// Register sets the session cookie as the API does.
	alice := newBrowser(t, hs.URL)
	res, _ = alice.post("/register", url.Values{"username": {"alice"}, "password": {"correct horse battery staple"}, "next": {"/account"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("register: %d", res.StatusCode)
	}
	var ck *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == api.SessionCookie {
			ck = c
		}
	}
	if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Value == "" {
		t.Fatalf("register cookie: %+v", ck)
	}
	if _, body := alice.get("/account"); !strings.Contains(body, "Your account: alice") {
		t.Errorf("account page does not name alice")
	}
	// A bad password shows the Service's message beside the field.
	res, body = newBrowser(t, hs.URL).post("/register", url.Values{"username": {"bob"}, "password": {"x"}})
	if res.StatusCode != 400 || !strings.Contains(body, `id="password-err"`) {
		t.Errorf("weak password: %d, want 400 with the message at the field", res.StatusCode)
	}

	// Fork via the form; a cross-site fork is refused.
	if res, body := alice.do("POST", "/designs/"+id+"/fork", url.Values{"name": {"Alice Cruiser"}}, "cross-site"); res.StatusCode != 403 || !strings.Contains(body, "another site") {
		t.Errorf("cross-site fork: %d, want 403", res.StatusCode)
	}
	// The copy's name is held to the game's limit (the form's name field,
	// 80 characters), which the form's maxlength states too.
	if res, body := alice.post("/designs/"+id+"/fork", url.Values{"name": {strings.Repeat("n", 120)}}); res.StatusCode != 400 || !strings.Contains(body, "1 to 80 characters; it has 120") {
		t.Errorf("a fork named with 120 characters: %d, want 400 saying 1 to 80 characters", res.StatusCode)
	}
	if _, body := alice.get("/designs/" + id); !strings.Contains(body, `id="fork-name" name="name" value="Reference Cruiser" maxlength="80"`) {
		t.Errorf("the fork form does not hold the name to 80 characters")
	}
	res, _ = alice.post("/designs/"+id+"/fork", url.Values{"name": {"Alice Cruiser"}})
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/designs/") {
		t.Fatalf("fork: %d to %q", res.StatusCode, loc)
	}
	res, body = alice.get(loc)
	wantIn(t, "fork page", body, "Alice Cruiser", "Forked from", "Reference Cruiser", "private")
	if res.StatusCode != 200 {
		t.Errorf("fork page: %d", res.StatusCode)
	}
	// The fork is private: another visitor gets 404.
	if res, _ := anon.get(loc); res.StatusCode != 404 {
		t.Errorf("someone else's private design: %d, want 404", res.StatusCode)
	}
	if _, body := alice.get("/account"); !strings.Contains(body, "Alice Cruiser") {
		t.Errorf("account does not list the fork")
	}
	// Tokens: created shown once.
	_, body = alice.post("/account/token", url.Values{"name": {"laptop"}})
	wantIn(t, "token", body, "shown once", api.TokenPrefix)

	// Log out clears the cookie; log in sets it again.
	res, _ = alice.post("/logout", url.Values{})
	cleared := false
	for _, c := range res.Cookies() {
		cleared = cleared || (c.Name == api.SessionCookie && c.MaxAge < 0)
	}
	if !cleared {
		t.Errorf("logout did not clear the cookie")
	}
	if res, _ := alice.get("/account"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("account after logout: %d, want a redirect to log in", res.StatusCode)
	}
	if res, body := alice.post("/login", url.Values{"username": {"alice"}, "password": {"wrong password here"}}); res.StatusCode != 401 || !strings.Contains(body, "notice bad") && !strings.Contains(body, "field-error") {
		t.Errorf("wrong password: %d", res.StatusCode)
	}
	if res, _ := alice.post("/login", url.Values{"username": {"alice"}, "password": {"correct horse battery staple"}}); res.StatusCode != http.StatusSeeOther {
		t.Errorf("login: %d", res.StatusCode)
	}
	if _, body := alice.get("/account"); !strings.Contains(body, "Your account: alice") {
		t.Errorf("not signed in after login")
	}
}

func TestComparePage(t *testing.T) {
	hs, svc := libServer(t)
	page, err := svc.Library(context.Background(), library.LibraryQuery{Limit: 2})
	if err != nil || len(page.Designs) < 2 {
		t.Fatalf("samples: %v", err)
	}
	b := newBrowser(t, hs.URL)
	res, body := b.get("/compare?ids=" + page.Designs[0].ID + "," + page.Designs[1].ID)
	if res.StatusCode != 200 {
		t.Fatalf("compare: %d", res.StatusCode)
	}
	wantIn(t, "compare", body, page.Designs[0].Name, page.Designs[1].Name, "Where the CV difference comes from", `class="differs"`,
		`<script type="module" src="/static/`, `id="compare-search"`, `<input type="hidden" name="ids" value="`+page.Designs[0].ID+","+page.Designs[1].ID+`">`,
		`href="/compare?ids=`+page.Designs[1].ID+`">Remove`)

	// One id, or none, is the page to add more: a 200 with the search.
	for _, ids := range []string{page.Designs[0].ID, ""} {
		res, body := b.get("/compare?ids=" + ids)
		if res.StatusCode != 200 {
			t.Errorf("compare with ids=%q: %d, want 200", ids, res.StatusCode)
		}
		wantIn(t, "compare ids="+ids, body, `<label for="compare-q">Search the public library</label>`, "Add a design", "the compare tray keeps up to 4")
	}
	if _, body := b.get("/compare?ids=" + page.Designs[0].ID); !strings.Contains(body, "add at least one more") {
		t.Errorf("one id: the page does not ask for more")
	}
	if res, body := b.get("/compare"); res.StatusCode != 200 || !strings.Contains(body, "No design is chosen yet") {
		t.Errorf("/compare: %d", res.StatusCode)
	}

	// Without JavaScript the search is the server's: each hit adds itself
	// to the comparison by a link; one compared already says so.
	res, body = b.get("/compare?ids=" + page.Designs[0].ID + "&q=" + url.QueryEscape(page.Designs[0].Name))
	if res.StatusCode != 200 {
		t.Fatalf("compare search: %d", res.StatusCode)
	}
	wantIn(t, "compare search", body, "in the comparison")
	res, body = b.get("/compare?ids=" + page.Designs[0].ID + "&q=thunderchild")
	if res.StatusCode != 200 {
		t.Fatalf("compare search for another design: %d", res.StatusCode)
	}
	wantIn(t, "compare search", body, "HMS Thunderchild")
	if !strings.Contains(body, `href="/compare?ids=`+page.Designs[0].ID+",") {
		t.Errorf("no Add link in the search: %.2000s", body[strings.Index(body, "compare-hits"):])
	}

	// Designs of two games: two groups, each in its game's numbers.
	bs, err := svc.Library(context.Background(), library.LibraryQuery{Q: "Fast Attack Cruiser", Ruleset: "battleshift", Limit: 1})
	if err != nil || len(bs.Designs) != 1 {
		t.Fatalf("battleshift sample: %v", err)
	}
	res, body = b.get("/compare?ids=" + page.Designs[0].ID + "," + bs.Designs[0].ID + "," + page.Designs[1].ID)
	if res.StatusCode != 200 {
		t.Fatalf("mixed compare: %d", res.StatusCode)
	}
	wantIn(t, "mixed compare", body, "belong to 2 games", `<h2 id="h-game-metaverse">Metaverse`, `<h2 id="h-game-battleshift">Battleshift`,
		`<th scope="row">Cost</th><td class="num">36</td>`, `<th scope="row">Size</th><td class="num">3 cruiser</td>`,
		`<th scope="row">Shields</th><td class="num">2 @ 4</td>`, `<th scope="row">Move</th><td class="num">18&#34;</td>`,
		`<th scope="row">Space used</th><td class="num">6 of 6</td>`, "Where the CV difference comes from")

	if res, body := b.get("/compare?ids=a,b,c,d,e"); res.StatusCode != 400 || !strings.Contains(body, "at most 4 designs") {
		t.Errorf("five ids: %d", res.StatusCode)
	}
	if res, body := b.get("/compare?ids=" + page.Designs[0].ID + ",nosuchdesign"); res.StatusCode != 404 || !strings.Contains(body, "no design nosuchdesign") ||
		!strings.Contains(body, page.Designs[0].Name) {
		t.Errorf("an unknown id: %d", res.StatusCode)
	}
}

func TestHomeLists(t *testing.T) {
	hs, _ := libServer(t)
	res, body := newBrowser(t, hs.URL).get("/")
	if res.StatusCode != 200 {
		t.Fatalf("home: %d", res.StatusCode)
	}
	wantIn(t, "home", body, "Recent designs", "Top Metaverse designs by combat value", `class="design-card"`)
}
