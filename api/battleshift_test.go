package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// Battleshift through the API: every answer these tests get is checked
// against openapi.json (newEnv), so they are what keeps the Battleshift
// schemas of the document honest.

// readJSONFile reads a file of the repository.
func readJSONFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBattleshiftDesignRoutes: every sample evaluated and validated, every
// fixture validated, and a Battleshift design saved, read, listed,
// versioned, exported and imported, in Battleshift's shapes.
func TestBattleshiftDesignRoutes(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	samples, _ := filepath.Glob("../data/battleshift/samples/*.json")
	if len(samples) != 43 {
		t.Fatalf("%d Battleshift samples, want 43", len(samples))
	}
	for _, f := range samples {
		doc := readJSONFile(t, f)
		var ev struct {
			Ruleset   string
			Legal     bool
			Squadrons []any
		}
		a.do("POST", "/api/v1/evaluate", doc).want(t, 200).decode(t, &ev)
		if ev.Ruleset != "battleshift" || !ev.Legal || len(ev.Squadrons) == 0 {
			t.Errorf("%s: ruleset %q, legal %v, %d squadron rows", filepath.Base(f), ev.Ruleset, ev.Legal, len(ev.Squadrons))
		}
		a.do("POST", "/api/v1/validate", doc).want(t, 200)
	}
	fixtures, _ := filepath.Glob("../testdata/battleshift/invalid/*.json")
	if len(fixtures) == 0 {
		t.Fatal("no Battleshift fixtures")
	}
	for _, f := range fixtures {
		rule := strings.TrimSuffix(filepath.Base(f), ".json")
		r := a.do("POST", "/api/v1/validate", readJSONFile(t, f))
		var rep struct {
			Problems []struct{ Rule string }
		}
		r.decode(t, &rep)
		found := false
		for _, p := range rep.Problems {
			found = found || p.Rule == rule
		}
		switch {
		case strings.HasPrefix(rule, "R-JSON-"):
			if r.Status != 400 || !found {
				t.Errorf("%s: %d %s, want 400 naming it", rule, r.Status, r.Body)
			}
		case r.Status != 200 || !found:
			t.Errorf("%s: %d %s, want 200 reporting it", rule, r.Status, r.Body)
		}
	}

	c := e.withToken("shipwright")
	raw := readJSONFile(t, "../data/battleshift/samples/generic-fast-attack-cruiser.json")
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var made struct{ ID string }
	c.do("POST", "/api/v1/designs", map[string]any{"visibility": "public", "design": doc}).want(t, 201).decode(t, &made)
	doc["size"] = 4
	c.do("PUT", "/api/v1/designs/"+made.ID, map[string]any{"design": doc}, "If-Match", `"v1"`).want(t, 200)
	for _, p := range []string{"", "/versions", "/versions/1", "/versions/2", "/lineage"} {
		c.do("GET", "/api/v1/designs/"+made.ID+p, nil).want(t, 200)
	}
	r := c.do("GET", "/api/v1/designs/"+made.ID+"/compare?from=1&to=2", nil).want(t, 400)
	if !strings.Contains(string(r.Body), "Metaverse designs only") {
		t.Errorf("compare of a Battleshift design: %s", r.Body)
	}
	var exported map[string]any
	c.do("GET", "/api/v1/designs/"+made.ID+"/export", nil).want(t, 200).decode(t, &exported)
	if exported["ruleset"] != "battleshift" || exported["size"] != float64(4) {
		t.Errorf("export: %v", exported)
	}
	var page struct {
		Designs []struct {
			Ruleset    string
			Evaluation struct{ Hull string }
		}
	}
	c.do("GET", "/api/v1/library?ruleset=battleshift&rulesVersion=1&limit=100", nil).want(t, 200).decode(t, &page)
	if len(page.Designs) != 44 { // the 43 samples and the one saved here
		t.Errorf("library ruleset=battleshift: %d designs, want 44", len(page.Designs))
	}
	for _, d := range page.Designs {
		if d.Ruleset != "battleshift" || d.Evaluation.Hull == "" {
			t.Errorf("library ruleset=battleshift lists %+v", d)
		}
	}
	illegal := map[string]any{"schema": 1, "ruleset": "battleshift", "rulesVersion": 1, "name": "Overgrown",
		"size": 30, "systems": []any{map[string]any{"kind": "bogus"}}}
	var rep struct {
		Created, Drafts, Rejected int
	}
	c.do("POST", "/api/v1/import?invalid=draft", []any{doc, illegal}).want(t, 200).decode(t, &rep)
	if rep.Created != 1 || rep.Drafts != 1 {
		t.Errorf("import: %+v, want 1 created and 1 draft", rep)
	}
	// A class outside every table still has finite numbers, and a
	// problem for each rule it breaks.
	a.do("POST", "/api/v1/evaluate", illegal).want(t, 200)
}

