package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestStareaterFiles: validate and eval read Star Eater documents. Every
// sample is legal; each fixture of an error is illegal (exit 1), of a
// warning legal (exit 0); eval shows a number not known as "?" and says
// the numbers are descriptive.
func TestStareaterFiles(t *testing.T) {
	samples, _ := filepath.Glob("../../data/stareater/samples/*.json")
	invalid, _ := filepath.Glob("../../testdata/stareater/invalid/*.json")
	if len(samples) != 5 || len(invalid) < 20 {
		t.Fatalf("%d samples, %d invalid fixtures", len(samples), len(invalid))
	}
	if code, out, errs := runCLI(t, append([]string{"validate"}, samples...)...); code != 0 {
		t.Errorf("validate the samples: %d\n%s%s", code, out, errs)
	}
	for _, f := range invalid {
		want := 1
		switch filepath.Base(f) {
		case "SE-SET-03.json":
			want = 0 // a warning
		case "SE-COPY-01.json", "SE-COPY-02.json":
			want = 0 // their card set is read only through the library: here a warning
		}
		if code, out, errs := runCLI(t, "validate", f); code != want {
			t.Errorf("validate %s: %d, want %d\n%s%s", f, code, want, out, errs)
		}
	}
	code, out, _ := runCLI(t, "eval", "--explain", "../../data/stareater/samples/lamais-first-game.json")
	for _, want := range []string{"Star Eater", "total armour ? (not known)", "evasion ? (not known)", "descriptive, not official", "Numbers not known"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("eval --explain lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "<nil>") {
		t.Errorf("eval prints <nil>:\n%s", out)
	}
}
