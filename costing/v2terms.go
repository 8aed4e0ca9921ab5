package costing

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/slipway/slipway/designer"
)

// refArc is a reference ship's presented arc.
func refArc(r *RefShip) defArc {
	return defArc{armour: r.Armour, armourMask: defenceMask(r.ArmourType), ablative: r.Ablative, shields: r.Shields,
		shieldMask: defenceMask(r.ShieldType), regen: r.Regen, deflector: r.Deflector, deflMask: defenceMask(r.DeflectorType),
		secHull: r.SectionHull, secLayers: r.SectionLayers, coreHull: r.CoreHull, coreLayers: r.CoreLayers}
}

func (v *V2Table) critValue(ems float64) float64 { return v.CritBase + float64(v.CritPerEMS*ems) }

// rangeWeightSum is the sum of the range weights.
func (t *Table) rangeWeightSum() float64 {
	s := 0.0
	for _, w := range t.V2.RangeWeights {
		s += w
	}
	return s
}

// interceptChance is the chance one point-defence copy (pd, fired with a
// sensor of the given rating) stops one hit or missile of w: a sensor
// roll against w's top face, then damage at least w's modifier.
func interceptChance(t *Table, pd *wspec, sensor int, w *wspec) float64 {
	if !w.interceptable || pd.pulse == 0 || sensor <= 0 {
		return 0
	}
	p := HitChance(sensor, float64(sensor), float64(w.sides), t.SensorDie)
	need := max(1, w.mod)
	return p * chanceAtLeast(pd.pulse, pd.sides, pd.mod, need)
}

// chanceAtLeast is P(sum of n dice of the given sides, each + mod >= need),
// exactly, by convolution.
func chanceAtLeast(n, sides, mod, need int) float64 {
	if sides < 1 || n < 1 {
		return 0
	}
	k := diceKey{min(n, 12), sides, mod, need}
	if q, ok := chances.Load(k); ok {
		return q.(float64)
	}
	q := chanceAtLeastExact(k.n, sides, mod, need)
	if chancesHeld.Add(1) <= maxChances {
		chances.Store(k, q)
	}
	return q
}

// diceKey names one chanceAtLeast question.
type diceKey struct{ n, sides, mod, need int }

// chances remembers chanceAtLeast's answers: a pure function of few
// distinct arguments (point-defence pulses and dice against a salvo's
// modifier) asked many times per evaluation.
// At most maxChances are kept, whatever the designs asked.
var (
	chances     sync.Map // diceKey -> float64
	chancesHeld atomic.Int64
)

const maxChances = 4096

// chanceAtLeastExact computes chanceAtLeast by convolution.
func chanceAtLeastExact(n, sides, mod, need int) float64 {
	if sides < 1 || n < 1 {
		return 0
	}
	n = min(n, 12)
	dist := []float64{1}
	for k := 0; k < n; k++ {
		next := make([]float64, len(dist)+sides+max(mod, 0))
		for s, p := range dist {
			if p == 0 {
				continue
			}
			for f := 1; f <= sides; f++ {
				next[s+max(0, f+mod)] += p / float64(sides)
			}
		}
		dist = next
	}
	q := 0.0
	for s, p := range dist {
		if s >= need {
			q += p
		}
	}
	return q
}

// squadDamage is E[max(0, face + mod - defence)] x pulse: one squadron
// or point-defence weapon against a squadron.
func squadDamage(w *wspec, defence int) float64 {
	if w.sides < 1 {
		return 0
	}
	s := 0.0
	for f := 1; f <= w.sides; f++ {
		v := f
		if w.pr && f%2 == 1 && w.sides > 1 {
			v *= 2
		}
		x := max(0, v+w.mod-defence)
		if w.io {
			x *= 2
		}
		s += float64(x)
	}
	return float64(w.pulse) * s / float64(w.sides)
}

// unit is one attacker under the target's EMS cap: the ship's own fire,
// a strike mission, a salvo.
type unit struct {
	r    rates
	ship bool
}

// capUnits keeps the units the target's EMS lets fire: the strongest
// first, up to cap (continuous: a fraction of the next); the ship's own
// fire counts against cap + targeting.
func capUnits(us []unit, cap float64, targeting int) rates {
	// A stable insertion sort, strongest first: there are a few units
	// (the ship, its salvos, a strike mission), and a stable sort's order
	// is the same whichever algorithm makes it.
	for i := 1; i < len(us); i++ {
		x := us[i]
		tx := x.r.total()
		j := i
		for ; j > 0 && cmp.Compare(tx, us[j-1].r.total()) > 0; j-- {
			us[j] = us[j-1]
		}
		us[j] = x
	}
	var oS, oHS, oH, oCS, oCH float64 // scalars: see directRates
	left := cap
	for i := range us {
		u := &us[i]
		k := min(1, max(0, left))
		if u.ship && targeting > 0 {
			k = 1
		}
		oS += u.r.shield * k
		oHS += u.r.hullS * k
		oH += u.r.hull * k
		oCS += u.r.critS * k
		oCH += u.r.critH * k
		left--
	}
	return rates{oS, oHS, oH, oCS, oCH}
}

func meanFace(sides, mod int) float64 {
	if sides < 1 {
		return 0
	}
	return float64(sides+1)/2 + float64(mod)
}

// directRates are the rates of one direct mount against a defender arc,
// averaged over the weighted reference ranges.
//
// row, when not nil, keeps w's pulses against a by penalty, for another
// weapon alike against the same arc (the same ems and mf).
func (e *eval) directRates(w *wspec, count float64, sensor int, ewDef, trDef float64, a *defArc, ems, mf int, row *pulseRow) (rates, float64) {
	t := e.t
	// The sums are kept in scalars: a struct of five floats lives in
	// memory, and adding into it range by range is slower.
	var oS, oHS, oH, oCS, oCH float64
	hitsOut := 0.0
	// The pulse's expectation depends on the range only through the
	// energy penalty, which only grows with the range: work it out again
	// only when the penalty changes.
	var pe pulseExp
	lastPen := -1
	// P(hit) depends on the range only through the target's rating, which
	// grows with it for kinetic weapons only: worked out again only when
	// that changes.
	var ph, lastTp float64
	tpKnown := false
	sp := float64(sensor) - ewDef
	for i, dist := range t.Ranges {
		rw := e.m.v2.rw[i]
		if dist > t.MaxDirectRange || w.rng <= 0 {
			continue
		}
		band := (dist+w.rng-1)/w.rng - 1
		pen, tp := band, trDef
		if w.bit == maskKinetic {
			pen, tp = 0, trDef+float64(band)
		}
		if !tpKnown || tp != lastTp {
			capped := min(tp, sp-t.DefenceMinFaces)
			if w.bit == maskKinetic && t.V3 != nil && t.V3.BandPastCap {
				// The range band is the rules' own penalty, not the
				// defender's rating: it counts past the cap, up to the
				// profile where only the sensor's own face hits.
				capped = min(trDef, sp-t.DefenceMinFaces) + float64(band)
			}
			ph = HitChance(sensor, sp, capped, t.SensorDie)
			if w.gr {
				ph += (1 - ph) * ph
			}
			lastTp, tpKnown = tp, true
		}
		if pen != lastPen {
			if row != nil && pen >= 0 && pen < len(row.pes) {
				if bit := uint32(1) << uint(pen); row.known&bit == 0 {
					row.pes[pen] = expectPulse(w, a, pen, ems, mf)
					row.known |= bit
				}
				pe = row.pes[pen]
			} else {
				pe = expectPulse(w, a, pen, ems, mf)
			}
			lastPen = pen
		}
		// rw x count x rof x P(hit), the hits, is the start of k's product.
		h := rw * count * w.rof * ph
		k := h * float64(w.pulse)
		oS += pe.shield * k
		oHS += pe.hullS * k
		oH += pe.hull * k
		oCS += pe.critS * k
		oCH += pe.critH * k
		hitsOut += h
	}
	return rates{oS, oHS, oH, oCS, oCH}, hitsOut
}

