package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestLifecycle walks a design through its life: create, update, a stale
// update refused, publish, search, a fork by another user, deletion by
// the owner, and the fork surviving with its lineage.
func TestLifecycle(t *testing.T) {
	e := newEnv(t)
	alice := e.register("alice")
	bob := e.withToken("bob")

	d := sample(t)
	d["name"] = "Lifecycle Lancer"
	r := alice.do("POST", "/api/v1/designs", map[string]any{"design": d}).want(t, 201)
	var created designOut
	r.decode(t, &created)
	if created.Visibility != "private" || created.Version != 1 || r.Header.Get("ETag") != `"v1"` {
		t.Fatalf("created %+v etag %s", created, r.Header.Get("ETag"))
	}
	path := "/api/v1/designs/" + created.ID

	g := alice.do("GET", path, nil).want(t, 200)
	etag := g.Header.Get("ETag")
	alice.do("GET", path, nil, "If-None-Match", etag).want(t, 304)

	d["description"] = "second draft"
	up := alice.do("PUT", path, map[string]any{"design": d}, "If-Match", etag).want(t, 200)
	if up.Header.Get("ETag") != `"v2"` {
		t.Fatalf("update etag %q", up.Header.Get("ETag"))
	}
	d["description"] = "a lost update"
	alice.do("PUT", path, map[string]any{"design": d}, "If-Match", etag).want(t, 412)
	alice.do("PUT", path, map[string]any{"design": d}).want(t, 428)

	var cur designOut
	alice.do("GET", path, nil).want(t, 200).decode(t, &cur)
	if cur.Design["description"] != "second draft" || cur.Version != 2 {
		t.Fatalf("after stale write: version %d description %v", cur.Version, cur.Design["description"])
	}

	var vs struct{ Versions []struct{ Version int } }
	alice.do("GET", path+"/versions", nil).want(t, 200).decode(t, &vs)
	if len(vs.Versions) != 2 {
		t.Fatalf("versions %+v", vs)
	}
	var v1 struct{ Design map[string]any }
	alice.do("GET", path+"/versions/1", nil).want(t, 200).decode(t, &v1)
	if v1.Design["description"] != d0desc(t) {
		t.Fatalf("version 1 description %v", v1.Design["description"])
	}
	alice.do("GET", path+"/compare?from=1&to=2", nil).want(t, 200)
	alice.do("GET", path+"/versions/9", nil).want(t, 404)

	// Not in the library while private.
	if ids := bob.library(t, "q=lifecycle"); contains(ids, created.ID) {
		t.Fatal("private design listed")
	}
	bob.do("POST", path+"/fork", nil).want(t, 404)

	pub := alice.do("PUT", path, map[string]any{"visibility": "public", "design": cur.Design}, "If-Match", `"v2"`).want(t, 200)
	if pub.Header.Get("ETag") != `"v3"` {
		t.Fatalf("publish etag %q", pub.Header.Get("ETag"))
	}
	if ids := e.anon().library(t, "q=lifecycle"); !contains(ids, created.ID) {
		t.Fatalf("search did not find the published design: %v", ids)
	}
	if ids := e.anon().library(t, "q=alice"); !contains(ids, created.ID) {
		t.Fatalf("search by author did not find the design: %v", ids)
	}

	var fork designOut
	bob.do("POST", path+"/fork", map[string]any{"name": "Bob's Lancer"}).want(t, 201).decode(t, &fork)
	if fork.Owner != "bob" || fork.Parent == nil || fork.Parent.ID != created.ID || fork.Parent.Version != 3 {
		t.Fatalf("fork %+v", fork)
	}
	var lin struct {
		Ancestors []struct {
			ID        string
			Version   int
			Available bool
		}
		Forks []struct{ ID string }
	}
	bob.do("GET", path+"/lineage", nil).want(t, 200)
	alice.do("GET", path+"/lineage", nil).want(t, 200).decode(t, &lin)
	if len(lin.Forks) != 0 { // the fork is private to bob
		t.Fatalf("owner sees a private fork: %+v", lin.Forks)
	}
	bob.do("GET", "/api/v1/designs/"+fork.ID+"/lineage", nil).want(t, 200).decode(t, &lin)
	if len(lin.Ancestors) != 1 || lin.Ancestors[0].ID != created.ID || !lin.Ancestors[0].Available {
		t.Fatalf("fork lineage %+v", lin)
	}
	var pubFork designOut
	bob.do("POST", path+"/fork", map[string]any{"visibility": "public"}).want(t, 201).decode(t, &pubFork)
	e.anon().do("GET", path+"/lineage", nil).want(t, 200).decode(t, &lin)
	if len(lin.Forks) != 1 || lin.Forks[0].ID != pubFork.ID {
		t.Fatalf("public forks %+v", lin.Forks)
	}

	bob.do("DELETE", path, nil, "If-Match", `"v3"`).want(t, 403)
	alice.do("DELETE", path, nil, "If-Match", `"v2"`).want(t, 412)
	alice.do("DELETE", path, nil, "If-Match", `"v3"`).want(t, 204)
	alice.do("GET", path, nil).want(t, 404)
	if ids := e.anon().library(t, "q=lifecycle"); contains(ids, created.ID) {
		t.Fatal("deleted design still listed")
	}

	var survived designOut
	bob.do("GET", "/api/v1/designs/"+fork.ID, nil).want(t, 200).decode(t, &survived)
	if survived.Parent == nil || survived.Parent.ID != created.ID || survived.Parent.Version != 3 ||
		survived.Design["name"] != "Bob's Lancer" {
		t.Fatalf("fork after parent deletion %+v", survived)
	}
	bob.do("GET", "/api/v1/designs/"+fork.ID+"/lineage", nil).want(t, 200).decode(t, &lin)
	if len(lin.Ancestors) != 1 || lin.Ancestors[0].ID != created.ID || lin.Ancestors[0].Available {
		t.Fatalf("lineage after parent deletion %+v", lin)
	}

	ex := bob.do("GET", "/api/v1/designs/"+fork.ID+"/export", nil).want(t, 200)
	if !strings.Contains(ex.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export disposition %q", ex.Header.Get("Content-Disposition"))
	}
	var doc map[string]any
	if err := json.Unmarshal(ex.Body, &doc); err != nil || doc["name"] != "Bob's Lancer" || doc["ruleset"] != "metaverse" {
		t.Fatalf("export %s: %v", ex.Body, err)
	}
	// The exported document imports back.
	var rep struct{ Created int }
	bob.do("POST", "/api/v1/import", []byte("["+string(ex.Body)+"]")).want(t, 200).decode(t, &rep)
	if rep.Created != 1 {
		t.Fatalf("re-import %+v", rep)
	}
}

