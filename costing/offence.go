package costing

import (
	"sort"
	"strconv"

	"github.com/slipway/slipway/designer"
)

// weaponAttack is the attack of one pulse of w against a target with the
// given armour, range penalty and deflector, target EMS and mass factor.
func weaponAttack(w *designer.WeaponDef, armour, rangePenalty, deflector, ems, mf int) Attack {
	return Attack{
		Sides:        w.Die.Sides(),
		Modifier:     clampInt(w.Modifier, -100, 100),
		RangePenalty: rangePenalty,
		Armour:       armour,
		AP:           clampInt(w.ArmourPiercing, 0, 100),
		Deflector:    max(0, deflector-clampInt(w.DeflectionPiercing, 0, 100)),
		PR:           w.Has("PR"),
		QM:           w.Has("QM"),
		IO:           w.Has("IO"),
		DM:           w.Has("DM"),
		ML:           w.Has("ML"),
		TM:           w.Has("TM"),
		AMBonus:      bonusIf(w.Has("AM"), ems),
		DSBonus:      bonusIf(w.Has("DS"), mf),
	}
}

func bonusIf(ok bool, v int) int {
	if ok {
		return v
	}
	return 0
}

// sectorCount is the number of distinct legal sectors of a mount.
func sectorCount(sectors []int) int {
	var seen uint8
	n := 0
	for _, s := range sectors {
		if s < 0 || s > 7 || seen&(1<<uint(s)) != 0 {
			continue
		}
		seen |= 1 << uint(s)
		n++
	}
	return n
}

// arcFactor is 0.4 + 0.6 x sectors / 8, and 0 for a mount with no sector.
func (t *Table) arcFactor(sectors int) float64 {
	if sectors == 0 {
		return 0
	}
	return t.ArcBase + float64(t.ArcPerSector*float64(sectors))
}

// mountFactor is the product of the mount-level multipliers of w: rate of
// fire, penetrating, area of effect, reactive and phased.
func (t *Table) mountFactor(w *designer.WeaponDef) (float64, []Input) {
	f := t.RateOfFire[w.RateOfFire]
	if _, ok := t.RateOfFire[w.RateOfFire]; !ok {
		f = t.RateOfFire[designer.RateOneShot] // unknown: the most pessimistic
	}
	ins := []Input{in("rate of fire", f)}
	if w.Effect == designer.EffectPenetrating {
		f = float64(f * t.PenetratingFactor)
		ins = append(ins, in("penetrating", t.PenetratingFactor))
	}
	if die := w.AoEDie(); die != "" {
		a := 1 + float64(t.AoESlope*(die.Mean()-1))
		f = float64(f * a)
		ins = append(ins, in("area of effect", a))
	}
	if w.Has("RT") {
		f = float64(f * t.ReactiveFactor)
		ins = append(ins, in("reactive", t.ReactiveFactor))
	}
	if w.Has("PH") {
		f = float64(f * (1 + t.ShieldExposure))
		ins = append(ins, in("phased", 1+t.ShieldExposure))
	}
	return f, ins
}

// weaponValue is the expected hull damage per turn of one copy of w
// against the reference target, averaged over the reference ranges,
// before arc and mount factors (rules §7.2). Weapons that cannot target
// starships, and direct weapons of range 0, score 0.
func (e *eval) weaponValue(w *designer.WeaponDef) (float64, string) {
	t := e.t
	if !w.CanTarget(designer.TargetsStarships) {
		return 0, "cannot target starships"
	}
	pulse := float64(clampInt(w.Pulse, 0, 1000))
	rng := clampInt(w.Range, 0, 1000)
	ref := t.Target
	q := t.Qualities()
	if w.Indirect() {
		f := t.IndirectIntercept
		if !w.Interceptable {
			f = t.IndirectImmune
		}
		reach := min(1, float64(clampInt(w.IndirectTurns, 0, 100)*rng)/t.IndirectReach)
		dmg := PulseDamage(weaponAttack(w, ref.Armour, 0, 0, ref.EMS, ref.MassFactor), q)
		return float64(float64(float64(f*reach)*pulse) * dmg), "indirect: interception x reach x pulse x E[pulse]"
	}
	if rng == 0 {
		return 0, "range 0: defensive only"
	}
	sp := float64(e.sensor - ref.EW)
	sum := 0.0
	for _, dist := range t.Ranges {
		if dist > t.MaxDirectRange {
			continue
		}
		band := (dist+rng-1)/rng - 1
		rp, tp := band, ref.TargetRating
		if w.DamageType == designer.DamageKinetic {
			rp, tp = 0, ref.TargetRating+band
		}
		p := HitChance(e.sensor, sp, float64(tp), t.SensorDie)
		if w.Has("GR") {
			p = p + float64((1-p)*p)
		}
		dmg := PulseDamage(weaponAttack(w, ref.Armour, rp, 0, ref.EMS, ref.MassFactor), q)
		sum += float64(float64(p*pulse) * dmg)
	}
	return sum / float64(len(t.Ranges)), "mean over reference ranges of P(hit) x pulse x E[pulse]"
}

