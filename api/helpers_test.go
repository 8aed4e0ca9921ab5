package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset/games"
)

// envConfig configures a test server: the library Service and the API.
type envConfig struct {
	Library *library.Config
	API     api.Config
	// Store is "sqlite" or "postgres"; "" takes SLIPWAY_TEST_STORE's.
	Store string
}

// onStore runs a test server on the store named ("sqlite" or
// "postgres"), whatever SLIPWAY_TEST_STORE says.
func onStore(name string) func(*envConfig) { return func(c *envConfig) { c.Store = name } }

// env is a real server on loopback over a fresh SQLite file.
type env struct {
	t   *testing.T
	url string
	srv *api.Server
	db  store.DB
	rec *recorder
}

// newEnv starts a server with the sample library published, and checks
// every response it gives against the OpenAPI document at the end.
func newEnv(t *testing.T, opts ...func(*envConfig)) *env {
	t.Helper()
	ctx := context.Background()
	cat := designer.BuiltinCatalogue()
	lcfg := library.Config{Catalogue: cat, Evaluator: testEvaluator(cat), Rulesets: games.Extra(),
		Limits: library.Limits{LoginsPerMinute: 1000, WritesPerMinute: 100000}}
	cfg := envConfig{Library: &lcfg}
	for _, o := range opts {
		o(&cfg)
	}
	// SLIPWAY_TEST_STORE=postgres runs these tests on PostgreSQL (.ci/run does).
	target := filepath.Join(t.TempDir(), "slipway.db")
	if cfg.Store == "postgres" || cfg.Store == "" && pgtest.WantPostgres() {
		target = pgtest.NewDatabase(t)
	}
	db, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	lcfg.Store = db
	cfg.API.Service = library.New(lcfg)
	srv := api.New(cfg.API)
	if _, err := srv.Service().SeedSamples(ctx); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	e := &env{t: t, url: hs.URL, srv: srv, db: db, rec: &recorder{}}
	t.Cleanup(func() {
		hs.Close()
		db.Close()
		checkAgainstOpenAPI(t, e.rec.all())
	})
	return e
}

// exchange is one recorded request and response.
type exchange struct {
	Method, Path string
	Status       int
	ContentType  string
	Header       http.Header
	Body         []byte
	// Request is the request body sent, ReqType its Content-Type.
	Request []byte
	ReqType string
}

// recorder keeps every exchange of a test, for the OpenAPI check.
type recorder struct {
	mu  sync.Mutex
	log []exchange
}

func (r *recorder) add(x exchange) {
	r.mu.Lock()
	r.log = append(r.log, x)
	r.mu.Unlock()
	if r != &everyExchange {
		everyExchange.add(exchange{Method: x.Method, Path: x.Path, Status: x.Status})
	}
}

func (r *recorder) all() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]exchange(nil), r.log...)
}

// client is one user agent: a cookie jar and, optionally, an API token.
type client struct {
	e     *env
	hc    *http.Client
	token string
	name  string
}

func (e *env) anon() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, hc: &http.Client{Jar: jar}}
}

// register makes a new user logged in by session cookie.
func (e *env) register(name string) *client {
	e.t.Helper()
	c := e.anon()
	c.name = name
	r := c.do("POST", "/api/v1/auth/register", map[string]string{"username": name, "password": "correct horse"})
	r.want(e.t, 201)
	return c
}

// withToken makes a new user who calls with a bearer token only.
func (e *env) withToken(name string) *client {
	e.t.Helper()
	c := e.register(name)
	r := c.do("POST", "/api/v1/tokens", map[string]string{"name": "script"})
	r.want(e.t, 201)
	var tok struct{ Token string }
	r.decode(e.t, &tok)
	jar, _ := cookiejar.New(nil)
	return &client{e: e, hc: &http.Client{Jar: jar}, token: tok.Token, name: name}
}

// resp is a read response.
type resp struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r *resp) want(t *testing.T, status int) *resp {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body: %s", r.Status, status, r.Body)
	}
	return r
}

func (r *resp) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// do sends a request; body is JSON-encoded unless it is []byte or nil.
// hdr is a list of header name, value pairs.
func (c *client) do(method, path string, body any, hdr ...string) *resp {
	c.e.t.Helper()
	var rd io.Reader
	var sent []byte
	switch b := body.(type) {
	case nil:
	case []byte:
		rd, sent = bytes.NewReader(b), b
	default:
		j, err := json.Marshal(b)
		if err != nil {
			c.e.t.Fatal(err)
		}
		rd, sent = bytes.NewReader(j), j
	}
	req, err := http.NewRequest(method, c.e.url+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.hc.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.e.t.Fatal(err)
	}
	c.e.rec.add(exchange{Method: method, Path: strings.SplitN(path, "?", 2)[0], Status: res.StatusCode,
		ContentType: res.Header.Get("Content-Type"), Header: res.Header, Body: b,
		Request: sent, ReqType: req.Header.Get("Content-Type")})
	return &resp{Status: res.StatusCode, Header: res.Header, Body: b}
}

// sample returns the reference cruiser as a generic JSON object.
func sample(t *testing.T) map[string]any { return sampleDoc(t, "reference-cruiser") }

// designOut is the part of a design response the tests read.
type designOut struct {
	ID         string
	Owner      string
	Visibility string
	Version    int
	Forks      int
	Parent     *struct {
		ID      string
		Version int
	}
	Design map[string]any
}

// create saves a design with a name and visibility and returns it.
func (c *client) create(t *testing.T, name, vis string) designOut {
	t.Helper()
	d := sample(t)
	d["name"] = name
	r := c.do("POST", "/api/v1/designs", map[string]any{"visibility": vis, "design": d}).want(t, 201)
	var out designOut
	r.decode(t, &out)
	return out
}

// library returns the ids the library lists for q.
func (c *client) library(t *testing.T, query string) []string {
	t.Helper()
	r := c.do("GET", "/api/v1/library?"+query, nil).want(t, 200)
	var page struct{ Designs []designOut }
	r.decode(t, &page)
	var ids []string
	for _, d := range page.Designs {
		ids = append(ids, d.ID)
	}
	return ids
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func base64URL(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
