package sim

import (
	"fmt"
	"math/rand/v2"

	"github.com/slipway/slipway/designer"
)

// extremeEdits are the second generator's edits (fit_test.go's TestFitV6
// trains on them): the kinds of extreme issue 21 lists, each with random
// strength, applied to the calibration generator's own designs. The
// hold-out (holdout.go) applies fixed edits of these kinds to the sample
// ships; the second generator never reads a sample, so the hold-out
// designs stay out of every fit.
var extremeEdits = []struct {
	name string
	edit func(r *rand.Rand, d *designer.Design)
}{
	{"fortress", func(r *rand.Rand, d *designer.Design) {
		fortify(d, 1+r.IntN(5), r.IntN(6), r.IntN(12))
		if r.IntN(2) == 0 {
			addCore(d, designer.System{Kind: "cmPod", Rating: 1, Count: 1 + r.IntN(6)})
		}
	}},
	{"pods", func(r *rand.Rand, d *designer.Design) {
		addCore(d, designer.System{Kind: "cmPod", Rating: 1, Count: 4 + r.IntN(57)})
	}},
	{"one-shot", func(r *rand.Rand, d *designer.Design) { // one-shot weapons
		w := designer.WeaponDef{Name: "One-shot", DamageType: pickR(r, designer.DamageKinetic, designer.DamageEnergy),
			Pulse: 1 + r.IntN(4), Die: pickR[designer.Die](r, "D6", "D8", "D10", "D12"), Modifier: r.IntN(5),
			Effect: pickR(r, designer.EffectPenetrating, designer.EffectRaking), TargetMethod: designer.TargetDirect,
			Range: 5 + 5*r.IntN(5), RateOfFire: designer.RateOneShot, Interceptable: true, Targets: []string{designer.TargetsStarships}}
		if r.IntN(2) == 0 {
			w.TargetMethod, w.IndirectTurns, w.Range = designer.TargetIndirect, 1+r.IntN(3), 10+10*r.IntN(3)
		}
		replaceWeapons(d, w, 1+r.IntN(2))
	}},
	{"giant-gun", func(r *rand.Rand, d *designer.Design) { giantGun(d) }},
	{"core-only", func(r *rand.Rand, d *designer.Design) { coreOnly(d) }},
	{"kiter", func(r *rand.Rand, d *designer.Design) {
		k := 2 + r.IntN(2)
		for i := range d.Weapons {
			if w := &d.Weapons[i]; w.TargetMethod == designer.TargetDirect && w.Range > 0 {
				w.Range = min(50, k*w.Range)
			}
		}
		addCore(d, designer.System{Kind: "stlAdvanced", Rating: 4 + r.IntN(5), Count: 1})
	}},
	{"huge", func(r *rand.Rand, d *designer.Design) { // huge hull, armed or not, with or without FTL
		scaleHull(d, 3+r.IntN(60))
		if r.IntN(2) == 0 {
			disarm(d)
		}
		if r.IntN(2) == 0 {
			removeKinds(d, "ftlPrimitive", "ftlBasic", "ftlAdvanced")
		}
	}},
	{"hedgehog", func(r *rand.Rand, d *designer.Design) {
		replaceWeapons(d, designer.WeaponDef{Name: "Point defence", DamageType: designer.DamageEnergy, Pulse: 2 + r.IntN(2),
			Die: pickR[designer.Die](r, "D3", "D4", "D6"), Modifier: r.IntN(2), Effect: designer.EffectRaking,
			TargetMethod: designer.TargetDirect, Range: 0, RateOfFire: designer.RateUnlimited, Interceptable: true,
			Targets: []string{designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire}}, 1+r.IntN(3))
	}},
	{"regenerating", func(r *rand.Rand, d *designer.Design) {
		d.Hull = pickR(r, designer.HullBiological, designer.HullTechnological)
		d.DamageControl = "D6"
		c := 2 + r.IntN(2)
		for _, ns := range d.Sections.List() {
			for i := range ns.Section.Layers {
				ns.Section.Layers[i].Crew = c
			}
		}
	}},
	{"glass-cannon", func(r *rand.Rand, d *designer.Design) {
		fortify(d, 0, 0, 0)
		k := 2 + r.IntN(2)
		for i := range d.Weapons {
			d.Weapons[i].Pulse = min(10, k*d.Weapons[i].Pulse)
		}
		addCore(d, designer.System{Kind: "stlAdvanced", Rating: 4 + r.IntN(5), Count: 1})
	}},
	{"stealth", func(r *rand.Rand, d *designer.Design) { // stealth above the generator's
		removeKinds(d, "stealth")
		addCore(d, designer.System{Kind: "stealth", Rating: 5 + r.IntN(3), Count: 1})
	}},
	{"d12-guns", func(r *rand.Rand, d *designer.Design) {
		for i := range d.Weapons {
			if d.Weapons[i].TargetMethod == designer.TargetDirect && d.Weapons[i].Range > 0 {
				d.Weapons[i].Die = "D12"
			}
		}
	}},
	{"deflected", func(r *rand.Rand, d *designer.Design) { fortify(d, 0, 0, 6+r.IntN(6)) }},
	{"quality", func(r *rand.Rand, d *designer.Design) {
		d.CrewQuality, d.CommandQuality = 3+r.IntN(3), pickR[designer.Die](r, "D4", "D5", "D6")
	}},
}

func pickR[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

// extremeDesign is the second generator's design i: a legal design of the
// calibration generator g with one or two extreme edits, at the lowest
// tech level that fits it; nil after 50 tries without a legal one.
func extremeDesign(g *Generator, r *rand.Rand, i int) *designer.Design {
	for try := 0; try < 50; try++ {
		d, err := g.Design(StyleRandom, 900000+i*64+try)
		if err != nil {
			continue
		}
		d.Tags = []string{"extreme"}
		for k := 0; k < 1+r.IntN(2); k++ {
			e := extremeEdits[r.IntN(len(extremeEdits))]
			e.edit(r, d)
			d.Tags = append(d.Tags, e.name)
		}
		d.Name = fmt.Sprintf("extreme %d", i)
		if tl := g.cat.Space(d).MinTechLevel; tl > d.TechLevel {
			if tl > 10 {
				continue
			}
			d.TechLevel = tl
		}
		if g.cat.Validate(d, designer.Options{}).Legal() {
			return d
		}
	}
	return nil
}
