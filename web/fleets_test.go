package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/slipway/slipway/library"
)

// TestFleetPages checks the fleet pages without a browser: the fleet
// library (search, paging errors, your own fleets), a fleet's page (its
// chain, ships linked to their designs, pack, fork form), unknown fleets,
// forking through the form (signed out it asks to log in, cross-site it is
// refused) and the builder's shell.
func TestFleetPages(t *testing.T) {
	hs, svc := libServer(t)
	ctx := context.Background()
	if _, err := svc.SeedSampleFleets(ctx); err != nil {
		t.Fatal(err)
	}
	fs, err := svc.FleetLibrary(ctx, library.FleetQuery{Q: "einstein"})
	if err != nil || len(fs) != 1 || fs[0].Name != "Cruiser Wing" {
		t.Fatalf("sample fleets for einstein: %v %v", fs, err)
	}
	id := fs[0].ID

	anon := newBrowser(t, hs.URL)
	res, body := anon.get("/fleets")
	if res.StatusCode != 200 {
		t.Fatalf("GET /fleets: %d", res.StatusCode)
	}
	wantIn(t, "/fleets", body, "Cruiser Wing", "Tesla Battle Squadron", `action="/fleets"`, `href="/fleets/new"`, `aria-current="page">Fleets`)
	if strings.Contains(body, "Your fleets") {
		t.Error("signed out, /fleets lists your fleets")
	}
	_, body = anon.get("/fleets?q=einstein")
	wantIn(t, "search", body, `href="/fleets/`+id+`"`, `value="einstein"`)
	if strings.Contains(body, ">Tesla Battle Squadron<") {
		t.Error("the search for einstein lists the Tesla Battle Squadron")
	}
	if res, body := anon.get("/fleets?cursor=x"); res.StatusCode != 400 || !strings.Contains(body, "cursor") {
		t.Errorf("bad cursor: %d", res.StatusCode)
	}

	res, body = anon.get("/fleets/" + id)
	if res.StatusCode != 200 {
		t.Fatalf("fleet page: %d", res.StatusCode)
	}
	wantIn(t, "fleet page", body, "<h1>Cruiser Wing</h1>", "Chain of command", ">wing</span>", ">squadron</span>",
		"USS Einstein", "HMS Thunderchild", "/api/v1/fleets/"+id+"/pack.pdf", `<meter`, "Log in</a> to fork", "/fleets/"+id+"/edit")
	if n := strings.Count(body, `href="/designs/`); n != 4 {
		t.Errorf("the fleet page links %d designs, want 4", n)
	}
	if len(body) > 50_000 {
		t.Errorf("fleet page is %d bytes", len(body))
	}
	if res, _ := anon.get("/fleets/nope"); res.StatusCode != 404 {
		t.Errorf("unknown fleet: %d, want 404", res.StatusCode)
	}
	if res, _ := anon.post("/fleets/"+id+"/fork", url.Values{"name": {"Mine"}}); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login?next=") {
		t.Errorf("signed-out fork: %d to %q, want a redirect to log in", res.StatusCode, res.Header.Get("Location"))
	}

	alice := newBrowser(t, hs.URL)
	if res, _ := alice.post("/register", url.Values{"username": {"alice"}, "password": {"correct horse battery staple"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("register: %d", res.StatusCode)
	}
	if res, body := alice.do("POST", "/fleets/"+id+"/fork", url.Values{"name": {"Alice Wing"}}, "cross-site"); res.StatusCode != 403 || !strings.Contains(body, "another site") {
		t.Errorf("cross-site fork: %d, want 403", res.StatusCode)
	}
	if res, body := alice.post("/fleets/nope/fork", url.Values{"name": {"x"}}); res.StatusCode != 404 || !strings.Contains(body, "Fleet not found") {
		t.Errorf("fork of an unknown fleet: %d, want 404", res.StatusCode)
	}
	res, _ = alice.post("/fleets/"+id+"/fork", url.Values{"name": {"Alice Wing"}})
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/fleets/") || loc == "/fleets/"+id {
		t.Fatalf("fork: %d to %q", res.StatusCode, loc)
	}
	_, body = alice.get(loc)
	wantIn(t, "the fork", body, "<h1>Alice Wing</h1>", "by alice", ">private<", "Edit in the fleet builder")
	_, body = alice.get("/fleets")
	wantIn(t, "/fleets signed in", body, "Your fleets", "Alice Wing")
	if _, body := anon.get(loc); !strings.Contains(body, "Fleet not found") {
		t.Error("another player sees alice's private fork")
	}

	res, body = anon.get("/fleets/new")
	if res.StatusCode != 200 {
		t.Fatalf("builder: %d", res.StatusCode)
	}
	wantIn(t, "builder", body, `id="fleet-app"`, "js/fleet/main.js", "css/fleet.css", "<noscript>")
	_, body = anon.get("/fleets/" + id + "/edit")
	wantIn(t, "builder of a fleet", body, `data-id="`+id+`"`)
}
