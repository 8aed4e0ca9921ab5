package api_test

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestLibraryPaging pages through the library in every sort order with a
// small page size, creating a design between pages: every design shows
// up exactly once, in order, and pages never repeat a design.
func TestLibraryPaging(t *testing.T) {
	e := newEnv(t)
	u := e.withToken("pager")
	names := map[string]string{}
	for i := 0; i < 23; i++ {
		d := u.create(t, fmt.Sprintf("Pager %c%02d", 'a'+(i*7)%26, i), "public")
		names[d.ID] = d.Design["name"].(string)
	}
	for _, sortBy := range []string{"newest", "cv", "points", "name", "forks"} {
		for _, order := range []string{"", "asc", "desc"} {
			t.Run(sortBy+"/"+order, func(t *testing.T) {
				seen := map[string]bool{}
				var got []string
				cursor := ""
				for page := 0; page < 20; page++ {
					q := url.Values{"q": {"pager"}, "sort": {sortBy}, "limit": {"5"}}
					if order != "" {
						q.Set("order", order)
					}
					if cursor != "" {
						q.Set("cursor", cursor)
					}
					var p struct {
						Designs []designOut
						Next    string
					}
					e.anon().do("GET", "/api/v1/library?"+q.Encode(), nil).want(t, 200).decode(t, &p)
					for _, d := range p.Designs {
						if seen[d.ID] {
							t.Fatalf("page %d repeats %s", page, d.ID)
						}
						seen[d.ID] = true
						got = append(got, d.ID)
					}
					if page == 1 {
						// A save between pages must not disturb the walk.
						u.create(t, "Latecomer", "public")
					}
					if p.Next == "" {
						break
					}
					cursor = p.Next
				}
				for id := range names {
					if !seen[id] {
						t.Errorf("design %s (%s) never listed", id, names[id])
					}
				}
				if sortBy == "name" {
					var ns []string
					for _, id := range got {
						ns = append(ns, strings.ToLower(names[id]))
					}
					if order == "desc" {
						if !sort.IsSorted(sort.Reverse(sort.StringSlice(ns))) {
							t.Errorf("names not descending: %v", ns)
						}
					} else if !sort.StringsAreSorted(ns) {
						t.Errorf("names not ascending: %v", ns)
					}
				}
			})
		}
	}
	u.do("GET", "/api/v1/library?sort=name&cursor=garbage", nil).want(t, 400)
	var p struct{ Next string }
	e.anon().do("GET", "/api/v1/library?q=pager&limit=2", nil).want(t, 200).decode(t, &p)
	e.anon().do("GET", "/api/v1/library?q=pager&sort=name&cursor="+p.Next, nil).want(t, 400)
}

// TestLibraryFilters checks each filter selects what it names.
func TestLibraryFilters(t *testing.T) {
	e := newEnv(t)
	u := e.withToken("filterer")
	d := u.create(t, "Filter Frigate", "public")
	ev := getEvaluation(t, u, d.ID)
	cases := []struct {
		query string
		want  bool
	}{
		{"q=frigate", true},
		{"q=frig", true},
		{"q=filterer", true},
		{"q=frigate+nonexistentword", false},
		{"ruleset=metaverse", true},
		{"rulesVersion=1", true},
		{"rulesVersion=2", false},
		{fmt.Sprintf("tier=%d", ev.Tier), true},
		{fmt.Sprintf("tier=%d", ev.Tier+1), false},
		{fmt.Sprintf("techLevel=%d", ev.TechLevel), true},
		{fmt.Sprintf("techLevel=%d", ev.TechLevel%10+1), false},
		{"movement=" + ev.Movement, true},
		{"movement=none", false},
		{"hull=" + ev.Hull, true},
		{"hull=paper", false},
		{fmt.Sprintf("carriesFighters=%v", ev.CarriesFighters), true},
		{fmt.Sprintf("carriesFighters=%v", !ev.CarriesFighters), false},
		{fmt.Sprintf("cvMin=%g&cvMax=%g", ev.CV, ev.CV), true},
		{fmt.Sprintf("cvMin=%g", ev.CV+1), false},
		{fmt.Sprintf("pointsMin=%g&pointsMax=%g", ev.Points, ev.Points), true},
		{fmt.Sprintf("pointsMax=%g", ev.Points-1), false},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			ids := e.anon().library(t, c.query+"&limit=100")
			if contains(ids, d.ID) != c.want {
				t.Errorf("listed %v, want %v", contains(ids, d.ID), c.want)
			}
		})
	}
	for _, bad := range []string{"sort=size", "order=up", "tier=x", "cvMin=abc", "limit=500", "carriesFighters=maybe", "ruleset=other", "rulesVersion=x"} {
		e.anon().do("GET", "/api/v1/library?"+bad, nil).want(t, 400)
	}
}

