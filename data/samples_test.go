package data_test

import (
	"io/fs"
	"math"
	"path"
	"slices"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
)

// sampleFiles is the sample library: the reference cruiser and the nine
// ships the source's examples name (rules §10).
var sampleFiles = []string{
	"reference-cruiser.json",
	"uss-einstein.json",
	"uss-newton.json",
	"iss-vengeance.json",
	"hms-thunderchild.json",
	"hims-avenger.json",
	"ras-freedom.json",
	"iks-tesla.json",
	"ss-clinton.json",
	"its-dragon.json",
}

func loadSample(t *testing.T, name string) *designer.Design {
	t.Helper()
	b, err := fs.ReadFile(data.Samples(), name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatalf("%s: strict decode: %v", name, err)
	}
	return d
}

// TestSampleLibraryComplete checks that the embedded library holds exactly
// the expected files.
func TestSampleLibraryComplete(t *testing.T) {
	entries, err := fs.ReadDir(data.Samples(), ".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if path.Ext(e.Name()) == ".json" {
			got = append(got, e.Name())
		}
	}
	want := slices.Clone(sampleFiles)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("sample files\n got %v\nwant %v", got, want)
	}
}

// TestSamplesLegal: every sample decodes strictly, validates with no
// problems at all (not even warnings), fits its tech level, and the
// library spans tiers 1-3.
func TestSamplesLegal(t *testing.T) {
	cat := designer.BuiltinCatalogue()
	entries, err := fs.ReadDir(data.Samples(), ".")
	if err != nil {
		t.Fatal(err)
	}
	tiers := map[int]bool{}
	for _, e := range entries {
		if path.Ext(e.Name()) != ".json" {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			d := loadSample(t, e.Name())
			if d.Schema != designer.Schema || d.Ruleset != designer.RulesetMetaverse || d.RulesVersion != designer.RulesVersion {
				t.Errorf("header: schema %d ruleset %q rulesVersion %d", d.Schema, d.Ruleset, d.RulesVersion)
			}
			if d.Universe != "Metaverse" || d.Description == "" || len(d.Tags) == 0 {
				t.Errorf("universe %q, description %d chars, %d tags: want Metaverse, a description and tags",
					d.Universe, len(d.Description), len(d.Tags))
			}
			for _, p := range cat.Validate(d, designer.Options{}) {
				t.Errorf("problem: %s", p)
			}
			if sp := cat.Space(d); sp.MinTechLevel > d.TechLevel {
				t.Errorf("min tech level %d > tech level %d (%.2f SU over %d hull hits)",
					sp.MinTechLevel, d.TechLevel, sp.Space, sp.HullHits)
			}
			tiers[cat.Tier(d).Tier] = true
		})
	}
	for tier := 1; tier <= 3; tier++ {
		if !tiers[tier] {
			t.Errorf("no sample of tier %d", tier)
		}
	}
}

// Derived numbers of rules §6, computed here independently of costing.

func hullHits(d *designer.Design) int {
	h := 0
	for _, ns := range d.Sections.List() {
		h += ns.Section.HullHits()
	}
	return h
}

// massFactor is rules §6.1: max(1, ceil(H / 10)).
func massFactor(d *designer.Design) int {
	return max(1, (hullHits(d)+9)/10)
}

// targetRating is rules §6.2: 3 - floor(log2(MF)).
func targetRating(d *designer.Design) int {
	mf := massFactor(d)
	lg := 0
	for mf > 1 {
		mf /= 2
		lg++
	}
	return 3 - lg
}

// ems is rules §6.3: a section with reactors powers itself, the core also
// powers every section without reactors; each powering section's reactor
// rating is ceil(PU / techLevel), at least one per reactor; EMS is
// max(1, round(sqrt(sum of reactor ratings))).
func ems(cat *designer.Catalogue, d *designer.Design) int {
	loads := cat.Loads(d)
	unpowered := 0.0
	for _, sl := range loads {
		if sl.Section != designer.SectionCore && sl.Reactors == 0 {
			unpowered += sl.Power
		}
	}
	sum := 0
	for _, sl := range loads {
		pu := sl.Power
		switch {
		case sl.Section == designer.SectionCore:
			pu += unpowered
		case sl.Reactors == 0:
			continue
		}
		sum += max(int(math.Ceil(pu/float64(d.TechLevel)-1e-9)), sl.Reactors)
	}
	return max(1, int(math.Floor(math.Sqrt(float64(sum))+0.5)))
}

