package api_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// badByteCase is one request carrying a bad byte where a route takes
// text or an id, and the field its refusal must name.
type badByteCase struct {
	name, method, path string
	body               []byte
	field              string
}

// badBytes are the two bad bytes every text and id is probed with: a NUL
// and a byte that is no part of a UTF-8 character. In a URL they are
// percent-encoded; in a JSON body a NUL is the escape \u0000 and the
// other byte is sent raw.
var badBytes = []struct{ name, url, json string }{
	{"NUL", "%00", `\u0000`},
	{"invalid UTF-8", "%ff", "\xff"},
}

// badByteCases lists, for one bad byte, every text and id of every route.
// design and fleet are ids of a design and a fleet the caller owns.
func badByteCases(t *testing.T, url, js, design, fleet string) []badByteCase {
	t.Helper()
	doc := func(mut func(m map[string]any)) []byte {
		d := sample(t)
		mut(d)
		return jsonBytes(t, d)
	}
	// A body is written with the placeholder BAD, replaced by the bad
	// byte as JSON carries it.
	body := func(v any) []byte {
		return []byte(strings.ReplaceAll(string(jsonBytes(t, v)), "BAD", js))
	}
	probeFleet := func(mut func(f map[string]any)) map[string]any {
		f := fleetDoc("Probe Fleet", design)
		mut(f)
		return f
	}
	fleetBody := func(mut func(f map[string]any)) []byte { return body(map[string]any{"fleet": probeFleet(mut)}) }
	var cs []badByteCase
	add := func(name, method, path string, b []byte, field string) {
		cs = append(cs, badByteCase{name, method, path, b, field})
	}
	bad := "a" + url + "b"
	// Ids in paths.
	for _, p := range []struct{ method, path string }{
		{"GET", "/api/v1/designs/ID"}, {"PUT", "/api/v1/designs/ID"}, {"DELETE", "/api/v1/designs/ID"},
		{"GET", "/api/v1/designs/ID/versions"}, {"GET", "/api/v1/designs/ID/versions/1"},
		{"GET", "/api/v1/designs/ID/compare?from=1&to=1"}, {"POST", "/api/v1/designs/ID/fork"},
		{"GET", "/api/v1/designs/ID/lineage"}, {"GET", "/api/v1/designs/ID/export"},
		{"GET", "/api/v1/designs/ID/sheet.pdf"}, {"GET", "/api/v1/designs/ID/card.pdf"},
	} {
		var b []byte
		switch p.method {
		case "PUT":
			b = jsonBytes(t, map[string]any{"design": sample(t)})
		case "POST":
			b = []byte(`{}`)
		}
		add(p.method+" design id", p.method, strings.Replace(p.path, "ID", bad, 1), b, "id")
	}
	for _, p := range []struct{ method, path string }{
		{"GET", "/api/v1/fleets/ID"}, {"PUT", "/api/v1/fleets/ID"}, {"DELETE", "/api/v1/fleets/ID"},
		{"GET", "/api/v1/fleets/ID/versions"}, {"GET", "/api/v1/fleets/ID/versions/1"},
		{"POST", "/api/v1/fleets/ID/fork"}, {"POST", "/api/v1/fleets/ID/upgrade"},
		{"GET", "/api/v1/fleets/ID/pack.pdf"},
	} {
		var b []byte
		switch p.method {
		case "PUT":
			b = jsonBytes(t, map[string]any{"fleet": fleetDoc("Probe Fleet", design)})
		case "POST":
			b = []byte(`{}`)
		}
		add(p.method+" fleet id", p.method, strings.Replace(p.path, "ID", bad, 1), b, "id")
	}
	// Query parameters.
	for _, q := range []string{"q", "sort", "movement", "hull", "ruleset", "cursor"} {
		add("library "+q, "GET", "/api/v1/library?"+q+"="+bad, nil, q)
	}
	for _, q := range []string{"q", "sort", "cursor"} {
		add("fleet library "+q, "GET", "/api/v1/fleet-library?"+q+"="+bad, nil, q)
	}
	add("library order", "GET", "/api/v1/library?order="+bad, nil, "order")
	for _, q := range []string{"order", "limitKind"} {
		add("fleet library "+q, "GET", "/api/v1/fleet-library?"+q+"="+bad, nil, q)
	}
	for _, q := range []string{"paper", "bw", "one"} {
		add("sheet "+q, "GET", "/api/v1/designs/"+design+"/sheet.pdf?"+q+"="+bad, nil, q)
		add("pack "+q, "GET", "/api/v1/fleets/"+fleet+"/pack.pdf?"+q+"="+bad, nil, q)
	}
	for _, q := range []string{"tier", "crew", "command", "damageControl"} {
		add("evaluate "+q, "POST", "/api/v1/evaluate?"+q+"="+bad, jsonBytes(t, sample(t)), q)
	}
	add("version in path", "GET", "/api/v1/designs/"+design+"/versions/"+bad, nil, "version")
	add("fleet version in path", "GET", "/api/v1/fleets/"+fleet+"/versions/"+bad, nil, "version")
	add("import invalid", "POST", "/api/v1/import?invalid="+bad, []byte(`[]`), "invalid")
	add("import visibility", "POST", "/api/v1/import?visibility="+bad, []byte(`[]`), "visibility")
	add("compare from", "GET", "/api/v1/designs/"+design+"/compare?from="+bad+"&to=1", nil, "from")
	add("export version", "GET", "/api/v1/designs/"+design+"/export?version="+bad, nil, "version")
	// Accounts.
	add("register name", "POST", "/api/v1/auth/register", body(map[string]string{"username": "probeBAD", "password": "vintage-anchor-47-quill"}), "username")
	add("register password", "POST", "/api/v1/auth/register", body(map[string]string{"username": "probe2", "password": "vintage-BAD-anchor-47"}), "password")
	add("login name", "POST", "/api/v1/auth/login", body(map[string]string{"username": "probeBAD", "password": "vintage-anchor-47-quill"}), "username")
	add("login password", "POST", "/api/v1/auth/login", body(map[string]string{"username": "probe", "password": "vintage-BAD-anchor-47"}), "password")
	add("password current", "POST", "/api/v1/auth/password", body(map[string]string{"currentPassword": "corBADrect horse", "newPassword": "vintage-anchor-47-quill"}), "currentPassword")
	add("password new", "POST", "/api/v1/auth/password", body(map[string]string{"currentPassword": "correct horse", "newPassword": "vintage-BAD-anchor-47"}), "newPassword")
	add("delete account password", "DELETE", "/api/v1/me", body(map[string]string{"password": "corBADrect horse"}), "password")
	add("token name", "POST", "/api/v1/tokens", body(map[string]string{"name": "scrBADipt"}), "name")
	// Designs: drafts' text.
	for _, f := range []string{"name", "description", "universe"} {
		add("draft "+f, "POST", "/api/v1/designs", []byte(strings.ReplaceAll(string(jsonBytes(t, map[string]any{"visibility": "private",
			"design": json.RawMessage(doc(func(m map[string]any) { m[f] = "a BAD b" }))})), "BAD", js)), "design."+f)
	}
	add("draft tag", "POST", "/api/v1/designs", []byte(strings.ReplaceAll(string(jsonBytes(t, map[string]any{"visibility": "private",
		"design": json.RawMessage(doc(func(m map[string]any) { m["tags"] = []string{"ok", "a BAD b"} }))})), "BAD", js)), "design.tags[1]")
	add("draft update name", "PUT", "/api/v1/designs/"+design, []byte(strings.ReplaceAll(string(jsonBytes(t, map[string]any{"visibility": "private",
		"design": json.RawMessage(doc(func(m map[string]any) { m["name"] = "a BAD b" }))})), "BAD", js)), "design.name")
	add("fork name", "POST", "/api/v1/designs/"+design+"/fork", body(map[string]any{"name": "aBADb"}), "name")
	// Fleets.
	add("fleet name", "POST", "/api/v1/fleets", fleetBody(func(f map[string]any) { f["name"] = "a BAD b" }), "fleet.name")
	add("fleet description", "POST", "/api/v1/fleets", fleetBody(func(f map[string]any) { f["description"] = "a BAD b" }), "fleet.description")
	add("fleet ship id", "POST", "/api/v1/fleets", fleetBody(func(f map[string]any) { f["ships"].([]map[string]any)[0]["id"] = "aBAD" }), "fleet.ships[0].id")
	add("fleet ship name", "POST", "/api/v1/fleets", fleetBody(func(f map[string]any) { f["ships"].([]map[string]any)[0]["name"] = "aBAD" }), "fleet.ships[0].name")
	add("fleet ship design", "POST", "/api/v1/fleets", fleetBody(func(f map[string]any) { f["ships"].([]map[string]any)[0]["design"] = "aBAD" }), "fleet.ships[0].design")
	add("fleet update name", "PUT", "/api/v1/fleets/"+fleet, fleetBody(func(f map[string]any) { f["name"] = "a BAD b" }), "fleet.name")
	for _, r := range []string{"validate", "evaluate", "pack"} {
		add("fleet "+r+" design", "POST", "/api/v1/fleets/"+r, body(probeFleet(func(f map[string]any) { f["ships"].([]map[string]any)[0]["design"] = "aBAD" })), "ships[0].design")
	}
	add("fleet fork name", "POST", "/api/v1/fleets/"+fleet+"/fork", body(map[string]any{"name": "aBADb"}), "name")
	add("fleet upgrade ship", "POST", "/api/v1/fleets/"+fleet+"/upgrade", body(map[string]any{"ships": []string{"aBAD"}}), "ships[0]")
	add("forecast design", "POST", "/api/v1/forecast", body(map[string]any{"a": map[string]any{"design": "aBAD"}, "b": map[string]any{"design": design}, "runs": 1}), "a.design")
	add("forecast fleet", "POST", "/api/v1/forecast", body(map[string]any{"a": map[string]any{"design": design}, "b": map[string]any{"fleet": "aBAD"}, "runs": 1}), "b.fleet")
	add("forecast fleet document", "POST", "/api/v1/forecast", body(map[string]any{"a": map[string]any{"design": design},
		"b": map[string]any{"fleetDocument": probeFleet(func(f map[string]any) { f["ships"].([]map[string]any)[0]["design"] = "aBAD" })}, "runs": 1}), "b.fleetDocument.ships[0].design")
	add("encounter id", "POST", "/api/v1/encounters", body(map[string]any{"a": map[string]any{"id": "aBAD"}, "b": map[string]any{"id": fleet}}), "a.id")
	add("encounter zone", "POST", "/api/v1/encounters", body(map[string]any{"a": map[string]any{"id": fleet, "deployment": map[string]any{"zones": map[string]any{"zBAD": []string{"a"}}}},
		"b": map[string]any{"id": fleet}, "encounter": "meeting"}), "a.deployment.zones")
	return cs
}

