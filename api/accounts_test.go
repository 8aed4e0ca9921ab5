package api_test

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slipway/slipway/library"
)

// login opens a second session of an existing user.
func (e *env) login(name, password string) *client {
	e.t.Helper()
	c := e.anon()
	c.name = name
	c.do("POST", "/api/v1/auth/login", map[string]string{"username": name, "password": password}).want(e.t, 200)
	return c
}

// token makes an API token for c's account and returns a client that
// sends only it.
func (c *client) tokenClient(t *testing.T) *client {
	t.Helper()
	r := c.do("POST", "/api/v1/tokens", map[string]string{"name": "script"}).want(t, 201)
	var tok struct{ Token string }
	r.decode(t, &tok)
	jar, _ := cookiejar.New(nil)
	return &client{e: c.e, hc: &http.Client{Jar: jar}, token: tok.Token, name: c.name}
}

// problemType returns the slug of a problem answer's type.
func problemType(t *testing.T, r *resp) string {
	t.Helper()
	var p struct {
		Type     string
		Detail   string
		Problems []struct{ Path, Message string }
	}
	r.decode(t, &p)
	return strings.TrimPrefix(p.Type, "https://slipway.dev/problems/")
}

func TestChangePassword(t *testing.T) {
	e := newEnv(t)
	here := e.register("penny")
	there := e.login("penny", "correct horse")
	script := here.tokenClient(t)
	const next = "a much longer passphrase"

	e.anon().do("POST", "/api/v1/auth/password", map[string]string{"currentPassword": "correct horse", "newPassword": next}).want(t, 401)
	r := here.do("POST", "/api/v1/auth/password", []byte(`currentPassword=correct+horse`), "Content-Type", "application/x-www-form-urlencoded").want(t, 415)
	if got := problemType(t, r); got != "unsupported-media-type" {
		t.Errorf("form body: problem %q", got)
	}
	r = here.do("POST", "/api/v1/auth/password", map[string]string{"currentPassword": "not my password", "newPassword": next}).want(t, 403)
	if got := problemType(t, r); got != "forbidden" {
		t.Errorf("wrong current password: problem %q", got)
	}
	r = here.do("POST", "/api/v1/auth/password", map[string]string{"currentPassword": "correct horse", "newPassword": "short"}).want(t, 400)
	var p struct {
		Problems []struct{ Path, Message string }
	}
	r.decode(t, &p)
	if len(p.Problems) != 1 || p.Problems[0].Path != "newPassword" || !strings.Contains(p.Problems[0].Message, "10") {
		t.Errorf("short new password: problems %+v, want one naming newPassword and its minimum length", p.Problems)
	}
	here.do("GET", "/api/v1/me", nil).want(t, 200) // nothing changed yet
	there.do("GET", "/api/v1/me", nil).want(t, 200)

	here.do("POST", "/api/v1/auth/password", map[string]string{"currentPassword": "correct horse", "newPassword": next}).want(t, 204)
	here.do("GET", "/api/v1/me", nil).want(t, 200)   // the session the change came from stays
	there.do("GET", "/api/v1/me", nil).want(t, 401)  // every other session ends
	script.do("GET", "/api/v1/me", nil).want(t, 200) // tokens stay
	e.anon().do("POST", "/api/v1/auth/login", map[string]string{"username": "penny", "password": "correct horse"}).want(t, 401)
	e.login("penny", next)
}

func TestLogoutEverywhere(t *testing.T) {
	e := newEnv(t)
	here := e.register("lou")
	there := e.login("lou", "correct horse")
	script := here.tokenClient(t)
	e.anon().do("POST", "/api/v1/auth/logout-everywhere", nil).want(t, 401)

	r := here.do("POST", "/api/v1/auth/logout-everywhere", nil).want(t, 204)
	if ck := r.Header.Get("Set-Cookie"); !strings.Contains(ck, "slipway_session=;") {
		t.Errorf("Set-Cookie %q does not clear the session cookie", ck)
	}
	here.do("GET", "/api/v1/me", nil).want(t, 401)
	there.do("GET", "/api/v1/me", nil).want(t, 401)
	script.do("GET", "/api/v1/me", nil).want(t, 200) // API tokens are revoked one by one
	script.do("POST", "/api/v1/auth/logout-everywhere", nil).want(t, 204)
	script.do("GET", "/api/v1/me", nil).want(t, 200)
	e.login("lou", "correct horse").do("GET", "/api/v1/me", nil).want(t, 200)
}

