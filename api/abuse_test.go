package api_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/slipway/slipway/designer"
)

// amplifier returns a design document of about 500 KB whose every system
// entry breaks a rule: before problems were capped, such a document gave
// a 42 MB answer and 85 MB of stored rows.
func amplifier(t *testing.T) map[string]any {
	t.Helper()
	d := sample(t)
	core := d["sections"].(map[string]any)["core"].(map[string]any)
	systems := core["systems"].([]any)
	for len(systems) < 4000 {
		systems = append(systems, map[string]any{"kind": "cmPod", "rating": 1, "count": 0,
			"note": strings.Repeat("x", 0)})
	}
	for i := range systems {
		if m, ok := systems[i].(map[string]any); ok {
			delete(m, "note")
		}
	}
	core["systems"] = systems
	d["description"] = strings.Repeat("d", 4000)
	return d
}

// TestAmplificationIsBounded: a large document full of problems gets an
// answer and a stored record bounded by the problem cap, not by the
// number of its faults.
func TestAmplificationIsBounded(t *testing.T) {
	e := newEnv(t)
	u := e.register("amplifier")
	doc := amplifier(t)
	body, _ := json.Marshal(doc)
	if len(body) < 100_000 {
		t.Fatalf("amplifier is only %d bytes", len(body))
	}
	for _, path := range []string{"/api/v1/evaluate", "/api/v1/validate"} {
		r := u.do("POST", path, body).want(t, 200)
		var out struct{ Problems designer.Problems }
		r.decode(t, &out)
		if len(out.Problems) != designer.MaxProblems+1 || out.Problems[designer.MaxProblems].Rule != designer.RuleProblemCap {
			t.Fatalf("%s: %d problems, last %+v", path, len(out.Problems), out.Problems[len(out.Problems)-1])
		}
		if len(r.Body) > 2*len(body)+200_000 {
			t.Errorf("%s answered %d bytes for a %d-byte document", path, len(r.Body), len(body))
		}
	}
	r := u.do("POST", "/api/v1/designs", map[string]any{"visibility": "private", "design": doc}).want(t, 201)
	if len(r.Body) > 2*len(body)+200_000 {
		t.Errorf("save answered %d bytes", len(r.Body))
	}
	var d designOut
	r.decode(t, &d)
	v := u.do("GET", "/api/v1/designs/"+d.ID+"/versions/1", nil).want(t, 200)
	if len(v.Body) > 3*len(body)+200_000 {
		t.Errorf("stored version reads back as %d bytes", len(v.Body))
	}
}

// TestIllegalDraftSavesWithFiniteNumbers: a draft with negative hull hits
// once gave NaN and a 500; it saves as a private draft with finite numbers.
func TestIllegalDraftSavesWithFiniteNumbers(t *testing.T) {
	e := newEnv(t)
	u := e.register("drafter")
	d := sample(t)
	layers := d["sections"].(map[string]any)["core"].(map[string]any)["layers"].([]any)
	layers[0].(map[string]any)["hullHits"] = -40
	r := u.do("POST", "/api/v1/evaluate", d).want(t, 200)
	var res map[string]any
	r.decode(t, &res)
	for _, k := range []string{"cv", "points", "ems", "targetRating", "massFactor"} {
		f, ok := res[k].(float64)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			t.Errorf("%s = %v", k, res[k])
		}
	}
	r = u.do("POST", "/api/v1/designs", map[string]any{"visibility": "private", "design": d}).want(t, 201)
	var out struct {
		Evaluation struct {
			Legal bool
			CV    float64
		}
	}
	r.decode(t, &out)
	if out.Evaluation.Legal {
		t.Error("negative hull hits saved as legal")
	}
	u.do("POST", "/api/v1/designs", map[string]any{"visibility": "public", "design": d}).want(t, 422)
}

