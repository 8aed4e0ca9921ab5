package api

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// emittedProblemTypes returns every problem type the package can answer,
// with its status where the code says it: the library codes through
// statuses and slugs, and the slugs written literally in calls of
// problem and writeProblem.
func emittedProblemTypes(t *testing.T) map[string]int {
	t.Helper()
	out := map[string]int{"internal": http.StatusInternalServerError}
	for code, status := range statuses {
		slug := string(code)
		if s, ok := slugs[code]; ok {
			slug = s
		}
		out[slug] = status
	}
	call := regexp.MustCompile(`[pP]roblem\([^"\n]*?(http\.Status\w+)?, "([a-z-]+)"`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	literal := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(b), -1) {
			literal++
			if _, ok := out[m[2]]; !ok {
				out[m[2]] = statusByName[m[1]] // 0 when the status is a variable
			}
		}
	}
	if literal < 10 {
		t.Fatalf("found only %d problem(...) calls; has the code moved?", literal)
	}
	return out
}

var statusByName = map[string]int{
	"http.StatusBadRequest": 400, "http.StatusUnauthorized": 401, "http.StatusForbidden": 403,
	"http.StatusNotFound": 404, "http.StatusMethodNotAllowed": 405, "http.StatusRequestEntityTooLarge": 413,
	"http.StatusUnsupportedMediaType": 415, "http.StatusInternalServerError": 500, "http.StatusServiceUnavailable": 503,
}

// TestProblemTypesDocumented checks that every problem type the code can
// answer is in the OpenAPI document's Problem.type enum and in the
// guide's table of types with its status, and that neither lists a type
// the code never answers.
func TestProblemTypesDocumented(t *testing.T) {
	emitted := emittedProblemTypes(t)

	var doc struct {
		Components struct {
			Schemas struct {
				Problem struct {
					Properties struct {
						Type struct {
							Enum []string `json:"enum"`
						} `json:"type"`
					} `json:"properties"`
				} `json:"Problem"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPISource, &doc); err != nil {
		t.Fatal(err)
	}
	var enum []string
	for _, u := range doc.Components.Schemas.Problem.Properties.Type.Enum {
		enum = append(enum, strings.TrimPrefix(u, problemTypeBase))
	}

	guide, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| (\\d{3}) \\| `([a-z-]+)` \\|")
	table := map[string]int{}
	for _, m := range row.FindAllStringSubmatch(string(guide), -1) {
		table[m[2]], _ = strconv.Atoi(m[1])
	}

	for slug, status := range emitted {
		if !slices.Contains(enum, slug) {
			t.Errorf("problem type %s is not in openapi.json's Problem.type enum", slug)
		}
		got, ok := table[slug]
		switch {
		case !ok:
			t.Errorf("problem type %s is not in docs/api.md's table of types", slug)
		case status != 0 && got != status:
			t.Errorf("docs/api.md gives %s the status %d; the code answers %d", slug, got, status)
		}
	}
	for _, slug := range enum {
		if _, ok := emitted[slug]; !ok {
			t.Errorf("openapi.json lists problem type %s, which the code never answers", slug)
		}
	}
	for slug := range table {
		if _, ok := emitted[slug]; !ok {
			t.Errorf("docs/api.md lists problem type %s, which the code never answers", slug)
		}
	}
}
