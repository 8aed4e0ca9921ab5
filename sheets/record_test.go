package sheets

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// checkGeometry asserts the layout rules on a record sheet's pages
// (checkLayout), which must have hull bubbles.
func checkGeometry(t *testing.T, name string, pages []*Page) {
	t.Helper()
	if checkLayout(t, name, pages) == 0 {
		t.Errorf("%s: no hull bubbles laid out", name)
	}
}

// checkLayout asserts the layout rules on laid-out pages: every top
// element inside the printable area, every child inside its parent,
// siblings never overlapping, bubbles at least 3.5 mm. It returns how
// many hull bubbles the pages have.
func checkLayout(t *testing.T, name string, pages []*Page) int {
	t.Helper()
	hull := 0
	for pi, p := range pages {
		if p.Printable.X < printMargin-geomEps || p.Printable.Right() > p.W-printMargin+geomEps ||
			p.Printable.Y < printMargin-geomEps || p.Printable.Bottom() > p.H-printMargin+geomEps {
			t.Errorf("%s page %d: printable area %+v outside the page margins", name, pi+1, p.Printable)
		}
		for i, e := range p.Elements {
			if !p.Printable.Contains(e.Box) {
				t.Errorf("%s page %d: %s %+v outside printable area %+v", name, pi+1, e.Kind, e.Box, p.Printable)
			}
			for _, o := range p.Elements[i+1:] {
				if e.Box.Overlaps(o.Box) {
					t.Errorf("%s page %d: %s %+v overlaps %s %+v", name, pi+1, e.Kind, e.Box, o.Kind, o.Box)
				}
			}
		}
		errs := 0
		p.Walk(func(e, parent *Element) {
			if errs > 20 {
				return
			}
			if e.Box.W < 0 || e.Box.H < 0 || math.IsNaN(e.Box.X) || math.IsNaN(e.Box.Y) {
				t.Errorf("%s page %d: %s has a bad box %+v", name, pi+1, e.Kind, e.Box)
				errs++
			}
			switch e.Kind {
			case "hull", "crew", "marine", "shield", "adapt", "system", "plate", "fighter":
				if e.Kind == "hull" {
					hull++
				}
				if e.Box.W < 3.5 || e.Box.H < 3.5 {
					t.Errorf("%s page %d: %s bubble %+v smaller than 3.5 mm", name, pi+1, e.Kind, e.Box)
					errs++
				}
			}
			for i, k := range e.Children {
				if !e.Box.Contains(k.Box) {
					t.Errorf("%s page %d: %s %+v sticks out of its %s %+v", name, pi+1, k.Kind, k.Box, e.Kind, e.Box)
					errs++
				}
				for _, o := range e.Children[i+1:] {
					if k.Box.Overlaps(o.Box) {
						t.Errorf("%s page %d: in %s, %s %+v overlaps %s %+v", name, pi+1, e.Kind, k.Kind, k.Box, o.Kind, o.Box)
						errs++
					}
				}
			}
		})
	}
	return hull
}

func TestRecordSheetGeometry(t *testing.T) {
	type tc struct {
		name string
		ship Ship
	}
	var cases []tc
	for _, n := range sampleNames(t) {
		cases = append(cases, tc{n, testShip(loadSample(t, n))})
	}
	cases = append(cases, tc{"stress", testShip(stressDesign())}, tc{"hostile", testShip(hostileDesign())})
	for _, c := range cases {
		for _, opt := range []Options{{}, {Paper: "a4"}, {BW: true}} {
			pages, err := LayoutRecordSheet(c.ship, opt)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			checkGeometry(t, c.name+"/"+opt.Paper, pages)
		}
	}
}

