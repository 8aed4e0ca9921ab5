package battleshift_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

var updateFleets = flag.Bool("update-fleets", false, "rewrite testdata/battleshift/fleets/BS-*.json and docs/battleshift-fleet.schema.json")

// fleetUpdate reports whether the fleet files are to be rewritten: by
// -update-fleets, or by the package's -update when its tests define it.
func fleetUpdate() bool {
	if *updateFleets {
		return true
	}
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// fleetSample decodes a sample class of data/battleshift/samples by its
// file name: the classes the fixtures add to the vanguard (spec §6 rows
// 17 and 26).
func fleetSample(tb testing.TB, file string) *battleshift.Class {
	tb.Helper()
	for _, s := range fleetRS.Samples() {
		if s.File == file {
			c, err := fleetRS.DecodeClass(s.Document)
			if err != nil {
				tb.Fatal(err)
			}
			return c
		}
	}
	tb.Fatalf("no sample %s", file)
	return nil
}

func fleetTF(f *battleshift.Fleet, id string) *battleshift.FleetTaskForce {
	for i := range f.TaskForces {
		if f.TaskForces[i].ID == id {
			return &f.TaskForces[i]
		}
	}
	panic("no task force " + id)
}

func fleetSq(f *battleshift.Fleet, id string) *battleshift.FleetSquadron {
	for i := range f.Squadrons {
		if f.Squadrons[i].ID == id {
			return &f.Squadrons[i]
		}
	}
	panic("no squadron " + id)
}

// fleetFixture is one row of spec §7's table of fleet fixtures (and the
// two document rules): how the fixture is made from the vanguard, the
// warnings it may also raise, and the nearest change of the fixture after
// which the rule must not fire and the fleet is legal.
type fleetFixture struct {
	rule  string
	warns []string
	make  func(tb testing.TB, f *battleshift.Fleet)
	twin  func(tb testing.TB, f *battleshift.Fleet) // nil: none
}

var fleetFixtures = []fleetFixture{
	{rule: "BS-FDOC-01",
		make: func(_ testing.TB, f *battleshift.Fleet) { f.Name = "" },
		twin: func(_ testing.TB, f *battleshift.Fleet) { f.Name = "V" }},
	{rule: "BS-FDOC-02", // a library reference
		make: func(_ testing.TB, f *battleshift.Fleet) {
			f.Classes[0] = battleshift.FleetClass{ID: f.Classes[0].ID, Design: "k3v9x2", Version: 1}
		},
		twin: func(tb testing.TB, f *battleshift.Fleet) {
			f.Classes[0] = loadFleet(tb, "vanguard.json").Classes[0]
		}},
	{rule: "BS-SQ-01", // 8 Fleet Destroyers; 7 is the vanguard's
		make: func(_ testing.TB, f *battleshift.Fleet) { fleetSq(f, "s4").Ships[0].Count = 8 },
		twin: func(_ testing.TB, f *battleshift.Fleet) { fleetSq(f, "s4").Ships[0].Count = 7 }},
	{rule: "BS-SQ-02", warns: []string{"BS-TF-04"}, // the vanguard plus the seed's mixed squadron, detached
		make: func(tb testing.TB, f *battleshift.Fleet) {
			f.PointsLimit = 930
			f.Classes = append(f.Classes, battleshift.FleetClass{ID: "missile-dreadnought", Document: fleetSample(tb, "generic-missile-dreadnought.json")})
			f.Squadrons = append(f.Squadrons, battleshift.FleetSquadron{ID: "s6", Name: "Mixed Squadron", Ships: []battleshift.FleetShips{
				{Class: "fleet-destroyer", Count: 2}, {Class: "fleet-cruiser", Count: 3}, {Class: "missile-dreadnought", Count: 2}}})
		},
		twin: func(_ testing.TB, f *battleshift.Fleet) { f.MixedSquadrons = true }},
	{rule: "BS-SQ-03", // 6 Fleet Battleships, 24 units; the 3 Behemoths' 21 must not fire
		make: func(_ testing.TB, f *battleshift.Fleet) {
			f.PointsLimit = 790
			fleetSq(f, "s2").Ships[0].Count = 6
		},
		twin: func(_ testing.TB, f *battleshift.Fleet) { fleetSq(f, "s2").Ships[0].Count = 4 }},
	{rule: "BS-TF-01", // the destroyers moved into Hammer: 4 squadrons
		make: func(_ testing.TB, f *battleshift.Fleet) {
			h := fleetTF(f, "hammer")
			h.Squadrons = append(h.Squadrons, "s4")
			fleetTF(f, "screen").Squadrons = []string{"s5"}
		},
		twin: func(_ testing.TB, f *battleshift.Fleet) { f.MaxSquadronsPerTaskForce = 4 }},
	{rule: "BS-TF-02", // Hammer's flagship among the cruisers; Screen's with its frigates is right
		make: func(_ testing.TB, f *battleshift.Fleet) { fleetTF(f, "hammer").Flagship = "s1" },
		twin: func(_ testing.TB, f *battleshift.Fleet) { fleetTF(f, "hammer").Flagship = "s3" }},
	{rule: "BS-TF-03", // the destroyers in both task forces
		make: func(_ testing.TB, f *battleshift.Fleet) {
			f.MaxSquadronsPerTaskForce = 4
			h := fleetTF(f, "hammer")
			h.Squadrons = append(h.Squadrons, "s4")
		}},
	{rule: "BS-TF-04", // the destroyers in neither
		make: func(_ testing.TB, f *battleshift.Fleet) { fleetTF(f, "screen").Squadrons = []string{"s5"} }},
	{rule: "BS-FL-01",
		make: func(_ testing.TB, f *battleshift.Fleet) { f.PointsLimit = 709 },
		twin: func(_ testing.TB, f *battleshift.Fleet) { f.PointsLimit = 710 }},
	{rule: "BS-FL-02", warns: []string{"BS-TF-04", "BS-EXP-01"}, // a Dargen Battleship's assault units
		make: func(tb testing.TB, f *battleshift.Fleet) {
			f.PointsLimit = 760
			f.Classes = append(f.Classes, battleshift.FleetClass{ID: "dargen-battleship", Document: fleetSample(tb, "bionid-dargen-battleship.json")})
			f.Squadrons = append(f.Squadrons, battleshift.FleetSquadron{ID: "s6", Name: "Dargen", Ships: []battleshift.FleetShips{{Class: "dargen-battleship", Count: 1}}})
		},
		twin: func(_ testing.TB, f *battleshift.Fleet) { f.Experimental = true }},
}

// fleetFixtureBytes is the fixture's file as the generator writes it.
func fleetFixtureBytes(tb testing.TB, fx fleetFixture) []byte {
	tb.Helper()
	f := loadFleet(tb, "vanguard.json")
	f.Description = "Fixture of " + fx.rule + ", made from vanguard.json by ruleset/battleshift/fleet_fixtures_test.go (go test ./ruleset/battleshift -run TestFleetFixturesCurrent -update)."
	fx.make(tb, f)
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	return append(fleetCompact(b), '\n')
}

// fleetLeaf finds an object or array, indented, that holds no object or array.
var fleetLeaf = regexp.MustCompile(`([{\[])\n\s+([^{}\[\]]*?)\n\s*([}\]])`)

// fleetCompact puts each object or array of plain values on one line, as
// vanguard.json is written: {"kind": "heavyBattery", "count": 2}.
func fleetCompact(b []byte) []byte {
	return fleetLeaf.ReplaceAllFunc(b, func(m []byte) []byte {
		sub := fleetLeaf.FindSubmatch(m)
		inner := regexp.MustCompile(`,\n\s+`).ReplaceAll(sub[2], []byte(", "))
		return slices.Concat(sub[1], inner, sub[3])
	})
}

// TestFleetFixturesCurrent: every BS-*.json is what its row of
// fleetFixtures makes of the vanguard (-update writes them).
func TestFleetFixturesCurrent(t *testing.T) {
	for _, fx := range fleetFixtures {
		want := fleetFixtureBytes(t, fx)
		path := fleetDir + fx.rule + ".json"
		if fleetUpdate() {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is stale (%v): go test ./ruleset/battleshift -run TestFleetFixturesCurrent -update", path, err)
		}
	}
}

// TestFleetFixtures: each fixture yields its rule alone (besides the
// warnings its row allows); its twin does not fire it and is legal.
func TestFleetFixtures(t *testing.T) {
	seen := map[string]bool{}
	for _, fx := range fleetFixtures {
		t.Run(fx.rule, func(t *testing.T) {
			seen[fx.rule] = true
			f := loadFleet(t, fx.rule+".json")
			r := fleetRS.EvaluateFleetDoc(f)
			errs, warns := fleetRulesOf(r.Problems, ruleset.Error), fleetRulesOf(r.Problems, ruleset.Warning)
			if fx.rule == "BS-TF-04" {
				if !r.Legal || len(errs) != 0 || !slices.Equal(warns, []string{fx.rule}) {
					t.Errorf("errors %v warnings %v: %v", errs, warns, r.Problems)
				}
			} else if r.Legal || !slices.Equal(errs, []string{fx.rule}) {
				t.Errorf("legal %v, errors %v; want only %s: %v", r.Legal, errs, fx.rule, r.Problems)
			}
			for _, w := range warns {
				if w != fx.rule && !slices.Contains(fx.warns, w) {
					t.Errorf("warning %s not allowed: %v", w, r.Problems)
				}
			}
			for _, w := range fx.warns {
				if !slices.Contains(warns, w) {
					t.Errorf("no %s warning: %v", w, r.Problems)
				}
			}
			for _, p := range r.Problems {
				if p.Rule == fx.rule && (p.Path == "" || p.Message == "" || p.Hint == "") {
					t.Errorf("problem without a path, message or hint: %+v", p)
				}
			}
			if fx.twin == nil {
				return
			}
			fx.twin(t, f)
			r = fleetRS.EvaluateFleetDoc(f)
			if !r.Legal || slices.Contains(fleetRulesOf(r.Problems, ruleset.Error), fx.rule) {
				t.Errorf("twin: legal %v: %v", r.Legal, r.Problems)
			}
		})
	}
	for _, ri := range fleetRS.FleetRules() {
		if !seen[ri.ID] {
			t.Errorf("no fixture for %s", ri.ID)
		}
	}
	files, _ := filepath.Glob(fleetDir + "BS-*.json")
	for _, p := range files {
		if !seen[strings.TrimSuffix(filepath.Base(p), ".json")] {
			t.Errorf("%s has no row in fleetFixtures", p)
		}
	}
}

// TestFleetRuleEdges: the cases around each rule the fixtures do not
// reach, each from the vanguard, with the rules that must follow.
func TestFleetRuleEdges(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(f *battleshift.Fleet)
		errors []string
		paths  []string
	}{
		{"flagship in the destroyers", func(f *battleshift.Fleet) { fleetTF(f, "screen").Flagship = "s4" }, []string{"BS-TF-02"}, []string{"taskForces[1].flagship"}},
		{"no flagship", func(f *battleshift.Fleet) { fleetTF(f, "screen").Flagship = "" }, []string{"BS-FDOC-02"}, []string{"taskForces[1].flagship"}},
		{"flagship of another task force", func(f *battleshift.Fleet) { fleetTF(f, "screen").Flagship = "s3" }, []string{"BS-FDOC-02"}, []string{"taskForces[1].flagship"}},
		{"unknown squadron", func(f *battleshift.Fleet) { fleetTF(f, "screen").Squadrons[0] = "s9" }, []string{"BS-FDOC-02"}, []string{"taskForces[1].squadrons[0]"}},
		{"unknown class", func(f *battleshift.Fleet) { f.Squadrons[0].Ships[0].Class = "nope" }, []string{"BS-FDOC-02"}, []string{"squadrons[0].ships[0].class"}},
		{"duplicate class id", func(f *battleshift.Fleet) { f.Classes[1].ID = f.Classes[0].ID }, []string{"BS-FDOC-02"}, []string{"classes[1].id", "squadrons[1].ships[0].class"}},
		{"duplicate squadron id", func(f *battleshift.Fleet) { f.Squadrons[1].ID = "s1" }, []string{"BS-FDOC-02"}, []string{"squadrons[1].id", "taskForces[0].squadrons[1]"}},
		{"duplicate task-force id", func(f *battleshift.Fleet) { f.TaskForces[1].ID = "hammer" }, []string{"BS-FDOC-02"}, []string{"taskForces[1].id"}},
		{"an id too long", func(f *battleshift.Fleet) { f.TaskForces[1].ID = strings.Repeat("x", 33) }, []string{"BS-FDOC-02"}, []string{"taskForces[1].id"}},
		{"an id of 32", func(f *battleshift.Fleet) { f.TaskForces[1].ID = strings.Repeat("x", 32) }, nil, nil},
		{"a class without document", func(f *battleshift.Fleet) { f.Classes[4].Document = nil }, []string{"BS-FDOC-02"}, []string{"classes[4]"}},
		{"a squadron listed twice", func(f *battleshift.Fleet) {
			s := &fleetTF(f, "screen").Squadrons
			*s = append(*s, "s4")
		}, []string{"BS-TF-03"}, []string{"taskForces[1].squadrons[2]"}},
		{"an empty task force", func(f *battleshift.Fleet) { fleetTF(f, "screen").Squadrons = nil }, []string{"BS-TF-01"}, []string{"taskForces[1].squadrons"}},
		{"five squadrons allowed", func(f *battleshift.Fleet) {
			f.MaxSquadronsPerTaskForce = 5
			h := fleetTF(f, "hammer")
			h.Squadrons = append(h.Squadrons, "s4", "s5")
			f.TaskForces = f.TaskForces[:1]
		}, nil, nil},
		{"six squadrons per task force", func(f *battleshift.Fleet) { f.MaxSquadronsPerTaskForce = 6 }, []string{"BS-FDOC-01"}, []string{"maxSquadronsPerTaskForce"}},
		{"no points limit", func(f *battleshift.Fleet) { f.PointsLimit = 0 }, []string{"BS-FDOC-01"}, []string{"pointsLimit"}},
		{"wrong envelope", func(f *battleshift.Fleet) { f.Schema, f.Ruleset, f.RulesVersion = 2, "metaverse", 2 }, []string{"BS-FDOC-01"}, []string{"schema", "ruleset", "rulesVersion"}},
		{"a count of 0", func(f *battleshift.Fleet) {
			f.Squadrons[0].Ships = append(f.Squadrons[0].Ships, battleshift.FleetShips{Class: "fleet-cruiser", Count: 0})
		}, []string{"BS-FDOC-01"}, []string{"squadrons[0].ships[1].count"}},
		{"an empty squadron", func(f *battleshift.Fleet) { f.Squadrons[0].Ships = nil }, []string{"BS-SQ-01"}, []string{"squadrons[0].ships"}},
		{"one class in two entries", func(f *battleshift.Fleet) {
			f.Squadrons[0].Ships = []battleshift.FleetShips{{Class: "fleet-cruiser", Count: 2}, {Class: "fleet-cruiser", Count: 3}}
		}, nil, nil},
		{"a mixed squadron of 22 units", func(f *battleshift.Fleet) {
			f.Squadrons[2].Ships = append(f.Squadrons[2].Ships, battleshift.FleetShips{Class: "fleet-destroyer", Count: 1})
			f.MixedSquadrons = true
		}, []string{"BS-SQ-03"}, []string{"squadrons[2].ships"}},
		{"nine ships", func(f *battleshift.Fleet) {
			f.Squadrons[2].Ships = []battleshift.FleetShips{{Class: "behemoth", Count: 2}, {Class: "fleet-destroyer", Count: 7}}
			f.MixedSquadrons = true
		}, []string{"BS-SQ-01"}, []string{"squadrons[2].ships"}},
		{"an unprintable squadron name", func(f *battleshift.Fleet) { f.Squadrons[0].Name = "a\x07b" }, []string{"BS-FDOC-01"}, []string{"squadrons[0].name"}},
		{"a blank task-force name", func(f *battleshift.Fleet) { f.TaskForces[0].Name = "  " }, []string{"BS-FDOC-01"}, []string{"taskForces[0].name"}},
		{"an illegal class", func(f *battleshift.Fleet) { f.Classes[0].Document.Size = 0 }, nil, []string{"classes[0].document.size"}},
	} {
		f := loadFleet(t, "vanguard.json")
		c.change(f)
		r := fleetRS.EvaluateFleetDoc(f)
		var paths []string
		for _, p := range r.Problems {
			if p.Severity == ruleset.Error {
				paths = append(paths, p.Path)
			}
		}
		errs := fleetRulesOf(r.Problems, ruleset.Error)
		if c.name == "an illegal class" {
			// Whatever the class rules say, they say it under the class.
			if r.Legal || len(paths) == 0 || !strings.HasPrefix(paths[0], "classes[0].document") {
				t.Errorf("%s: %v", c.name, r.Problems)
			}
			continue
		}
		if !slices.Equal(errs, c.errors) || !slices.Equal(paths, c.paths) {
			t.Errorf("%s: errors %v at %v, want %v at %v: %v", c.name, errs, paths, c.errors, c.paths, r.Problems)
		}
	}
}

