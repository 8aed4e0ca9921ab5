package costing

import "github.com/slipway/slipway/designer"

// mask says which damage types a defence stops: 1 energy, 2 kinetic.
type mask uint8

const (
	maskEnergy  mask = 1
	maskKinetic mask = 2
)

func defenceMask(s string) mask {
	switch s {
	case designer.DefenceEnergy:
		return maskEnergy
	case designer.DefenceKinetic:
		return maskKinetic
	case designer.DefenceEnergyKinetic:
		return maskEnergy | maskKinetic
	}
	return 0
}

func damageMask(s string) mask {
	if s == designer.DamageKinetic {
		return maskKinetic
	}
	return maskEnergy
}

// wspec is a weapon as metaverse-cv/2 rolls it: a starship weapon, a
// squadron weapon, a reference ship's weapon, an FTL attack die.
type wspec struct {
	name          string
	bit           mask
	pulse         int
	sides         int
	mod           int
	penetrating   bool
	ap, sp, dp    int
	rng           int
	indirect      bool
	turns         int
	interceptable bool
	rof           float64
	aoeSides      int
	tShips        bool
	tFighters     bool
	tDirect       bool
	tIndirect     bool
	am, dm, ds    bool
	gr, io, ml    bool
	ph, pr, qm    bool
	rt, spq, tm   bool
	un            bool
	// once: a one-shot weapon (rateOfFire oneShot), fired once a fight.
	once bool
}

// strikeRadius is how near a salvo must come to strike a ship: 15 cm,
// 20 with GR, before the target's EW.
func (w *wspec) strikeRadius() int {
	if w.gr {
		return 20
	}
	return 15
}

func specOf(t *Table, w *designer.WeaponDef) wspec {
	rof, ok := t.RateOfFire[w.RateOfFire]
	if !ok {
		rof = t.RateOfFire[designer.RateOneShot]
	}
	s := wspec{name: w.Name, bit: damageMask(w.DamageType), pulse: clampInt(w.Pulse, 0, 100), sides: w.Die.Sides(),
		mod: clampInt(w.Modifier, -100, 100), penetrating: w.Effect == designer.EffectPenetrating,
		ap: clampInt(w.ArmourPiercing, 0, 100), sp: clampInt(w.ShieldPiercing, 0, 100), dp: clampInt(w.DeflectionPiercing, 0, 100),
		rng: clampInt(w.Range, 0, 1000), indirect: w.Indirect(), turns: clampInt(w.IndirectTurns, 0, 100),
		interceptable: w.Interceptable, rof: rof, aoeSides: w.AoEDie().Sides(), once: !ok || w.RateOfFire == designer.RateOneShot}
	// What w.CanTarget and w.Has answer, in one pass over each list.
	for _, x := range w.Targets {
		switch x {
		case designer.TargetsStarships:
			s.tShips = true
		case designer.TargetsStarfighters:
			s.tFighters = true
		case designer.TargetsDirectFire:
			s.tDirect = true
		case designer.TargetsIndirectFire:
			s.tIndirect = true
		}
	}
	for _, q := range w.Qualities {
		switch q {
		case "AM":
			s.am = true
		case "DM":
			s.dm = true
		case "DS":
			s.ds = true
		case "GR":
			s.gr = true
		case "IO":
			s.io = true
		case "ML":
			s.ml = true
		case "PH":
			s.ph = true
		case "PR":
			s.pr = true
		case "QM":
			s.qm = true
		case "RT":
			s.rt = true
		case "SP":
			s.spq = true
		case "TM":
			s.tm = true
		case "UN":
			s.un = true
		}
	}
	return s
}

func refSpec(w RefWeapon) wspec {
	return wspec{name: "reference weapon", bit: damageMask(w.Type), pulse: w.Pulse, sides: designer.Die(w.Die).Sides(), mod: w.Mod,
		penetrating: w.Penetrating, ap: w.AP, rng: w.Range, indirect: w.Indirect, turns: w.Turns,
		interceptable: w.Interceptable || !w.Indirect, rof: 1, tShips: true}
}

