package battleshift_test

import (
	"os"
	"strings"
	"testing"
)

// fleetDocs is where the fleet rules are documented: the "Fleet rules"
// section of docs/battleshift.md, or docs/battleshift-fleets.md while
// that file is written elsewhere.
var fleetDocs = []string{"../../docs/battleshift.md", "../../docs/battleshift-fleets.md"}

// TestFleetDocsListRules: the docs have a "Fleet rules" section with a
// row for every fleet rule.
func TestFleetDocsListRules(t *testing.T) {
	var doc string
	for _, p := range fleetDocs {
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(b), "\n## Fleet rules\n") {
			doc = string(b)
			break
		}
	}
	if doc == "" {
		t.Fatalf("no \"## Fleet rules\" section in %v", fleetDocs)
	}
	for _, r := range fleetRS.FleetRules() {
		if !strings.Contains(doc, "| "+r.ID+" | "+string(r.Severity)+" |") {
			t.Errorf("the fleet docs have no row for %s (%s)", r.ID, r.Severity)
		}
	}
}
