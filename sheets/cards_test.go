package sheets

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func TestCardsGeometry(t *testing.T) {
	c, pg, err := newCanvas(Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	var cards []cardFunc
	for _, n := range sampleNames(t) {
		cards = append(cards, shipCard(c, testShip(loadSample(t, n))))
	}
	cards = append(cards, shipCard(c, testShip(stressDesign())), shipCard(c, testShip(hostileDesign())))
	cards = append(cards, aidCards(c)...)
	for _, one := range []bool{false, true} {
		pages := layoutCards(pg, cards, one)
		checkCardGeometry(t, pages)
		per := 9
		if one {
			per = 1
		}
		if want := (len(cards) + per - 1) / per; len(pages) != want {
			t.Errorf("onePerPage=%v: %d pages, want %d", one, len(pages), want)
		}
	}
	land := pg
	land.w, land.h = land.h, land.w
	checkCardGeometry(t, []*Page{chartPage(c, land)})
	checkCardGeometry(t, summaryPages(c, land, []Ship{testShip(stressDesign()), testShip(hostileDesign())}, nil))
}

// checkCardGeometry is checkGeometry without the hull-bubble rule.
func checkCardGeometry(t *testing.T, pages []*Page) {
	t.Helper()
	for pi, p := range pages {
		for i, e := range p.Elements {
			if !p.Printable.Contains(e.Box) {
				t.Errorf("page %d: %s %+v outside printable %+v", pi+1, e.Kind, e.Box, p.Printable)
			}
			for _, o := range p.Elements[i+1:] {
				if e.Box.Overlaps(o.Box) {
					t.Errorf("page %d: %s %+v overlaps %s %+v", pi+1, e.Kind, e.Box, o.Kind, o.Box)
				}
			}
		}
		p.Walk(func(e, _ *Element) {
			for i, k := range e.Children {
				if !e.Box.Contains(k.Box) {
					t.Errorf("page %d: %s %+v sticks out of %s %+v", pi+1, k.Kind, k.Box, e.Kind, e.Box)
				}
				for _, o := range e.Children[i+1:] {
					if k.Box.Overlaps(o.Box) {
						t.Errorf("page %d: in %s, %s %+v overlaps %s %+v", pi+1, e.Kind, k.Kind, k.Box, o.Kind, o.Box)
					}
				}
			}
		})
	}
}

func TestCardsReadBack(t *testing.T) {
	var ships []Ship
	for _, n := range sampleNames(t) {
		ships = append(ships, testShip(loadSample(t, n)))
	}
	tests := []struct {
		opt          Options
		pages        int
		wantW, wantH float64
	}{
		{Options{}, (len(ships) + 8) / 9, 215.9, 279.4},
		{Options{Paper: "a4", OnePerPage: true}, len(ships), 210, 297},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Cards(&buf, ships, tt.opt); err != nil {
			t.Fatal(err)
		}
		pages := readBack(t, buf.Bytes())
		if len(pages) != tt.pages {
			t.Errorf("%+v: %d pages, want %d", tt.opt, len(pages), tt.pages)
		}
		for _, p := range pages {
			if math.Abs(p.w-tt.wantW) > 0.2 || math.Abs(p.h-tt.wantH) > 0.2 {
				t.Errorf("%+v: page %.1f x %.1f", tt.opt, p.w, p.h)
			}
		}
		text := allText(pages)
		for _, s := range ships {
			if !hasText(text, s.Design.Name) {
				t.Errorf("no card for %q", s.Design.Name)
			}
		}
	}
	if err := Cards(&bytes.Buffer{}, nil, Options{}); err == nil {
		t.Error("Cards with no ships: no error")
	}
}

func TestAidsReadBack(t *testing.T) {
	var buf bytes.Buffer
	if err := Aids(&buf, Options{}); err != nil {
		t.Fatal(err)
	}
	pages := readBack(t, buf.Bytes())
	text := allText(pages)
	for _, want := range []string{"TURN SEQUENCE", "SPECIAL MANOEUVRES", "FIRE MODIFIERS", "DAMAGE", "CRITICAL HITS",
		"WEAPON QUALITY CODES", "ICON LEGEND", "ENCOUNTERS AND TERRAIN", "PLOTTING CHART", "FTL-T#", "Corkscrew"} {
		if !hasText(text, want) {
			t.Errorf("aids lack %q", want)
		}
	}
	for _, ic := range Icons() {
		if !hasText(text, clean(ic.Name)) && !hasText(text, strings.Fields(clean(ic.Name))[0]) {
			t.Errorf("legend lacks icon %q", ic.Name)
		}
	}
	last := pages[len(pages)-1]
	if last.w < last.h {
		t.Errorf("plotting chart is not landscape: %.1f x %.1f", last.w, last.h)
	}
}

func TestPackReadBack(t *testing.T) {
	var ships []Ship
	for _, n := range sampleNames(t) {
		ships = append(ships, testShip(loadSample(t, n)))
	}
	var buf bytes.Buffer
	if err := Pack(&buf, ships, Options{Paper: "a4"}); err != nil {
		t.Fatal(err)
	}
	pages := readBack(t, buf.Bytes())
	if !hasText(strings.Join(pages[0].lines, ""), "FLEET SUMMARY") {
		t.Errorf("first page is not the fleet summary")
	}
	sheets := 0
	for _, p := range pages {
		if hasText(strings.Join(p.lines, ""), "STARSHIP RECORD SHEET") {
			sheets++
			if p.w < p.h {
				t.Errorf("record sheet page is portrait")
			}
		}
	}
	if sheets < len(ships) {
		t.Errorf("%d record sheet pages for %d ships", sheets, len(ships))
	}
	if err := Pack(&bytes.Buffer{}, nil, Options{}); err == nil {
		t.Error("Pack with no ships: no error")
	}
}

func TestIconRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, ic := range Icons() {
		if ic.Key == "" || ic.Name == "" || ic.Draw == nil || ic.Group == "" {
			t.Errorf("incomplete icon %+v", ic)
		}
		if seen[ic.Key] {
			t.Errorf("duplicate icon %q", ic.Key)
		}
		seen[ic.Key] = true
	}
	c, _, _ := newCanvas(Options{}, false)
	for _, k := range c.cat.Kinds {
		if !seen[k.Icon] {
			t.Errorf("catalogue kind %s names icon %q, which the registry lacks", k.Kind, k.Icon)
		}
	}
}

func TestAllOutputsDeterministic(t *testing.T) {
	ships := []Ship{testShip(loadSample(t, "reference-cruiser.json")), testShip(stressDesign())}
	outputs := []struct {
		name  string
		write func(w *bytes.Buffer) error
	}{
		{"cards", func(w *bytes.Buffer) error { return Cards(w, ships, Options{}) }},
		{"cards one per page", func(w *bytes.Buffer) error { return Cards(w, ships, Options{OnePerPage: true, BW: true}) }},
		{"aids", func(w *bytes.Buffer) error { return Aids(w, Options{Paper: "a4"}) }},
		{"pack", func(w *bytes.Buffer) error { return Pack(w, ships, Options{}) }},
	}
	for _, o := range outputs {
		var a, b bytes.Buffer
		if err := o.write(&a); err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		if err := o.write(&b); err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two renders differ", o.name)
		}
	}
}
