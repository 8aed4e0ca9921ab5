package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// partEdit is one part taken off (or changed on) a ship for
// TestPartsAgainstField.
type partEdit struct {
	name string
	f    func(d *designer.Design)
}

// dropWeapon removes every mount of weapon id.
func dropWeapon(id string) func(d *designer.Design) {
	return func(d *designer.Design) {
		for _, ns := range d.Sections.List() {
			var keep []designer.Mount
			for _, w := range ns.Section.Weapons {
				if w.Weapon != id {
					keep = append(keep, w)
				}
			}
			ns.Section.Weapons = keep
		}
	}
}

// partEdits are the Reference Cruiser's parts, one at a time.
var partEdits = []partEdit{
	{"as built", func(d *designer.Design) {}},
	{"no shields", func(d *designer.Design) {
		removeKinds(d, "shieldBasic")
		for _, ns := range d.Sections.List() {
			for _, a := range d.Sections.FacedArcs(ns.Name) {
				ns.Section.Shields.Set(a, nil)
			}
		}
	}},
	{"no armour", func(d *designer.Design) {
		for _, ns := range d.Sections.List() {
			for _, a := range d.Sections.FacedArcs(ns.Name) {
				ns.Section.Armour.Set(a, nil)
			}
		}
	}},
	{"no FTL drive", func(d *designer.Design) { removeKinds(d, "ftlBasic") }},
	{"no CIC or EW array", func(d *designer.Design) { removeKinds(d, "cic", "ewArray") }},
	{"no point defence", dropWeapon("point-defence")},
	{"no heavy lasers", dropWeapon("heavy-laser")},
	{"no railguns", dropWeapon("railgun")},
	{"half the hull hits", func(d *designer.Design) {
		for _, ns := range d.Sections.List() {
			for i := range ns.Section.Layers {
				ns.Section.Layers[i].HullHits = max(1, ns.Section.Layers[i].HullHits/2)
			}
		}
	}},
	{"crew 1", func(d *designer.Design) { d.CrewQuality = 1 }},
	{"crew 4", func(d *designer.Design) { d.CrewQuality = 4 }},
}

// TestPartsAgainstField is a probe, not a check (docs/calibration.md,
// "What is left"): what each of the Reference Cruiser's parts is worth
// against the field, beside what CV says it is worth.
//
//	go test ./sim -run TestPartsAgainstField -fit -v
//
// Each variant plays the same 40 generated designs, those the ship as
// built meets, 100 duels each; its worth is its score read through the
// win-chance curve, as a share of the ship as built's; its slope is the
// change of the score's log odds over the change of log CV, beta where
// CV prices the part as the field does (a part CV underprices has a
// steeper slope than the ship's other parts).
func TestPartsAgainstField(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to print what the reference cruiser's parts are worth against the field")
	}
	m := costing.NewModel(nil)
	field, err := fieldShips(m, 1)
	if err != nil {
		t.Fatal(err)
	}
	beta, _ := ForecastBeta(m.Version())
	var sb strings.Builder
	sb.WriteString("| the Reference Cruiser with | CV | CV / as built | score | worth / as built's | slope |\n|---|---|---|---|---|---|\n")
	var opp []*Ship
	baseWorth, baseOdds := 0.0, 0.0
	for _, e := range partEdits {
		d := cruiser(t)
		e.f(d)
		s, err := Compile(m, d)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Eval.Legal {
			t.Fatalf("%s: not legal", e.name)
		}
		if opp == nil {
			opp = fieldOpponentsOf(s, field)
		}
		f := scoreAgainst(s, opp, 100, 500, beta, Options{})
		p := f.Score
		worth, odds := f.Ratio, math.Log(p/(1-p))
		slope := "-"
		if baseWorth == 0 {
			baseWorth, baseOdds = worth, odds
		} else if s.Eval.CV != 100 {
			slope = fmt.Sprintf("%.1f", (odds-baseOdds)/math.Log(float64(s.Eval.CV)/100))
		}
		fmt.Fprintf(&sb, "| %s | %d | %.2f | %.1f %% | %.2f | %s |\n", e.name, s.Eval.CV, float64(s.Eval.CV)/100, 100*p, worth/baseWorth, slope)
	}
	t.Logf("model %s, %d opponents of the field, beta %.3g:\n%s", m.Version(), len(opp), beta, sb.String())
}

// oneStep is one improvement TestOneStepBetter makes to a design; edit
// reports whether the design had the part to improve.
type oneStep struct {
	name string
	edit func(d *designer.Design) bool
}