// TestFleetLimits: past 500 ships or entries the fleet is BS-FDOC-01,
// read up to the limit, and evaluated quickly.
func TestFleetLimits(t *testing.T) {
	f := loadFleet(t, "vanguard.json")
	for i := range 600 {
		f.Squadrons = append(f.Squadrons, battleshift.FleetSquadron{ID: "x" + strings.Repeat("y", i%20) + string(rune('a'+i%26)) + string(rune('a'+i/26)),
			Ships: []battleshift.FleetShips{{Class: "fleet-destroyer", Count: 1}}})
	}
	r := fleetRS.EvaluateFleetDoc(f)
	if r.Legal || len(r.Squadrons) != battleshift.MaxFleetShips || r.Problems[0].Rule != "BS-FDOC-01" || r.Problems[0].Path != "squadrons" {
		t.Errorf("%d squadrons read; first problem %+v", len(r.Squadrons), r.Problems[0])
	}
	g := loadFleet(t, "vanguard.json")
	g.Squadrons[0].Ships[0].Count = 999
	g.Squadrons[1].Ships[0].Count = 999
	r = fleetRS.EvaluateFleetDoc(g)
	if errs := fleetRulesOf(r.Problems, ruleset.Error); !slices.Contains(errs, "BS-FDOC-01") || r.Ships != 2014 {
		t.Errorf("2,014 ships: %v, %d ships", errs, r.Ships)
	}
}

// TestFleetClassesAreSamples: the classes of every fleet fixture are the
// sample documents of the same name, unchanged.
func TestFleetClassesAreSamples(t *testing.T) {
	samples := map[string][]byte{}
	for _, s := range fleetRS.Samples() {
		c, err := fleetRS.DecodeClass(s.Document)
		if err != nil {
			t.Fatal(err)
		}
		samples[c.Name] = fleetJSON(t, c)
	}
	files, _ := filepath.Glob(fleetDir + "*.json")
	for _, p := range files {
		for i, c := range loadFleet(t, filepath.Base(p)).Classes {
			if c.Document == nil {
				continue
			}
			if want, ok := samples[c.Document.Name]; !ok || !bytes.Equal(fleetJSON(t, c.Document), want) {
				t.Errorf("%s: classes[%d] (%s) is not the sample of that name", filepath.Base(p), i, c.Document.Name)
			}
		}
	}
}
