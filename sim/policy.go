package sim

import "math"

// The policies: how each side chooses range, facing, rams, FTL attacks,
// cloak and stealth. Both sides use the same policies; they read expected
// values, never the other side's dice.

// pairTable is the expected hull damage per turn an attacker's direct
// starship weapons deal a target, by range (5 cm steps, 0-100 cm) and by
// the sector the target lies in.
type pairTable struct {
	rate [21][8]float64
	best [21]float64 // best over sectors
}

// at reads the table at range d (beyond 100 cm: nothing) and sector s
// (s < 0: the best sector).
func (p *pairTable) at(d, s int) float64 {
	if d > 100 {
		return 0
	}
	r := (d + 4) / 5
	if s < 0 {
		return p.best[r]
	}
	return p.rate[r][s]
}

// damageTable computes a's expected direct damage against t at full
// strength: hit chance with a's best sensor against t's EW array and
// target rating, pulses, and the exact mean of a pulse against t's mean
// armour (shields left out: they are spent early).
func damageTable(a, t *Ship) pairTable {
	var p pairTable
	sensor := 0
	for _, in := range a.systems {
		if in.k == kSensor {
			sensor = max(sensor, in.rating)
		}
	}
	ew := 0
	for _, in := range t.systems {
		if in.k == kEWArray {
			ew = max(ew, in.rating)
		}
	}
	for ci := range a.copies {
		c := &a.copies[ci]
		w := &a.weapons[c.w]
		if !w.tShips || w.indirect || w.rng == 0 || w.pulse == 0 {
			continue
		}
		rof := turnShare(w)
		for r := 0; r <= 20; r++ {
			v := rof * shotDamage(w, sensor, ew, t, 5*r)
			for s := 0; s < 8; s++ {
				if c.sectors&(1<<uint(s)) != 0 {
					p.rate[r][s] += v
				}
			}
		}
	}
	for r := range p.rate {
		for s := 0; s < 8; s++ {
			p.best[r] = max(p.best[r], p.rate[r][s])
		}
	}
	return p
}

// turnShare is the share of turns the Range policy counts w as firing:
// every turn unlimited, every other limited, a tenth one-shot.
func turnShare(w *weapon) float64 {
	switch w.rof {
	case rofLimited:
		return 0.5
	case rofOneShot:
		return 0.1
	}
	return 1
}

// shotDamage is the expected hull damage of one shot of direct weapon w
// at range d, fired with a sensor of rating sensor at t behind an EW
// array of rating ew: hit chance, pulses, and the exact mean of a pulse
// against t's armour averaged over its arcs (range bands: energy loses 1
// a pulse, kinetic adds 1 to the target profile).
func shotDamage(w *weapon, sensor, ew int, t *Ship, d int) float64 {
	band := max(0, (d+w.rng-1)/w.rng-1)
	pen, tp := 0, t.tr
	if w.kinetic {
		tp += band
	} else {
		pen = band
	}
	ph := hitChance(sensor, sensor-ew, tp)
	if w.q&qGR != 0 {
		ph += (1 - ph) * ph
	}
	e := 0.0
	for a := 0; a < nArc; a++ {
		armour := 0
		if t.arcs[a].armourMask&w.bit != 0 {
			armour = t.arcs[a].armour
		}
		armour += t.arcs[a].ablative
		e += meanPulse(w.sides, w.mod-pen-max(0, armour-w.ap))
	}
	v := ph * float64(w.pulse) * e / nArc
	if w.q&qIO != 0 {
		v *= 2
	}
	return v
}

// standoffFire is what s's salvos (polarized weapons left out) and strike
// squadrons could deal a turn at full strength, range aside: every pulse
// at its mean, salvos before interception, limited and one-shot weapons
// at the Range policy's share of a turn.
func standoffFire(s *Ship) float64 {
	v := 0.0
	for ci := range s.copies {
		w := &s.weapons[s.copies[ci].w]
		if !w.indirect || !w.tShips || w.pulse == 0 || w.q&qPO != 0 {
			continue
		}
		rof := turnShare(w)
		v += rof * expected(w)
	}
	for _, bay := range s.bays {
		for _, def := range bay.loaded {
			q := &s.squadrons[def]
			for _, fw := range q.weapons {
				if fw.tShips && fw.pulse > 0 {
					v += float64(q.strength*fw.pulse) * meanPulse(fw.sides, fw.mod)
				}
			}
		}
	}
	return v
}

