package sim

import (
	"fmt"
	"math/rand/v2"

	"github.com/slipway/slipway/designer"
)

// Style is a family of generated designs.
type Style string

// The styles the generator makes. Degenerate ones (bricks, glass cannons,
// unarmed hulls, utility-heavy ships) are there on purpose: a model that
// can be gamed is gamed by them.
const (
	StyleRandom   Style = "random"
	StyleBrick    Style = "brick"
	StyleGlass    Style = "glass"
	StyleGunship  Style = "gunship"
	StyleCarrier  Style = "carrier"
	StyleMissile  Style = "missile"
	StylePD       Style = "pointDefence"
	StyleUtility  Style = "utility"
	StyleUnarmed  Style = "unarmed"
	StyleRammer   Style = "rammer"
	StyleStealthy Style = "stealth"
)

// Styles lists every style, in a fixed order.
var Styles = []Style{StyleRandom, StyleBrick, StyleGlass, StyleGunship, StyleCarrier, StyleMissile, StylePD,
	StyleUtility, StyleUnarmed, StyleRammer, StyleStealthy}

// Generator makes random legal designs (zero validation errors) from a
// seed. Every design has crew quality 2 and command quality D3 (points,
// not CV, price those); damage control varies.
type Generator struct {
	r   *rand.Rand
	cat *designer.Catalogue
}

// NewGenerator returns a generator over cat (nil: the built-in catalogue).
func NewGenerator(seed uint64, cat *designer.Catalogue) *Generator {
	if cat == nil {
		cat = designer.BuiltinCatalogue()
	}
	return &Generator{r: rand.New(rand.NewPCG(seed, 0xca11b)), cat: cat}
}

func (g *Generator) intn(lo, hi int) int    { return lo + g.r.IntN(hi-lo+1) }
func (g *Generator) chance(p float64) bool  { return g.r.Float64() < p }
func pickOf[T any](g *Generator, xs ...T) T { return xs[g.r.IntN(len(xs))] }

// Design returns a legal design of the given style named after i. It
// retries until the catalogue's validator reports no error.
func (g *Generator) Design(style Style, i int) (*designer.Design, error) {
	for try := 0; try < 200; try++ {
		st := style
		if st == StyleRandom {
			st = pickOf(g, StyleBrick, StyleGlass, StyleGunship, StyleGunship, StyleGunship, StyleCarrier, StyleMissile,
				StylePD, StyleUtility, StyleRammer, StyleStealthy, StyleUnarmed)
			if g.chance(0.3) {
				st = StyleRandom
			}
		}
		d := g.build(st, i)
		s := g.cat.Space(d)
		if s.MinTechLevel > 10 {
			continue
		}
		d.TechLevel = g.intn(s.MinTechLevel, 10)
		if ps := g.cat.Validate(d, designer.Options{}); !ps.Legal() {
			continue
		}
		return d, nil
	}
	return nil, fmt.Errorf("sim: no legal %s design after 200 tries", style)
}

// size is the hull hits of an average layer.
func (g *Generator) size(style Style) int {
	switch style {
	case StyleGlass:
		return g.intn(2, 8)
	case StyleBrick, StyleUnarmed, StyleRammer:
		return g.intn(8, 30)
	case StyleCarrier:
		return g.intn(6, 20)
	}
	return g.intn(3, 18)
}

