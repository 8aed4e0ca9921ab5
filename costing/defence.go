package costing

import (
	"math"

	"github.com/slipway/slipway/designer"
)

// arcDefence is the defended hull of one arc.
type arcDefence struct {
	name      string
	hull      float64
	armour    *designer.Armour
	ablative  int
	shields   *designer.Shield
	deflector float64 // weighted deflector factor, 1 without one
	regen     float64 // shield hits regenerated per turn on this arc
}

// typeWeight scores a defence type against the mixed threat.
func (t *Table) typeWeight(typ string) float64 {
	return t.DefenceTypeWeight[typ] // unknown types defend nothing
}

// attackerSides is the die of the reference attacker.
func (t *Table) attackerSides() int { return designer.Die(t.Attacker.Die).Sides() }

// attackerDice caches the reference attacker's expected damage per pulse
// against every whole armour value and deflector rating; the dice module
// computes each once per model.
type attackerDice struct {
	base    float64   // E[D6]
	armourE []float64 // E[max(0, D6 - a)] for a = 0..sides
	deflE   []float64 // E[D6 with faces up to r ignored] for r = 0..sides
}

func (t *Table) newAttackerDice() attackerDice {
	n := t.attackerSides()
	q := t.Qualities()
	ad := attackerDice{base: PulseDamage(Attack{Sides: n}, q)}
	for k := 0; k <= n; k++ {
		ad.armourE = append(ad.armourE, PulseDamage(Attack{Sides: n, Armour: k}, q))
		ad.deflE = append(ad.deflE, PulseDamage(Attack{Sides: n, Deflector: k}, q))
	}
	return ad
}

func (ad *attackerDice) armour(k int) float64 { return ad.armourE[clampInt(k, 0, len(ad.armourE)-1)] }
func (ad *attackerDice) defl(k int) float64   { return ad.deflE[clampInt(k, 0, len(ad.deflE)-1)] }

// armourFactor is mean(D6) / E[max(0, D6 - a)] with a = rating + half the
// ablative plates, capped; E is linear between whole armour values, so the
// dice module's integer expectations are interpolated exactly.
func (m *Model) armourFactor(rating, ablative int) float64 {
	t := m.t
	a := float64(max(0, rating)) + float64(t.AblativeWeight*float64(max(0, ablative)))
	if a <= 0 {
		return 1
	}
	lo := math.Floor(a)
	frac := a - lo
	ex := float64((1-frac)*m.dice.armour(int(lo))) + float64(frac*m.dice.armour(int(lo)+1))
	if ex <= 0 {
		return t.ArmourCap
	}
	return min(t.ArmourCap, m.dice.base/ex)
}

// deflectorFactor is mean(D6) / E[D6 with faces up to the rating ignored,
// the top face never], capped.
func (m *Model) deflectorFactor(rating int) float64 {
	if rating <= 0 {
		return 1
	}
	ex := m.dice.defl(rating)
	if ex <= 0 {
		return m.t.DeflectorCap
	}
	return min(m.t.DeflectorCap, m.dice.base/ex)
}

// weighted moves a factor toward 1 by the type weight: 1 + w x (f - 1).
func weighted(f, w float64) float64 { return 1 + float64(w*(f-1)) }

