package sim

// attack is one source of damage pulses against a ship: a weapon, a
// squadron weapon, an FTL attack or a ram.
type attack struct {
	bit         dmgMask
	sides       int
	mod         int
	penetrating bool
	ap, sp, dp  int
	q           qual
	penalty     int // energy weapons: -1 damage per pulse per range band; AoE fall-off
	noArmour    bool
	half        bool // an unstable weapon intercepted at 0 cm: each pulse halved
}

func weaponAttack(w *weapon, penalty int) attack {
	return attack{bit: w.bit, sides: w.sides, mod: w.mod, penetrating: w.penetrating, ap: w.ap, sp: w.sp, dp: w.dp, q: w.q, penalty: penalty}
}

// Trace receives the steps of damage resolution when set on a battle; the
// mechanics tests read it.
type Trace func(format string, args ...any)

func (b *battle) tracef(format string, args ...any) {
	if b.trace != nil {
		b.trace(format, args...)
	}
}

// pulse resolves one damage pulse of a on ship t through arc a (rules
// §1.3.5-§1.3.6, §3.1.3-§3.1.5, §3.5.11, §3.6.11-§3.6.14) and returns the
// damage that reached the hull. Order: the deflector may ignore the face;
// the value is the face (doubled on an odd face by PR) plus the modifier
// and bonuses less the range penalty; shields of the matching type take
// it first without armour (ML skips them on odd faces, PH doubles what
// they take, SP lets part of it through, adaptive shields subtract their
// adaptation); what is left meets armour and ablative plates less AP once;
// IO doubles hull damage, DM doubles it on odd faces into the next section
// through; TM may score a critical; QM rolls again on odd faces.
func (b *battle) pulse(t *shipState, a int, at *attack) int {
	n := at.sides
	if n < 1 {
		return 0
	}
	face := b.roll(n)
	if defl := t.deflector(a, at.bit) - at.dp; defl > 0 {
		if n == 1 {
			if b.roll(2) == 1 {
				b.tracef("deflector %d: D1 rolls D2 = 1, ignored", defl)
				return 0
			}
		} else if face <= defl && face < n {
			b.tracef("face %d ignored by deflector %d", face, defl)
			return 0
		}
	}
	odd := n > 1 && face%2 == 1
	v := face
	if at.q&qPR != 0 && odd {
		v *= 2
	}
	v += at.mod
	if odd && at.q&qAM != 0 {
		v += min(t.s.ems, at.mod)
	}
	if odd && at.q&qDS != 0 {
		v += min(t.s.mf, at.mod)
	}
	if at.q&qSP != 0 {
		rating, _ := t.armour(a, at.bit)
		v += min(rating, at.mod)
	}
	v -= at.penalty
	if at.half {
		v /= 2
	}
	hullDmg := 0
	if v > 0 {
		hullDmg = b.land(t, a, at, v, odd)
	}
	if at.q&qQM != 0 && odd {
		// Quantum: a further roll, armour-free, with the range penalty and
		// no qualities.
		extra := b.roll(n) + at.mod - at.penalty
		b.tracef("quantum extra roll: %d", extra)
		if extra > 0 {
			plain := attack{bit: at.bit, sides: n, mod: at.mod, penetrating: at.penetrating, noArmour: true}
			hullDmg += b.land(t, a, &plain, extra, false)
		}
	}
	return hullDmg
}

// land applies v points of one pulse to arc a: shields, armour, hull.
func (b *battle) land(t *shipState, a int, at *attack, v int, odd bool) int {
	rest := v
	if up := t.shieldsUp(a, at.bit); up > 0 && !(at.q&qML != 0 && odd) {
		toShield, bypass := v, 0
		if at.sp > 0 && v > 5 {
			bypass = min(at.sp, v-5)
			toShield = v - bypass
		}
		_, _, adaptive := t.shieldGens(a)
		if adaptive > 0 && t.adapt[a] > 0 {
			toShield = max(0, toShield-t.adapt[a])
		}
		eff := toShield
		if at.q&qPH != 0 {
			eff *= 2
		}
		took := min(up, eff)
		t.shields[a] -= took
		if took > 0 {
			t.shieldLost = true
		}
		left := eff - took
		if at.q&qPH != 0 {
			left /= 2
		}
		rest = left + bypass
		b.tracef("shields on arc %d take %d (%d left), %d goes on", a, took, t.shields[a], rest)
		if rest <= 0 {
			return 0
		}
	}
	t.hitArcs |= 1 << uint(a)
	armour, plates := t.armour(a, at.bit)
	if at.noArmour {
		armour, plates = 0, 0
	}
	h := rest - max(0, armour+plates-at.ap)
	if h <= 0 {
		b.tracef("armour %d+%d stops %d", armour, plates, rest)
		return 0
	}
	if at.q&qIO != 0 {
		h *= 2
	}
	si, _ := t.hitSection(a)
	dealt := h
	if at.q&qDM != 0 && odd {
		next := oppositeThrough(t, si, a)
		b.tracef("dimensional: %d more to section %d", h, next)
		b.hullDamage(t, next, a, h, at.penetrating)
		dealt += h
	}
	b.tracef("hull damage %d to section %d (%s)", h, si, effectName(at.penetrating))
	b.hullDamage(t, si, a, h, at.penetrating)
	if at.q&qTM != 0 && odd && h > 0 {
		if r := b.roll(6); r == 6 {
			b.tracef("temporal: critical on section %d", si)
			t.crits[si]++
		}
	}
	return dealt
}

