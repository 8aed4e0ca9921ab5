package web_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
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

// authServer is the studio on loopback over a fresh SQLite file, with log
// in and registration limits high enough for a table of attempts.
func authServer(t *testing.T) *httptest.Server { return limitedServer(t, 10_000) }

// limitedServer is authServer with loginsPerMinute password checks.
func limitedServer(t *testing.T, loginsPerMinute int) *httptest.Server {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "auth.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := library.New(library.Config{Store: db, Limits: library.Limits{LoginsPerMinute: loginsPerMinute}})
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

// TestNextStaysOnSite: log in and registration redirect to next= only
// when it is, once decoded, a path on this site; anything else goes to /.
// Each raw value is sent as written, in the URL's query and in the form.
func TestNextStaysOnSite(t *testing.T) {
	hs := authServer(t)
	const pw = "correct horse battery staple"
	if res, _ := newBrowser(t, hs.URL).post("/register", url.Values{"username": {"nadia"}, "password": {pw}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("register: %d", res.StatusCode)
	}
	hostile := []string{
		"/%09/evil.example",       // a tab, which browsers drop: //evil.example
		"/%0A/evil.example",       // a line feed
		"/%0D/evil.example",       // a carriage return
		"/%00/evil.example",       // NUL
		"/%09%09/evil.example",    // two tabs
		"/%E2%80%8B/evil.example", // a zero-width space (format character)
		"/%E2%80%A8/evil.example", // a line separator
		"//evil.example",
		"///evil.example",
		"%2F%2Fevil.example",
		"/%2F/evil.example",
		"/%5Cevil.example",   // /\evil.example
		"/%5C/evil.example",  // /\/evil.example
		"%5C%5Cevil.example", // \\evil.example
		"/designs/..%2F%2Fevil.example",
		"/a/%5C..%5C..%5Cevil.example",
		"https://evil.example/",
		"https:%2F%2Fevil.example",
		"http:/evil.example",
		"HTTPS://evil.example",
		"javascript:alert(1)",
		"data:text/html,hi",
		"evil.example",
		"%20//evil.example",
		"%09//evil.example",
		"/%FF/evil.example", // invalid UTF-8
		"account",
	}
	for i, raw := range hostile {
		decoded, err := url.QueryUnescape(raw)
		if err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		for _, how := range []string{"query", "form"} {
			b := newBrowser(t, hs.URL)
			path, form := "/login?next="+raw, url.Values{"username": {"nadia"}, "password": {pw}}
			if how == "form" {
				path = "/login"
				form.Set("next", decoded)
			}
			res, _ := b.post(path, form)
			if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/" {
				t.Errorf("log in, next=%s in the %s: %d to %q, want 303 to /", raw, how, res.StatusCode, loc)
			}
		}
		// The form carries the target it will use, and the link to the
		// other form too.
		_, body := newBrowser(t, hs.URL).get("/login?next=" + raw)
		if !strings.Contains(body, `name="next" value="/"`) || strings.Contains(html.UnescapeString(body), "evil.example") {
			t.Errorf("log-in page for next=%s keeps the target", raw)
		}
		res, _ := newBrowser(t, hs.URL).post("/register?next="+raw, url.Values{"username": {fmt.Sprintf("newcomer%d", i)}, "password": {pw}})
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/" {
			t.Errorf("register, next=%s: %d to %q, want 303 to /", raw, res.StatusCode, loc)
		}
	}
	for raw, want := range map[string]string{
		"":                                  "/account",
		"%2Faccount":                        "/account",
		"/designs/abc":                      "/designs/abc",
		"%2Flibrary%3Fq%3Dcarrier":          "/library?q=carrier",
		"/fleets/x%3Ftab%3D1%23top":         "/fleets/x?tab=1#top",
		"/designs/%25252F%25252Fx":          "/designs/%252F%252Fx",
		"/designer%3Fruleset%3Dbattleshift": "/designer?ruleset=battleshift",
	} {
		res, _ := newBrowser(t, hs.URL).post("/login?next="+raw, url.Values{"username": {"nadia"}, "password": {pw}})
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != want {
			t.Errorf("log in, next=%s: %d to %q, want 303 to %q", raw, res.StatusCode, loc, want)
		}
	}
}

// TestAccountFormsLimitGuessing: the account page's password change and
// deletion forms, guessed at from a signed-in browser, answer 429 with
// Retry-After past the login limit, the right password included.
func TestAccountFormsLimitGuessing(t *testing.T) {
	per := library.DefaultLimits().LoginsPerMinute
	for _, action := range []string{"password", "delete"} {
		hs := limitedServer(t, per)
		b := newBrowser(t, hs.URL)
		const pw = "correct horse battery staple"
		if res, _ := b.post("/register", url.Values{"username": {"gwen"}, "password": {pw}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("register: %d", res.StatusCode)
		}
		form := func(guess string) url.Values {
			if action == "delete" {
				return url.Values{"password": {guess}}
			}
			return url.Values{"currentPassword": {guess}, "newPassword": {"a much longer passphrase"}}
		}
		limitedAt := 0
		for n := 1; n <= 60 && limitedAt == 0; n++ {
			res, _ := b.post("/account/"+action, form(fmt.Sprintf("wrong guess %d", n)))
			switch res.StatusCode {
			case http.StatusBadRequest:
			case http.StatusTooManyRequests:
				limitedAt = n
			default:
				t.Fatalf("%s, guess %d: %d", action, n, res.StatusCode)
			}
		}
		if limitedAt == 0 || limitedAt > per+1 {
			t.Fatalf("%s: first 429 at attempt %d of 60, want %d", action, limitedAt, per+1)
		}
		res, body := b.post("/account/"+action, form(pw))
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !strings.Contains(strings.ToLower(html.UnescapeString(body)), "too many password attempts") {
			t.Errorf("%s with the right password past the limit: %d, Retry-After %q", action, res.StatusCode, res.Header.Get("Retry-After"))
		}
	}
}
