package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/slipway/slipway/internal/testenv"
)

// pdfToText runs poppler's pdftotext on a PDF file, pages first to last
// (0 for all), as a player's viewer or a reviewer would read it. Without
// pdftotext the test is skipped, but under CI=true (where .ci/run
// installs poppler-utils) it fails.
func pdfToText(t *testing.T, file string, first, last int) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		testenv.Missing(t, "pdftotext", "install Debian's poppler-utils; .ci/run installs it")
	}
	args := []string{}
	if first > 0 {
		args = append(args, "-f", itoa(first), "-l", itoa(last))
	}
	out, err := exec.Command("pdftotext", append(args, file, "-")...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext %s: %v\n%s", file, err, out)
	}
	return string(out)
}

func itoa(n int) string { return strconv.Itoa(n) }

// unspaced drops all white space, so text compares however a page
// wrapped or spaced it.
func unspaced(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// TestFleetPackTellsTheTruth prints the pack of every fleet fixture of
// both games (issue 20, item 8, acceptance 6) and reads it back with
// pdftotext: page one names the fleet and its limit, and says NOT LEGAL
// exactly when validation finds the whole fleet illegal (its own
// problems, such as the limit, included); every problem validation
// reports is in the pack in full.
func TestFleetPackTellsTheTruth(t *testing.T) {
	meta, _ := filepath.Glob("../../testdata/fleets/*.json")
	bs, _ := filepath.Glob("../../testdata/battleshift/fleets/*.json")
	files := append(meta, bs...)
	dir := t.TempDir()
	illegal := map[string]int{}
	for _, f := range files {
		var doc struct {
			Name        string
			Ruleset     string
			PointsLimit int
			Limit       map[string]int
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		_, out, _ := runCLI(t, "fleet", "validate", "--json", f)
		var v []struct {
			Legal    bool
			Problems []struct{ Severity, Message, Hint string }
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil || len(v) != 1 {
			t.Fatalf("%s: validate --json: %v\n%s", f, err, out)
		}
		pdf := filepath.Join(dir, filepath.Base(f)+".pdf")
		if code, o, e := runCLI(t, "fleet", "pack", f, "-o", pdf); code != 0 {
			t.Errorf("%s: exit %d: %s%s", f, code, o, e)
			continue
		}
		page1 := pdfToText(t, pdf, 1, 1)
		all := unspaced(pdfToText(t, pdf, 0, 0))
		name := doc.Name
		if name == "" {
			name = "Unnamed fleet"
		}
		var limit string
		switch {
		case doc.Limit["cv"] > 0:
			limit = itoa(doc.Limit["cv"]) + " CV"
		case doc.Limit["points"] > 0:
			limit = thousands(doc.Limit["points"]) + " points"
		case doc.PointsLimit > 0:
			limit = itoa(doc.PointsLimit) + " points"
		}
		for _, want := range []string{name, limit} {
			if want != "" && !strings.Contains(page1, want) {
				t.Errorf("%s: page 1 lacks %q:\n%s", f, want, page1)
			}
		}
		if limit == "" {
			t.Errorf("%s: the fixture has no limit", f)
		}
		if got := strings.Contains(page1, "NOT LEGAL"); got == v[0].Legal {
			t.Errorf("%s: validation says legal=%v, page 1 says NOT LEGAL=%v:\n%s", f, v[0].Legal, got, page1)
		}
		if !v[0].Legal {
			illegal[doc.Ruleset]++
		}
		for _, p := range v[0].Problems {
			for _, want := range []string{p.Message, p.Hint} {
				if !strings.Contains(all, unspaced(want)) {
					t.Errorf("%s: the pack lacks the whole of %q", f, want)
				}
			}
		}
	}
	// The fixtures this test is about: 9 illegal Metaverse fleets and 10
	// illegal Battleshift ones.
	if illegal["metaverse"] < 9 || illegal["battleshift"] < 10 || len(files) < 20 {
		t.Errorf("%d files, illegal: %v", len(files), illegal)
	}
}

// thousands writes n with commas: 1,200.
func thousands(n int) string {
	s := itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
