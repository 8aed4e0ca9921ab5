package web_test

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// TestFleetPageHidesOthersDesigns is the page half of the IDOR test (the
// API and pack half is api's TestFleetHidesOthersDesigns): a public fleet
// holding another owner's design made unlisted or private since shows it
// as "a design you cannot see", without its id or name, on the fleet's
// page and in the fleet library, to anyone signed out, a third user and
// the fleet's owner; its owner still sees it.
func TestFleetPageHidesOthersDesigns(t *testing.T) {
	hs, svc := libServer(t)
	ctx := context.Background()
	b, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	const pw = "correct horse battery staple"
	user := func(name string) *library.User {
		u, _, err := svc.Register(ctx, library.Credentials{Name: name, Password: pw, Addr: "test"})
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	wright, admiral := user("shipwright"), user("admiral")
	user("stranger")
	design := func(name string) (*library.Design, *designer.Design) {
		d, err := designer.DecodeDesign(b)
		if err != nil {
			t.Fatal(err)
		}
		d.Name = name
		got, err := svc.CreateDesign(ctx, wright, d, library.Public)
		if err != nil {
			t.Fatal(err)
		}
		return got, d
	}
	open, _ := design("Openwater Frigate")
	quiet, quietDoc := design("Quietus Nightjar")
	secret, secretDoc := design("Cryptid Basilisk")
	f := &fleet.Fleet{Name: "Borrowed Hulls", Limit: fleet.Limit{CV: 10000}, Ships: []fleet.Ship{
		{ID: "a", Design: open.ID}, {ID: "b", Design: quiet.ID}, {ID: "c", Design: secret.ID}}}
	f.SetDefaults()
	fv, err := svc.CreateFleet(ctx, admiral, f, library.Public)
	if err != nil {
		t.Fatalf("%v: %+v", err, err.(*library.Error).Problems)
	}
	if _, err := svc.UpdateDesign(ctx, wright, quiet.ID, library.Precondition{Any: true}, quietDoc, library.Unlisted); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.UpdateDesign(ctx, wright, secret.ID, library.Precondition{Any: true}, secretDoc, library.Private); err != nil {
		t.Fatal(err)
	}
	secrets := []string{quiet.ID, "Quietus Nightjar", secret.ID, "Cryptid Basilisk"}

	login := func(name string) *browser {
		br := newBrowser(t, hs.URL)
		if res, _ := br.post("/login", url.Values{"username": {name}, "password": {pw}}); res.StatusCode != 303 {
			t.Fatalf("log in %s: %d", name, res.StatusCode)
		}
		return br
	}
	for _, v := range []struct {
		name string
		br   *browser
	}{{"signed out", newBrowser(t, hs.URL)}, {"a third user", login("stranger")}, {"the fleet's owner", login("admiral")}} {
		for _, path := range []string{"/fleets/" + fv.Fleet.ID, "/fleets?q=Borrowed"} {
			res, body := v.br.get(path)
			if res.StatusCode != 200 {
				t.Fatalf("%s: %s: %d", v.name, path, res.StatusCode)
			}
			for _, s := range secrets {
				if strings.Contains(body, s) {
					t.Errorf("%s: %s shows %q", v.name, path, s)
				}
			}
		}
		_, body := v.br.get("/fleets/" + fv.Fleet.ID)
		wantIn(t, v.name, body, library.HiddenDesign, "Openwater Frigate", `href="/designs/`+open.ID)
	}
	_, body := login("shipwright").get("/fleets/" + fv.Fleet.ID)
	wantIn(t, "the designs' owner", body, quiet.ID, secret.ID)
}
