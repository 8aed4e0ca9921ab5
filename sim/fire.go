package sim

import "sort"

// shot is one weapon copy firing at a ship.
type shot struct {
	from   *shipState
	c      int
	t      *shipState
	sensor int
	vol    int // 1 + index in battle.vols of its volley; 0: salvo fire
}

func fireMode(volley bool) string {
	if volley {
		return "volley"
	}
	return "salvo"
}

// canFire reports whether copy ci of st may fire this turn: working,
// section standing and powered, the rate of fire allows it.
func (b *battle) canFire(st *shipState, ci int) bool {
	c := &st.s.copies[ci]
	if st.copyOff[ci] || st.secDead[c.sec] || !st.powered(int(c.sec)) || st.fired[ci] == b.turn {
		return false
	}
	switch st.s.weapons[c.w].rof {
	case rofLimited:
		return st.fired[ci] == 0 || st.fired[ci] < b.turn-1
	case rofOneShot:
		return st.shots[ci] == 0
	}
	return true
}

// salvoReaches reports whether a salvo of w launched now could strike t
// if t stayed where it is: within w's speed (its range) times its turns,
// plus the strike radius. A polarized weapon waits where it is laid, so
// it may always be laid. No player launches a salvo that cannot get
// there (docs/simulation.md, Policies).
func (b *battle) salvoReaches(w *weapon, t *shipState) bool {
	if w.q&qPO != 0 {
		return true
	}
	return b.dist <= w.rng*max(1, w.turns)+max(1, w.strikeRadius()-t.ew())
}

func (b *battle) markFired(st *shipState, ci int) {
	st.fired[ci] = b.turn
	st.shots[ci]++
}

// covers reports whether copy ci fires into the sector the enemy lies in;
// in a corkscrew a copy in the port or starboard section also fires out
// of the arc opposite its own (rules l. 382-395).
func covers(st *shipState, ci int) bool {
	c := &st.s.copies[ci]
	if c.sectors&(1<<uint(st.facing)) != 0 {
		return true
	}
	return st.cork && (c.sec == 1+arcPort || c.sec == 1+arcStarboard) && c.sectors&(1<<uint(7-st.facing)) != 0
}

// sideCopy reports whether copy ci is in the port or starboard section.
func sideCopy(st *shipState, ci int) bool {
	sec := st.s.copies[ci].sec
	return sec == 1+arcPort || sec == 1+arcStarboard
}

// struckArc is the arc of t that direct fire strikes: the one facing the
// enemy; a side arc of a ship in a corkscrew is drawn, port or starboard
// (rules l. 393-395: "All incoming weapon strikes on the side of the ship
// must be randomly assigned to the port or starboard sections").
func (b *battle) struckArc(t *shipState) int {
	a := sectorArc[t.facing]
	if t.cork && (a == arcPort || a == arcStarboard) {
		if b.roll(2) == 1 {
			return arcPort
		}
		return arcStarboard
	}
	return a
}

// emsCap is the number of attackers t allows this turn (rules §1.3.4):
// its EMS, less one per jamming array in range (at least 1), plus the
// firer's targeting array.
func (b *battle) emsCap(t, firer *shipState) int {
	c := t.s.ems
	for _, o := range b.ships {
		if !o.present() {
			continue
		}
		for i, in := range o.s.systems {
			if in.k == kJammer && o.works(i) && (o.side == t.side || b.dist <= 5*in.rating) {
				c--
			}
		}
	}
	c = max(1, c)
	if firer != nil {
		if r, _ := firer.best(kTargeting); r > 0 {
			c += r
		}
	}
	return c
}