// offence2 is O under metaverse-cv/2: against each reference opponent,
// its shields plus hull over the turns the ship takes to destroy it
// (plus KillTurns0 for overkill), weighted over the opponents. The ship
// fires into the sector, and uses its sensor arrays the way, that make
// O largest: in play it turns its best guns on the enemy.
func (e *eval) offence2(p *profile) *Node {
	// Sectors whose firing mounts are the same give the same O: try each
	// set once. Holding direct fire only matters with salvos or
	// teleporters to guide.
	hold := len(p.teleport) > 0
	for _, m := range p.mounts {
		hold = hold || m.w.indirect
	}
	// Mounts are alike when they mount the same weapon definition the
	// same number of times: everything offenceAt works out for a mount
	// comes from its weapon and count. A sector's firing mounts are named,
	// in mount order, by the first mount alike; sectors named alike give
	// the same O to the last bit, so each is tried once (a later one
	// never beats an earlier equal).
	sc := p.offScratch(len(e.t.V2.Opponents))
	alike := sc.alike
	for i := range p.mounts {
		alike[i] = i
		for j := 0; j < i; j++ {
			if p.mounts[j].def == p.mounts[i].def && p.mounts[j].count == p.mounts[i].count {
				alike[i] = j
				break
			}
		}
	}
	best, bestS, bestD, found := -1.0, 0, true, false
	var ends [9]int // sector k's name is names[ends[k]:ends[k+1]]
	names := sc.names[:0]
	tried := 0
	for s := 0; s < 8; s++ {
		start := len(names)
		for i := range p.mounts {
			m := &p.mounts[i]
			if m.sectors&(1<<uint(s)) != 0 && m.w.tShips && m.w.pulse > 0 && (m.w.indirect || m.w.rng > 0) {
				names = append(names, alike[i])
			}
		}
		dup := false
		for k := 0; k < tried && !dup; k++ {
			dup = slices.Equal(names[ends[k]:ends[k+1]], names[start:])
		}
		if dup {
			names = names[:start]
			continue
		}
		tried++
		ends[tried] = len(names)
		for _, useDirect := range []bool{true, false} {
			if !useDirect && !hold {
				continue
			}
			if v := e.offenceAt(p, s, useDirect, sc.cur); v > best+1e-12 {
				best, bestS, bestD, found = v, s, useDirect, true
				sc.cur, sc.best = sc.best, sc.cur
			}
		}
	}
	sc.names = names
	if !found { // no sector gave a number (NaN): work out sector 0 to explain it
		e.offenceAt(p, bestS, bestD, sc.best)
	}
	t := e.t
	n := e.node("offence", "Offence O", e.m.v2.offenceFormula, 0, in("firing sector", float64(bestS)))
	if !bestD {
		e.addInputs(n, in("direct fire held for the sensors", 1))
	}
	raw := e.explainOffence(p, bestS, bestD, sc.best, n)
	floor := float64(t.OffenceFloor * t.ReferenceOffence)
	n.Value = max(raw, floor)
	e.addInputs(n, in("raw", raw), in("floor", floor))
	return n
}

// offenceDetail is what offenceAt found, kept for the explanation of the
// best firing sector (explainOffence) so that it is not worked out again.
type offenceDetail struct {
	raw, wTot                   float64
	opp                         []oppOffence // by opponent
	perMount                    []float64    // by mount: weighted damage
	fighterV, ramV, ftlV, teleV float64
}

// oppOffence is O against one reference opponent and what it came from.
type oppOffence struct {
	o, tk float64
	all   rates
	// salvo is the share of the opponent the one-shot salvos destroy
	// (metaverse-cv/3 on), 0 without them.
	salvo float64
}

