package sim

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
)

// A hold-out design is built by rule from a sample ship to an extreme the
// calibration generator (gen.go) never makes: maximum armour, plates and
// deflection, countermeasure pods by the dozen, one-shot torpedoes, one
// giant gun, core-only hulls, kiting, hulls of thousands of hits with
// and without FTL, point-defence hedgehogs, regenerating crews, every
// hull type, glass cannons, stealth above 5, D12 guns. No constant of any
// CV model is fitted on them: they check what the fit could not see
// (docs/calibration.md, "Hold-out").

// holdoutFamily is one family of extremes: its name, what it does to a
// base design, and the samples it starts from.
type holdoutFamily struct {
	name  string
	about string
	bases []string
	edit  func(d *designer.Design)
}

var holdoutFamilies = []holdoutFamily{
	{"as-built", "the sample ship as published (not an extreme: the yardstick for the others)",
		[]string{"reference-cruiser", "uss-newton", "hms-thunderchild", "iks-tesla", "ras-freedom", "its-dragon", "ss-clinton", "uss-einstein", "iss-vengeance", "hims-avenger"},
		func(d *designer.Design) {}},
	{"fortress", "armour 5, ablative plates 5 and a deflector 11 on every arc, four countermeasure pods",
		[]string{"reference-cruiser", "uss-newton", "hms-thunderchild", "iks-tesla"}, func(d *designer.Design) {
			fortify(d, 5, 5, 11)
			addCore(d, designer.System{Kind: "cmPod", Rating: 1, Count: 4})
		}},
	{"pods-6", "six countermeasure pods", []string{"reference-cruiser"}, pods(6)},
	{"pods-20", "twenty countermeasure pods", []string{"reference-cruiser", "uss-newton"}, pods(20)},
	{"pods-60", "sixty countermeasure pods", []string{"reference-cruiser"}, pods(60)},
	{"one-shot", "every weapon replaced by a one-shot heavy torpedo", []string{"reference-cruiser", "uss-newton", "ras-freedom"}, func(d *designer.Design) {
		replaceWeapons(d, designer.WeaponDef{Name: "Heavy torpedo", DamageType: designer.DamageKinetic, Pulse: 4, Die: "D12", Modifier: 4,
			Effect: designer.EffectPenetrating, TargetMethod: designer.TargetIndirect, IndirectTurns: 2, Range: 30,
			RateOfFire: designer.RateOneShot, Interceptable: true, Targets: []string{designer.TargetsStarships}}, 1)
	}},
	{"giant-gun", "every gun merged into one giant gun on the core", []string{"reference-cruiser", "uss-newton", "hms-thunderchild"}, giantGun},
	{"core-only", "the outboard sections folded into the core", []string{"reference-cruiser", "uss-newton", "iks-tesla"}, coreOnly},
	{"kiter", "guns at three times their range and the fastest drive", []string{"reference-cruiser", "uss-newton", "ras-freedom"}, func(d *designer.Design) {
		for i := range d.Weapons {
			if w := &d.Weapons[i]; w.TargetMethod == designer.TargetDirect && w.Range > 0 {
				w.Range = min(50, 3*w.Range)
			}
		}
		addCore(d, designer.System{Kind: "stlAdvanced", Rating: 8, Count: 1})
	}},
	{"huge-ftl", "twenty times the hull, unarmed, with its FTL drive", []string{"reference-cruiser"}, func(d *designer.Design) {
		scaleHull(d, 20)
		disarm(d)
	}},
	{"huge-noftl", "twenty times the hull, unarmed, no FTL drive", []string{"reference-cruiser"}, func(d *designer.Design) {
		scaleHull(d, 20)
		disarm(d)
		removeKinds(d, "ftlPrimitive", "ftlBasic", "ftlAdvanced")
	}},
	{"brick-100", "a hundred times the hull (each section up to 2,000 hull hits), unarmed", []string{"reference-cruiser"}, func(d *designer.Design) {
		scaleHull(d, 100)
		disarm(d)
	}},
	{"huge-armed", "ten times the hull with its guns", []string{"reference-cruiser", "uss-newton"}, func(d *designer.Design) { scaleHull(d, 10) }},
	{"titan", "a hundred times the hull (each section up to 2,000 hull hits) with its guns", []string{"reference-cruiser"}, func(d *designer.Design) { scaleHull(d, 100) }},
	{"hedgehog", "every weapon replaced by three times as much point defence", []string{"reference-cruiser", "uss-newton", "iks-tesla"}, func(d *designer.Design) {
		replaceWeapons(d, designer.WeaponDef{Name: "Point defence", DamageType: designer.DamageEnergy, Pulse: 3, Die: "D4", Modifier: 1,
			Effect: designer.EffectRaking, TargetMethod: designer.TargetDirect, Range: 0, RateOfFire: designer.RateUnlimited,
			Interceptable: true, Targets: []string{designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire}}, 3)
	}},
	{"regenerating", "a biological hull, three crew a layer and damage control D6", []string{"reference-cruiser", "uss-newton", "hms-thunderchild"}, func(d *designer.Design) {
		d.Hull = designer.HullBiological
		d.DamageControl = "D6"
		for _, ns := range d.Sections.List() {
			for i := range ns.Section.Layers {
				ns.Section.Layers[i].Crew = 3
			}
		}
	}},
	{"technological", "a technological hull", []string{"reference-cruiser", "hms-thunderchild"}, func(d *designer.Design) { d.Hull = designer.HullTechnological }},
	{"biological", "a biological hull", []string{"uss-newton", "its-dragon"}, func(d *designer.Design) { d.Hull = designer.HullBiological }},
	{"glass-cannon", "no armour, plates or shields, three times the guns' pulses and the fastest drive", []string{"reference-cruiser", "uss-newton", "ras-freedom"}, func(d *designer.Design) {
		fortify(d, 0, 0, 0)
		for i := range d.Weapons {
			d.Weapons[i].Pulse = min(10, 3*d.Weapons[i].Pulse)
		}
		addCore(d, designer.System{Kind: "stlAdvanced", Rating: 8, Count: 1})
	}},
	{"stealth-5", "stealth 5, the most a generator may have (the calibration generator stops at 4)", []string{"reference-cruiser", "uss-newton"}, func(d *designer.Design) {
		addCore(d, designer.System{Kind: "stealth", Rating: 5, Count: 1})
	}},
	{"d12-guns", "every gun on a D12", []string{"reference-cruiser", "hms-thunderchild"}, func(d *designer.Design) {
		for i := range d.Weapons {
			if d.Weapons[i].TargetMethod == designer.TargetDirect && d.Weapons[i].Range > 0 {
				d.Weapons[i].Die = "D12"
			}
		}
	}},
	{"deflected", "a deflector 11 on every arc and no armour", []string{"reference-cruiser", "iks-tesla"}, func(d *designer.Design) { fortify(d, 0, 0, 11) }},
	{"crewed-5", "crew quality 5 and command D6", []string{"reference-cruiser", "uss-newton"}, func(d *designer.Design) {
		d.CrewQuality, d.CommandQuality = 5, "D6"
	}},
}

