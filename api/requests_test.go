package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// injections are hostile strings that must be stored and returned as
// they were sent.
var injections = []string{
	`Robert'); DROP TABLE designs;--`,
	`" OR 1=1 --`,
	`' OR ''='`,
	`%' AND 1=1 --`,
	`<script>alert("x")</script>`,
	`<img src=x onerror=alert(1)>`,
	`NEAR("a" "b") AND * OR -x`,
	`&lt;b&gt; &amp; \u0000 \\ ' "`,
}

// TestInjectionStringsVerbatim stores hostile strings in every free-text
// field (token name, design name, description, tags, universe, weapon ids
// and names, fork name) and reads them back unchanged; the library search
// takes them as plain words. User names hold only letters, digits and
// - _ . (library.NormalizeUserName), so a hostile one is refused.
func TestInjectionStringsVerbatim(t *testing.T) {
	e := newEnv(t)
	for i, s := range injections {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			bad := map[string]string{"username": fmt.Sprintf("%s %d", strings.TrimSpace(s), i), "password": "correct horse"}
			if r := e.anon().do("POST", "/api/v1/auth/register", bad).want(t, 400); !bytes.Contains(r.Body, []byte(`"path":"username"`)) {
				t.Fatalf("refusal of user name %q does not name the field: %s", bad["username"], r.Body)
			}
			user := e.register(fmt.Sprintf("injector-%d", i))
			var me struct{ Name string }
			user.do("GET", "/api/v1/me", nil).want(t, 200).decode(t, &me)
			var tok struct{ Name string }
			user.do("POST", "/api/v1/tokens", map[string]string{"name": s}).want(t, 201).decode(t, &tok)
			if tok.Name != s {
				t.Fatalf("token name %q", tok.Name)
			}
			d := sample(t)
			d["name"], d["description"], d["universe"] = s, s+" description", s
			d["tags"] = []string{s, "x" + s}
			ws := d["weapons"].([]any)
			w0 := ws[0].(map[string]any)
			oldID := w0["id"].(string)
			w0["id"], w0["name"] = s, s
			fixMounts(d, oldID, s)
			var out designOut
			user.do("POST", "/api/v1/designs", map[string]any{"visibility": "public", "design": d}).want(t, 201).decode(t, &out)
			var got designOut
			e.anon().do("GET", "/api/v1/designs/"+out.ID, nil).want(t, 200).decode(t, &got)
			want, _ := json.Marshal(d)
			var wantDoc map[string]any
			json.Unmarshal(want, &wantDoc)
			for _, f := range []string{"name", "description", "universe", "tags", "weapons", "sections"} {
				a, _ := json.Marshal(got.Design[f])
				b, _ := json.Marshal(wantDoc[f])
				if !bytes.Equal(a, b) {
					t.Errorf("field %s: got %s, want %s", f, a, b)
				}
			}
			if got.Owner != me.Name {
				t.Errorf("owner %q", got.Owner)
			}
			var fork designOut
			user.do("POST", "/api/v1/designs/"+out.ID+"/fork", map[string]any{"name": s + " fork"}).want(t, 201).decode(t, &fork)
			if fork.Design["name"] != s+" fork" {
				t.Errorf("fork name %q", fork.Design["name"])
			}
			// The string searches as text, never as SQL or FTS syntax.
			r := e.anon().do("GET", "/api/v1/library?q="+urlQuery(s), nil).want(t, 200)
			var page struct{ Designs []designOut }
			r.decode(t, &page)
		})
	}
	// The tables are all still there.
	var page struct{ Designs []designOut }
	e.anon().do("GET", "/api/v1/library?limit=100", nil).want(t, 200).decode(t, &page)
	if len(page.Designs) < len(injections) {
		t.Fatalf("library has %d designs", len(page.Designs))
	}
}

// fixMounts renames weapon references in every section from old to id.
func fixMounts(d map[string]any, old, id string) {
	for _, sec := range d["sections"].(map[string]any) {
		ms, _ := sec.(map[string]any)["weapons"].([]any)
		for _, m := range ms {
			mm := m.(map[string]any)
			if mm["weapon"] == old {
				mm["weapon"] = id
			}
		}
	}
}

func urlQuery(s string) string {
	return strings.NewReplacer("%", "%25", "&", "%26", "#", "%23", "+", "%2B", " ", "+", "\\", "%5C", "\"", "%22", "<", "%3C", ">", "%3E").Replace(s)
}