// offenceAt is the raw O when the ship fires into sector, using its best
// sensor array for direct fire when useDirect; out gets the details.
func (e *eval) offenceAt(p *profile, sector int, useDirect bool, out *offenceDetail) float64 {
	t := e.t
	v := t.V2
	sensor := 0
	if len(p.sensors) > 0 {
		sensor = p.sensors[0]
	}
	// Which mounts fire: direct ones into the sector; indirect ones
	// launched into it, as many as the spare sensor arrays guide.
	sc := p.offScratch(len(e.t.V2.Opponents))
	direct, indirect := sc.direct[:0], sc.indirect[:0]
	for i := range p.mounts {
		m := &p.mounts[i]
		if !m.w.tShips || m.w.pulse == 0 || m.sectors&(1<<uint(sector)) == 0 {
			continue
		}
		if m.w.indirect {
			indirect = append(indirect, i)
		} else if m.w.rng > 0 && useDirect {
			direct = append(direct, i)
		}
	}
	spare := p.sensors
	if len(direct) > 0 && len(spare) > 0 {
		spare = spare[1:]
	}
	capacity, salvos := 0, 0
	icopies := 0.0
	for _, i := range indirect {
		icopies += p.mounts[i].count * p.mounts[i].w.rof
	}
	for _, s := range spare {
		if float64(capacity) >= icopies {
			break
		}
		capacity += s
		salvos++
	}
	// The arrays guide the most damaging weapons first: a weak launcher
	// added never takes guidance from a strong one.
	guidedShare := sc.guided // by mount; set for the indirect ones
	order := append(sc.order[:0], indirect...)
	slices.SortStableFunc(order, func(a, b int) int {
		wa, wb := &p.mounts[a].w, &p.mounts[b].w
		return cmp.Compare(float64(wb.pulse)*meanFace(wb.sides, wb.mod), float64(wa.pulse)*meanFace(wa.sides, wa.mod))
	})
	left := float64(capacity)
	guidedCopies := 0.0
	for _, i := range order {
		c := p.mounts[i].count * p.mounts[i].w.rof
		g := 0.0
		if c > 0 {
			g = min(1, max(0, left)/c)
		}
		guidedShare[i] = g
		left -= c * g
		guidedCopies += c * g
	}
	guided := 0.0
	if icopies > 0 {
		guided = guidedCopies / icopies
	}
	teleSensors := max(0, len(spare)-salvos)
	sc.direct, sc.indirect, sc.order = direct, indirect, order

	// The opponents a one-shot salvo can strike (SalvoOverkill): one a
	// weapon, and one a sensor array, since every target needs its own
	// array (rules l. 690-693, 973-976).
	onceTargets := 1.0
	if t.V3 != nil && t.V3.SalvoOverkill {
		onceCount := 0.0
		for _, i := range direct {
			if m := &p.mounts[i]; m.w.once {
				onceCount += m.count
			}
		}
		for _, i := range indirect {
			if m := &p.mounts[i]; m.w.once {
				onceCount += m.count * guidedShare[i]
			}
		}
		onceTargets = min(onceCount, float64(len(p.sensors)))
	}
	// When one-shot salvos that destroy an opponent land (OnceReachPow):
	// OnceTurns at a reach of OnceReachRef, sooner for a longer reach and
	// later for a shorter, the reach weighted by each weapon's damage.
	onceTurns := 0.0
	if t.V3 != nil {
		onceTurns = t.V3.OnceTurns
		if pw := t.V3.OnceReachPow; pw != 0 {
			wsum, rsum := 0.0, 0.0
			for _, set := range [2][]int{direct, indirect} {
				for _, i := range set {
					m := &p.mounts[i]
					if !m.w.once {
						continue
					}
					reach := float64(m.w.rng)
					if m.w.indirect {
						reach = float64(m.w.rng*max(1, m.w.turns) + m.w.strikeRadius())
					}
					x := m.count * float64(m.w.pulse) * meanFace(m.w.sides, m.w.mod)
					wsum += x
					rsum += x * max(5, reach)
				}
			}
			if wsum > 0 {
				onceTurns *= math.Pow(t.V3.OnceReachRef/(rsum/wsum), pw)
			}
		}
	}
	wTot := 0.0
	total := 0.0
	perMount := out.perMount
	clear(perMount)
	var fighterV, ramV, ftlV, teleV float64
	for oi := range v.Opponents {
		r := &v.Opponents[oi]
		ro := &e.m.v2.opp[oi]
		a := &ro.arc
		cv := ro.critValue
		ew := float64(max(0, r.EW-p.elint))
		// The ship's own fire.
		var ship rates
		hits := 0.0
		mr := sc.mr
		clear(mr)
		for _, i := range direct {
			dm := e.mountAgainst(p, i, oi, sensor, ew)
			mr[i] = dm.r
			hits += dm.hits
		}
		// The opponent's point defence intercepts hits worth it, two tries
		// a hit, while it has copies left this turn.
		hTarget := r.SectionHull + r.CoreHull
		var lump rates // metaverse-cv/3: one-shot salvos, fired once
		for _, i := range direct {
			w := &p.mounts[i].w
			if t.V3 != nil && w.once {
				// A one-shot mount is a lump, below; its salvo is its rate
				// over its rate of fire.
				lump.add(mr[i].scale(1 / w.rof))
				continue
			}
			if !w.interceptable || len(indirect) > 0 || len(p.squadrons) > 0 || float64(w.pulse)*meanFace(w.sides, w.mod) < 3 {
				ship.add(mr[i])
				continue
			}
			tries := min(2, float64(r.PDCount)/max(1, hits))
			stop := 1 - e.mountAgainst(p, i, oi, sensor, ew).keepPow(tries)
			keep := 1 - stop
			if w.un {
				keep += stop * 0.5
			}
			mr[i] = mr[i].scale(keep)
			ship.add(mr[i])
		}
		var ubuf [8]unit
		units := append(ubuf[:0], unit{r: ship, ship: true})
		// Salvos: no sensor roll; they must reach (turns x speed + 15 cm,
		// 20 with GR, less the target's EW) and get past its point defence.
		if len(indirect) > 0 && guided > 0 {
			var sal rates
			perTurn := guidedCopies
			for _, i := range indirect {
				m := &p.mounts[i]
				w := &m.w
				mm := e.mountAgainst(p, i, oi, sensor, ew)
				pe, reach := mm.r, mm.hits
				tries := float64(r.PDCount) / max(1, perTurn)
				stop := 1 - mm.keepPow(min(tries, 3))
				keep := 1 - stop
				if w.un {
					keep += stop * 0.5
				}
				x := pe.scale(m.count * w.rof * guidedShare[i] * float64(w.pulse) * reach * keep)
				mr[i] = x
				if t.V3 != nil && w.once {
					lump.add(x.scale(1 / w.rof))
					continue
				}
				sal.add(x)
			}
			for k := 0; k < max(1, salvos); k++ {
				units = append(units, unit{r: sal.scale(1 / float64(max(1, salvos)))})
			}
		}
		// A strike mission.
		if len(p.squadrons) > 0 && p.soc > 0 {
			fr := e.strikeRates(p, r, ro)
			units = append(units, unit{r: fr})
			fighterV += r.Weight * fr.total()
		}
		all := capUnits(units, float64(r.EMS), p.targeting)
		// Ram and FTL attack happen outside the firing steps.
		if p.speed > 0 && float64(p.mf)*p.hull >= v.RamMassRatio*float64(r.MF)*hTarget {
			lump := float64(p.mf * p.speed)
			if t.V3 != nil {
				// A ram destroys at most the opponent it strikes.
				lump = min(lump, r.Shields+hTarget)
			}
			x := v.RamAllowed * v.RamSuccess
			ram := rates{hull: x * max(0, lump-float64(a.armour+a.ablative)), hullS: x * max(0, lump-float64(a.armour+a.ablative))}
			if a.shields > 0 && a.shieldMask&maskKinetic != 0 {
				ram.shield, ram.hullS = x*lump, 0
			}
			all.add(ram)
			ramV += r.Weight * ram.total()
		}
		if f := e.ftlRates(p, r, ro, &sc.ftl[oi], ship.total()); f.total() > 0 {
			all.add(f)
			ftlV += r.Weight * f.total()
		}
		if tele := e.teleportRates(p, r, a, teleSensors, cv); tele > 0 {
			all.add(rates{critS: tele, critH: tele})
			teleV += r.Weight * tele
		}
		tk := killTime(all, r.Shields, float64(v.RegenWeight*r.Regen), hTarget, cv)
		salvo := 0.0
		if lt := lump.total(); lt > 0 && tk > t.V3.OnceTurns {
			// One-shot salvos act once, OnceTurns into the fight, when the
			// other weapons have not destroyed the opponent yet: the salvo
			// takes its share of the opponent off what they must do, and
			// the opponent falls then at the earliest. Without other
			// weapons a salvo smaller than the opponent destroys nothing.
			// Like an FTL attack or a ram, a salvo strikes one opponent as
			// it is, not scaled to the ship's size.
			frac := lt / (r.Shields + hTarget)
			if t.V3.SalvoCriticals {
				// The salvo alone, in salvos to destroy the opponent: the
				// same arithmetic as the guns' time, criticals and all.
				frac = 1 / killTime(lump, r.Shields, 0, hTarget, cv)
			}
			salvo = frac
			if frac >= 1 {
				tk = onceTurns
				tk /= max(1, min(frac, onceTargets))
			} else if !math.IsInf(tk, 1) {
				tk = max(t.V3.OnceTurns, float64(tk*(1-frac)))
			}
		}
		// Criticals may stop the target's fire before it is destroyed.
		if stop := float64(v.DisableBase * all.critH); stop > 0 {
			tk = 1 / (1/tk + stop)
		}
		o := (r.Shields + hTarget) / (tk + v.KillTurns0/p.size)
		total += r.Weight * o
		wTot += r.Weight
		for i := range mr {
			perMount[i] += r.Weight * (mr[i].shield + mr[i].hullS + mr[i].hull) / 2
		}
		out.opp[oi] = oppOffence{o: o, tk: tk, all: all, salvo: salvo}
	}
	raw := 0.0
	if wTot > 0 {
		raw = total / wTot
	}
	out.raw, out.wTot = raw, wTot
	out.fighterV, out.ramV, out.ftlV, out.teleV = fighterV, ramV, ftlV, teleV
	return raw
}

// explainOffence explains under n the raw O that offenceAt found (d)
// when the ship fires into sector, using direct fire when useDirect, and
// returns it.
func (e *eval) explainOffence(p *profile, sector int, useDirect bool, d *offenceDetail, n *Node) float64 {
	v := e.t.V2
	for oi := range v.Opponents {
		r := &v.Opponents[oi]
		ro := &e.m.v2.opp[oi]
		x := &d.opp[oi]
		hTarget := r.SectionHull + r.CoreHull
		var buf [9]Input
		ins := append(buf[:0], in("shields", r.Shields), in("hull", hTarget), in("turns to destroy", x.tk), in("damage to shields a turn", x.all.shield),
			in("hull damage a turn", x.all.hull), in("criticals a turn", x.all.critH), in("critical worth", ro.critValue), in("EMS cap", float64(r.EMS)))
		if v3 := e.t.V3; v3 != nil && v3.SalvoCriticals && x.salvo > 0 {
			// metaverse-cv/6: say what the one-shot salvos do, criticals
			// and all (earlier models' explanations stay as they were).
			ins = append(ins, in("share the one-shot salvos destroy (criticals counted)", min(1, x.salvo)))
		}
		e.add(n, e.node(ro.offKey, ro.label, e.m.v2.killFormula, x.o, ins...))
	}
	wTot, perMount := d.wTot, d.perMount
	fighterV, ramV, ftlV, teleV := d.fighterV, d.ramV, d.ftlV, d.teleV
	texts := p.mountTexts()
	for i := range p.mounts {
		m := &p.mounts[i]
		why := "count x rate of fire x P(hit) x pulse x E[pulse], mean over opponents and weighted ranges"
		switch {
		case !m.w.tShips:
			why = "cannot target starships (counts in D)"
		case m.sectors&(1<<uint(sector)) == 0:
			why = "does not fire into the firing sector"
		case !m.w.indirect && !useDirect:
			why = "held: the sensor arrays guide the salvos"
		case m.w.spq:
			why += "; SP (spinal): + the target's armour rating on each pulse, at most the modifier " + strconv.Itoa(m.w.mod)
		case m.w.bit == maskKinetic && !m.w.indirect && e.t.V3 != nil && e.t.V3.BandPastCap:
			why += "; each range band past the first adds 1 to the target's profile"
		}
		e.add(n, e.node(texts[i].key, texts[i].label, why, perMount[i]/max(wTot, 1e-12), in("count", m.count)))
	}
	if fighterV > 0 {
		e.add(n, e.node("fighters", "Strike squadrons", "one mission; launch, travel and point defence spread over the fight", fighterV/wTot))
	}
	if ramV > 0 {
		e.add(n, e.node("ram", "Ramming", "P(allowed) x P(lands) x (mass factor x speed - armour)", ramV/wTot,
			in("mass factor", float64(p.mf)), in("speed", float64(p.speed))))
	}
	if ftlV > 0 {
		e.add(n, e.node("ftlAttack", "FTL attack", e.m.v2.ftlFormula, ftlV/wTot,
			in("mass factor", float64(p.mf)), in("FTL rating", float64(p.ftlRating))))
	}
	if teleV > 0 {
		e.add(n, e.node("teleport", "Teleporter attacks", "criticals a turn", teleV/wTot))
	}
	return d.raw
}

