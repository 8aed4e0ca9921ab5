package api_test

import (
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/pdftext"
	"github.com/slipway/slipway/library"
)

// TestFleetHidesOthersDesigns is the IDOR test of a public fleet that
// holds another owner's design made unlisted or private after the fleet
// was saved: neither its id nor its name reaches anyone but that design's
// owner (anonymous, a third user, the fleet's owner) through the fleet's
// JSON, its versions, the fleet library, the encounter and evaluate
// answers, or the pack's text. A public fleet cannot take another owner's
// unlisted design in the first place.
func TestFleetHidesOthersDesigns(t *testing.T) {
	e := newEnv(t)
	admiral := e.register("admiral")
	wright := e.register("shipwright")
	stranger := e.register("stranger")
	anon := e.anon()

	open := wright.create(t, "Openwater Frigate", "public")
	quiet := wright.create(t, "Quietus Nightjar", "public")
	secret := wright.create(t, "Cryptid Basilisk", "public")
	var f fleetOut
	admiral.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public",
		"fleet": fleetDoc("Borrowed Hulls", open.ID, quiet.ID, secret.ID)}).want(t, 201).decode(t, &f)

	// The shipwright hides two of them after the fleet took them.
	for _, c := range []struct {
		d   designOut
		vis string
	}{{quiet, "unlisted"}, {secret, "private"}} {
		doc := sample(t)
		doc["name"] = c.d.Design["name"]
		wright.do("PUT", "/api/v1/designs/"+c.d.ID, map[string]any{"visibility": c.vis, "design": doc}, "If-Match", `"v1"`).want(t, 200)
	}
	// A new public fleet may not field another owner's unlisted design.
	unl := wright.create(t, "Unlisted Skiff", "unlisted")
	admiral.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public",
		"fleet": fleetDoc("Borrowed Again", open.ID, unl.ID)}).want(t, 422)

	secrets := []string{quiet.ID, "Quietus Nightjar", secret.ID, "Cryptid Basilisk"}
	leaks := func(t *testing.T, who, what, text string) {
		t.Helper()
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("%s: %s shows %q", who, what, s)
			}
		}
	}
	encounter := map[string]any{"a": map[string]any{"id": f.ID}, "b": map[string]any{"id": f.ID}}
	for _, v := range []struct {
		name string
		c    *client
	}{{"anonymous", anon}, {"a third user", stranger}, {"the fleet's owner", admiral}} {
		for _, path := range []string{"/api/v1/fleets/" + f.ID, "/api/v1/fleets/" + f.ID + "/versions",
			"/api/v1/fleets/" + f.ID + "/versions/1", "/api/v1/fleet-library?q=Borrowed"} {
			leaks(t, v.name, path, string(v.c.do("GET", path, nil).want(t, 200).Body))
		}
		leaks(t, v.name, "encounter", string(v.c.do("POST", "/api/v1/encounters", encounter).want(t, 200).Body))
		var got fleetOut
		v.c.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 200).decode(t, &got)
		if len(got.Fleet.Ships) != 3 || got.Fleet.Ships[0].Design != open.ID || got.Fleet.Ships[1].Design != "" || got.Fleet.Ships[2].Design != "" {
			t.Errorf("%s: ships %+v; want the public design and two hidden", v.name, got.Fleet.Ships)
		}
		body := string(v.c.do("GET", "/api/v1/fleets/"+f.ID, nil).Body)
		if !strings.Contains(body, library.HiddenDesign) || !strings.Contains(body, "Openwater Frigate") {
			t.Errorf("%s: the fleet does not say %q beside the public design: %s", v.name, library.HiddenDesign, body)
		}
		pack := v.c.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 200).Body
		text := pdftext.Text(pdftext.Read(t, pack))
		leaks(t, v.name, "pack", text)
		if !strings.Contains(text, "Openwater Frigate") {
			t.Errorf("%s: the pack lacks the public design", v.name)
		}
	}
	// Evaluating a document that names a design the caller may not read
	// answers without its name.
	ev := string(stranger.do("POST", "/api/v1/fleets/evaluate", fleetDoc("Probe", open.ID, secret.ID)).want(t, 200).Body)
	if strings.Contains(ev, "Cryptid Basilisk") {
		t.Errorf("evaluate names a private design: %s", ev)
	}
	// The design's owner sees their designs' ids.
	body := string(wright.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 200).Body)
	for _, s := range []string{quiet.ID, secret.ID} {
		if !strings.Contains(body, s) {
			t.Errorf("the shipwright does not see their design %s in the fleet", s)
		}
	}
}