// TestBodyLimitsAndMalformedJSON: a 2 MB body is 413; malformed JSON and
// wrong shapes are 400 problems naming the JSON path and rule.
func TestBodyLimitsAndMalformedJSON(t *testing.T) {
	e := newEnv(t)
	u := e.register("limits")
	big := []byte(`{"design":{"name":"` + strings.Repeat("x", 2_000_000) + `"}}`)
	for _, p := range []string{"/api/v1/designs", "/api/v1/evaluate", "/api/v1/import", "/api/v1/auth/login"} {
		r := u.do("POST", p, big)
		if r.Status != http.StatusRequestEntityTooLarge || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("%s: 2 MB body got %d %s", p, r.Status, r.Header.Get("Content-Type"))
		}
	}
	cases := []struct {
		name, path, body, wantPath, wantRule string
	}{
		{"syntax in design", "/api/v1/designs", `{"design":{"name":"x","sections":{"core":{"layers":[{"hullHits":1,}]}}}}`, "design.sections.core.layers[0]", "R-JSON-01"},
		{"wrong type", "/api/v1/designs", `{"design":{"schema":1,"name":7}}`, "design.name", "R-JSON-03"},
		{"unknown field", "/api/v1/designs", `{"design":{"schema":1,"colour":"red"}}`, "design.colour", "R-JSON-02"},
		{"unknown envelope field", "/api/v1/designs", `{"visibility":"public","desing":{}}`, "desing", "R-JSON-02"},
		{"bad visibility", "/api/v1/designs", `{"visibility":"secret","design":{"name":"x"}}`, "visibility", "R-API-01"},
		{"missing design", "/api/v1/designs", `{"visibility":"public"}`, "design", "R-API-01"},
		{"truncated", "/api/v1/evaluate", `{"name":"x","sections":{`, "sections", "R-JSON-01"},
		{"evaluate wrong type", "/api/v1/evaluate", `{"techLevel":"high"}`, "techLevel", "R-JSON-03"},
		{"validate trailing data", "/api/v1/validate", `{"name":"x"} {}`, "", "R-JSON-01"},
		{"import item syntax", "/api/v1/import", `[{"name":"x"},{"name":]`, "[1].name", "R-JSON-01"},
		{"short password", "/api/v1/auth/register", `{"username":"abc","password":"short"}`, "password", "R-API-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := u.do("POST", c.path, []byte(c.body)).want(t, 400)
			if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
				t.Errorf("content type %q", ct)
			}
			var p struct {
				Status   int
				Problems []struct{ Rule, Path string }
			}
			r.decode(t, &p)
			if p.Status != 400 || len(p.Problems) == 0 {
				t.Fatalf("problem %s", r.Body)
			}
			if p.Problems[0].Path != c.wantPath || p.Problems[0].Rule != c.wantRule {
				t.Errorf("problem at %q rule %s, want %q rule %s", p.Problems[0].Path, p.Problems[0].Rule, c.wantPath, c.wantRule)
			}
		})
	}
}

// TestImport: legal items are stored, illegal ones become drafts or are
// rejected as asked, unreadable ones are rejected, and every stored item
// is whole.
func TestImport(t *testing.T) {
	e := newEnv(t)
	u := e.withToken("importer")
	good := sample(t)
	good["name"] = "Imported Good"
	raw, _ := json.Marshal(good)
	body := []byte(`[` + string(raw) + `, {"schema":1,"name":"Broken","sections":"nope"}]`)
	var rep struct {
		Created, Drafts, Rejected int
		Items                     []struct {
			Index    int
			Status   string
			ID       string
			Problems []struct{ Path, Rule string }
		}
	}
	u.do("POST", "/api/v1/import?visibility=public", body).want(t, 200).decode(t, &rep)
	if rep.Created != 1 || rep.Rejected != 1 || rep.Items[0].Status != "created" || rep.Items[1].Status != "rejected" {
		t.Fatalf("report %+v", rep)
	}
	if p := rep.Items[1].Problems; len(p) == 0 || p[0].Path != "[1].sections" || p[0].Rule != "R-JSON-03" {
		t.Fatalf("rejected item problems %+v", p)
	}
	var d designOut
	e.anon().do("GET", "/api/v1/designs/"+rep.Items[0].ID, nil).want(t, 200).decode(t, &d)
	if d.Design["name"] != "Imported Good" || d.Visibility != "public" {
		t.Fatalf("imported %+v", d)
	}
	u.do("POST", "/api/v1/import?invalid=sometimes", []byte(`[]`)).want(t, 400)
	u.do("POST", "/api/v1/import", []byte(`{"not":"an array"}`)).want(t, 400)
	e.anon().do("POST", "/api/v1/import", []byte(`[]`)).want(t, 401)
	var empty struct{ Items []any }
	u.do("POST", "/api/v1/import?invalid=draft", []byte(`[]`)).want(t, 200).decode(t, &empty)
	if len(empty.Items) != 0 {
		t.Fatalf("empty import %+v", empty)
	}
}

