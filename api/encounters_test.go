package api_test

import (
	"strings"
	"testing"
)

// encounterOut is the part of an encounter answer the tests read.
type encounterOut struct {
	Initiative struct {
		A, B struct {
			CV, Bonus int
			Win       float64
			Die       string
		}
		EqualCV bool
		Tie     float64
		Options []struct {
			Difference int
			Encounters []string
		}
	}
	Encounter *struct {
		ID       string
		Attacker []struct {
			Zone     string
			MaxShare int
		}
	}
	Encounters []struct{ ID string }
	A, B       struct {
		ID         string
		Version    int
		Name       string
		CV         int
		Legal      bool
		Role       string
		Deployment *struct {
			Legal bool
			Zones []struct {
				Zone  string
				Ships []string
				CV    int
				Share float64
			}
			Problems []struct{ Rule, Path, Message string }
		}
	}
}

// TestEncounterAPI: POST /encounters sets up an encounter between two
// fleets by id or by document, with the fleets' visibility (another's
// private fleet is 404), and checks deployments against F-08 with paths
// in the request; bad requests are 400 naming the field.
func TestEncounterAPI(t *testing.T) {
	e := newEnv(t)
	owner := e.register("admiral")
	other := e.register("rival")
	anon := e.anon()
	pub := owner.create(t, "Line Cruiser", "public")
	var pubFleet, privFleet fleetOut
	owner.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": fleetDoc("Home Fleet", pub.ID, pub.ID)}).want(t, 201).decode(t, &pubFleet)
	owner.do("POST", "/api/v1/fleets", map[string]any{"fleet": fleetDoc("Secret Fleet", pub.ID, pub.ID)}).want(t, 201).decode(t, &privFleet)

	// By id and by document: equal CV, the initiative and every encounter.
	var out encounterOut
	anon.do("POST", "/api/v1/encounters", map[string]any{
		"a": map[string]any{"id": pubFleet.ID},
		"b": map[string]any{"fleet": fleetDoc("Probe", pub.ID, pub.ID)},
	}).want(t, 200).decode(t, &out)
	if out.A.ID != pubFleet.ID || out.A.Version != 1 || out.B.ID != "" || out.B.Name != "Probe" {
		t.Fatalf("sides: %+v %+v", out.A, out.B)
	}
	if !out.Initiative.EqualCV || out.A.CV != out.B.CV || out.A.CV != pubFleet.Summary.CV || out.Initiative.A.CV != out.A.CV {
		t.Errorf("equal fleets: %+v, a %d b %d, stored %d", out.Initiative, out.A.CV, out.B.CV, pubFleet.Summary.CV)
	}
	if w := out.Initiative.A.Win + out.Initiative.B.Win + out.Initiative.Tie; w < 0.999 || w > 1.001 || out.Initiative.A.Die != "D1" {
		t.Errorf("chances sum to %v; die %q (no flagship rolls D1)", w, out.Initiative.A.Die)
	}
	if out.Encounter != nil || len(out.Encounters) != 5 || len(out.Initiative.Options) == 0 || out.A.Deployment != nil || out.A.Role != "" {
		t.Errorf("no encounter named: %+v", out)
	}

	// Another's private fleet does not exist for the rival or anonymous
	// callers; its owner uses it.
	for _, c := range []*client{other, anon} {
		c.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": pubFleet.ID}, "b": map[string]any{"id": privFleet.ID}}).want(t, 404)
	}
	anon.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": pubFleet.ID, "version": 7}, "b": map[string]any{"id": pubFleet.ID}}).want(t, 404)
	owner.do("POST", "/api/v1/encounters", map[string]any{"a": map[string]any{"id": pubFleet.ID}, "b": map[string]any{"id": privFleet.ID}}).want(t, 200)

	// A flank attack: the attacker's flank zone holds at most half its CV.
	// Two equal ships, one in each zone, is legal; both on the flank is not,
	// nor a ship left out or one the fleet does not have.
	flank := func(a map[string][]string) encounterOut {
		var o encounterOut
		other.do("POST", "/api/v1/encounters", map[string]any{
			"a":         map[string]any{"id": pubFleet.ID, "deployment": map[string]any{"zones": a}},
			"b":         map[string]any{"fleet": fleetDoc("Probe", pub.ID, pub.ID), "deployment": map[string]any{"zones": map[string][]string{"main": {"a", "b"}}}},
			"encounter": "flank", "attacker": "a",
		}).want(t, 200).decode(t, &o)
		return o
	}
	out = flank(map[string][]string{"main": {"a"}, "flank": {"b"}})
	if out.Encounter == nil || out.Encounter.ID != "flank" || out.A.Role != "attacker" || out.B.Role != "defender" {
		t.Fatalf("roles: %+v %q %q", out.Encounter, out.A.Role, out.B.Role)
	}
	if d := out.A.Deployment; d == nil || !d.Legal || len(d.Problems) != 0 || len(d.Zones) != 2 || d.Zones[1].Zone != "flank" || d.Zones[1].Share != 50 {
		t.Fatalf("legal flank attack: %+v", out.A.Deployment)
	}
	if d := out.B.Deployment; d == nil || !d.Legal || d.Zones[0].CV != out.B.CV {
		t.Fatalf("defender: %+v", out.B.Deployment)
	}
	out = flank(map[string][]string{"flank": {"a", "b", "z"}})
	d := out.A.Deployment
	if d == nil || d.Legal || out.A.Legal {
		t.Fatalf("both ships on the flank: %+v", d)
	}
	paths := map[string]string{}
	for _, p := range d.Problems {
		paths[p.Path] = p.Rule
	}
	for _, want := range []string{"a.deployment.zones.flank", "a.deployment.zones.flank[2]"} {
		if paths[want] == "" {
			t.Errorf("no problem at %s: %+v", want, d.Problems)
		}
	}
	if paths["a.deployment.zones.flank"] != "F-08" || paths["a.deployment.zones.flank[2]"] != "F-DOC-02" {
		t.Errorf("the flank over its share: %+v", d.Problems)
	}
	out = flank(map[string][]string{"main": {"a"}})
	if p := out.A.Deployment.Problems; len(p) != 1 || p[0].Path != "a.fleet.ships[1]" || p[0].Rule != "F-08" {
		t.Errorf("a ship left out: %+v", p)
	}

	// A meeting engagement needs no attacker.
	owner.do("POST", "/api/v1/encounters", map[string]any{
		"a": map[string]any{"id": privFleet.ID, "deployment": map[string]any{"zones": map[string][]string{"main": {"a", "b"}}}},
		"b": map[string]any{"id": pubFleet.ID}, "encounter": "meeting",
	}).want(t, 200).decode(t, &out)
	if out.A.Deployment == nil || !out.A.Deployment.Legal || out.B.Deployment != nil || out.A.Role != "attacker" {
		t.Errorf("meeting engagement: %+v", out.A)
	}

	// Bad requests name the field.
	doc := fleetDoc("Probe", pub.ID)
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"a": map[string]any{"id": pubFleet.ID}}, "b"},
		{map[string]any{"a": map[string]any{"id": pubFleet.ID, "fleet": doc}, "b": map[string]any{"fleet": doc}}, "a"},
		{map[string]any{"a": map[string]any{"fleet": doc, "version": 2}, "b": map[string]any{"fleet": doc}}, "a.version"},
		{map[string]any{"a": map[string]any{"fleet": doc}, "b": map[string]any{"fleet": doc}, "encounter": "ambush"}, "encounter"},
		{map[string]any{"a": map[string]any{"fleet": doc}, "b": map[string]any{"fleet": doc}, "attacker": "c"}, "attacker"},
		{map[string]any{"a": map[string]any{"fleet": doc, "deployment": map[string]any{"zones": map[string][]string{"main": {"a"}}}}, "b": map[string]any{"fleet": doc}}, "encounter"},
		{map[string]any{"a": map[string]any{"fleet": doc, "deployment": map[string]any{"zones": map[string][]string{"main": {"a"}}}}, "b": map[string]any{"fleet": doc}, "encounter": "rear"}, "attacker"},
		{map[string]any{"a": map[string]any{"fleet": doc, "deployment": map[string]any{"zones": map[string][]string{"main": make([]string, 501)}}}, "b": map[string]any{"fleet": doc}, "encounter": "meeting"}, "a.deployment.zones"},
	} {
		r := anon.do("POST", "/api/v1/encounters", c.body).want(t, 400)
		if !strings.Contains(string(r.Body), `"`+c.field+`"`) {
			t.Errorf("%v: the refusal does not name %s: %s", c.body, c.field, r.Body)
		}
	}
	anon.do("POST", "/api/v1/encounters", []byte(`{"a": {}, "b": {}, "c": 1}`)).want(t, 400)
}