// defArc is one arc of a ship as incoming fire meets it.
type defArc struct {
	armour     int
	armourMask mask
	ablative   int
	shields    float64
	shieldMask mask
	regen      float64
	adapt      int
	deflector  int
	deflMask   mask
	// secHull and secLayers are the section that faces the arc (0 when
	// the core faces it itself); coreHull and coreLayers what is behind.
	secHull    float64
	secLayers  int
	coreHull   float64
	coreLayers int
	through    bool // the core, behind a destroyed section: armour 1, no shields
}

// hullPerLayer is the hull hits per layer of the path the arc's fire
// rakes: one critical for each layer destroyed.
func (a *defArc) critsPerHull() float64 {
	h := a.secHull + a.coreHull
	if h <= 0 {
		return 0
	}
	return float64(a.secLayers+a.coreLayers) / h
}

// pulseExp is the expectation of one pulse against an arc: what it takes
// off shields while they stand (PH counted double), the hull damage that
// reaches past standing shields (ML on odd faces, SP's share), the hull
// damage once shields are down, and the criticals of each.
type pulseExp struct {
	shield, hullS, hull, critS, critH float64
}

// expectPulse enumerates the faces of w's die against arc a exactly
// (rules §1.3.5, §3.1.3-§3.1.5, §3.5.11, §3.6.11-§3.6.14): a deflector
// ignores faces at or under its rating (never the top face; a D1 rolls a
// D2); PR doubles an odd face; AM and DS add the target's EMS and mass
// factor on odd faces, SP the target's armour rating on every face, each
// at most the modifier; energy weapons lose the range penalty. Shields of
// the weapon's type take what they can without armour (ML skips them on
// odd faces, SP lets its rating through past the first 5, PH doubles
// their loss, adaptive shields subtract their adaptation); the hull takes
// the rest less armour and plates beyond AP; IO doubles hull damage, DM
// doubles it on odd faces; a penetrating pulse deals at most one point
// per layer of its path. Criticals: one per layer destroyed (raking, by
// the path's hull per layer), one more when a penetrating pulse reaches
// the bottom layer of the section, 1/6 for TM on an odd damaging face.
// QM rolls again on odd faces, armour-free.
func expectPulse(w *wspec, a *defArc, penalty, ems, mf int) pulseExp {
	n := w.sides
	if n < 1 {
		return pulseExp{}
	}
	defl := 0
	if a.deflMask&w.bit != 0 {
		defl = max(0, a.deflector-w.dp)
	}
	rating := 0
	if a.armourMask&w.bit != 0 {
		rating = a.armour
	}
	// A pulse whose best face, with every bonus, is at or under the
	// penalty scores on no face (and rolls no QM damage): every term is
	// zero, as the loop below would find.
	top := n
	if w.pr && n > 1 {
		top = 2 * n
	}
	top += w.mod - penalty
	if w.am {
		top += min(max(ems, 0), max(w.mod, 0))
	}
	if w.ds {
		top += min(max(mf, 0), max(w.mod, 0))
	}
	if w.spq {
		top += max(0, min(rating, max(w.mod, 0)))
	}
	if top <= 0 {
		return pulseExp{}
	}
	armour := max(0, rating+a.ablative-w.ap)
	shieldsUp := a.shields > 0 && a.shieldMask&w.bit != 0 && !a.through
	path := a.secLayers + a.coreLayers
	cph := a.critsPerHull()
	hullOf := func(x int, odd bool) float64 {
		if x <= 0 {
			return 0
		}
		if w.penetrating && path > 0 {
			x = min(x, path)
		}
		h := float64(x)
		if w.io {
			h *= 2
		}
		if w.dm && odd {
			h *= 2
		}
		return h
	}
	crits := func(pre int, h float64, odd bool) float64 {
		c := h * cph
		if w.penetrating && a.secLayers > 0 && pre >= a.secLayers {
			c++
		}
		if w.tm && odd && h > 0 {
			c += 1.0 / 6
		}
		return c
	}
	var sumS, sumHS, sumH, sumCS, sumCH float64
	for f := 1; f <= n; f++ {
		weight := 1.0
		if n == 1 && defl > 0 {
			weight = 0.5
		} else if n > 1 && f < n && f <= defl {
			continue
		}
		odd := n > 1 && f%2 == 1
		v := f
		if w.pr && odd {
			v *= 2
		}
		v += w.mod
		if odd && w.am {
			v += min(max(ems, 0), max(w.mod, 0))
		}
		if odd && w.ds {
			v += min(max(mf, 0), max(w.mod, 0))
		}
		if w.spq {
			v += min(rating, max(w.mod, 0))
		}
		v -= penalty
		// This face's terms. The sums are kept in scalars, not in a
		// pulseExp: a struct of five floats lives in memory, and adding
		// into it face by face is several times slower.
		var es, ehs, eh, ecs, ech float64
		if v > 0 {
			h := hullOf(v-armour, odd)
			eh, ech = h, crits(v-armour, h, odd)
			switch {
			case !shieldsUp:
				ehs, ecs = eh, ech
			case w.ml && odd:
				ehs, ecs = h, ech
			default:
				bypass := 0
				if w.sp > 0 && v > 5 {
					bypass = min(w.sp, v-5)
				}
				to := max(0, v-bypass-a.adapt)
				if w.ph {
					to *= 2
				}
				es = float64(to)
				hb := hullOf(bypass-armour, odd)
				ehs, ecs = hb, crits(bypass-armour, hb, odd)
			}
		}
		if w.qm && odd {
			// A further plain roll: no armour, no qualities, the deflector
			// and the range penalty still apply.
			x := 0.0
			for g := 1; g <= n; g++ {
				if n > 1 && g < n && g <= defl {
					continue
				}
				x += float64(max(0, g+w.mod-penalty))
			}
			x /= float64(n)
			if shieldsUp {
				es += x
			} else {
				ehs += x
			}
			eh += x
		}
		sumS += weight * es
		sumHS += weight * ehs
		sumH += weight * eh
		sumCS += weight * ecs
		sumCH += weight * ech
	}
	k := 1 / float64(n)
	return pulseExp{sumS * k, sumHS * k, sumH * k, sumCS * k, sumCH * k}
}

