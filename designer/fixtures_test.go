package designer

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

var updateFixtures = flag.Bool("update", false, "rewrite testdata/invalid from the mutations in fixtures_test.go")

const invalidDir = "../testdata/invalid"

// mutation turns the reference cruiser into a design that breaks one rule.
type mutation struct {
	rule string
	// design edits the decoded cruiser; bytes edits the encoded document
	// (for rules about the JSON itself). One of them is set.
	design func(d *Design)
	bytes  func(b []byte) []byte
	// opt is the validation options the fixture is checked with.
	opt Options
	// also lists rules that necessarily fire with this one.
	also []string
}

func sys(kind string, rating int) System { return System{Kind: kind, Rating: rating, Count: 1} }

// carrier adds an SoC, one squadron type, one hangar bay definition and a
// mount of it to the core: a legal starting point for the R-SF and R-HB
// fixtures.
func carrier(d *Design) {
	d.Sections.Core.Systems = append(d.Sections.Core.Systems, sys("soc", 1))
	d.Starfighters = append(d.Starfighters, SquadronDef{
		ID: "fighters", Name: "Lancer fighters", Strength: 6, Speed: 20, Defence: 2, TargetRating: 6,
		Weapons: []FighterWeapon{{Name: "Cannon", DamageType: DamageKinetic, Pulse: 2, Die: "D4", Modifier: 0, RateOfFire: RateUnlimited, Targets: []string{"starships", "other"}}},
	})
	d.HangarBays = append(d.HangarBays, HangarBayDef{ID: "bay", Name: "Flight deck", Launch: 2, Capacity: 4, Carries: []string{"fighters"}})
	d.Sections.Core.Hangars = append(d.Sections.Core.Hangars, HangarMount{Bay: "bay", Count: 1})
}

func removeKind(s *Section, kind string) {
	out := s.Systems[:0]
	for _, x := range s.Systems {
		if x.Kind != kind {
			out = append(out, x)
		}
	}
	s.Systems = out
}

func replaceOnce(from, to string) func([]byte) []byte {
	return func(b []byte) []byte { return bytes.Replace(b, []byte(from), []byte(to), 1) }
}