// electronicWarfare is the EW step (rules §2.2.1): ECM cover, stealth
// against shields, countermeasure pods, shields raised again.
func (b *battle) electronicWarfare() {
	for side := 0; side < 2; side++ {
		n := 0
		for _, st := range b.sides[side] {
			if st.present() {
				_, k := st.best(kECM)
				n += k
			}
		}
		for _, st := range b.sides[side] {
			st.ecm = n
		}
	}
	for _, st := range b.ships {
		st.podsActive = 0
		for a := 0; a < nArc; a++ {
			if st.dropped[a] && st.droppedTurn[a] < b.turn {
				st.dropped[a] = false
			}
		}
		if !st.present() {
			continue
		}
		if !st.sensorUsedLast {
			st.stealthCompromised = false
		}
		// Stealth while the shields give nothing (an active stealth field
		// excludes active shields, rules §3.4.9).
		st.stealthOn = false
		if r, n := st.best(kStealth); n > 0 && r > 0 {
			sh := 0
			for a := 0; a < nArc; a++ {
				sh += st.shields[a]
			}
			st.stealthOn = sh == 0
		}
		// Countermeasure pods while the enemy is in range: several may be
		// activated in one turn and stack (rules l. 2557-2560); each is
		// spent in the repair step.
		if b.dist <= 100 && !(st.stealthOn && !st.stealthCompromised) {
			b.activatePods(st)
		}
	}
}

// starshipCombat is the starship combat step (rules §2.2.2): a rammed
// ship fires at its rammer first, then the ram lands; then the ships fire
// by crew quality, highest first, simultaneously within a quality; the
// criticals of each group are resolved before the next.
func (b *battle) starshipCombat() {
	for _, st := range b.ships {
		st.firedTurn = false
	}
	for _, r := range b.rams {
		if r.target.present() && r.rammer.present() {
			b.shotsQ = b.shotsQ[:0]
			b.fireShip(r.target, r.rammer)
			b.resolveShots()
			b.afterGroup()
		}
		if r.rammer.out() || r.target.out() {
			continue
		}
		ram := attack{bit: maskKinetic, sides: 1}
		b.tracef("ram: %d damage to %s, %d to %s", r.rammer.s.mf*r.closing, r.target.s.Name, r.target.s.mf*r.closing, r.rammer.s.Name)
		b.tally.Damage[r.rammer.side][ByRam] += b.land(r.target, sectorArc[r.target.facing], &ram, r.rammer.s.mf*r.closing, false)
		b.tally.Damage[r.target.side][ByRam] += b.land(r.rammer, sectorArc[r.rammer.facing], &ram, r.target.s.mf*r.closing, false)
		b.afterGroup()
	}
	b.rams = b.rams[:0]
	// Each ship declares its group before the first fires (rules l.
	// 1538-1540: a player "must declare in which grouping they intend to
	// fire").
	for _, st := range b.ships {
		st.group = b.fireGroup(st)
	}
	for q := 5; q >= 0; q-- {
		b.shotsQ = b.shotsQ[:0]
		any := false
		for _, st := range b.ships {
			if st.group == q && st.present() && !st.cloaked && !st.firedTurn {
				b.fireShip(st, nil)
				any = true
			}
		}
		if any {
			b.resolveShots()
			b.afterGroup()
		}
	}
}

// fireGroup is the crew quality group st fires in this turn: its own
// (fireQuality), or its target's, later one. "A player may opt to not
// fire a starship in its crew quality group and instead fire it in a
// later group" (rules l. 1534-1540). A ship under a stealth field its
// sensors have not compromised always waits for its target's group: its
// stealth falls to a quarter from the next group after it fires, while
// fire in the same group "counts the stealth generator to be
// uncompromised" (l. 2529-2543). Firing first, it would take the enemy's
// whole fire with its stealth spent. Any other ship waits when firing
// first would lose more to the target's interceptors than it spares
// itself of the target's fire (firesFirst).
func (b *battle) fireGroup(st *shipState) int {
	q := b.fireQuality(st)
	t := b.enemyOf(st)
	if t == nil || !t.present() || t.cloaked {
		return q
	}
	tq := b.fireQuality(t)
	if tq >= q {
		return q
	}
	if st.stealthOn && !st.stealthCompromised || !b.firesFirst(st, t) {
		return tq
	}
	return q
}