func effectName(pen bool) string {
	if pen {
		return "penetrating"
	}
	return "raking"
}

// oppositeThrough is the next section through the ship from section si
// hit on arc a: the core from an outboard section, the section opposite
// the arc from the core, or si itself when there is none.
func oppositeThrough(t *shipState, si, a int) int {
	if si != secCore {
		return secCore
	}
	o := oppositeArc[a] + 1
	if !t.secDead[o] {
		return o
	}
	return secCore
}

// hullDamage deals dmg to section si of t, raking or penetrating, with
// overflow into the core and beyond (rules §1.3.6).
func (b *battle) hullDamage(t *shipState, si, a, dmg int, penetrating bool) {
	if t.destroyed || dmg <= 0 {
		return
	}
	if penetrating {
		b.penetrate(t, si, a, dmg)
		return
	}
	b.rake(t, si, dmg)
}

// rake deals dmg along the layers of si, top layer first; what is left
// when the section falls goes to the core, less the core's armour 1.
func (b *battle) rake(t *shipState, si, dmg int) {
	for dmg > 0 && !t.destroyed {
		if t.secDead[si] {
			if si == secCore {
				return
			}
			si, dmg = secCore, dmg-1
			continue
		}
		l := t.topLayer(si)
		if l < 0 {
			b.sectionDestroyed(t, si)
			continue
		}
		take := min(dmg, t.hits[l])
		t.hits[l] -= take
		dmg -= take
		if t.hits[l] == 0 {
			b.layerDestroyed(t, si, l)
		}
	}
}

// penetrate deals one point to each standing layer in turn, top first,
// then on into the core and the section beyond; what is left after
// that is lost. A point on a section's bottom layer scores a critical.
func (b *battle) penetrate(t *shipState, si, a, dmg int) {
	path := [3]int{si, -1, -1}
	if si != secCore {
		path[1] = secCore
		if o := oppositeArc[a] + 1; t.s.secs[o].present {
			path[2] = o
		}
	} else if o := oppositeArc[a] + 1; t.s.secs[o].present {
		path[1] = o
	}
	for _, sec := range path {
		if sec < 0 || dmg <= 0 || t.destroyed {
			break
		}
		if t.secDead[sec] {
			continue
		}
		lo, hi := t.s.layerAt[sec], t.s.layerAt[sec+1]
		bottom := -1
		for i := hi - 1; i >= lo; i-- {
			if t.hits[i] > 0 {
				bottom = i
				break
			}
		}
		for i := lo; i < hi && dmg > 0 && !t.destroyed; i++ {
			if t.hits[i] <= 0 {
				continue
			}
			t.hits[i]--
			dmg--
			if i == bottom {
				t.crits[sec]++
				b.tracef("penetrating point on the bottom layer of section %d: critical", sec)
			}
			if t.hits[i] == 0 {
				b.layerDestroyed(t, sec, i)
			}
		}
	}
}

// layerDestroyed applies LayerLost (sim/loss.go) to layer l of section
// si: its crew and marines, a critical on the section; the section falls
// with its last layer.
func (b *battle) layerDestroyed(t *shipState, si, l int) {
	c := LayerLost()
	if c.Parties {
		t.crew[l], t.marines[l] = 0, 0
	}
	t.crits[si] += c.Criticals
	b.tracef("layer %d of section %d destroyed: critical", l-t.s.layerAt[si], si)
	if t.topLayer(si) < 0 {
		b.sectionDestroyed(t, si)
	}
}

// sectionDestroyed marks si destroyed and applies SectionLost
// (sim/loss.go): its criticals void, a morale condition, its shields
// lost and a critical on the core, or the ship destroyed with its core.
// Boarders in it are lost.
func (b *battle) sectionDestroyed(t *shipState, si int) {
	if t.secDead[si] {
		return
	}
	t.secDead[si] = true
	c := SectionLost(si == secCore)
	if c.VoidCriticals {
		t.crits[si] = 0
	}
	t.boarders[si] = 0
	t.events += c.Morale
	if c.Ship {
		t.destroyed = true
		b.tracef("core destroyed: %s is destroyed", t.s.Name)
		return
	}
	if c.Shields {
		for a := 0; a < nArc; a++ {
			if int(t.s.arcs[a].sec) == si {
				t.shields[a] = 0
			}
		}
	}
	t.crits[secCore] += c.CoreCriticals
	b.tracef("section %d destroyed: critical on the core", si)
}

// directHull deals dmg hull hits straight to section si, no defences, no
// carry-over (critical hits, FTL overload).
func (b *battle) directHull(t *shipState, si, dmg int) {
	for dmg > 0 && !t.secDead[si] && !t.destroyed {
		l := t.topLayer(si)
		if l < 0 {
			b.sectionDestroyed(t, si)
			return
		}
		take := min(dmg, t.hits[l])
		t.hits[l] -= take
		dmg -= take
		if t.hits[l] == 0 {
			b.layerDestroyed(t, si, l)
		}
	}
}
