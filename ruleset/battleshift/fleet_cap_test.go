package battleshift_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// hostileFleet is a fleet of 500 classes of 100 unknown systems each:
// 50,000 class problems if nothing bounded them.
func hostileFleet(t testing.TB) []byte {
	systems := make([]map[string]any, 100)
	for i := range systems {
		systems[i] = map[string]any{"kind": fmt.Sprintf("bogus%d", i), "count": 1}
	}
	var classes, squadrons []map[string]any
	for i := range 500 {
		classes = append(classes, map[string]any{"id": fmt.Sprintf("c%d", i), "document": map[string]any{
			"schema": 1, "ruleset": "battleshift", "rulesVersion": 1, "name": fmt.Sprintf("C%d", i), "size": 3, "systems": systems}})
		squadrons = append(squadrons, map[string]any{"id": fmt.Sprintf("s%d", i), "ships": []map[string]any{{"class": fmt.Sprintf("c%d", i), "count": 1}}})
	}
	b, err := json.Marshal(map[string]any{"schema": 1, "ruleset": "battleshift", "rulesVersion": 1, "name": "Hostile",
		"pointsLimit": 100, "classes": classes, "squadrons": squadrons, "taskForces": []any{}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFleetProblemsBounded: a fleet's answer lists at most MaxProblems
// problems and counts the rest (R-LIM-07); its classes' own lists are
// empty, their problems being in the fleet's under classes[i].document.
func TestFleetProblemsBounded(t *testing.T) {
	rs := battleshift.New()
	raw := hostileFleet(t)
	f, err := rs.DecodeFleet(raw)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := rs.EvaluateFleet(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := ev.(*battleshift.FleetResult)
	ps := res.Problems
	if len(ps) != ruleset.MaxProblems+1 || ps[len(ps)-1].Rule != ruleset.RuleProblemCap || ps[len(ps)-1].Severity != ruleset.Error || res.Legal {
		t.Fatalf("%d problems, last %+v", len(ps), ps[len(ps)-1])
	}
	for _, c := range res.Classes {
		if c.Result == nil || len(c.Result.Problems) != 0 || c.Result.Legal {
			t.Fatalf("class %s: %+v", c.ID, c.Result)
		}
	}
	out, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 4*len(raw) {
		t.Errorf("a %d-byte fleet answers %d bytes", len(raw), len(out))
	}
}
