package rulesettest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// Fixture checks the fixture of rule r in dir (r.ID + ".json"), a
// document that breaks r alone: it yields exactly r and also (the
// problems that necessarily come with r), r at r's severity, every
// problem with a message and a hint, and no message showing any of
// forbidden (paths and ids a player should not read). problems is the
// game's decode and validation of a document; pkg is the game's package
// path, for the message that tells how to write the fixtures.
func Fixture(t *testing.T, r ruleset.RuleInfo, dir string, also []string, problems func([]byte) ruleset.Problems, pkg string, forbidden ...string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, r.ID+".json"))
	if err != nil {
		t.Fatalf("fixture missing (go test %s -run TestInvalidFixtures -update): %v", pkg, err)
	}
	ps := problems(b)
	got := ps.Rules()
	want := append([]string{r.ID}, also...)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("fixture yields %v, want exactly %v:\n%v", got, want, ps)
	}
	for _, p := range ps {
		if p.Rule == r.ID && p.Severity != r.Severity {
			t.Errorf("%s reported as %s, the rule is a %s", p.Rule, p.Severity, r.Severity)
		}
		if p.Message == "" || p.Hint == "" && p.Rule != ruleset.RuleJSONSyntax {
			t.Errorf("problem lacks a message or a hint: %+v", p)
		}
		for _, f := range forbidden {
			if strings.Contains(p.Message, f) {
				t.Errorf("message shows a path or an id (%q): %q", f, p.Message)
			}
		}
	}
	t.Log(ps)
}
