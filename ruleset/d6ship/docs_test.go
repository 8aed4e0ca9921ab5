package d6ship

import (
	"os"
	"strings"
	"testing"
)

// TestDocsListEveryRule: docs/d6ship.md lists every rule with its
// severity and has its sections.
func TestDocsListEveryRule(t *testing.T) {
	b, err := os.ReadFile("../../docs/d6ship.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, r := range rs.Rules() {
		if !strings.Contains(doc, "| "+r.ID+" | "+string(r.Severity)+" |") {
			t.Errorf("docs/d6ship.md does not list %s as a %s", r.ID, r.Severity)
		}
	}
	for _, section := range []string{"## The document", "## Rules", "## Derived numbers", "## Decisions", "## The samples"} {
		if !strings.Contains(doc, "\n"+section+"\n") {
			t.Errorf("docs/d6ship.md has no section %q", section)
		}
	}
	for _, s := range rs.Samples() {
		if !strings.Contains(doc, "(../data/d6ship/samples/"+s.File+")") {
			t.Errorf("docs/d6ship.md does not link %s", s.File)
		}
	}
}
