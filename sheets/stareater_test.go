package sheets

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/stareater"
)

// seSample decodes a Star Eater sample and evaluates it, bound to the
// example card set when bind is true (as the library binds a loadout's
// card set).
func seSample(t *testing.T, file string, bind bool) (ruleset.Design, ruleset.Evaluation) {
	t.Helper()
	r := stareater.New()
	b, err := fs.ReadFile(data.Stareater(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if bind {
		sb, _ := fs.ReadFile(data.Stareater(), "samples/example-card-set.json")
		set, err := r.Decode(sb)
		if err != nil {
			t.Fatal(err)
		}
		switch x := d.(type) {
		case *stareater.Loadout:
			x.CardSet = "example"
		case *stareater.Team:
			x.CardSet = "example"
		}
		d = r.Bind(d, map[string]ruleset.Design{"example": set})
	}
	ev, err := r.Evaluate(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d, ev
}

// TestStareaterSheets: each Star Eater document prints (a loadout's two
// mats, a team's four, a card set's cards, the quick reference); qpdf
// --check passes; two runs give the same bytes; pdftotext shows the slot
// names, the cards, the armour values and the Icon Key. With
// SLIPWAY_SE_PDF=dir the PDFs are kept there to look at.
func TestStareaterSheets(t *testing.T) {
	p := StareaterPrinter{}
	cases := []struct {
		name string
		pdf  func() ([]byte, error)
		want []string
	}{
		{"lamais-builtin", func() ([]byte, error) {
			d, ev := seSample(t, "lamais-first-game.json", false)
			return p.Sheet(d, ev, ruleset.PrintOptions{})
		}, []string{"LOADOUT MAT: RNC Gilgamesh", "MAIN WEAPON (red)", "BROADSIDES (yellow)", "POINT DEFENCE (green)", "HANGAR (blue)", "SPECIAL (pink)",
			"AC-10 Rail Cannon", "Helix Cannons", "Apollo", "Slingshot System", "CORVETTE 1: Authority", "CORVETTE 4: Vanguard",
			"MOMENTUM TRACK", "COOLDOWN TRACK", "NEXT", "ARMOUR MAT: RNC Gilgamesh", "EVASION", "ARMOUR ?", "STRUCTURE ?", "not official"}},
		{"lamais-example-set", func() ([]byte, error) {
			d, ev := seSample(t, "lamais-first-game.json", true)
			return p.Sheet(d, ev, ruleset.PrintOptions{Paper: "a4", Verify: "https://slipway.example/v/0123456789ABCDEF"})
		}, []string{"ARMOUR 4", "ARMOUR 3", "ARMOUR 2", "STRUCTURE 6", "Prow: armour 4, flows to Structure", "Example special"}},
		{"uniset-bw", func() ([]byte, error) {
			d, ev := seSample(t, "uniset-first-game.json", false)
			return p.Sheet(d, ev, ruleset.PrintOptions{BW: true})
		}, []string{"USF Prosperity", "Wolfhound Beam", "RAM PROW", "Ram prow: armour ?, flows to Prow", "CORVETTE 3: Newton"}},
		{"team", func() ([]byte, error) {
			d, ev := seSample(t, "lamais-2v2-team.json", true)
			return p.Sheet(d, ev, ruleset.PrintOptions{})
		}, []string{"LOADOUT MAT: RNC Gilgamesh (Player 1)", "ARMOUR MAT: RNC Virgil (Player 2)"}},
		{"cards", func() ([]byte, error) {
			d, ev := seSample(t, "example-card-set.json", false)
			return p.Sheet(d, ev, ruleset.PrintOptions{})
		}, []string{"CARDS: Example card set", "AC-10 Rail Cannon", "Home-made Lance", "Copies", "Launch a corvette one hex further out."}},
		{"reference", func() ([]byte, error) { return p.Aids(ruleset.PrintOptions{}) },
			[]string{"ROUND ORDER", "ICON KEY", "Damage", "Range", "Cooldown", "Speed", "Turns", "Accuracy", "Evasion", "CORVETTE MOVEMENT", "WEAPON RULES", "COLLISIONS"}},
	}
	// The designer's preview draws the same layout as SVG.
	d, ev := seSample(t, "lamais-first-game.json", true)
	svg, err := p.SheetSVG(d, ev, ruleset.PrintOptions{})
	if err != nil || !bytes.Contains(svg, []byte("<svg ")) || !bytes.Contains(svg, []byte(`data-pages="2"`)) || !bytes.Contains(svg, []byte("ARMOUR 4")) {
		t.Errorf("SheetSVG: %v %.200s", err, svg)
	}
	keep := os.Getenv("SLIPWAY_SE_PDF")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := c.pdf()
			if err != nil {
				t.Fatal(err)
			}
			b, err := c.pdf()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Error("two runs print different bytes")
			}
			dir := t.TempDir()
			if keep != "" {
				dir = keep
			}
			f := filepath.Join(dir, "se-"+c.name+".pdf")
			if err := os.WriteFile(f, a, 0o644); err != nil {
				t.Fatal(err)
			}
			qpdfCheck(t, c.name, a)
			text := seText(t, f)
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("pdftotext lacks %q", w)
				}
			}
		})
	}
}

func seText(t *testing.T, f string) string {
	t.Helper()
	tool := needTool(t, "pdftotext", "poppler-utils")
	out, err := exec.Command(tool, "-layout", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