// mountAgainst is what mount i does against reference opponent oi,
// whatever the firing sector: a direct mount's rates and hits a turn
// (directRates), an indirect mount's pulse against the opponent's arc and
// the share of its salvos that reach, and the chance one copy of the
// opponent's point defence stops one of its hits. offenceAt tries several
// sectors with the same mounts; each answer is worked out once and kept
// in p.memo, under the first mount alike (offence2's p.off.alike: the
// same weapon definition and count give the same answers).
func (e *eval) mountAgainst(p *profile, i, oi, sensor int, ew float64) *mountMemo {
	t := e.t
	v := t.V2
	i = p.off.alike[i]
	if p.memo == nil {
		p.memo = grow(&p.memoBuf, len(p.mounts)*len(v.Opponents))
	}
	mm := &p.memo[i*len(v.Opponents)+oi]
	if mm.ok {
		return mm
	}
	r := &v.Opponents[oi]
	ro := &e.m.v2.opp[oi]
	w := &p.mounts[i].w
	if !w.indirect {
		mm.r, mm.hits = e.directRates(w, p.mounts[i].count, sensor, ew, float64(r.TR), &ro.arc, r.EMS, r.MF, nil)
	} else {
		radius := max(1, w.strikeRadius()-r.EW)
		reach := 0.0
		for di, dist := range t.Ranges {
			need := max(0, dist-radius)
			if w.rng > 0 && need <= w.turns*w.rng {
				delay := float64(max(0, (need+w.rng-1)/w.rng-1))
				reach += e.m.v2.rw[di] * max(0, 1-delay/v.FightTurns)
			}
		}
		pe := expectPulse(w, &ro.arc, 0, r.EMS, r.MF)
		mm.r, mm.hits = rates(pe), reach
	}
	mm.q = interceptChance(t, &ro.pd, r.Sensor, w)
	mm.ok = true
	return mm
}

// strikeRates is the damage a turn of the ship's strike mission against
// reference r: each squadron's best RefCrew weapons that can target
// starships on its weakest arc, less the time to launch and fly in, worn
// down by r's point defence.
func (e *eval) strikeRates(p *profile, r *RefShip, ro *refOpp) rates {
	t := e.t
	v := t.V2
	a := &ro.arc
	var per rates
	pool, n := 0.0, 0.0
	speed := 1 << 30
	for _, s := range p.squadrons {
		var ws []rates
		for i := range s.def.Weapons {
			fw := fighterSpec(t, &s.def.Weapons[i])
			if !fw.tShips || fw.pulse == 0 {
				continue
			}
			pe := expectPulse(&fw, a, 0, r.EMS, r.MF)
			ws = append(ws, rates(pe).scale(float64(fw.pulse)*fw.rof))
		}
		slices.SortStableFunc(ws, func(a, b rates) int { return cmp.Compare(b.total(), a.total()) })
		for i := 0; i < len(ws) && i < v.RefCrew; i++ {
			per.add(ws[i].scale(s.n))
		}
		pool += s.n * float64(clampInt(s.def.Strength, 0, 1000))
		n += s.n
		speed = min(speed, clampInt(s.def.Speed, 1, 1000))
	}
	if n == 0 || pool == 0 {
		return rates{}
	}
	// Time to get there: launches, then the mean weighted range at double
	// speed.
	launch := math.Ceil(n / float64(max(1, p.launch)))
	delay := launch + e.m.v2.strikeDist/float64(2*speed)
	active := max(0, v.FightTurns-delay)
	if active == 0 {
		return rates{}
	}
	// The opponent's point defence a turn, in strength.
	kill := 0.0
	for _, s := range p.squadrons {
		ph := HitChance(r.Sensor, float64(r.Sensor), float64(clampInt(s.def.TargetRating, 0, 20)), t.SensorDie)
		kill += s.n / n * float64(r.PDCount) * ph * squadDamage(&ro.pd, clampInt(s.def.Defence, 0, 100))
	}
	alive := max(0, 1-v.FighterContact*kill*active/pool)
	return per.scale(v.FighterWeight * alive * active / v.FightTurns)
}

// ftlRates: a basic or advanced FTL drive makes FTL attacks, mass factor
// D6 energy pulses on each of four sections after a sensor roll against
// the target rating plus crew quality (+2 for the jump), once per charge
// (plus the turns a strategic jump keeps it away), counted net of what
// its guns would have dealt while it is away.
//
// What does not depend on the guns (the attack's value a charge) is
// worked out once per opponent and kept in fm.
func (e *eval) ftlRates(p *profile, r *RefShip, ro *refOpp, fm *ftlMemo, guns float64) rates {
	v := e.t.V2
	if p.ftl != "ftlBasic" && p.ftl != "ftlAdvanced" || len(p.sensors) == 0 || p.mf == 0 {
		return rates{}
	}
	if !fm.ok {
		s := p.sensors[0]
		ph := HitChance(s, float64(s-max(0, r.EW-p.elint)), float64(r.TR+r.Crew+2), e.t.SensorDie)
		pe := ro.ftl // one energy D6 pulse against r's arc
		k := ph * 4 * float64(p.mf)
		fm.value, fm.ok = rates(pe).scale(k), true
	}
	value := fm.value
	away := 0.0
	if p.ftl == "ftlBasic" {
		away = v.FTLAway
	}
	// Net of the guns that fall silent while the ship is away; a jump not
	// worth that is not made.
	cycle := float64(p.ftlRating) + away + 1
	if v3 := e.t.V3; v3 != nil {
		// One attack is a lump: it destroys at most the one opponent it
		// strikes, and comes after the charge,
		// the turns away and the approach.
		if tot, most := value.total(), r.Shields+r.SectionHull+r.CoreHull; tot > most {
			value = value.scale(most / tot)
		}
		cycle += v3.FTLDelay
	}
	gain := value.total() - away*guns
	if gain <= 0 || value.total() <= 0 {
		return rates{}
	}
	return value.scale(gain / value.total() / cycle)
}

// teleportRates: with a spare sensor array each, teleporters attack a
// target whose presented arc has no energy shields or deflector (half
// the time when it has shields, once they are down): a sensor roll (+1
// EW per 10 cm) that scores a critical.
func (e *eval) teleportRates(p *profile, r *RefShip, a *defArc, sensors int, cv float64) float64 {
	if len(p.teleport) == 0 || sensors == 0 {
		return 0
	}
	if a.deflector > 0 && a.deflMask&maskEnergy != 0 {
		return 0
	}
	open := 1.0
	if a.shields > 0 && a.shieldMask&maskEnergy != 0 {
		open = 0.5
	}
	s := p.sensors[len(p.sensors)-1]
	if e.t.V3 != nil {
		// The best of the arrays the salvos leave (sorted best first):
		// a weak array added is not the one that guides the teleporters.
		s = p.sensors[len(p.sensors)-sensors]
	}
	ph := HitChance(s, float64(s-max(0, r.EW-p.elint)-2), float64(r.TR), e.t.SensorDie)
	n := float64(min(sensors, len(p.teleport)))
	return open * n * ph
}

