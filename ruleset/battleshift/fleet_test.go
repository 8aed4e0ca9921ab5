package battleshift_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// fleetDir holds the fleet fixtures; vanguard.json is spec §7's test
// fleet, BS-*.json break one fleet rule each.
const fleetDir = "../../testdata/battleshift/fleets/"

var fleetRS = battleshift.New()

func readFleet(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(fleetDir + name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func decodeFleet(tb testing.TB, b []byte) *battleshift.Fleet {
	tb.Helper()
	f, err := fleetRS.DecodeFleet(b)
	if err != nil {
		tb.Fatal(err)
	}
	return f.(*battleshift.Fleet)
}

func loadFleet(tb testing.TB, name string) *battleshift.Fleet {
	tb.Helper()
	return decodeFleet(tb, readFleet(tb, name))
}

// rulesOf lists the distinct rules of the problems of one severity.
func fleetRulesOf(ps ruleset.Problems, sev ruleset.Severity) []string {
	var out []string
	for _, p := range ps {
		if p.Severity == sev && !slices.Contains(out, p.Rule) {
			out = append(out, p.Rule)
		}
	}
	return out
}

func fleetSquadron(tb testing.TB, r *battleshift.FleetResult, id string) battleshift.FleetSquadronResult {
	tb.Helper()
	for _, s := range r.Squadrons {
		if s.ID == id {
			return s
		}
	}
	tb.Fatalf("no squadron %s in %+v", id, r.Squadrons)
	return battleshift.FleetSquadronResult{}
}

// TestFleetRules: the eleven fleet ids of spec §4, in its order, with
// their severities.
func TestFleetRules(t *testing.T) {
	want := []string{"BS-FDOC-01", "BS-FDOC-02", "BS-SQ-01", "BS-SQ-02", "BS-SQ-03", "BS-TF-01", "BS-TF-02", "BS-TF-03", "BS-TF-04", "BS-FL-01", "BS-FL-02"}
	var got []string
	for _, ri := range fleetRS.FleetRules() {
		got = append(got, ri.ID)
		sev := ruleset.Error
		if ri.ID == "BS-TF-04" {
			sev = ruleset.Warning
		}
		if ri.Severity != sev || ri.Summary == "" {
			t.Errorf("%s: severity %s, summary %q", ri.ID, ri.Severity, ri.Summary)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("fleet rules %v, want %v", got, want)
	}
	var fl ruleset.Fleets = fleetRS
	if len(fl.FleetRules()) != 11 {
		t.Error("FleetRules is not the eleven")
	}
}

// TestVanguard is issue 18's acceptance 6: spec §7's test fleet is legal,
// costs 710 of 750, and its squadrons have the numbers of the table.
func TestVanguard(t *testing.T) {
	f := loadFleet(t, "vanguard.json")
	ev, err := fleetRS.EvaluateFleet(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := ev.(*battleshift.FleetResult)
	if !r.Legal || len(r.Problems) != 0 || r.Cost != 710 || r.PointsLimit != 750 || r.Ships != 25 {
		t.Fatalf("legal %v, cost %d of %d, %d ships; problems %v", r.Legal, r.Cost, r.PointsLimit, r.Ships, r.Problems)
	}
	if r.Ruleset != "battleshift" || r.Name != "Vanguard" || r.ModelVersion != battleshift.ModelVersion {
		t.Errorf("ruleset %q name %q model %q", r.Ruleset, r.Name, r.ModelVersion)
	}
	want := []struct {
		id, class                           string
		ships, units                        int
		threshold, total, suppress, shields int
		cost                                int
		taskForce                           string
		flagship                            bool
	}{
		{"s1", "fleet-cruiser", 5, 15, 4, 20, 5, 10, 150, "hammer", false},
		{"s2", "fleet-battleship", 4, 16, 5, 20, 8, 8, 160, "hammer", false},
		{"s3", "behemoth", 3, 21, 8, 24, 6, 12, 210, "hammer", true},
		{"s4", "fleet-destroyer", 7, 7, 2, 14, 7, 7, 70, "screen", false},
		{"s5", "defense-frigate", 6, 12, 3, 18, 6, 6, 120, "screen", true},
	}
	if len(r.Squadrons) != len(want) {
		t.Fatalf("%d squadrons", len(r.Squadrons))
	}
	for i, w := range want {
		s := r.Squadrons[i]
		got := []int{s.Ships, s.SizeUnits, s.Threshold, s.TotalDamage, s.HitsToSuppress, s.ShieldDice, s.Cost}
		if s.ID != w.id || !slices.Equal(s.Classes, []string{w.class}) || !slices.Equal(got, []int{w.ships, w.units, w.threshold, w.total, w.suppress, w.shields, w.cost}) ||
			s.TaskForce != w.taskForce || s.Flagship != w.flagship || s.Detached || s.Mixed || s.Hardness != 4 || s.DestructionSave != 3 || len(s.TestOrder) != w.ships {
			t.Errorf("squadron %d: %+v, want %+v", i, s, w)
		}
	}
	if s := fleetSquadron(t, r, "s4"); s.Move != 18 {
		t.Errorf("the destroyers move %d\"", s.Move)
	}
	tfs := []battleshift.FleetTaskForceResult{
		{ID: "hammer", Name: "Hammer", Squadrons: []string{"s1", "s2", "s3"}, FlagshipSquadron: "s3", FlagshipClass: "behemoth", Ships: 12, Cost: 520},
		{ID: "screen", Name: "Screen", Squadrons: []string{"s4", "s5"}, FlagshipSquadron: "s5", FlagshipClass: "defense-frigate", Ships: 13, Cost: 190},
	}
	for i := range tfs {
		if i >= len(r.TaskForces) || !fleetEqualJSON(t, r.TaskForces[i], tfs[i]) {
			t.Errorf("task forces %+v, want %+v", r.TaskForces, tfs)
			break
		}
	}
	for i, c := range r.Classes {
		if c.ID != f.Classes[i].ID || c.Result == nil || !c.Legal {
			t.Errorf("class %d: %+v", i, c)
		}
	}
}

func fleetEqualJSON(tb testing.TB, a, b any) bool {
	tb.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		tb.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		tb.Fatal(err)
	}
	return bytes.Equal(x, y)
}

// TestFleetResultJSON: the names slipway fleet eval --json prints, a
// class's evaluation inlined beside its id, problems never null.
func TestFleetResultJSON(t *testing.T) {
	r := fleetRS.EvaluateFleetDoc(loadFleet(t, "vanguard.json"))
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ruleset", "name", "legal", "cost", "pointsLimit", "classes", "squadrons", "taskForces", "problems"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in %s", k, b)
		}
	}
	if string(fleetJSON(t, m["problems"])) != "[]" {
		t.Errorf("problems %v", m["problems"])
	}
	c := m["classes"].([]any)[0].(map[string]any)
	if c["id"] != "fleet-cruiser" || c["cost"] != 30.0 || c["name"] != "Fleet Cruiser" {
		t.Errorf("class 0: id %v cost %v name %v", c["id"], c["cost"], c["name"])
	}
	s := m["squadrons"].([]any)[2].(map[string]any)
	for _, k := range []string{"id", "name", "classes", "ships", "sizeUnits", "threshold", "totalDamage", "hitsToSuppress", "shieldDice", "hardness", "destructionSave", "cost", "fighterWings", "repairRolls", "taskForce", "flagship", "detached", "mixed"} {
		if _, ok := s[k]; !ok {
			t.Errorf("squadron has no %q", k)
		}
	}
	tf := m["taskForces"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "name", "squadrons", "flagshipSquadron", "ships", "cost"} {
		if _, ok := tf[k]; !ok {
			t.Errorf("task force has no %q", k)
		}
	}
	empty, _ := json.Marshal(fleetRS.EvaluateFleetDoc(nil))
	if !bytes.Contains(empty, []byte(`"problems":[{`)) || bytes.Contains(empty, []byte("null")) {
		t.Errorf("an empty fleet: %s", empty)
	}
}

