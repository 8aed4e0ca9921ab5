package fleet_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/ruleset"
)

// badDesign is a design of n weapon definitions that name nothing but an
// id: 40 make over a hundred problems.
func badDesign(t *testing.T, n int) *designer.Design {
	t.Helper()
	var ws []string
	for i := range n {
		ws = append(ws, fmt.Sprintf(`{"id":"w%d"}`, i))
	}
	d, err := designer.DecodeDesign([]byte(`{"schema":1,"ruleset":"metaverse","rulesVersion":1,"name":"Bad","weapons":[` + strings.Join(ws, ",") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestProblemCap: a fleet of MaxShips ships, each embedding a design of
// a hundred problems, lists MaxProblems problems and one R-LIM-07 problem
// counting the rest (51,000 problems before the cap); it stays illegal,
// and a fleet under the cap lists every problem without R-LIM-07.
func TestProblemCap(t *testing.T) {
	f := &fleet.Fleet{Schema: fleet.Schema, Ruleset: designer.RulesetMetaverse, RulesVersion: designer.RulesVersion,
		Name: "Bad fleet", Limit: fleet.Limit{CV: 1000}}
	for i := range fleet.MaxShips {
		f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Document: badDesign(t, 40)})
	}
	r := ev.Evaluate(f, nil)
	if r.Legal {
		t.Fatal("a fleet of illegal ships is legal")
	}
	if len(r.Problems) != fleet.MaxProblems+1 {
		t.Fatalf("%d problems, want %d listed and one counting the rest", len(r.Problems), fleet.MaxProblems)
	}
	last := r.Problems[len(r.Problems)-1]
	if last.Rule != ruleset.RuleProblemCap || last.Severity != designer.Error {
		t.Fatalf("last problem %+v, want an R-LIM-07 error", last)
	}
	// Every ship lists its design's 101 problems (the 100 first and its
	// own R-LIM-07): at least 500 × 101 in all.
	num, _, _ := strings.Cut(last.Message, " more problems are not listed")
	n, err := strconv.Atoi(strings.ReplaceAll(num, ",", ""))
	if least := fleet.MaxShips*(designer.MaxProblems+1) - fleet.MaxProblems; err != nil || n < least {
		t.Fatalf("cap problem %q, want it to count at least %d more problems", last.Message, least)
	}
	for _, p := range r.Problems[:fleet.MaxProblems] {
		if p.Rule == ruleset.RuleProblemCap && p.Path == "" {
			t.Fatalf("the fleet's own cap problem among the listed: %+v", p)
		}
	}

	f.Ships = []fleet.Ship{{ID: "s0", Document: badDesign(t, 5)}}
	r = ev.Evaluate(f, nil)
	if n := len(r.Problems); n < 10 || n > fleet.MaxProblems || has(r.Problems, ruleset.RuleProblemCap) {
		t.Fatalf("one ship of a few problems: %d problems %v; want them all and no R-LIM-07", n, r.Problems)
	}
}
