package sheets

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDevRender writes every sample, the stress design and the hostile
// design to $SHEETS_DEV_OUT for a person to look at.
func TestDevRender(t *testing.T) {
	out := os.Getenv("SHEETS_DEV_OUT")
	if out == "" {
		t.Skip("set SHEETS_DEV_OUT to render samples for a look")
	}
	scripts := loadSample(t, "uss-einstein.json")
	scripts.Name = "Ἀργώ / Аврора / אורורה 🚀"
	scripts.Weapons[0].Name = "Λόγχη φωτός"
	scripts.HangarBays[0].Name = "Ангар правого борта"
	ships := map[string]Ship{"stress": testShip(stressDesign()), "hostile": testShip(hostileDesign()),
		"scripts": testShip(scripts)}
	for _, n := range sampleNames(t) {
		ships[n[:len(n)-len(".json")]] = testShip(loadSample(t, n))
	}
	var fleet []Ship
	for _, n := range sampleNames(t) {
		fleet = append(fleet, ships[n[:len(n)-len(".json")]])
	}
	for name, write := range map[string]func(f *os.File) error{
		"cards":       func(f *os.File) error { return Cards(f, fleet, Options{}) },
		"aids":        func(f *os.File) error { return Aids(f, Options{}) },
		"aids-bw-one": func(f *os.File) error { return Aids(f, Options{BW: true, OnePerPage: true, Paper: "a4"}) },
		"pack":        func(f *os.File) error { return Pack(f, fleet, Options{}) },
	} {
		f, err := os.Create(filepath.Join(out, name+".pdf"))
		if err != nil {
			t.Fatal(err)
		}
		if err := write(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	for name, s := range ships {
		for _, opt := range []Options{{}, {BW: true, Paper: "a4"}} {
			suffix := ""
			if opt.BW {
				suffix = "-bw"
			}
			w, err := os.Create(filepath.Join(out, name+suffix+".pdf"))
			if err != nil {
				t.Fatal(err)
			}
			if err := RecordSheet(w, s, opt); err != nil {
				t.Fatal(err)
			}
			w.Close()
		}
	}
}
