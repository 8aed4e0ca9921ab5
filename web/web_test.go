package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/web"
)

// newServer is the studio over a real API on a fresh SQLite file.
func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "web.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := library.New(library.Config{Store: db, Rulesets: games.Extra()})
	s, err := web.New(web.Config{API: api.New(api.Config{Service: svc}), Library: svc})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.Close()
		db.Close()
	})
	return hs
}

func get(t *testing.T, url string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity") // no transparent gzip: see what was sent
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// TestPages checks every page: status, HTML, the security headers, and
// that each asset it links resolves.
func TestPages(t *testing.T) {
	hs := newServer(t)
	for _, tc := range []struct {
		path   string
		status int
		want   string
	}{
		{"/", 200, "Start a new design"},
		{"/designer", 200, `id="studio"`},
		{"/designer?from=abc", 200, `id="studio"`},
		{"/no/such/page", 404, "Page not found"},
	} {
		res, body := get(t, hs.URL+tc.path)
		if res.StatusCode != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("GET %s: %d, want %d with %q", tc.path, res.StatusCode, tc.status, tc.want)
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", tc.path, ct)
		}
		csp := res.Header.Get("Content-Security-Policy")
		for _, d := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'"} {
			if !strings.Contains(csp, d) {
				t.Errorf("GET %s: CSP %q lacks %q", tc.path, csp, d)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("GET %s: CSP allows unsafe sources: %q", tc.path, csp)
		}
		for h, v := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin"} {
			if res.Header.Get(h) != v {
				t.Errorf("GET %s: %s %q, want %q", tc.path, h, res.Header.Get(h), v)
			}
		}
		// No inline script, event handler or style attribute in the markup.
		if m := regexp.MustCompile(`<script(?:[^>]*)>[^<]+</script>|\son[a-z]+=|\sstyle=|<style`).FindString(body); m != "" {
			t.Errorf("GET %s: inline script or style %q", tc.path, m)
		}
		for _, m := range regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`).FindAllStringSubmatch(body, -1) {
			if r, _ := get(t, hs.URL+m[1]); r.StatusCode != 200 {
				t.Errorf("GET %s links %s: %d", tc.path, m[1], r.StatusCode)
			}
		}
	}
}

// TestStaticCaching checks the versioned URLs: a year's immutable cache
// for the current version, revalidation for an old one, ETags, 304 and
// gzip.
func TestStaticCaching(t *testing.T) {
	hs := newServer(t)
	_, page := get(t, hs.URL+"/designer")
	m := regexp.MustCompile(`href="(/static/([0-9a-f]+)/css/studio.css)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no stylesheet link on /designer")
	}
	res, body := get(t, hs.URL+m[1])
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") || res.Header.Get("Content-Type") != "text/css; charset=utf-8" {
		t.Fatalf("current version: %d %q %q", res.StatusCode, res.Header.Get("Cache-Control"), res.Header.Get("Content-Type"))
	}
	if !strings.Contains(body, "prefers-color-scheme") {
		t.Error("stylesheet body is not the stylesheet")
	}
	tag := res.Header.Get("ETag")
	if r, _ := get(t, hs.URL+m[1], "If-None-Match", tag); r.StatusCode != 304 {
		t.Errorf("If-None-Match %s: %d, want 304", tag, r.StatusCode)
	}
	old := strings.Replace(m[1], m[2], "000000000000", 1)
	if r, b := get(t, hs.URL+old); r.StatusCode != 200 || r.Header.Get("Cache-Control") != "public, no-cache" || b != body {
		t.Errorf("old version: %d %q", r.StatusCode, r.Header.Get("Cache-Control"))
	}
	r, gz := get(t, hs.URL+m[1], "Accept-Encoding", "gzip")
	if r.Header.Get("Content-Encoding") != "gzip" || len(gz) >= len(body) || r.Header.Get("ETag") == tag {
		t.Errorf("gzip: encoding %q, %d bytes of %d, ETag %q", r.Header.Get("Content-Encoding"), len(gz), len(body), r.Header.Get("ETag"))
	}
	for _, p := range []string{"/static/" + m[2] + "/nope.js", "/static/" + m[2] + "/../web.go", "/static/x"} {
		if r, _ := get(t, hs.URL+p); r.StatusCode == 200 {
			t.Errorf("GET %s: 200, want no file", p)
		}
	}
	if r, _ := get(t, hs.URL+"/favicon.ico"); r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("favicon: %d %q", r.StatusCode, r.Header.Get("Content-Type"))
	}
}

// TestAPIPassesThrough checks that API paths reach the API unchanged.
func TestAPIPassesThrough(t *testing.T) {
	hs := newServer(t)
	for path, want := range map[string]string{
		"/healthz":             `"ok"`,
		"/readyz":              `"ready"`,
		"/api/v1/catalogue":    `"catalogue"`,
		"/api/v1/nope":         `problems/not-found"`,
		"/api/openapi.json":    `"openapi"`,
		"/api/v1/library?q=zz": `"designs"`,
	} {
		res, body := get(t, hs.URL+path)
		if !strings.Contains(body, want) {
			t.Errorf("GET %s: %d %.80s, want %s", path, res.StatusCode, body, want)
		}
		if res.Header.Get("Content-Security-Policy") != "" {
			t.Errorf("GET %s: the page CSP was added to an API answer", path)
		}
	}
}

// TestCrossSiteFormsRefused checks the CSRF defence on page routes: a
// state-changing request from another site is refused with a page that
// says so; the same request from the studio's own pages passes on.
func TestCrossSiteFormsRefused(t *testing.T) {
	hs := newServer(t)
	post := func(site string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, hs.URL+"/designer", strings.NewReader("name=x"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", site)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := post("cross-site"); code != http.StatusForbidden || !strings.Contains(body, "another site") {
		t.Errorf("cross-site POST: %d, want 403 with an explanation", code)
	}
	// Same-origin passes the guard; /designer takes no POST, so the router answers 404.
	if code, _ := post("same-origin"); code != http.StatusNotFound {
		t.Errorf("same-origin POST: %d, want 404 from the page router", code)
	}
}

// TestNewNeedsAPI checks the configuration errors.
func TestNewNeedsAPI(t *testing.T) {
	if _, err := web.New(web.Config{}); err == nil {
		t.Error("New without an API handler succeeded")
	}
	if _, err := web.New(web.Config{API: http.NotFoundHandler(), BaseURL: "ftp://x"}); err == nil {
		t.Error("New with an ftp base URL succeeded")
	}
	s, err := web.New(web.Config{API: http.NotFoundHandler(), BaseURL: "https://ships.example.org"})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if !strings.Contains(rec.Header().Get("Strict-Transport-Security"), "max-age=") {
		t.Error("https base URL: no Strict-Transport-Security")
	}
}