func pods(n int) func(d *designer.Design) {
	return func(d *designer.Design) { addCore(d, designer.System{Kind: "cmPod", Rating: 1, Count: n}) }
}

func addCore(d *designer.Design, s designer.System) {
	d.Sections.Core.Systems = append(d.Sections.Core.Systems, s)
}

// fortify sets every faced arc's armour and ablative plates (0: none) and
// gives each a deflector of rating defl (0: removes them and shields).
func fortify(d *designer.Design, armour, plates, defl int) {
	for _, ns := range d.Sections.List() {
		s := ns.Section
		var keep []designer.System
		for _, sy := range s.Systems {
			if sy.Kind == "deflector" || defl == 0 && armour == 0 && strings.HasPrefix(sy.Kind, "shield") {
				continue
			}
			keep = append(keep, sy)
		}
		s.Systems = keep
		for _, a := range d.Sections.FacedArcs(ns.Name) {
			if armour > 0 {
				s.Armour.Set(a, &designer.Armour{Rating: armour, Type: designer.DefenceEnergyKinetic})
			} else {
				s.Armour.Set(a, nil)
			}
			if plates > 0 {
				p := plates
				s.Ablative.Set(a, &p)
			} else {
				s.Ablative.Set(a, nil)
			}
			if defl == 0 && armour == 0 {
				s.Shields.Set(a, nil)
			}
			if defl > 0 {
				arc := ""
				if ns.Name == designer.SectionCore {
					arc = string(a)
				}
				s.Systems = append(s.Systems, designer.System{Kind: "deflector", Rating: defl, Type: designer.DefenceEnergyKinetic, Arc: arc, Count: 1})
			}
		}
	}
}

