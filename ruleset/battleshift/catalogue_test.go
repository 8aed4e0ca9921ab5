package battleshift

import (
	"io/fs"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"

	"github.com/slipway/slipway/internal/testenv"
)

// TestCatalogueMatchesSpec holds the catalogue to spec §3, written out
// again here: each kind's space and points at sizes 1, 4 and 7, its
// payment and its limits.
func TestCatalogueMatchesSpec(t *testing.T) {
	type row struct {
		space, points [3]int // at sizes 1, 4, 7
		payment       string
		minSize       int
		size1         string
		once, exp     bool
		notWith       []string
		weapon        bool
	}
	s1, ref, bi := Size1Allowed, Size1Refused, Size1BuiltIn
	spec := map[string]row{
		"lightBattery":      {[3]int{1, 1, 1}, [3]int{}, PaymentSpace, 0, s1, false, false, nil, true},
		"heavyBattery":      {[3]int{2, 2, 2}, [3]int{}, PaymentSpace, 2, ref, false, false, nil, true},
		"broadsideBattery":  {[3]int{2, 2, 2}, [3]int{5, 5, 5}, PaymentBoth, 2, ref, false, false, nil, true},
		"superHeavyBattery": {[3]int{3, 3, 3}, [3]int{}, PaymentSpace, 3, ref, false, true, nil, true},
		"missileLauncher":   {[3]int{1, 1, 1}, [3]int{}, PaymentSpace, 2, ref, false, false, nil, true},
		"fighterBay":        {[3]int{1, 1, 1}, [3]int{}, PaymentSpace, 2, ref, false, false, nil, true},
		"interceptor":       {[3]int{1, 1, 1}, [3]int{}, PaymentSpace, 0, s1, false, false, nil, true},
		"ionBeam":           {[3]int{1, 1, 1}, [3]int{}, PaymentSpace, 2, ref, false, true, nil, true},
		"heavyIonBeam":      {[3]int{2, 2, 2}, [3]int{}, PaymentSpace, 2, ref, false, true, nil, true},
		"assaultUnit":       {[3]int{1, 1, 1}, [3]int{}, PaymentSpace, 2, ref, false, true, nil, true},
		"engulfing":         {[3]int{1, 4, 7}, [3]int{2, 8, 14}, PaymentEither, 0, s1, true, true, nil, false},
		"extraSpace":        {[3]int{}, [3]int{3, 3, 3}, PaymentPoints, 0, s1, false, false, nil, false},
		"extraShield":       {[3]int{1, 1, 1}, [3]int{5, 5, 5}, PaymentEither, 0, s1, false, false, nil, false},
		"fast":              {[3]int{1, 2, 4}, [3]int{2, 8, 14}, PaymentEither, 0, bi, true, false, []string{"slowDrives"}, false},
		"reinforcedHull":    {[3]int{}, [3]int{5, 5, 5}, PaymentPoints, 0, s1, true, false, nil, false},
		"hardenedHull":      {[3]int{}, [3]int{3, 12, 21}, PaymentPoints, 0, s1, true, false, []string{"flimsyHull"}, false},
		"repairSystem":      {[3]int{1, 1, 1}, [3]int{1, 4, 7}, PaymentEither, 0, s1, false, false, nil, false},
		"weakShields":       {[3]int{}, [3]int{-2, -8, -14}, PaymentPoints, 0, s1, true, false, []string{"noShields"}, false},
		"noShields":         {[3]int{}, [3]int{-4, -16, -28}, PaymentPoints, 0, s1, true, false, []string{"weakShields"}, false},
		"flimsyHull":        {[3]int{}, [3]int{-3, -12, -21}, PaymentPoints, 0, s1, true, false, []string{"hardenedHull"}, false},
		"slowDrives":        {[3]int{}, [3]int{}, PaymentNone, 0, s1, true, false, []string{"fast"}, false},
	}
	cat := rs.Catalogue()
	if len(cat.Kinds) != len(spec) {
		t.Fatalf("%d kinds, spec §3 has %d", len(cat.Kinds), len(spec))
	}
	for i := range cat.Kinds {
		k := &cat.Kinds[i]
		want, ok := spec[k.Kind]
		if !ok {
			t.Errorf("kind %s is not in spec §3", k.Kind)
			continue
		}
		got := row{payment: k.Payment, minSize: k.Limits.MinSize, size1: k.Limits.Size1, once: k.Limits.Once, exp: k.Limits.Experimental,
			notWith: k.Limits.NotWith, weapon: k.Weapon != nil}
		for j, size := range []int{1, 4, 7} {
			got.space[j], got.points[j] = k.Space.At(size), k.Points.At(size)
		}
		if got.space != want.space || got.points != want.points || got.payment != want.payment || got.minSize != want.minSize ||
			got.size1 != want.size1 || got.once != want.once || got.exp != want.exp || !slices.Equal(got.notWith, want.notWith) || got.weapon != want.weapon {
			t.Errorf("%s:\n got %+v\nwant %+v", k.Kind, got, want)
		}
		if k.Source == "" {
			t.Errorf("%s names no seed lines", k.Kind)
		}
	}
	// What the kinds give (spec §2).
	gives := map[string]string{"fighterBay": "wings", "extraSpace": "space", "extraShield": "shields", "fast": "move",
		"reinforcedHull": "hull", "hardenedHull": "save=4", "repairSystem": "repair", "weakShields": "hardness=3",
		"noShields": "hardness=2", "flimsyHull": "save=2", "slowDrives": "space move", "engulfing": "engulf"}
	for i := range cat.Kinds {
		k := &cat.Kinds[i]
		g := k.Gives
		var got []string
		for _, x := range []struct {
			name string
			c    Coef
		}{{"wings", g.FighterWings}, {"space", g.Space}, {"shields", g.Shields}, {"move", g.Move}, {"hull", g.Hull}, {"repair", g.RepairRolls}, {"engulf", g.Engulf}} {
			if !x.c.IsZero() {
				got = append(got, x.name)
			}
		}
		if g.Hardness != 0 {
			got = append(got, "hardness="+itoa(g.Hardness))
		}
		if g.DestructionSave != 0 {
			got = append(got, "save="+itoa(g.DestructionSave))
		}
		slices.Sort(got)
		want := strings.Fields(gives[k.Kind])
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s gives %v, want %v", k.Kind, got, want)
		}
	}
	for _, c := range []struct{ kind, note string }{{"hardenedHull", "2 per size"}, {"fast", "3 per size"}} {
		if k := cat.Kind(c.kind); !strings.Contains(k.Conflict, c.note) {
			t.Errorf("%s: the conflict note does not give the table's %s: %q", c.kind, c.note, k.Conflict)
		}
	}
	if f := cat.Faction("bionid"); f == nil || !slices.Equal(f.Requires, []string{"noShields", "hardenedHull"}) {
		t.Errorf("bionid %+v", f)
	}
	if f := cat.Faction("raishek"); f == nil || !slices.Equal(f.Requires, []string{"reinforcedHull"}) {
		t.Errorf("raishek %+v", f)
	}
}

