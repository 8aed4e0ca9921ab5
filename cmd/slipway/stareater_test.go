package main

import (
	"bytes"
	"os"
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

// TestStareaterUses: --uses REF=FILE reads the card set a loadout names
// from a file, so eval --explain, validate and sheet show its numbers;
// a reference the design does not name, a file of another game, a bad
// REF=FILE and a Metaverse design given --uses are refused with exit 2.
func TestStareaterUses(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("../../data/stareater/samples/lamais-first-game.json")
	if err != nil {
		t.Fatal(err)
	}
	loadout := filepath.Join(dir, "loadout.json")
	os.WriteFile(loadout, bytes.Replace(b, []byte(`"cardSet": "builtin"`), []byte(`"cardSet": "my-cards@2"`), 1), 0o644)
	cards := "../../data/stareater/samples/example-card-set.json"
	code, out, errs := runCLI(t, "eval", "--explain", loadout)
	if code != 0 || !strings.Contains(out, "total armour ? (not known)") || !strings.Contains(out, "--uses my-cards@2=FILE") {
		t.Errorf("eval without --uses: %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "eval", "--explain", loadout, "--uses", "my-cards@2="+cards)
	for _, want := range []string{"total armour 18", "evasion 1", "damage per cooldown round 4", "numbers not known 0", "AC-10 Rail Cannon = 2   [damage ÷ max(1, cooldown)]   (damage=4, cooldown=2)"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("eval --uses lacks %q: %d\n%s%s", want, code, out, errs)
		}
	}
	if strings.Contains(out, "SE-SET-03") {
		t.Errorf("eval --uses still says the set is not read:\n%s", out)
	}
	code, out, errs = runCLI(t, "validate", "--json", "--uses", "my-cards@2="+cards, loadout)
	if code != 0 || strings.Contains(out, "SE-SET-03") {
		t.Errorf("validate --uses: %d\n%s%s", code, out, errs)
	}
	pdf := filepath.Join(dir, "mats.pdf")
	if code, out, errs := runCLI(t, "sheet", loadout, "-o", pdf, "--uses", "my-cards@2="+cards); code != 0 {
		t.Errorf("sheet --uses: %d\n%s%s", code, out, errs)
	} else if b, _ := os.ReadFile(pdf); !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("sheet --uses wrote %d bytes that are no PDF", len(b))
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", loadout, "--uses", "other=" + cards}, `the design does not name "other" (it names only "my-cards@2")`},
		// A loadout or a team is no card set: the game says so, naming
		// the file, the reference and what a card set is.
		{[]string{"eval", loadout, "--uses", "my-cards@2=" + loadout}, "--uses my-cards@2: " + loadout +
			` is a loadout, not a card set: the loadout's "cardSet" names a card set, the document of kind "cardSet" that lists your cards' numbers`},
		{[]string{"eval", "--explain", loadout, "--uses", "my-cards@2=../../data/stareater/samples/lamais-2v2-team.json"},
			"--uses my-cards@2: ../../data/stareater/samples/lamais-2v2-team.json is a 2v2 team, not a card set: the loadout's \"cardSet\" names a card set"},
		{[]string{"sheet", loadout, "-o", filepath.Join(dir, "no.pdf"), "--uses", "my-cards@2=" + loadout}, "is a loadout, not a card set"},
		{[]string{"eval", loadout, "--uses", "my-cards@2=../../data/d6ship/samples/" + firstFile(t, "../../data/d6ship/samples/*.json")}, "is a d6 "},
		{[]string{"eval", loadout, "--uses", "My Cards=" + cards}, "is not a reference a design can name"},
		{[]string{"eval", loadout, "--uses", "my-cards"}, "give REF=FILE"},
		{[]string{"eval", "../../data/samples/" + firstFile(t, "../../data/samples/*.json"), "--uses", "my-cards=" + cards}, "names no other documents"},
		{[]string{"eval", loadout, "--uses", "my-cards@2=" + filepath.Join(dir, "missing.json")}, "missing.json"},
	} {
		code, out, errs := runCLI(t, c.args...)
		if strings.Contains(errs+out, "the library has no card set") {
			t.Errorf("%v speaks of the library:\n%s%s", c.args, out, errs)
		}
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want 2 with %q\n%s%s", c.args, code, c.want, out, errs)
		}
	}

	// validate reports it as the file's problem (exit 1), as it does a
	// file of another game.
	code, out, errs = runCLI(t, "validate", loadout, "--uses", "my-cards@2="+loadout)
	if code != 1 || !strings.Contains(out, loadout+` is a loadout, not a card set: the loadout's "cardSet" names a card set`) {
		t.Errorf("validate --uses a loadout: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "no.pdf")); err == nil {
		t.Error("sheet --uses a loadout wrote a PDF")
	}
}

func firstFile(t *testing.T, glob string) string {
	t.Helper()
	m, _ := filepath.Glob(glob)
	if len(m) == 0 {
		t.Fatalf("no %s", glob)
	}
	return filepath.Base(m[0])
}
