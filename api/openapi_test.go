package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset/games"
)

// openAPIDoc is the part of the OpenAPI document the tests read.
type openAPIDoc struct {
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Responses map[string]openAPIResponse `json:"responses"`
	} `json:"components"`
}

// openAPIResponse is a response object, or a reference to one in
// components/responses with a description of its own.
type openAPIResponse struct {
	Ref         string `json:"$ref"`
	Description string `json:"description"`
	Headers     map[string]struct {
		Required bool `json:"required"`
	} `json:"headers"`
	Content map[string]struct {
		Schema struct {
			Ref string `json:"$ref"`
		} `json:"schema"`
	} `json:"content"`
	// loc is the JSON pointer of the resolved response object.
	loc string
}

type openAPIOp struct {
	OperationID string            `json:"operationId"`
	Summary     string            `json:"summary"`
	Description string            `json:"description"`
	Tags        []string          `json:"tags"`
	RequestBody json.RawMessage   `json:"requestBody"`
	Security    []json.RawMessage `json:"security"`
	Responses   map[string]openAPIResponse
}

// operation is one method on one path of the document.
type operation struct {
	path, method string
	op           openAPIOp
}

var (
	specOnce     sync.Once
	spec         openAPIDoc
	specCompiler *jsonschema.Compiler
	specErr      error
	schemaMu     sync.Mutex
	schemas      = map[string]*jsonschema.Schema{}
)

func loadSpec(t *testing.T) {
	t.Helper()
	specOnce.Do(func() {
		if specErr = json.Unmarshal(api.OpenAPI(), &spec); specErr != nil {
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(api.OpenAPI()))
		if err != nil {
			specErr = err
			return
		}
		specCompiler = jsonschema.NewCompiler()
		specErr = specCompiler.AddResource("https://slipway.dev/openapi.json", doc)
	})
	if specErr != nil {
		t.Fatalf("openapi.json: %v", specErr)
	}
}

func ptrEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// specOperation decodes the operation at path and method, with its
// responses resolved.
func specOperation(t *testing.T, path, method string) (openAPIOp, error) {
	var op openAPIOp
	if err := json.Unmarshal(spec.Paths[path][method], &op); err != nil {
		return op, err
	}
	for status, r := range op.Responses {
		r.loc = "#/paths/" + ptrEscape(path) + "/" + method + "/responses/" + status
		if r.Ref != "" {
			name, ok := strings.CutPrefix(r.Ref, "#/components/responses/")
			comp, found := spec.Components.Responses[name]
			if !ok || !found {
				return op, fmt.Errorf("response %s: unresolvable $ref %q", status, r.Ref)
			}
			if comp.Ref != "" {
				return op, fmt.Errorf("response %s: %q is a reference to a reference", status, r.Ref)
			}
			desc := r.Description
			r = comp
			r.loc = "#/components/responses/" + ptrEscape(name)
			if desc != "" {
				r.Description = desc
			}
		}
		op.Responses[status] = r
	}
	return op, nil
}

// specOperations lists every operation of the document, sorted.
func specOperations(t *testing.T) []operation {
	t.Helper()
	loadSpec(t)
	var ops []operation
	for p, methods := range spec.Paths {
		for m := range methods {
			if m == "parameters" || m == "summary" || m == "description" || m == "servers" {
				continue
			}
			op, err := specOperation(t, p, m)
			if err != nil {
				t.Fatalf("%s %s: %v", strings.ToUpper(m), p, err)
			}
			ops = append(ops, operation{p, m, op})
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].path != ops[j].path {
			return ops[i].path < ops[j].path
		}
		return ops[i].method < ops[j].method
	})
	return ops
}