// firesFirst reports whether st, whose group comes before its target
// t's, does better firing in its own group than in t's. Firing first,
// its damage and criticals land before t fires back (rules l.
// 1525-1532); but t may fire any weapon it has not yet fired "to
// intercept direct fire weapons that have achieved a hit" (l. 1536-1537),
// which in the same group it cannot, having fired them. On the policy's
// scale (expected damage as a share of the hull it falls on, at most
// all of it), firing first loses the share of t that t's interceptors
// stop, and spares st the share of t's fire that its strike, less what
// was stopped, puts out of action, and the fire t spends intercepting.
// An interception is cheap for t when its fire on st is poor (st's EW or
// stealth, its target rating) and its guns stop hits easily.
func (b *battle) firesFirst(st, t *shipState) bool {
	b.sens = st.sensors(b.sens)
	if len(b.sens) == 0 || b.dist > 100 {
		return true
	}
	sensor := b.sens[0]
	b.sens = t.sensors(b.sens)
	if len(b.sens) == 0 {
		return true // t cannot intercept
	}
	tSensor := b.sens[0]
	nI := 0
	for ci := range t.s.copies {
		iw := &t.s.weapons[t.s.copies[ci].w]
		if iw.tDirect && iw.pulse > 0 && covers(t, ci) && b.canFire(t, ci) {
			nI++
		}
	}
	if nI == 0 {
		return true
	}
	// st's direct fire this turn: all of it, and what t may intercept
	// (intercept: hits worth stopping, of interceptable weapons).
	all, stoppable, hitsN, tryHit := 0.0, 0.0, 0.0, 0.0
	for ci := range st.s.copies {
		w := &st.s.weapons[st.s.copies[ci].w]
		if !w.tShips || w.pulse == 0 || w.indirect || w.rng == 0 || !covers(st, ci) || !b.canFire(st, ci) {
			continue
		}
		sp, tp := b.profiles(st, w, t, sensor, 0)
		p := hitChance(sensor, sp, tp)
		shot := float64(w.pulse) * meanPulse(w.sides, w.mod)
		all += p * shot
		if w.interceptable && shot >= 3 {
			stoppable += p * shot
			hitsN += p
			tryHit += p * hitChance(tSensor, tSensor, w.sides)
		}
	}
	if stoppable == 0 || all == 0 {
		return true
	}
	pi := tryHit / hitsN               // one interceptor's chance to stop a hit
	tries := hitsN * (2 - pi)          // up to two tries a hit
	share := min(1, float64(nI)/tries) // the hits t has interceptors for
	stopped := share * (1 - (1-pi)*(1-pi)) * stoppable / all
	out := b.pol[st.id][t.id].at(b.dist, st.facing) / float64(max(1, t.hull(-1)))
	in := b.pol[t.id][st.id].at(b.dist, -1) / float64(max(1, st.hull(-1)))
	lands := min(1, out*(1-stopped)) // what t's interceptors leave
	lost := min(1, out) - lands
	spared := lands*in + min(1, tries/float64(nI))*in
	return spared >= lost
}

// fireQuality is the crew quality whose turn st fires in: its own, or its
// squadron commander's when that is higher: "When the squadron
// commander's starship fires during the starship combat step, any other
// starships in the squadron and within 20cm may fire at the same time,
// regardless of their crew qualities" (rules l. 3796-3799; a side's ships
// are together).
func (b *battle) fireQuality(st *shipState) int {
	q := st.crewQ
	if c := st.cmdBy; c != nil && c.present() && !c.cloaked {
		q = max(q, c.crewQ)
	}
	return min(q, 5)
}