type evaluationOut struct {
	CV, Points      float64
	Tier, TechLevel int
	Movement, Hull  string
	CarriesFighters bool
}

func getEvaluation(t *testing.T, c *client, id string) evaluationOut {
	t.Helper()
	var d struct{ Evaluation evaluationOut }
	c.do("GET", "/api/v1/designs/"+id, nil).want(t, 200).decode(t, &d)
	return d.Evaluation
}

// TestServiceEndpoints covers evaluate, validate, health, CORS and 304s.
func TestServiceEndpoints(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	b := []byte(mustJSON(t, sample(t)))
	r := a.do("POST", "/api/v1/evaluate", b).want(t, 200)
	if !strings.Contains(string(r.Body), `"modelVersion"`) {
		t.Fatalf("evaluate %s", r.Body)
	}
	var rep struct {
		Readable, Legal bool
		Problems        []any
	}
	a.do("POST", "/api/v1/validate", b).want(t, 200).decode(t, &rep)
	if !rep.Readable || rep.Problems == nil {
		t.Fatalf("validate %+v", rep)
	}
	a.do("POST", "/api/v1/validate?tier=9", b).want(t, 400)
	a.do("POST", "/api/v1/evaluate?crew=3&command=d4&damageControl=D6&tier=3", b).want(t, 200)
	a.do("POST", "/api/v1/evaluate?crew=9", b).want(t, 400)
	a.do("POST", "/api/v1/evaluate?command=X9", b).want(t, 400)
	// The sample library is published by the user slipway.
	// Each game's samples, filtered by ruleset (and rules version).
	var seeded struct{ Designs []designOut }
	for _, c := range []struct{ query, glob string }{
		{"ruleset=metaverse", "../data/samples/*.json"},
		{"ruleset=battleshift", "../data/battleshift/samples/*.json"},
		{"ruleset=battleshift&rulesVersion=1", "../data/battleshift/samples/*.json"},
	} {
		var page struct{ Designs []designOut }
		a.do("GET", "/api/v1/library?q=slipway&limit=100&"+c.query, nil).want(t, 200).decode(t, &page)
		samples, _ := filepath.Glob(c.glob)
		if len(page.Designs) != len(samples) || len(samples) == 0 {
			t.Errorf("library?%s lists %d samples, want %d", c.query, len(page.Designs), len(samples))
		}
		seeded.Designs = append(seeded.Designs, page.Designs...)
	}
	bad := a.do("GET", "/api/v1/library?ruleset=nope", nil).want(t, 400)
	if !strings.Contains(string(bad.Body), "ruleset") || !strings.Contains(string(bad.Body), "battleshift, d6ship, metaverse, stareater") {
		t.Errorf("ruleset=nope: %s", bad.Body)
	}
	for _, d := range seeded.Designs {
		if d.Owner != "slipway" || d.Visibility != "public" {
			t.Errorf("sample %s: owner %q visibility %q", d.ID, d.Owner, d.Visibility)
		}
	}
	a.do("POST", "/api/v1/auth/login", map[string]string{"username": "slipway", "password": "anything goes"}).want(t, 401)
	a.do("GET", "/healthz", nil).want(t, 200)
	a.do("GET", "/readyz", nil).want(t, 200)
	a.do("GET", "/api/openapi.json", nil).want(t, 200)
	lib := a.do("GET", "/api/v1/library", nil).want(t, 200)
	if lib.Header.Get("Access-Control-Allow-Origin") != "*" || lib.Header.Get("X-Request-Id") == "" ||
		lib.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("library headers %v", lib.Header)
	}
	a.do("GET", "/api/v1/library", nil, "If-None-Match", lib.Header.Get("ETag")).want(t, 304)
	pre := a.do("OPTIONS", "/api/v1/library", nil, "Origin", "https://elsewhere.example", "Access-Control-Request-Method", "GET")
	pre.want(t, 204)
	if pre.Header.Get("Access-Control-Allow-Methods") == "" {
		t.Errorf("preflight headers %v", pre.Header)
	}
	a.do("GET", "/api/v1/nothing", nil).want(t, 404)
	a.do("PATCH", "/api/v1/library", nil).want(t, 405)
	// A browser on another site cannot write with the user's cookie.
	u := e.register("victim")
	d := sample(t)
	u.do("POST", "/api/v1/designs", map[string]any{"design": d}, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site").want(t, 403)
	if rid := a.do("GET", "/healthz", nil, "X-Request-Id", "trace-me").Header.Get("X-Request-Id"); rid != "trace-me" {
		t.Errorf("request id %q", rid)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := jsonMarshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