// ew2 is the ship's effective EW over a fight: best EW array, ECM arrays,
// one countermeasure pod a turn; a stealth field, usable while it has no
// shields, gives 4 x rating for the first volley and, once it has fired,
// 1 x rating or the other EW, whichever is better (rules §3.4.9).
func (e *eval) ew2(p *profile) (float64, ew2Inputs) {
	v := e.t.V2
	f := v.FightTurns
	pods := 0.0
	if v3 := e.t.V3; v3 != nil {
		// Several pods a turn, as many as keep the ship hidden; more pods
		// keep it hidden for longer, each adding less.
		for _, r := range p.pods {
			pods += float64(r)
		}
		if pods > 0 {
			pods = float64(v3.PodCeiling * (1 - math.Exp(-pods/float64(v3.PodCeiling*v3.PodTurns))))
		}
	} else {
		for i, r := range p.pods {
			if float64(i) >= f {
				break
			}
			pods += float64(r)
		}
		pods /= f
	}
	ew := float64(p.ewArray+p.ecm) + pods
	ins := ew2Inputs{list: [4]Input{in("EW array", float64(p.ewArray)), in("ECM arrays", float64(p.ecm)), in("pods a turn", pods)}, n: 3}
	shields := 0.0
	for _, a := range p.arcs {
		shields += a.shields
	}
	if p.stealth > 0 && shields == 0 {
		// Compromised, stealth gives 1 x rating, and using another EW
		// system compromises it (rules §3.4.9): the better of the two,
		// never their sum.
		comp := max(float64(p.ewArray+p.ecm)+pods, v.StealthCompromised*float64(p.stealth))
		st := (v.StealthFull*float64(p.stealth) + (f-1)*comp) / f
		ew = max(ew, st)
		ins.list[ins.n] = in("stealth", st)
		ins.n++
	}
	return ew, ins
}

// ew2Inputs are ew2's inputs to explain, in an array rather than a slice
// made for every evaluation.
type ew2Inputs struct {
	list [4]Input
	n    int
}

// defence2 is D under metaverse-cv/2: against each reference opponent
// as attacker, the turns the ship survives times that attacker's damage
// a turn against a plain target (so D is in hull hits), weighted.
func (e *eval) defence2(p *profile) *Node {
	n := e.node("defence", "Defence D", e.m.v2.defenceFormula, 0)
	shields := 0.0
	for _, a := range p.arcs {
		shields += a.shields
	}
	if p.stealth > 0 && shields > 0 {
		// An active stealth field excludes active shields (rules §3.4.9):
		// the ship fights in whichever state keeps it alive longer.
		q := *p
		for i := range q.arcs {
			q.arcs[i].shields = 0
		}
		// Each state is worked out once, explained under a node of its
		// own; the one that counts gives n its value, inputs and children.
		nq, np := e.node("", "", "", 0), e.node("", "", "", 0)
		dq, dp := e.defenceFor(&q, nq), e.defenceFor(p, np)
		src, d := np, dp
		if dq > dp {
			src, d = nq, dq
			e.addInputs(n, in("stealth instead of shields", 1))
		}
		e.addInputs(n, src.Inputs...)
		n.Children = src.Children
		n.Value = d
		return n
	}
	n.Value = e.defenceFor(p, n)
	return n
}

// rammedIn is the turns reference attacker a takes to destroy p by
// ramming it along its weakest arc, each turn's ram landing with chance
// pLand: a blow of its mass factor x its speed (a side arc's closing
// speed, rules l. 480-486) through the arc's shields and armour onto the
// section and the core behind it. neverTurns when no ram gets through.
func rammedIn(p *profile, a *RefShip, pLand float64) float64 {
	blow := float64(a.MF * a.Speed)
	best := float64(neverTurns)
	if blow <= 0 || pLand <= 0 {
		return best
	}
	for i := range p.arcs {
		ar := &p.arcs[i]
		through := blow - float64(ar.armour+ar.ablative)
		if ar.shieldMask&maskKinetic != 0 {
			through -= ar.shields
		}
		if through <= 0 {
			continue
		}
		blows := math.Ceil((ar.secHull + ar.coreHull) / through)
		best = min(best, blows/pLand)
	}
	return best
}

// defenceFor is D for profile p, explained under n when it is not nil.
func (e *eval) defenceFor(p *profile, n *Node) float64 {
	t := e.t
	v := t.V2
	add := func(c *Node) {
		if n != nil {
			e.add(n, c)
		}
	}
	ew, ewIns := e.ew2(p)
	add(e.node("ew", "Effective EW", "EW array + ECM + pods a turn; stealth without shields", ew, ewIns.list[:ewIns.n]...))
	ems := max(1, p.emsC-float64(p.jammers))
	pRepair := 0.0
	if p.dcSides > 0 {
		pRepair = min(1, p.crewSec/float64(p.dcSides))
	}
	cv := (v.critValue(p.emsC) + float64(v.CritFragile*float64(p.fragile))) * (1 - v.RepairWeight*pRepair)
	pStop := (v.DisableBase + float64(v.DisableFragile*float64(p.fragile))) * (1 - v.RepairWeight*pRepair)
	add(e.node("criticals", "Critical worth", "(base + per EMS x EMS + fragile x single-section bridge, sensors, reactors) x (1 - repair weight x P(repair))", cv,
		in("EMS (continuous)", p.emsC), in("single-section", float64(p.fragile)), in("P(a critical stops its fire)", pStop), in("crew per section", p.crewSec), in("damage control die", float64(p.dcSides)), in("P(repair)", pRepair)))
	mend := 0.0
	switch p.hullType {
	case designer.HullTechnological:
		mend = v.TechRepairPerCrew * p.crewSec
	case designer.HullBiological:
		for _, l := range p.ls {
			mend += float64(l)
		}
		mend /= float64(max(1, len(p.ls)))
	}
	if mend > 0 {
		add(e.node("mend", "Hull mended a turn per section", "technological: spare crew; biological: life support", mend))
	}
	// The ship's point defence and CAP.
	sensor := 0
	if len(p.sensors) > 0 {
		sensor = p.sensors[0]
	}
	total, wTot := 0.0, 0.0
	var pc pulseCache
	for ai := range v.Opponents {
		a := &v.Opponents[ai]
		ro := &e.m.v2.opp[ai]
		tk := e.survive(p, a, ro, ew, ems, sensor, cv, mend, pStop, &pc)
		norm := ro.plain
		hz := float64(v.HorizonTurns * p.size)
		if v3 := t.V3; v3 != nil {
			// Survival past a game's length is a draw, not a win.
			hz = min(hz, v3.GameTurns)
		}
		d := float64(hz*(1-math.Exp(-tk/hz))) * norm
		why := "turns survived x its damage a turn on a plain target"
		rammed := false
		if v3 := t.V3; v3 != nil && v3.RamLands > 0 && outlasts(tk) {
			if turns := rammedIn(p, a, v.RamAllowed*v3.RamLands); turns < neverTurns {
				// It cannot destroy the ship by fire, so it rams it.
				// The ship outlasts its fire, as OutlastCountsGame counts
				// it, until the rams destroy it.
				tk, rammed = turns, true
				d = min(tk, float64(v3.GameTurns)) * norm
				why = "it cannot destroy the ship by fire and rams it: turns its rams take (at most a game) x its damage a turn on a plain target"
			}
		}
		if v3 := t.V3; v3 != nil && v3.OutlastCountsGame && outlasts(tk) && !rammed {
			// It cannot destroy the ship: the ship outlasts it for the
			// whole game.
			d = float64(v3.GameTurns) * norm
			why = "it cannot destroy the ship: a whole game of " + FormatNumber(v3.GameTurns) + " turns x its damage a turn on a plain target"
		}
		if p.cloak {
			d *= 1 + v.CloakBonus
		}
		total += a.Weight * d
		wTot += a.Weight
		add(e.node(ro.defKey, ro.label, why, d,
			in("turns survived", tk), in("plain damage a turn", norm)))
	}
	if n != nil {
		e.addInputs(n, in("EMS cap", ems), in("target rating (continuous)", p.trC))
		if v3 := t.V3; v3 != nil && v3.EnemyFTLShare > 0 {
			e.addInputs(n, in("attackers making FTL attacks", v3.EnemyFTLShare), in("gravity well rating", float64(p.gravity)))
		}
	}
	if wTot == 0 {
		return 0
	}
	return total / wTot
}

