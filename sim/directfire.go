package sim

import "sort"

// Split and volley fire (rules §1.3.1, metaverse-rules.txt l. 684-694 and
// 871-884). "All weapons fired at a single starship ... require a distinct
// sensor array": a ship with several arrays may fire its direct weapons at
// several targets, one array each (split fire). "When firing more than one
// direct weapon, a player may choose to volley fire ... a single sensor
// roll is made for all the weapons fired and they either all hit or miss.
// However, a sensor array used to volley fire a group of weapons cannot be
// used to fire anything else, even at the same target. For each distinct
// weapon type included in the volley beyond the first, a -1 modifier is
// applied to the sensor profile."

// fireGroup is direct weapon copies fired at one target with one sensor
// array: salvo fire (a roll each) or a volley (one roll for all).
type fireGroup struct {
	t      *shipState
	sensor int
	copies []int
	volley bool
}

// volley is one volley's shared sensor roll, made when its first copy
// resolves.
type volley struct {
	rolled, hit bool
}

// overkill is how much expected damage, as a multiple of what it takes to
// destroy the target, a ship puts on one target before it splits the rest
// of its direct fire onto another (the margin stands for the dice).
const overkill = 1.5

// shotOdds is the chance that one copy of w, fired by st with an array of
// rating sensor whose profile is lowered by spPen, hits t now, and the
// energy range penalty per pulse.
func (b *battle) shotOdds(st *shipState, w *weapon, t *shipState, sensor, spPen int) (p float64, pen int) {
	band := max(0, (b.dist+w.rng-1)/w.rng-1)
	pen, tp := band, t.s.tr+t.trMod+st.moveRate
	if w.kinetic {
		pen, tp = 0, tp+band
	}
	elint, _ := st.best(kELINT)
	sp := sensor - max(0, t.ew()-elint) - spPen
	p = hitChance(sensor, sp, tp)
	if w.q&qGR != 0 {
		p += (1 - p) * p
	}
	return p, pen
}

// shotValue is the expected hull damage one copy of w deals t through its
// facing arc's armour (shields left out), fired with an array of rating
// sensor.
func (b *battle) shotValue(st *shipState, w *weapon, t *shipState, sensor int) float64 {
	p, pen := b.shotOdds(st, w, t, sensor, 0)
	rating, plates := t.armour(sectorArc[t.facing], w.bit)
	v := p * float64(w.pulse) * meanPulse(w.sides, w.mod-pen-max(0, rating+plates-w.ap))
	if w.q&qIO != 0 {
		v *= 2
	}
	return v
}

// killNeed is roughly the hull damage that destroys t through its facing
// arc: the facing section and the core behind it.
func killNeed(t *shipState) float64 {
	si, _ := t.hitSection(sectorArc[t.facing])
	n := t.hull(si)
	if si != secCore {
		n += t.hull(secCore)
	}
	return float64(max(1, n))
}

// planDirect divides st's direct copies among targets (rules l. 689-694):
// the first array fires at t; while the copies already on a target are
// expected to deal overkill times what destroys it and st has a spare
// array (spare, best first) and another enemy it may fire on, the rest go
// to that enemy with the next array. Then each group's weapons of one type
// are volley fired where a volley is expected to do more harm: a group of
// one type volleys with its own array, a type of a mixed group takes a
// spare array of its own. It returns the groups and the arrays left.
func (b *battle) planDirect(st, t *shipState, direct []int, first int, spare []int, split bool) ([]fireGroup, []int) {
	groups := []fireGroup{{t: t, sensor: first}}
	rest := direct
	for split && len(spare) > 0 {
		g := &groups[len(groups)-1]
		sortByValue(b, st, g.t, g.sensor, rest)
		need, cum, k := overkill*killNeed(g.t), 0.0, 0
		for k < len(rest) && cum < need {
			cum += b.shotValue(st, &st.s.weapons[st.s.copies[rest[k]].w], g.t, g.sensor)
			k++
		}
		if k == len(rest) {
			break
		}
		next := b.nextTarget(st, groups)
		if next == nil {
			break
		}
		g.copies = rest[:k:k]
		rest = rest[k:]
		groups = append(groups, fireGroup{t: next, sensor: spare[0]})
		spare = spare[1:]
	}
	groups[len(groups)-1].copies = rest
	n := len(groups)
	for gi := 0; gi < n; gi++ {
		spare = b.planVolleys(st, &groups, gi, spare)
	}
	return groups, spare
}