func TestStressDesignHullHitsAllPrinted(t *testing.T) {
	d := stressDesign()
	pages, err := LayoutRecordSheet(testShip(d), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, ns := range d.Sections.List() {
		want += ns.Section.HullHits()
	}
	got := 0
	for _, p := range pages {
		p.Walk(func(e, _ *Element) {
			if e.Kind == "hull" {
				got++
			}
		})
	}
	if got != want {
		t.Errorf("hull bubbles = %d, want %d", got, want)
	}
	if len(pages) < 2 {
		t.Errorf("stress design fits on %d page; expected it to continue", len(pages))
	}
}

func TestRecordSheetReadBack(t *testing.T) {
	for _, n := range sampleNames(t) {
		for _, opt := range []Options{{}, {Paper: "a4", BW: true}} {
			d := loadSample(t, n)
			s := testShip(d)
			var buf bytes.Buffer
			if err := RecordSheet(&buf, s, opt); err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			pages := readBack(t, buf.Bytes())
			if len(pages) < 1 || len(pages) > 2 {
				t.Errorf("%s: %d pages, want 1 or 2", n, len(pages))
			}
			wantW, wantH := 279.4, 215.9
			if opt.Paper == "a4" {
				wantW, wantH = 297, 210
			}
			for i, p := range pages {
				if math.Abs(p.w-wantW) > 0.2 || math.Abs(p.h-wantH) > 0.2 {
					t.Errorf("%s page %d: %.1f x %.1f mm, want %.1f x %.1f", n, i+1, p.w, p.h, wantW, wantH)
				}
			}
			text := allText(pages)
			first := strings.Join(pages[0].lines, "\n")
			for _, want := range []string{itoa(s.Result.CV), itoa(s.Result.Points) + " pts", "COMBAT VALUE"} {
				if !hasText(first, want) {
					t.Errorf("%s: first page lacks %q", n, want)
				}
			}
			if !hasText(strings.ReplaceAll(first, "\n", ""), d.Name) {
				t.Errorf("%s: first page lacks the class name %q:\n%s", n, d.Name, first)
			}
			for _, w := range d.Weapons {
				if !hasText(text, w.Name) {
					t.Errorf("%s: no weapon line for %q", n, w.Name)
				}
			}
			if hasText(text, "TECH LEVEL") {
				t.Errorf("%s: the tech level is printed", n)
			}
		}
	}
}

func TestRecordSheetDeterministic(t *testing.T) {
	for _, s := range []Ship{testShip(loadSample(t, "reference-cruiser.json")), testShip(stressDesign())} {
		var a, b bytes.Buffer
		if err := RecordSheet(&a, s, Options{}); err != nil {
			t.Fatal(err)
		}
		if err := RecordSheet(&b, s, Options{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two renders differ", s.Design.Name)
		}
	}
}

func TestRecordSheetHostileText(t *testing.T) {
	d := hostileDesign()
	var buf bytes.Buffer
	if err := RecordSheet(&buf, testShip(d), Options{}); err != nil {
		t.Fatal(err)
	}
	pages := readBack(t, buf.Bytes())
	if len(pages) != 1 {
		t.Errorf("hostile text changed the page count to %d", len(pages))
	}
	if !hasText(allText(pages), "Überlange") {
		t.Errorf("Latin-1 text lost")
	}
}

func TestRecordSheetErrors(t *testing.T) {
	tests := []struct {
		name string
		ship Ship
		opt  Options
	}{
		{"no design", Ship{}, Options{}},
		{"no costing result", Ship{Design: loadSample(t, "reference-cruiser.json")}, Options{}},
		{"bad paper", testShip(loadSample(t, "reference-cruiser.json")), Options{Paper: "tabloid"}},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := RecordSheet(&buf, tt.ship, tt.opt); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Plain", "Plain"},
		{"a\nb\tc\r\nd", "a b c d"},
		{"ü é ß", "ü é ß"},
		{"“quoted” – dash…", "“quoted” – dash…"},
		{"Ἀργώ / Аврора / אורורה", "Ἀργώ / Аврора / אורורה"},
		{"مرحبا", "مرحبا"},
		{"🚀", "\uFFFD"},
		{"🚀🔥", "\uFFFD\uFFFD"},
		{"👩🏽‍🚀 crew", "\uFFFD crew"},           // skin tone and joined part are one symbol
		{"🇩🇪🇫🇷", "\uFFFD\uFFFD"},               // two flags
		{"☀\ufe0f", "☀"},                       // variation selector dropped, sun kept
		{"漢字 かな 한글", "漢字 かな 한글"},               // Chinese, Japanese, Korean: the fallback face
		{"ꦗꦮ", "\uFFFD\uFFFD"},                 // a script no face has (Javanese)
		{"नमस्ते", "\uFFFD\uFFFD\uFFFD\uFFFD"}, // nor Devanagari; its marks are dropped
		{"\U000E0001x\u0378y", "x\uFFFDy"},     // a tag dropped, an unassigned code point replaced
		{"\u202eevil\u202c", "evil"},
		{"\u2067rtl\u2069\u200f", "rtl"},
		{"\x00\x07bell\u0085x\u009b", "\uFFFD\uFFFDbell x\uFFFD"},
		{"bad\xffutf8", "badutf8"},
		{"  lead and trail  ", "lead and trail"},
		{"e\u0301\u0302\u0303\u0304!", "e\u0301\u0302!"}, // at most two marks per letter
		{"\u0301lead", "lead"},
	}
	for _, tt := range tests {
		if got := clean(tt.in); got != tt.want {
			t.Errorf("clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := clean(clean(tt.in)); got != clean(tt.in) {
			t.Errorf("clean is not idempotent on %q: %q", tt.in, got)
		}
	}
	if n := utf8.RuneCountInString(clean(strings.Repeat("Ж", 10000))); n != maxTextRunes {
		t.Errorf("clean kept %d runes, want %d", n, maxTextRunes)
	}
}

func TestRoman(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{1, "I"}, {4, "IV"}, {5, "V"}, {9, "IX"}, {14, "XIV"}, {40, "XL"}, {1999, "MCMXCIX"}, {0, "0"}}
	for _, tt := range tests {
		if got := roman(tt.n); got != tt.want {
			t.Errorf("roman(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestRecordSheetHostileNumbers feeds values far outside the rules:
// the sheet must still lay out cleanly and render without error.
func TestRecordSheetHostileNumbers(t *testing.T) {
	tests := []struct {
		name string
		edit func(d *designer.Design)
	}{
		{"huge layer", func(d *designer.Design) {
			d.Sections.Core.Layers[0].HullHits = 2000
			d.Sections.Core.Layers[0].Crew = 999
		}},
		{"negative", func(d *designer.Design) {
			d.Sections.Core.Layers[0].HullHits = -5
			d.Sections.Fore.Systems[0].Count = -3
			d.Weapons[0].Pulse = -1
			d.Weapons[0].Range = -10
		}},
		{"huge counts", func(d *designer.Design) {
			d.Sections.Core.Systems[0].Count = 999
			d.Sections.Core.Weapons[0].Count = 999999
			d.Sections.Fore.Shields.Fore.Hits = 5000
		}},
		{"unknown kinds", func(d *designer.Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "warpCore", Count: 1},
				designer.System{Kind: "", Count: 1, Facing: "sideways"})
			d.Sections.Core.Weapons = append(d.Sections.Core.Weapons, designer.Mount{Weapon: "missing", Sectors: []int{-1, 9, 99}, Count: 1})
			d.Sections.Core.Hangars = []designer.HangarMount{{Bay: "nope", Count: 2}}
		}},
		{"no layers", func(d *designer.Design) { d.Sections.Fore.Layers = nil }},
		{"core only", func(d *designer.Design) {
			d.Sections = designer.Sections{Core: d.Sections.Core}
			d.Movement, d.Hull, d.TechLevel = "warp", "paper", -4
		}},
		{"no sections", func(d *designer.Design) { d.Sections = designer.Sections{} }},
		{"many weapons", func(d *designer.Design) {
			for i := 0; i < 150; i++ {
				d.Weapons = append(d.Weapons, d.Weapons[i%3])
			}
		}},
	}
	for _, tt := range tests {
		d := loadSample(t, "reference-cruiser.json")
		tt.edit(d)
		s := testShip(d)
		pages, err := LayoutRecordSheet(s, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.name != "no sections" {
			checkGeometry(t, tt.name, pages)
		}
		if err := RecordSheet(io.Discard, s, Options{BW: true}); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if err := Cards(io.Discard, []Ship{s}, Options{}); err != nil {
			t.Errorf("%s cards: %v", tt.name, err)
		}
	}
}

// TestRecordSheetCostedNumbers prints the reference cruiser with the
// costing model's numbers: by construction its CV is 100.
func TestRecordSheetCostedNumbers(t *testing.T) {
	m := costing.NewModel(nil)
	d := loadSample(t, "reference-cruiser.json")
	s := Evaluate(m, d, costing.Options{})
	if s.Result.CV != 100 {
		t.Fatalf("reference cruiser CV = %d, want 100", s.Result.CV)
	}
	var buf bytes.Buffer
	if err := RecordSheet(&buf, s, Options{}); err != nil {
		t.Fatal(err)
	}
	first := strings.Join(readBack(t, buf.Bytes())[0].lines, "\n")
	for _, want := range []string{"100", itoa(s.Result.Points) + " pts", s.Result.ModelVersion} {
		if !hasText(first, want) {
			t.Errorf("sheet lacks %q", want)
		}
	}
}

func TestRecordSheetChosenLoadout(t *testing.T) {
	d := stressDesign()
	count := func(s Ship) int {
		pages, err := LayoutRecordSheet(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, p := range pages {
			p.Walk(func(e, parent *Element) {
				if parent != nil && parent.Kind == "loadout" && e.Kind == "system" {
					n++
				}
			})
		}
		return n
	}
	s := testShip(d)
	before := count(s)
	// The boat bay (one in each of five sections) has no permanent
	// loadout: choose two of sq3 per bay.
	s.Loadout = map[string]map[string]int{"small": {"sq3": 2}}
	if got := count(s) - before; got != 10 {
		t.Errorf("chosen loadout added %d bubbles, want 2 x 5 bays", got)
	}
}

// TestRecordSheetPricedQualities prints the qualities the points were
// priced at, not the design's, so the two agree.
func TestRecordSheetPricedQualities(t *testing.T) {
	m := costing.NewModel(nil)
	d := loadSample(t, "reference-cruiser.json")
	s := Evaluate(m, d, costing.Options{CrewQuality: 5, CommandQuality: "D6", DamageControl: "D6"})
	var buf bytes.Buffer
	if err := RecordSheet(&buf, s, Options{}); err != nil {
		t.Fatal(err)
	}
	lines := readBack(t, buf.Bytes())[0].lines
	for _, want := range []string{"5", "D6"} {
		found := false
		for _, l := range lines {
			if l == want {
				found = true
			}
		}
		if !found {
			t.Errorf("no line %q on the sheet", want)
		}
	}
	for _, l := range lines {
		if l == "D3" || l == "D4" {
			t.Errorf("the design's own quality %q is printed", l)
		}
	}
}
