package sheets

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/internal/pdftext"

	"github.com/slipway/slipway/internal/testenv"
)

// unusualShip is the reference cruiser with a costing result whose
// numbers no rule would give it: a sheet that prints them computed none
// of its own.
func unusualShip(t *testing.T) Ship {
	t.Helper()
	s := testShip(loadSample(t, "reference-cruiser.json"))
	r := *s.Result
	r.CV, r.Points, r.EMS, r.TargetRating, r.MassFactor = 4321, 8765, 17, -2, 23
	r.HullHits, r.Tier, r.MaxSpeed, r.ModelVersion = 999, 3, 77, "unusual-model/9"
	r.Quality = costing.Quality{Crew: 4, Command: "D6", DamageControl: "D5"}
	r.Reactors = nil
	for _, re := range s.Result.Reactors {
		re.Rating = 41
		r.Reactors = append(r.Reactors, re)
	}
	r.LifeSupport = nil
	for _, ls := range s.Result.LifeSupport {
		ls.Rating = 37
		r.LifeSupport = append(r.LifeSupport, ls)
	}
	if len(r.Reactors) == 0 || len(r.LifeSupport) == 0 {
		t.Fatal("the reference cruiser has no reactor or no life support to print")
	}
	s.Result = &r
	return s
}

// TestPrintsCostingNumbers prints a design with a costing result whose
// numbers are deliberately unlike what the rules give it, and checks that
// the record sheet, the ship card and the pack summary print those
// numbers: the sheets compute none of them.
func TestPrintsCostingNumbers(t *testing.T) {
	s := unusualShip(t)
	render := func(write func(io.Writer) error) map[string]bool {
		t.Helper()
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatal(err)
		}
		return shownStrings(t, buf.Bytes())
	}
	stats := []string{"4321", "17", "-2", "23", "3", "77", "4", "D6", "D5"}
	tests := []struct {
		name  string
		write func(io.Writer) error
		want  []string
	}{
		{"record sheet", func(w io.Writer) error { return RecordSheet(w, s, Options{}) },
			append([]string{"Reference Cruiser  |  v3  |  8765 pts  |  slw.example/d/abc123",
				"costing unusual-model/9  |  Slipway  |  page 1 of 1", "41", "37"}, stats...)},
		{"card", func(w io.Writer) error { return Cards(w, []Ship{s}, Options{}) },
			append([]string{"8765 pts  |  slw.example/d/abc123"}, stats...)},
		{"pack", func(w io.Writer) error { return Pack(w, []Ship{s}, Options{}) },
			append([]string{"8765", "999", "cinematic 77", "41", "37"}, stats[:6]...)},
	}
	for _, tt := range tests {
		got := render(tt.write)
		for _, w := range tt.want {
			if !got[w] {
				t.Errorf("%s: %q from the costing result is not printed", tt.name, w)
			}
		}
	}
	// The rules would give the reference cruiser 86 hull hits; the pack
	// prints the result's.
	if render(tests[2].write)["86"] {
		t.Errorf("pack: prints 86 hull hits, its own sum, not the result's 999")
	}
}

// shownStrings returns every string the pages of a PDF draw, each as
// drawn.
func shownStrings(t *testing.T, b []byte) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, s := range pdftext.Strings(t, b) {
		out[s] = true
	}
	return out
}