// refPlainRate is reference a's damage a turn against a plain target:
// no armour, shields or point defence, target rating 1, EW 0.
func refPlainRate(t *Table, a *RefShip) float64 {
	plain := defArc{secHull: 100, secLayers: 1, coreHull: 100, coreLayers: 1}
	var r rates
	for _, w := range a.Weapons {
		ws := refSpec(w)
		pe := expectPulse(&ws, &plain, 0, 3, 5)
		if ws.indirect {
			r.hull += float64(w.Count*w.Pulse) * pe.hull
			continue
		}
		wsum := t.rangeWeightSum()
		for i, dist := range t.Ranges {
			if ws.rng <= 0 {
				continue
			}
			band := (dist+ws.rng-1)/ws.rng - 1
			pen, tp := band, 1.0
			if ws.bit == maskKinetic {
				pen, tp = 0, 1+float64(band)
			}
			pe := expectPulse(&ws, &plain, pen, 3, 5)
			ph := HitChance(a.Sensor, float64(a.Sensor), tp, t.SensorDie)
			r.hull += t.V2.RangeWeights[i] / wsum * float64(w.Count*w.Pulse) * ph * pe.hull
		}
	}
	if a.Squadrons > 0 {
		sq := a.Squadron
		fw := wspec{bit: damageMask(sq.Type), pulse: sq.Pulse, sides: designer.Die(sq.Die).Sides(), mod: sq.Mod, rof: 1, tShips: true}
		pe := expectPulse(&fw, &plain, 0, 3, 5)
		r.hull += float64(a.Squadrons*sq.Pulse) * pe.hull
	}
	return max(r.hull, 1e-9)
}

// survive is the turns the ship lasts against reference attacker a: a's
// direct fire and salvos land on the presented arcs (PresentBest on the
// strongest, the rest spread), its strike mission on the weakest arc;
// each arc's shields and section go first, then the fire goes on into
// the core; the core's fall ends it. Point defence and CAP thin a's hits,
// salvos and squadrons; the EMS cap limits a's units.
//
// pc keeps the pulses of reference weapons alike (the same spec in two
// opponents) against the ship's arcs, for the other opponents' survive.
func (e *eval) survive(p *profile, a *RefShip, ro *refOpp, ew, ems float64, sensor int, cv, mend, pStop float64, pc *pulseCache) float64 {
	t := e.t
	v := t.V2
	hasMissiles, hasFighters := ro.hasMissiles, a.Squadrons > 0
	emsR := int(math.Round(p.emsC))
	// Point defence may fire on direct hits.
	pdDirect := false
	for i := range p.mounts {
		pdDirect = pdDirect || p.mounts[i].w.firesOnDirect()
	}
	// What does not depend on the arc a's fire lands on is worked out
	// once: each salvo weapon's copies that get through and reach (times
	// pulse), and how much of the strike mission survives.
	var salvoBuf [8]float64
	salvoK := salvoBuf[:0]
	missiles := ro.missiles
	for wi, w := range a.Weapons {
		if !w.Indirect {
			continue
		}
		ws1 := &ro.weapons[wi]
		keep := 1.0
		if ws1.interceptable {
			for i := range p.mounts {
				m := &p.mounts[i]
				if !m.w.firesOnIndirect() {
					continue
				}
				q := interceptChance(t, &m.w, sensor, ws1)
				keep *= math.Pow(1-q, min(3, m.count/max(1, missiles)))
			}
			capStop := 0.0
			for _, c := range p.cap {
				for i := range c.def.Weapons {
					fw := fighterSpec(t, &c.def.Weapons[i])
					if containsString(c.def.Weapons[i].Targets, designer.FighterTargetsOther) {
						capStop += c.n * float64(fw.pulse) * meanFace(fw.sides, fw.mod) / float64(max(1, ws1.mod)) / max(1, missiles)
					}
				}
			}
			keep *= max(0, 1-min(1, capStop))
		}
		reach := 0.0
		for di, dist := range t.Ranges {
			need := max(0, dist-max(1, 15-int(ew)))
			if ws1.rng > 0 && need <= ws1.turns*ws1.rng {
				delay := float64(max(0, (need+ws1.rng-1)/ws1.rng-1))
				reach += e.m.v2.rw[di] * max(0, 1-delay/v.FightTurns)
			}
		}
		salvoK = append(salvoK, float64(w.Count*w.Pulse)*keep*reach)
	}
	missionK := 0.0
	if hasFighters {
		sq := a.Squadron
		pool := float64(a.Squadrons * sq.Strength)
		kill := 0.0
		for i := range p.mounts {
			m := &p.mounts[i]
			if !m.w.firesOnFighters() {
				continue
			}
			ph := HitChance(sensor, float64(sensor), float64(sq.TR), t.SensorDie)
			kill += m.count * ph * squadDamage(&m.w, sq.Defence)
		}
		for _, c := range p.cap {
			for i := range c.def.Weapons {
				if containsString(c.def.Weapons[i].Targets, designer.FighterTargetsOther) {
					fw2 := fighterSpec(t, &c.def.Weapons[i])
					kill += c.n * squadDamage(&fw2, sq.Defence)
				}
			}
		}
		alive := max(0, 1-v.FighterContact*kill*v.FightTurns/pool)
		missionK = float64(a.Squadrons*sq.Pulse) * alive
	}
	// The ship's point defence fires on a's direct hits worth it (when a
	// has no salvos or squadrons for it to save itself for); the chance
	// each copy stops one is the same on every arc: worked out once, by
	// weapon and then mount.
	intercepts := func(w *wspec) bool {
		return !w.indirect && !hasMissiles && !hasFighters && pdDirect && sensor > 0 && float64(w.pulse)*meanFace(w.sides, w.mod) >= 3
	}
	var qBuf [16]float64
	qs := qBuf[:0]
	// The last (1 - q)^tries worked out for each of qs, and its tries:
	// arcs whose hits leave tries at its cap ask the same.
	var powBuf [16]struct {
		tries, pow float64
		ok         bool
	}
	for wi := range ro.weapons {
		if ws1 := &ro.weapons[wi]; intercepts(ws1) {
			for i := range p.mounts {
				if m := &p.mounts[i]; m.w.firesOnDirect() {
					qs = append(qs, interceptChance(t, &m.w, sensor, ws1))
				}
			}
		}
	}
	arcUnits := func(ar *defArc) (ship, salvo, mission rates) {
		// The target rating follows the hull in the line of fire (the
		// section facing it and the core), continuously: a hull hit that
		// stands elsewhere never makes this arc easier to hit.
		tr := p.targetRating(t, ar.secHull+ar.coreHull)
		hits := 0.0
		var wrBuf [8]rates
		wr := wrBuf[:0]
		for wi, w := range a.Weapons {
			ws1 := &ro.weapons[wi]
			if ws1.indirect {
				continue
			}
			x, h := e.directRates(ws1, float64(w.Count), a.Sensor, ew, tr, ar, emsR, p.mf, pc.row(ro.alike[wi], ar))
			hits += h
			wr = append(wr, x)
		}
		k, qi := 0, 0
		for wi := range ro.weapons {
			ws1 := &ro.weapons[wi]
			if ws1.indirect {
				continue
			}
			keep := 1.0
			if intercepts(ws1) {
				stop := 1.0
				for i := range p.mounts {
					m := &p.mounts[i]
					if !m.w.firesOnDirect() {
						continue
					}
					q := qs[qi]
					tries := min(2, m.count/max(1, hits))
					if qi < len(powBuf) {
						c := &powBuf[qi]
						if !c.ok || c.tries != tries {
							c.tries, c.pow, c.ok = tries, math.Pow(1-q, tries), true
						}
						stop *= c.pow
					} else {
						stop *= math.Pow(1-q, tries)
					}
					qi++
				}
				keep = stop
			}
			ship.add(wr[k].scale(keep))
			k++
		}
		// Salvos.
		k = 0
		for wi := range ro.weapons {
			ws1 := &ro.weapons[wi]
			if !ws1.indirect {
				continue
			}
			pe := expectPulse(ws1, ar, 0, emsR, p.mf)
			salvo.add(rates(pe).scale(salvoK[k]))
			k++
		}
		if hasFighters {
			pe := expectPulse(&ro.squad, ar, 0, emsR, p.mf)
			mission = rates(pe).scale(missionK)
		}
		return ship, salvo, mission
	}
	// Each arc's units, and the core's behind it. Arcs alike (port and
	// starboard, the core behind each section) are worked out once:
	// arcUnits depends on the arc's values only.
	var ship, salvo, mission, cship, csalvo, cmission [4]rates
	type known struct {
		arc                  *defArc
		ship, salvo, mission *rates
	}
	var seen [8]known
	nSeen := 0
	units := func(ar *defArc, sh, sa, mi *rates) {
		for k := range seen[:nSeen] {
			if x := &seen[k]; *x.arc == *ar {
				*sh, *sa, *mi = *x.ship, *x.salvo, *x.mission
				return
			}
		}
		*sh, *sa, *mi = arcUnits(ar)
		seen[nSeen] = known{ar, sh, sa, mi}
		nSeen++
	}
	for i := 0; i < 4; i++ {
		units(&p.arcs[i], &ship[i], &salvo[i], &mission[i])
		units(&p.coreArcs[i], &cship[i], &csalvo[i], &cmission[i])
	}
	var ftl, cftl [4]rates
	e.enemyFTL(p, a, ew, emsR, &ftl, &cftl)
	// The ship presents the arc that keeps it alive longest; strike
	// missions pick the arc that kills it soonest.
	var fates [4][2][2]arcFate
	noMissions := true
	for i := 0; i < 4; i++ {
		// Without a strike mission on the arc, being struck changes
		// nothing: the same fate, worked out once.
		noMission := !(mission[i].total() > 0) && !(cmission[i].total() > 0)
		noMissions = noMissions && noMission
		// An arc alike an earlier one, with the core behind it alike too,
		// has that arc's units and so its fates.
		if j := alikeArc(p, i); j < i {
			fates[i] = fates[j]
			continue
		}
		for pr := 0; pr < 2; pr++ {
			for st := 0; st < 2; st++ {
				if st == 1 && noMission {
					fates[i][pr][1] = fates[i][pr][0]
					continue
				}
				fates[i][pr][st] = e.fateOf(p, i, pr == 1, st == 1, ems, cv, mend, &ship, &salvo, &mission, &cship, &csalvo, &cmission, &ftl, &cftl)
			}
		}
	}
	best := 0.0
	for b := 0; b < 4; b++ {
		worst := 1e18
		for w := 0; w < 4; w++ {
			worst = min(worst, coreFalls(&fates, p.arcs[0].coreHull, b, w, mend, pStop))
			if noMissions {
				break // no strike mission anywhere: the weak arc changes nothing
			}
		}
		best = max(best, worst)
	}
	return best
}