// TestUnlistedAncestorStaysHidden: a public fork of an unlisted design
// names its parent only as "not public", in the design, its lineage and
// the library; nothing in those answers holds the unlisted id or name.
func TestUnlistedAncestorStaysHidden(t *testing.T) {
	e := newEnv(t)
	alice, bob := e.register("alice"), e.register("bobby")
	secret := alice.create(t, "Secret Ancestor", "unlisted")
	f := bob.do("POST", "/api/v1/designs/"+secret.ID+"/fork", map[string]any{"visibility": "public", "name": "Open Fork"}).want(t, 201)
	var fork designOut
	f.decode(t, &fork)
	for _, who := range []*client{e.anon(), e.register("carol"), bob} {
		for _, path := range []string{"/api/v1/designs/" + fork.ID, "/api/v1/designs/" + fork.ID + "/lineage", "/api/v1/library?q=open"} {
			r := who.do("GET", path, nil).want(t, 200)
			if strings.Contains(string(r.Body), secret.ID) || strings.Contains(string(r.Body), "Secret Ancestor") {
				t.Errorf("%s as %q reveals the unlisted ancestor: %s", path, who.name, r.Body)
			}
			if !strings.Contains(string(r.Body), `"notPublic":true`) {
				t.Errorf("%s as %q does not say the parent is not public: %s", path, who.name, r.Body)
			}
		}
	}
	// The ancestor's owner still sees where the fork came from.
	r := alice.do("GET", "/api/v1/designs/"+fork.ID+"/lineage", nil).want(t, 200)
	if !strings.Contains(string(r.Body), secret.ID) {
		t.Errorf("the owner does not see her own design in the lineage: %s", r.Body)
	}
	// Forks of the unlisted design are not listed to others, nor counted.
	var l struct {
		Forks     []any
		ForkCount int
	}
	e.anon().do("GET", "/api/v1/designs/"+secret.ID+"/lineage", nil).want(t, 200).decode(t, &l)
	if l.ForkCount != 1 || len(l.Forks) != 1 {
		t.Errorf("public fork of an unlisted design: %+v", l)
	}
}

// TestPrivateVersionsStayPrivate: versions saved while a design was
// private stay private after it is published; fork counts count only
// forks the caller may see.
func TestPrivateVersionsStayPrivate(t *testing.T) {
	e := newEnv(t)
	alice := e.register("alice")
	d := alice.create(t, "Drafted Then Published", "private")
	doc := sample(t)
	doc["name"] = "Drafted Then Published"
	doc["description"] = "the public one"
	alice.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"visibility": "public", "design": doc}, "If-Match", `"v1"`).want(t, 200)
	anon := e.anon()
	var vs struct{ Versions []struct{ Version int } }
	anon.do("GET", "/api/v1/designs/"+d.ID+"/versions", nil).want(t, 200).decode(t, &vs)
	if len(vs.Versions) != 1 || vs.Versions[0].Version != 2 {
		t.Errorf("anonymous caller sees versions %+v, want only 2", vs.Versions)
	}
	anon.do("GET", "/api/v1/designs/"+d.ID+"/versions/1", nil).want(t, 404)
	anon.do("GET", "/api/v1/designs/"+d.ID+"/export?version=1", nil).want(t, 404)
	anon.do("GET", "/api/v1/designs/"+d.ID+"/sheet.pdf?version=1", nil).want(t, 404)
	anon.do("GET", "/api/v1/designs/"+d.ID+"/compare?from=1&to=2", nil).want(t, 404)
	bob := e.register("bobby")
	bob.do("POST", "/api/v1/designs/"+d.ID+"/fork", map[string]any{"version": 1}).want(t, 404)
	alice.do("GET", "/api/v1/designs/"+d.ID+"/versions/1", nil).want(t, 200)
	alice.do("GET", "/api/v1/designs/"+d.ID+"/versions", nil).want(t, 200).decode(t, &vs)
	if len(vs.Versions) != 2 {
		t.Errorf("owner sees %d versions, want 2", len(vs.Versions))
	}
	// Bob's private fork counts for Bob, not for anyone else.
	bob.do("POST", "/api/v1/designs/"+d.ID+"/fork", map[string]any{"visibility": "private"}).want(t, 201)
	var got designOut
	anon.do("GET", "/api/v1/designs/"+d.ID, nil).want(t, 200).decode(t, &got)
	if got.Forks != 0 {
		t.Errorf("anonymous caller counts %d forks, want 0", got.Forks)
	}
	bob.do("GET", "/api/v1/designs/"+d.ID, nil).want(t, 200).decode(t, &got)
	if got.Forks != 1 {
		t.Errorf("forker counts %d forks, want 1", got.Forks)
	}
}

