package api_test

import (
	"net/http"
	"testing"
)

// fleetOut is the part of a fleet answer the tests read.
type fleetOut struct {
	ID         string
	Owner      string
	Visibility string
	Version    int
	Parent     *struct{ ID string }
	Summary    struct {
		CV, Ships int
		Legal     bool
	}
	Fleet struct {
		Name  string
		Ships []struct {
			ID      string
			Design  string
			Version int
		}
	}
	Evaluation struct {
		Legal    bool
		Problems []struct{ Rule, Path string }
	}
	Updates []struct {
		Ship            string
		Version, Latest int
	}
}

func fleetDoc(name string, designs ...string) map[string]any {
	var ships []map[string]any
	for i, d := range designs {
		ships = append(ships, map[string]any{"id": string(rune('a' + i)), "design": d})
	}
	return map[string]any{"name": name, "limit": map[string]int{"cv": 10000}, "ships": ships}
}

// TestFleetAPI walks every fleet route: create, read (ETag, 304), update
// with If-Match, versions, a design edit showing as an update, upgrade,
// fork, the fleet library, validate, evaluate, the pack, delete; and the
// visibility rules: nobody sees another's private fleet, a public fleet
// fields no private design.
func TestFleetAPI(t *testing.T) {
	e := newEnv(t)
	owner := e.register("admiral")
	other := e.register("rival")
	anon := e.anon()
	pub := owner.create(t, "Line Cruiser", "public")
	priv := owner.create(t, "Secret Cruiser", "private")

	// Validate and evaluate without saving: the owner may field the
	// private design, the rival may not (F-REF-01), anyone sees a bad limit.
	var rep struct {
		Legal    bool
		Problems []struct{ Rule, Path string }
		Totals   struct{ CV, Ships int }
	}
	owner.do("POST", "/api/v1/fleets/validate", fleetDoc("Probe", pub.ID, priv.ID)).want(t, 200).decode(t, &rep)
	if !rep.Legal || rep.Totals.Ships != 2 || rep.Totals.CV <= 0 {
		t.Fatalf("owner's validate: %+v", rep)
	}
	other.do("POST", "/api/v1/fleets/validate", fleetDoc("Probe", pub.ID, priv.ID)).want(t, 200).decode(t, &rep)
	if rep.Legal || rep.Problems[0].Rule != "F-REF-01" || rep.Problems[0].Path != "ships[1].design" {
		t.Fatalf("rival fields a private design: %+v", rep)
	}
	bad := fleetDoc("Probe", pub.ID)
	bad["limit"] = map[string]int{"cv": 1}
	anon.do("POST", "/api/v1/fleets/validate", bad).want(t, 200).decode(t, &rep)
	if rep.Legal || rep.Problems[len(rep.Problems)-1].Rule != "F-01" {
		t.Fatalf("over the limit: %+v", rep)
	}
	var ev struct {
		Fleet      struct{ Ships []struct{ Version int } }
		Evaluation struct{ Totals struct{ CV int } }
	}
	anon.do("POST", "/api/v1/fleets/evaluate", fleetDoc("Probe", pub.ID)).want(t, 200).decode(t, &ev)
	if ev.Fleet.Ships[0].Version != 1 || ev.Evaluation.Totals.CV <= 0 {
		t.Fatalf("evaluate: %+v", ev)
	}
	anon.do("POST", "/api/v1/fleets/validate", []byte(`{"name": "x", "shipz": []}`)).want(t, 400)

	// Create: anonymous callers may not; a public fleet with a private
	// design is refused; a private one is a draft.
	anon.do("POST", "/api/v1/fleets", map[string]any{"fleet": fleetDoc("Home Fleet", pub.ID)}).want(t, 401)
	owner.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": fleetDoc("Home Fleet", pub.ID, priv.ID)}).want(t, 422)
	r := owner.do("POST", "/api/v1/fleets", map[string]any{"fleet": fleetDoc("Home Fleet", pub.ID, priv.ID)}).want(t, 201)
	var f fleetOut
	r.decode(t, &f)
	if f.Version != 1 || f.Visibility != "private" || r.Header.Get("Location") != "/api/v1/fleets/"+f.ID || f.Fleet.Ships[0].Version != 1 {
		t.Fatalf("created: %+v %v", f, r.Header)
	}
	other.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 404)
	anon.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 404)

	// Read, conditional read, update with If-Match.
	r = owner.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 200)
	tag := r.Header.Get("ETag")
	owner.do("GET", "/api/v1/fleets/"+f.ID, nil, "If-None-Match", tag).want(t, http.StatusNotModified)
	owner.do("HEAD", "/api/v1/fleets/"+f.ID, nil).want(t, 200)
	owner.do("PUT", "/api/v1/fleets/"+f.ID, map[string]any{"fleet": fleetDoc("Home Fleet", pub.ID)}).want(t, 428)
	owner.do("PUT", "/api/v1/fleets/"+f.ID, map[string]any{"fleet": fleetDoc("Home Fleet", pub.ID)}, "If-Match", `"v9-x"`).want(t, 412)
	other.do("PUT", "/api/v1/fleets/"+f.ID, map[string]any{"fleet": fleetDoc("Mine", pub.ID)}, "If-Match", "*").want(t, 404)
	r = owner.do("PUT", "/api/v1/fleets/"+f.ID, map[string]any{"visibility": "public", "fleet": fleetDoc("Home Fleet", pub.ID)}, "If-Match", tag).want(t, 200)
	r.decode(t, &f)
	if f.Version != 2 || f.Visibility != "public" || !f.Summary.Legal {
		t.Fatalf("published: %+v", f)
	}
	other.do("PUT", "/api/v1/fleets/"+f.ID, map[string]any{"fleet": fleetDoc("Mine", pub.ID)}, "If-Match", "*").want(t, 403)

	// A design edit changes nothing in the fleet; the owner sees the
	// newer version and upgrades to it.
	d := sample(t)
	d["name"] = "Line Cruiser Mk II"
	owner.do("PUT", "/api/v1/designs/"+pub.ID, map[string]any{"design": d}, "If-Match", `"v1"`).want(t, 200)
	r = owner.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 200)
	if r.Header.Get("ETag") == tag {
		t.Error("the ETag did not change with the evaluation")
	}
	r.decode(t, &f)
	if len(f.Updates) != 1 || f.Updates[0].Latest != 2 || f.Fleet.Ships[0].Version != 1 {
		t.Fatalf("updates: %+v", f.Updates)
	}
	anon.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 200).decode(t, &f)
	if len(f.Updates) != 0 {
		t.Errorf("anonymous readers see updates: %+v", f.Updates)
	}
	owner.do("POST", "/api/v1/fleets/"+f.ID+"/upgrade", map[string]any{"ships": []string{"a"}}, "If-Match", r.Header.Get("ETag")).want(t, 200).decode(t, &f)
	if f.Version != 3 || f.Fleet.Ships[0].Version != 2 || len(f.Updates) != 0 {
		t.Fatalf("upgraded: %+v", f)
	}

	// Versions, one version, the library, the pack, fork.
	var vl struct{ Versions []struct{ Version int } }
	anon.do("GET", "/api/v1/fleets/"+f.ID+"/versions", nil).want(t, 200).decode(t, &vl)
	if len(vl.Versions) != 2 {
		t.Errorf("anonymous sees versions %+v (version 1 was private)", vl.Versions)
	}
	anon.do("HEAD", "/api/v1/fleets/"+f.ID+"/versions", nil).want(t, 200)
	anon.do("GET", "/api/v1/fleets/"+f.ID+"/versions/1", nil).want(t, 404)
	anon.do("GET", "/api/v1/fleets/"+f.ID+"/versions/2", nil).want(t, 200)
	anon.do("HEAD", "/api/v1/fleets/"+f.ID+"/versions/2", nil).want(t, 200)
	var page struct {
		Fleets []fleetOut
		Next   *string
	}
	anon.do("GET", "/api/v1/fleet-library?q=home", nil).want(t, 200).decode(t, &page)
	if len(page.Fleets) != 1 || page.Fleets[0].ID != f.ID || page.Next != nil {
		t.Fatalf("library: %+v", page)
	}
	anon.do("HEAD", "/api/v1/fleet-library?q=home", nil).want(t, 200)
	anon.do("GET", "/api/v1/fleet-library?q=nothing", nil).want(t, 200).decode(t, &page)
	if len(page.Fleets) != 0 {
		t.Errorf("search for nothing: %+v", page)
	}
	anon.do("GET", "/api/v1/fleet-library?limit=0", nil).want(t, 400)
	r = anon.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf?paper=a4", nil).want(t, 200)
	if n, _, _ := pdfPages(t, r.Body); n < 4 {
		t.Errorf("pack of %d pages", n)
	}
	anon.do("HEAD", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 200)
	anon.do("POST", "/api/v1/fleets/"+f.ID+"/fork", nil).want(t, 401)
	var fk fleetOut
	other.do("POST", "/api/v1/fleets/"+f.ID+"/fork", map[string]any{"name": "Rival Fleet"}).want(t, 201).decode(t, &fk)
	if fk.Parent == nil || fk.Parent.ID != f.ID || fk.Owner != "rival" || fk.Fleet.Name != "Rival Fleet" {
		t.Fatalf("fork: %+v", fk)
	}
	var mine struct{ Fleets []fleetOut }
	other.do("GET", "/api/v1/fleets", nil).want(t, 200).decode(t, &mine)
	other.do("HEAD", "/api/v1/fleets", nil).want(t, 200)
	if len(mine.Fleets) != 1 || mine.Fleets[0].ID != fk.ID {
		t.Errorf("rival's fleets: %+v", mine)
	}

	// Delete.
	other.do("DELETE", "/api/v1/fleets/"+f.ID, nil, "If-Match", "*").want(t, 403)
	owner.do("DELETE", "/api/v1/fleets/"+f.ID, nil).want(t, 428)
	owner.do("DELETE", "/api/v1/fleets/"+f.ID, nil, "If-Match", `"v3"`).want(t, 204)
	anon.do("GET", "/api/v1/fleets/"+f.ID, nil).want(t, 404)
}