// replaceWeapons makes every weapon definition w, mounted times as often.
func replaceWeapons(d *designer.Design, w designer.WeaponDef, times int) {
	w.ID = "w"
	d.Weapons = []designer.WeaponDef{w}
	for _, ns := range d.Sections.List() {
		for i := range ns.Section.Weapons {
			ns.Section.Weapons[i].Weapon = "w"
			ns.Section.Weapons[i].Count *= times
		}
	}
}

// giantGun merges every direct gun into one weapon, its pulses the sum of
// theirs (at most 10 a pulse die, the rest as modifier), on the core
// firing every sector.
func giantGun(d *designer.Design) {
	pulses, mod, rng := 0, 0, 0
	for _, ns := range d.Sections.List() {
		var keep []designer.Mount
		for _, m := range ns.Section.Weapons {
			w := d.Weapon(m.Weapon)
			if w == nil || w.TargetMethod != designer.TargetDirect || w.Range == 0 {
				keep = append(keep, m)
				continue
			}
			pulses += w.Pulse * m.Count
			mod = max(mod, w.Modifier)
			rng = max(rng, w.Range)
		}
		ns.Section.Weapons = keep
	}
	if pulses == 0 {
		return
	}
	d.Weapons = append(d.Weapons, designer.WeaponDef{ID: "giant", Name: "Giant gun", DamageType: designer.DamageEnergy,
		Pulse: min(10, pulses), Die: "D12", Modifier: min(5, mod+pulses/10), Effect: designer.EffectPenetrating,
		TargetMethod: designer.TargetDirect, Range: rng, RateOfFire: designer.RateUnlimited, Interceptable: true,
		Targets: []string{designer.TargetsStarships}})
	d.Sections.Core.Weapons = append(d.Sections.Core.Weapons, designer.Mount{Weapon: "giant", Sectors: []int{0, 1, 2, 3, 4, 5, 6, 7}, Count: 1})
}

// coreOnly folds every outboard section into the core: its layers, its
// systems and its weapons (firing every sector a core mount may).
func coreOnly(d *designer.Design) {
	core := d.Sections.Core
	for _, ns := range d.Sections.List() {
		if ns.Name == designer.SectionCore {
			continue
		}
		s := ns.Section
		for i, l := range s.Layers {
			c := &core.Layers[i%len(core.Layers)]
			c.HullHits += l.HullHits
			c.Crew += l.Crew
			c.Marines += l.Marines
		}
		for _, sy := range s.Systems {
			switch sy.Kind {
			case "shieldBasic", "shieldAdaptive", "shieldModulated", "deflector":
				continue
			}
			core.Systems = append(core.Systems, sy)
		}
		core.Weapons = append(core.Weapons, s.Weapons...)
		core.Hangars = append(core.Hangars, s.Hangars...)
		d.Sections.Set(ns.Name, nil)
	}
}

// scaleHull multiplies every layer's hull hits by k, a section up to the
// 2,000 hull hits the rules allow it (R-LIM-02).
func scaleHull(d *designer.Design, k int) {
	for _, ns := range d.Sections.List() {
		f := min(k, 2000/max(1, ns.Section.HullHits()))
		for i := range ns.Section.Layers {
			ns.Section.Layers[i].HullHits *= f
		}
	}
}

// disarm removes every weapon, hangar and squadron.
func disarm(d *designer.Design) {
	d.Weapons, d.Starfighters, d.HangarBays = nil, nil, nil
	for _, ns := range d.Sections.List() {
		ns.Section.Weapons, ns.Section.Hangars = nil, nil
	}
	removeKinds(d, "soc")
}