func d0desc(t *testing.T) any { return sample(t)["description"] }

// TestAuthorizationMatrix asserts every cell of (anonymous, other user,
// owner) x (private, unlisted, public) x (read, update, delete, list).
func TestAuthorizationMatrix(t *testing.T) {
	e := newEnv(t)
	owner := e.register("owner")
	other := e.withToken("other")
	anon := e.anon()
	actors := []struct {
		name string
		c    *client
	}{{"anonymous", anon}, {"other", other}, {"owner", owner}}
	visibilities := []string{"private", "unlisted", "public"}
	ids := map[string]string{}
	for _, v := range visibilities {
		ids[v] = owner.create(t, "Matrix zqx"+v, v).ID
	}
	type cell struct{ read, update, delete int }
	want := map[string]map[string]cell{
		"anonymous": {"private": {404, 401, 401}, "unlisted": {200, 401, 401}, "public": {200, 401, 401}},
		"other":     {"private": {404, 404, 404}, "unlisted": {200, 403, 403}, "public": {200, 403, 403}},
		"owner":     {"private": {200, 200, 204}, "unlisted": {200, 200, 204}, "public": {200, 200, 204}},
	}
	listed := map[string]bool{"private": false, "unlisted": false, "public": true}

	// Read and list first, then update, then delete, so the owner's
	// deletions come last.
	for _, a := range actors {
		for _, v := range visibilities {
			t.Run(fmt.Sprintf("%s/%s/read", a.name, v), func(t *testing.T) {
				r := a.c.do("GET", "/api/v1/designs/"+ids[v], nil)
				if r.Status != want[a.name][v].read {
					t.Errorf("status %d, want %d", r.Status, want[a.name][v].read)
				}
			})
			t.Run(fmt.Sprintf("%s/%s/list", a.name, v), func(t *testing.T) {
				got := contains(a.c.library(t, "q=matrix"), ids[v])
				if got != listed[v] {
					t.Errorf("listed %v, want %v", got, listed[v])
				}
			})
		}
	}
	for _, op := range []string{"update", "delete"} {
		for _, a := range actors {
			for _, v := range visibilities {
				t.Run(fmt.Sprintf("%s/%s/%s", a.name, v, op), func(t *testing.T) {
					var cur designOut
					owner.do("GET", "/api/v1/designs/"+ids[v], nil).want(t, 200).decode(t, &cur)
					etag := fmt.Sprintf(`"v%d"`, cur.Version)
					var r *resp
					var w int
					if op == "update" {
						cur.Design["description"] = "changed by " + a.name
						r = a.c.do("PUT", "/api/v1/designs/"+ids[v], map[string]any{"design": cur.Design}, "If-Match", etag)
						w = want[a.name][v].update
					} else {
						r = a.c.do("DELETE", "/api/v1/designs/"+ids[v], nil, "If-Match", etag)
						w = want[a.name][v].delete
					}
					if r.Status != w {
						t.Errorf("status %d, want %d: %s", r.Status, w, r.Body)
					}
					var after designOut
					owner.do("GET", "/api/v1/designs/"+ids[v], nil).decode(t, &after)
					if w >= 400 && after.Version != cur.Version {
						t.Errorf("refused %s changed the design: version %d -> %d", op, cur.Version, after.Version)
					}
				})
			}
		}
	}
}