// TestSheetsComputeNoRule type-checks package sheets and fails when it
// calls a function or method of designer, costing or ruleset/battleshift
// that is not on the list below (Battleshift's numbers reach the sheets
// through its Result and FleetResult). The list holds look-ups and accessors of the design and
// catalogue; a rule (tier, power, space, loads, ratings, validation,
// pricing) belongs to designer or costing and reaches the sheets through
// Ship.Result. The one rule function allowed is designer.SquadronTier:
// costing prices squadrons but does not report a squadron's tier, and the
// sheets print designer's own function, not a copy.
func TestSheetsComputeNoRule(t *testing.T) {
	allowed := map[string]string{
		"designer.BuiltinCatalogue":        "the catalogue the icons and colours come from",
		"designer.Catalogue.Kind":          "look-up of a kind's row",
		"designer.Catalogue.Category":      "look-up of a category's row",
		"designer.Sections.List":           "the present sections in order",
		"designer.Sections.Get":            "one section",
		"designer.Sections.FacedArcs":      "which arcs a section's defences face",
		"designer.PerArc.Get":              "one arc's armour, shields or plates",
		"designer.Design.Weapon":           "look-up of a weapon definition",
		"designer.Design.HangarBay":        "look-up of a hangar bay definition",
		"designer.Design.Squadron":         "look-up of a squadron definition",
		"designer.SquadronDef.Has":         "whether a squadron has a quality",
		"designer.WeaponDef.Indirect":      "the weapon's target method",
		"designer.WeaponDef.CanTarget":     "whether a weapon lists a target",
		"designer.WeaponDef.AoEDie":        "the weapon's area die as written",
		"designer.System.Supports":         "designer's one placement rule: which arc a system supports",
		"designer.Section.AdaptationLimit": "designer's one function for an arc's adaptation level",
		"designer.SquadronTier":            "designer's one function for a squadron's tier",
		"designer.Design.FighterRuns":      "designer's one list of the squadron boxes a player marks in play",
		"designer.BoxID":                   "designer's one naming of a box a player marks in play",
		"designer.ArcBoxID":                "designer's one naming of an arc's box a player marks in play",
	}
	for name, why := range map[string]string{
		"battleshift.New":               "the Battleshift ruleset, for its catalogue",
		"battleshift.Ruleset.Catalogue": "Battleshift's catalogue: weapon profiles, size bands, names",
		"battleshift.Catalogue.Kind":    "look-up of a Battleshift kind's row",
		"battleshift.Catalogue.Faction": "look-up of a Battleshift faction's row",
	} {
		allowed[name] = why
	}
	used := sheetsCalls(t)
	if len(used) == 0 {
		t.Fatal("found no calls into designer: the check itself is broken")
	}
	for name, pos := range used {
		if _, ok := allowed[name]; !ok {
			t.Errorf("%s: sheets calls %s; print the costing result instead (or, if it is a look-up and not a rule, add it to the list in this test)", pos, name)
		}
	}
}

// sheetsCalls returns every function and method of packages designer,
// costing and ruleset/battleshift that the non-test files of package sheets refer to, as
// "package.Func" or "package.Type.Method", with one position each.
func sheetsCalls(t *testing.T) map[string]string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		testenv.Missing(t, "go command", "it finds the export data this test reads")
	}
	// Export data of every dependency, from the build cache.
	cmd := exec.Command(goTool, "list", "-export", "-deps", "-json=ImportPath,Export", ".")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
	}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
	}
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if e := exports[path]; e != "" {
			return os.Open(e)
		}
		return nil, os.ErrNotExist
	})
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check("github.com/slipway/slipway/sheets", fset, parsed, info); err != nil {
		t.Fatalf("type-check sheets: %v", err)
	}
	used := map[string]string{}
	for id, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil {
			continue
		}
		pkg := fn.Pkg().Path()
		if pkg != "github.com/slipway/slipway/designer" && pkg != "github.com/slipway/slipway/costing" &&
			pkg != "github.com/slipway/slipway/ruleset/battleshift" {
			continue
		}
		name := fn.Pkg().Name() + "."
		if recv := fn.Signature().Recv(); recv != nil {
			rt := recv.Type()
			if p, ok := rt.(*types.Pointer); ok {
				rt = p.Elem()
			}
			if n, ok := rt.(*types.Named); ok {
				name += n.Obj().Name() + "."
			}
		}
		name += fn.Name()
		if _, seen := used[name]; !seen {
			used[name] = fset.Position(id.Pos()).String()
		}
	}
	return used
}