func removeKinds(d *designer.Design, kinds ...string) {
	for _, ns := range d.Sections.List() {
		var keep []designer.System
		for _, sy := range ns.Section.Systems {
			drop := false
			for _, k := range kinds {
				drop = drop || sy.Kind == k
			}
			if !drop {
				keep = append(keep, sy)
			}
		}
		ns.Section.Systems = keep
	}
}

// HoldoutDesign is one design of the hold-out family, with the family
// it belongs to; Problems is empty for a legal design.
type HoldoutDesign struct {
	Family, About, Base string
	Design              *designer.Design
	Problems            designer.Problems
}

// Holdout builds the hold-out family from the embedded samples, each
// design at the lowest tech level that fits it (at least its base's), in
// a fixed order. Designs the validator refuses are returned with their
// problems, for the command to report.
func Holdout(cat *designer.Catalogue) ([]HoldoutDesign, error) {
	if cat == nil {
		cat = designer.BuiltinCatalogue()
	}
	var out []HoldoutDesign
	for _, f := range holdoutFamilies {
		for _, base := range f.bases {
			raw, err := fs.ReadFile(data.Samples(), base+".json")
			if err != nil {
				return nil, err
			}
			d, err := designer.DecodeDesign(raw)
			if err != nil {
				return nil, err
			}
			f.edit(d)
			if f.name != "as-built" {
				d.Name = fmt.Sprintf("%s (%s)", d.Name, f.name)
				d.Description = "Hold-out design: " + f.about + ". Built by sim.Holdout; never used to fit a CV model."
			}
			d.Tags = []string{"holdout", f.name}
			if tl := cat.Space(d).MinTechLevel; tl > d.TechLevel {
				d.TechLevel = min(10, tl)
			}
			out = append(out, HoldoutDesign{Family: f.name, About: f.about, Base: base, Design: d, Problems: errorsOf(cat.Validate(d, designer.Options{}))})
		}
	}
	return out, nil
}

func errorsOf(ps designer.Problems) designer.Problems {
	var out designer.Problems
	for _, p := range ps {
		if p.Severity == designer.Error {
			out = append(out, p)
		}
	}
	return out
}

// FileName is the hold-out design's file name: "fortress-uss-newton.json".
func (h *HoldoutDesign) FileName() string { return h.Family + "-" + h.Base + ".json" }

// MarshalDesign is the design as a file holds it.
func (h *HoldoutDesign) MarshalDesign() ([]byte, error) {
	b, err := json.MarshalIndent(h.Design, "", "  ")
	return append(b, '\n'), err
}

// ladderScales are the reference cruiser's rungs: its hull hits and its
// weapon mounts scaled by each factor.
var ladderScales = []float64{0.1, 0.15, 0.2, 0.3, 0.45, 0.65, 1, 1.5, 2.2, 3.3, 5, 7.5, 11, 16, 24}

// Rung is one ship of the reference-cruiser ladder.
type Rung struct {
	Scale float64
	CV    int
	Ship  *Ship
}

// Ladder builds the reference-cruiser ladder: the cruiser with its hull
// hits and weapon mounts scaled from a fifth to 24 times, each rung legal
// and of higher CV than the one below, in CV order.
func Ladder(m *costing.Model) ([]Rung, error) { return ladderOf(m, nil) }

// scaledCruiser is the Reference Cruiser with its hull hits and weapon
// mounts scaled by k (each at least 1), edit applied when not nil, at the
// lowest tech level that holds its systems (at most 10), compiled under m;
// its Eval says whether it is legal.
func scaledCruiser(m *costing.Model, k float64, edit func(*designer.Design)) (*Ship, error) {
	raw, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		return nil, err
	}
	d, err := designer.DecodeDesign(raw)
	if err != nil {
		return nil, err
	}
	for _, ns := range d.Sections.List() {
		for i := range ns.Section.Layers {
			l := &ns.Section.Layers[i]
			l.HullHits = max(1, int(math.Round(float64(l.HullHits)*k)))
		}
		for i := range ns.Section.Weapons {
			w := &ns.Section.Weapons[i]
			w.Count = max(1, int(math.Round(float64(w.Count)*k)))
		}
	}
	if edit != nil {
		edit(d)
	}
	d.Name = fmt.Sprintf("Reference Cruiser x%g", k)
	if tl := m.Catalogue().Space(d).MinTechLevel; tl > d.TechLevel {
		d.TechLevel = min(10, tl)
	}
	return Compile(m, d)
}