// afterGroup resolves every pending critical, drops shields whose
// generators stopped and compromises stealth fields that used sensors.
func (b *battle) afterGroup() {
	for _, st := range b.ships {
		b.resolveCrits(st)
		if st.out() {
			continue
		}
		for a := 0; a < nArc; a++ {
			if st.shields[a] > 0 {
				if any, _, _ := st.shieldGens(a); !any {
					st.shields[a] = 0
				}
			}
		}
		if st.stealthOn && st.sensorUsed {
			st.stealthCompromised = true
		}
	}
}

// fireShip queues st's fire for the turn: direct weapons at its target
// with its best sensor array, indirect salvos and teleporters with the
// others (rules §1.3.1, §1.3.2, §3.5.6).
func (b *battle) fireShip(st, forced *shipState) {
	st.firedTurn = true
	if !st.bridge() {
		return
	}
	sens := append([]int(nil), st.sensors(b.sens)...)
	if len(sens) == 0 {
		return
	}
	t := forced
	if t == nil {
		t = b.enemyOf(st)
	}
	if t == nil {
		return
	}
	var direct, indirect []int
	for ci := range st.s.copies {
		w := &st.s.weapons[st.s.copies[ci].w]
		if !w.tShips || w.pulse == 0 || !covers(st, ci) || !b.canFire(st, ci) {
			continue
		}
		switch {
		case w.indirect:
			if b.salvoReaches(w, t) {
				indirect = append(indirect, ci)
			}
		case w.rng > 0 && b.dist <= 100:
			if w.rof == rofUnlimited || shotDamage(w, sens[0], t.ew(), t.s, b.dist) > 0 {
				direct = append(direct, ci)
			}
		}
	}
	allowed := t.attackedBy < b.emsCap(t, st)
	useDirect := len(direct) > 0 && allowed
	if useDirect && len(sens) == 1 && len(indirect) > 0 {
		// One array: fire what is worth more.
		dv := b.pol[st.id][t.id].at(b.dist, st.facing)
		iv := 0.0
		for k, ci := range indirect {
			if k >= sens[0] {
				break
			}
			w := &st.s.weapons[st.s.copies[ci].w]
			iv += salvoWorth(w)
		}
		useDirect = dv >= iv
	}
	if !useDirect {
		// Indirect salvos: each array launches up to its rating.
		for len(sens) > 0 && len(indirect) > 0 {
			n := min(sens[0], len(indirect))
			b.launch(st, t, indirect[:n])
			indirect = indirect[n:]
			sens = sens[1:]
			st.sensorUsed = true
		}
	} else {
		// The best array fires the direct weapons; the next ones launch
		// salvos, each up to its rating; what is left may split the direct
		// fire onto other targets or volley fire (planDirect).
		first := sens[0]
		sens = sens[1:]
		k, left := 0, len(indirect)
		for k < len(sens) && left > 0 {
			left -= min(sens[k], left)
			k++
		}
		salvoArrays := sens[:k:k]
		groups, spare := b.planDirect(st, t, direct, first, sens[k:], forced == nil)
		for gi, g := range groups {
			if len(g.copies) == 0 {
				continue
			}
			vol := 0
			if g.volley {
				b.vols = append(b.vols, volley{})
				vol = len(b.vols)
			}
			for _, ci := range g.copies {
				b.shotsQ = append(b.shotsQ, shot{st, ci, g.t, g.sensor, vol})
				b.markFired(st, ci)
			}
			counted := false
			for _, h := range groups[:gi] {
				counted = counted || h.t == g.t && len(h.copies) > 0
			}
			if !counted {
				g.t.attackedBy++ // a ship counts once against a target's EMS
			}
			if g.t != t || len(groups) > 1 || g.volley {
				b.tracef("%s fires at %s with sensor %d: %s of %d", st.s.Name, g.t.s.Name, g.sensor, fireMode(g.volley), len(g.copies))
			}
		}
		st.sensorUsed = true
		for _, r := range salvoArrays {
			if len(indirect) == 0 {
				break
			}
			n := min(r, len(indirect))
			b.launch(st, t, indirect[:n])
			indirect = indirect[n:]
		}
		sens = spare
	}
	// Teleporters take the arrays left; fire at strike missions, like all
	// defensive fire, rolls with the best array and uses none up.
	b.teleport(st, t, sens)
	b.fireAtMissions(st)
}