// TestAccounts covers login, logout, tokens, cookie attributes, the
// uniform failure message and the login rate limit.
func TestAccounts(t *testing.T) {
	e := newEnv(t)
	u := e.register("carol")
	u.do("POST", "/api/v1/auth/logout", nil).want(t, 204)
	u.do("GET", "/api/v1/me", nil).want(t, 401)

	r := u.do("POST", "/api/v1/auth/login", map[string]string{"username": "CAROL", "password": "correct horse"}).want(t, 200)
	ck := r.Header.Get("Set-Cookie")
	for _, attr := range []string{"slipway_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(ck, attr) {
			t.Errorf("cookie %q lacks %s", ck, attr)
		}
	}
	if strings.Contains(ck, "Secure") {
		t.Errorf("cookie %q is Secure over plain http", ck)
	}
	u.do("GET", "/api/v1/me", nil).want(t, 200)

	wrong := e.anon().do("POST", "/api/v1/auth/login", map[string]string{"username": "carol", "password": "wrong horse"}).want(t, 401)
	unknown := e.anon().do("POST", "/api/v1/auth/login", map[string]string{"username": "nobody", "password": "wrong horse"}).want(t, 401)
	var pw, pu struct{ Type, Title, Detail string }
	wrong.decode(t, &pw)
	unknown.decode(t, &pu)
	if pw != pu {
		t.Errorf("wrong password %+v and unknown user %+v answer differently", pw, pu)
	}
	e.anon().do("POST", "/api/v1/auth/register", map[string]string{"username": "Carol", "password": "another one"}).want(t, 409)

	bad := e.anon()
	bad.token = "slw_not-a-token"
	bad.do("GET", "/api/v1/me", nil).want(t, 401)
	bad.do("GET", "/api/v1/library", nil).want(t, 401)

	tc := e.withToken("dave")
	var me struct{ Name string }
	tc.do("GET", "/api/v1/me", nil).want(t, 200).decode(t, &me)
	if me.Name != "dave" {
		t.Fatalf("token user %q", me.Name)
	}
	var list struct {
		Tokens []struct {
			ID    int64
			Name  string
			Token string
		}
	}
	tc.do("GET", "/api/v1/tokens", nil).want(t, 200).decode(t, &list)
	if len(list.Tokens) != 1 || list.Tokens[0].Name != "script" || list.Tokens[0].Token != "" {
		t.Fatalf("tokens %+v", list)
	}
	id := fmt.Sprint(list.Tokens[0].ID)
	u.do("DELETE", "/api/v1/tokens/"+id, nil).want(t, 404) // carol cannot revoke dave's token
	e.anon().do("DELETE", "/api/v1/tokens/"+id, nil).want(t, 401)
	tc.do("DELETE", "/api/v1/tokens/"+id, nil).want(t, 204)
	tc.do("GET", "/api/v1/me", nil).want(t, 401)
}

// TestLoginRateLimit: a burst of failed logins for one name ends in 429
// with Retry-After.
func TestLoginRateLimit(t *testing.T) {
	e := newEnv(t, func(c *envConfig) { c.Library.Limits.LoginsPerMinute = 5 })
	e.register("erin")
	a := e.anon()
	limited := false
	for i := 0; i < 20 && !limited; i++ {
		r := a.do("POST", "/api/v1/auth/login", map[string]string{"username": "erin", "password": "guessing " + fmt.Sprint(i)})
		switch r.Status {
		case 401:
		case 429:
			limited = r.Header.Get("Retry-After") != ""
		default:
			t.Fatalf("status %d", r.Status)
		}
	}
	if !limited {
		t.Fatal("no 429 after 20 attempts")
	}
}