var mutations = []mutation{
	{rule: "R-JSON-01", bytes: func(b []byte) []byte { return append(b, []byte("\n{\"schema\": 1}\n")...) }},
	{rule: "R-JSON-02", bytes: replaceOnce(`"schema": 1,`, `"schema": 1,
  "colour": "red",`)},
	{rule: "R-JSON-03", bytes: replaceOnce(`"techLevel": 5`, `"techLevel": "five"`)},
	{rule: "R-JSON-04", bytes: replaceOnce(`"schema": 1,`, `"schema": 1,
  "name": "Second name",`)},
	{rule: "R-LIM-01", bytes: func(b []byte) []byte {
		return append(b[:len(b)-1], append(bytes.Repeat([]byte(" "), MaxDocumentBytes), '\n')...)
	}},
	{rule: "R-LIM-02", design: func(d *Design) {
		d.Sections.Core.Layers = []Layer{{HullHits: 401, Crew: 1}, {HullHits: 400}, {HullHits: 400}, {HullHits: 400}, {HullHits: 400}}
	}},
	{rule: "R-LIM-03", also: []string{"R-LIM-02"}, design: func(d *Design) {
		for _, ns := range d.Sections.List() {
			ns.Section.Layers = []Layer{{HullHits: 401, Crew: 1}, {HullHits: 400}, {HullHits: 400}, {HullHits: 400}, {HullHits: 400}}
		}
	}},
	{rule: "R-LIM-04", design: func(d *Design) {
		for i := 0; i < 200; i++ {
			d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, sys("cmPod", 1))
		}
	}},
	{rule: "R-LIM-05", design: func(d *Design) {
		for len(d.Weapons) <= 100 {
			w := d.Weapons[0]
			w.ID = "spare-" + strings.Repeat("x", len(d.Weapons)%7) + string(rune('a'+len(d.Weapons)%26)) + string(rune('a'+len(d.Weapons)/26))
			d.Weapons = append(d.Weapons, w)
		}
	}},
	{rule: "R-LIM-06", design: func(d *Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, System{Kind: "cmPod", Rating: 1, Count: 1000})
	}},
	{rule: "R-LIM-07", also: []string{"R-DOC-04"}, design: func(d *Design) {
		for i := 0; i <= MaxProblems; i++ {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, System{Kind: "cmPod", Rating: 1, Count: 0})
		}
	}},
	{rule: "R-DOC-01", design: func(d *Design) { d.Ruleset = "squadron-strike" }},
	{rule: "R-DOC-02", design: func(d *Design) { d.Name = "" }},
	{rule: "R-DOC-03", design: func(d *Design) { d.CrewQuality = 7 }},
	{rule: "R-DOC-04", design: func(d *Design) { d.Sections.Core.Weapons[0].Count = 0 }},
	{rule: "R-SEC-01", design: func(d *Design) {
		core := d.Sections.Core
		d.Sections.Core = nil
		d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, core.Systems[0], core.Systems[2], core.Systems[3])
		d.Sections.Fore.Layers = append(d.Sections.Fore.Layers, core.Layers...)
	}},
	{rule: "R-SEC-02", design: func(d *Design) { d.Sections.Fore.Layers[1].HullHits = 0 }},
	{rule: "R-SEC-03", design: func(d *Design) { d.Sections.Fore.Armour.Aft = &Armour{Rating: 1, Type: DefenceEnergy} }},
	{rule: "R-SEC-04", design: func(d *Design) { d.Sections.Fore.Armour.Fore.Rating = 6 }},
	{rule: "R-SEC-05", design: func(d *Design) { removeKind(d.Sections.Port, "shieldBasic") }},
	{rule: "R-SEC-06", design: func(d *Design) {
		d.Sections.Aft.Systems = append(d.Sections.Aft.Systems, System{Kind: "lifeSupport", Count: 1})
	}},
	{rule: "R-PRI-01", design: func(d *Design) { removeKind(d.Sections.Core, "bridge") }},
	{rule: "R-PRI-02", design: func(d *Design) { removeKind(d.Sections.Core, "reactor") }},
	{rule: "R-PRO-01", design: func(d *Design) {
		d.Sections.Aft.Systems = append(d.Sections.Aft.Systems, System{Kind: "stlPrimitive", Rating: 1, Facing: "up", Count: 1})
	}},
	{rule: "R-PRO-02", design: func(d *Design) {
		d.Sections.Aft.Systems = append(d.Sections.Aft.Systems, System{Kind: "stlBasic", Rating: 1, Axis: "vertical", Count: 1})
	}},
	{rule: "R-PRO-03", design: func(d *Design) {
		d.Sections.Starboard.Systems = append(d.Sections.Starboard.Systems, System{Kind: "thruster", Rating: 1, Facing: "port", Count: 1})
	}},
	{rule: "R-PRO-04", design: func(d *Design) { removeKind(d.Sections.Fore, "stlPrimitive") }},
	{rule: "R-PRO-05", design: func(d *Design) {
		d.Sections.Port.Systems = append(d.Sections.Port.Systems, System{Kind: "stlPrimitive", Rating: 1, Facing: "port", Count: 1})
	}},
	{rule: "R-PRO-06", design: func(d *Design) {
		removeKind(d.Sections.Port, "thruster")
		removeKind(d.Sections.Starboard, "thruster")
	}},
	{rule: "R-PRO-09", design: func(d *Design) {
		d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, System{Kind: "stlPrimitive", Rating: 1, Facing: "aft", Count: 1})
	}},
	{rule: "R-PRO-07", design: func(d *Design) { d.Sections.Core.Systems[2].Rating = 11 }},
	{rule: "R-PRO-08", design: func(d *Design) { removeKind(d.Sections.Core, "ftlBasic") }},
	{rule: "R-EW-01", design: func(d *Design) { removeKind(d.Sections.Core, "sensor") }},
	{rule: "R-EW-02", design: func(d *Design) { d.Sections.Core.Systems[4].Rating = 11 }},
	{rule: "R-SECY-01", design: func(d *Design) { d.Sections.Core.Systems[5].Rating = 11 }},
	{rule: "R-SECY-02", design: func(d *Design) {
		d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, System{Kind: "energyGrappler", Rating: 1, Arc: "aft", Count: 1})
	}},
	{rule: "R-SECY-03", design: func(d *Design) { d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, sys("deflector", 1)) }},
	{rule: "R-SECY-04", design: func(d *Design) { carrier(d); removeKind(d.Sections.Core, "soc") }},
	{rule: "R-SECY-05", design: func(d *Design) {
		carrier(d)
		for _, a := range ArcOrder {
			d.Sections.Get(SectionName(a)).Shields.Get(a).Type = DefenceEnergyKinetic
		}
	}},
	{rule: "R-SYS-01", design: func(d *Design) { d.Sections.Core.Systems = append(d.Sections.Core.Systems, sys("tractorBeam", 2)) }},
	{rule: "R-SYS-02", design: func(d *Design) { d.Sections.Core.Systems[0].Rating = 3 }},
	{rule: "R-SYS-03", design: func(d *Design) { d.Sections.Core.Systems[3].Facing = "fore" }},
	{rule: "R-WPN-01", design: func(d *Design) { d.Sections.Fore.Weapons[0].Weapon = "plasma-cannon" }},
	{rule: "R-WPN-02", design: func(d *Design) { d.Sections.Fore.Weapons[0].Sectors = []int{7, 0, 0} }},
	{rule: "R-WPN-03", design: func(d *Design) { d.Sections.Fore.Weapons[0].Sectors = []int{6, 7, 0, 1, 3} }},
	{rule: "R-WPN-04", design: func(d *Design) { d.Weapons[2].Targets = append(d.Weapons[2].Targets, TargetsStarships) }},
	{rule: "R-WD-01", design: func(d *Design) { d.Weapons[0].Qualities = []string{"UN"}; d.Weapons[0].Interceptable = false }},
	{rule: "R-WD-02", design: func(d *Design) { d.Weapons[0].Qualities = []string{"PO"} }},
	{rule: "R-WD-03", design: func(d *Design) { d.Weapons = append(d.Weapons, d.Weapons[1]) }},
	{rule: "R-WD-04", design: func(d *Design) { d.Weapons[0].Pulse = 0 }},
	{rule: "R-WD-05", design: func(d *Design) { d.Weapons[1].IndirectTurns = 2 }},
	{rule: "R-SF-01", design: func(d *Design) { carrier(d); d.Starfighters = append(d.Starfighters, d.Starfighters[0]) }},
	{rule: "R-SF-02", design: func(d *Design) { carrier(d); d.Starfighters[0].Strength = 0 }},
	{rule: "R-SF-03", design: func(d *Design) { carrier(d); d.Starfighters[0].Weapons = nil }},
	{rule: "R-SF-04", design: func(d *Design) { carrier(d); d.Starfighters[0].Weapons[0].RateOfFire = RateLimited }},
	{rule: "R-HB-01", design: func(d *Design) { carrier(d); d.HangarBays = append(d.HangarBays, d.HangarBays[0]) }},
	{rule: "R-HB-02", design: func(d *Design) { carrier(d); d.HangarBays[0].Launch = 5 }},
	{rule: "R-HB-03", design: func(d *Design) { carrier(d); d.HangarBays[0].Carries = []string{"fighters", "ghosts"} }},
	{rule: "R-HB-04", design: func(d *Design) { carrier(d); d.HangarBays[0].Loadout = map[string]int{"fighters": 9} }},
	{rule: "R-HB-05", design: func(d *Design) { carrier(d); d.Sections.Core.Hangars[0].Bay = "hangar-two" }},
	{rule: "R-TL-01", design: func(d *Design) { d.TechLevel = 2 }},
	{rule: "R-TL-02", design: func(d *Design) { d.Sections.Core.Systems[3].Count = 50 }},
	{rule: "R-TIER-01", opt: Options{TierLimit: 1}, design: func(d *Design) {
		d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, System{Kind: "energyGrappler", Rating: 1, Arc: "fore", Count: 1})
	}},
}

