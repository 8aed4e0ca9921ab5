package api_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/testenv"
)

// ajvStrict runs .ci/openapi-lint/ajv-strict.mjs, Ajv (JSON Schema
// 2020-12, strict mode, with ajv-formats) on the schema files, each
// compiled alone, and returns what it printed and whether all compiled.
func ajvStrict(t *testing.T, files ...string) (string, bool) {
	t.Helper()
	lintTool(t, "redocly") // the same npm ci installs Ajv; this fails or skips as the linters do
	if _, err := os.Stat(filepath.Join(lintDir, "node_modules", "ajv-formats", "package.json")); err != nil {
		testenv.Missing(t, "Ajv", "run `npm ci --prefix .ci/openapi-lint` (needs Node.js 20.19 or later)")
	}
	out, err := exec.Command("node", append([]string{filepath.Join(lintDir, "ajv-strict.mjs")}, files...)...).CombinedOutput()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out), err == nil
}

// TestSchemasStrict: every JSON Schema in docs/ (the design and fleet
// schemas of each game, which the ruleset packages generate and other
// tests keep current) compiles alone in Ajv's strict mode: no unknown
// keyword, every keyword beside the type it applies to, every required
// member defined, and no $ref outside the file (a fleet schema bundles
// the design schema its ships embed).
func TestSchemasStrict(t *testing.T) {
	files, _ := filepath.Glob("../docs/*.schema.json")
	for _, want := range []string{"design", "fleet", "battleshift", "battleshift-fleet"} {
		f := "../docs/" + want + ".schema.json"
		found := false
		for _, g := range files {
			found = found || g == f
		}
		if !found {
			t.Fatalf("%s is missing", f)
		}
	}
	out, ok := ajvStrict(t, files...)
	if !ok || strings.Count(out, "ok ") != len(files) {
		t.Errorf("Ajv strict mode refuses a schema:\n%s", out)
	}
}

// TestSchemasStrictCatches makes sure the check above can fail: a
// keyword without its type, a required member not defined and a $ref
// outside the file are each refused.
func TestSchemasStrictCatches(t *testing.T) {
	dir := t.TempDir()
	for name, schema := range map[string]string{
		"untyped":  `{"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"n": {"maximum": 3}}, "type": "object"}`,
		"required": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["n"]}`,
		"outside":  `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "urn:slipway:design:1"}`,
	} {
		f := filepath.Join(dir, name+".json")
		if err := os.WriteFile(f, []byte(schema), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, ok := ajvStrict(t, f); ok || !strings.Contains(out, "FAIL") {
			t.Errorf("Ajv strict mode took %s:\n%s", name, out)
		}
	}
}
