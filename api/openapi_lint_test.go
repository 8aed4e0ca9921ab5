package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/api"

	"github.com/slipway/slipway/internal/testenv"
)

// lintDir holds the pinned OpenAPI linters (Redocly CLI and Stoplight
// Spectral, package.json and package-lock.json) and their rules
// (redocly.yaml, .spectral.yaml). .ci/run installs them with npm ci; so
// does a developer:
//
//	npm ci --prefix .ci/openapi-lint
const lintDir = "../.ci/openapi-lint"

// lintProblem is one finding of `redocly lint --format json`.
type lintProblem struct {
	RuleID   string `json:"ruleId"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Location []struct {
		Pointer string `json:"pointer"`
	} `json:"location"`
}

// redocly returns the linter's path, failing under CI=true when it is
// not installed and skipping, with how to install it, otherwise.
func redocly(t *testing.T) string { return lintTool(t, "redocly") }

// lintTool returns the path of a program of lintDir's node_modules,
// failing under CI=true when it is not installed and skipping, with how
// to install it, otherwise.
func lintTool(t *testing.T, name string) string {
	t.Helper()
	bin := filepath.Join(lintDir, "node_modules", ".bin", name)
	_, err := os.Stat(bin)
	if err == nil {
		_, err = exec.LookPath("node")
	}
	if err != nil {
		testenv.Missing(t, "OpenAPI linters", err.Error()+": run `npm ci --prefix .ci/openapi-lint` (needs Node.js 20.19 or later)")
	}
	// The linters need Node.js 20.19 or later (Debian 12's is 18; .ci/run
	// installs a newer one when the machine's is older).
	old := `const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)`
	if out, err := exec.Command("node", "-e", old).CombinedOutput(); err != nil {
		v, _ := exec.Command("node", "--version").Output()
		testenv.Missing(t, "Node.js 20.19 or later", fmt.Sprintf("node %s is older (%v %s); .ci/run installs a newer one", strings.TrimSpace(string(v)), err, out))
	}
	return bin
}

// lint runs the linter with Slipway's rules on file and returns every
// problem it reports, warnings and errors alike.
func lint(t *testing.T, bin, file string) []lintProblem {
	t.Helper()
	cmd := exec.Command(bin, "lint", "--config", filepath.Join(lintDir, "redocly.yaml"), "--format", "json", file)
	// No telemetry, no update check: the run must not depend on a network.
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true", "NO_COLOR=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var rep struct {
		Totals struct {
			Errors, Warnings, Ignored int
		} `json:"totals"`
		Problems []lintProblem `json:"problems"`
	}
	if jerr := json.Unmarshal(out, &rep); jerr != nil {
		t.Fatalf("redocly lint %s: %v (exit: %v)\nstdout: %.2000s\nstderr: %.2000s", file, jerr, err, out, stderr.String())
	}
	if n := rep.Totals.Errors + rep.Totals.Warnings + rep.Totals.Ignored; n != len(rep.Problems) {
		t.Fatalf("redocly lint %s: totals %+v but %d problems listed", file, rep.Totals, len(rep.Problems))
	}
	return rep.Problems
}

// spectralProblem is one finding of `spectral lint --format json`.
type spectralProblem struct {
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Path     []string `json:"path"`
	Severity int      `json:"severity"` // 0 error, 1 warning, 2 information, 3 hint
}

// spectral runs Stoplight Spectral with the spectral:oas ruleset
// (.spectral.yaml) on file and returns every finding, of any severity.
func spectral(t *testing.T, file string) []spectralProblem {
	t.Helper()
	bin := lintTool(t, "spectral")
	out := filepath.Join(t.TempDir(), "spectral.json")
	cmd := exec.Command(bin, "lint", "--ruleset", filepath.Join(lintDir, ".spectral.yaml"), "--format", "json",
		"--output", out, "--fail-severity", "hint", file)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	msg, err := cmd.CombinedOutput()
	b, rerr := os.ReadFile(out)
	var probs []spectralProblem
	if rerr != nil || json.Unmarshal(b, &probs) != nil {
		t.Fatalf("spectral lint %s: no report (exit: %v, read: %v)\noutput: %.2000s\nreport: %.2000s", file, err, rerr, msg, b)
	}
	if (err == nil) != (len(probs) == 0) {
		t.Fatalf("spectral lint %s: exit %v with %d findings\noutput: %.2000s", file, err, len(probs), msg)
	}
	return probs
}

// TestOpenAPISpectral runs a second linter, Stoplight Spectral with its
// spectral:oas ruleset, on the source document and on the document the
// server answers, and fails on any finding.
func TestOpenAPISpectral(t *testing.T) {
	lintTool(t, "spectral")
	served := filepath.Join(t.TempDir(), "served-openapi.json")
	if err := os.WriteFile(served, api.OpenAPI(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"openapi.json", served} {
		for _, p := range spectral(t, file) {
			t.Errorf("%s %s: severity %d %s: %s", filepath.Base(file), strings.Join(p.Path, "."), p.Severity, p.Code, p.Message)
		}
	}
}

// TestOpenAPISpectralCatches makes sure Spectral can fail: an array
// without items is an error of spectral:oas.
func TestOpenAPISpectralCatches(t *testing.T) {
	lintTool(t, "spectral")
	var doc map[string]any
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	ev := doc["components"].(map[string]any)["schemas"].(map[string]any)["FleetEvaluation"].(map[string]any)
	ev["properties"].(map[string]any)["tows"] = map[string]any{"type": "array"}
	b, _ := json.Marshal(doc)
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range spectral(t, broken) {
		if p.Code == "array-items" && p.Severity == 0 && strings.Join(p.Path, ".") == "components.schemas.FleetEvaluation.properties.tows" {
			return
		}
	}
	t.Error("spectral did not report the array without items")
}

// TestOpenAPILint runs a third-party OpenAPI 3.1 linter, Redocly CLI with
// its recommended rules made strict and a few more (see redocly.yaml), on
// the source document and on the document the server answers, and fails
// on any finding, warning or error.
func TestOpenAPILint(t *testing.T) {
	bin := redocly(t)
	served := filepath.Join(t.TempDir(), "served-openapi.json")
	if err := os.WriteFile(served, api.OpenAPI(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"openapi.json", served} {
		for _, p := range lint(t, bin, file) {
			where := ""
			if len(p.Location) > 0 {
				where = p.Location[0].Pointer
			}
			t.Errorf("%s %s: %s %s: %s", filepath.Base(file), where, p.Severity, p.RuleID, p.Message)
		}
	}
}

// TestOpenAPILintCatches makes sure the lint above can fail: the
// document with an operationId and a 4xx answer taken out must draw both
// findings.
func TestOpenAPILintCatches(t *testing.T) {
	bin := redocly(t)
	var doc map[string]any
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	get := doc["paths"].(map[string]any)["/api/v1/me"].(map[string]any)["get"].(map[string]any)
	delete(get, "operationId")
	delete(get["responses"].(map[string]any), "401")
	b, _ := json.Marshal(doc)
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, b, 0o644); err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, p := range lint(t, bin, broken) {
		found[p.RuleID] = true
	}
	for _, rule := range []string{"operation-operationId", "operation-4xx-response"} {
		if !found[rule] {
			t.Errorf("the linter did not report %s; it reported %v", rule, found)
		}
	}
}