func encodeDesign(t testing.TB, d *Design) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// problemsOf decodes and validates b the way the CLI does.
func problemsOf(c *Catalogue, b []byte, opt Options) Problems {
	d, err := DecodeDesign(b)
	if err != nil {
		return Problems{err.(*DecodeError).Problem()}
	}
	return c.Validate(d, opt)
}

func TestInvalidFixtures(t *testing.T) {
	c := BuiltinCatalogue()
	ref := encodeDesign(t, loadReference(t))
	if *updateFixtures {
		old, _ := filepath.Glob(filepath.Join(invalidDir, "R-*.json"))
		for _, f := range old {
			os.Remove(f)
		}
		for _, m := range mutations {
			b := ref
			if m.design != nil {
				d := loadReference(t)
				m.design(d)
				b = encodeDesign(t, d)
			} else {
				b = m.bytes(append([]byte(nil), ref...))
			}
			if err := os.WriteFile(filepath.Join(invalidDir, m.rule+".json"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if ps := problemsOf(c, ref, Options{TierLimit: 1}); len(ps) != 0 {
		t.Fatalf("the reference cruiser is not clean: %v", ps)
	}
	byRule := map[string]mutation{}
	for _, m := range mutations {
		byRule[m.rule] = m
	}
	for _, r := range Rules {
		t.Run(r.ID, func(t *testing.T) {
			m, ok := byRule[r.ID]
			if !ok {
				t.Fatalf("no mutation for rule %s", r.ID)
			}
			b, err := os.ReadFile(filepath.Join(invalidDir, r.ID+".json"))
			if err != nil {
				t.Fatalf("fixture missing (run go test ./designer -run TestInvalidFixtures -update): %v", err)
			}
			ps := problemsOf(c, b, m.opt)
			want := append([]string{r.ID}, m.also...)
			sort.Strings(want)
			got := ps.Rules()
			sort.Strings(got)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("fixture yields %v, want exactly %v:\n%v", got, want, ps)
			}
			for _, p := range ps {
				if p.Severity != r.Severity {
					t.Errorf("%s reported as %s, the rule is a %s", p.Rule, p.Severity, r.Severity)
				}
				if p.Message == "" || (p.Hint == "" && p.Rule != RuleJSONSyntax) {
					t.Errorf("problem lacks message or hint: %+v", p)
				}
			}
		})
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "R-*.json"))
	if len(files) != len(Rules) {
		t.Errorf("%d fixture files for %d rules", len(files), len(Rules))
	}
}
