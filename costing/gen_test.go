package costing

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/slipway/slipway/designer"
)

// generator makes random legal designs from a seed: sizes from corvettes
// to dreadnoughts, mixes of energy, kinetic, direct, indirect and quality
// weapons, armour, ablative plates, shields, deflectors, EW, fighters and
// both movement methods.
type generator struct {
	r   *rand.Rand
	cat *designer.Catalogue
}

func newGenerator(seed uint64) *generator {
	return &generator{r: rand.New(rand.NewPCG(seed, 0x5eed)), cat: testModel.Catalogue()}
}

func (g *generator) intn(lo, hi int) int   { return lo + g.r.IntN(hi-lo+1) }
func (g *generator) chance(p float64) bool { return g.r.Float64() < p }
func pick[T any](g *generator, xs ...T) T  { return xs[g.r.IntN(len(xs))] }

func defenceTypes() []string {
	return []string{designer.DefenceEnergy, designer.DefenceKinetic, designer.DefenceEnergyKinetic}
}

// design returns a legal design: it retries until the space fits a tech
// level of at most 10.
func (g *generator) design(i int) *designer.Design {
	for {
		d := g.try(i)
		s := g.cat.Space(d)
		if s.MinTechLevel > 10 {
			continue
		}
		d.TechLevel = g.intn(s.MinTechLevel, 10)
		return d
	}
}

func (g *generator) try(i int) *designer.Design {
	d := &designer.Design{
		Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: fmt.Sprintf("Random %d", i),
		Movement:       pick(g, designer.MovementCinematic, designer.MovementNewtonian),
		Hull:           pick(g, designer.HullMetallic, designer.HullMetallic, designer.HullTechnological, designer.HullBiological),
		CrewQuality:    g.intn(1, 5),
		CommandQuality: pick[designer.Die](g, "D2", "D3", "D4", "D5", "D6"),
		DamageControl:  pick[designer.Die](g, "D4", "D5", "D6"),
		Scale:          1000,
	}
	big := g.chance(0.2)
	g.weapons(d)
	d.Sections.Core = g.section(d, designer.SectionCore, big)
	for _, n := range designer.SectionOrder[1:] {
		if g.chance(0.7) {
			d.Sections.Set(n, g.section(d, n, big))
		}
	}
	core := d.Sections.Core
	core.Systems = append([]designer.System{
		{Kind: "bridge", Count: 1},
		{Kind: "reactor", Count: 1},
		{Kind: "sensor", Rating: g.intn(4, 18), Count: g.intn(1, 2)},
	}, core.Systems...)
	if g.chance(0.5) {
		core.Systems = append(core.Systems, designer.System{Kind: "sensor", Rating: g.intn(1, 20), Count: 1})
	}
	if g.chance(0.7) {
		core.Systems = append(core.Systems, designer.System{Kind: "ewArray", Rating: g.intn(1, 6), Count: 1})
	}
	if g.chance(0.7) {
		core.Systems = append(core.Systems, designer.System{Kind: pick(g, "ftlPrimitive", "ftlBasic", "ftlAdvanced"), Rating: g.intn(1, 10), Count: 1})
	}
	for _, k := range []string{"cic", "ecm", "jammer", "elint", "targeting", "ansible", "grappler", "cmPod", "stealth", "cloak"} {
		if g.chance(0.12) {
			rt := g.intn(1, 5)
			core.Systems = append(core.Systems, designer.System{Kind: k, Rating: rt, Count: 1})
		}
	}
	g.drives(d)
	if g.chance(0.25) {
		g.fighters(d)
	}
	return d
}

func (g *generator) weapons(d *designer.Design) {
	n := g.intn(1, 5)
	for i := 0; i < n; i++ {
		w := designer.WeaponDef{
			ID: fmt.Sprintf("w%d", i), Name: fmt.Sprintf("Weapon %d", i),
			DamageType: pick(g, designer.DamageEnergy, designer.DamageKinetic),
			Pulse:      g.intn(1, 6), Die: designer.Dice[g.r.IntN(len(designer.Dice))], Modifier: g.intn(0, 4),
			Effect:       pick(g, designer.EffectRaking, designer.EffectPenetrating),
			TargetMethod: designer.TargetDirect, Range: 5 * g.intn(0, 10),
			RateOfFire:    pick(g, designer.RateUnlimited, designer.RateUnlimited, designer.RateLimited, designer.RateOneShot),
			Interceptable: true,
			Targets:       []string{designer.TargetsStarships},
		}
		if g.chance(0.25) {
			w.TargetMethod, w.IndirectTurns = designer.TargetIndirect, g.intn(1, 5)
			w.Range = 5 * g.intn(1, 10)
			w.Interceptable = g.chance(0.7)
		}
		if g.chance(0.2) {
			w.Targets = append(w.Targets, designer.TargetsStarfighters, designer.TargetsDirectFire)
		}
		if g.chance(0.15) {
			w.Targets = []string{designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire}
			w.Range = 0
		}
		if g.chance(0.2) {
			w.AoE = 10 * g.intn(1, 5)
		}
		if g.chance(0.2) {
			w.ArmourPiercing = g.intn(1, 5)
		}
		if g.chance(0.3) {
			for _, q := range []string{"AM", "DM", "DS", "GR", "IO", "ML", "PH", "PR", "QM", "RT", "SP", "TM"} {
				if g.chance(0.15) {
					w.Qualities = append(w.Qualities, q)
				}
			}
		}
		d.Weapons = append(d.Weapons, w)
	}
}

