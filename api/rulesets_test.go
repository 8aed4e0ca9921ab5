package api_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateAnswers = flag.Bool("update", false, "rewrite testdata/evaluate from the current model")

// TestEvaluateUnchanged: /evaluate and /validate answer the ten Metaverse
// samples byte for byte as they did before the ruleset seam (the bodies in
// testdata/evaluate and testdata/validate were recorded from slipway serve
// at d11303d, the last commit before it; testdata/evaluate was recorded
// again when metaverse-cv/3, metaverse-cv/4, metaverse-cv/5 and then metaverse-cv/6 became the default,
// with -update, which
// rewrites only the /evaluate answers).
func TestEvaluateUnchanged(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	files, _ := filepath.Glob("../data/samples/*.json")
	if len(files) != 10 {
		t.Fatalf("%d samples, want 10", len(files))
	}
	for _, f := range files {
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, route := range []string{"evaluate", "validate"} {
			want, err := os.ReadFile(filepath.Join("testdata", route, filepath.Base(f)))
			if err != nil {
				t.Fatal(err)
			}
			got := a.do("POST", "/api/v1/"+route, doc).want(t, 200).Body
			if *updateAnswers && route == "evaluate" {
				if err := os.WriteFile(filepath.Join("testdata", route, filepath.Base(f)), got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("/%s of %s changed:\n got %.300s\nwant %.300s", route, filepath.Base(f), got, want)
			}
		}
	}
}

// TestEvaluateEitherGame: /evaluate and /validate read the game a document
// names; a game not served is R-DOC-01 naming those served.
func TestEvaluateEitherGame(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	doc, err := os.ReadFile("../data/battleshift/samples/generic-fast-attack-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	var ev struct {
		Ruleset string
		Cost    int
		Legal   bool
	}
	a.do("POST", "/api/v1/evaluate", doc).want(t, 200).decode(t, &ev)
	if ev.Ruleset != "battleshift" || ev.Cost != 36 || !ev.Legal {
		t.Errorf("evaluate the Fast Attack Cruiser: %+v, want battleshift 36 legal", ev)
	}
	var rep struct {
		Legal    bool
		Tier     any
		Problems []struct{ Rule string }
	}
	a.do("POST", "/api/v1/validate", doc).want(t, 200).decode(t, &rep)
	if !rep.Legal || rep.Tier != nil {
		t.Errorf("validate the Fast Attack Cruiser: %+v", rep)
	}
	nope := bytes.Replace(doc, []byte(`"battleshift"`), []byte(`"nope"`), 1)
	for _, route := range []string{"evaluate", "validate"} {
		r := a.do("POST", "/api/v1/"+route, nope).want(t, 400)
		var p struct {
			Problems []struct{ Rule, Path, Message string }
		}
		r.decode(t, &p)
		if len(p.Problems) != 1 || p.Problems[0].Rule != "R-DOC-01" || p.Problems[0].Path != "ruleset" ||
			!strings.Contains(p.Problems[0].Message, "battleshift, d6ship, metaverse, stareater") {
			t.Errorf("%s of ruleset nope: %s", route, r.Body)
		}
	}
}

// TestRulesets: the games served, each one's form and schema; a game not
// served is 404 naming those that are.
func TestRulesets(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	var list struct {
		Rulesets []struct {
			ID, Name, ModelVersion string
			Rules                  []struct{ ID string }
			Links                  struct{ Form, Schema, Aids string }
		}
	}
	a.do("GET", "/api/v1/rulesets", nil).want(t, 200).decode(t, &list)
	var ids []string
	for _, r := range list.Rulesets {
		ids = append(ids, r.ID)
		if len(r.Rules) == 0 || r.ModelVersion == "" {
			t.Errorf("%s: %d rules, model %q", r.ID, len(r.Rules), r.ModelVersion)
		}
		var form struct {
			Ruleset string
			Groups  []struct{ Fields []struct{ Name, Kind string } }
			Stats   []struct{ Pointer string }
		}
		a.do("GET", r.Links.Form, nil).want(t, 200).decode(t, &form)
		if form.Ruleset != r.ID || len(form.Groups) == 0 || len(form.Stats) == 0 {
			t.Errorf("%s form: %+v", r.ID, form)
		}
		var schema map[string]any
		a.do("GET", r.Links.Schema, nil).want(t, 200).decode(t, &schema)
		if schema["$schema"] == nil {
			t.Errorf("%s schema has no $schema: %.200v", r.ID, schema)
		}
	}
	if strings.Join(ids, ",") != "battleshift,d6ship,metaverse,stareater" {
		t.Errorf("rulesets %v, want battleshift, d6ship, metaverse and stareater", ids)
	}
	r := a.do("GET", "/api/v1/rulesets/nope/form", nil).want(t, 404)
	if !strings.Contains(string(r.Body), "battleshift, d6ship, metaverse, stareater") {
		t.Errorf("nope: %s", r.Body)
	}
}

// TestDesignKeepsItsGame: a Battleshift design is saved, read and listed
// with its game's numbers; a version of another game is refused.
func TestDesignKeepsItsGame(t *testing.T) {
	e := newEnv(t)
	c := e.withToken("gamer")
	mv := c.create(t, "Metaverse Cruiser", "private")
	bs := battleshiftSample(t, "generic-fast-attack-cruiser")
	r := c.do("PUT", "/api/v1/designs/"+mv.ID, map[string]any{"design": bs}, "If-Match", `"v1"`).want(t, 400)
	if !strings.Contains(string(r.Body), "ruleset") || !strings.Contains(string(r.Body), "Metaverse design") {
		t.Errorf("PUT of a Battleshift document onto a Metaverse design: %s", r.Body)
	}
	var made struct {
		ID, Ruleset string
		Evaluation  struct {
			Points float64
			Legal  bool
		}
		Design map[string]any
	}
	c.do("POST", "/api/v1/designs", map[string]any{"visibility": "public", "design": bs}).want(t, 201).decode(t, &made)
	if made.Ruleset != "battleshift" || made.Evaluation.Points != 36 || !made.Evaluation.Legal || made.Design["size"] != float64(3) {
		t.Errorf("saved Battleshift design: %+v", made)
	}
	mvDoc := sample(t)
	r = c.do("PUT", "/api/v1/designs/"+made.ID, map[string]any{"design": mvDoc}, "If-Match", `"v1"`).want(t, 400)
	if !strings.Contains(string(r.Body), "Battleshift design") {
		t.Errorf("PUT of a Metaverse document onto a Battleshift design: %s", r.Body)
	}
	bs["size"] = 4
	c.do("PUT", "/api/v1/designs/"+made.ID, map[string]any{"design": bs}, "If-Match", `"v1"`).want(t, 200)
	// A problem inside the document is reported under "design".
	bs["bogus"] = 1
	r = c.do("POST", "/api/v1/designs", map[string]any{"design": bs}).want(t, 400)
	if !strings.Contains(string(r.Body), `"path":"design.bogus"`) {
		t.Errorf("unknown member: %s", r.Body)
	}
	c.do("POST", "/api/v1/designs/"+made.ID+"/fork", map[string]any{"name": "Faster Attack Cruiser"}).want(t, 201)
}

// TestBattleshiftFleetRoutes: /fleets/validate and /fleets/evaluate take a
// Battleshift fleet (classes embedded); the library keeps Metaverse's
// fleets only and says where a Battleshift one goes.
func TestBattleshiftFleetRoutes(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	doc, err := os.ReadFile("../testdata/battleshift/fleets/vanguard.json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Legal    bool
		Problems []any
	}
	a.do("POST", "/api/v1/fleets/validate", doc).want(t, 200).decode(t, &rep)
	if !rep.Legal || rep.Problems == nil {
		t.Errorf("validate vanguard: %+v", rep)
	}
	var ev struct {
		Fleet      struct{ Name string }
		Evaluation struct {
			Legal       bool
			Cost        int
			PointsLimit int
			Squadrons   []struct{ TotalDamage int }
		}
	}
	a.do("POST", "/api/v1/fleets/evaluate", doc).want(t, 200).decode(t, &ev)
	if ev.Fleet.Name != "Vanguard" || !ev.Evaluation.Legal || ev.Evaluation.Cost != 710 || ev.Evaluation.PointsLimit != 750 || len(ev.Evaluation.Squadrons) != 5 {
		t.Errorf("evaluate vanguard: %+v", ev)
	}
	bad, err := os.ReadFile("../testdata/battleshift/fleets/BS-FL-01.json")
	if err != nil {
		t.Fatal(err)
	}
	a.do("POST", "/api/v1/fleets/validate", bad).want(t, 200).decode(t, &rep)
	if rep.Legal {
		t.Errorf("BS-FL-01 fixture legal")
	}
	var f map[string]any
	if err := json.Unmarshal(doc, &f); err != nil {
		t.Fatal(err)
	}
	c := e.withToken("admiral")
	r := c.do("POST", "/api/v1/fleets", map[string]any{"fleet": f}).want(t, 400)
	if !strings.Contains(string(r.Body), "Battleshift fleets are not kept in the library yet") || !strings.Contains(string(r.Body), `"path":"fleet.ruleset"`) {
		t.Errorf("saving a Battleshift fleet: %s", r.Body)
	}
}

// TestCompareIsMetaverses: comparing versions of a Battleshift design is
// a clear 400, not a failure.
func TestCompareIsMetaverses(t *testing.T) {
	e := newEnv(t)
	c := e.withToken("comparer")
	bs := battleshiftSample(t, "generic-fleet-cruiser")
	var made struct{ ID string }
	c.do("POST", "/api/v1/designs", map[string]any{"design": bs}).want(t, 201).decode(t, &made)
	bs["size"] = 4
	c.do("PUT", "/api/v1/designs/"+made.ID, map[string]any{"design": bs}, "If-Match", `"v1"`).want(t, 200)
	r := c.do("GET", "/api/v1/designs/"+made.ID+"/compare?from=1&to=2", nil).want(t, 400)
	if !strings.Contains(string(r.Body), "Battleshift design") {
		t.Errorf("compare: %s", r.Body)
	}
}

// TestBattleshiftPrints: a Battleshift design's sheet.pdf, its quick
// reference and a fleet pack are PDFs (issue 18, acceptance 10); its
// card.pdf is a 404 that says where the sheet is.
func TestBattleshiftPrints(t *testing.T) {
	e := newEnv(t)
	c := e.withToken("printer")
	bs := battleshiftSample(t, "generic-behemoth")
	var made struct{ ID string }
	c.do("POST", "/api/v1/designs", map[string]any{"design": bs}).want(t, 201).decode(t, &made)
	isPDF := func(what string, r *resp) {
		t.Helper()
		if !bytes.HasPrefix(r.Body, []byte("%PDF-")) || r.Header.Get("Content-Type") != "application/pdf" {
			t.Errorf("%s: %s %.40q", what, r.Header.Get("Content-Type"), r.Body)
		}
	}
	isPDF("sheet", c.do("GET", "/api/v1/designs/"+made.ID+"/sheet.pdf?paper=a4", nil).want(t, 200))
	r := c.do("GET", "/api/v1/designs/"+made.ID+"/card.pdf", nil).want(t, 404)
	if !strings.Contains(string(r.Body), "sheet.pdf") {
		t.Errorf("card of a Battleshift design: %s", r.Body)
	}
	isPDF("aids", e.anon().do("GET", "/api/v1/rulesets/battleshift/aids.pdf", nil).want(t, 200))
	isPDF("Metaverse aids", e.anon().do("GET", "/api/v1/rulesets/metaverse/aids.pdf", nil).want(t, 200))
	doc, err := os.ReadFile("../testdata/battleshift/fleets/vanguard.json")
	if err != nil {
		t.Fatal(err)
	}
	isPDF("fleet pack", e.anon().do("POST", "/api/v1/fleets/pack?bw=true", doc).want(t, 200))
}

// TestBattleshiftFleetBounded: a fleet just under the body limit, of 250
// classes of 100 bad systems, answers its first 100 problems and a count,
// not 25,000 problems twice over.
func TestBattleshiftFleetBounded(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	systems := make([]map[string]any, 100)
	for i := range systems {
		systems[i] = map[string]any{"kind": "bogus" + strings.Repeat("x", i%7), "count": 1}
	}
	var classes, squadrons []map[string]any
	for i := range 250 {
		id := "c" + strings.Repeat("i", i%20) + string(rune('a'+i%26)) + string(rune('a'+i/26))
		classes = append(classes, map[string]any{"id": id, "document": map[string]any{
			"schema": 1, "ruleset": "battleshift", "rulesVersion": 1, "name": "Class " + id, "size": 3, "systems": systems}})
		squadrons = append(squadrons, map[string]any{"id": "s" + id, "ships": []map[string]any{{"class": id, "count": 1}}})
	}
	body, _ := json.Marshal(map[string]any{"schema": 1, "ruleset": "battleshift", "rulesVersion": 1, "name": "Hostile",
		"pointsLimit": 100, "classes": classes, "squadrons": squadrons, "taskForces": []any{}})
	for _, route := range []string{"validate", "evaluate"} {
		r := a.do("POST", "/api/v1/fleets/"+route, body).want(t, 200)
		if len(r.Body) > 4*len(body) {
			t.Errorf("/fleets/%s: %d bytes asked, %d answered", route, len(body), len(r.Body))
		}
		if !strings.Contains(string(r.Body), `"rule":"R-LIM-07"`) {
			t.Errorf("/fleets/%s: no R-LIM-07 count", route)
		}
	}
}

// battleshiftSample returns a Battleshift sample document (file name
// without .json) as a generic JSON object.
func battleshiftSample(t *testing.T, name string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile("../data/battleshift/samples/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