// TestPackFleetDocument: POST /fleets/pack prints an unsaved fleet with
// the caller's rights: the owner of a private design gets its sheet, a
// stranger gets the pack without it (a problem says why) or 422 when no
// ship is printable; bad options and bodies are 400.
func TestPackFleetDocument(t *testing.T) {
	e := newEnv(t)
	owner := e.register("quartermaster")
	anon := e.anon()
	pub := owner.create(t, "Line Cruiser", "public")
	priv := owner.create(t, "Secret Cruiser", "private")
	doc := fleetDoc("Task Force", pub.ID, priv.ID)
	r := owner.do("POST", "/api/v1/fleets/pack?paper=a4", doc).want(t, 200)
	mine, w, h := pdfPages(t, r.Body)
	if long := max(w, h); long < 838 || long > 845 { // A4 is 842 pt long; the summary page is landscape
		t.Errorf("first page %v x %v pt: not A4", w, h)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.HasSuffix(cd, `-pack.pdf"`) || !strings.HasPrefix(cd, "attachment") {
		t.Errorf("Content-Disposition %q", cd)
	}
	r = anon.do("POST", "/api/v1/fleets/pack", doc).want(t, 200)
	if theirs, _, _ := pdfPages(t, r.Body); theirs >= mine {
		t.Errorf("a stranger's pack has %d pages, the owner's %d: the private design was printed", theirs, mine)
	}
	anon.do("POST", "/api/v1/fleets/pack", fleetDoc("Hidden", priv.ID)).want(t, 422)
	anon.do("POST", "/api/v1/fleets/pack?paper=a3", doc).want(t, 400)
	anon.do("POST", "/api/v1/fleets/pack", []byte(`{"name": "x", "shipz": []}`)).want(t, 400)
}
