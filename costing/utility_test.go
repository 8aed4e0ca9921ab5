package costing

import (
	"math"
	"testing"

	"github.com/slipway/slipway/designer"
)

// unarmed strips d of every means of hurting an enemy: weapons, hangars
// and squadrons, teleporters, FTL drives (the FTL attack) and STL drives
// (the ram; the ship becomes newtonian). A biological hull becomes metallic (its regrowth scales with
// the life support that crew and marines raise: that is play, not
// utility).
func unarmed(d *designer.Design) {
	for _, ns := range d.Sections.List() {
		ns.Section.Weapons = nil
		ns.Section.Hangars = nil
		out := ns.Section.Systems[:0]
		for _, sy := range ns.Section.Systems {
			switch sy.Kind {
			case "ftlBasic", "ftlAdvanced", "teleporterBasic", "teleporterAdvanced", "stlPrimitive", "stlBasic", "stlAdvanced", "soc":
				continue
			}
			out = append(out, sy)
		}
		ns.Section.Systems = out
	}
	d.HangarBays, d.Starfighters, d.Weapons = nil, nil, nil
	d.Hull = designer.HullMetallic
	d.Movement = designer.MovementNewtonian // a cinematic ship must keep its drives (R-PRO-04)
}

// utilityFamily is one kind of utility part, the way to add it to a
// design, and the bound on what it may add to an unarmed ship's CV.
type utilityFamily struct {
	name  string
	bound float64
	add   func(g *generator, d *designer.Design)
}

// utilityFamilies are the parts issue 11 names as utility (teleporters
// aside: see TestTeleportersAreOffence), each added to a copy of an
// unarmed design, with its bound:
// bound: the CV after, unrounded, is at most CV before x (1 + bound).
var utilityFamilies = []utilityFamily{
	{"command centre", 0.15, func(g *generator, d *designer.Design) {
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "cic", Rating: g.intn(1, 10), Count: 1})
	}},
	{"marines", 0, func(g *generator, d *designer.Design) {
		for _, ns := range d.Sections.List() {
			ns.Section.Layers[0].Marines += g.intn(0, 8)
		}
	}},
	{"empty hangars", 0, func(g *generator, d *designer.Design) {
		d.Starfighters = append(d.Starfighters, designer.SquadronDef{ID: "sq", Name: "Squadron", Strength: 6, Speed: 20, Defence: 1, TargetRating: 6,
			Weapons: []designer.FighterWeapon{{Name: "Gun", DamageType: designer.DamageEnergy, Pulse: 2, Die: "D6", Modifier: 1,
				RateOfFire: designer.RateUnlimited, Targets: []string{designer.FighterTargetsStarships}}}})
		d.HangarBays = append(d.HangarBays, designer.HangarBayDef{ID: "bay", Name: "Bay", Launch: 2, Capacity: 4, Carries: []string{"sq"}})
		d.Sections.Core.Hangars = append(d.Sections.Core.Hangars, designer.HangarMount{Bay: "bay", Count: g.intn(1, 3)})
		d.Sections.Core.Systems = append(d.Sections.Core.Systems, designer.System{Kind: "soc", Rating: g.intn(1, 4), Count: 1})
	}},
	{"crew", 0.20, func(g *generator, d *designer.Design) {
		for _, ns := range d.Sections.List() {
			ns.Section.Layers[0].Crew += g.intn(0, 6)
		}
	}},
}

// allUtility is every family at once.
var allUtility = utilityFamily{name: "all", bound: 0.35}

