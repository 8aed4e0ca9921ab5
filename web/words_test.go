package web_test

import (
	"context"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/playerwords"
	"github.com/slipway/slipway/library"
)

var tag = regexp.MustCompile(`<[^>]*>`)

// pageCounts returns what is wrong with the counts in a page's text, as a
// player reads it (tags dropped, entities decoded), one entry a line.
func pageCounts(body string) []string {
	var out []string
	for _, line := range strings.Split(html.UnescapeString(tag.ReplaceAllString(body, "\n")), "\n") {
		if bad := playerwords.Agreement(strings.TrimSpace(line)); len(bad) > 0 {
			out = append(out, strings.TrimSpace(line)+": "+strings.Join(bad, "; "))
		}
	}
	return out
}

// TestPagesCountAgree: the pages a player reads without a browser (home,
// library, a design, a comparison, the fleet library and a fleet's page)
// count with nouns that agree ("1 point", never "1 points").
func TestPagesCountAgree(t *testing.T) {
	if bad := pageCounts("<p>+1 points</p><p>2 ships</p>"); len(bad) != 1 {
		t.Fatalf("the check does not see 1 points: %v", bad)
	}
	hs, svc := libServer(t)
	ctx := context.Background()
	if _, err := svc.SeedSampleFleets(ctx); err != nil {
		t.Fatal(err)
	}
	page, err := svc.Library(ctx, library.LibraryQuery{Limit: 3})
	if err != nil || len(page.Designs) < 3 {
		t.Fatalf("samples: %v", err)
	}
	fleets, err := svc.FleetLibrary(ctx, library.FleetQuery{})
	if err != nil || len(fleets) == 0 {
		t.Fatalf("sample fleets: %v", err)
	}
	d := page.Designs
	paths := []string{"/", "/library", "/fleets", "/designs/" + d[0].ID,
		"/compare?ids=" + d[0].ID + "," + d[1].ID, "/compare?ids=" + d[1].ID + "," + d[2].ID}
	for _, f := range fleets {
		paths = append(paths, "/fleets/"+f.ID)
	}
	b := newBrowser(t, hs.URL)
	for _, p := range paths {
		res, body := b.get(p)
		if res.StatusCode != 200 {
			t.Errorf("GET %s: %d", p, res.StatusCode)
			continue
		}
		for _, bad := range pageCounts(body) {
			t.Errorf("GET %s: %s", p, bad)
		}
	}
}
