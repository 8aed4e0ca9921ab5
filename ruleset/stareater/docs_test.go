package stareater

import (
	"os"
	"strings"
	"testing"
)

// TestDocsListEveryRule: docs/stareater.md lists every rule with its
// severity, has its sections and links every sample.
func TestDocsListEveryRule(t *testing.T) {
	b, err := os.ReadFile("../../docs/stareater.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, r := range rs.Rules() {
		if !strings.Contains(doc, "| "+r.ID+" | "+string(r.Severity)+" |") {
			t.Errorf("docs/stareater.md does not list %s as a %s", r.ID, r.Severity)
		}
	}
	for _, section := range []string{"## The documents", "## Rules", "## Descriptive numbers", "## What is unknown, and why", "## Decisions", "## The samples"} {
		if !strings.Contains(doc, "\n"+section+"\n") {
			t.Errorf("docs/stareater.md has no section %q", section)
		}
	}
	for _, s := range rs.Samples() {
		if !strings.Contains(doc, "(../data/stareater/samples/"+s.File+")") {
			t.Errorf("docs/stareater.md does not link %s", s.File)
		}
	}
}