// TestUtilityBound is the property of issue 11 (Acceptance, point 2):
// under metaverse-cv/2, utility parts added to a generated legal ship with
// no means of hurting an enemy raise its CV (unrounded) by at most:
//
//   - a command centre: 15 %. Its command is worth CiCPerUnit a unit it
//     can command, and utility never counts more than UtilityCap (15 %) of
//     the rest of CV;
//   - marines: nothing. Nothing delivers them (no teleporter, no
//     breaching squadron), and a ship is not harder to destroy for them;
//   - empty hangars with an SoC: nothing. They launch nothing;
//   - crew parties: 20 %. Crew repair criticals on a damage control roll
//     at or under the parties used (rules §2.3.1): a real effect in play,
//     through D, which critical repair raises by at most RepairWeight of
//     each critical's worth, and CV grows as D^(1 - OffenceShare);
//   - all of them together: 35 % (1.15 x 1.17, the two that count).
//
// Why it matters: such a ship's offence is the floor (5 % of the
// reference offence), so its CV is k x O^a x D^(1-a) on that floor and
// only D and the capped utility can move; no pile of utility makes it
// score like a warship of its hull (docs/rules.md § Decisions, "Utility
// on an unarmed ship").
func TestUtilityBound(t *testing.T) {
	m := v2Model
	g := newGenerator(21)
	worst := map[string]float64{}
	checked := map[string]int{}
	for i := 0; i < 400; i++ {
		d := g.design(i)
		unarmed(d)
		d.TechLevel = 10
		before := m.Evaluate(d, Options{})
		if !before.Legal {
			continue
		}
		if raw := inputOf(t, before, "offence", "raw"); raw > 1e-6 { // (shields + hull) / 1e9 turns when nothing gets through
			t.Fatalf("design %d: an unarmed ship has offence %v", i, raw)
		}
		all := clone(d)
		for _, f := range utilityFamilies {
			after := clone(d)
			f.add(g, after)
			f.add(g, all)
			checkUtility(t, m, i, f, before, after, worst, checked)
		}
		checkUtility(t, m, i, allUtility, before, all, worst, checked)
	}
	for _, f := range append(utilityFamilies, allUtility) {
		if checked[f.name] < 100 {
			t.Errorf("%s: only %d legal designs checked", f.name, checked[f.name])
		}
		t.Logf("%-15s %3d designs, largest CV ratio %.3f (bound %.2f)", f.name, checked[f.name], 1+worst[f.name], 1+f.bound)
	}
}

func checkUtility(t *testing.T, m *Model, i int, f utilityFamily, before *Result, d *designer.Design, worst map[string]float64, checked map[string]int) {
	t.Helper()
	r := m.Evaluate(d, Options{})
	if !r.Legal {
		return
	}
	checked[f.name]++
	cb, ca := before.Components.CV, r.Components.CV
	if limit := cb * (1 + f.bound); ca > limit*(1+1e-9) {
		t.Errorf("design %d: %s raised an unarmed ship's CV %.3f -> %.3f, above %.3f (O %.3f -> %.3f, D %.2f -> %.2f, U %.2f)",
			i, f.name, cb, ca, limit, before.Components.Offence, r.Components.Offence, before.Components.Defence, r.Components.Defence, r.Components.Utility)
	}
	if cb > 0 {
		worst[f.name] = max(worst[f.name], ca/cb-1)
	}
}

// TestTeleportersAreOffence: a teleporter is not utility on a ship with a
// spare sensor array: metaverse-rules.txt l. 2806-2816 "A teleporter may
// also be used to make pinpoint attacks on enemy starships in an attempt
// to disable systems. A sensor roll is made as normal with the
// established modifiers but an independent sensor array is required for
// each teleporter used in this way. If successful, a critical hit is
// scored". Added to an unarmed ship, teleporters raise its CV only
// through that attack: the offence's "teleport" node (criticals a turn),
// at most one a turn for each teleporter that has a sensor array of its
// own; D moves by no more than the power they draw (0.5 %), U (before
// its cap) not at all.
func TestTeleportersAreOffence(t *testing.T) {
	m := v2Model
	g := newGenerator(22)
	checked := 0
	for i := 0; i < 300; i++ {
		d := g.design(i)
		unarmed(d)
		d.TechLevel = 10
		before := m.Evaluate(d, Options{})
		if !before.Legal {
			continue
		}
		n := g.intn(1, 3)
		after := clone(d)
		after.Sections.Core.Systems = append(after.Sections.Core.Systems,
			designer.System{Kind: pick(g, "teleporterBasic", "teleporterAdvanced"), Rating: g.intn(1, 6), Count: n})
		r := m.Evaluate(after, Options{})
		if !r.Legal {
			continue
		}
		checked++
		sensors := 0
		for _, ns := range after.Sections.List() {
			for _, s := range ns.Section.Systems {
				if s.Kind == "sensor" && s.Rating > 0 {
					sensors += s.Count
				}
			}
		}
		tele := nodeValue(r, "teleport")
		if limit := float64(min(n, sensors)); tele > limit+1e-9 {
			t.Errorf("design %d: %d teleporters and %d sensor arrays make %v criticals a turn, more than %v", i, n, sensors, tele, limit)
		}
		if r.Components.Offence > before.Components.Offence+1e-9 && tele <= 0 {
			t.Errorf("design %d: teleporters raised O %v -> %v with no teleport attack", i, before.Components.Offence, r.Components.Offence)
		}
		if u0, u1 := nodeValue(before, "utility"), nodeValue(r, "utility"); math.Abs(r.Components.Defence-before.Components.Defence) > 0.005*before.Components.Defence || u0 != u1 {
			t.Errorf("design %d: teleporters moved D %v -> %v, U %v -> %v", i, before.Components.Defence, r.Components.Defence, u0, u1)
		}
	}
	if checked < 100 {
		t.Errorf("only %d legal designs checked", checked)
	}
}