// count totals the copies of kind in section sec (any section when sec is
// "") whose rating and facing match (0 and "" match anything).
func count(d *designer.Design, sec designer.SectionName, kind string, rating int, facing string) int {
	n := 0
	for _, ns := range d.Sections.List() {
		if sec != "" && ns.Name != sec {
			continue
		}
		for _, s := range ns.Section.Systems {
			if s.Kind == kind && (rating == 0 || s.Rating == rating) && (facing == "" || s.Facing == facing) {
				n += s.Count
			}
		}
	}
	return n
}

// best returns the highest rating of kind anywhere on the ship, 0 if none.
func best(d *designer.Design, kind string) int {
	r := 0
	for _, ns := range d.Sections.List() {
		for _, s := range ns.Section.Systems {
			if s.Kind == kind {
				r = max(r, s.Rating)
			}
		}
	}
	return r
}

func people(d *designer.Design, sec designer.SectionName) (crew, marines int) {
	if s := d.Sections.Get(sec); s != nil {
		return s.People()
	}
	return 0, 0
}

func totalMarines(d *designer.Design) int {
	n := 0
	for _, ns := range d.Sections.List() {
		_, m := ns.Section.People()
		n += m
	}
	return n
}

func hasHangars(d *designer.Design) bool {
	for _, ns := range d.Sections.List() {
		if len(ns.Section.Hangars) > 0 {
			return true
		}
	}
	return false
}

// check is one fact a sample must carry.
type check struct {
	what      string
	got, want any
}