// TestConcurrentIfMatchAny: 20 concurrent PUTs with If-Match: * all
// succeed, each as its own version.
func TestConcurrentIfMatchAny(t *testing.T) {
	e := newEnv(t)
	u := e.register("racer")
	d := u.create(t, "Race", "private")
	var wg sync.WaitGroup
	versions := make([]int, 20)
	codes := make([]int, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			doc := sample(t)
			doc["name"] = "Race"
			doc["description"] = fmt.Sprintf("writer %d", i)
			body, _ := json.Marshal(map[string]any{"design": doc})
			req, _ := http.NewRequest("PUT", e.url+"/api/v1/designs/"+d.ID, strings.NewReader(string(body)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("If-Match", "*")
			res, err := u.hc.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var out designOut
			json.NewDecoder(res.Body).Decode(&out)
			codes[i], versions[i] = res.StatusCode, out.Version
		}()
	}
	wg.Wait()
	seen := map[int]bool{}
	for i := range 20 {
		if codes[i] != 200 {
			t.Errorf("writer %d: status %d", i, codes[i])
		}
		if seen[versions[i]] {
			t.Errorf("version %d given twice", versions[i])
		}
		seen[versions[i]] = true
	}
	var vs struct{ Versions []any }
	u.do("GET", "/api/v1/designs/"+d.ID+"/versions", nil).want(t, 200).decode(t, &vs)
	if len(vs.Versions) != 21 {
		t.Errorf("%d versions, want 21", len(vs.Versions))
	}
	// Weak tags never match; a list matches any entry.
	u.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"design": sample(t)}, "If-Match", `W/"v21"`).want(t, 412)
	u.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"design": sample(t)}, "If-Match", `"v3", "v21"`).want(t, 200)
	u.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"design": sample(t)}).want(t, 428)
}

// TestHTTPCorrectness: HEAD on GET routes, 400 for NUL bytes, forged
// cursors and non-finite filters, 415 for non-JSON bodies, and problem
// bodies that are valid JSON whatever the path held.
func TestHTTPCorrectness(t *testing.T) {
	e := newEnv(t)
	u := e.register("header")
	d := u.create(t, "Heady", "public")
	for _, path := range []string{"/healthz", "/api/v1/library", "/api/v1/designs/" + d.ID, "/api/v1/me", "/api/v1/designs/" + d.ID + "/versions"} {
		r := u.do("HEAD", path, nil).want(t, 200)
		if len(r.Body) != 0 {
			t.Errorf("HEAD %s has a body", path)
		}
	}
	if r := u.do("HEAD", "/api/v1/designs/"+d.ID, nil); r.Header.Get("ETag") != `"v1"` {
		t.Errorf("HEAD ETag %q", r.Header.Get("ETag"))
	}
	for _, q := range []string{"q=a%00b", "movement=%00", "cursor=" + forged(`{"o":"newest","d":true,"k":{"x":1},"s":1}`),
		"cursor=" + forged(`{"o":"cv","d":true,"k":"text","s":1}`), "cursor=!!!", "cvMin=NaN", "pointsMax=Inf", "cvMin=-Infinity"} {
		r := u.do("GET", "/api/v1/library?"+q, nil).want(t, 400)
		if !json.Valid(r.Body) {
			t.Errorf("%s: invalid JSON %q", q, r.Body)
		}
	}
	req, _ := http.NewRequest("POST", e.url+"/api/v1/evaluate", strings.NewReader("techLevel=5"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("form body: status %d, want 415", res.StatusCode)
	}
	for _, raw := range []string{"/api/v1/%00%ff%fe\"\\", "/api/v1/designs/%ff%00", "/%c3%28"} {
		res, err := http.Get(e.url + raw)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		buf := make([]byte, 4096)
		n, _ := res.Body.Read(buf)
		b.Write(buf[:n])
		res.Body.Close()
		if !json.Valid([]byte(b.String())) {
			t.Errorf("GET %s: problem body is not JSON: %q", raw, b.String())
		}
	}
}

func forged(s string) string {
	return strings.TrimRight(base64URL(s), "=")
}

// TestImportItemsStandAlone: one bad item (a NaN-prone draft, an oversized
// one, an unreadable one) never fails the others; each has its own line.
func TestImportItemsStandAlone(t *testing.T) {
	e := newEnv(t, func(c *envConfig) { c.Library.Limits.MaxVersionBytes = 200_000 })
	u := e.register("importer2")
	good := sample(t)
	good["name"] = "Stand Alone"
	negative := sample(t)
	negative["sections"].(map[string]any)["core"].(map[string]any)["layers"].([]any)[0].(map[string]any)["hullHits"] = -5
	huge := amplifier(t)
	items := []any{good, negative, huge, "not a design", good}
	var rep struct {
		Created, Drafts, Rejected int
		Items                     []struct{ Status string }
	}
	u.do("POST", "/api/v1/import?invalid=draft", items).want(t, 200).decode(t, &rep)
	want := []string{"created", "draft", "rejected", "rejected", "created"}
	if len(rep.Items) != len(want) {
		t.Fatalf("report %+v", rep)
	}
	for i, w := range want {
		if rep.Items[i].Status != w {
			t.Errorf("item %d: %s, want %s", i, rep.Items[i].Status, w)
		}
	}
	if rep.Created != 2 || rep.Drafts != 1 || rep.Rejected != 2 {
		t.Errorf("counts %+v", rep)
	}
}
