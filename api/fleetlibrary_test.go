package api_test

import (
	"net/url"
	"slices"
	"strconv"
	"testing"
)

// TestFleetLibrarySearch: GET /fleet-library filters by CV, points, tier
// and limit kind, sorts both ways and pages with opaque cursors that
// only work with the sort they were issued for; bad parameters are 400.
func TestFleetLibrarySearch(t *testing.T) {
	e := newEnv(t)
	owner := e.register("librarian")
	anon := e.anon()
	d := owner.create(t, "Line Cruiser", "public")
	for i, name := range []string{"alpha", "Bravo", "charlie", "Delta"} {
		ids := make([]string, i+1) // 1-4 ships: CV grows with the name
		for k := range ids {
			ids[k] = d.ID
		}
		owner.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": fleetDoc(name, ids...)}).want(t, 201)
	}
	type page struct {
		Fleets []struct {
			Name    string
			Summary struct{ CV, Ships int }
		}
		Next *string
	}
	walk := func(query string) []string {
		t.Helper()
		var names []string
		next := ""
		for range 10 {
			q := query + "&limit=3"
			if next != "" {
				q += "&cursor=" + url.QueryEscape(next)
			}
			var p page
			anon.do("GET", "/api/v1/fleet-library?"+q, nil).want(t, 200).decode(t, &p)
			for _, f := range p.Fleets {
				names = append(names, f.Name)
			}
			if p.Next == nil {
				return names
			}
			next = *p.Next
		}
		t.Fatalf("%s: no end of pages", query)
		return nil
	}
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"sort=cv", []string{"Delta", "charlie", "Bravo", "alpha"}},
		{"sort=cv&order=asc", []string{"alpha", "Bravo", "charlie", "Delta"}},
		{"sort=name", []string{"alpha", "Bravo", "charlie", "Delta"}},
		{"sort=name&order=desc", []string{"Delta", "charlie", "Bravo", "alpha"}},
		{"sort=ships&order=asc&cvMin=1", []string{"alpha", "Bravo", "charlie", "Delta"}},
		{"sort=newest", []string{"Delta", "charlie", "Bravo", "alpha"}},
		{"limitKind=points", nil},
		{"tier=3&sort=name", []string{"alpha", "Bravo", "charlie", "Delta"}},
	} {
		if got := walk(c.query); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.query, got, c.want)
		}
	}
	// The CV range keeps the fleets of two and three ships.
	var p page
	anon.do("GET", "/api/v1/fleet-library?sort=cv", nil).want(t, 200).decode(t, &p)
	cv := map[string]int{}
	for _, f := range p.Fleets {
		cv[f.Name] = f.Summary.CV
	}
	lo, hi := cv["Bravo"], cv["charlie"]
	if got := walk("sort=cv&order=asc&cvMin=" + strconv.Itoa(lo) + "&cvMax=" + strconv.Itoa(hi)); !slices.Equal(got, []string{"Bravo", "charlie"}) {
		t.Errorf("cv %d-%d: %v", lo, hi, got)
	}
	anon.do("HEAD", "/api/v1/fleet-library?sort=cv&tier=2", nil).want(t, 200)
	var first page
	anon.do("GET", "/api/v1/fleet-library?sort=cv&limit=2", nil).want(t, 200).decode(t, &first)
	if first.Next == nil {
		t.Fatal("no next page")
	}
	anon.do("GET", "/api/v1/fleet-library?sort=name&cursor="+url.QueryEscape(*first.Next), nil).want(t, 400)
	for _, bad := range []string{"sort=forks", "order=up", "cvMin=9&cvMax=1", "tier=4", "limitKind=tons", "cvMin=-1", "cursor=%21%21"} {
		anon.do("GET", "/api/v1/fleet-library?"+bad, nil).want(t, 400)
	}
}
