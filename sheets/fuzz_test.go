package sheets

import (
	"io"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// FuzzRecordSheet prints the reference cruiser with arbitrary text in
// every user-supplied string and arbitrary hull hits and counts: no input
// may panic or fail the render, and the layout stays inside the page.
func FuzzRecordSheet(f *testing.F) {
	for _, s := range []string{"", "Plain", "\u202eevil", "🚀🔥", "שלום", "\x00\xff\xfe", "(\\)", "%s%d%%",
		"Ἀργώ / Аврора / אורורה 🚀", "👩🏽\u200d🚀🇩🇪", "e\u0301\u0302\u0303\u0304",
		"Ünïcødé 飞船 Звезда Ἀθηνᾶ", "سلام لا (1) مدفع", "שָׁלוֹם 123 abc", "한글 नमस्ते"} {
		f.Add(s, s, s, 10, 1)
	}
	base := loadSample(f, "reference-cruiser.json")
	f.Fuzz(func(t *testing.T, name, weapon, quality string, hits, count int) {
		hits, count = hits%5000, count%100000 // keep each run fast
		for _, s := range []string{name, weapon, quality} {
			if c := clean(s); !printable(c) || clean(c) != c {
				t.Fatalf("clean(%q) = %q: not printable or not stable", s, c)
			}
		}
		d := *base
		core := *base.Sections.Core
		core.Layers = append([]designer.Layer{{HullHits: hits, Crew: count % 50, Marines: hits % 7}}, core.Layers...)
		core.Systems = append([]designer.System{{Kind: quality, Rating: hits, Count: count, Facing: name, Arc: weapon}}, core.Systems...)
		d.Sections.Core = &core
		d.Name = name
		d.CommandQuality = designer.Die("D" + quality)
		d.Weapons = append(d.Weapons[:0:0], base.Weapons...)
		for i := range d.Weapons {
			d.Weapons[i].Name = weapon
			d.Weapons[i].Qualities = []string{quality, weapon}
			d.Weapons[i].Die = designer.Die("D" + quality)
		}
		s := Evaluate(testModel, &d, costing.Options{})
		s.Result.ModelVersion, s.Result.CV, s.Link = quality, count, name
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			t.Fatalf("render: %v", err)
		}
		pages, err := LayoutRecordSheet(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			for _, e := range p.Elements {
				if !p.Printable.Contains(e.Box) {
					t.Fatalf("%s %+v outside the printable area", e.Kind, e.Box)
				}
			}
		}
	})
}
