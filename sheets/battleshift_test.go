package sheets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"

	"github.com/slipway/slipway/internal/testenv"
)

// bsRules is the Battleshift ruleset the tests decode and evaluate with.
var bsRules = battleshift.New()

// bsVanguard reads and evaluates the test fleet of spec §7.
func bsVanguard(t testing.TB) (*battleshift.Fleet, *battleshift.FleetResult) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "battleshift", "fleets", "vanguard.json"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := bsRules.DecodeFleet(b)
	if err != nil {
		t.Fatalf("vanguard: %v", err)
	}
	ev, err := bsRules.EvaluateFleet(f, nil)
	if err != nil {
		t.Fatalf("vanguard: %v", err)
	}
	return f.(*battleshift.Fleet), ev.(*battleshift.FleetResult)
}

// bsSamples reads and evaluates every sample class, by file name.
func bsSamples(t testing.TB) map[string]*bsSample {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "data", "battleshift", "samples", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Battleshift samples: %v", err)
	}
	out := map[string]*bsSample{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := bsRules.DecodeClass(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = &bsSample{c, bsRules.EvaluateClass(c)}
	}
	return out
}

type bsSample struct {
	c *battleshift.Class
	r *battleshift.Result
}

// needTool returns the path of a program the test needs. Without it the
// test is skipped, but under CI=true, where .ci/run installs it, it fails.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		testenv.Missing(t, name, fmt.Sprintf("install Debian's %s; .ci/run installs it", pkg))
	}
	return p
}

// bsPageSize checks that every page is landscape paper of opt.
func bsPageSize(t *testing.T, name string, pages []pageText, o ruleset.PrintOptions) {
	t.Helper()
	wantW, wantH := 279.4, 215.9
	if o.Paper == "a4" {
		wantW, wantH = 297, 210
	}
	for i, p := range pages {
		if math.Abs(p.w-wantW) > 0.2 || math.Abs(p.h-wantH) > 0.2 {
			t.Errorf("%s page %d: %.1f x %.1f mm, want %.1f x %.1f", name, i+1, p.w, p.h, wantW, wantH)
		}
	}
}