// enemyFTL is what reference attacker a's FTL attacks deal each arc a
// turn (metaverse-cv/4: EnemyFTLShare of the opponents carry a basic FTL
// drive of rating EnemyFTLRating): a sensor roll against the arc's target
// rating plus the ship's crew and the jumper's +2 (rules l. 560-579), a
// gravity well stopping the jump unless a's crew passes 1D6 once per
// point of its rating, then a's mass factor D6 energy pulses on every
// external section, once per charge, turns away and approach. The core,
// struck once an attack however many of its sections are gone, takes a
// quarter of a set through each arc that has fallen. ftl and cftl are
// left zero without an enemy FTL attack.
func (e *eval) enemyFTL(p *profile, a *RefShip, ew float64, ems int, ftl, cftl *[4]rates) {
	t := e.t
	v3 := t.V3
	if v3 == nil || v3.EnemyFTLShare <= 0 || a.MF <= 0 || a.Sensor <= 0 {
		return
	}
	cycle := float64(v3.EnemyFTLRating) + t.V2.FTLAway + 1 + v3.FTLDelay
	k := v3.EnemyFTLShare * float64(a.MF) / cycle
	if p.gravity > 0 {
		k *= math.Pow(float64(a.Crew)/6, float64(p.gravity))
	}
	die := ftlDie()
	for i := 0; i < 4; i++ {
		ar := &p.arcs[i]
		tr := p.targetRating(t, ar.secHull+ar.coreHull)
		ph := HitChance(a.Sensor, float64(a.Sensor)-ew, tr+float64(t.V2.RefCrew)+2, t.SensorDie)
		if ar.secHull > 0 {
			ftl[i] = rates(expectPulse(&die, ar, 0, ems, p.mf)).scale(k * ph)
		}
		cftl[i] = rates(expectPulse(&die, &p.coreArcs[i], 0, ems, p.mf)).scale(k * ph / 4)
		if ar.secHull <= 0 {
			// The core faces this arc itself: its quarter comes now.
			ftl[i] = cftl[i]
		}
	}
}

// targetRating is the target rating, continuously, of hull in the line
// of fire: BaseTargetRating - log2(max(1, hull / HullHitsPerMassFactor)),
// remembered for the few hulls an evaluation asks about.
func (p *profile) targetRating(t *Table, hull float64) float64 {
	for i := range p.trs[:p.nTr] {
		if p.trs[i].hull == hull {
			return p.trs[i].tr
		}
	}
	tr := float64(t.BaseTargetRating) - math.Log2(max(1, hull/t.HullHitsPerMassFactor))
	if p.nTr < len(p.trs) {
		p.trs[p.nTr].hull, p.trs[p.nTr].tr = hull, tr
		p.nTr++
	}
	return tr
}

// pulseCache keeps, for defenceFor, the pulses of reference weapons alike
// against the ship's arcs: a few rows, each one weapon spec against one arc.
type pulseCache struct {
	rows [6]pulseRow
	n    int
}

// pulseRow is the pulses of reference weapons of one spec (refOpp.alike)
// against one arc, by penalty: known has bit k when pes[k] is worked out.
type pulseRow struct {
	alike int
	arc   *defArc
	known uint32
	pes   [16]pulseExp
}

// row is the row of the spec alike against arc, taken from the room left
// when there is none yet; nil for a spec no other weapon shares (alike
// < 0) or when no room is left.
func (c *pulseCache) row(alike int, arc *defArc) *pulseRow {
	if alike < 0 {
		return nil
	}
	for i := range c.rows[:c.n] {
		if r := &c.rows[i]; r.alike == alike && r.arc == arc {
			return r
		}
	}
	if c.n == len(c.rows) {
		return nil
	}
	r := &c.rows[c.n]
	c.n++
	r.alike, r.arc = alike, arc
	return r
}

// alikeArc is the first arc whose values, and the core's behind it, are
// those of arc i (i itself when there is none before it).
func alikeArc(p *profile, i int) int {
	for j := 0; j < i; j++ {
		if p.arcs[j] == p.arcs[i] && p.coreArcs[j] == p.coreArcs[i] {
			return j
		}
	}
	return i
}

// arcFate is what one arc suffers: when its section falls, the fire that
// then goes on into the core, and the criticals taken on the way.
type arcFate struct{ fall, core, crits float64 }