// TestBattleshiftFleetAnswers: a Battleshift fleet, its classes embedded,
// on /fleets/validate and /fleets/evaluate with its squadrons' numbers;
// each fleet fixture yields its rule; a fleet of a game not served is
// R-DOC-01 on the three fleet routes. (TestBattleshiftPrints prints it.)
func TestBattleshiftFleetAnswers(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	vanguard := readJSONFile(t, "../testdata/battleshift/fleets/vanguard.json")
	var rep struct {
		Legal    bool
		Problems []any
	}
	a.do("POST", "/api/v1/fleets/validate", vanguard).want(t, 200).decode(t, &rep)
	if !rep.Legal || len(rep.Problems) != 0 {
		t.Errorf("validate vanguard: %+v", rep)
	}
	var ev struct {
		Fleet      struct{ Name string }
		Evaluation struct {
			Legal             bool
			Cost, PointsLimit int
			Squadrons         []struct {
				ID                                                 string
				Threshold, TotalDamage, HitsToSuppress, ShieldDice int
			}
		}
	}
	a.do("POST", "/api/v1/fleets/evaluate", vanguard).want(t, 200).decode(t, &ev)
	var got []string
	for _, s := range ev.Evaluation.Squadrons {
		got = append(got, fmt.Sprint(s.ID, []int{s.Threshold, s.TotalDamage, s.HitsToSuppress, s.ShieldDice}))
	}
	want := "s1[4 20 5 10] s2[5 20 8 8] s3[8 24 6 12] s4[2 14 7 7] s5[3 18 6 6]"
	if ev.Fleet.Name != "Vanguard" || !ev.Evaluation.Legal || ev.Evaluation.Cost != 710 || ev.Evaluation.PointsLimit != 750 ||
		strings.Join(got, " ") != want {
		t.Errorf("evaluate vanguard: %+v\nsquadrons %s, want %s", ev, strings.Join(got, " "), want)
	}
	fixtures, _ := filepath.Glob("../testdata/battleshift/fleets/BS-*.json")
	if len(fixtures) == 0 {
		t.Fatal("no Battleshift fleet fixtures")
	}
	for _, f := range fixtures {
		rule := strings.TrimSuffix(filepath.Base(f), ".json")
		var out struct {
			Evaluation struct {
				Problems []struct{ Rule string }
			}
		}
		a.do("POST", "/api/v1/fleets/evaluate", readJSONFile(t, f)).want(t, 200).decode(t, &out)
		if !slices.ContainsFunc(out.Evaluation.Problems, func(p struct{ Rule string }) bool { return p.Rule == rule }) {
			t.Errorf("%s: problems %+v", rule, out.Evaluation.Problems)
		}
	}
	nope := bytes.Replace(vanguard, []byte(`"battleshift"`), []byte(`"nope"`), 1)
	for _, route := range []string{"validate", "evaluate", "pack"} {
		r := a.do("POST", "/api/v1/fleets/"+route, nope).want(t, 400)
		if !strings.Contains(string(r.Body), "R-DOC-01") || !strings.Contains(string(r.Body), "battleshift, d6ship, metaverse, stareater") {
			t.Errorf("fleets/%s of ruleset nope: %s", route, r.Body)
		}
	}
}

// served is the OpenAPI document the server answers, as JSON values.
func served(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// component returns schema name of the document.
func component(t *testing.T, doc map[string]any, name string) map[string]any {
	t.Helper()
	s, ok := doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
	if !ok {
		t.Fatalf("openapi.json has no schema %s", name)
	}
	return s
}

// members returns the property names and the required names of a JSON
// Schema object.
func members(s map[string]any) (props, required []string) {
	for k := range s["properties"].(map[string]any) {
		props = append(props, k)
	}
	for _, r := range s["required"].([]any) {
		required = append(required, r.(string))
	}
	slices.Sort(props)
	slices.Sort(required)
	return props, required
}

// jsonMembers returns the JSON member names of struct type t as
// encoding/json writes them (embedded structs flattened, a shallower name
// hiding a deeper one), and those without omitempty.
func jsonMembers(t reflect.Type) (names, always []string) {
	depth := map[string]int{}
	omit := map[string]bool{}
	var walk func(t reflect.Type, d int)
	walk = func(t reflect.Type, d int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				walk(ft, d+1)
				continue
			}
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if old, ok := depth[name]; ok && old <= d {
				continue
			}
			depth[name] = d
			omit[name] = strings.Contains(opts, "omit")
		}
	}
	walk(t, 0)
	for n := range depth {
		names = append(names, n)
		if !omit[n] {
			always = append(always, n)
		}
	}
	slices.Sort(names)
	slices.Sort(always)
	return names, always
}