// ladderOf is Ladder with edit, when not nil, applied to every rung's
// design after its scaling: the diagnostics' other yardsticks.
func ladderOf(m *costing.Model, edit func(*designer.Design)) ([]Rung, error) {
	var out []Rung
	for _, k := range ladderScales {
		s, err := scaledCruiser(m, k, edit)
		if err != nil {
			return nil, err
		}
		if !s.Eval.Legal || len(out) > 0 && s.Eval.CV <= out[len(out)-1].CV {
			continue
		}
		out = append(out, Rung{Scale: k, CV: s.Eval.CV, Ship: s})
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("sim: the reference-cruiser ladder has %d legal rungs", len(out))
	}
	return out, nil
}

// FairCV is what a design is worth in battle, against the ladder: the CV
// of the rung it beats half the time (wins plus half the draws),
// interpolated on log CV between the rungs around it. Beyond the ladder
// it is the end rung's CV and Bound says "above" or "below".
type FairCV struct {
	Name   string
	CV     int
	Fair   float64
	Bound  string
	Scores []float64 // the design's score against each rung played, in rung order
}

// Ratio is fair CV over CV.
func (f FairCV) Ratio() float64 { return f.Fair / float64(max(1, f.CV)) }

// RatioText is Ratio to two places, "under" or "over" before it when it
// is a bound beyond the ladder.
func (f FairCV) RatioText() string { return bounded(f.Bound, fmt.Sprintf("%.2f", f.Ratio())) }

// bounded puts "over" or "under" before text when bound is "above" or
// "below": a reading beyond the end of a ladder or of the fleets played.
func bounded(bound, text string) string {
	switch bound {
	case "above":
		return "over " + text
	case "below":
		return "under " + text
	}
	return text
}

// FairValue duels s against the ladder's rungs, duels battles each, from
// the rung nearest its CV outwards until its score crosses one half.
func FairValue(s *Ship, ladder []Rung, duels int, seed uint64, opt Options) FairCV {
	out := FairCV{Name: s.Name, CV: s.Eval.CV, Scores: make([]float64, len(ladder))}
	for i := range out.Scores {
		out.Scores[i] = -1
	}
	score := func(i int) float64 {
		if out.Scores[i] < 0 {
			r := Run([]*Ship{s}, []*Ship{ladder[i].Ship}, duels, seed+uint64(i), 1, opt)
			out.Scores[i] = r.WinRate(0)
		}
		return out.Scores[i]
	}
	// Start at the rung nearest the design's CV, then walk up while it
	// wins and down while it loses.
	i := sort.Search(len(ladder), func(k int) bool { return ladder[k].CV >= s.Eval.CV })
	i, out.Bound = crossHalf(score, min(i, len(ladder)-1), 0, len(ladder)-1)
	switch out.Bound {
	case "below": // loses to the lowest rung
		out.Fair = float64(ladder[0].CV)
	case "above": // beats the highest rung
		out.Fair = float64(ladder[i].CV)
	default:
		out.Fair = fairBetween(score(i), score(i+1), float64(ladder[i].CV), float64(ladder[i+1].CV))
	}
	return out
}

// crossHalf walks from i within lo-hi, up while score(i) is at least one
// half and down while it is less, to where the score crosses one half:
// the i whose score is at least one half while i+1's is less, and "";
// or lo and "below" when even lo's is less, or hi and "above" when hi's
// is not. FairValue walks the ladder's rungs with it, FleetValue the
// fleets of cruisers.
func crossHalf(score func(int) float64, i, lo, hi int) (int, string) {
	for score(i) >= 0.5 && i < hi {
		i++
	}
	for score(i) < 0.5 && i > lo {
		i--
	}
	switch {
	case score(i) < 0.5:
		return i, "below"
	case i >= hi:
		return i, "above"
	}
	return i, ""
}

// fairBetween is the CV at which a design's score against two adjacent
// rungs crosses one half: scores lo >= 0.5 > hi against rungs of CV cvLo
// and cvHi, interpolated on log CV. FairValue and the fit's ladder set
// (sim/fitv6_test.go) both read fair CV with it.
func fairBetween(lo, hi, cvLo, cvHi float64) float64 {
	t := (lo - 0.5) / (lo - hi)
	a, b := math.Log(cvLo), math.Log(cvHi)
	return math.Exp(a + t*(b-a))
}

