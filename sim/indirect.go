package sim

// salvo is a group of indirect weapons launched with one sensor array
// at one target (rules §1.3.2, §2.1.2, §2.2.4). Its distance is to its
// target's side.
type salvo struct {
	owner    *shipState
	target   *shipState
	missiles []int // weapon definition index of each copy, in the owner's ship
	speed    int
	dist     int
	turns    int
	po       bool // polarized: may strike in the movement phase, stays as a mine
	gr       bool // gravitational: strikes within 20 cm
}

func (s *salvo) targetSide() int { return s.target.side }

// launch fires copies of indirect weapons as one salvo: its first
// movement happens at once.
func (b *battle) launch(st, t *shipState, copies []int) {
	s := salvo{owner: st, target: t, speed: 1 << 30, turns: 5, po: true, gr: true}
	for _, ci := range copies {
		w := &st.s.weapons[st.s.copies[ci].w]
		b.markFired(st, ci)
		s.missiles = append(s.missiles, st.s.copies[ci].w)
		s.speed = min(s.speed, w.rng)
		s.turns = min(s.turns, max(1, w.turns))
		s.po = s.po && w.q&qPO != 0
		s.gr = s.gr && w.q&qGR != 0
	}
	s.dist = max(0, b.dist-s.speed)
	b.tracef("%s launches %d indirect weapons at %s (distance left %d)", st.s.Name, len(copies), t.s.Name, s.dist)
	b.salvos = append(b.salvos, s)
}

// radius is the distance at which a salvo strikes its target: 15 cm (20
// with GR), less 1 per point of the target's EW, at least 1.
func (s *salvo) radius() int {
	r := 15
	if s.gr {
		r = 20
	}
	return max(1, r-s.target.ew())
}

// indirectMovement moves every salvo its speed toward its target.
func (b *battle) indirectMovement() {
	for i := range b.salvos {
		s := &b.salvos[i]
		if s.turns <= 0 {
			continue // a spent polarized mine does not move
		}
		s.dist = max(0, s.dist-s.speed)
	}
}

// polarizedStrikes: polarized salvos strike during the movement phase
// when their target is in reach.
func (b *battle) polarizedStrikes() {
	for i := range b.salvos {
		s := &b.salvos[i]
		if s.po && s.missiles != nil && b.retarget(s) && s.dist <= s.radius() {
			b.strike(s)
		}
	}
	b.dropSpent(false)
}

// retarget points a salvo whose target is gone at another ship of that
// side, and reports whether it has one.
func (b *battle) retarget(s *salvo) bool {
	if s.target.targetable() {
		return true
	}
	for _, e := range b.sides[s.target.side] {
		if e.targetable() {
			s.target = e
			return true
		}
	}
	return false
}

// indirectCombat is the indirect combat step: salvos in reach strike,
// after their target's defences have fired on them; salvos past their
// turns are removed (polarized ones stay, unmoving).
func (b *battle) indirectCombat() {
	for i := range b.salvos {
		s := &b.salvos[i]
		if s.missiles != nil && b.retarget(s) && s.dist <= s.radius() {
			b.strike(s)
		}
	}
	for i := range b.salvos {
		b.salvos[i].turns--
	}
	b.dropSpent(true)
	for _, st := range b.ships {
		b.resolveCrits(st)
	}
}

// dropSpent removes salvos that struck, and (end of step) those out of turns.
func (b *battle) dropSpent(end bool) {
	out := b.salvos[:0]
	for _, s := range b.salvos {
		if s.missiles == nil || (end && s.turns <= 0 && !s.po) {
			continue
		}
		out = append(out, s)
	}
	b.salvos = out
}

// strike resolves a salvo on its target: the EMS cap, interception by
// the target's weapons and CAP squadrons, then every surviving weapon
// hits automatically; an unstable weapon stopped at 0 cm deals half.
func (b *battle) strike(s *salvo) {
	t := s.target
	if t.attackedBy >= b.emsCap(t, nil) {
		b.tracef("salvo on %s held off by its EMS %d", t.s.Name, t.s.ems)
		return
	}
	t.attackedBy++
	ws := s.owner.s.weapons
	// Most dangerous first.
	ms := s.missiles
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && expected(&ws[ms[j]]) > expected(&ws[ms[j-1]]); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	stopped := b.interceptSalvo(t, ws, ms)
	b.tally.Incoming[t.side] += len(ms)
	for _, x := range stopped {
		if x {
			b.tally.Stopped[t.side]++
		}
	}
	a := sectorArc[t.facing]
	for k, wi := range ms {
		w := &ws[wi]
		at := weaponAttack(w, 0)
		if stopped[k] {
			if w.q&qUN == 0 {
				continue
			}
			at.half = true
		}
		for p := 0; p < w.pulse && !t.destroyed; p++ {
			b.hit(s.owner, ByMissiles, t, a, &at)
		}
		if w.aoeSides > 0 {
			b.extraTargets(s.owner, ByMissiles, w, t, 0)
		}
	}
	s.missiles = nil
}

func expected(w *weapon) float64 { return float64(w.pulse) * meanPulse(w.sides, w.mod) }

// salvoWorth is what one missile of w launched is expected to deal, on the
// policies' scale: six in ten strike, each pulse a point less (fireShip's
// choice of one array's fire, the standoff Range policy's salvoAt).
func salvoWorth(w *weapon) float64 { return 0.6 * float64(w.pulse) * meanPulse(w.sides, w.mod-1) }

// interceptSalvo fires t's anti-missile weapons (those that can target
// indirect fire and have not fired) and CAP squadrons at the missiles, in
// order; each missile needs damage at least its modifier (at least 1).
func (b *battle) interceptSalvo(t *shipState, ws []weapon, ms []int) []bool {
	stopped := make([]bool, len(ms))
	k := 0
	if !t.bridge() {
		return stopped
	}
	sens := t.sensors(b.sens)
	b.sens = sens
	acc := 0
	if len(sens) > 0 {
		for ci := range t.s.copies {
			if k >= len(ms) {
				break
			}
			iw := &t.s.weapons[t.s.copies[ci].w]
			if !iw.tIndirect || iw.pulse == 0 || !covers(t, ci) || !b.canFire(t, ci) {
				continue
			}
			w := &ws[ms[k]]
			if !w.interceptable {
				k++
				continue
			}
			b.markFired(t, ci)
			if !hits(b.roll(20), sens[0], sens[0], w.sides) {
				continue
			}
			for p := 0; p < iw.pulse; p++ {
				acc += b.roll(iw.sides) + iw.mod
			}
			if acc >= max(1, w.mod) {
				stopped[k] = true
				b.tracef("%s stops an incoming %s", t.s.Name, w.name)
				k++
				acc = 0
			}
		}
	}
	for ; k < len(ms); k++ {
		w := &ws[ms[k]]
		if !w.interceptable || !b.capIntercept(t, max(1, w.mod)) {
			break
		}
		stopped[k] = true
	}
	return stopped
}