// TestSizeBands holds the size table of spec §2 for every size.
func TestSizeBands(t *testing.T) {
	cat := rs.Catalogue()
	for size := 1; size <= 21; size++ {
		b := cat.Band(size)
		name := map[int]string{1: "destroyer", 2: "frigate", 3: "cruiser", 4: "battleship", 5: "dreadnought", 6: "behemoth", 7: "behemoth"}[size]
		if name == "" {
			name = "titan"
		}
		suppress := map[bool]int{true: 1}[size <= 3]
		switch {
		case size >= 11:
			suppress = 5
		case size >= 8:
			suppress = 3
		case size >= 4:
			suppress = 2
		}
		arc, facing := "forward 90°", "90°"
		switch {
		case size == 1:
			arc, facing = "360°", "any"
		case size <= 3:
			arc, facing = "forward 180°", "any"
		case size >= 8:
			facing = "45°"
		}
		move := 12
		if size == 1 {
			move = 18
		}
		if b == nil || b.ClassName != name || b.HitsToSuppress != suppress || b.MovementArc != arc || b.FacingChange != facing || b.Move != move {
			t.Errorf("size %d: %+v", size, b)
		}
		if got, want := cat.MaxPerSquadron(size), min(7, 21/size); got != want {
			t.Errorf("size %d: %d per squadron, want %d", size, got, want)
		}
	}
	if cat.Band(0) != nil || cat.Band(22) != nil || cat.MaxPerSquadron(22) != 0 || cat.MaxSize() != 21 {
		t.Error("sizes outside 1-21 have a band")
	}
}

