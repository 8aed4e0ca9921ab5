package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
)

type openAPIDoc struct {
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

type openAPIOp struct {
	Responses map[string]struct {
		Content map[string]json.RawMessage `json:"content"`
	} `json:"responses"`
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

// TestOpenAPIRoutes checks that every registered route is documented and
// every documented route is registered.
func TestOpenAPIRoutes(t *testing.T) {
	loadSpec(t)
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv := api.New(api.Config{Service: library.New(library.Config{Store: db})})
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
}

// checkAgainstOpenAPI validates every recorded response against the
// schema the OpenAPI document gives for its route, method, status and
// content type.
func checkAgainstOpenAPI(t *testing.T, xs []exchange) {
	t.Helper()
	loadSpec(t)
	type tmpl struct {
		path string
		re   *regexp.Regexp
	}
	var tmpls []tmpl
	for p := range spec.Paths {
		re := "^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(p), `[^/]+`) + "$"
		tmpls = append(tmpls, tmpl{p, regexp.MustCompile(re)})
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
		rawOp, ok := spec.Paths[path][strings.ToLower(x.Method)]
		if !ok {
			if x.Status != 405 {
				fail("method not documented")
			}
			continue
		}
		var op openAPIOp
		if err := json.Unmarshal(rawOp, &op); err != nil {
			fail("operation: %v", err)
			continue
		}
		status := strconv.Itoa(x.Status)
		resp, ok := op.Responses[status]
		if !ok {
			status = "default"
			if resp, ok = op.Responses[status]; !ok {
				fail("status not documented")
				continue
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
		loc := "https://slipway.dev/openapi.json#/paths/" + ptrEscape(path) + "/" + strings.ToLower(x.Method) +
			"/responses/" + status + "/content/" + ptrEscape(ct) + "/schema"
		schemaMu.Lock()
		sch, ok := schemas[loc]
		if !ok {
			var err error
			sch, err = specCompiler.Compile(loc)
			if err != nil {
				schemaMu.Unlock()
				fail("schema %s: %v", loc, err)
				continue
			}
			schemas[loc] = sch
		}
		schemaMu.Unlock()
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(x.Body))
		if err != nil {
			fail("body is not JSON: %v", err)
			continue
		}
		if err := sch.Validate(v); err != nil {
			fail("body does not match the schema: %v\nbody: %.300s", err, x.Body)
		}
	}
}