// TestBattleshiftFleetPackVanguard prints the test fleet's pack (issue
// 18, acceptance 10): qpdf finds nothing wrong with it, and its text has
// the fleet's name and cost, each class, each squadron's total damage in
// its damage track, the order sheet and the quick reference.
func TestBattleshiftFleetPackVanguard(t *testing.T) {
	f, r := bsVanguard(t)
	if !r.Legal || r.Cost != 710 {
		t.Fatalf("vanguard: legal %v, cost %d; want a legal 710", r.Legal, r.Cost)
	}
	for _, o := range []ruleset.PrintOptions{{}, {Paper: "a4", BW: true, URL: "slw.example/f/vanguard"}} {
		pdf, err := BattleshiftPrinter{}.FleetPack(f, r, o)
		if err != nil {
			t.Fatal(err)
		}
		pages := readBack(t, pdf)
		bsPageSize(t, "vanguard", pages, o)
		text := allText(pages)
		for _, want := range []string{
			"FLEET ROSTER: Vanguard", "710 of 750", "TASK FORCE: Hammer", "TASK FORCE: Screen",
			"Fleet Cruiser", "Fleet Battleship", "Behemoth", "Fleet Destroyer", "Defense Frigate",
			"5 Fleet Cruisers", "4 Fleet Battleships", "3 Behemoths", "7 Fleet Destroyers", "6 Defense Frigates",
			"every point beyond 20: one destruction test", "every point beyond 24: one destruction test",
			"every point beyond 14: one destruction test", "every point beyond 18: one destruction test",
			"flagship: Behemoth in Behemoth Squadron", "command range 8\"", "FLAGSHIP",
			"TASK-FORCE ORDERS: Vanguard", "ACTIVATION ORDER", "BATTLESHIFT PLANS", "6' × 4' table", "8' × 4' table",
			"QUICK REFERENCE", "RESOLVING AN ATTACK", "MOVEMENT BY SIZE", "HITS TO SUPPRESS, PER SHIP",
		} {
			if !hasText(text, want) {
				t.Errorf("%+v: the pack lacks %q", o, want)
			}
		}
		if !hasText(text, "Battleshift, "+r.ModelVersion) {
			t.Errorf("the footer lacks the model version %q", r.ModelVersion)
		}
		if o.URL != "" && !hasText(text, o.URL) {
			t.Errorf("the link %q is not printed", o.URL)
		}
		// Each squadron prints its numbers in its row of boxes, the
		// values on one line under their labels.
		flat := squash(text)
		for _, s := range r.Squadrons {
			if v := squadronValues(s); !strings.Contains(flat, v) {
				t.Errorf("squadron %s: its numbers %q are not printed", s.ID, v)
			}
		}
	}
	qpdf := needTool(t, "qpdf", "qpdf")
	pdf, err := BattleshiftPrinter{}.FleetPack(f, r, ruleset.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "vanguard.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(qpdf, "--check", file).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

// squadronValues is the line of values of a squadron's row of numbers
// as it reads back, spaces removed.
func squadronValues(s battleshift.FleetSquadronResult) string {
	return squash(fmt.Sprintf("%d%d%d%d%d @ %d%d or less%d\"%d", s.Ships, s.Threshold, s.TotalDamage, s.HitsToSuppress,
		s.ShieldDice, s.Hardness, s.DestructionSave, s.Move, s.Cost))
}

// bsTexts is every text element of the pages, one to a line.
func bsTexts(pages []*Page) string {
	var sb strings.Builder
	for _, p := range pages {
		p.Walk(func(e, _ *Element) {
			if e.Text != "" {
				sb.WriteString(e.Text)
				sb.WriteByte('\n')
			}
		})
	}
	return sb.String()
}

// TestBattleshiftRosterDamageTrack lays out the vanguard roster: each
// squadron has a damage box for every point of its total damage, heavy
// at each multiple of its threshold, six suppression boxes, and fighter
// boxes only when it carries fighters.
func TestBattleshiftRosterDamageTrack(t *testing.T) {
	f, r := bsVanguard(t)
	d, err := newBSDoc(ruleset.PrintOptions{}, f.Name)
	if err != nil {
		t.Fatal(err)
	}
	d.roster(newBSFleet(f, r))
	boxes, suppress, fighters := 0, 0, 0
	for _, p := range d.pages {
		p.Walk(func(e, _ *Element) {
			switch e.Kind {
			case "damage-box":
				boxes++
			case "suppression-box":
				suppress++
			case "turn-box":
				fighters++
			}
		})
	}
	want := 0
	for _, s := range r.Squadrons {
		want += s.TotalDamage
	}
	if boxes != want {
		t.Errorf("%d damage boxes, want %d (the squadrons' total damage)", boxes, want)
	}
	if suppress != bsSuppressionBoxes*len(r.Squadrons) {
		t.Errorf("%d suppression boxes for %d squadrons", suppress, len(r.Squadrons))
	}
	if fighters != 0 {
		t.Errorf("%d fighter boxes in a fleet without carriers", fighters)
	}
	bsCheckGeometry(t, "vanguard roster", d.pages)
	// No id of the document is printed, only names and numbers.
	d.orderSheet(newBSFleet(f, r))
	texts := bsTexts(d.pages)
	for _, id := range []string{"s1", "s2", "s3", "s4", "s5", "hammer", "screen", "fleet-cruiser", "fleet-battleship", "behemoth",
		"fleet-destroyer", "defense-frigate", "lightBattery", "heavyBattery", "interceptor"} {
		if regexp.MustCompile(`(^|[^\pL\pN-])` + regexp.QuoteMeta(id) + `($|[^\pL\pN-])`).MatchString(texts) {
			t.Errorf("the roster or order sheet prints the id %q", id)
		}
	}
}

// TestBattleshiftCarrierRoster: a squadron of carriers has a box per
// turn for the wings aboard, and the heavy marks of its damage track fall
// on the multiples of its threshold.
func TestBattleshiftCarrierRoster(t *testing.T) {
	f, _ := bsVanguard(t)
	samples := bsSamples(t)
	carrier := samples["generic-fleet-carrier.json"]
	fl := *f
	fl.Classes = append(append([]battleshift.FleetClass(nil), f.Classes...), battleshift.FleetClass{ID: "carrier", Document: carrier.c})
	fl.Squadrons = append(append([]battleshift.FleetSquadron(nil), f.Squadrons...), battleshift.FleetSquadron{ID: "c1",
		Ships: []battleshift.FleetShips{{Class: "carrier", Count: 3}}})
	fl.PointsLimit = 1000
	r := bsRules.EvaluateFleetDoc(&fl)
	var cs *battleshift.FleetSquadronResult
	for i := range r.Squadrons {
		if r.Squadrons[i].ID == "c1" {
			cs = &r.Squadrons[i]
		}
	}
	if cs == nil || cs.FighterWings == 0 || !cs.Detached {
		t.Fatalf("the carrier squadron is not a detached squadron with fighters: %+v", cs)
	}
	d, err := newBSDoc(ruleset.PrintOptions{}, fl.Name)
	if err != nil {
		t.Fatal(err)
	}
	d.roster(newBSFleet(&fl, r))
	turns := 0
	var heavy []string
	inCarrier := false
	for _, p := range d.pages {
		p.Walk(func(e, _ *Element) {
			if e.Kind == "detached" {
				inCarrier = true
			}
			if e.Kind == "turn-box" {
				turns++
			}
		})
	}
	if !inCarrier {
		t.Error("no detached squadrons cell")
	}
	if turns != bsTurns {
		t.Errorf("%d fighter boxes, want one per turn (%d)", turns, bsTurns)
	}
	for _, row := range d.trackRows(cs.TotalDamage, cs.Threshold, 250) {
		for _, e := range row.build(0, 0, 250) {
			for _, k := range e.Children {
				if k.Kind == "damage-box" && func() bool { n := 0; fmt.Sscan(k.Text, &n); return n%cs.Threshold == 0 }() {
					heavy = append(heavy, k.Text)
				}
			}
		}
	}
	if len(heavy) != cs.TotalDamage/cs.Threshold {
		t.Errorf("heavy marks at %v for threshold %d and total %d", heavy, cs.Threshold, cs.TotalDamage)
	}
	pdf, err := BattleshiftPrinter{}.FleetPack(&fl, r, ruleset.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := allText(readBack(t, pdf))
	for _, want := range []string{"DETACHED SQUADRONS", "3 Fleet Carriers", "FIGHTERS", plural(cs.FighterWings, "wing") + " aboard at the start",
		"detached: remove each on a d6 of 2 or less", "PROBLEMS", "BS-TF-04"} {
		if !hasText(text, want) {
			t.Errorf("the pack lacks %q", want)
		}
	}
}

// TestBattleshiftPrintsResultNumbers prints a fleet and a class whose
// evaluations carry numbers no rule gives them: the pages print those
// numbers, so the printer worked none out.
func TestBattleshiftPrintsResultNumbers(t *testing.T) {
	f, r := bsVanguard(t)
	odd := *r
	odd.Cost, odd.PointsLimit = 6543, 7654
	odd.Squadrons = append([]battleshift.FleetSquadronResult(nil), r.Squadrons...)
	s := &odd.Squadrons[0]
	s.Threshold, s.TotalDamage, s.HitsToSuppress, s.ShieldDice, s.Hardness, s.DestructionSave, s.Cost, s.Move = 9, 27, 31, 37, 5, 1, 4321, 29
	pdf, err := BattleshiftPrinter{}.FleetPack(f, &odd, ruleset.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := allText(readBack(t, pdf))
	for _, want := range []string{"6543 of 7654", squadronValues(*s), "every point beyond 27"} {
		if !hasText(text, want) {
			t.Errorf("the pack does not print the result's %q", want)
		}
	}
	sm := bsSamples(t)["generic-fleet-cruiser.json"]
	cr := *sm.r
	cr.Cost, cr.Hull, cr.Shields, cr.Hardness, cr.Move, cr.Space, cr.SpaceUsed = 777, 55, 44, 9, 33, 66, 65
	cr.Squadrons = []battleshift.SquadronRow{{Ships: 1, Threshold: 55, TotalDamage: 555, HitsToSuppress: 5555, ShieldDice: 444, Cost: 7777}}
	pdf, err = BattleshiftPrinter{}.Sheet(sm.c, &cr, ruleset.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text = allText(readBack(t, pdf))
	for _, want := range []string{"777 points", "44 @ 9", "33\"", "65 of 66", "555", "5555", "444 @ 9", "7777"} {
		if !hasText(text, want) {
			t.Errorf("the class sheet does not print the result's %q", want)
		}
	}
}

// TestBattleshiftClassSheets prints the class sheet of every sample, on
// Letter and on A4 in black and white: one or two landscape pages with
// the class's name, cost and squadron table, laid out inside the page.
func TestBattleshiftClassSheets(t *testing.T) {
	samples := bsSamples(t)
	if len(samples) != 43 {
		t.Errorf("%d samples, want 43", len(samples))
	}
	for name, s := range samples {
		for _, o := range []ruleset.PrintOptions{{}, {Paper: "a4", BW: true}} {
			pdf, err := BattleshiftPrinter{}.Sheet(s.c, s.r, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pages := readBack(t, pdf)
			if len(pages) != 1 {
				t.Errorf("%s: %d pages, want 1", name, len(pages))
			}
			bsPageSize(t, name, pages, o)
			text := allText(pages)
			for _, want := range []string{"SHIP CLASS: " + s.c.Name, plural(s.r.Cost, "point"), "SQUADRONS OF THIS CLASS",
				bsShields(s.r.Shields, s.r.Hardness), plural(len(s.r.Squadrons), "ship")} {
				if !hasText(text, want) {
					t.Errorf("%s: the class sheet lacks %q", name, want)
				}
			}
		}
		d, err := newBSDoc(ruleset.PrintOptions{}, s.c.Name)
		if err != nil {
			t.Fatal(err)
		}
		d.classSheet(s.c, s.r)
		bsCheckGeometry(t, name, d.pages)
	}
}

// TestBattleshiftAids prints the quick reference with its blank order
// sheet: the catalogue's weapons with their profiles, and the ranges the
// rules give two ways footnoted without the rules' line numbers.
func TestBattleshiftAids(t *testing.T) {
	for _, o := range []ruleset.PrintOptions{{}, {Paper: "a4", BW: true}} {
		pdf, err := BattleshiftPrinter{}.Aids(o)
		if err != nil {
			t.Fatal(err)
		}
		pages := readBack(t, pdf)
		bsPageSize(t, "aids", pages, o)
		text := allText(pages)
		for _, want := range []string{"QUICK REFERENCE", "EACH TURN", "ACTIVATING A TASK FORCE", "MOVEMENT BY SIZE",
			"RESOLVING AN ATTACK", "HITS TO SUPPRESS, PER SHIP", "MISSILES", "FIGHTERS", "INTERCEPTORS", "BATTLESHIFTING",
			"WEAPONS", "TASK-FORCE ORDERS", "ACTIVATION ORDER", "36\" or 24\"", "48\" against the maximum weapon range of 36\"",
			"1\" (3\" for squadrons of its task force) or 3\""} {
			if !hasText(text, want) {
				t.Errorf("%+v: the aids lack %q", o, want)
			}
		}
		for _, k := range bsRules.Catalogue().Kinds {
			if k.Weapon == nil {
				continue
			}
			name := k.Name
			if k.Weapon.Fires != "" {
				name = k.Weapon.Fires
			}
			if !hasText(text, name) {
				t.Errorf("the weapon table lacks %s", name)
			}
		}
		if strings.Contains(text, "line 318") || strings.Contains(text, "lines ") {
			t.Error("the quick reference prints the rules' line numbers")
		}
	}
	d, err := newBSDoc(ruleset.PrintOptions{}, "")
	if err != nil {
		t.Fatal(err)
	}
	d.quickReference()
	rows := map[string]string{}
	for _, p := range d.pages {
		p.Walk(func(e, _ *Element) {
			if e.Kind != "weapons-row" {
				return
			}
			var sb strings.Builder
			var walk func(e *Element)
			walk = func(e *Element) {
				if e.Text != "" {
					sb.WriteString(e.Text + " ")
				}
				for _, k := range e.Children {
					walk(k)
				}
			}
			walk(e)
			rows[e.Children[0].Text] = squash(sb.String())
		})
	}
	for _, k := range bsRules.Catalogue().Kinds {
		w := k.Weapon
		if w == nil {
			continue
		}
		name := k.Name
		if w.Fires != "" {
			name = w.Fires
		}
		row, ok := rows[name]
		if !ok {
			t.Errorf("no row for the weapon %s", name)
			continue
		}
		for _, v := range []string{w.Range, w.Arc, w.Targeting, w.Power, w.Timing, w.Note} {
			if !strings.Contains(row, squash(v)) {
				t.Errorf("%s: its row %q lacks %q", name, row, v)
			}
		}
	}
	f, r := bsVanguard(t)
	d.orderSheet(newBSFleet(f, r))
	d.orderSheet(nil)
	bsCheckGeometry(t, "aids", d.pages)
}

// TestBattleshiftDeterministic: the same input prints the same bytes.
func TestBattleshiftDeterministic(t *testing.T) {
	f, r := bsVanguard(t)
	s := bsSamples(t)["raishek-dominator.json"]
	for name, write := range map[string]func() ([]byte, error){
		"pack":  func() ([]byte, error) { return BattleshiftPrinter{}.FleetPack(f, r, ruleset.PrintOptions{}) },
		"sheet": func() ([]byte, error) { return BattleshiftPrinter{}.Sheet(s.c, s.r, ruleset.PrintOptions{Paper: "a4"}) },
		"aids":  func() ([]byte, error) { return BattleshiftPrinter{}.Aids(ruleset.PrintOptions{BW: true}) },
	} {
		a, err := write()
		if err != nil {
			t.Fatal(err)
		}
		b, err := write()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders differ", name)
		}
	}
}

// TestBattleshiftPrinterRegistered: the seam's table prints Battleshift
// with this printer, which also prints fleets.
func TestBattleshiftPrinterRegistered(t *testing.T) {
	p, ok := PrinterFor(battleshift.ID)
	if !ok {
		t.Fatal("no printer for battleshift")
	}
	if _, ok := p.(BattleshiftPrinter); !ok {
		t.Errorf("the battleshift printer is a %T", p)
	}
	if _, ok := p.(ruleset.FleetPrinter); !ok {
		t.Error("the battleshift printer prints no fleets")
	}
}

// TestBattleshiftPrinterErrors: wrong types and a bad paper are errors,
// not panics.
func TestBattleshiftPrinterErrors(t *testing.T) {
	s := bsSamples(t)["generic-fleet-cruiser.json"]
	f, _ := bsVanguard(t)
	p := BattleshiftPrinter{}
	if _, err := p.Sheet(nil, s.r, ruleset.PrintOptions{}); err == nil {
		t.Error("a nil design printed")
	}
	if _, err := p.Sheet(s.c, nil, ruleset.PrintOptions{}); err == nil {
		t.Error("a nil evaluation printed")
	}
	if _, err := p.FleetPack(f, fakeFleetEval{}, ruleset.PrintOptions{}); err == nil {
		t.Error("another evaluation printed as a fleet's")
	}
	if _, err := p.FleetPack(f, nil, ruleset.PrintOptions{}); err == nil {
		t.Error("a fleet without an evaluation printed")
	}
	if _, err := p.Sheet(s.c, s.r, ruleset.PrintOptions{Paper: "tabloid"}); err == nil {
		t.Error("tabloid paper printed")
	}
	if _, err := p.Aids(ruleset.PrintOptions{Paper: "tabloid"}); err == nil {
		t.Error("tabloid paper printed")
	}
}

// fakeFleetEval is a fleet evaluation of some other game.
type fakeFleetEval struct{}

func (fakeFleetEval) Findings() ruleset.Problems { return nil }

// TestBattleshiftHostileFleet prints a fleet with hostile names, an
// empty task force and a squadron of an unknown class: no error, the
// text cleaned, the layout inside the page.
func TestBattleshiftHostileFleet(t *testing.T) {
	fl := hostileFleet(t)
	r := bsRules.EvaluateFleetDoc(fl)
	pdf, err := BattleshiftPrinter{}.FleetPack(fl, r, ruleset.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if text := allText(readBack(t, pdf)); !hasText(text, "Überlange") || !hasText(text, "NOT LEGAL") {
		t.Errorf("hostile fleet: name or legality lost")
	}
	d, err := newBSDoc(ruleset.PrintOptions{}, fl.Name)
	if err != nil {
		t.Fatal(err)
	}
	fp := newBSFleet(fl, r)
	d.roster(fp)
	d.orderSheet(fp)
	bsCheckGeometry(t, "hostile fleet", d.pages)
}

// hostileFleet is the vanguard with hostile names, an empty task force,
// one naming a squadron that does not exist, and a squadron of 900
// ships of an unknown class.
func hostileFleet(t testing.TB) *battleshift.Fleet {
	t.Helper()
	f, _ := bsVanguard(t)
	fl := *f
	fl.Name = strings.Repeat("Überlange Flotte ", 20) + "\u202eevil\u202c 🚀 \x00"
	fl.TaskForces = append(append([]battleshift.FleetTaskForce(nil), f.TaskForces...),
		battleshift.FleetTaskForce{ID: "empty", Name: "\x07"}, battleshift.FleetTaskForce{ID: "t9", Name: strings.Repeat("W", 200), Squadrons: []string{"nope"}})
	fl.Squadrons = append(append([]battleshift.FleetSquadron(nil), f.Squadrons...),
		battleshift.FleetSquadron{ID: "ghost", Name: "🚀🚀", Ships: []battleshift.FleetShips{{Class: "missing", Count: 900}}})
	return &fl
}

// TestPluralName: class names for several ships.
func TestPluralName(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		want string
	}{
		{"Fleet Cruiser", 5, "Fleet Cruisers"}, {"Fleet Cruiser", 1, "Fleet Cruiser"}, {"Behemoth", 3, "Behemoths"},
		{"Missile Dreadnought", 2, "Missile Dreadnoughts"}, {"Scout Drone", 2, "Scout Drones"}, {"Ankax Feedship", 2, "Ankax Feedships"},
		{"Heavy Battery", 2, "Heavy Batteries"}, {"Starship Mk II", 2, "Starship Mk II"}, {"Corvus", 2, "Corvuses"},
		{"Convoy", 3, "Convoys"}, {"Arch", 2, "Arches"}, {"", 2, ""}, {"Ἀργώ", 2, "Ἀργώ"},
	} {
		if got := pluralName(tc.name, tc.n); got != tc.want {
			t.Errorf("pluralName(%q, %d) = %q, want %q", tc.name, tc.n, got, tc.want)
		}
	}
}

// TestConflictText: the catalogue's notes on ranges lose the rules' line
// numbers and keep both values.
func TestConflictText(t *testing.T) {
	for in, want := range map[string]string{
		`36" (lines 211-213 and 1759-1761) or 24" (line 318); the quick reference prints both`:                 `36" or 24"`,
		`48" against the maximum weapon range of 36" (lines 240 and 33); the quick reference prints both`:      `48" against the maximum weapon range of 36"`,
		`1" (3" for squadrons of its task force, line 229) or 3" (line 1767); the quick reference prints both`: `1" (3" for squadrons of its task force) or 3"`,
		"": "",
	} {
		if got := conflictText(in); got != want {
			t.Errorf("conflictText(%q) = %q, want %q", in, got, want)
		}
	}
}

// bsCheckGeometry asserts the layout rules on Battleshift pages: every
// top element inside the printable area and none overlapping another,
// every child inside its parent, siblings never overlapping.
func bsCheckGeometry(t *testing.T, name string, pages []*Page) {
	t.Helper()
	checkLayout(t, name, pages)
}

// FuzzBattleshiftClassSheet decodes arbitrary bytes as a class document,
// evaluates what decodes and prints its class sheet: never a panic or an
// error, at most a few pages, inside the page.
func FuzzBattleshiftClassSheet(f *testing.F) {
	for _, s := range bsSamples(f) {
		b, err := json.Marshal(s.c)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"X","size":999999,"systems":[{"kind":"fighterBay","count":999}]}`))
	f.Add([]byte(`{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"\u202e🚀","size":-3,"systems":[{"kind":"nope","count":0,"pay":"x"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := bsRules.DecodeClass(b)
		if err != nil {
			return
		}
		r := bsRules.EvaluateClass(c)
		pdf, err := BattleshiftPrinter{}.Sheet(c, r, ruleset.PrintOptions{})
		if err != nil {
			t.Fatalf("print: %v", err)
		}
		if len(pdf) > 4<<20 {
			t.Fatalf("a class sheet of %d bytes", len(pdf))
		}
		d, err := newBSDoc(ruleset.PrintOptions{}, c.Name)
		if err != nil {
			t.Fatal(err)
		}
		d.classSheet(c, r)
		if len(d.pages) > 6 {
			t.Fatalf("a class sheet of %d pages", len(d.pages))
		}
		for _, p := range d.pages {
			for _, e := range p.Elements {
				if !p.Printable.Contains(e.Box) {
					t.Fatalf("%s %+v outside the printable area", e.Kind, e.Box)
				}
			}
		}
	})
}

// BenchmarkBattleshiftFleetPack prints the vanguard fleet's pack: roster,
// order sheet and quick reference.
func BenchmarkBattleshiftFleetPack(b *testing.B) {
	f, r := bsVanguard(b)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		pdf, err := BattleshiftPrinter{}.FleetPack(f, r, ruleset.PrintOptions{})
		if err != nil {
			b.Fatal(err)
		}
		n = len(pdf)
	}
	b.ReportMetric(float64(n), "pdf-bytes")
}

// TestBattleshiftDevRender writes the vanguard pack, the aids and every
// sample's class sheet to $SHEETS_DEV_OUT for a person to look at.
func TestBattleshiftDevRender(t *testing.T) {
	out := os.Getenv("SHEETS_DEV_OUT")
	if out == "" {
		t.Skip("set SHEETS_DEV_OUT to render Battleshift's matter for a look")
	}
	write := func(name string, b []byte, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, r := bsVanguard(t)
	p := BattleshiftPrinter{}
	b, err := p.FleetPack(f, r, ruleset.PrintOptions{})
	write("battleshift-vanguard.pdf", b, err)
	hf := hostileFleet(t)
	b, err = p.FleetPack(hf, bsRules.EvaluateFleetDoc(hf), ruleset.PrintOptions{})
	write("battleshift-hostile.pdf", b, err)
	b, err = p.FleetPack(f, r, ruleset.PrintOptions{Paper: "a4", BW: true})
	write("battleshift-vanguard-a4-bw.pdf", b, err)
	b, err = p.Aids(ruleset.PrintOptions{})
	write("battleshift-aids.pdf", b, err)
	for name, s := range bsSamples(t) {
		b, err := p.Sheet(s.c, s.r, ruleset.PrintOptions{})
		write("battleshift-"+strings.TrimSuffix(name, ".json")+".pdf", b, err)
	}
}
