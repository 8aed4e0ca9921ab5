package main

import (
	"os"
	"strings"
	"testing"
)

// TestHoldoutCommand: slipway holdout writes the hold-out designs and
// prints the table of docs/calibration.md; bad flags are refused.
func TestHoldoutCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI(t, "holdout", "--duels", "4", "--write", dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"| design | family | CV | fair CV | fair / CV |", "| Reference Cruiser (fortress) | fortress |", "within 0.67-1.5 (target: all", "| ×1 | 100 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	files, _ := os.ReadDir(dir)
	if len(files) < 50 {
		t.Errorf("--write wrote %d files", len(files))
	}
	if code, _, errs := runCLI(t, "holdout", "--duels", "0"); code != 2 || !strings.Contains(errs, "--duels 0: allowed 1 to 10000") {
		t.Errorf("--duels 0: exit %d, %q", code, errs)
	}
}
