package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/slipway/slipway/library"
)

// TestHeadMirrorsGet calls every HEAD route the server registers, and its
// GET twin, as a signed-in owner: HEAD answers the same status and
// headers with no body, and 304 to the GET's ETag.
func TestHeadMirrorsGet(t *testing.T) {
	e := newEnv(t)
	c := e.withToken("hattie")
	d := c.create(t, "Head Case", "private")
	c.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"design": d.Design}, "If-Match", `"v1"`).want(t, 200)
	query := map[string]string{
		"/api/v1/designs/{id}/compare": "?from=1&to=2",
		"/api/v1/library":              "?q=cruiser&limit=2",
		"/api/v1/designs/{id}/export":  "?version=1",
		// A game kept in the browser: its sides name its ships.
		"/api/v1/play/ships/{ship}/sheet.svg": "?side=design:" + d.ID,
	}
	fl := c.do("POST", "/api/v1/fleets", map[string]any{"fleet": map[string]any{"name": "Head Fleet", "limit": map[string]int{"cv": 1000},
		"ships": []map[string]any{{"id": "a", "design": d.ID}}}}).want(t, 201)
	var f struct{ ID string }
	fl.decode(t, &f)
	c.do("PUT", "/api/v1/fleets/"+f.ID, map[string]any{"fleet": map[string]any{"name": "Head Fleet", "limit": map[string]int{"cv": 1000},
		"ships": []map[string]any{{"id": "a", "design": d.ID}}}}, "If-Match", "*").want(t, 200)
	var fleetDoc map[string]any
	if err := json.Unmarshal(readJSONFile(t, "../data/fleets/cruiser-wing.json"), &fleetDoc); err != nil {
		t.Fatal(err)
	}
	var gm struct{ ID, Watch string }
	c.do("POST", "/api/v1/games", map[string]any{"sides": []any{map[string]any{"fleetDocument": fleetDoc}}}).want(t, 201).decode(t, &gm)
	c.do("POST", "/api/v1/designs/"+d.ID+"/share", nil).want(t, 201)
	c.do("POST", "/api/v1/fleets/"+f.ID+"/share", nil).want(t, 201)
	c.do("GET", "/api/v1/designs/"+d.ID+"/sheet.pdf", nil).want(t, 200)
	code, err := e.srv.Service().RecordPrinted(context.Background(), library.Printed{Kind: "draft", Name: "Head Case", Ruleset: "metaverse", Model: "metaverse-cv/2"})
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, r := range e.srv.Routes() {
		tmpl, ok := strings.CutPrefix(r, "HEAD ")
		if !ok {
			continue
		}
		id := d.ID
		if strings.HasPrefix(tmpl, "/api/v1/fleets/") {
			id = f.ID
		}
		if strings.HasPrefix(tmpl, "/api/v1/games/") {
			id = gm.ID
		}
		url := strings.NewReplacer("{id}", id, "{n}", "2", "{ruleset}", "battleshift", "{code}", code, "{ship}", "s1",
			"{token}", strings.TrimPrefix(gm.Watch, "/play/watch/")).Replace(tmpl) + query[tmpl]
		t.Run(tmpl, func(t *testing.T) {
			// The same Accept-Encoding for both: Go's client asks for gzip
			// on its own for a GET but not for a HEAD.
			g := c.do("GET", url, nil, "Accept-Encoding", "identity").want(t, 200)
			h := c.do("HEAD", url, nil, "Accept-Encoding", "identity").want(t, 200)
			if len(h.Body) != 0 {
				t.Errorf("HEAD answered a body of %d bytes", len(h.Body))
			}
			for _, name := range []string{"Content-Type", "ETag", "Cache-Control", "Content-Disposition"} {
				if g.Header.Get(name) != h.Header.Get(name) {
					t.Errorf("%s: GET %q, HEAD %q", name, g.Header.Get(name), h.Header.Get(name))
				}
			}
			if etag := g.Header.Get("ETag"); etag != "" {
				c.do("HEAD", url, nil, "Accept-Encoding", "identity", "If-None-Match", etag).want(t, 304)
			}
		})
		tested++
	}
	if tested < 16 {
		t.Errorf("only %d HEAD routes registered; every GET route should have one", tested)
	}
	// A refusal is the GET's refusal, without its body.
	other := e.register("nosy")
	g := other.do("GET", "/api/v1/designs/"+d.ID, nil).want(t, 404)
	h := other.do("HEAD", "/api/v1/designs/"+d.ID, nil).want(t, 404)
	if len(h.Body) != 0 || h.Header.Get("Content-Type") != g.Header.Get("Content-Type") {
		t.Errorf("HEAD 404: body %q, Content-Type %q (GET %q)", h.Body, h.Header.Get("Content-Type"), g.Header.Get("Content-Type"))
	}
}