// TestOpenAPIBattleshiftMatchesGo: the hand-written Battleshift schemas of
// openapi.json have the members of the Go types they describe, the
// document schemas those of Battleshift's JSON Schemas, and the enums the
// values the catalogue gives.
func TestOpenAPIBattleshiftMatchesGo(t *testing.T) {
	doc := served(t)
	// Documents: the members of the Go type (their required members are
	// those of the game's JSON Schema, below).
	for name, typ := range map[string]reflect.Type{
		"BattleshiftDesign":         reflect.TypeFor[battleshift.Class](),
		"BattleshiftSystem":         reflect.TypeFor[battleshift.System](),
		"BattleshiftFleet":          reflect.TypeFor[battleshift.Fleet](),
		"BattleshiftFleetClass":     reflect.TypeFor[battleshift.FleetClass](),
		"BattleshiftFleetShips":     reflect.TypeFor[battleshift.FleetShips](),
		"BattleshiftFleetSquadron":  reflect.TypeFor[battleshift.FleetSquadron](),
		"BattleshiftFleetTaskForce": reflect.TypeFor[battleshift.FleetTaskForce](),
	} {
		props, _ := members(component(t, doc, name))
		if names, _ := jsonMembers(typ); !slices.Equal(props, names) {
			t.Errorf("%s has members %v; %s has %v", name, props, typ, names)
		}
	}
	// Answers: the members of the Go type, every one it always writes
	// required.
	for name, typ := range map[string]reflect.Type{
		"BattleshiftClassNumbers":         reflect.TypeFor[battleshift.Result](),
		"BattleshiftWeaponLine":           reflect.TypeFor[battleshift.WeaponLine](),
		"BattleshiftSystemLine":           reflect.TypeFor[battleshift.SystemLine](),
		"BattleshiftSquadronRow":          reflect.TypeFor[battleshift.SquadronRow](),
		"BattleshiftSummary":              reflect.TypeFor[ruleset.Summary](),
		"BattleshiftFleetResult":          reflect.TypeFor[battleshift.FleetResult](),
		"BattleshiftFleetSquadronResult":  reflect.TypeFor[battleshift.FleetSquadronResult](),
		"BattleshiftFleetTaskForceResult": reflect.TypeFor[battleshift.FleetTaskForceResult](),
	} {
		props, required := members(component(t, doc, name))
		names, always := jsonMembers(typ)
		if !slices.Equal(props, names) || !slices.Equal(required, always) {
			t.Errorf("%s has members %v, required %v; %s has %v, always written %v", name, props, required, typ, names, always)
		}
	}

	rs := battleshift.New()
	var class, fleet map[string]any
	if err := json.Unmarshal(rs.JSONSchema(), &class); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rs.FleetJSONSchema(), &fleet); err != nil {
		t.Fatal(err)
	}
	defs := fleet["$defs"].(map[string]any)
	for name, js := range map[string]map[string]any{
		"BattleshiftDesign":         class,
		"BattleshiftSystem":         class["properties"].(map[string]any)["systems"].(map[string]any)["items"].(map[string]any),
		"BattleshiftFleet":          fleet,
		"BattleshiftFleetShips":     defs["Ships"].(map[string]any),
		"BattleshiftFleetSquadron":  defs["Squadron"].(map[string]any),
		"BattleshiftFleetTaskForce": defs["TaskForce"].(map[string]any),
	} {
		props, required := members(component(t, doc, name))
		jprops, jrequired := members(js)
		if !slices.Equal(props, jprops) || !slices.Equal(required, jrequired) {
			t.Errorf("%s: members %v, required %v; its JSON Schema has %v, required %v", name, props, required, jprops, jrequired)
		}
	}

	cat := rs.Catalogue()
	enum := func(schema, member string) []any {
		return component(t, doc, schema)["properties"].(map[string]any)[member].(map[string]any)["enum"].([]any)
	}
	has := func(schema, member string, v any) {
		if b, _ := json.Marshal(v); !slices.ContainsFunc(enum(schema, member), func(e any) bool {
			eb, _ := json.Marshal(e)
			return bytes.Equal(b, eb)
		}) {
			t.Errorf("%s.%s lacks %s, which the catalogue gives", schema, member, b)
		}
	}
	for _, b := range cat.Sizes {
		has("BattleshiftClassNumbers", "className", b.ClassName)
		has("BattleshiftSummary", "hull", b.ClassName)
		has("BattleshiftClassNumbers", "movementArc", b.MovementArc)
		has("BattleshiftClassNumbers", "facingChange", b.FacingChange)
		has("BattleshiftClassNumbers", "hitsToSuppress", b.HitsToSuppress)
	}
	has("BattleshiftClassNumbers", "hardness", cat.Base.Hardness)
	has("BattleshiftClassNumbers", "destructionSave", cat.Base.DestructionSave)
	for _, k := range cat.Kinds {
		if k.Gives.Hardness != 0 {
			has("BattleshiftClassNumbers", "hardness", k.Gives.Hardness)
		}
		if k.Gives.DestructionSave != 0 {
			has("BattleshiftClassNumbers", "destructionSave", k.Gives.DestructionSave)
		}
	}
	classes := map[string]bool{}
	for _, b := range cat.Sizes {
		classes[b.ClassName] = true
	}
	if n := len(enum("BattleshiftClassNumbers", "className")); n != len(classes) {
		t.Errorf("className lists %d classes; the catalogue's size bands have %d", n, len(classes))
	}
}

