package sheets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/internal/pdftext"
)

// loadSample reads a sample design from data/samples.
func loadSample(t testing.TB, name string) *designer.Design {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "data", "samples", name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// sampleNames lists the sample design files.
func sampleNames(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "data", "samples", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sample designs: %v", err)
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = filepath.Base(f)
	}
	return out
}

// testModel is the costing model the tests price designs with.
var testModel = costing.NewModel(nil)

// testShip prices a design with the costing model and gives it a library
// version and link.
func testShip(d *designer.Design) Ship {
	s := Evaluate(testModel, d, costing.Options{})
	s.Version, s.Link = 3, "slw.example/d/abc123"
	return s
}

// stressDesign is the largest layout the acceptance asks for: five
// sections of five layers with 60 hull hits each, 40 weapon definitions
// and 10 starfighter types, with hangars, every defence and many systems.
func stressDesign() *designer.Design {
	d := &designer.Design{Schema: 1, Ruleset: "metaverse", RulesVersion: 1,
		Name: "Stress Test Dreadnought of the Outer Rim Heavy Line", TechLevel: 10,
		Movement: "cinematic", Hull: "biological", CrewQuality: 5, CommandQuality: "D6", DamageControl: "D6"}
	cat := designer.BuiltinCatalogue()
	for i := 0; i < 40; i++ {
		d.Weapons = append(d.Weapons, designer.WeaponDef{
			ID: fmt.Sprintf("w%d", i), Name: fmt.Sprintf("Heavy Graviton Lance Mark %d", i),
			DamageType: []string{"energy", "kinetic"}[i%2], Pulse: 1 + i%20, Die: designer.Dice[i%len(designer.Dice)],
			Modifier: i % 6, Effect: []string{"raking", "penetrating"}[i%2],
			TargetMethod: []string{"direct", "indirect"}[i%2], IndirectTurns: (i % 5) + 1, Range: (i % 11) * 5,
			AoE: (i % 6) * 10, RateOfFire: []string{"unlimited", "limited", "oneShot"}[i%3],
			ArmourPiercing: i % 6, ShieldPiercing: (i + 2) % 6, DeflectionPiercing: i % 12, Interceptable: i%4 != 0,
			Targets:   []string{"starships", "starfighters", "directFire", "indirectFire"}[:1+i%4],
			Qualities: designer.WeaponQualities[:i%6],
		})
	}
	for i := 0; i < 10; i++ {
		sq := designer.SquadronDef{ID: fmt.Sprintf("sq%d", i), Name: fmt.Sprintf("Wasp Interceptor Wing %d", i),
			Strength: 1 + i, Speed: 10 + 5*(i%5), Defence: i % 7, TargetRating: 4 + i%6,
			Qualities: designer.SquadronQualities[:i%4]}
		for j := 0; j < 1+i%6; j++ {
			sq.Weapons = append(sq.Weapons, designer.FighterWeapon{Name: fmt.Sprintf("Light cannon %d", j),
				DamageType: "energy", Pulse: 2, Die: "D6", Modifier: j, Indirect: j%2 == 1,
				RateOfFire: []string{"unlimited", "oneShot"}[j%2], Targets: []string{"starships", "other"}[:1+j%2],
				Qualities: designer.WeaponQualities[:j%3]})
		}
		d.Starfighters = append(d.Starfighters, sq)
	}
	d.HangarBays = []designer.HangarBayDef{
		{ID: "big", Name: "Main flight deck", Launch: 4, Capacity: 12, Carries: []string{"sq0", "sq1", "sq2"},
			Loadout: map[string]int{"sq0": 6, "sq1": 6}},
		{ID: "small", Name: "Boat bay", Launch: 1, Capacity: 2, Carries: []string{"sq3", "sq4", "sq5", "sq6", "sq7", "sq8", "sq9"}},
	}
	for _, n := range designer.SectionOrder {
		sec := &designer.Section{}
		for l := 0; l < 5; l++ {
			sec.Layers = append(sec.Layers, designer.Layer{HullHits: 60, Crew: 4, Marines: 3})
		}
		var systems []designer.System
		for _, k := range cat.Kinds {
			if k.Rating.Mode == designer.RatingAutomatic {
				continue
			}
			s := designer.System{Kind: k.Kind, Rating: max(1, k.Rating.Min), Count: 2}
			if k.Params["facing"] != nil {
				s.Facing = k.Params["facing"].Values[len(k.Params["facing"].Values)-1]
			}
			if k.Params["axis"] != nil {
				s.Axis = k.Params["axis"].Values[0]
			}
			if k.Params["type"] != nil {
				s.Type = "energyKinetic"
			}
			systems = append(systems, s)
		}
		sec.Systems = systems
		for i := 0; i < 6; i++ {
			sec.Weapons = append(sec.Weapons, designer.Mount{Weapon: fmt.Sprintf("w%d", i*7%40), Sectors: []int{0, 1, 6, 7}, Count: 3})
		}
		sec.Hangars = []designer.HangarMount{{Bay: "big", Count: 2}, {Bay: "small", Count: 1}}
		d.Sections.Set(n, sec)
	}
	// Defences on every faced arc, after all sections exist.
	for _, ns := range d.Sections.List() {
		for _, arc := range d.Sections.FacedArcs(ns.Name) {
			ns.Section.Armour.Set(arc, &designer.Armour{Rating: 5, Type: "energyKinetic"})
			plates := 5
			ns.Section.Ablative.Set(arc, &plates)
			ns.Section.Shields.Set(arc, &designer.Shield{Hits: 30, Type: "kinetic"})
		}
		for i := range ns.Section.Systems {
			if ns.Section.Systems[i].Kind == "shieldAdaptive" || ns.Section.Systems[i].Kind == "deflector" {
				ns.Section.Systems[i].Arc = string(ns.Name)
			}
		}
	}
	return d
}