// TestIllegalDesignSaysSo prints an illegal design's record sheet, card
// and fleet pack and finds the words on the page; a legal design's have
// none.
func TestIllegalDesignSaysSo(t *testing.T) {
	illegal := loadSample(t, "reference-cruiser.json")
	illegal.Name = "Illegal Cruiser"
	// Three edits, each breaking a rule (whichever ids they are).
	illegal.TechLevel = 0
	illegal.Sections.Fore.Layers[0].HullHits = -5
	illegal.Sections.Aft.Layers[0].Crew = -1
	bad := testShip(illegal)
	errs := 0
	for _, p := range bad.Result.Problems {
		if p.Severity == designer.Error {
			errs++
		}
	}
	if bad.Result.Legal || errs < 2 {
		t.Fatalf("the edited design should break several rules: %v", bad.Result.Problems)
	}
	note := Legality(bad.Result)
	if want := "NOT LEGAL: " + itoa(errs) + " problems"; note != want {
		t.Fatalf("Legality = %q, want %q", note, want)
	}
	good := testShip(loadSample(t, "reference-cruiser.json"))
	if !good.Result.Legal || Legality(good.Result) != "" {
		t.Fatalf("the reference cruiser is not legal: %v", good.Result.Problems)
	}
	docs := []struct {
		name  string
		write func(w io.Writer, s Ship) error
	}{
		{"record sheet", func(w io.Writer, s Ship) error { return RecordSheet(w, s, Options{}) }},
		{"record sheet bw", func(w io.Writer, s Ship) error { return RecordSheet(w, s, Options{BW: true, Paper: "a4"}) }},
		{"card", func(w io.Writer, s Ship) error { return Cards(w, []Ship{s}, Options{}) }},
		{"pack", func(w io.Writer, s Ship) error { return Pack(w, []Ship{s}, Options{}) }},
	}
	for _, d := range docs {
		var buf bytes.Buffer
		if err := d.write(&buf, bad); err != nil {
			t.Fatal(err)
		}
		pages := readBack(t, buf.Bytes())
		first := strings.Join(pages[0].lines, "\n")
		if !hasText(first, "NOT LEGAL") || !hasText(first, itoa(errs)+" problems") {
			t.Errorf("%s of an illegal design: first page does not say %q:\n%s", d.name, note, first)
		}
		if d.name == "pack" {
			// Its record sheet says so too.
			if len(pages) < 2 || !hasText(strings.Join(pages[1].lines, "\n"), "NOT LEGAL") {
				t.Errorf("pack: the illegal ship's record sheet does not say so")
			}
		}
		buf.Reset()
		if err := d.write(&buf, good); err != nil {
			t.Fatal(err)
		}
		if text := allText(readBack(t, buf.Bytes())); hasText(text, "NOT LEGAL") || hasText(text, "problem") {
			t.Errorf("%s of a legal design mentions legality problems:\n%s", d.name, text)
		}
	}
}

func TestLegality(t *testing.T) {
	e := func(rule string) designer.Problem { return designer.Problem{Rule: rule, Severity: designer.Error} }
	w := designer.Problem{Rule: "R-TL-02", Severity: designer.Warning}
	tests := []struct {
		name string
		r    *costing.Result
		want string
	}{
		{"nil", nil, ""},
		{"legal", &costing.Result{Legal: true}, ""},
		{"legal with a warning", &costing.Result{Legal: true, Problems: designer.Problems{w}}, ""},
		{"one error", &costing.Result{Problems: designer.Problems{w, e("R-SEC-05")}}, "NOT LEGAL: 1 problem"},
		{"three errors", &costing.Result{Problems: designer.Problems{e("R-SEC-05"), w, e("R-SEC-01"), e("R-TL-01")}}, "NOT LEGAL: 3 problems"},
		{"capped", &costing.Result{Problems: designer.Problems{e("R-SEC-05"), e("R-SEC-05"), e(designer.RuleProblemCap)}}, "NOT LEGAL: 2+ problems"},
		{"illegal without errors", &costing.Result{}, "NOT LEGAL"},
	}
	for _, tt := range tests {
		if got := Legality(tt.r); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