// hitChance is the chance of a sensor roll on 1D20 with sensor rating
// sensor, sensor profile sp and target profile tp (rules §1.3.1).
func hitChance(sensor, sp, tp int) float64 {
	n := 0
	for roll := 1; roll <= 20; roll++ {
		if hits(roll, sensor, sp, tp) {
			n++
		}
	}
	return float64(n) / 20
}

// hits is the rule of the sensor roll: at or under the sensor profile and
// over the target profile; when the target profile reaches the sensor
// profile, only a roll equal to the sensor's rating hits.
func hits(roll, sensor, sp, tp int) bool {
	if sensor <= 0 {
		return false
	}
	if tp >= sp {
		return roll == sensor
	}
	return roll <= sp && roll > tp
}

// meanPulse is E[max(0, face + k)] over a die of n faces.
func meanPulse(n, k int) float64 {
	if n < 1 {
		return 0
	}
	s := 0
	for f := 1; f <= n; f++ {
		s += max(0, f+k)
	}
	return float64(s) / float64(n)
}

// preferredRange is the range (0-150 cm) side wants: the one where its
// expected direct damage, as a share of the enemy's hull, most exceeds
// the enemy's against it. A side whose every ship fights mostly by
// salvos and strike missions (standoff) does not close for its guns,
// since closing brings it to the enemy's salvos and strikes sooner while
// its own chase a target that backs away: it counts its salvos that
// reach a target at the range (salvoAt) in place of its guns, against the
// enemy's direct fire. Ties keep the current range.
func (b *battle) preferredRange(side int) int {
	standoff := false
	for _, a := range b.sides[side] {
		if a.present() {
			standoff = a.standoff
			if !standoff {
				break
			}
		}
	}
	bestD, bestV := b.dist, -1e18
	for d := 0; d <= 150; d += 5 {
		v := 0.0
		for _, a := range b.sides[side] {
			if !a.present() {
				continue
			}
			for _, e := range b.sides[1-side] {
				if !e.present() {
					continue
				}
				if standoff {
					v += a.s.salvoAt[d/5] / float64(max(1, e.hull(-1)))
				} else {
					v += b.pol[a.id][e.id].at(d, -1) / float64(max(1, e.hull(-1)))
				}
				v -= b.pol[e.id][a.id].at(d, -1) / float64(max(1, a.hull(-1)))
			}
		}
		if v > bestV+1e-12 || (v > bestV-1e-12 && abs(d-b.dist) < abs(bestD-b.dist)) {
			bestD, bestV = d, v
		}
	}
	return bestD
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bestFacing picks the sector the enemy should lie in, within budget
// 45-degree steps of the current one (current < 0: any): the most fire
// on the enemy for the least exposure of a weak arc. Exposing an arc
// costs the enemy's fire that gets through it, and also the fire of the
// guns in the section behind it at the rate the enemy destroys that
// section (a section of few hull hits presenting the ship's broadside
// loses it in a turn or two: rules l. 1086-1089, a destroyed section's
// systems are lost with it).
func bestFacing(b *battle, st *shipState, current, budget int) int {
	e := b.enemyOf(st)
	if e == nil {
		if current < 0 {
			return 0
		}
		return current
	}
	out := &b.pol[st.id][e.id]
	in := b.pol[e.id][st.id].at(b.dist, -1)
	eh := float64(max(1, e.hull(-1)))
	mh := float64(max(1, st.hull(-1)))
	best, bestV := current, -1e18
	for s := 0; s < 8; s++ {
		steps := 0
		if current >= 0 {
			steps = min((s-current+8)%8, (current-s+8)%8)
			if steps > budget {
				continue
			}
		}
		v := out.at(b.dist, s)/eh - b.exposure(st, out, s, in, mh, eh)
		if v > bestV+1e-12 || (v > bestV-1e-12 && steps == 0) {
			best, bestV = s, v
		}
	}
	if current < 0 {
		return best
	}
	st.headUsed = 2 * min((best-current+8)%8, (current-best+8)%8)
	st.turnUsed += st.headUsed
	// A roll mirrors the sheet (the enemy's sector s becomes 7 - s), a
	// flip turns it end to end (3 - s), each for +1 to the movement
	// rating (rules l. 357-381): taken instead of the turn when the
	// exchange of fire is better for it, the ship's own fire made harder.
	{
		port, star := b.sidePoints(st)
		for _, m := range []struct {
			name    string
			to, pts int
			ok      bool
		}{{"rolls", 7 - current, 1, true}, {"flips", (11 - current) % 8, 3, st.s.newtonian}} {
			if !m.ok || port < m.pts || star < m.pts || m.to == current {
				continue
			}
			v := out.at(b.dist, m.to)*b.hitRatio(st, e, 1)/eh - b.exposure(st, out, m.to, in, mh, eh)
			if v > bestV+1e-9 {
				st.turnUsed -= st.headUsed
				st.headUsed = 0
				st.spendBoth(m.pts)
				st.moveRate++
				b.tracef("%s %s: the enemy from sector %d to %d", st.s.Name, m.name, current, m.to)
				return m.to
			}
		}
	}
	return best
}

// exposure is what presenting sector s to enemy fire of in a turn costs
// st on bestFacing's scale: the share of its hull (mh) the fire that
// gets through takes, and the share of its own fire into s (out, on an
// enemy of eh hull hits) that the section behind the arc holds, times the
// share of that section the enemy destroys a turn.
func (b *battle) exposure(st *shipState, out *pairTable, s int, in, mh, eh float64) float64 {
	a := sectorArc[s]
	v := st.vuln(a)
	cost := in * v / mh
	si, _ := st.hitSection(a)
	if si == secCore {
		return cost
	}
	share := st.s.secFire[s][si]
	if share == 0 {
		return cost
	}
	lost := min(1, in*v/float64(max(1, st.hull(si))))
	return cost + share*lost*out.at(b.dist, s)/eh
}

// spendBoth spends n thruster points from each side of st.
func (st *shipState) spendBoth(n int) {
	st.bothUsed += n
	st.turnUsed += 2 * n
}

// sidePointsLeft is st's thruster points left on each side this turn:
// the symmetric manoeuvres' from both, the heading change's from the
// side with more.
func (b *battle) sidePointsLeft(st *shipState, emergency bool) (port, star int) {
	port, star = b.sidePoints(st)
	if emergency {
		// Emergency thrust doubles the thrusters (not an advanced drive's
		// points).
		p, s := b.thrusterPoints(st)
		port, star = port+p, star+s
	}
	if port >= star {
		port -= st.headUsed
	} else {
		star -= st.headUsed
	}
	return port - st.bothUsed, star - st.bothUsed
}

// thrusterPoints is the points of st's working thrusters on its port and
// starboard sides.
func (b *battle) thrusterPoints(st *shipState) (port, star int) {
	for i, in := range st.s.systems {
		if in.k == kThruster && st.works(i) {
			switch int(in.facing) {
			case arcPort:
				port += in.rating
			case arcStarboard:
				star += in.rating
			}
		}
	}
	return port, star
}

// sidePoints is st's working thruster points on its port and starboard
// sides (an advanced STL drive's count on both).
func (b *battle) sidePoints(st *shipState) (port, star int) {
	for i, in := range st.s.systems {
		if !st.works(i) {
			continue
		}
		switch in.k {
		case kThruster:
			switch int(in.facing) {
			case arcPort:
				port += in.rating
			case arcStarboard:
				star += in.rating
			}
		case kSTLAdvanced:
			port += 2 * in.rating
			star += 2 * in.rating
		}
	}
	return port, star
}

// vuln is how much of a plain hit on arc a reaches the hull, 0-1: armour
// against a D6+1 pulse, and the share of the arc's shields in its hull.
func (st *shipState) vuln(a int) float64 {
	rating, plates := st.armour(a, maskBoth)
	pass := meanPulse(6, 1-rating-plates) / 4.5
	si, _ := st.hitSection(a)
	h := float64(st.hull(si))
	sh := float64(st.shields[a])
	return pass * h / (h + sh + 1)
}

// wantsRam reports whether side orders a ram this turn (rules §1.2.3):
// a ship whose mass and hull left make the exchange of ram damage
// favourable and that would survive the enemy's share of it, or that has
// no other way to hurt the enemy, and whose command die allows it. It
// marks the rammer.
func (b *battle) wantsRam(side int) bool {
	for _, st := range b.sides[side] {
		if !st.present() || st.cloaked || !st.bridge() || st.speed == 0 {
			continue
		}
		e := b.enemyOf(st)
		if e == nil {
			continue
		}
		if b.dist > st.speed+5+max(0, e.speed) {
			continue
		}
		mine := float64(st.s.mf) * float64(st.hull(-1))
		theirs := float64(e.s.mf) * float64(e.hull(-1))
		harmless := b.pol[st.id][e.id].best[0] == 0 && len(st.s.squadrons) == 0
		if mine <= 1.5*theirs && !(harmless && mine > theirs) {
			continue
		}
		if !harmless && e.s.mf*max(1, closingSpeed(st, e)) >= st.hull(-1) {
			// The enemy's mass would destroy the rammer too: a ship that
			// can still hurt the enemy by fire does not trade itself
			// for a draw.
			continue
		}
		destroyed := 0
		for si := 1; si < nSec; si++ {
			if st.s.secs[si].present && st.secDead[si] {
				destroyed++
			}
		}
		if b.roll(st.s.cmdSides)+destroyed <= st.crewQ {
			b.tracef("%s: ram not allowed by the command die", st.s.Name)
			continue
		}
		st.ram = true
		st.trMod -= 2
		return true
	}
	return false
}

// ramAttempt is a ram in progress: resolved after the target has fired.
type ramAttempt struct {
	rammer, target *shipState
	closing        int
}

// closingSpeed is the closing speed of a ram by the arc of the target it
// strikes (rules §1.2.3): the rammer's velocity plus the target's on the
// fore arc, the rammer's alone on a side arc, the rammer's less the
// target's on the aft arc.
func closingSpeed(rammer, target *shipState) int {
	switch sectorArc[target.facing] {
	case arcFore:
		return rammer.speed + target.speed
	case arcAft:
		return rammer.speed - target.speed
	}
	return rammer.speed
}

// resolveRams: a rammer within 5 cm after movement rams when its unused
// thruster points plus crew quality beat the target's.
func (b *battle) resolveRams(before int) {
	for _, st := range b.ships {
		if !st.ram || !st.present() {
			continue
		}
		e := b.enemyOf(st)
		if e == nil || b.dist > 5 {
			continue
		}
		mine := b.unusedThrust(st) + st.crewQ
		theirs := b.unusedThrust(e) + e.crewQ
		if mine <= theirs {
			b.tracef("%s: ram evaded (%d against %d)", st.s.Name, mine, theirs)
			continue
		}
		closing := closingSpeed(st, e)
		if closing <= 0 {
			b.tracef("%s: ram on the aft arc of a faster %s: no closing speed", st.s.Name, e.s.Name)
			continue
		}
		b.rams = append(b.rams, ramAttempt{st, e, closing})
		b.jumped(st.side, 0)
		b.tracef("%s rams %s at closing speed %d", st.s.Name, e.s.Name, closing)
	}
}

// plotFTL warms up FTL drives and plots FTL attacks (rules §1.2.3): a
// ship with a basic or advanced drive whose attack is worth more than the
// turns it spends away warms up every turn; when charged it plots a jump
// at the enemy it returns (nil: no jump this turn). jumpFTL carries the
// jumps out once every ship has plotted.
func (b *battle) plotFTL(st *shipState) *shipState {
	if st.s.ftl != kFTLBasic && st.s.ftl != kFTLAdvanced || !b.ftlWorks(st) {
		return nil
	}
	e := b.enemyOf(st)
	if e == nil {
		return nil
	}
	if st.s.ftl == kFTLBasic && b.commands(st) {
		// A commander off the table in a strategic jump counts as
		// destroyed for the ships it commands (rules l. 536-540): their
		// crew quality falls and they check morale. It stays.
		return nil
	}
	value := b.ftlValue(st, e)
	away := 0.0
	if st.s.ftl == kFTLBasic {
		away = 2.5
	}
	// Off the table the ship neither fires nor is fired on: the turns
	// away cost the exchange of direct fire, its own on the enemy less the
	// enemy's on it, each as a share of the hull it falls on.
	eh := float64(max(1, e.hull(-1)))
	exchange := b.pol[st.id][e.id].at(b.dist, -1)/eh - b.pol[e.id][st.id].at(b.dist, -1)/float64(max(1, st.hull(-1)))
	if value/eh <= away*exchange || value <= 0 {
		return nil
	}
	if st.ftlReady {
		if st.s.ftl == kFTLAdvanced && b.dist-st.speed < 20 {
			// At least six D10 are rolled: too close to land within 10 cm
			// of the enemy but by luck; stay charged.
			return nil
		}
		return e
	}
	st.ftlCharge++
	if st.ftlCharge >= st.s.ftlRating {
		st.ftlReady = true
	}
	return nil
}

// jumpFTL carries out st's plotted jump, d cm from the enemy at the plot:
// strategic (basic: off the table for 1D8 - crew quality turns, at least
// 1, then back beside its target) or tactical (advanced: at once). It
// reports whether a tactical jump landed within 10 cm, so that the attack
// follows.
func (b *battle) jumpFTL(st *shipState, d int) bool {
	st.ftlReady, st.ftlCharge = false, 0
	if st.s.ftl == kFTLBasic {
		st.absent = max(1, b.roll(8)-st.crewQ)
		b.tracef("%s jumps out for %d turns", st.s.Name, st.absent)
		return false
	}
	// A tactical jump gives +2 to the jumper's target and movement
	// ratings for the turn (rules l. 560-562), as a strategic return
	// does (returnFromFTL); the attack's sensor roll feels it once.
	st.trMod += 2
	st.moveRate += 2
	return b.tacticalJump(st, d)
}

// tacticalJump moves st straight at the enemy by its velocity and a roll
// of D10s (rules l. 549-562): it plots the number of dice whose mean
// brings it onto the enemy, at least six; once they are rolled it may
// remove up to its crew quality of them or roll as many more, and does so
// one at a time while it would land more than 10 cm away (an overshoot
// drops the largest die, a shortfall rolls one more). It lands past the
// enemy when it overshoots; the FTL attack proceeds only within 10 cm
// (l. 572-574). It reports whether it landed within 10 cm.
func (b *battle) tacticalJump(st *shipState, d int) bool {
	want := d - st.speed
	n := max(6, int(math.Round(float64(want)/5.5)))
	dice := make([]int, n)
	total := 0
	for i := range dice {
		dice[i] = b.roll(10)
		total += dice[i]
	}
	for k := 0; k < st.crewQ; k++ {
		gap := want - total
		if gap >= -10 && gap <= 10 {
			break
		}
		if gap > 10 {
			x := b.roll(10)
			dice = append(dice, x)
			total += x
			continue
		}
		big := 0
		for i := range dice {
			if dice[i] > dice[big] {
				big = i
			}
		}
		total -= dice[big]
		dice = append(dice[:big], dice[big+1:]...)
	}
	travel := st.speed + total
	land := max(0, d-travel)
	if travel > d {
		land = travel - d
	}
	b.jumped(st.side, land)
	b.tracef("%s jumps %d cm on %dD10: lands %d cm from its target", st.s.Name, travel, len(dice), land)
	return land <= 10
}

// commands reports whether st commands a ship still fighting.
func (b *battle) commands(st *shipState) bool {
	for _, o := range b.sides[st.side] {
		if o.cmdBy == st && !o.out() {
			return true
		}
	}
	return false
}

func (b *battle) ftlWorks(st *shipState) bool {
	for i, in := range st.s.systems {
		if in.k == st.s.ftl && st.works(i) {
			return true
		}
	}
	return false
}

// ftlValue is the expected hull damage of an FTL attack on e.
func (b *battle) ftlValue(st, e *shipState) float64 {
	sens := st.sensors(b.sens)
	b.sens = sens
	if len(sens) == 0 {
		return 0
	}
	p := hitChance(sens[0], sens[0]-e.ew(), e.s.tr+e.crewQ+2)
	v := 0.0
	for a := 0; a < nArc; a++ {
		rating, plates := e.armour(a, maskEnergy)
		v += float64(st.s.mf) * meanPulse(6, -rating-plates)
	}
	return p * v
}

// ftlSensor is the sensor array st makes its FTL attack with: its best
// working one, 0 without. Ships whose FTL attacks fall in the same step
// take it before any of them strikes, so the attacks are simultaneous.
func (b *battle) ftlSensor(st *shipState) int {
	sens := st.sensors(b.sens)
	b.sens = sens
	if len(sens) == 0 {
		return 0
	}
	return sens[0]
}

// returnFromFTL brings back ships from a strategic jump, with their
// attack. Ships returning on the same turn are all back before any
// attacks, so each may strike the other.
//
// The wait of 1D8 - crew quality is a minimum: a ship stays off the table
// "for as long as the player wishes" and announces its return in the
// plotting phase of the turn before (rules l. 520-534). A ship whose wait
// is over returns when an enemy is on the table to attack, or when an
// enemy's wait is over too (it answers the enemy's announcement, and both
// arrive together); while every enemy is still away it waits, since the
// first back only stands to be attacked by the other's return.
func (b *battle) returnFromFTL() {
	var ready, present [2]bool
	for _, st := range b.ships {
		switch {
		case st.out():
		case st.absent == 0:
			present[st.side] = true
		case st.absent == 1:
			ready[st.side] = true
		}
	}
	back := b.jumps[:0]
	for _, st := range b.ships {
		if st.out() || st.absent == 0 {
			continue
		}
		if st.absent == 1 && !present[1-st.side] && !ready[1-st.side] {
			b.tracef("%s waits off the table for an enemy to return", st.s.Name)
			continue
		}
		st.absent--
		if st.absent > 0 {
			continue
		}
		st.trMod += 2
		st.moveRate += 2
		back = append(back, [2]*shipState{st})
	}
	for i, r := range back {
		back[i][1] = b.enemyOf(r[0])
		b.sensorOf = append(b.sensorOf[:i], b.ftlSensor(r[0]))
	}
	for i, r := range back {
		if r[1] != nil {
			b.ftlAttack(r[0], r[1], b.sensorOf[i])
		}
	}
	b.jumps = back
}

// ftlAttack: a sensor roll against the target's target rating plus its
// crew quality (rules l. 576-579), the jumper's movement rating (+2 from
// its jump) counting against it as for any fire; on a hit, mass factor D6 energy pulses against every
// external section (the core when it faces an arc). A gravity well in
// play stops the jump short unless the jumper passes 1D6 <= crew quality
// once per point of its rating.
func (b *battle) ftlAttack(st, e *shipState, sensor int) {
	if r, n := e.best(kGravityWell); n > 0 {
		for k := 0; k < r; k++ {
			if b.roll(6) > st.crewQ {
				b.tracef("%s: FTL attack stopped by a gravity well", st.s.Name)
				return
			}
		}
	}
	if sensor == 0 {
		return
	}
	st.sensorUsed = true
	tp := e.s.tr + e.trMod + e.crewQ + st.moveRate
	roll := b.roll(20)
	if !hits(roll, sensor, sensor-e.ew(), tp) {
		b.tracef("%s: FTL attack misses (roll %d)", st.s.Name, roll)
		return
	}
	b.tracef("%s: FTL attack hits %s with %dD6 per section", st.s.Name, e.s.Name, st.s.mf)
	at := attack{bit: maskEnergy, sides: 6}
	coreDone := false
	for a := 0; a < nArc && !e.destroyed; a++ {
		si, _ := e.hitSection(a)
		if si == secCore {
			if coreDone {
				continue
			}
			coreDone = true
		}
		for k := 0; k < st.s.mf && !e.destroyed; k++ {
			b.hit(st, ByFTL, e, a, &at)
		}
	}
	b.jumped(st.side, min(b.dist, 10))
}

// plotCloak: a ship with a cloak hides once, when it has lost half its
// hull and its shields are down, for the cloak's rating in turns, to
// repair and regenerate; cloaked it neither fires nor can be fired upon.
func (b *battle) plotCloak(st *shipState) {
	if st.cloaked {
		st.cloakLeft--
		if st.cloakLeft <= 0 {
			st.cloaked = false
		}
		return
	}
	r, n := st.best(kCloak)
	if n == 0 || st.cloakUsed || 2*st.hull(-1) > st.s.hullMax {
		return
	}
	sh := 0
	for a := 0; a < nArc; a++ {
		sh += st.shields[a]
	}
	if sh > 0 {
		return
	}
	st.cloaked, st.cloakUsed, st.cloakLeft = true, true, r
	b.tracef("%s cloaks for %d turns", st.s.Name, r)
}

// ew is the ship's effective EW against a sensor (rules §3.4): an active,
// uncompromised stealth field gives 4 x its rating alone; a compromised
// one 1 x its rating, and using another EW system compromises it
// (metaverse-rules.txt l. 2529-2536), so the ship has the better of its
// stealth rating and its other EW (best EW array, one per ECM array on
// its side, the countermeasure pods active this turn), never their sum.
func (st *shipState) ew() int {
	if st.stealthOn {
		r, _ := st.best(kStealth)
		if !st.stealthCompromised {
			return 4 * r
		}
		e, _ := st.best(kEWArray)
		return max(r, e+st.ecm+st.podsActive)
	}
	e, _ := st.best(kEWArray)
	return e + st.ecm + st.podsActive
}
