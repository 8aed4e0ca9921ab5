package battleshift

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

const docFile = "../../docs/battleshift.md"

// TestDocsListEveryRule checks that docs/battleshift.md lists every rule
// id the ruleset reports with its severity: the class rules, and the
// fleet rules once the ruleset has fleets.
func TestDocsListEveryRule(t *testing.T) {
	b, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	rules := rs.Rules()
	if f, ok := any(rs).(ruleset.Fleets); ok {
		rules = append(rules, f.FleetRules()...)
	}
	for _, r := range rules {
		if !strings.Contains(doc, "| "+r.ID+" | "+string(r.Severity)+" |") {
			t.Errorf("docs/battleshift.md does not list %s as a %s", r.ID, r.Severity)
		}
	}
	for _, section := range []string{"## Ship class rules", "## Fleet rules", "## Decisions", "## The sample ships"} {
		if !strings.Contains(doc, "\n"+section+"\n") {
			t.Errorf("docs/battleshift.md has no section %q", section)
		}
	}
}

// TestDocsListEveryKindAndSample checks the catalogue table and the
// sample table of docs/battleshift.md against the catalogue and the
// costs.
func TestDocsListEveryKindAndSample(t *testing.T) {
	b, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, k := range rs.cat.Kinds {
		if !strings.Contains(doc, "| `"+k.Kind+"` | "+k.Name) {
			t.Errorf("the catalogue table has no row for %s", k.Kind)
		}
	}
	for _, s := range published {
		pub := fmt.Sprint(s.published)
		if s.published == 0 {
			pub = "?"
		}
		row := fmt.Sprintf("](../data/battleshift/samples/%s) | ", s.file)
		i := strings.Index(doc, row)
		if i < 0 {
			t.Errorf("the sample table has no row for %s", s.file)
			continue
		}
		line, _, _ := strings.Cut(doc[i:], "\n")
		if !strings.Contains(line, " | "+pub+" | "+fmt.Sprint(s.cost)+" | ") {
			t.Errorf("the sample table's row for %s does not give %s published, %d: %s", s.file, pub, s.cost, line)
		}
	}
}