// arcs splits the ship into the arcs incoming fire meets: each outboard
// section's own arc, the core's exposed arcs (sharing the core's hull
// evenly) and, when the core has no exposed arc, the core behind its
// sections at the inner armour of the rules.
func (e *eval) arcs() []arcDefence {
	var out []arcDefence
	secs := &e.d.Sections
	core := secs.Core
	exposed := 0
	if core != nil {
		exposed = len(secs.FacedArcs(designer.SectionCore))
	}
	for _, a := range designer.ArcOrder {
		name := designer.SectionName(a)
		sec := secs.Get(name)
		share := 1.0
		if sec == nil {
			if core == nil {
				continue
			}
			sec, name = core, designer.SectionCore
			share = 1 / float64(exposed)
		}
		ad := arcDefence{name: string(name) + "/" + string(a), hull: float64(float64(hullHits(sec)) * share),
			armour: sec.Armour.Get(a), shields: sec.Shields.Get(a), deflector: 1}
		if p := sec.Ablative.Get(a); p != nil {
			ad.ablative = *p
		}
		for _, s := range sec.Systems {
			if s.Count <= 0 {
				continue
			}
			// A core system names the exposed arc it serves; an outboard
			// one serves its section's arc.
			if name == designer.SectionCore && designer.Arc(s.Arc) != a {
				continue
			}
			if name != designer.SectionCore && s.Arc != "" && designer.Arc(s.Arc) != a {
				continue
			}
			if g, ok := e.t.ShieldRegen[s.Kind]; ok {
				ad.regen += float64(g * float64(clampCount(s.Count)*clampInt(s.Rating, 0, 1000)))
				continue
			}
			if s.Kind != kindDeflector {
				continue
			}
			// Deflectors on one arc do not stack: the best one counts.
			f := weighted(e.m.deflectorFactor(clampInt(s.Rating, 0, 100)), e.t.typeWeight(s.Type))
			ad.deflector = max(ad.deflector, f)
		}
		out = append(out, ad)
	}
	if core != nil && exposed == 0 {
		out = append(out, arcDefence{name: "core/inner", hull: float64(hullHits(core)), deflector: 1,
			armour: &designer.Armour{Rating: e.t.CoreInnerArmour, Type: designer.DefenceEnergyKinetic}})
	}
	return out
}

