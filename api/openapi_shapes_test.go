package api_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"
)

// TestOpenAPIShapesDescribed: in the document the server answers, every
// array schema says what its items are and every object schema its
// properties (or, for a document described elsewhere, such as a JSON
// Schema or a design's blank document, says so with
// "additionalProperties": true), so a generated client gets real types,
// never unknown[] or an empty object.
func TestOpenAPIShapesDescribed(t *testing.T) {
	var doc any
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	bad := shapeless(doc, "#")
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestOpenAPIShapesDescribedCatches makes sure the check above can fail.
func TestOpenAPIShapesDescribedCatches(t *testing.T) {
	doc := map[string]any{"components": map[string]any{"schemas": map[string]any{
		"A": map[string]any{"type": "object", "properties": map[string]any{
			"list": map[string]any{"type": "array"},
			"bag":  map[string]any{"type": "object"},
			"ok":   map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		}},
	}}}
	got := strings.Join(shapeless(doc, "#"), "\n")
	for _, want := range []string{"/A/properties/list: an array without items", "/A/properties/bag: an object without properties"} {
		if !strings.Contains(got, want) {
			t.Errorf("the check missed %q; it found:\n%s", want, got)
		}
	}
	if strings.Contains(got, "/ok") {
		t.Errorf("the check refused a described array:\n%s", got)
	}
}

// shapeless lists the schemas under n that are arrays without items or
// objects without properties, additionalProperties or patternProperties.
func shapeless(n any, at string) []string {
	var out []string
	switch v := n.(type) {
	case map[string]any:
		if _, isSchema := v["type"]; isSchema && !isExample(at) {
			has := func(k string) bool { _, ok := v[k]; return ok }
			types := fmt.Sprint(v["type"])
			if strings.Contains(types, "array") && !has("items") && !has("prefixItems") {
				out = append(out, at+": an array without items")
			}
			if strings.Contains(types, "object") && !has("properties") && !has("additionalProperties") &&
				!has("patternProperties") && !has("oneOf") && !has("anyOf") && !has("allOf") {
				out = append(out, at+": an object without properties (name them, or say \"additionalProperties\": true for a document described elsewhere)")
			}
		}
		for k, c := range v {
			out = append(out, shapeless(c, at+"/"+k)...)
		}
	case []any:
		for i, c := range v {
			out = append(out, shapeless(c, fmt.Sprintf("%s/%d", at, i))...)
		}
	}
	return out
}

// isExample reports whether the pointer is inside an example value, not
// a schema.
func isExample(at string) bool {
	return strings.Contains(at, "/example/") || strings.Contains(at, "/examples/")
}

// TestFleetEvaluationDocumented evaluates and checks a fleet that has
// every part of an evaluation (independent squadrons, a tow, a
// deployment, a chosen loadout, a chain of command) and compares two
// versions of a design, so that the OpenAPI check of newEnv validates
// each part's documented schema against a real answer.
func TestFleetEvaluationDocumented(t *testing.T) {
	e := newEnv(t)
	anon := e.anon()
	doc := readJSONFile(t, "../testdata/fleets/carrier-task-force.json")
	var ev struct {
		Evaluation struct {
			Ships []struct {
				Level   string
				Loadout map[string]map[string]int
			}
			Squadrons, Tows, Deployment []any
			Totals                      map[string]any
		}
	}
	anon.do("POST", "/api/v1/fleets/evaluate", doc).want(t, 200).decode(t, &ev)
	r := ev.Evaluation
	if len(r.Squadrons) == 0 || len(r.Tows) == 0 || len(r.Deployment) == 0 || len(r.Totals) == 0 {
		t.Fatalf("the fixture no longer has every part: %d squadrons, %d tows, %d zones, totals %v",
			len(r.Squadrons), len(r.Tows), len(r.Deployment), r.Totals)
	}
	var level, loadout bool
	for _, s := range r.Ships {
		level = level || s.Level != ""
		loadout = loadout || len(s.Loadout) > 0
	}
	if !level || !loadout {
		t.Fatalf("the fixture no longer has a command ship (%v) and a chosen loadout (%v)", level, loadout)
	}
	anon.do("POST", "/api/v1/fleets/validate", doc).want(t, 200)

	// A comparison of two versions.
	c := e.register("comparer")
	d := c.create(t, "Compared", "private")
	m := sample(t)
	m["name"] = "Compared"
	m["crewQuality"] = 3
	c.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"design": m}, "If-Match", `"v1"`).want(t, 200)
	var cmp struct{ Comparison struct{ Changes []any } }
	c.do("GET", "/api/v1/designs/"+d.ID+"/compare?from=1&to=2", nil).want(t, 200).decode(t, &cmp)
	if len(cmp.Comparison.Changes) == 0 {
		t.Error("the comparison lists no change")
	}
}