func (g *Generator) build(style Style, i int) *designer.Design {
	d := &designer.Design{
		Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: fmt.Sprintf("%s %d", style, i),
		Movement:       pickOf(g, designer.MovementCinematic, designer.MovementNewtonian),
		Hull:           pickOf(g, designer.HullMetallic, designer.HullMetallic, designer.HullTechnological, designer.HullBiological),
		CrewQuality:    2,
		CommandQuality: "D3",
		DamageControl:  pickOf[designer.Die](g, "D4", "D5", "D6"),
		Scale:          1000,
		Tags:           []string{string(style)},
	}
	size := g.size(style)
	d.Sections.Core = g.section(designer.SectionCore, size, style)
	outboard := 0.75
	if style == StyleGlass {
		outboard = 0.4
	}
	for _, n := range designer.SectionOrder[1:] {
		if g.chance(outboard) {
			d.Sections.Set(n, g.section(n, max(1, size*g.intn(5, 10)/10), style))
		}
	}
	core := d.Sections.Core
	core.Systems = append(core.Systems,
		designer.System{Kind: "bridge", Count: 1},
		designer.System{Kind: "reactor", Count: 1},
		designer.System{Kind: "sensor", Rating: g.intn(8, 18), Count: 1})
	if g.chance(0.4) || style == StyleMissile {
		core.Systems = append(core.Systems, designer.System{Kind: "sensor", Rating: g.intn(4, 14), Count: g.intn(1, 2)})
	}
	if g.chance(0.6) {
		core.Systems = append(core.Systems, designer.System{Kind: "ewArray", Rating: g.intn(1, 5), Count: 1})
	}
	if g.chance(0.8) {
		core.Systems = append(core.Systems, designer.System{Kind: pickOf(g, "ftlPrimitive", "ftlBasic", "ftlBasic", "ftlAdvanced"),
			Rating: g.intn(2, 8), Count: 1})
	}
	g.defences(d, style)
	g.drives(d)
	switch style {
	case StyleBrick:
		if g.chance(0.6) {
			g.guns(d, g.intn(1, 2), false)
		}
	case StyleUnarmed:
	case StyleGlass:
		g.guns(d, g.intn(4, 9), true)
	case StyleGunship, StyleRandom:
		g.guns(d, g.intn(2, 6), g.chance(0.5))
		if g.chance(0.3) {
			g.pd(d, g.intn(1, 2))
		}
	case StyleCarrier:
		g.carrier(d)
		if g.chance(0.6) {
			g.guns(d, g.intn(1, 2), false)
		}
		if g.chance(0.5) {
			g.pd(d, g.intn(1, 2))
		}
	case StyleMissile:
		g.missiles(d, g.intn(2, 5))
		if g.chance(0.4) {
			g.guns(d, 1, false)
		}
	case StylePD:
		g.pd(d, g.intn(3, 6))
		g.guns(d, g.intn(1, 3), false)
	case StyleUtility:
		g.guns(d, g.intn(0, 2), false)
		g.utility(d, g.intn(4, 9))
	case StyleRammer:
		if g.chance(0.5) {
			g.guns(d, 1, false)
		}
		// Rammers want agility: more thrusters.
		for _, side := range []designer.SectionName{designer.SectionPort, designer.SectionStarboard} {
			s := d.Sections.Get(side)
			if s == nil {
				s = core
			}
			s.Systems = append(s.Systems, designer.System{Kind: "thruster", Rating: g.intn(2, 6), Facing: string(side), Count: 1})
		}
	case StyleStealthy:
		core.Systems = append(core.Systems, designer.System{Kind: "stealth", Rating: g.intn(1, 4), Count: 1})
		g.guns(d, g.intn(2, 5), g.chance(0.5))
	}
	if style == StyleRandom {
		g.utility(d, g.intn(0, 3))
		if g.chance(0.2) {
			g.missiles(d, g.intn(1, 2))
		}
		if g.chance(0.15) {
			g.carrier(d)
		}
	}
	return d
}

// section makes one section's layers.
func (g *Generator) section(n designer.SectionName, size int, style Style) *designer.Section {
	s := &designer.Section{}
	layers := g.intn(1, 5)
	for l := 0; l < layers; l++ {
		h := max(1, size+g.intn(-size/3, size/3))
		marines := 0
		if style == StyleUtility || g.chance(0.2) {
			marines = g.intn(0, 2)
		}
		s.Layers = append(s.Layers, designer.Layer{HullHits: h, Crew: g.intn(0, 2), Marines: marines})
	}
	return s
}

var defenceTypes = []string{designer.DefenceEnergy, designer.DefenceKinetic, designer.DefenceEnergyKinetic}