// TestBadBytesRefused sends a NUL and a byte that is no part of a UTF-8
// character in every text and id a route takes, on SQLite and on
// PostgreSQL: each is 400 with a problem naming the field, never a 500,
// and nothing is stored. An import with one such item saves the others.
func TestBadBytesRefused(t *testing.T) {
	for _, st := range []string{"sqlite", "postgres"} {
		t.Run(st, func(t *testing.T) {
			e := newEnv(t, onStore(st))
			u := e.register("prober")
			d := u.create(t, "Probe Design", "public")
			var f fleetOut
			u.do("POST", "/api/v1/fleets", map[string]any{"fleet": fleetDoc("Probe Fleet", d.ID)}).want(t, 201).decode(t, &f)
			for _, bb := range badBytes {
				cs := badByteCases(t, bb.url, bb.json, d.ID, f.ID)
				t.Logf("%d probes with %s", len(cs), bb.name)
				for _, c := range cs {
					r := u.do(c.method, c.path, c.body, "If-Match", "*")
					var p struct {
						Problems []struct{ Path, Message string }
					}
					json.Unmarshal(r.Body, &p)
					named := false
					for _, pr := range p.Problems {
						named = named || pr.Path == c.field
					}
					if r.Status != 400 || !named {
						t.Errorf("%s in %s (%s %s): %d %s; want 400 naming %s", bb.name, c.name, c.method, c.path, r.Status, r.Body, c.field)
					}
				}
			}
			// Credentials are hashed, never looked up as text: a token or a
			// session cookie with a stray byte is unknown (401, ignored).
			a := e.anon()
			a.do("GET", "/api/v1/me", nil, "Authorization", "Bearer slw_a\xffb").want(t, 401)
			a.do("GET", "/api/v1/me", nil, "Cookie", "slipway_session=a\xffb").want(t, 401)
			// Nothing was stored: one design, one fleet, one token-less
			// account, as before.
			var mine struct{ Designs []designOut }
			u.do("GET", "/api/v1/designs", nil).want(t, 200).decode(t, &mine)
			if len(mine.Designs) != 1 || mine.Designs[0].Version != 1 {
				t.Errorf("designs after the probes: %+v", mine.Designs)
			}
			var fleets struct{ Fleets []fleetOut }
			u.do("GET", "/api/v1/fleets", nil).want(t, 200).decode(t, &fleets)
			if len(fleets.Fleets) != 1 || fleets.Fleets[0].Version != 1 {
				t.Errorf("fleets after the probes: %+v", fleets.Fleets)
			}
			var toks struct{ Tokens []any }
			u.do("GET", "/api/v1/tokens", nil).want(t, 200).decode(t, &toks)
			if len(toks.Tokens) != 0 {
				t.Errorf("tokens after the probes: %v", toks.Tokens)
			}
			// Import: the bad item is rejected, naming its field; the good
			// ones around it are saved.
			for _, bb := range badBytes {
				good := sample(t)
				good["name"] = "Good " + bb.name
				bad := sample(t)
				bad["name"] = "a BAD b"
				items := "[" + mustJSON(t, good) + "," + strings.ReplaceAll(mustJSON(t, bad), "BAD", bb.json) + "," + mustJSON(t, good) + "]"
				var rep struct {
					Created, Drafts, Rejected int
					Items                     []struct {
						Status   string
						Problems []struct{ Path string }
					}
				}
				u.do("POST", "/api/v1/import?invalid=draft", []byte(items)).want(t, 200).decode(t, &rep)
				if rep.Created != 2 || rep.Rejected != 1 || len(rep.Items) != 3 || rep.Items[1].Status != "rejected" ||
					len(rep.Items[1].Problems) == 0 || rep.Items[1].Problems[0].Path != "[1].name" && rep.Items[1].Problems[0].Path != "[1]" {
					t.Errorf("import with %s in one item: %+v", bb.name, rep)
				}
			}
			u.do("GET", "/api/v1/designs", nil).want(t, 200).decode(t, &mine)
			if len(mine.Designs) != 5 {
				t.Errorf("%d designs after two imports of two good items each, want 5", len(mine.Designs))
			}
		})
	}
}