// TestOpenAPIRoutes checks that every registered route, HEAD included, is
// documented and every documented route is registered.
func TestOpenAPIRoutes(t *testing.T) {
	loadSpec(t)
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv := api.New(api.Config{Service: library.New(library.Config{Store: db, Rulesets: games.Extra()})})
	registered := map[string]bool{}
	for _, r := range srv.Routes() {
		registered[r] = true
	}
	documented := map[string]bool{}
	for p, ops := range spec.Paths {
		for m := range ops {
			switch m {
			case "get", "put", "post", "delete", "patch", "head", "options":
				documented[strings.ToUpper(m)+" "+p] = true
			}
		}
	}
	var missing, extra []string
	for r := range registered {
		if !documented[r] {
			missing = append(missing, r)
		}
	}
	for d := range documented {
		if !registered[d] {
			extra = append(extra, d)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	if _, ok := doc.Components.Schemas["DesignDocument"].Properties["sections"]; !ok {
		t.Error("DesignDocument is not the design package's JSON Schema")
	}
	if len(missing) > 0 {
		t.Errorf("routes not in openapi.json: %v", missing)
	}
	if len(extra) > 0 {
		t.Errorf("openapi.json documents routes the server lacks: %v", extra)
	}
	if !registered["HEAD /api/v1/designs/{id}"] || !registered["GET /api/v1/designs/{id}"] {
		t.Errorf("Routes() lacks the design routes: %v", srv.Routes())
	}
}

var operationID = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)

// TestOpenAPIOperations checks what a generated client relies on: every
// operation has a unique camelCase operationId, a summary, a description
// and one tag; it documents its success, its 4xx answers and a default;
// the answers every route can give are there (401 for a bad bearer token,
// 403 cross-origin on writes, 400/413/415 where a body is read, Retry-After
// on 429 and busy 503); errors are problem documents; and every GET has a
// HEAD twin with the same statuses and no bodies.
func TestOpenAPIOperations(t *testing.T) {
	ops := specOperations(t)
	if len(ops) < 40 {
		t.Fatalf("only %d operations documented", len(ops))
	}
	ids := map[string]string{}
	byRoute := map[string]openAPIOp{}
	for _, o := range ops {
		name := strings.ToUpper(o.method) + " " + o.path
		byRoute[name] = o.op
		errorf := func(format string, args ...any) { t.Errorf("%s: %s", name, fmt.Sprintf(format, args...)) }
		id := o.op.OperationID
		switch {
		case !operationID.MatchString(id):
			errorf("operationId %q is not camelCase letters and digits", id)
		case ids[id] != "":
			errorf("operationId %q is also %s", id, ids[id])
		}
		ids[id] = name
		if o.op.Summary == "" || o.op.Description == "" {
			errorf("needs a summary and a description")
		}
		if len(o.op.Tags) != 1 {
			errorf("has tags %v, want exactly one", o.op.Tags)
		}
		var has2xx, has4xx bool
		for status := range o.op.Responses {
			has2xx = has2xx || strings.HasPrefix(status, "2")
			has4xx = has4xx || strings.HasPrefix(status, "4")
		}
		if !has2xx || !has4xx || o.op.Responses["default"].Description == "" {
			errorf("must document a 2xx, its 4xx answers and a default; has %v", slices.Sorted(maps.Keys(o.op.Responses)))
		}
		want := []string{"401"} // a malformed or revoked bearer token, on every route
		if o.method == "post" || o.method == "put" || o.method == "delete" {
			want = append(want, "403") // cross-origin writes
		}
		if len(o.op.RequestBody) > 0 {
			want = append(want, "400", "413", "415")
		}
		for _, s := range want {
			if _, ok := o.op.Responses[s]; !ok {
				errorf("does not document %s", s)
			}
		}
		for status, r := range o.op.Responses {
			if r.Description == "" {
				errorf("response %s has no description", status)
			}
			retry := status == "429" || status == "503" && !strings.Contains(r.Description, "not-ready")
			if retry && !r.Headers["Retry-After"].Required {
				errorf("response %s must declare a required Retry-After header", status)
			}
			if status == "201" && o.method == "post" && strings.Contains(o.path, "/designs") && !r.Headers["Location"].Required {
				errorf("201 must declare Location")
			}
			if o.method == "head" {
				if len(r.Content) > 0 {
					errorf("HEAD response %s documents a body", status)
				}
				continue
			}
			if status == "default" || status[0] == '4' || status[0] == '5' {
				c, ok := r.Content["application/problem+json"]
				if !ok || c.Schema.Ref != "#/components/schemas/Problem" || len(r.Content) != 1 {
					errorf("response %s must be an application/problem+json Problem", status)
				}
			}
		}
	}
	for route, op := range byRoute {
		rest, isGet := strings.CutPrefix(route, "GET ")
		if !isGet {
			if rest, isHead := strings.CutPrefix(route, "HEAD "); isHead {
				if _, ok := byRoute["GET "+rest]; !ok {
					t.Errorf("%s has no GET twin", route)
				}
			}
			continue
		}
		head, ok := byRoute["HEAD "+rest]
		if !ok {
			t.Errorf("%s has no HEAD twin", route)
			continue
		}
		if g, h := slices.Sorted(maps.Keys(op.Responses)), slices.Sorted(maps.Keys(head.Responses)); !slices.Equal(g, h) {
			t.Errorf("HEAD %s documents statuses %v, GET %v", rest, h, g)
		}
		if !strings.HasPrefix(head.OperationID, "head") {
			t.Errorf("HEAD %s: operationId %q should start with head", rest, head.OperationID)
		}
	}
}

// checkAgainstOpenAPI validates every recorded response against the
// schema the OpenAPI document gives for its route, method, status and
// content type, and checks the headers it says are required are there.
func checkAgainstOpenAPI(t *testing.T, xs []exchange) {
	t.Helper()
	loadSpec(t)
	type tmpl struct {
		path string
		re   *regexp.Regexp
	}
	var tmpls []tmpl
	for p := range spec.Paths {
		tmpls = append(tmpls, tmpl{p, pathPattern(p)})
	}
	// Literal paths win over templated ones (/designs vs /designs/{id}).
	sort.Slice(tmpls, func(i, j int) bool { return strings.Count(tmpls[i].path, "{") < strings.Count(tmpls[j].path, "{") })
	failures := 0
	for _, x := range xs {
		if failures > 10 {
			break
		}
		fail := func(format string, args ...any) {
			failures++
			t.Errorf("%s %s -> %d: %s", x.Method, x.Path, x.Status, fmt.Sprintf(format, args...))
		}
		if x.Method == "OPTIONS" {
			continue // CORS preflight, answered before routing
		}
		var path string
		for _, tp := range tmpls {
			if tp.re.MatchString(x.Path) {
				path = tp.path
				break
			}
		}
		if path == "" {
			if x.Status != 404 && x.Status != 405 {
				fail("path not documented")
			}
			continue
		}
		method := strings.ToLower(x.Method)
		if _, ok := spec.Paths[path][method]; !ok {
			if x.Status != 405 {
				fail("method not documented")
			}
			continue
		}
		op, err := specOperation(t, path, method)
		if err != nil {
			fail("operation: %v", err)
			continue
		}
		if x.Status < 300 && len(x.Request) > 0 && op.hasJSONBody() {
			// What the server accepted, the document must accept.
			if ct, _, _ := mime.ParseMediaType(x.ReqType); ct == "application/json" {
				loc := "https://slipway.dev/openapi.json#/paths/" + ptrEscape(path) + "/" + method + "/requestBody/content/application~1json/schema"
				if err := validateJSON(loc, x.Request); err != nil {
					fail("the request body it accepted does not match the documented request schema: %.3000v\nbody: %.300s", err, x.Request)
				}
			}
		}
		status := strconv.Itoa(x.Status)
		resp, ok := op.Responses[status]
		if !ok {
			fail("status not documented")
			continue
		}
		for name, h := range resp.Headers {
			if h.Required && x.Header != nil && x.Header.Get(name) == "" {
				fail("documented header %s is missing", name)
			}
		}
		if len(x.Body) == 0 {
			continue
		}
		ct, _, _ := mime.ParseMediaType(x.ContentType)
		if _, ok := resp.Content[ct]; !ok {
			fail("content type %q not documented", ct)
			continue
		}
		if ct != "application/json" && ct != "application/problem+json" {
			continue // e.g. application/pdf: documented, not a JSON schema
		}
		loc := "https://slipway.dev/openapi.json" + resp.loc + "/content/" + ptrEscape(ct) + "/schema"
		if err := validateJSON(loc, x.Body); err != nil {
			fail("body does not match the schema: %.3000v\nbody: %.300s", err, x.Body)
		}
	}
}

// hasJSONBody reports whether the operation documents a JSON request body.
func (op openAPIOp) hasJSONBody() bool {
	var rb struct {
		Content map[string]json.RawMessage `json:"content"`
	}
	return json.Unmarshal(op.RequestBody, &rb) == nil && rb.Content["application/json"] != nil
}

// validateJSON checks body against the schema at loc in the document.
func validateJSON(loc string, body []byte) error {
	schemaMu.Lock()
	sch, ok := schemas[loc]
	if !ok {
		var err error
		sch, err = specCompiler.Compile(loc)
		if err != nil {
			schemaMu.Unlock()
			return fmt.Errorf("schema %s: %w", loc, err)
		}
		schemas[loc] = sch
	}
	schemaMu.Unlock()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sch.Validate(v)
}

// pathPattern matches the concrete paths of an OpenAPI path template.
func pathPattern(p string) *regexp.Regexp {
	return regexp.MustCompile("^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(p), `[^/]+`) + "$")
}