// defences gives every faced arc its armour, plates, shields (with a
// generator) and deflector, by style.
func (g *Generator) defences(d *designer.Design, style Style) {
	pArmour, pShield, pDefl, pAbl := 0.6, 0.45, 0.12, 0.15
	armourMax, shieldMax := 3, 8
	switch style {
	case StyleBrick, StyleUnarmed:
		pArmour, pShield, pDefl, pAbl, armourMax, shieldMax = 0.95, 0.85, 0.35, 0.4, 5, 16
	case StyleGlass:
		pArmour, pShield, pDefl, pAbl = 0.1, 0.05, 0, 0
	case StyleStealthy:
		pShield = 0.1
	}
	for _, ns := range d.Sections.List() {
		for _, a := range d.Sections.FacedArcs(ns.Name) {
			s := ns.Section
			if g.chance(pArmour) {
				s.Armour.Set(a, &designer.Armour{Rating: g.intn(1, armourMax), Type: pickOf(g, defenceTypes...)})
			}
			if g.chance(pAbl) {
				p := g.intn(1, 5)
				s.Ablative.Set(a, &p)
			}
			arc := ""
			if ns.Name == designer.SectionCore {
				arc = string(a)
			}
			if g.chance(pShield) {
				s.Shields.Set(a, &designer.Shield{Hits: g.intn(2, shieldMax), Type: pickOf(g, defenceTypes...)})
				s.Systems = append(s.Systems, designer.System{Kind: pickOf(g, "shieldBasic", "shieldBasic", "shieldAdaptive", "shieldModulated"),
					Rating: g.intn(1, 3), Arc: arc, Count: 1})
			}
			if g.chance(pDefl) {
				s.Systems = append(s.Systems, designer.System{Kind: "deflector", Rating: g.intn(1, 5), Type: pickOf(g, defenceTypes...), Arc: arc, Count: 1})
			}
		}
	}
}

// drives lets the ship accelerate and decelerate (rear sections
// accelerate, fore sections decelerate) and turn.
func (g *Generator) drives(d *designer.Design) {
	core := d.Sections.Core
	place := func(n designer.SectionName) *designer.Section {
		if s := d.Sections.Get(n); s != nil {
			return s
		}
		return core
	}
	switch g.intn(0, 2) {
	case 0:
		place(designer.SectionAft).Systems = append(place(designer.SectionAft).Systems,
			designer.System{Kind: "stlPrimitive", Rating: g.intn(2, 8), Facing: "aft", Count: g.intn(1, 2)})
		place(designer.SectionFore).Systems = append(place(designer.SectionFore).Systems,
			designer.System{Kind: "stlPrimitive", Rating: g.intn(1, 5), Facing: "fore", Count: 1})
	case 1:
		core.Systems = append(core.Systems, designer.System{Kind: "stlBasic", Rating: g.intn(2, 8), Axis: "foreAft", Count: 1})
	case 2:
		core.Systems = append(core.Systems, designer.System{Kind: "stlAdvanced", Rating: g.intn(1, 5), Count: 1})
	}
	for _, side := range []designer.SectionName{designer.SectionPort, designer.SectionStarboard} {
		if g.chance(0.85) {
			s := place(side)
			s.Systems = append(s.Systems, designer.System{Kind: "thruster", Rating: g.intn(1, 4), Facing: string(side), Count: 1})
		}
	}
}

// sectors returns a legal sector list for a mount in section n: toward
// the section's own arc mostly, sometimes wide.
func (g *Generator) sectors(n designer.SectionName, wide bool) []int {
	var banned [2]int
	ban := n != designer.SectionCore
	if ban {
		banned = designer.ArcSectors[designer.Arc(n).Opposite()]
	}
	var out []int
	if wide || n == designer.SectionCore && g.chance(0.5) {
		for s := 0; s < 8; s++ {
			if !ban || (s != banned[0] && s != banned[1]) {
				out = append(out, s)
			}
		}
		return out
	}
	home := designer.ArcFore
	if ban {
		home = designer.Arc(n)
	}
	hs := designer.ArcSectors[home]
	out = append(out, hs[0], hs[1])
	if g.chance(0.5) {
		// One neighbouring sector on each side.
		for _, s := range []int{(hs[0] + 7) % 8, (hs[1] + 1) % 8} {
			if !ban || (s != banned[0] && s != banned[1]) {
				out = append(out, s)
			}
		}
	}
	return out
}