// TestCatalogueRefusesBrokenData checks that the catalogue's index finds
// a broken table.
func TestCatalogueRefusesBrokenData(t *testing.T) {
	good, err := fs.ReadFile(data.Battleshift(), "catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string][2]string{
		"unknown member":   {`"version": 1,`, `"version": 1, "colour": "red",`},
		"unknown payment":  {`"payment": "both"`, `"payment": "neither"`},
		"unknown size1":    {`"size1": "builtIn"`, `"size1": "free"`},
		"partner one-way":  {`"notWith": ["fast"]`, `"notWith": []`},
		"faction unknown":  {`"requires": ["reinforcedHull"]`, `"requires": ["armouredHull"]`},
		"bands with a gap": {`{"from": 6, "to": 7,`, `{"from": 6, "to": 6,`},
		"kind twice":       {`"kind": "ionBeam"`, `"kind": "heavyIonBeam"`},
	} {
		b := strings.Replace(string(good), edit[0], edit[1], 1)
		if b == string(good) {
			t.Fatalf("%s: no %q", name, edit[0])
		}
		if _, err := loadCatalogue(fstest.MapFS{"catalogue.json": {Data: []byte(b)}}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := loadCatalogue(fstest.MapFS{"catalogue.json": {Data: good}}); err != nil {
		t.Fatal(err)
	}
}

// TestInternedCoversCatalogue keeps the interned words current: every
// kind, payment and faction.
func TestInternedCoversCatalogue(t *testing.T) {
	words := []string{PaySpace, PayCost, ID}
	for _, k := range rs.cat.Kinds {
		words = append(words, k.Kind)
	}
	for _, f := range rs.cat.Factions {
		words = append(words, f.ID)
	}
	for _, w := range words {
		if !ruleset.Interned(w) {
			t.Errorf("%q is not interned", w)
		}
	}
	if len(words) != len(internedWords) {
		t.Errorf("%d interned words for %d in the catalogue", len(internedWords), len(words))
	}
}

// TestImports keeps the package on its own: the standard library, ruleset
// and data only (spec: ruleset/battleshift knows no other package of
// Slipway).
func TestImports(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		testenv.Missing(t, "go command", "it lists the package's imports")
	}
	out, err := exec.Command(goTool, "list", "-f", `{{join .Imports " "}}`, "github.com/slipway/slipway/ruleset/battleshift").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, imp := range strings.Fields(string(out)) {
		if strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") &&
			imp != "github.com/slipway/slipway/ruleset" && imp != "github.com/slipway/slipway/data" {
			t.Errorf("imports %s", imp)
		}
	}
}

// TestRules checks the rule table: the shared rules first, then the 15
// class rules of spec §4, unique, each with a summary.
func TestRules(t *testing.T) {
	var ids []string
	for _, r := range rs.Rules() {
		if slices.Contains(ids, r.ID) || r.Summary == "" {
			t.Errorf("rule %+v twice or without a summary", r)
		}
		ids = append(ids, r.ID)
	}
	want := []string{"R-JSON-01", "R-JSON-02", "R-JSON-03", "R-JSON-04", "R-LIM-01", "R-LIM-07", "R-DOC-01",
		"BS-DOC-01", "BS-DOC-02", "BS-DOC-03", "BS-DOC-04", "BS-SYS-01", "BS-SYS-02", "BS-SYS-03", "BS-PAY-01",
		"BS-SIZE-01", "BS-SIZE-02", "BS-SIZE-03", "BS-SPACE-01", "BS-SPACE-02", "BS-FAC-01", "BS-EXP-01"}
	if !slices.Equal(ids, want) {
		t.Errorf("rules\n got %v\nwant %v", ids, want)
	}
	for _, r := range rs.Rules() {
		if warn := r.ID == RuleSpaceAdvice || r.ID == RuleExperiment; warn != (r.Severity == ruleset.Warning) {
			t.Errorf("%s is a %s", r.ID, r.Severity)
		}
	}
	info := rs.Info()
	if info.ID != ID || info.Name != "Battleshift" || info.Value != "cost" || info.ModelVersion != ModelVersion || !info.ServesVersion(1) {
		t.Errorf("info %+v", info)
	}
}