func TestDeleteAccount(t *testing.T) {
	e := newEnv(t)
	dora := e.register("dora")
	script := dora.tokenClient(t)
	pub := dora.create(t, "Dora's Lasting Cruiser", "public")
	priv := dora.create(t, "Dora's Draft", "private")
	unl := dora.create(t, "Dora's Secret", "unlisted")
	fred := e.register("fred")
	var fork designOut
	fred.do("POST", "/api/v1/designs/"+pub.ID+"/fork", nil).want(t, 201).decode(t, &fork)

	e.anon().do("DELETE", "/api/v1/me", map[string]string{"password": "correct horse"}).want(t, 401)
	dora.do("DELETE", "/api/v1/me", []byte("correct horse"), "Content-Type", "text/plain").want(t, 415)
	dora.do("DELETE", "/api/v1/me", map[string]string{}).want(t, 400)
	if got := problemType(t, dora.do("DELETE", "/api/v1/me", map[string]string{"password": "wrong password"}).want(t, 403)); got != "forbidden" {
		t.Errorf("wrong password: problem %q", got)
	}
	dora.do("GET", "/api/v1/me", nil).want(t, 200)

	r := dora.do("DELETE", "/api/v1/me", map[string]string{"password": "correct horse"}).want(t, 204)
	if ck := r.Header.Get("Set-Cookie"); !strings.Contains(ck, "slipway_session=;") {
		t.Errorf("Set-Cookie %q does not clear the session cookie", ck)
	}
	script.do("GET", "/api/v1/me", nil).want(t, 401)
	anon := e.anon()
	var got designOut
	anon.do("GET", "/api/v1/designs/"+pub.ID, nil).want(t, 200).decode(t, &got)
	if got.Owner != "deleted user" {
		t.Errorf("a published design of a deleted account shows owner %q, want \"deleted user\"", got.Owner)
	}
	if !contains(anon.library(t, "q=lasting"), pub.ID) {
		t.Error("the published design left the library with its author")
	}
	anon.do("GET", "/api/v1/designs/"+priv.ID, nil).want(t, 404)
	anon.do("GET", "/api/v1/designs/"+unl.ID, nil).want(t, 404)
	var lin struct {
		Ancestors []struct {
			ID, Owner string
			Available bool
		}
	}
	fred.do("GET", "/api/v1/designs/"+fork.ID+"/lineage", nil).want(t, 200).decode(t, &lin)
	if len(lin.Ancestors) != 1 || lin.Ancestors[0].ID != pub.ID || lin.Ancestors[0].Owner != "deleted user" || !lin.Ancestors[0].Available {
		t.Errorf("the fork's lineage after its author left: %+v", lin.Ancestors)
	}
	e.register("dora") // the name is free again
}

// TestMyDesigns lists the caller's own designs: newest first, without
// their documents, nobody else's, and not after deletion.
func TestMyDesigns(t *testing.T) {
	e := newEnv(t)
	e.anon().do("GET", "/api/v1/designs", nil).want(t, 401)
	mine := e.withToken("mia")
	var list struct{ Designs []map[string]any }
	mine.do("GET", "/api/v1/designs", nil).want(t, 200).decode(t, &list)
	if list.Designs == nil || len(list.Designs) != 0 {
		t.Fatalf("a new account lists %v, want an empty list", list.Designs)
	}
	a := mine.create(t, "First Draft", "private")
	b := mine.create(t, "Second Thoughts", "public")
	e.register("other").create(t, "Not Mia's", "public")
	mine.do("GET", "/api/v1/designs", nil).want(t, 200).decode(t, &list)
	if len(list.Designs) != 2 || list.Designs[0]["id"] != b.ID || list.Designs[1]["id"] != a.ID {
		t.Fatalf("lists %v, want %s then %s", list.Designs, b.ID, a.ID)
	}
	if _, ok := list.Designs[0]["design"]; ok {
		t.Error("the list carries the documents")
	}
	if list.Designs[1]["visibility"] != "private" || list.Designs[0]["owner"] != "mia" {
		t.Errorf("list entries: %v", list.Designs)
	}
	mine.do("DELETE", "/api/v1/designs/"+a.ID, nil, "If-Match", "*").want(t, 204)
	mine.do("GET", "/api/v1/designs", nil).want(t, 200).decode(t, &list)
	if len(list.Designs) != 1 || list.Designs[0]["id"] != b.ID {
		t.Errorf("after deleting %s the list is %v", a.ID, list.Designs)
	}
}

// TestPasswordGuessingIsLimited: 60 wrong current passwords sent to
// POST /auth/password, and 60 to DELETE /me, from a signed-in client are
// refused by the login limit (429 with Retry-After) long before the 60th;
// the right password is refused too until the limit lets one through.
func TestPasswordGuessingIsLimited(t *testing.T) {
	var clock atomic.Int64
	clock.Store(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	e := newEnv(t, func(c *envConfig) {
		c.Library.Limits.LoginsPerMinute = library.DefaultLimits().LoginsPerMinute
		c.Library.Now = func() time.Time { return time.Unix(0, clock.Load()) }
	})
	per := library.DefaultLimits().LoginsPerMinute
	const password = "correct horse"
	routes := []struct {
		name, method, path string
		body               func(pw string) map[string]string
		ok                 int
	}{
		{"change password", "POST", "/api/v1/auth/password", func(pw string) map[string]string {
			return map[string]string{"currentPassword": pw, "newPassword": "a much longer passphrase"}
		}, 204},
		{"delete account", "DELETE", "/api/v1/me", func(pw string) map[string]string {
			return map[string]string{"password": pw}
		}, 204},
	}
	for i, rt := range routes {
		clock.Add(int64(time.Hour)) // every bucket full again
		c := e.register("guessed" + fmt.Sprint(i))
		limitedAt := 0
		for n := 1; n <= 60 && limitedAt == 0; n++ {
			r := c.do(rt.method, rt.path, rt.body(fmt.Sprintf("wrong guess %d", n)))
			switch r.Status {
			case 403:
			case 429:
				limitedAt = n
			default:
				t.Fatalf("%s, guess %d: status %d: %s", rt.name, n, r.Status, r.Body)
			}
		}
		if limitedAt == 0 || limitedAt > per+1 {
			t.Fatalf("%s: first 429 at attempt %d of 60, want %d", rt.name, limitedAt, per+1)
		}
		r := c.do(rt.method, rt.path, rt.body(password)).want(t, 429)
		if got := problemType(t, r); got != "rate-limited" {
			t.Errorf("%s: problem %q", rt.name, got)
		}
		wait, err := strconv.Atoi(r.Header.Get("Retry-After"))
		if err != nil || wait < 1 || wait > 60 {
			t.Fatalf("%s: Retry-After %q", rt.name, r.Header.Get("Retry-After"))
		}
		c.do("GET", "/api/v1/me", nil).want(t, 200) // nothing changed
		clock.Add(int64(time.Duration(wait) * time.Second))
		c.do(rt.method, rt.path, rt.body(password)).want(t, rt.ok)
	}
}