func (g *Generator) addWeapon(d *designer.Design, w designer.WeaponDef) string {
	w.ID = fmt.Sprintf("w%d", len(d.Weapons))
	if w.Name == "" {
		w.Name = fmt.Sprintf("Weapon %d", len(d.Weapons))
	}
	d.Weapons = append(d.Weapons, w)
	return w.ID
}

// mount places count copies of weapon id in a random section.
func (g *Generator) mount(d *designer.Design, id string, count int, wide bool) {
	ss := d.Sections.List()
	ns := ss[g.r.IntN(len(ss))]
	ns.Section.Weapons = append(ns.Section.Weapons, designer.Mount{Weapon: id, Sectors: g.sectors(ns.Name, wide), Count: count})
}

var gunQualities = []string{"AM", "DM", "DS", "GR", "IO", "ML", "PH", "PR", "QM", "RT", "SP", "TM"}

// guns adds n mounts of direct weapons; strong ones hit harder.
func (g *Generator) guns(d *designer.Design, n int, strong bool) {
	for k := 0; k < n; k++ {
		w := designer.WeaponDef{
			DamageType: pickOf(g, designer.DamageEnergy, designer.DamageKinetic),
			Pulse:      g.intn(1, 3), Die: pickOf[designer.Die](g, "D3", "D4", "D6", "D6", "D8", "D10"), Modifier: g.intn(0, 2),
			Effect:       pickOf(g, designer.EffectRaking, designer.EffectRaking, designer.EffectPenetrating),
			TargetMethod: designer.TargetDirect, Range: 5 * g.intn(2, 8),
			RateOfFire:    pickOf(g, designer.RateUnlimited, designer.RateUnlimited, designer.RateUnlimited, designer.RateLimited, designer.RateOneShot),
			Interceptable: true, Targets: []string{designer.TargetsStarships},
		}
		if strong {
			w.Pulse, w.Modifier = g.intn(2, 5), g.intn(1, 4)
		}
		if g.chance(0.25) {
			w.ArmourPiercing = g.intn(1, 3)
		}
		if g.chance(0.1) {
			w.ShieldPiercing = g.intn(1, 3)
		}
		if g.chance(0.1) {
			w.AoE = 10 * g.intn(1, 3)
		}
		if g.chance(0.25) {
			w.Qualities = []string{pickOf(g, gunQualities...)}
		}
		id := g.addWeapon(d, w)
		g.mount(d, id, g.intn(1, 3), false)
	}
}

// missiles adds n mounts of indirect weapons.
func (g *Generator) missiles(d *designer.Design, n int) {
	for k := 0; k < n; k++ {
		w := designer.WeaponDef{
			DamageType: pickOf(g, designer.DamageEnergy, designer.DamageKinetic),
			Pulse:      g.intn(1, 4), Die: pickOf[designer.Die](g, "D4", "D6", "D8", "D10", "D12"), Modifier: g.intn(0, 4),
			Effect:       pickOf(g, designer.EffectRaking, designer.EffectPenetrating),
			TargetMethod: designer.TargetIndirect, IndirectTurns: g.intn(2, 5), Range: 5 * g.intn(3, 8),
			RateOfFire:    pickOf(g, designer.RateUnlimited, designer.RateLimited, designer.RateOneShot),
			Interceptable: !g.chance(0.2), Targets: []string{designer.TargetsStarships},
		}
		if g.chance(0.2) {
			w.Qualities = []string{pickOf(g, "GR", "PO", "AM", "TM")}
		}
		if w.Interceptable && g.chance(0.15) {
			w.Qualities = append(w.Qualities, "UN")
		}
		id := g.addWeapon(d, w)
		g.mount(d, id, g.intn(1, 3), false)
	}
}

// pd adds n mounts of range-0 point defence.
func (g *Generator) pd(d *designer.Design, n int) {
	w := designer.WeaponDef{
		Name: "Point defence", DamageType: designer.DamageEnergy, Pulse: g.intn(2, 4), Die: pickOf[designer.Die](g, "D3", "D4", "D6"),
		Modifier: g.intn(0, 2), Effect: designer.EffectRaking, TargetMethod: designer.TargetDirect, Range: 0,
		RateOfFire: designer.RateUnlimited, Interceptable: true,
		Targets: []string{designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire},
	}
	id := g.addWeapon(d, w)
	for k := 0; k < n; k++ {
		g.mount(d, id, g.intn(1, 2), true)
	}
}