// resolveShots rolls every queued shot.
func (b *battle) resolveShots() {
	for i := range b.shotsQ {
		sh := &b.shotsQ[i]
		b.fire(sh.from, sh.c, sh.t, sh.sensor, sh.vol)
	}
	b.shotsQ = b.shotsQ[:0]
	b.vols = b.vols[:0]
}

// fire resolves one copy of a direct weapon: the sensor roll (GR may roll
// again once), interception, then the pulses. A copy of a volley (vol >
// 0) shares the volley's one roll (volleyHits).
func (b *battle) fire(st *shipState, ci int, t *shipState, sensor, vol int) {
	if t.out() {
		return
	}
	w := &st.s.weapons[st.s.copies[ci].w]
	band := max(0, (b.dist+w.rng-1)/w.rng-1)
	pen := band
	if w.kinetic {
		pen = 0
	}
	var hit bool
	if vol > 0 {
		v := &b.vols[vol-1]
		if !v.rolled {
			v.rolled = true
			v.hit = b.volleyHits(st, t, sensor, vol)
		}
		if !v.hit {
			return
		}
	} else {
		sp, tp := b.profiles(st, w, t, sensor, 0)
		roll := b.roll(20)
		hit = hits(roll, sensor, sp, tp)
		if !hit && w.q&qGR != 0 {
			roll = b.roll(20)
			hit = hits(roll, sensor, sp, tp)
		}
		b.tracef("%s fires %s at %s: roll %d against SP %d TP %d: %v", st.s.Name, w.name, t.s.Name, roll, sp, tp, hit)
		if !hit {
			return
		}
	}
	at := weaponAttack(w, pen)
	if b.intercept(t, w) {
		if w.q&qUN == 0 {
			return
		}
		at.half = true
	}
	a := b.struckArc(t)
	for k := 0; k < w.pulse && !t.destroyed; k++ {
		b.hit(st, ByGuns, t, a, &at)
	}
	b.extraTargets(st, ByGuns, w, t, pen)
}

// profiles are the sensor and target profiles of a shot of w by st at t
// with an array of rating sensor, the sensor profile lowered by spPen
// (rules §1.3.1: the target's EW less the firer's ELINT; the target's
// target rating and modifiers, the firer's movement rating, +1 per range
// band for kinetic weapons).
func (b *battle) profiles(st *shipState, w *weapon, t *shipState, sensor, spPen int) (sp, tp int) {
	band := max(0, (b.dist+w.rng-1)/w.rng-1)
	tp = t.s.tr + t.trMod + st.moveRate
	if w.kinetic {
		tp += band
	}
	elint, _ := st.best(kELINT)
	return sensor - max(0, t.ew()-elint) - spPen, tp
}

// volleyHits makes the one sensor roll of volley vol (rules l. 871-884):
// -1 to the sensor profile for each weapon type beyond the first, against
// the hardest target profile among its weapons; rolled again once when
// every weapon in it is guided (GR).
func (b *battle) volleyHits(st, t *shipState, sensor, vol int) bool {
	var types [8]int
	nt, gr, tp, sp := 0, true, -1<<30, 0
	for i := range b.shotsQ {
		sh := &b.shotsQ[i]
		if sh.vol != vol {
			continue
		}
		wi := st.s.copies[sh.c].w
		w := &st.s.weapons[wi]
		seen := false
		for _, x := range types[:min(nt, len(types))] {
			seen = seen || x == wi
		}
		if !seen {
			if nt < len(types) {
				types[nt] = wi
			}
			nt++
		}
		gr = gr && w.q&qGR != 0
		s, p := b.profiles(st, w, t, sensor, 0)
		sp, tp = s, max(tp, p)
	}
	sp -= max(0, nt-1)
	roll := b.roll(20)
	hit := hits(roll, sensor, sp, tp)
	if !hit && gr {
		roll = b.roll(20)
		hit = hits(roll, sensor, sp, tp)
	}
	b.tracef("%s volley fires %d weapon types at %s: roll %d against SP %d TP %d: %v", st.s.Name, nt, t.s.Name, roll, sp, tp, hit)
	return hit
}

