package library_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayers keeps the imports pointing inward: the domain (designer,
// costing, library) knows no edge; the ruleset seam knows no game, and a
// game knows only the seam (and data); stores know the domain, not HTTP; the
// HTTP API and the web pages know the domain, not a store.
func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "github.com/slipway/slipway/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/slipway/slipway/"
	forbidden := map[string][]string{
		"designer":    {"costing", "library", "api", "web", "sheets", "data/sqlite", "data/postgres", "net/http", "database/sql"},
		"costing":     {"library", "api", "web", "sheets", "data/sqlite", "data/postgres", "net/http", "database/sql"},
		"library":     {"api", "web", "sheets", "data/sqlite", "data/postgres", "net/http", "database/sql"},
		"fleet":       {"library", "api", "web", "sheets", "data/sqlite", "data/postgres", "net/http", "database/sql"},
		"sheets":      {"library", "api", "web", "data/sqlite", "data/postgres", "net/http", "database/sql"},
		"data/sqlite": {"api", "web", "sheets"},
		// The seam holds no game rule; a game's package knows the seam,
		// not Slipway's other games or its edges.
		"ruleset":             {"designer", "costing", "fleet", "library", "sheets", "api", "web", "data/sqlite", "data/postgres", "ruleset/metaverse", "ruleset/battleshift", "ruleset/d6ship", "ruleset/stareater", "net/http", "database/sql"},
		"ruleset/battleshift": {"designer", "costing", "fleet", "library", "sheets", "api", "web", "data/sqlite", "data/postgres", "ruleset/metaverse", "ruleset/stareater", "net/http", "database/sql"},
		"ruleset/d6ship":      {"designer", "costing", "fleet", "library", "sheets", "api", "web", "data/sqlite", "data/postgres", "ruleset/metaverse", "ruleset/battleshift", "ruleset/stareater", "net/http", "database/sql"},
		"ruleset/stareater":   {"designer", "costing", "fleet", "library", "sheets", "api", "web", "data/sqlite", "data/postgres", "ruleset/metaverse", "ruleset/battleshift", "ruleset/d6ship", "net/http", "database/sql"},
		"ruleset/metaverse":   {"library", "sheets", "api", "web", "data/sqlite", "data/postgres", "ruleset/battleshift", "ruleset/d6ship", "ruleset/stareater", "net/http", "database/sql"},
		"api":                 {"data/sqlite", "data/postgres", "web"},
		"web":                 {"data/sqlite", "data/postgres"},
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		bad, ok := forbidden[pkg]
		if !ok {
			continue
		}
		seen++
		for _, imp := range f[1:] {
			for _, b := range bad {
				if imp == mod+b || imp == b {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		}
	}
	if seen < 9 {
		t.Fatalf("checked only %d packages; go list said:\n%s", seen, out)
	}
}