// TestOpenAPIBattleshiftStrict: the schemas tell the games apart and
// refuse what neither game answers, so that the recorded answers are
// really checked.
func TestOpenAPIBattleshiftStrict(t *testing.T) {
	loadSpec(t)
	rs := battleshift.New()
	raw := readJSONFile(t, "../data/battleshift/samples/generic-fast-attack-cruiser.json")
	d, err := rs.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := rs.Evaluate(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	result, _ := json.Marshal(ev)
	mutate := func(b []byte, f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		out, _ := json.Marshal(m)
		return out
	}
	summary, _ := json.Marshal(ev.Summary())
	mvSummary := mutate(summary, func(m map[string]any) { m["tier"], m["modelVersion"] = 1, "metaverse-cv/2" })
	listed := func(rulesetID string, s []byte) []byte {
		return []byte(`{"id":"x","owner":"o","visibility":"public","ruleset":"` + rulesetID + `","rulesVersion":1,"name":"n",` +
			`"description":"","tags":[],"universe":"","version":1,"parent":null,"forks":0,` +
			`"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z","evaluation":` + string(s) + `}`)
	}
	schema := func(name string) string { return "https://slipway.dev/openapi.json#/components/schemas/" + name }
	for _, c := range []struct {
		what   string
		schema string
		body   []byte
		ok     bool
	}{
		{"a Battleshift class", "AnyDesignDocument", raw, true},
		{"a Battleshift class with a Metaverse member", "AnyDesignDocument", mutate(raw, func(m map[string]any) { m["techLevel"] = 5 }), false},
		{"a Battleshift class without its size", "AnyDesignDocument", mutate(raw, func(m map[string]any) { delete(m, "size") }), false},
		{"a Battleshift evaluation", "AnyEvaluationResult", result, true},
		{"a Battleshift evaluation with a combat value", "AnyEvaluationResult", mutate(result, func(m map[string]any) { m["cv"] = 36 }), false},
		{"a Battleshift evaluation without its cost", "AnyEvaluationResult", mutate(result, func(m map[string]any) { delete(m, "cost") }), false},
		{"a Battleshift evaluation of an unknown class", "AnyEvaluationResult", mutate(result, func(m map[string]any) { m["className"] = "carrier" }), false},
		{"a Battleshift evaluation with a Metaverse problem", "AnyEvaluationResult", mutate(result, func(m map[string]any) {
			m["problems"] = []any{map[string]any{"rule": "R-SEC-05", "severity": "error", "path": "size", "message": "m"}}
		}), false},
		{"a Battleshift summary", "Evaluation", summary, true},
		{"a Battleshift summary with a tier", "Evaluation", mutate(summary, func(m map[string]any) { m["tier"] = 2 }), false},
		{"a listed Battleshift design", "DesignSummary", listed("battleshift", summary), true},
		{"a listed Battleshift design with Metaverse numbers", "DesignSummary", listed("battleshift", mvSummary), false},
		{"a listed Metaverse design with Battleshift numbers", "DesignSummary", listed("metaverse", summary), false},
		{"a Battleshift validation report", "ValidateReport", []byte(`{"readable":true,"decoded":true,"legal":true,"problems":[]}`), true},
		{"a Battleshift validation report with a tier", "ValidateReport",
			[]byte(`{"readable":true,"decoded":true,"legal":true,"tier":{"tier":1},"problems":[{"rule":"BS-SIZE-01","severity":"error","path":"size","message":"m"}]}`), false},
	} {
		err := validateJSON(schema(c.schema), c.body)
		if err == nil && !c.ok {
			t.Errorf("%s: %s accepts it", c.what, c.schema)
		} else if err != nil && c.ok {
			t.Errorf("%s: %s refuses it: %v", c.what, c.schema, err)
		}
	}
}