// extraTargets: in fleets, an area-of-effect weapon strikes 1 die of
// ships, the target first, the others of its side at -2 (10 cm apart);
// a reactive weapon may hit one more ship on its line at half damage
// (docs/simulation.md).
func (b *battle) extraTargets(st *shipState, m Means, w *weapon, t *shipState, pen int) {
	var others [8]*shipState
	o := others[:0]
	for _, e := range b.sides[t.side] {
		if e != t && e.targetable() {
			o = append(o, e)
		}
	}
	if len(o) == 0 {
		return
	}
	if w.aoeSides > 0 {
		n := b.roll(w.aoeSides) - 1
		for k := 0; k < n && k < len(o); k++ {
			at := weaponAttack(w, pen+2)
			e := o[k]
			for p := 0; p < w.pulse && !e.destroyed; p++ {
				b.hit(st, m, e, b.struckArc(e), &at)
			}
		}
	}
	if w.q&qRT != 0 && b.roll(2) == 1 {
		e := o[b.rng.IntN(len(o))]
		at := weaponAttack(w, pen)
		at.half = true
		for p := 0; p < w.pulse && !e.destroyed; p++ {
			b.hit(st, m, e, b.struckArc(e), &at)
		}
	}
}

// intercept: t's weapons that can fire on direct fire and have not fired
// this turn shoot at a hit that is worth stopping (rules §1.3.5): a
// sensor roll against the weapon's target rating (its die's top face),
// then damage at least its modifier stops it. Weapons that can also stop
// salvos or fighters coming this turn are kept for them.
func (b *battle) intercept(t *shipState, w *weapon) bool {
	if !w.interceptable || !t.bridge() || float64(w.pulse)*meanPulse(w.sides, w.mod) < 3 {
		return false
	}
	sens := t.sensors(b.sens)
	b.sens = sens
	if len(sens) == 0 {
		return false
	}
	keepIndirect, keepFighters := b.threatened(t)
	need := max(1, w.mod)
	tries := 0
	for ci := range t.s.copies {
		iw := &t.s.weapons[t.s.copies[ci].w]
		if !iw.tDirect || iw.pulse == 0 || !covers(t, ci) || !b.canFire(t, ci) ||
			(keepIndirect && iw.tIndirect) || (keepFighters && iw.tFighters) {
			continue
		}
		b.markFired(t, ci)
		roll := b.roll(20)
		if hits(roll, sens[0], sens[0], w.sides) {
			dmg := 0
			for k := 0; k < iw.pulse; k++ {
				dmg += b.roll(iw.sides) + iw.mod
			}
			if dmg >= need {
				b.tracef("%s intercepts %s (%d damage)", t.s.Name, w.name, dmg)
				return true
			}
		}
		tries++
		if tries == 2 {
			break
		}
	}
	return false
}

// threatened reports whether salvos or strike missions may reach t this
// turn.
func (b *battle) threatened(t *shipState) (salvos, fighters bool) {
	for i := range b.salvos {
		if b.salvos[i].target == t {
			salvos = true
		}
	}
	for _, m := range b.missions {
		if m.kind == missionStrike && m.target == t && m.alive() && m.dist <= 2*m.speed {
			fighters = true
		}
	}
	return salvos, fighters
}