// fateOf works out arc i's fate when it is the presented arc or not
// (presented: PresentBest of direct fire and salvos land on it; the rest
// spread evenly) and the strike mission's target or not (struck).
func (e *eval) fateOf(p *profile, i int, presented, struck bool, ems, cv, mend float64, ship, salvo, mission, cship, csalvo, cmission, ftl, cftl *[4]rates) arcFate {
	v := e.t.V2
	q := (1 - v.PresentBest) / 4
	if presented {
		q += v.PresentBest
	}
	var f arcFate
	var ubuf, cbuf [3]unit
	us := append(ubuf[:0], unit{r: ship[i].scale(q)})
	if salvo[i].total() > 0 {
		us = append(us, unit{r: salvo[i].scale(q)})
	}
	if struck && mission[i].total() > 0 {
		us = append(us, unit{r: mission[i]})
	}
	r := capUnits(us, ems, 0)
	r.add(ftl[i]) // an FTL attack strikes every arc, whichever is presented
	f.crits = r.critS + r.critH
	ar := &p.arcs[i]
	if ar.secHull > 0 {
		r.hull = max(0.2*r.hull, r.hull-mend)
		r.hullS = max(0.2*r.hullS, r.hullS-mend)
		f.fall = killTime(r, ar.shields, float64(v.RegenWeight*ar.regen), ar.secHull, cv)
	} else if ar.shields > 0 && r.shield > 0 {
		// The core faces the arc itself: only its shields stand first.
		f.fall = ar.shields / max(r.shield-float64(v.RegenWeight*ar.regen), 0.2*r.shield)
	}
	cus := append(cbuf[:0], unit{r: cship[i].scale(q)})
	if csalvo[i].total() > 0 {
		cus = append(cus, unit{r: csalvo[i].scale(q)})
	}
	if struck && cmission[i].total() > 0 {
		cus = append(cus, unit{r: cmission[i]})
	}
	cr := capUnits(cus, ems, 0)
	cr.add(cftl[i])
	f.core = cr.hull + cr.critH*cv
	return f
}

// coreFalls is the turns until the core falls when direct fire and
// salvos land on arc best and the strike mission on arc weak (fates
// holds each arc's fate by [arc][presented][struck]): each arc's shields
// and section go first, then its fire goes on into the core.
func coreFalls(fates *[4][2][2]arcFate, coreHull float64, best, weak int, mend, pStop float64) float64 {
	var fall, core [4]float64
	crits := 0.0
	for i := 0; i < 4; i++ {
		f := &fates[i][b2i(i == best)][b2i(i == weak)]
		crits += f.crits
		fall[i], core[i] = f.fall, f.core
	}
	tk := coreTime(coreHull, mend, &fall, &core)
	// Criticals may stop the ship's fire before its core falls (criticals
	// counted while it is under fire, halved for the shield phase).
	if stop := float64(pStop * crits / 2); stop > 0 {
		tk = 1 / (1/tk + stop)
	}
	return tk
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// coreTime is when the core falls: when the fire that has reached it
// since each arc fell adds up to its hull (mended a turn as it goes).
func coreTime(coreHull, mend float64, fall, core *[4]float64) float64 {
	idx := [4]int{0, 1, 2, 3}
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && fall[idx[j]] < fall[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	acc, rate, at := 0.0, 0.0, 0.0
	for _, i := range idx {
		if outlasts(fall[i]) {
			break
		}
		eff := max(0, rate-mend)
		if seg := eff * (fall[i] - at); acc+seg >= coreHull && eff > 0 {
			return at + (coreHull-acc)/eff
		} else {
			acc += seg
		}
		at = fall[i]
		rate += core[i]
	}
	eff := rate - mend
	if eff <= 1e-12 {
		return neverTurns
	}
	return at + (coreHull-acc)/eff
}

// mobility2 is M under metaverse-cv/2: the top speed a ship can reach
// (2 x tech level for both movement methods, none without a drive that
// accelerates) against a reference speed, and how freely it can turn.
func (e *eval) mobility2(p *profile) *Node {
	t := e.t
	v := t.V2
	turn := min(1, float64(p.turnSteps)/2)
	m := 1 + float64(v.SpeedWeight*(float64(p.speed)-v.SpeedRef))/v.SpeedRef + float64(v.TurnWeight*(turn-0.5))
	m = min(t.MobilityMax, max(t.MobilityMin, m))
	return e.node("mobility", "Mobility M", e.m.v2.mobilityFormula, m,
		in("speed", float64(p.speed)), in("turn steps", float64(p.turnSteps)))
}

// utility2 is U under metaverse-cv/2: only what a battle uses and the
// other terms do not already count, a CiC's command (worth the units it
// can command, up to CiCUnits). Bounded in combatValue2.
func (e *eval) utility2(p *profile) *Node {
	v := e.t.V2
	units := min(p.cic, v.CiCUnits)
	u := float64(v.CiCPerUnit * float64(units))
	n := e.node("utility", "Utility U", e.m.v2.utilityFormula, u, in("CiC rating", float64(p.cic)))
	return n
}

// combatValue2 combines the terms: CV = k x sqrt(O x D) x M x T + min(U,
// cap x that).
func (e *eval) combatValue2(o, d, mo, te, u *Node) *Node {
	t := e.t
	root := float64(math.Sqrt(max(0, float64(o.Value*d.Value))))
	if a := t.V2.OffenceShare; a != 0.5 {
		root = float64(math.Pow(max(0, o.Value), a) * math.Pow(max(0, d.Value), 1-a))
	}
	core := float64(float64(float64(t.K*root)*mo.Value) * te.Value)
	uc := min(u.Value, float64(t.V2.UtilityCap*core))
	cv := core + uc
	var qn *Node
	if t.V3 != nil {
		qn = e.quality3()
		e.base3 = cv
		cv = float64(cv * qn.Value)
	}
	e.r.CV = Round(cv)
	e.r.Components = Components{Offence: o.Value, Defence: d.Value, Mobility: mo.Value, Technology: te.Value, Utility: uc, K: t.K, CV: cv}
	n := e.node("cv", "Combat value", e.m.v2.cvFormula, float64(e.r.CV),
		in("k", t.K), in(e.m.v2.odName, root), in("utility counted", uc), in("unrounded", cv))
	e.add(n, o, d, mo, te, u)
	if qn != nil {
		e.add(n, qn)
	}
	return n
}

// quality3 is metaverse-cv/3's crew and command term: the rulebook's
// points factors (rules §8) relative to the reference crew's, to the
// power QualityShare, so that a CV limit prices quality as a points
// limit does (docs/rules.md, decision on quality under a CV limit).
func (e *eval) quality3() *Node {
	t := e.t
	v3 := t.V3
	q := e.r.Quality
	crew := float64(1+float64(t.CrewStep*float64(q.Crew-1))) / float64(1+float64(t.CrewStep*float64(t.V2.RefCrew-1)))
	cmd := t.CommandFactor[string(q.Command)] / t.CommandFactor[v3.RefCommand]
	f := float64(crew * cmd)
	if v3.QualityShare != 1 {
		f = math.Pow(f, v3.QualityShare)
	}
	return e.node("quality", "Crew and command Q", "(crew / crew "+strconv.Itoa(t.V2.RefCrew)+") x (command / command "+v3.RefCommand+"), rules §8's factors", f,
		in("crew quality", float64(q.Crew)), in("crew factor", crew), in("command factor", cmd))
}

// points2 prices the ship under metaverse-cv/2: round(CV x crew x
// command). Damage control is in D, once; the squadrons of a permanent
// loadout are in CV already, so their points are shown, not added.
func (e *eval) points2() *Node {
	t := e.t
	q := e.r.Quality
	crew := 1 + float64(t.CrewStep*float64(q.Crew-1))
	cmd := t.CommandFactor[string(q.Command)]
	cvIn := float64(e.r.CV)
	formula := "round(CV x crew x command); the loadout is in CV"
	if t.V3 != nil {
		// CV carries the quality already: points price the CV the
		// reference crew would have, as the rules do (rules §8).
		cvIn = e.base3
		formula = "round(CV at the reference crew x crew x command); the loadout is in CV"
	}
	base := float64(float64(cvIn*crew) * cmd)
	lp, ln := e.loadoutPoints()
	e.r.LoadoutPoints = lp
	e.r.Points = Round(base)
	e.r.Components.Points = base
	n := e.node("points", "Points", formula, float64(e.r.Points),
		in("CV", cvIn), in("crew", crew), in("command", cmd), in("unrounded", base))
	if len(ln.Children) > 0 {
		ln.Label = "Loadout points (in CV already, not added)"
		e.add(n, ln)
	}
	return n
}
