package sheets

import (
	"io"
	"testing"

	"github.com/slipway/slipway/designer"
)

// FuzzRecordSheet prints the reference cruiser with arbitrary text in
// every user-supplied string: no input may panic or fail the render.
func FuzzRecordSheet(f *testing.F) {
	for _, s := range []string{"", "Plain", "\u202eevil", "🚀🔥", "שלום", "\x00\xff\xfe", "(\\)", "%s%d%%"} {
		f.Add(s, s, s)
	}
	base := loadSample(f, "reference-cruiser.json")
	f.Fuzz(func(t *testing.T, name, weapon, quality string) {
		d := *base
		d.Name = name
		d.CommandQuality = designer.Die("D" + quality)
		d.Weapons = append(d.Weapons[:0:0], base.Weapons...)
		for i := range d.Weapons {
			d.Weapons[i].Name = weapon
			d.Weapons[i].Qualities = []string{quality, weapon}
			d.Weapons[i].Die = designer.Die("D" + quality)
		}
		s := Ship{Design: &d, Stats: Stats{ModelVersion: quality}, Link: name}
		if err := RecordSheet(io.Discard, s, Options{}); err != nil {
			t.Fatalf("render: %v", err)
		}
	})
}