// hostileDesign carries text meant to break layouts and files.
func hostileDesign() *designer.Design {
	d := loadSampleNoT("reference-cruiser.json")
	d.Name = strings.Repeat("Überlange Klasse ", 30) + "\u202eevil\u202c 🚀🔥 שלום עליכם مرحبا \x00\x07\r\n\t(\\) %s %d"
	for i := range d.Weapons {
		d.Weapons[i].Name = strings.Repeat("W", 200) + " 💥 \u200f\u202e" + "(unbalanced"
		d.Weapons[i].Qualities = []string{"ZZ", "\x00", "🚀", strings.Repeat("Q", 100)}
	}
	return d
}

func loadSampleNoT(name string) *designer.Design {
	b, err := os.ReadFile(filepath.Join("..", "data", "samples", name))
	if err != nil {
		panic(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		panic(err)
	}
	return d
}

// pageText is one page read back (pdftext.Read): its media box size in
// millimetres and its text as lines.
type pageText struct {
	w, h  float64
	lines []string
}

// readBack parses a PDF with pdftext.Read, the reader every package's
// tests share.
func readBack(t testing.TB, b []byte) []pageText {
	t.Helper()
	var out []pageText
	for _, p := range pdftext.Read(t, b) {
		out = append(out, pageText{w: p.W, h: p.H, lines: p.Lines})
	}
	return out
}

// allText joins the lines of every page.
func allText(pages []pageText) string {
	var sb strings.Builder
	for _, p := range pages {
		for _, l := range p.lines {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// squash removes spaces, to compare text regardless of how a layout
// broke or padded it.
func squash(s string) string { return strings.ReplaceAll(s, " ", "") }

// hasText reports whether text read back contains want, spaces ignored
// on both sides (a name wrapped over two lines reads back joined).
func hasText(text, want string) bool { return strings.Contains(squash(text), squash(want)) }