// HoldoutRow is one hold-out design's line of the report.
type HoldoutRow struct {
	File, Family, About string
	FairCV
	// Field is its score against generated designs of about its CV
	// (field.go).
	Field FieldScore
}

// HoldoutReport is what the ladder says of every hold-out design under
// one CV model.
type HoldoutReport struct {
	Model  string
	Duels  int
	Seed   uint64
	Ladder []Rung
	Rows   []HoldoutRow
	// FieldDuels is the duels against each opponent of the field, and
	// Beta the win-chance curve's exponent that reads its scores.
	FieldDuels int
	Beta       float64
	// LadderField is each rung's own score against the field, in rung
	// order: how the yardstick itself fares against the designs the
	// model was fitted on.
	LadderField []FieldScore
	// Fleets is what the rungs from ×1.5 up are worth in Reference
	// Cruisers fighting together: whether CV adds up in a fleet.
	Fleets []FleetWorth
}

// FleetWorth is how many Reference Cruisers, fighting as one fleet, a
// ship beats half the time (wins plus half the draws), interpolated on
// log n between the fleets either side; beyond 1 or maxFleetWorth it is
// that end and Bound says "below" or "above".
type FleetWorth struct {
	Scale    float64
	CV       int
	Cruisers float64
	Bound    string
	// CruiserCV is the CV of one cruiser (the Reference Cruiser's 100).
	CruiserCV int
}

// Ratio is the cruisers the ship is worth over the cruisers its CV buys.
func (w FleetWorth) Ratio() float64 {
	return w.Cruisers / (float64(w.CV) / float64(max(1, w.CruiserCV)))
}

// maxFleetWorth is the largest fleet of cruisers FleetValue plays: the
// twenty ships a side the simulator allows.
const maxFleetWorth = 20

// FleetValue plays s against fleets of n copies of cruiser, duels
// battles each, from the n nearest its CV / cruiser's CV outwards until
// its score crosses one half, and says how many cruisers it is worth.
func FleetValue(s, cruiser *Ship, duels int, seed uint64, opt Options) FleetWorth {
	out := FleetWorth{CV: s.Eval.CV, CruiserCV: cruiser.Eval.CV}
	scores := map[int]float64{}
	score := func(n int) float64 {
		if x, ok := scores[n]; ok {
			return x
		}
		side := make([]*Ship, n)
		for k := range side {
			side[k] = cruiser
		}
		scores[n] = Run([]*Ship{s}, side, duels, seed+uint64(n), 1, opt).WinRate(0)
		return scores[n]
	}
	n := min(maxFleetWorth, max(1, int(math.Round(float64(s.Eval.CV)/float64(max(1, out.CruiserCV))))))
	n, out.Bound = crossHalf(score, n, 1, maxFleetWorth)
	if out.Bound == "" {
		out.Cruisers = fairBetween(score(n), score(n+1), float64(n), float64(n+1))
	} else {
		out.Cruisers = float64(n) // 1 below, maxFleetWorth above
	}
	return out
}

// HoldoutTable duels every legal hold-out design against the ladder of
// model m (duels battles a rung) on workers goroutines; the report is the
// same whatever the number of workers.
func HoldoutTable(m *costing.Model, hs []HoldoutDesign, duels int, seed uint64, workers int) (*HoldoutReport, error) {
	ladder, err := Ladder(m)
	if err != nil {
		return nil, err
	}
	return holdoutOn(m, ladder, hs, duels, seed, workers)
}