func fleetJSON(tb testing.TB, v any) []byte {
	tb.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TestMixedSquadron: seed lines 833-869's squadron of 2 Fleet Destroyers,
// 3 Fleet Cruisers and 2 Missile Dreadnoughts, allowed by mixedSquadrons:
// threshold ⌊28/7⌋ = 4, total 28, 9 hits to suppress, 16 shield dice, 21
// size units, 220 points; tests from the least hull.
func TestMixedSquadron(t *testing.T) {
	f := loadFleet(t, "BS-SQ-02.json")
	f.MixedSquadrons = true
	r := fleetRS.EvaluateFleetDoc(f)
	if !r.Legal || r.Cost != 930 {
		t.Fatalf("legal %v cost %d: %v", r.Legal, r.Cost, r.Problems)
	}
	s := fleetSquadron(t, r, "s6")
	got := []int{s.Ships, s.SizeUnits, s.Threshold, s.TotalDamage, s.HitsToSuppress, s.ShieldDice, s.Hardness, s.Cost}
	if want := []int{7, 21, 4, 28, 9, 16, 4, 220}; !slices.Equal(got, want) {
		t.Errorf("[ships units threshold total suppress shields hardness cost] %v, want %v", got, want)
	}
	if !s.Mixed || !s.Detached || s.TaskForce != "" || s.Flagship {
		t.Errorf("mixed %v detached %v task force %q flagship %v", s.Mixed, s.Detached, s.TaskForce, s.Flagship)
	}
	order := []string{"fleet-destroyer", "fleet-destroyer", "fleet-cruiser", "fleet-cruiser", "fleet-cruiser", "missile-dreadnought", "missile-dreadnought"}
	if !slices.Equal(s.TestOrder, order) {
		t.Errorf("test order %v, want %v", s.TestOrder, order)
	}
	// The order follows the hull, not the document.
	sq := &f.Squadrons[len(f.Squadrons)-1]
	slices.Reverse(sq.Ships)
	if s := fleetSquadron(t, fleetRS.EvaluateFleetDoc(f), "s6"); !slices.Equal(s.TestOrder, order) || !slices.Equal(s.Classes, []string{"missile-dreadnought", "fleet-cruiser", "fleet-destroyer"}) {
		t.Errorf("reversed: test order %v, classes %v", s.TestOrder, s.Classes)
	}
}

// TestDecodeFleetErrors: the strict decoder's errors, at their paths.
func TestDecodeFleetErrors(t *testing.T) {
	van := string(readFleet(t, "vanguard.json"))
	for _, c := range []struct {
		doc, rule, path string
	}{
		{strings.Replace(van, `"pointsLimit"`, `"points"`, 1), ruleset.RuleJSONUnknown, "points"},
		{strings.Replace(van, `"count": 5`, `"count": "5"`, 1), ruleset.RuleJSONType, "squadrons[0].ships[0].count"},
		{strings.Replace(van, `"size": 3`, `"size": 3, "size": 4`, 1), ruleset.RuleJSONDuplicate, "classes[0].document.size"},
		{strings.Replace(van, `"flagship": "s3"`, `"flagship": ["s3"]`, 1), ruleset.RuleJSONType, "taskForces[0].flagship"},
		{van + "{}", ruleset.RuleJSONSyntax, ""},
		{`{"name": "x", "pad": "` + strings.Repeat("x", battleshift.MaxFleetBytes) + `"}`, ruleset.RuleLimitBody, ""},
	} {
		_, err := fleetRS.DecodeFleet([]byte(c.doc))
		var de *ruleset.DecodeError
		if !errors.As(err, &de) || de.Rule != c.rule || de.Path != c.path {
			t.Errorf("%s at %q: got %v", c.rule, c.path, err)
		}
		if c.rule == ruleset.RuleLimitBody && (de == nil || !strings.Contains(de.Message, "8 MiB")) {
			t.Errorf("the limit's message: %v", err)
		}
	}
	// Through the registry, by the document's "ruleset".
	reg := ruleset.NewRegistry(fleetRS)
	x, f, err := reg.DecodeFleet([]byte(van))
	if err != nil || x.Info().ID != "battleshift" || f.Head().Name != "Vanguard" || f.Head().Ruleset != "battleshift" {
		t.Errorf("registry: %v %v", f, err)
	}
	// Defaults: three squadrons per task force, one ship per entry.
	d := decodeFleet(t, []byte(`{"schema": 1, "ruleset": "battleshift", "rulesVersion": 1, "name": "x", "pointsLimit": 1, "classes": [], "squadrons": [{"id": "a", "ships": [{"class": "c"}]}]}`))
	if d.MaxSquadronsPerTaskForce != 3 || d.Squadrons[0].Ships[0].Count != 1 {
		t.Errorf("defaults: %d squadrons per task force, count %d", d.MaxSquadronsPerTaskForce, d.Squadrons[0].Ships[0].Count)
	}
	if _, err := fleetRS.EvaluateFleet(nil, nil); err == nil {
		t.Error("EvaluateFleet of a nil interface")
	}
}

// TestFleetRoundTrip: a decoded fleet marshals to a document that decodes
// to the same fleet.
func TestFleetRoundTrip(t *testing.T) {
	f := loadFleet(t, "vanguard.json")
	b := fleetJSON(t, f)
	g := decodeFleet(t, b)
	if !bytes.Equal(b, fleetJSON(t, g)) {
		t.Errorf("round trip differs:\n%s\n%s", b, fleetJSON(t, g))
	}
}

// TestEvaluateFleetConcurrent evaluates the fixtures from four goroutines
// at once, for the race detector: a Ruleset is shared.
func TestEvaluateFleetConcurrent(t *testing.T) {
	docs := [][]byte{readFleet(t, "vanguard.json"), readFleet(t, "BS-SQ-02.json"), readFleet(t, "BS-FL-02.json")}
	want := make([][]byte, len(docs))
	for i, b := range docs {
		want[i] = fleetJSON(t, fleetRS.EvaluateFleetDoc(decodeFleet(t, b)))
	}
	done := make(chan error)
	for g := range 4 {
		go func() {
			for i := range 20 {
				k := (g + i) % len(docs)
				f, err := fleetRS.DecodeFleet(docs[k])
				if err == nil {
					b, _ := json.Marshal(fleetRS.EvaluateFleetDoc(f.(*battleshift.Fleet)))
					if !bytes.Equal(b, want[k]) {
						err = errors.New("a different result")
					}
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