// teleport uses spare sensor arrays for teleporters (rules §3.5.6): with
// marines aboard, boarding parties into the target's facing section;
// without, pinpoint attacks that score a critical. The target's facing
// arc must have no shields or deflector against energy, and a basic
// teleporter needs the same of its own facing arc. Each takes one array
// of sens, the arrays fireShip left; teleporters are the last to take
// them.
func (b *battle) teleport(st, t *shipState, sens []int) {
	if len(sens) == 0 {
		return
	}
	a := sectorArc[t.facing]
	if t.shieldsUp(a, maskEnergy) > 0 || t.deflector(a, maskEnergy) > 0 {
		return
	}
	own := sectorArc[st.facing]
	for i, in := range st.s.systems {
		if len(sens) == 0 {
			break
		}
		if in.k != kTeleBasic && in.k != kTeleAdvanced || !st.works(i) || in.rating == 0 {
			continue
		}
		if in.k == kTeleBasic && st.shieldsUp(own, maskEnergy) > 0 {
			continue
		}
		sensor := sens[0]
		sens = sens[1:]
		st.sensorUsed = true
		sp := sensor - t.ew() - b.dist/10
		tp := t.s.tr + t.trMod + st.moveRate
		si, _ := t.hitSection(a)
		marines := st.takeMarines(in.rating)
		ok := hits(b.roll(20), sensor, sp, tp)
		switch {
		case marines > 0 && ok:
			t.boarders[si] += marines
			b.tracef("%s teleports %d marine parties into section %d of %s", st.s.Name, marines, si, t.s.Name)
		case marines > 0:
			b.tracef("%s loses %d marine parties to the void", st.s.Name, marines)
		case ok:
			b.tracef("%s: pinpoint teleport attack on section %d", st.s.Name, si)
			b.crit(t, si, b.roll(6), b.roll(min(6, in.rating)), false)
		}
	}
}

// takeMarines takes up to n marine parties from st's standing layers,
// the section with the most first.
func (st *shipState) takeMarines(n int) int {
	got := 0
	for got < n {
		best, bi := 0, -1
		for i := 0; i < st.s.layers; i++ {
			if st.hits[i] > 0 && st.marines[i] > best {
				best, bi = st.marines[i], i
			}
		}
		if bi < 0 {
			break
		}
		st.marines[bi]--
		got++
	}
	return got
}

// activatePods activates the fewest working countermeasure pods, best
// first, whose ratings with the ship's own EW bring the best enemy
// sensor's profile down to the ship's target profile (past that a sensor
// roll hits only on the sensor's own rating, rules l. 739-745); when all
// of them cannot, one pod, the best, as before: the rest are kept for
// later turns.
func (b *battle) activatePods(st *shipState) {
	var pods []int
	for i, in := range st.s.systems {
		if in.k == kCMPod && st.works(i) && in.rating > 0 {
			pods = append(pods, i)
		}
	}
	if len(pods) == 0 {
		return
	}
	sort.SliceStable(pods, func(x, y int) bool { return st.s.systems[pods[x]].rating > st.s.systems[pods[y]].rating })
	sensor, elint := 0, 0
	for _, e := range b.sides[1-st.side] {
		if !e.present() {
			continue
		}
		if b.sens = e.sensors(b.sens); len(b.sens) > 0 && b.sens[0] > sensor {
			sensor = b.sens[0]
		}
		if r, _ := e.best(kELINT); r > elint {
			elint = r
		}
	}
	need := sensor + elint - (st.s.tr + st.trMod) - st.ew()
	n, got := 0, 0
	for n < len(pods) && got < need {
		got += st.s.systems[pods[n]].rating
		n++
	}
	if got < need || n == 0 {
		n = 1
	}
	for _, i := range pods[:n] {
		st.podsActive += st.s.systems[i].rating
		st.sysGone[i] = true
	}
	if n > 1 {
		b.tracef("%s activates %d countermeasure pods: EW +%d", st.s.Name, n, st.podsActive)
	}
}
