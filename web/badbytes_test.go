package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestBadBytesInAddresses: an address whose id holds a NUL or a byte that
// is not UTF-8 names no design or fleet: the page says so (404), never a
// 500, and the comparison counts it as missing.
func TestBadBytesInAddresses(t *testing.T) {
	hs := newServer(t)
	for _, path := range []string{"/designs/a%00b", "/designs/a%ffb", "/fleets/a%00b", "/fleets/a%ffb", "/compare?ids=a%00b,c%ffd"} {
		res, body := get(t, hs.URL+path)
		want := "not found"
		if strings.HasPrefix(path, "/compare") {
			want = "Compare"
		}
		if res.StatusCode == 500 || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d; want a page saying %q", path, res.StatusCode, want)
		}
		if !strings.HasPrefix(path, "/compare") && res.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, res.StatusCode)
		}
	}
	// Searches and the fleet builder take the bytes without a 500.
	for _, path := range []string{"/library?q=a%00b", "/library?q=a%ffb&movement=%00", "/fleets?q=a%00b", "/fleets?q=a%ffb&sort=%ff",
		"/fleets/a%00b/edit", "/designer?from=a%00b", "/compare?q=a%ffb"} {
		if res, _ := get(t, hs.URL+path); res.StatusCode >= 500 {
			t.Errorf("GET %s: %d", path, res.StatusCode)
		}
	}
}

// TestBadBytesInForms: a form field with a NUL or a stray byte (log in,
// register, a token's name) is refused on the form, naming what is wrong,
// never a 500, and nothing is made.
func TestBadBytesInForms(t *testing.T) {
	hs := newServer(t)
	b := newBrowser(t, hs.URL)
	for _, bad := range []string{"a\x00b", "a\xffb"} {
		for _, f := range []struct {
			path string
			form url.Values
		}{
			{"/login", url.Values{"username": {bad}, "password": {"correct horse battery staple"}}},
			{"/login", url.Values{"username": {"nobody"}, "password": {bad}}},
			{"/register", url.Values{"username": {bad}, "password": {"correct horse battery staple"}}},
		} {
			if res, body := b.post(f.path, f.form); res.StatusCode >= 500 || res.StatusCode < 400 || !strings.Contains(body, "field-error") && !strings.Contains(body, "notice bad") {
				t.Errorf("POST %s %v: %d", f.path, f.form, res.StatusCode)
			}
		}
	}
	if res, _ := b.post("/register", url.Values{"username": {"tess"}, "password": {"correct horse battery staple"}}); res.StatusCode != 303 {
		t.Fatalf("register: %d", res.StatusCode)
	}
	for _, bad := range []string{"a\x00b", "a\xffb"} {
		if res, body := b.post("/account/token", url.Values{"name": {bad}}); res.StatusCode != 400 || strings.Contains(body, "shown once") {
			t.Errorf("token named %q: %d", bad, res.StatusCode)
		}
	}
}
