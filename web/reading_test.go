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
	svc := library.New(library.Config{Store: db})
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
	wantIn(t, "paged", body, `rel="next"`)
	if len(body) > 50_000 {
		t.Errorf("library page is %d bytes, over 50 KB", len(body))
	}
}
