package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPrintCommands(t *testing.T) {
	dir := t.TempDir()
	sample := filepath.Join("..", "..", "data", "samples", "reference-cruiser.json")
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"sheet", []string{"sheet", sample, "-o", filepath.Join(dir, "s.pdf"), "--paper", "a4", "--bw"}, 0},
		{"card", []string{"card", sample, sample, "-o", filepath.Join(dir, "c.pdf")}, 0},
		{"aids", []string{"aids", "-o", filepath.Join(dir, "a.pdf"), "--one-per-page"}, 0},
		{"pack", []string{"pack", sample, "-o", filepath.Join(dir, "p.pdf")}, 0},
		{"no output", []string{"sheet", sample}, 2},
		{"two files", []string{"sheet", sample, sample, "-o", filepath.Join(dir, "x.pdf")}, 2},
		{"bad paper", []string{"sheet", sample, "-o", filepath.Join(dir, "y.pdf"), "--paper", "tabloid"}, 2}, // bad usage, refused before reading anything
		{"missing file", []string{"sheet", filepath.Join(dir, "nope.json"), "-o", filepath.Join(dir, "z.pdf")}, 2},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := run(context.Background(), tt.args, &out, &errb); code != tt.code {
			t.Errorf("%s: exit %d, want %d (%s)", tt.name, code, tt.code, errb.String())
		}
	}
	for _, f := range []string{"s.pdf", "c.pdf", "a.pdf", "p.pdf"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("%s: not a PDF (%v)", f, err)
		}
	}
	for _, f := range []string{"y.pdf", "z.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s written despite the error", f)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".slipway-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestPrintCommandsWarnIllegal: printing an illegal design works, and
// each printing command warns on stderr naming the file and its problem
// count; a legal design prints no warning.
func TestPrintCommandsWarnIllegal(t *testing.T) {
	dir := t.TempDir()
	legal := filepath.Join("..", "..", "data", "samples", "reference-cruiser.json")
	illegal := filepath.Join("..", "..", "testdata", "invalid", "R-SEC-05.json")
	for _, cmd := range []string{"sheet", "card", "pack"} {
		var out, errb bytes.Buffer
		args := []string{cmd, illegal, "-o", filepath.Join(dir, cmd+".pdf")}
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("%s of an illegal design: exit %d (%s)", cmd, code, errb.String())
		}
		want := "slipway " + cmd + ": warning: " + illegal + ": NOT LEGAL: 1 problem;"
		if !strings.Contains(errb.String(), want) {
			t.Errorf("%s: stderr %q lacks %q", cmd, errb.String(), want)
		}
		errb.Reset()
		args = []string{cmd, legal, "-o", filepath.Join(dir, cmd+"-legal.pdf")}
		if code := run(context.Background(), args, &out, &errb); code != 0 || errb.Len() > 0 {
			t.Errorf("%s of a legal design: exit %d, stderr %q", cmd, code, errb.String())
		}
	}
}
