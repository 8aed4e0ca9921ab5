package designer

import (
	"os"
	"strings"
	"testing"
)

func TestDocsListEveryRule(t *testing.T) {
	b, err := os.ReadFile("../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules {
		if !strings.Contains(string(b), "| "+r.ID+" | "+string(r.Severity)+" |") {
			t.Errorf("docs/rules.md does not list %s as a %s", r.ID, r.Severity)
		}
	}
}
