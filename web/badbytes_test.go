package web_test

import (
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
}