func jsonBytes(t *testing.T, v any) []byte { return []byte(mustJSON(t, v)) }

// TestBadBytesEveryRoute sends a NUL and a stray byte in every path
// parameter of every route the server has, and in a query parameter and
// a JSON body of each, on both stores: nothing is a 500, so a route added
// later is held to the text rule too.
func TestBadBytesEveryRoute(t *testing.T) {
	for _, st := range []string{"sqlite", "postgres"} {
		t.Run(st, func(t *testing.T) {
			e := newEnv(t, onStore(st))
			u := e.withToken("sweeper") // a token outlives the logouts among the routes
			for _, route := range e.srv.Routes() {
				method, path, _ := strings.Cut(route, " ")
				if method == "HEAD" {
					continue
				}
				for _, bb := range badBytes {
					p := path
					for strings.Contains(p, "{") {
						i, j := strings.Index(p, "{"), strings.Index(p, "}")
						p = p[:i] + "a" + bb.url + "b" + p[j+1:]
					}
					var body []byte
					if method == "POST" || method == "PUT" || method == "DELETE" {
						body = []byte(`{"name": "a` + bb.json + `b", "q": "a` + bb.json + `b"}`)
					}
					r := u.do(method, p+"?q=a"+bb.url+"b&sort=a"+bb.url+"b", body, "If-Match", "*")
					if r.Status >= 500 {
						t.Errorf("%s %s with %s: %d %s", method, p, bb.name, r.Status, r.Body)
					}
				}
			}
		})
	}
}