// rates are damage per turn against one defender: to shields while they
// stand, to the hull meanwhile, to the hull once they are down, and the
// criticals of each phase.
type rates struct {
	shield, hullS, hull, critS, critH float64
}

func (r *rates) add(o rates) {
	r.shield += o.shield
	r.hullS += o.hullS
	r.hull += o.hull
	r.critS += o.critS
	r.critH += o.critH
}

func (r rates) scale(k float64) rates {
	return rates{r.shield * k, r.hullS * k, r.hull * k, r.critS * k, r.critH * k}
}

// total is a single size of the rates, for ranking units under an EMS cap.
func (r rates) total() float64 { return r.shield + r.hullS + r.hull }

// neverTurns stands for "never": the turns a defender lasts when nothing
// gets through. A time at or past neverTurns/10 is never (outlasts).
const neverTurns = 1e9

// outlasts reports whether a time to destroy is never: no fire gets
// through, or repair keeps up with all that does.
func outlasts(turns float64) bool { return turns >= neverTurns/10 }

// killTime is the turns a defender with shields s (regenerating g a turn)
// and hull h lasts under r, each critical worth v hull hits. It returns
// neverTurns when nothing gets through.
func killTime(r rates, s, g, h, v float64) float64 {
	rh := r.hull + r.critH*v
	rhs := r.hullS + r.critS*v
	inf := neverTurns
	if s <= 0 {
		if rh <= 0 {
			return inf
		}
		return h / rh
	}
	if r.shield <= 0 {
		if rhs <= 0 {
			return inf
		}
		return h / rhs
	}
	net := max(r.shield-g, 0.2*r.shield)
	ts := s / net
	left := h - rhs*ts
	if left <= 0 {
		return h / max(rhs, 1e-12)
	}
	if rh <= 0 {
		return inf
	}
	return ts + left/rh
}

// firesOnDirect is whether w, as point defence, fires on direct-fire hits.
func (w *wspec) firesOnDirect() bool { return w.tDirect && w.pulse > 0 }

// firesOnIndirect is whether w, as point defence, fires on salvos.
func (w *wspec) firesOnIndirect() bool { return w.tIndirect && w.pulse > 0 }

// firesOnFighters is whether w, as point defence, fires on squadrons.
func (w *wspec) firesOnFighters() bool { return w.tFighters && w.rng == 0 && w.pulse > 0 }