// section makes one section with layers, defences and weapon mounts.
func (g *generator) section(d *designer.Design, n designer.SectionName, big bool) *designer.Section {
	s := &designer.Section{}
	maxHits := 12
	if big {
		maxHits = 60
	}
	for l := g.intn(1, 5); l > 0; l-- {
		s.Layers = append(s.Layers, designer.Layer{HullHits: g.intn(1, maxHits), Crew: g.intn(0, 2), Marines: g.intn(0, 1)})
	}
	if n != designer.SectionCore {
		a := designer.Arc(n)
		if g.chance(0.7) {
			s.Armour.Set(a, &designer.Armour{Rating: g.intn(0, 5), Type: pick(g, defenceTypes()...)})
		}
		if g.chance(0.2) {
			p := g.intn(1, 5)
			s.Ablative.Set(a, &p)
		}
		if g.chance(0.5) {
			s.Shields.Set(a, &designer.Shield{Hits: g.intn(1, 10), Type: pick(g, defenceTypes()...)})
			s.Systems = append(s.Systems, designer.System{Kind: pick(g, "shieldBasic", "shieldAdaptive", "shieldModulated"), Rating: g.intn(1, 3), Count: 1})
		}
		if g.chance(0.15) {
			s.Systems = append(s.Systems, designer.System{Kind: "deflector", Rating: g.intn(1, 6), Type: pick(g, defenceTypes()...), Count: 1})
		}
	}
	for m := g.intn(0, 3); m > 0; m-- {
		w := d.Weapons[g.r.IntN(len(d.Weapons))]
		s.Weapons = append(s.Weapons, designer.Mount{Weapon: w.ID, Sectors: g.sectors(n), Count: g.intn(1, 3)})
	}
	return s
}

// sectors returns a legal non-empty sector list for a mount in section n.
func (g *generator) sectors(n designer.SectionName) []int {
	var banned [2]int
	ban := n != designer.SectionCore
	if ban {
		banned = designer.ArcSectors[designer.Arc(n).Opposite()]
	}
	var out []int
	for s := 0; s < 8; s++ {
		if ban && (s == banned[0] || s == banned[1]) {
			continue
		}
		if g.chance(0.4) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		out = append(out, designer.ArcSectors[designer.ArcFore][0])
		if ban && n == designer.SectionAft {
			out[0] = 3
		}
	}
	return out
}

// drives gives the ship drives that let a cinematic ship both accelerate
// and decelerate, and thrusters on each side.
func (g *generator) drives(d *designer.Design) {
	core := d.Sections.Core
	place := func(n designer.SectionName) *designer.Section {
		if s := d.Sections.Get(n); s != nil {
			return s
		}
		return core
	}
	switch g.intn(0, 2) {
	case 0:
		aft := place(designer.SectionAft)
		aft.Systems = append(aft.Systems, designer.System{Kind: "stlPrimitive", Rating: g.intn(1, 6), Facing: "aft", Count: g.intn(1, 2)})
		fore := place(designer.SectionFore)
		fore.Systems = append(fore.Systems, designer.System{Kind: "stlPrimitive", Rating: g.intn(1, 4), Facing: "fore", Count: 1})
	case 1:
		core.Systems = append(core.Systems, designer.System{Kind: "stlBasic", Rating: g.intn(1, 6), Axis: "foreAft", Count: 1})
	case 2:
		core.Systems = append(core.Systems, designer.System{Kind: "stlAdvanced", Rating: g.intn(1, 6), Count: 1})
	}
	for _, side := range []designer.SectionName{designer.SectionPort, designer.SectionStarboard} {
		if g.chance(0.8) {
			s := place(side)
			s.Systems = append(s.Systems, designer.System{Kind: "thruster", Rating: g.intn(1, 4), Facing: string(side), Count: 1})
		}
	}
}

func (g *generator) fighters(d *designer.Design) {
	sq := designer.SquadronDef{
		ID: "sq", Name: "Squadron", Strength: g.intn(1, 20), Speed: pick(g, 10, 15, 20, 25, 30),
		Defence: g.intn(0, 6), TargetRating: g.intn(4, 9),
		Weapons: []designer.FighterWeapon{{Name: "Gun", DamageType: designer.DamageEnergy, Pulse: g.intn(1, 3),
			Die: pick[designer.Die](g, "D4", "D6"), Modifier: g.intn(0, 2), RateOfFire: designer.RateUnlimited,
			Targets: []string{designer.FighterTargetsStarships}}},
	}
	d.Starfighters = append(d.Starfighters, sq)
	bay := designer.HangarBayDef{ID: "bay", Name: "Bay", Launch: g.intn(1, 3), Capacity: g.intn(3, 6), Carries: []string{"sq"}}
	if g.chance(0.5) {
		bay.Loadout = map[string]int{"sq": g.intn(1, bay.Capacity)}
	}
	d.HangarBays = append(d.HangarBays, bay)
	core := d.Sections.Core
	core.Hangars = append(core.Hangars, designer.HangarMount{Bay: "bay", Count: 1})
	core.Systems = append(core.Systems, designer.System{Kind: "soc", Rating: g.intn(1, 4), Count: 1})
}

// clone deep-copies a design.
func clone(d *designer.Design) *designer.Design {
	b, err := json.Marshal(d)
	if err != nil {
		panic(err)
	}
	var c designer.Design
	if err := json.Unmarshal(b, &c); err != nil {
		panic(err)
	}
	return &c
}