// offence is O (rules §7.2): every mount plus carried starfighters,
// floored at a share of the reference cruiser's.
func (e *eval) offence() *Node {
	t := e.t
	n := e.node("offence", "Offence O", "max(sum of mounts + starfighters, 5% of reference O)", 0,
		in("best sensor", float64(e.sensor)))
	values := make([]float64, len(e.d.Weapons))
	whys := make([]string, len(e.d.Weapons))
	done := make([]bool, len(e.d.Weapons))
	type mountRef struct {
		node  *Node
		units int
	}
	var indirect []mountRef
	indirectUnits := 0
	raw := 0.0
	for _, ns := range e.secs {
		for i, mt := range ns.Section.Weapons {
			wi := -1
			for j := range e.d.Weapons {
				if e.d.Weapons[j].ID == mt.Weapon {
					wi = j
					break
				}
			}
			if wi < 0 {
				continue
			}
			w := &e.d.Weapons[wi]
			if !done[wi] {
				values[wi], whys[wi] = e.weaponValue(w)
				done[wi] = true
			}
			count := clampCount(mt.Count)
			sec := sectorCount(mt.Sectors)
			arc := t.arcFactor(sec)
			mf, ins := t.mountFactor(w)
			v := float64(float64(float64(float64(count)*arc)*mf) * values[wi])
			path := "sections." + string(ns.Name) + ".weapons[" + strconv.Itoa(i) + "]"
			mn := e.node("mount["+path+"]", strconv.Itoa(mt.Count)+" x "+w.Name+" ("+path+")",
				"count x arc x mount factors x per-copy value", v,
				append([]Input{in("count", float64(count)), in("sectors", float64(sec)), in("arc", arc)}, ins...)...)
			e.add(mn, e.node("weapon["+w.ID+"]", "Per copy: "+whys[wi], "", values[wi]))
			if w.Indirect() && v > 0 {
				indirect = append(indirect, mountRef{mn, count})
				indirectUnits += count
			}
			e.add(n, mn)
			raw += v
		}
	}
	if indirectUnits > e.sensorCap {
		// Each sensor array guides up to its rating of indirect weapons:
		// the sensors guide the most valuable weapons first.
		sort.SliceStable(indirect, func(a, b int) bool {
			return indirect[a].node.Value/float64(indirect[a].units) > indirect[b].node.Value/float64(indirect[b].units)
		})
		left := e.sensorCap
		for _, ir := range indirect {
			guided := min(left, ir.units)
			left -= guided
			share := float64(guided) / float64(ir.units)
			scaled := float64(ir.node.Value * share)
			raw += scaled - ir.node.Value
			ir.node.Value = scaled
			ir.node.Formula += " x share the sensors can guide"
			ir.node.Inputs = append(ir.node.Inputs, in("guided share", share))
		}
	}
	fv, fn := e.fighters()
	if fn != nil {
		e.add(n, fn)
		raw += fv
	}
	floor := float64(t.OffenceFloor * t.ReferenceOffence)
	n.Value = max(raw, floor)
	n.Inputs = append(n.Inputs, in("raw", raw), in("floor", floor))
	return n
}