// holdoutOn is HoldoutTable against the given ladder.
func holdoutOn(m *costing.Model, ladder []Rung, hs []HoldoutDesign, duels int, seed uint64, workers int) (*HoldoutReport, error) {
	field, err := fieldShips(m, seed)
	if err != nil {
		return nil, err
	}
	beta, ok := ForecastBeta(m.Version())
	if !ok {
		beta = 1
	}
	fieldDuels := max(1, duels/5)
	rep := &HoldoutReport{Model: m.Version(), Duels: duels, Seed: seed, Ladder: ladder, FieldDuels: fieldDuels, Beta: beta}
	var ships []*Ship
	for _, h := range hs {
		if len(h.Problems) > 0 {
			continue
		}
		s, err := Compile(m, h.Design)
		if err != nil {
			return nil, err
		}
		ships = append(ships, s)
		rep.Rows = append(rep.Rows, HoldoutRow{File: h.FileName(), Family: h.Family, About: h.About})
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rep.Rows[i].FairCV = FairValue(ships[i], ladder, duels, seed+uint64(1000*i), Options{})
				rep.Rows[i].Field = FieldValue(ships[i], field, fieldDuels, (seed^fieldSeed)+uint64(1000*i), beta, Options{})
			}
		}()
	}
	for i := range ships {
		next <- i
	}
	close(next)
	wg.Wait()
	// The rungs against the field and against fleets of cruisers: a few
	// seconds beside the designs.
	rep.LadderField = make([]FieldScore, len(ladder))
	var one *Ship
	for i, l := range ladder {
		rep.LadderField[i] = FieldValue(l.Ship, field, fieldDuels, (seed^fieldSeed)+uint64(500+i), beta, Options{})
		if l.Scale == 1 {
			one = l.Ship
		}
	}
	for i, l := range ladder {
		if one != nil && l.Scale > 1 {
			w := FleetValue(l.Ship, one, fieldDuels, seed+uint64(700+40*i), Options{})
			w.Scale = l.Scale
			rep.Fleets = append(rep.Fleets, w)
		}
	}
	return rep, nil
}

// Within counts the rows whose fair CV over CV lies within lo-hi, a
// bound beyond the ladder counting as outside.
func (r *HoldoutReport) Within(lo, hi float64) int {
	return r.count(func(row HoldoutRow) bool { return row.ladderWithin(lo, hi) })
}

// Below counts the rows that lose to the lowest rung: their fair CV is a
// bound below the ladder, whatever the model prices them at.
func (r *HoldoutReport) Below() int {
	return r.count(func(row HoldoutRow) bool { return row.Bound == "below" })
}

// FieldWithin counts the rows whose field ratio lies within lo-hi, a
// design with no opponent counting as outside.
func (r *HoldoutReport) FieldWithin(lo, hi float64) int {
	return r.count(func(row HoldoutRow) bool { return row.fieldWithin(lo, hi) })
}

// EitherWithin counts the rows within lo-hi on the ladder or against the
// field: what a reading by both yardsticks would count.
func (r *HoldoutReport) EitherWithin(lo, hi float64) int {
	return r.count(func(row HoldoutRow) bool { return row.ladderWithin(lo, hi) || row.fieldWithin(lo, hi) })
}

func (r *HoldoutReport) count(in func(HoldoutRow) bool) int {
	n := 0
	for _, row := range r.Rows {
		if in(row) {
			n++
		}
	}
	return n
}

func (row HoldoutRow) ladderWithin(lo, hi float64) bool {
	x := row.Ratio()
	return row.Bound == "" && x >= lo && x <= hi
}

func (row HoldoutRow) fieldWithin(lo, hi float64) bool {
	x := row.Field.Ratio
	return row.Field.Opponents > 0 && x >= lo && x <= hi
}

