package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/web"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// printedCode records what the sheet of design id's version n prints,
// as the API does when it prints it, and returns its code.
func printedCode(t *testing.T, svc *library.Service, u *library.User, id string, n int) string {
	t.Helper()
	ctx := context.Background()
	d, v, err := svc.Version(ctx, u, id, n)
	if err != nil {
		t.Fatal(err)
	}
	rs, doc, err := svc.DecodeDocument(v)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := rs.Evaluate(doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, err := svc.RecordPrinted(ctx, library.DesignPrinted(rs, d, v, doc.Head(), ev))
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// TestVerifyPage: /v/{code} says "Matches" with the numbers printed,
// what changed after a new version, and a private design's page is the
// 404 of any unknown code to others until its owner makes a share link
// on the design's page.
func TestVerifyPage(t *testing.T) {
	hs, svc := libServer(t)
	ctx := context.Background()
	anon := newBrowser(t, hs.URL)
	res, body := anon.get("/v")
	if res.StatusCode != 200 {
		t.Fatalf("/v: %d", res.StatusCode)
	}
	wantIn(t, "/v", body, "Verify a printed sheet", `name="code"`)
	if res, _ := anon.get("/v?code=abcd-efgh"); res.StatusCode != 303 || res.Header.Get("Location") != "/v/abcd-efgh" {
		t.Errorf("/v?code=: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}

	owner, _, err := svc.Register(ctx, library.Credentials{Name: "sheetowner", Password: "correct horse battery staple", Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	page, err := svc.Library(ctx, library.LibraryQuery{Q: "reference", Limit: 1})
	if err != nil || len(page.Designs) == 0 {
		t.Fatalf("no sample: %v", err)
	}
	_, v, err := svc.Version(ctx, nil, page.Designs[0].ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, doc, err := svc.DecodeDocument(v)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := svc.CreateDesign(ctx, owner, doc, library.Public)
	if err != nil {
		t.Fatal(err)
	}
	code := printedCode(t, svc, owner, pub.ID, 1)
	res, body = anon.get("/v/" + code)
	if res.StatusCode != 200 {
		t.Fatalf("/v/%s: %d", code, res.StatusCode)
	}
	wantIn(t, "a current sheet", body, "Matches", "Reference Cruiser", "metaverse-cv/", "Combat value", ">100<", ">111<", "/designs/"+pub.ID)
	if strings.Contains(body, "Changed since") {
		t.Error("a current sheet says it changed")
	}
	if len(body) > 50_000 {
		t.Errorf("the verification page is %d bytes", len(body))
	}

	md := *(doc.(*designer.Design))
	md.Name = "Reference Cruiser Refit"
	if _, err := svc.UpdateDesign(ctx, owner, pub.ID, library.Precondition{Any: true}, &md, ""); err != nil {
		t.Fatal(err)
	}
	_, body = anon.get("/v/" + code)
	wantIn(t, "after version 2", body, "A newer version of this design exists: version 2", "Version 2</th>")

	// A private design.
	priv, err := svc.CreateDesign(ctx, owner, doc, library.Private)
	if err != nil {
		t.Fatal(err)
	}
	pcode := printedCode(t, svc, owner, priv.ID, 1)
	res, unknown := anon.get("/v/0000000000000000")
	if res.StatusCode != 404 {
		t.Fatalf("an unknown code: %d", res.StatusCode)
	}
	res, body = anon.get("/v/" + pcode)
	if res.StatusCode != 404 || body != unknown {
		t.Errorf("a private design's code to a stranger: %d, and the page differs from an unknown code's", res.StatusCode)
	}
	me := newBrowser(t, hs.URL)
	if res, _ := me.post("/login", url.Values{"username": {"sheetowner"}, "password": {"correct horse battery staple"}}); res.StatusCode != 303 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	res, body = me.get("/v/" + pcode)
	if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("the owner's own private code: %d, Cache-Control %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	wantIn(t, "the owner's own private code", body, "Matches", "/designs/"+priv.ID)
	_, body = me.get("/designs/" + priv.ID)
	wantIn(t, "a private design's page", body, "Make a share link", `action="/designs/`+priv.ID+`/share"`)
	if res, _ := anon.post("/designs/"+priv.ID+"/share", url.Values{"action": {"create"}}); res.StatusCode != 303 || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Errorf("a stranger's share: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res, _ := me.post("/designs/"+priv.ID+"/share", url.Values{"action": {"create"}}); res.StatusCode != 303 {
		t.Fatalf("make a share link: %d", res.StatusCode)
	}
	_, body = me.get("/designs/" + priv.ID)
	wantIn(t, "with a share link", body, "Revoke the share link")
	l, err := svc.ShareOf(ctx, owner, priv.ID)
	if err != nil {
		t.Fatal(err)
	}
	res, body = anon.get("/v/" + pcode + "?share=" + l.Token)
	if res.StatusCode != 200 {
		t.Fatalf("with the share link: %d", res.StatusCode)
	}
	wantIn(t, "with the share link", body, "Matches")
	if strings.Contains(body, "/designs/"+priv.ID) {
		t.Error("the share link's page links to the private design's page")
	}
	if res, _ := me.post("/designs/"+priv.ID+"/share", url.Values{"action": {"revoke"}}); res.StatusCode != 303 {
		t.Fatalf("revoke: %d", res.StatusCode)
	}
	if res, _ := anon.get("/v/" + pcode + "?share=" + l.Token); res.StatusCode != 404 {
		t.Errorf("the revoked share link: %d", res.StatusCode)
	}
}

// TestPinnedFleetPage: a fleet pinned to an older model says so on its
// page, with what today's model says; an unpinned one names the current
// model only.
func TestPinnedFleetPage(t *testing.T) {
	hs, svc := libServer(t)
	ctx := context.Background()
	u, _, err := svc.Register(ctx, library.Credentials{Name: "pinner", Password: "correct horse battery staple", Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	page, err := svc.Library(ctx, library.LibraryQuery{Q: "reference", Limit: 1})
	if err != nil || len(page.Designs) == 0 {
		t.Fatalf("no sample: %v", err)
	}
	f := &fleet.Fleet{Name: "Pinned Wing", Limit: fleet.Limit{CV: 500}, Model: costing.VersionV1,
		Ships: []fleet.Ship{{ID: "a", Design: page.Designs[0].ID}}}
	v, err := svc.CreateFleet(ctx, u, f, library.Private)
	if err != nil {
		t.Fatal(err)
	}
	me := newBrowser(t, hs.URL)
	if res, _ := me.post("/login", url.Values{"username": {"pinner"}, "password": {"correct horse battery staple"}}); res.StatusCode != 303 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	_, body := me.get("/fleets/" + v.Fleet.ID)
	wantIn(t, "a pinned fleet's page", body, "metaverse-cv/1 (agreed)", `id="pin-note"`, "This fleet was agreed under metaverse-cv/1", "Under today's "+costing.ModelVersion)
	if _, err := svc.CreateFleet(ctx, u, &fleet.Fleet{Name: "Bad Pin", Limit: fleet.Limit{CV: 500}, Model: "cv-9"}, library.Private); library.ErrorCode(err) != library.EInvalid {
		t.Errorf("a fleet pinned to an unknown model: %v", err)
	}
}

// TestVerifyPageNewModel: a sheet printed under an older model says
// "Changed since it was printed", names both models and shows each
// number then and now.
func TestVerifyPageNewModel(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "models.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := library.New(library.Config{Store: db, Rulesets: games.Extra()})
	if _, err := svc.SeedSamples(ctx); err != nil {
		t.Fatal(err)
	}
	old, err := costing.NewModelVersion(designer.BuiltinCatalogue(), costing.VersionV1)
	if err != nil {
		t.Fatal(err)
	}
	oldSvc := library.New(library.Config{Store: db, Evaluator: old})
	page, err := svc.Library(ctx, library.LibraryQuery{Q: "thunderchild", Limit: 1})
	if err != nil || len(page.Designs) == 0 {
		t.Fatalf("no sample: %v", err)
	}
	code := printedCode(t, oldSvc, nil, page.Designs[0].ID, 0)
	s, err := web.New(web.Config{API: api.New(api.Config{Service: svc}), Library: svc})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	res, body := newBrowser(t, hs.URL).get("/v/" + code)
	if res.StatusCode != 200 {
		t.Fatalf("/v/%s: %d", code, res.StatusCode)
	}
	wantIn(t, "a sheet of the old model", body, "Changed since it was printed", "The numbers are now priced with "+costing.ModelVersion+"; this document printed them with "+costing.VersionV1,
		"<th scope=\"col\" class=\"num\">Printed</th>", "<th scope=\"col\" class=\"num\">Now</th>")
	if strings.Contains(body, ">Matches<") {
		t.Error("a sheet of the old model says it matches")
	}
}

// TestVerifyPageWorkGate: the verification page evaluates again, so it
// takes a turn of the API's work gate: with its one turn held and no
// waiting place, /v/<code> and /api/v1/verify/<code> both answer 503 with
// Retry-After over a real loopback server (a flood of random codes is
// refused, not evaluated); once the turn is free, the same code is
// looked up again (404: no such sheet).
func TestVerifyPageWorkGate(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "gate.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := library.New(library.Config{Store: db, Rulesets: games.Extra()})
	a := api.New(api.Config{Service: svc, WorkConcurrency: 1, WorkQueue: -1})
	s, err := web.New(web.Config{API: a, Library: svc})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)

	held, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- a.WorkGate().Do(ctx, func() error { close(held); <-release; return nil })
	}()
	<-held
	const code = "ABCDEFGHJKMNPQRS"
	for i := range 20 { // a flood: every one refused at once
		res, err := http.Get(hs.URL + "/v/" + code)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable {
			close(release)
			t.Fatalf("request %d past the gate: %d, want 503", i, res.StatusCode)
		}
		if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("503 without Retry-After: %v", res.Header)
		}
		if i == 0 {
			wantIn(t, "the busy page", string(body), "The server is busy", "Try again in a few seconds.")
		}
	}
	if res, err := http.Get(hs.URL + "/api/v1/verify/" + code); err != nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("the JSON route past the gate: %v %v", res, err)
	} else {
		res.Body.Close()
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(hs.URL + "/v/" + code)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("/v/%s with the gate free: %d, want 404", code, res.StatusCode)
	}
}

// TestFleetSharePage: the owner of a private fleet makes and revokes its
// share link on the fleet's page; with the link, a stranger's /v/<code>
// of its pack says Matches without a link to the private fleet; revoked,
// 404; a stranger's post changes nothing.
func TestFleetSharePage(t *testing.T) {
	hs, svc := libServer(t)
	ctx := context.Background()
	u, _, err := svc.Register(ctx, library.Credentials{Name: "fleetsharer", Password: "correct horse battery staple", Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	page, err := svc.Library(ctx, library.LibraryQuery{Q: "reference", Limit: 1})
	if err != nil || len(page.Designs) == 0 {
		t.Fatalf("no sample: %v", err)
	}
	v, err := svc.CreateFleet(ctx, u, &fleet.Fleet{Name: "Hidden Wing", Limit: fleet.Limit{CV: 500},
		Ships: []fleet.Ship{{ID: "a", Design: page.Designs[0].ID}}}, library.Private)
	if err != nil {
		t.Fatal(err)
	}
	id := v.Fleet.ID
	code, err := svc.RecordPrinted(ctx, library.FleetPrinted(v.Fleet, 1, v.Document, v.Result, v.Model))
	if err != nil {
		t.Fatal(err)
	}
	anon := newBrowser(t, hs.URL)
	if res, _ := anon.get("/v/" + code); res.StatusCode != 404 {
		t.Errorf("a private fleet's code to a stranger: %d", res.StatusCode)
	}
	if res, _ := anon.post("/fleets/"+id+"/share", url.Values{"action": {"create"}}); res.StatusCode != 303 || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Errorf("a stranger's share: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	me := newBrowser(t, hs.URL)
	if res, _ := me.post("/login", url.Values{"username": {"fleetsharer"}, "password": {"correct horse battery staple"}}); res.StatusCode != 303 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	_, body := me.get("/fleets/" + id)
	wantIn(t, "a private fleet's page", body, "Make a share link", `action="/fleets/`+id+`/share"`, "its printed packs verify only for you")
	if res, _ := me.post("/fleets/"+id+"/share", url.Values{"action": {"neither"}}); res.StatusCode != 400 {
		t.Errorf("an unknown action: %d", res.StatusCode)
	}
	if res, _ := me.post("/fleets/"+id+"/share", url.Values{"action": {"create"}}); res.StatusCode != 303 || res.Header.Get("Location") != "/fleets/"+id+"#share" {
		t.Fatalf("make a share link: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	_, body = me.get("/fleets/" + id)
	wantIn(t, "with a share link", body, "Revoke the share link", "Packs you print now carry your share link")
	l, err := svc.FleetShareOf(ctx, u, id)
	if err != nil {
		t.Fatal(err)
	}
	res, body := anon.get("/v/" + code + "?share=" + l.Token)
	if res.StatusCode != 200 {
		t.Fatalf("with the share link: %d", res.StatusCode)
	}
	wantIn(t, "a private fleet with the share link", body, "Matches", "Hidden Wing")
	if strings.Contains(body, "/fleets/"+id) {
		t.Error("the share link's page links to the private fleet's page")
	}
	if res, _ := me.post("/fleets/"+id+"/share", url.Values{"action": {"revoke"}}); res.StatusCode != 303 {
		t.Fatalf("revoke: %d", res.StatusCode)
	}
	if res, _ := anon.get("/v/" + code + "?share=" + l.Token); res.StatusCode != 404 {
		t.Errorf("the revoked share link: %d", res.StatusCode)
	}
	_, body = me.get("/fleets/" + id)
	wantIn(t, "after revoking", body, "Make a share link")
}