// defence is D (rules §7.3): the defended hull of every arc, times the
// ship-wide factors, divided by the reference attacker's hit chance
// relative to a TR 1, EW 0 target.
func (e *eval) defence() *Node {
	t := e.t
	n := e.node("defence", "Defence D", "sum of arcs x EMS x point defence x hull x damage control x cloak / relative hit chance", 0)

	// Ship-wide electronic warfare.
	bestEW, stealth, ecm, pods, cloak := 0, 0, false, 0.0, false
	for _, ns := range e.secs {
		for _, s := range ns.Section.Systems {
			if s.Count <= 0 {
				continue
			}
			c, rt := clampCount(s.Count), clampInt(s.Rating, 0, 1000)
			switch s.Kind {
			case kindEWArray:
				bestEW = max(bestEW, rt)
			case kindStealth:
				stealth = max(stealth, rt)
			case kindECM:
				ecm = true
			case kindCMPod:
				pods += float64(t.PodPerRating * float64(c*rt))
			case kindCloak:
				cloak = true
			}
		}
	}
	sum := 0.0
	for _, a := range e.arcs() {
		sh := 0.0
		if a.shields != nil {
			hits := float64(clampInt(a.shields.Hits, 0, 1_000_000))
			sh = float64((hits + float64(t.ShieldRegenTurns*min(a.regen, hits))) * t.typeWeight(a.shields.Type))
		}
		af := 1.0
		if a.armour != nil || a.ablative > 0 {
			rating, typ := 0, designer.DefenceEnergyKinetic
			if a.armour != nil {
				rating, typ = a.armour.Rating, a.armour.Type
			}
			af = weighted(e.m.armourFactor(clampInt(rating, 0, 100), clampInt(a.ablative, 0, 100)), t.typeWeight(typ))
		}
		df := a.deflector
		v := float64(float64((a.hull+sh)*af) * df)
		sum += v
		e.add(n, e.node("arc["+a.name+"]", "Arc "+a.name, "(hull + (shield hits + 4 x min(regeneration, shield hits)) x type) x armour x deflector", v,
			in("hull", a.hull), in("shields", sh), in("regeneration", a.regen), in("armour factor", af), in("deflector factor", df)))
	}

	e.defended = sum

	// Relative hit chance of the reference attacker. The target rating is
	// taken, continuously, from the defended hull: one more hull hit never
	// jumps a whole step, and armour and shields are mass too. It counts
	// only while the attacker needs at least DefenceMinFaces faces, so the
	// defended hull always grows faster than the chance to hit it.
	ew := max(float64(bestEW), float64(t.StealthPerRating*float64(stealth)))
	if ecm {
		ew += t.ECMBonus
	}
	ew += pods
	trc := float64(t.BaseTargetRating) - math.Log2(max(1, sum/t.HullHitsPerMassFactor))
	att := t.Attacker
	sp := float64(att.Sensor) - ew
	tp := min(trc, sp-t.DefenceMinFaces)
	p := HitChance(att.Sensor, sp, tp, t.SensorDie)
	p0 := HitChance(att.Sensor, float64(att.Sensor-att.BaseEW), float64(att.BaseTargetRate), t.SensorDie)
	rel := p / p0
	e.add(n, e.node("relativeHit", "Relative hit chance", "P(hit this ship) / P(hit TR 1, EW 0)", rel,
		in("EW", ew), in("target rating (defended hull)", trc), in("target profile", tp), in("P", p), in("P baseline", p0)))

	// The signature the tech level buys: the EMS of the reference power
	// plant at this tech level.
	emsT := max(1, math.Sqrt(t.SignaturePower/float64(e.tl)))
	emsF := 1 + 1/(emsT+1)
	e.add(n, e.node("emsFactor", "Low-signature factor", "1 + 1 / (EMS + 1), EMS = sqrt(reference PU / TL)", emsF,
		in("EMS", emsT), in("reference PU", t.SignaturePower), in("TL", float64(e.tl))))

	pd := e.pointDefence()
	e.add(n, pd)

	hf, ok := t.HullFactor[e.d.Hull]
	if !ok {
		hf = 1
	}
	dc := t.DamageControlD[string(e.r.Quality.DamageControl)]
	cf := 1.0
	if cloak {
		cf = t.CloakFactor
	}
	e.add(n, e.node("shipFactors", "Hull type, damage control and cloak", "hull x damage control x cloak",
		float64(float64(hf*dc)*cf), in("hull", hf), in("damage control", dc), in("cloak", cf)))

	d := float64(float64(float64(float64(float64(sum*emsF)*pd.Value)*hf)*dc) * cf)
	d = d / rel
	n.Value = d
	n.Inputs = []Input{in("arcs", sum)}
	return n
}

// pointDefence is 1 + 0.5 x x / (x + 25) for x the expected damage per
// turn of the mounts that can fire on starfighters or weapons fire: the
// rules' 1 + 0.02 x x near zero, saturating at 1.5.
func (e *eval) pointDefence() *Node {
	t := e.t
	q := t.Qualities()
	x := 0.0
	for _, ns := range e.secs {
		for _, mt := range ns.Section.Weapons {
			w := e.d.Weapon(mt.Weapon)
			if w == nil || !(w.CanTarget(designer.TargetsStarfighters) || w.CanTarget(designer.TargetsDirectFire) || w.CanTarget(designer.TargetsIndirectFire)) {
				continue
			}
			rof, ok := t.RateOfFire[w.RateOfFire]
			if !ok {
				rof = t.RateOfFire[designer.RateOneShot]
			}
			dmg := PulseDamage(weaponAttack(w, 0, 0, 0, 0, 0), q)
			x += float64(float64(float64(float64(clampCount(mt.Count))*t.arcFactor(sectorCount(mt.Sectors)))*rof) *
				float64(float64(clampInt(w.Pulse, 0, 1000))*dmg))
		}
	}
	half := t.PointDefenceMax / t.PointDefenceSlope
	f := 1 + float64(t.PointDefenceMax*x)/(x+half)
	return e.node("pointDefence", "Point defence", "1 + "+FormatNumber(t.PointDefenceMax)+" x PD / (PD + "+FormatNumber(half)+")", f, in("PD damage", x))
}