// ladderFieldSpan is the least, median and greatest field ratio of the
// rungs that met the field, and how many did.
func (r *HoldoutReport) ladderFieldSpan() (lo, med, hi float64, n int) {
	var xs []float64
	for _, f := range r.LadderField {
		if f.Opponents > 0 {
			xs = append(xs, f.Ratio)
		}
	}
	if len(xs) == 0 {
		return 0, 0, 0, 0
	}
	sort.Float64s(xs)
	med = xs[len(xs)/2]
	if len(xs)%2 == 0 {
		med = (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
	}
	return xs[0], med, xs[len(xs)-1], len(xs)
}

// Markdown is the report as docs/calibration.md prints it.
func (r *HoldoutReport) Markdown() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Model %s; %d hold-out designs, each dueled %d times against each rung it needed, seed %d.\n\n", r.Model, len(r.Rows), r.Duels, r.Seed)
	sb.WriteString("The ladder: the Reference Cruiser with its hull hits and weapon mounts scaled, and each rung's own score against the field (as the designs' below).\n\n| scale | CV | score v the field | field / CV |\n|---|---|---|---|\n")
	for i, l := range r.Ladder {
		score, field := "-", "-"
		if i < len(r.LadderField) && r.LadderField[i].Opponents > 0 {
			score, field = fmt.Sprintf("%.0f %%", 100*r.LadderField[i].Score), fmt.Sprintf("%.2f", r.LadderField[i].Ratio)
		}
		fmt.Fprintf(&sb, "| ×%g | %d | %s | %s |\n", l.Scale, l.CV, score, field)
	}
	if lo, med, hi, n := r.ladderFieldSpan(); n > 0 {
		fmt.Fprintf(&sb, "\nThe %d rungs the field reaches are worth %.2f-%.2f times their CV against it (median %.2f): a design exactly as strong as the field of its CV reads about 1 / %.2f = %.2f on the ladder.\n", n, lo, hi, med, med, 1/med)
	}
	if len(r.Fleets) > 0 {
		c := r.Fleets[0].CruiserCV
		fmt.Fprintf(&sb, "\nIn a fleet CV adds up, so a rung should be worth about its CV / %d Reference Cruisers fighting together. What each is worth (the fleet it beats half the time, %d battles a fleet):\n\n| scale | CV | CV / %d | cruisers it is worth | worth / (CV / %d) |\n|---|---|---|---|---|\n", c, r.FieldDuels, c, c)
		for _, w := range r.Fleets {
			n := bounded(w.Bound, fmt.Sprintf("%.1f", w.Cruisers))
			x := bounded(w.Bound, fmt.Sprintf("%.2f", w.Ratio()))
			fmt.Fprintf(&sb, "| ×%g | %d | %.1f | %s | %s |\n", w.Scale, w.CV, float64(w.CV)/float64(max(1, w.CruiserCV)), n, x)
		}
	}
	target := "all"
	switch n := r.Below(); n {
	case 0:
	case 1:
		target += "; 1 loses to the lowest rung, the smallest legal, so no CV brings its reading within"
	default:
		target += fmt.Sprintf("; %d lose to the lowest rung, the smallest legal, so no CV brings their readings within", n)
	}
	fmt.Fprintf(&sb, "\n%d of %d within 0.67-1.5 (target: %s); %d within 0.8-1.25 (target: 80 %%, %d).\n\n",
		r.Within(0.67, 1.5), len(r.Rows), target, r.Within(0.8, 1.25), (len(r.Rows)*8+9)/10)
	fmt.Fprintf(&sb, "Against the field (up to %d generated designs within 10 %% of its CV, %d duels each, the score read through the curve with beta %.3g): %d within 0.67-1.5; %d within 0.8-1.25. On the ladder or against the field: %d within 0.67-1.5; %d within 0.8-1.25.\n\n",
		fieldOpponents, r.FieldDuels, r.Beta, r.FieldWithin(0.67, 1.5), r.FieldWithin(0.8, 1.25), r.EitherWithin(0.67, 1.5), r.EitherWithin(0.8, 1.25))
	sb.WriteString("| design | family | CV | fair CV | fair / CV | score v the field | field / CV |\n|---|---|---|---|---|---|---|\n")
	for _, row := range r.Rows {
		fair := bounded(row.Bound, fmt.Sprintf("%.0f", row.Fair))
		// Beyond the ladder the ratio is a bound: under the lowest rung
		// fair CV is less than its CV, over the highest more.
		ratio := row.RatioText()
		if x := row.Ratio(); row.Bound != "" || x < 0.67 || x > 1.5 {
			ratio = "**" + ratio + "**"
		}
		score, field := "-", "-"
		if f := row.Field; f.Opponents > 0 {
			score = fmt.Sprintf("%.0f %%", 100*f.Score)
			field = fmt.Sprintf("%.2f", f.Ratio)
			if f.Ratio < 0.67 || f.Ratio > 1.5 {
				field = "**" + field + "**"
			}
		}
		fmt.Fprintf(&sb, "| %s | %s | %d | %s | %s | %s | %s |\n", row.Name, row.Family, row.CV, fair, ratio, score, field)
	}
	return sb.String()
}