// sortByValue orders copies by their expected damage on t, best first
// (stable: equal copies keep the design's order).
func sortByValue(b *battle, st, t *shipState, sensor int, copies []int) {
	sort.SliceStable(copies, func(i, j int) bool {
		return b.shotValue(st, &st.s.weapons[st.s.copies[copies[i]].w], t, sensor) >
			b.shotValue(st, &st.s.weapons[st.s.copies[copies[j]].w], t, sensor)
	})
}

// nextTarget is the enemy, not yet a target of groups, st expects to harm
// most for its hull among those whose EMS lets st fire on them.
func (b *battle) nextTarget(st *shipState, groups []fireGroup) *shipState {
	var best *shipState
	bestV := -1.0
outer:
	for _, e := range b.sides[1-st.side] {
		if !e.targetable() || e.attackedBy >= b.emsCap(e, st) {
			continue
		}
		for _, g := range groups {
			if g.t == e {
				continue outer
			}
		}
		v := b.pol[st.id][e.id].at(b.dist, st.facing) / float64(max(1, e.hull(-1)))
		if v > bestV {
			best, bestV = e, v
		}
	}
	return best
}

// planVolleys decides volley fire for group gi: for each weapon type in
// it with two copies or more, whether a volley (one roll: all or nothing)
// is expected to put more past the target's shields than a salvo (a roll
// each), the damage capped at what destroys the target. Against shields
// a volley can be better: shields soak the first points of each turn, and
// an all-or-nothing volley spends fewer turns' worth of them. A group of
// one type volleys with its own array; a type of a mixed group is peeled
// off onto a spare array, when one is left and the volley with it still
// beats a salvo with the group's array.
func (b *battle) planVolleys(st *shipState, groups *[]fireGroup, gi int, spare []int) []int {
	g := &(*groups)[gi]
	if len(g.copies) < 2 {
		return spare
	}
	if st.cork {
		// Side weapons in a corkscrew "may not be volley fired" (rules l.
		// 388-391): a ship in one salvo fires.
		return spare
	}
	// Weapon types in the group, in order of first appearance.
	var types []int
	for _, ci := range g.copies {
		w := st.s.copies[ci].w
		seen := false
		for _, x := range types {
			seen = seen || x == w
		}
		if !seen {
			types = append(types, w)
		}
	}
	count := func(w int) int {
		n := 0
		for _, ci := range g.copies {
			if st.s.copies[ci].w == w {
				n++
			}
		}
		return n
	}
	if len(types) == 1 {
		n := len(g.copies)
		if b.volleyGain(st, types[0], n, g.t, g.sensor, g.sensor) > 1e-9 {
			g.volley = true
		}
		return spare
	}
	for _, w := range types {
		n := count(w)
		if n < 2 || len(spare) == 0 || b.volleyGain(st, w, n, g.t, g.sensor, spare[0]) <= 1e-9 {
			continue
		}
		var kept, peeled []int
		for _, ci := range g.copies {
			if st.s.copies[ci].w == w {
				peeled = append(peeled, ci)
			} else {
				kept = append(kept, ci)
			}
		}
		t := g.t
		g.copies = kept
		*groups = append(*groups, fireGroup{t: t, sensor: spare[0], copies: peeled, volley: true})
		g = &(*groups)[gi]
		spare = spare[1:]
	}
	return spare
}

// volleyGain is the expected damage past t's shields of n copies of
// weapon w volley fired with an array of rating vSensor, less that of the
// same copies salvo fired with an array of rating sSensor: a single roll
// of chance p for all, against a binomial count of hits, each copy
// worth its pulses' mean before armour, the shields up on t's facing arc
// soaking the first points, and no more counted than destroys t.
func (b *battle) volleyGain(st *shipState, wi, n int, t *shipState, sSensor, vSensor int) float64 {
	w := &st.s.weapons[wi]
	a := sectorArc[t.facing]
	shields := float64(t.shieldsUp(a, w.bit))
	if shields == 0 {
		return 0 // without shields a volley only adds variance
	}
	ps, pen := b.shotOdds(st, w, t, sSensor, 0)
	pv, _ := b.shotOdds(st, w, t, vSensor, 0)
	d := float64(w.pulse) * meanPulse(w.sides, w.mod-pen)
	hullCap := killNeed(t)
	through := func(k int) float64 { return min(hullCap, max(0, float64(k)*d-shields)) }
	salvo := 0.0
	// Binomial(n, ps) by its recurrence.
	if ps >= 1 {
		salvo = through(n)
	} else if ps > 0 {
		q := 1 - ps
		pk := 1.0
		for i := 0; i < n; i++ {
			pk *= q
		}
		for k := 0; k <= n; k++ {
			salvo += pk * through(k)
			pk *= float64(n-k) / float64(k+1) * ps / q
		}
	}
	return pv*through(n) - salvo
}