// carrier adds hangar bays with permanent loadouts and an SoC.
func (g *Generator) carrier(d *designer.Design) {
	if d.Squadron("strike") == nil {
		d.Starfighters = append(d.Starfighters, designer.SquadronDef{
			ID: "strike", Name: "Strike squadron", Strength: g.intn(3, 12), Speed: pickOf(g, 15, 20, 25, 30),
			Defence: g.intn(0, 3), TargetRating: g.intn(4, 8),
			Weapons: []designer.FighterWeapon{
				{Name: "Torpedo", DamageType: pickOf(g, designer.DamageEnergy, designer.DamageKinetic), Pulse: g.intn(1, 3),
					Die: pickOf[designer.Die](g, "D4", "D6", "D8"), Modifier: g.intn(0, 3), RateOfFire: designer.RateUnlimited,
					Targets: []string{designer.FighterTargetsStarships}},
				{Name: "Cannon", DamageType: designer.DamageEnergy, Pulse: g.intn(1, 3), Die: "D4", Modifier: g.intn(0, 1),
					RateOfFire: designer.RateUnlimited, Targets: []string{designer.FighterTargetsStarships, designer.FighterTargetsOther}},
			},
		})
		if g.chance(0.4) {
			d.Starfighters = append(d.Starfighters, designer.SquadronDef{
				ID: "guard", Name: "Interceptors", Strength: g.intn(3, 10), Speed: 30, Defence: g.intn(0, 3), TargetRating: g.intn(6, 9),
				Weapons: []designer.FighterWeapon{{Name: "Guns", DamageType: designer.DamageEnergy, Pulse: g.intn(2, 4), Die: "D4",
					Modifier: g.intn(0, 2), RateOfFire: designer.RateUnlimited, Targets: []string{designer.FighterTargetsOther}}},
			})
		}
	}
	nb := g.intn(1, 3)
	for k := 0; k < nb; k++ {
		launch := g.intn(1, 3)
		capacity := launch * g.intn(1, 3)
		bay := designer.HangarBayDef{ID: fmt.Sprintf("bay%d", len(d.HangarBays)), Name: "Bay", Launch: launch, Capacity: capacity,
			Carries: []string{"strike"}, Loadout: map[string]int{"strike": capacity}}
		if d.Squadron("guard") != nil && capacity > 1 && g.chance(0.5) {
			bay.Carries = append(bay.Carries, "guard")
			bay.Loadout = map[string]int{"strike": capacity - 1, "guard": 1}
		}
		d.HangarBays = append(d.HangarBays, bay)
		ss := d.Sections.List()
		ns := ss[g.r.IntN(len(ss))]
		ns.Section.Hangars = append(ns.Section.Hangars, designer.HangarMount{Bay: bay.ID, Count: 1})
	}
	core := d.Sections.Core
	for _, s := range core.Systems {
		if s.Kind == "soc" {
			return
		}
	}
	core.Systems = append(core.Systems, designer.System{Kind: "soc", Rating: g.intn(1, 2), Count: 1})
}

// utility adds n utility systems (and marines for the teleporters).
func (g *Generator) utility(d *designer.Design, n int) {
	core := d.Sections.Core
	kinds := []string{"cic", "ecm", "jammer", "elint", "targeting", "ansible", "grappler", "cmPod", "teleporterBasic",
		"teleporterAdvanced", "gravityWell", "cloak", "stealth"}
	for k := 0; k < n; k++ {
		kind := pickOf(g, kinds...)
		rt := g.intn(1, 5)
		core.Systems = append(core.Systems, designer.System{Kind: kind, Rating: rt, Count: 1})
		if kind == "teleporterBasic" || kind == "teleporterAdvanced" {
			core.Layers[0].Marines += g.intn(1, 4)
		}
	}
}
