package sheets

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/d6ship"
)

func d6Sample(t *testing.T, file string) (*d6ship.Ship, *d6ship.Result) {
	t.Helper()
	b, err := fs.ReadFile(data.D6ship(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d6ship.New().DecodeShip(b)
	if err != nil {
		t.Fatal(err)
	}
	return s, d6ship.EvaluateShip(s, d6ship.Options{Velocity: -1})
}

// TestD6shipSheets prints each sample's stat block sheet and the quick
// reference: qpdf finds nothing wrong, two runs give the same bytes, and
// the text read back has the stat block's numbers, its shield arcs, its
// weapons with their pools, and the chapter's modifiers.
func TestD6shipSheets(t *testing.T) {
	qpdf := needTool(t, "qpdf", "qpdf")
	p, ok := PrinterFor(d6ship.ID)
	if !ok {
		t.Fatal("no printer for d6ship")
	}
	check := func(name string, pdf []byte) {
		t.Helper()
		file := filepath.Join(t.TempDir(), name+".pdf")
		if err := os.WriteFile(file, pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(qpdf, "--check", file).CombinedOutput(); err != nil {
			t.Errorf("%s: qpdf --check: %v\n%s", name, err, out)
		}
	}
	for _, file := range []string{"courier-class-ii.json", "frigate-class-v.json", "carrier-class-xii.json"} {
		s, r := d6Sample(t, file)
		pdf, err := p.Sheet(s, r, ruleset.PrintOptions{URL: "https://slipway.example/d/x"})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := p.Sheet(s, r, ruleset.PrintOptions{URL: "https://slipway.example/d/x"})
		if !bytes.Equal(pdf, again) {
			t.Errorf("%s: two runs differ", file)
		}
		check(file, pdf)
		text := allText(readBack(t, pdf))
		wants := []string{"STAT BLOCK: " + s.Name, r.ClassName, "ACTIONS", itoa(r.Actions), "DEFENSE", itoa(s.Defense), "E-DEFENSE", itoa(s.EDefense),
			"SUPERSTRUCTURE " + itoa(s.Superstructure), "CPU " + itoa(s.CPU), "FORWARD", "PORT", "STARBOARD", "AFT",
			"RAM AT " + itoa(r.Velocity), itoa(r.Collision), "no points", "d6 Starships, d6ship-stats/1", "minimum crew complement"}
		for _, sk := range r.Soak {
			wants = append(wants, itoa(sk.Shield)+itoa(sk.Total))
		}
		for _, w := range r.Weapons {
			wants = append(wants, w.Name, w.Attribute, itoa(w.Damage)+"d6", d6Numbers(w.Pools[0].ByIncrement))
		}
		for _, w := range wants {
			if !hasText(text, w) {
				t.Errorf("%s: the sheet does not show %q:\n%s", file, w, text)
			}
		}
	}
	pdf, err := p.Aids(ruleset.PrintOptions{Paper: "a4", BW: true})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := p.Aids(ruleset.PrintOptions{Paper: "a4", BW: true})
	if !bytes.Equal(pdf, again) {
		t.Error("the quick reference: two runs differ")
	}
	check("aids", pdf)
	pages := readBack(t, pdf)
	text := allText(pages)
	if len(pages) != 1 {
		t.Errorf("the quick reference has %d pages, want 1", len(pages))
	}
	for _, w := range []string{"QUICK REFERENCE", "Poor 3d6", "Elite 7d6", "forward-mounted weapon", "Aft-mounted weapon", "each range increment past the first",
		"Difficult [16] LOG", "Class × velocity", "vs E-DEFENSE"} {
		if !hasText(text, w) {
			t.Errorf("the quick reference does not show %q:\n%s", w, text)
		}
	}
}

// TestD6shipPrinterErrors: another game's design or evaluation is an
// error, not a panic.
func TestD6shipPrinterErrors(t *testing.T) {
	s, r := d6Sample(t, "courier-class-ii.json")
	if _, err := (D6shipPrinter{}).Sheet(nil, r, ruleset.PrintOptions{}); err == nil {
		t.Error("a nil design printed")
	}
	if _, err := (D6shipPrinter{}).Sheet(s, nil, ruleset.PrintOptions{}); err == nil {
		t.Error("a nil evaluation printed")
	}
}