// oneSteps are TestOneStepBetter's improvements: crew quality +1, command
// and damage control dice up, one more of every mount, armour +1 and
// shields +2 where there are any, sensors +1, a fifth more hull.
func oneSteps() []oneStep {
	up := func(d designer.Die) designer.Die {
		for i, x := range designer.Dice {
			if x == d && x != "D6" && i+1 < len(designer.Dice) {
				return designer.Dice[i+1]
			}
		}
		return d
	}
	return []oneStep{
		{"crew quality +1", func(d *designer.Design) bool { d.CrewQuality++; return d.CrewQuality <= 5 }},
		{"command die up", func(d *designer.Design) bool {
			o := d.CommandQuality
			d.CommandQuality = up(o)
			return o != d.CommandQuality
		}},
		{"damage control die up", func(d *designer.Design) bool {
			o := d.DamageControl
			d.DamageControl = up(o)
			return o != d.DamageControl
		}},
		{"one more of every mount", func(d *designer.Design) bool {
			for _, ns := range d.Sections.List() {
				for i := range ns.Section.Weapons {
					ns.Section.Weapons[i].Count++
				}
			}
			return true
		}},
		{"armour +1", func(d *designer.Design) bool {
			n := 0
			for _, ns := range d.Sections.List() {
				for _, a := range []*designer.Armour{ns.Section.Armour.Fore, ns.Section.Armour.Aft, ns.Section.Armour.Port, ns.Section.Armour.Starboard} {
					if a != nil && a.Rating > 0 {
						a.Rating++
						n++
					}
				}
			}
			return n > 0
		}},
		{"shields +2", func(d *designer.Design) bool {
			n := 0
			for _, ns := range d.Sections.List() {
				for _, sh := range []*designer.Shield{ns.Section.Shields.Fore, ns.Section.Shields.Aft, ns.Section.Shields.Port, ns.Section.Shields.Starboard} {
					if sh != nil && sh.Hits > 0 {
						sh.Hits += 2
						n++
					}
				}
			}
			return n > 0
		}},
		{"sensors +1", func(d *designer.Design) bool {
			n := 0
			for _, ns := range d.Sections.List() {
				for i := range ns.Section.Systems {
					if sy := &ns.Section.Systems[i]; sy.Kind == "sensor" {
						sy.Rating++
						n++
					}
				}
			}
			return n > 0
		}},
		{"a fifth more hull", func(d *designer.Design) bool {
			for _, ns := range d.Sections.List() {
				for i := range ns.Section.Layers {
					ns.Section.Layers[i].HullHits = ns.Section.Layers[i].HullHits * 6 / 5
				}
			}
			return true
		}},
	}
}

// TestOneStepBetter (docs/simulation.md, "Where the policies fall
// short"): each sample with one thing made better (a
// crew quality up, the command die or the damage control die one step
// up, one more of every weapon mount, armour +1 and shields +2 on every
// arc that has them, every sensor array +1, a fifth more hull on every
// layer)
// plays the sample as built, 1,000 battles from either side, deployed by
// the encounter rules. A score under one half means the simulator's
// policies play the better ship worse, or the rules make the step a
// cost (a larger damage control die repairs less often, rules l.
// 1698-1702; more hull can lower the target rating). It fails below 0.43,
// where the policy faults it found scored (0.40-0.42); the lowest step
// now is a fifth more hull on the USS Newton, 0.44, a cost by the rules.
//
//	go test ./sim -run TestOneStepBetter -v
func TestOneStepBetter(t *testing.T) {
	if testing.Short() {
		t.Skip("76 steps of 2,000 battles: skipped with -short")
	}
	m := costing.NewModel(nil)
	steps := oneSteps()
	// ONESTEP_RANGE=cm plays the steps from a fixed start instead, a
	// probe: only the deployed run is held to 0.43.
	var opt Options
	if cm, err := strconv.Atoi(os.Getenv("ONESTEP_RANGE")); err == nil {
		opt.StartRange = cm
	}
	under := 0
	for _, name := range []string{"reference-cruiser", "uss-newton", "hms-thunderchild", "iks-tesla", "ras-freedom",
		"its-dragon", "ss-clinton", "uss-einstein", "iss-vengeance", "hims-avenger"} {
		base := sampleShip(t, m, name)
		for _, st := range steps {
			s, ok := sampleVariant(t, m, name, st.edit)
			if !ok {
				continue
			}
			w := (Run([]*Ship{s}, []*Ship{base}, 1000, 1, 0, opt).WinRate(0) +
				Run([]*Ship{base}, []*Ship{s}, 1000, 2, 0, opt).WinRate(1)) / 2
			mark := ""
			if w < 0.47 {
				mark, under = "  <- worse", under+1
			}
			t.Logf("%-18s %-24s CV %4d -> %4d  scores %.3f%s", name, st.name, base.Eval.CV, s.Eval.CV, w, mark)
			if w < 0.43 && opt.StartRange == 0 {
				t.Errorf("%s with %s scores %.3f against itself as built, under 0.43", name, st.name, w)
			}
		}
	}
	t.Logf("%d steps score under 0.47", under)
}

// TestOneStepBetterGenerated plays TestOneStepBetter's steps on 200
// designs of the calibration generator (seed 777), 600 battles a step
// deployed by the encounter rules, and prints every step that scores
// under 0.47 against the design as built, with the mean score of the
// better ship and how many steps score under 0.45 and 0.40: a sweep for
// policies that play the better ship worse (docs/simulation.md, Where the
// policies fall short). It asserts nothing:
//
//	go test ./sim -run TestOneStepBetterGenerated -fit -v
func TestOneStepBetterGenerated(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to sweep generated designs for steps that play worse")
	}
	m := costing.NewModel(nil)
	g := NewGenerator(777, nil)
	tot, n, u45, u40 := 0.0, 0, 0, 0
	for i := 0; i < 200; i++ {
		d, base := generatedShip(t, m, g, i)
		raw, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range oneSteps() {
			s, ok, err := variantOf(m, raw, st.edit)
			if err != nil || !ok || !s.Eval.Legal {
				continue
			}
			w := (Run([]*Ship{s}, []*Ship{base}, 300, 1, 0, Options{}).WinRate(0) +
				Run([]*Ship{base}, []*Ship{s}, 300, 2, 0, Options{}).WinRate(1)) / 2
			tot, n = tot+w, n+1
			if w < 0.45 {
				u45++
			}
			if w < 0.40 {
				u40++
			}
			if w < 0.47 {
				t.Logf("design %d (%s, CV %d) %-24s scores %.3f", i, d.Tags[0], base.Eval.CV, st.name, w)
			}
		}
	}
	t.Logf("%d steps: mean score %.4f; %d under 0.45, %d under 0.40", n, tot/float64(max(1, n)), u45, u40)
}