// TestSampleFacts: each sample reproduces every number the source gives
// for its ship (rules §10).
func TestSampleFacts(t *testing.T) {
	cat := designer.BuiltinCatalogue()
	tests := []struct {
		file  string
		facts func(d *designer.Design) []check
	}{
		{"uss-einstein.json", func(d *designer.Design) []check {
			return []check{
				{"movement", d.Movement, designer.MovementCinematic},
				{"tech level", d.TechLevel, 10},
				{"cinematic max speed 2 x tech level", 2 * d.TechLevel, 20},
				{"rating-4 aft-facing primitive drives in aft", count(d, "aft", "stlPrimitive", 4, "aft"), 2},
				{"all aft-facing primitive drives", count(d, "", "stlPrimitive", 0, "aft"), 2},
				{"rating-2 fore-facing primitive drives in fore", count(d, "fore", "stlPrimitive", 2, "fore"), 1},
				{"all fore-facing primitive drives", count(d, "", "stlPrimitive", 0, "fore"), 1},
				{"rating-2 port thrusters in port", count(d, "port", "thruster", 2, "port"), 2},
				{"rating-2 starboard thrusters in starboard", count(d, "starboard", "thruster", 2, "starboard"), 2},
				{"all thrusters", count(d, "", "thruster", 0, ""), 4},
				{"carries hangar bays", hasHangars(d), true},
				{"has an SoC", count(d, "", "soc", 0, "") > 0, true},
				{"squadron definitions", len(d.Starfighters) >= 2, true},
			}
		}},
		{"uss-newton.json", func(d *designer.Design) []check {
			return []check{
				{"movement", d.Movement, designer.MovementNewtonian},
				{"rating-2 aft-facing primitive drives in aft", count(d, "aft", "stlPrimitive", 2, "aft"), 2},
				{"all aft-facing primitive drives", count(d, "", "stlPrimitive", 0, "aft"), 2},
				{"rating-1 fore-facing primitive drives in fore", count(d, "fore", "stlPrimitive", 1, "fore"), 2},
				{"all fore-facing primitive drives", count(d, "", "stlPrimitive", 0, "fore"), 2},
				{"rating-1 port thrusters in port", count(d, "port", "thruster", 1, "port"), 3},
				{"rating-1 starboard thrusters in starboard", count(d, "starboard", "thruster", 1, "starboard"), 3},
				{"all thrusters", count(d, "", "thruster", 0, ""), 6},
			}
		}},
		{"iss-vengeance.json", func(d *designer.Design) []check {
			return []check{
				{"sensor arrays of rating 15", count(d, "", "sensor", 15, ""), 1},
				{"best sensor rating", best(d, "sensor"), 15},
				{"broadside weapons in port", len(d.Sections.Port.Weapons) > 0, true},
				{"broadside weapons in starboard", len(d.Sections.Starboard.Weapons) > 0, true},
			}
		}},
		{"hms-thunderchild.json", func(d *designer.Design) []check {
			mf := massFactor(d)
			return []check{
				{"target rating", targetRating(d), 1},
				{"mass factor 4-7", mf >= 4 && mf <= 7, true},
				{"best EW array rating", best(d, "ewArray"), 2},
				{"no ECM array (its EW is 2 in the example)", count(d, "", "ecm", 0, ""), 0},
				{"no stealth generator", count(d, "", "stealth", 0, ""), 0},
				// Momentum 20 in the example: a cinematic ship needs tech level 10.
				{"cinematic max speed reaches 20", d.Movement == designer.MovementNewtonian || 2*d.TechLevel >= 20, true},
			}
		}},
		{"hims-avenger.json", func(d *designer.Design) []check {
			indirect := 0
			for _, w := range d.Weapons {
				if w.Indirect() {
					indirect++
				}
			}
			return []check{
				{"targeting arrays of rating 2", count(d, "", "targeting", 2, ""), 1},
				{"best targeting rating", best(d, "targeting"), 2},
				{"indirect weapon definitions", indirect >= 2, true},
			}
		}},
		{"ras-freedom.json", func(d *designer.Design) []check {
			return []check{
				{"EMS", ems(cat, d), 3},
			}
		}},
		{"iks-tesla.json", func(d *designer.Design) []check {
			return []check{
				{"ansibles of rating 3", count(d, "", "ansible", 3, ""), 1},
				{"best ansible rating", best(d, "ansible"), 3},
				{"ELINT arrays (the example says it has none)", count(d, "", "elint", 0, ""), 0},
				{"targeting arrays (the example says it has none)", count(d, "", "targeting", 0, ""), 0},
				{"at least two sensor arrays (salvo and volley fire)", count(d, "", "sensor", 0, "") >= 2, true},
			}
		}},
		{"ss-clinton.json", func(d *designer.Design) []check {
			var fore []designer.System
			if d.Sections.Fore != nil {
				for _, s := range d.Sections.Fore.Systems {
					if s.Kind == "energyGrappler" {
						fore = append(fore, s)
					}
				}
			}
			return []check{
				{"mass factor", massFactor(d), 12},
				{"hull hits 111-120", hullHits(d) >= 111 && hullHits(d) <= 120, true},
				{"energy grapplers in fore", len(fore), 1},
				{"fore energy grappler rating and arc", fore, []designer.System{{Kind: "energyGrappler", Rating: 3, Count: 1, Arc: "fore"}}},
				{"energy grapplers anywhere", count(d, "", "energyGrappler", 0, ""), 1},
			}
		}},
		{"its-dragon.json", func(d *designer.Design) []check {
			crew, marines := people(d, "starboard")
			return []check{
				{"command quality", d.CommandQuality, designer.Die("D3")},
				{"starboard crew parties", crew, 1},
				{"starboard marine parties", marines, 1},
				{"marines elsewhere to reinforce starboard", totalMarines(d) > marines, true},
				{"teleporters", count(d, "", "teleporterBasic", 0, "")+count(d, "", "teleporterAdvanced", 0, "") > 0, true},
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			d := loadSample(t, tc.file)
			for _, c := range tc.facts(d) {
				if !equal(c.got, c.want) {
					t.Errorf("%s: got %v, want %v", c.what, c.got, c.want)
				}
			}
		})
	}
}

func equal(a, b any) bool {
	if as, ok := a.([]designer.System); ok {
		bs, ok := b.([]designer.System)
		return ok && slices.Equal(as, bs)
	}
	return a == b
}

// TestFormulaHelpers pins the independent helpers on the reference
// cruiser, worked by hand: 86 hull hits, MF 9, TR 0; core powers 97 PU at
// tech level 5, one reactor of rating 20, EMS round(sqrt(20)) = 4.
func TestFormulaHelpers(t *testing.T) {
	cat := designer.BuiltinCatalogue()
	d := loadSample(t, "reference-cruiser.json")
	if h, mf, tr, e := hullHits(d), massFactor(d), targetRating(d), ems(cat, d); h != 86 || mf != 9 || tr != 0 || e != 4 {
		t.Fatalf("reference cruiser: H %d MF %d TR %d EMS %d, want 86 9 0 4", h, mf, tr, e)
	}
}
