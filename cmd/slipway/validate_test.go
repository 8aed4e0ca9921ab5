package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestValidateExitCodes(t *testing.T) {
	samples, _ := filepath.Glob("../../data/samples/*.json")
	invalid, _ := filepath.Glob("../../testdata/invalid/R-*.json")
	if len(samples) < 10 || len(invalid) < 50 {
		t.Fatalf("fixtures missing: %d samples, %d invalid", len(samples), len(invalid))
	}
	dir := t.TempDir()
	unreadable := filepath.Join(dir, "missing.json")
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"samples are legal", append([]string{"validate"}, samples...), 0},
		{"invalid fixtures are illegal", append([]string{"validate"}, invalid...), 1},
		{"one broken rule", []string{"validate", "../../testdata/invalid/R-SEC-05.json"}, 1},
		{"broken JSON is illegal, not unreadable", []string{"validate", "../../testdata/invalid/R-JSON-01.json"}, 1},
		{"warnings only are legal", []string{"validate", "../../testdata/invalid/R-PRO-06.json"}, 0},
		{"missing file", []string{"validate", unreadable}, 2},
		{"a directory", []string{"validate", dir}, 2},
		{"no files", []string{"validate"}, 2},
		{"tier limit", []string{"validate", "--tier", "1", "../../data/samples/ras-freedom.json"}, 1},
		{"bad flag", []string{"validate", "--nope"}, 2},
		{"flags after files", []string{"validate", "../../testdata/invalid/R-SEC-05.json", "--json", "--tier", "3"}, 1},
		{"help", []string{"validate", "--help"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, out, errs := runCLI(t, tt.args...); code != tt.want {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.want, out, errs)
			}
		})
	}
}

func TestValidateJSONReport(t *testing.T) {
	code, out, _ := runCLI(t, "validate", "--json", "../../testdata/invalid/R-WPN-03.json", "../../testdata/reference-cruiser.json")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var reports []fileReport
	if err := json.Unmarshal([]byte(out), &reports); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(reports) != 2 || reports[0].Legal || !reports[1].Legal {
		t.Fatalf("reports: %+v", reports)
	}
	p := reports[0].Problems[0]
	if p.Rule != "R-WPN-03" || p.Path != "sections.fore.weapons[0].sectors[4]" || p.Severity != "error" || p.Hint == "" {
		t.Fatalf("problem: %+v", p)
	}
}

func TestValidateTextNamesRulePathAndHint(t *testing.T) {
	_, out, _ := runCLI(t, "validate", "../../testdata/invalid/R-SEC-05.json")
	for _, want := range []string{"illegal", "R-SEC-05", "sections.port.shields.port", "no shield generator", "add a shield generator"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	for _, c := range commands() {
		code, _, errs := runCLI(t, c.name, "--help")
		if code != 0 || !strings.Contains(errs, "usage: slipway "+c.name) {
			t.Errorf("%s --help: exit %d, stderr:\n%s", c.name, code, errs)
		}
		if code, _, _ := runCLI(t, c.name, "--no-such-flag"); code != 2 {
			t.Errorf("%s with a bad flag: exit %d, want 2", c.name, code)
		}
	}
}

func TestCatalogueCommand(t *testing.T) {
	code, out, _ := runCLI(t, "catalogue")
	if code != 0 || !strings.Contains(out, "energyGrappler") || !strings.Contains(out, "1-20") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "catalogue", "--json")
	var c struct{ Kinds []struct{ Kind string } }
	if code != 0 || json.Unmarshal([]byte(out), &c) != nil || len(c.Kinds) != 31 {
		t.Fatalf("catalogue --json: exit %d, %d kinds", code, len(c.Kinds))
	}
}

func TestUnknownCommand(t *testing.T) {
	if code, _, errs := runCLI(t, "frobnicate"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat("main.go"); err != nil {
		t.Fatal(err)
	}
}
