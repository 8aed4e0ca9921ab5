package api_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset/games"

	"github.com/slipway/slipway/internal/testenv"
)

// everyExchange records the method, path and status of every request any
// test of the package made through a client (see recorder.add).
var everyExchange recorder

// TestMain runs the tests and then, when the whole package ran, fails if
// some registered route never answered a test with a success (2xx or
// 304): a route nobody calls is a route nobody checks against the
// OpenAPI document.
func TestMain(m *testing.M) {
	flag.Parse()
	code := testenv.Run(m)
	if code == 0 && wholePackageRan() {
		missing, err := unexercisedRoutes(everyExchange.all())
		if err != nil {
			fmt.Fprintln(os.Stderr, "route coverage:", err)
			code = 1
		} else if len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: %d routes never answered a test with a success; add a test that calls each:\n  %s\n",
				len(missing), strings.Join(missing, "\n  "))
			code = 1
		}
	}
	pgtest.StopShared()
	os.Exit(code)
}

// wholePackageRan reports whether no -run, -skip or -short narrowed the run.
func wholePackageRan() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}

// unexercisedRoutes lists the routes of a fresh server that no exchange
// in xs reached with a 2xx or 304 answer.
func unexercisedRoutes(xs []exchange) ([]string, error) {
	dir, err := os.MkdirTemp("", "slipway-routes")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "routes.db"))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	srv := api.New(api.Config{Service: library.New(library.Config{Store: db, Rulesets: games.Extra()})})
	return routesNotReached(srv.Routes(), xs), nil
}

// routesNotReached lists the routes ("METHOD /path/{param}") that no
// exchange reached with a success. Literal paths win over templates, as
// in the router.
func routesNotReached(routes []string, xs []exchange) []string {
	sort.Slice(routes, func(i, j int) bool { return strings.Count(routes[i], "{") < strings.Count(routes[j], "{") })
	reached := map[string]bool{}
	for _, x := range xs {
		if x.Status >= 400 || (x.Status >= 300 && x.Status != 304) {
			continue
		}
		for _, r := range routes {
			method, path, _ := strings.Cut(r, " ")
			if method == x.Method && pathPattern(path).MatchString(x.Path) {
				reached[r] = true
				break
			}
		}
	}
	var missing []string
	for _, r := range routes {
		if !reached[r] {
			missing = append(missing, r)
		}
	}
	sort.Strings(missing)
	return missing
}

// TestRoutesNotReached checks the coverage check itself: a route is
// reached by a success on it, not by a failure or another method.
func TestRoutesNotReached(t *testing.T) {
	routes := []string{"GET /api/v1/designs", "GET /api/v1/designs/{id}", "HEAD /api/v1/designs/{id}", "DELETE /api/v1/tokens/{id}"}
	xs := []exchange{
		{Method: "GET", Path: "/api/v1/designs", Status: 200},
		{Method: "GET", Path: "/api/v1/designs/abc", Status: 404},
		{Method: "HEAD", Path: "/api/v1/designs/abc", Status: 304},
		{Method: "DELETE", Path: "/api/v1/tokens/7/x", Status: 204},
	}
	got := routesNotReached(routes, xs)
	want := []string{"DELETE /api/v1/tokens/{id}", "GET /api/v1/designs/{id}"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("routesNotReached = %v, want %v", got, want)
	}
}
