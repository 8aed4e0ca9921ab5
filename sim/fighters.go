package sim

// Starfighters, simplified (docs/simulation.md): a carrier launches its
// loaded squadrons up to each bay's launch capacity a turn; squadrons that
// can attack starships fly one strike mission per carrier (the SoC
// limits strike missions; CAP costs none, rules §2.1.4) once all of them
// are out; squadrons that only fight "other" targets fly combat air
// patrol over their carrier. No recovery, re-arming or intercept
// missions.

const (
	missionStrike = iota
	missionCAP
)

type sqState struct {
	def      int
	strength int
	spent    uint8 // one-shot weapons used, by weapon index
	fired    int   // turn it last fired
	// morale: the permanent modifier of the conditions met, and which of
	// the squadron's two conditions (below strength, carrier destroyed)
	// it has checked.
	moraleMods    int
	below, orphan bool
}

type mission struct {
	owner   *shipState
	kind    int
	target  *shipState
	squads  []sqState
	dist    int // to the target (strike)
	speed   int
	waiting bool
	noFire  bool
}

func (m *mission) alive() bool {
	for i := range m.squads {
		if m.squads[i].strength > 0 {
			return true
		}
	}
	return false
}

func (m *mission) def(i int) *squadron { return &m.owner.s.squadrons[m.squads[i].def] }

func (m *mission) slowest() int {
	v := 1 << 30
	for i := range m.squads {
		if m.squads[i].strength > 0 {
			v = min(v, m.def(i).speed)
		}
	}
	if v == 1<<30 {
		return 0
	}
	return v
}

func strikeCapable(q *squadron) bool {
	for _, w := range q.weapons {
		if w.tShips && w.pulse > 0 {
			return true
		}
	}
	return false
}

// fighterOperations launches squadrons and forms missions (rules §2.1.4).
// Launching needs an arc with no kinetic shields up: without one, the
// carrier drops the shields of the arc facing away from the enemy.
func (b *battle) fighterOperations() {
	for _, st := range b.ships {
		if !st.present() || st.cloaked || !st.bridge() || len(st.s.bays) == 0 {
			continue
		}
		e := b.enemyOf(st)
		var strike, cap *mission
		strikes := 0
		for _, m := range b.missions {
			if m.owner != st || !m.alive() {
				continue
			}
			if m.kind == missionStrike {
				strikes++
				if m.waiting {
					strike = m
				}
			} else {
				cap = m
			}
		}
		_, socs := st.best(kSoC)
		launchedAny := false
		for hi, in := range st.s.systems {
			if in.k != kHangar || !st.works(hi) {
				continue
			}
			bi := in.bay
			n := st.s.bays[bi].launch
			for n > 0 && len(st.bays[bi]) > 0 {
				def := st.bays[bi][0]
				q := &st.s.squadrons[def]
				var m *mission
				if strikeCapable(q) && e != nil {
					if strike == nil && socs > 0 && strikes < st.s.missions {
						strike = &mission{owner: st, kind: missionStrike, target: e, dist: b.dist, waiting: true}
						b.missions = append(b.missions, strike)
						strikes++
					}
					m = strike
				} else {
					if cap == nil {
						cap = &mission{owner: st, kind: missionCAP}
						b.missions = append(b.missions, cap)
					}
					m = cap
				}
				if m == nil {
					break // no mission can take it: it stays aboard
				}
				m.squads = append(m.squads, sqState{def: def, strength: q.strength})
				st.bays[bi] = st.bays[bi][1:]
				n--
				launchedAny = true
			}
		}
		if launchedAny {
			b.dropForLaunch(st)
		}
		// A strike mission leaves once nothing more can join it.
		if strike != nil {
			more := false
			for bi := range st.bays {
				for _, def := range st.bays[bi] {
					if strikeCapable(&st.s.squadrons[def]) {
						more = true
					}
				}
			}
			if !more {
				strike.waiting = false
			}
		}
	}
}

func (b *battle) dropForLaunch(st *shipState) {
	for a := 0; a < nArc; a++ {
		if st.shieldsUp(a, maskKinetic) == 0 {
			return
		}
	}
	a := oppositeArc[sectorArc[st.facing]]
	st.dropped[a], st.droppedTurn[a] = true, b.turn
	b.tracef("%s drops its %d shields to launch", st.s.Name, a)
}

// fighterMovement moves strike missions: at up to double speed (firing
// only when they moved no more than their speed).
func (b *battle) fighterMovement() {
	for _, m := range b.missions {
		if m.kind != missionStrike || !m.alive() {
			continue
		}
		if m.target == nil || !m.target.targetable() {
			m.target = nil
			for _, e := range b.sides[1-m.owner.side] {
				if e.targetable() {
					m.target = e
					break
				}
			}
			if m.target == nil {
				continue
			}
		}
		m.speed = m.slowest()
		if m.waiting {
			m.dist = b.dist
			m.noFire = true
			continue
		}
		step := min(m.dist, 2*m.speed)
		m.noFire = step > m.speed
		m.dist -= step
	}
}

// starfighterCombat is the starfighter combat step (rules §2.2.3): for
// each strike mission in contact, the target's range-0 weapons fire
// first, then its CAP engages, then the strike squadrons attack the
// target's weakest arc, each firing as many weapons as its crew quality.
func (b *battle) starfighterCombat() {
	for _, m := range b.missions {
		if m.kind != missionStrike || !m.alive() || m.dist > 0 || m.target == nil || !m.target.targetable() {
			continue
		}
		t := m.target
		b.pointDefenceOnMission(t, m)
		b.furball(t, m)
		if m.noFire || !m.alive() {
			continue
		}
		if t.attackedBy >= b.emsCap(t, nil) {
			b.tracef("strike on %s held off by its EMS", t.s.Name)
			continue
		}
		t.attackedBy++
		a := 0
		for k := 1; k < nArc; k++ {
			if t.vuln(k) > t.vuln(a) {
				a = k
			}
		}
		crew := m.owner.crewQ
		for si := range m.squads {
			sq := &m.squads[si]
			if sq.strength <= 0 {
				continue
			}
			q := m.def(si)
			fired := 0
			for wi := range q.weapons {
				w := &q.weapons[wi]
				if fired >= crew || t.destroyed {
					break
				}
				if !w.tShips || w.pulse == 0 || (w.oneShot && sq.spent&(1<<uint(wi)) != 0) {
					continue
				}
				if w.oneShot {
					sq.spent |= 1 << uint(wi)
				}
				fired++
				at := attack{bit: w.bit, sides: w.sides, mod: w.mod, q: w.q}
				for p := 0; p < w.pulse && !t.destroyed; p++ {
					b.hit(m.owner, ByFighters, t, a, &at)
				}
			}
		}
		b.tracef("strike mission attacks %s on arc %d", t.s.Name, a)
	}
	// Missions lose their carrier's CAP when it is gone.
	out := b.missions[:0]
	for _, m := range b.missions {
		if !m.alive() || (m.kind == missionCAP && m.owner.out()) {
			continue
		}
		out = append(out, m)
	}
	b.missions = out
	for _, st := range b.ships {
		b.resolveCrits(st)
	}
}

// squadronDamage is the damage one pulse of a ship or squadron weapon
// deals a squadron: face (PR doubles odd) + modifier, SP's bonus up to
// the defence, less the defence; IO doubles it.
func (b *battle) squadronDamage(sides, mod int, q qual, defence int) int {
	f := b.roll(sides)
	odd := sides > 1 && f%2 == 1
	v := f
	if q&qPR != 0 && odd {
		v *= 2
	}
	v += mod
	if q&qSP != 0 {
		v += min(defence, mod)
	}
	v -= defence
	if v <= 0 {
		return 0
	}
	if q&qIO != 0 {
		v *= 2
	}
	return v
}

// pointDefenceOnMission: t's weapons of range 0 that can fire on
// starfighters fire at the mission before it attacks, a sensor roll
// each against the squadron's target rating (+1 with an ECM squadron).
func (b *battle) pointDefenceOnMission(t *shipState, m *mission) {
	if !t.bridge() {
		return
	}
	sens := t.sensors(b.sens)
	b.sens = sens
	if len(sens) == 0 {
		return
	}
	ecm := 0
	for si := range m.squads {
		if m.squads[si].strength > 0 && m.def(si).ecm {
			ecm = 1
		}
	}
	for ci := range t.s.copies {
		w := &t.s.weapons[t.s.copies[ci].w]
		if !w.tFighters || w.rng != 0 || w.pulse == 0 || !b.canFire(t, ci) {
			continue
		}
		si := -1
		for k := range m.squads {
			if m.squads[k].strength > 0 {
				si = k
				break
			}
		}
		if si < 0 {
			return
		}
		b.markFired(t, ci)
		q := m.def(si)
		if !hits(b.roll(20), sens[0], sens[0], q.tr+ecm) {
			continue
		}
		for p := 0; p < w.pulse; p++ {
			m.squads[si].strength -= b.squadronDamage(w.sides, w.mod, w.q, q.defence)
		}
		b.tracef("%s point defence leaves a squadron at strength %d", t.s.Name, max(0, m.squads[si].strength))
	}
}

// fireAtMissions: weapons with range that can fire on starfighters but
// not on starships fire, in the starship combat step, at a strike mission
// coming for st within their range.
func (b *battle) fireAtMissions(st *shipState) {
	var m *mission
	for _, x := range b.missions {
		if x.kind == missionStrike && x.target == st && x.alive() {
			m = x
			break
		}
	}
	if m == nil {
		return
	}
	sens := st.sensors(b.sens)
	b.sens = sens
	if len(sens) == 0 {
		return
	}
	for ci := range st.s.copies {
		w := &st.s.weapons[st.s.copies[ci].w]
		if !w.tFighters || w.tShips || w.rng == 0 || w.pulse == 0 || m.dist > min(100, 10*w.rng) || !b.canFire(st, ci) {
			continue
		}
		si := -1
		for k := range m.squads {
			if m.squads[k].strength > 0 {
				si = k
				break
			}
		}
		if si < 0 {
			return
		}
		b.markFired(st, ci)
		q := m.def(si)
		band := max(0, (m.dist+w.rng-1)/w.rng-1)
		tp, pen := q.tr, band
		if w.kinetic {
			tp, pen = tp+band, 0
		}
		if !hits(b.roll(20), sens[0], sens[0], tp) {
			continue
		}
		for p := 0; p < w.pulse; p++ {
			m.squads[si].strength -= b.squadronDamage(w.sides, w.mod-pen, w.q, q.defence)
		}
	}
}

// furball: t's CAP squadrons and the strike squadrons fire at each other
// in descending strength order; a squadron fires as many "other" weapons
// as its crew quality at a random enemy squadron.
func (b *battle) furball(t *shipState, m *mission) {
	var cap *mission
	for _, x := range b.missions {
		if x.kind == missionCAP && x.owner == t && x.alive() {
			cap = x
			break
		}
	}
	if cap == nil {
		return
	}
	for str := 20; str >= 1; str-- {
		// Simultaneous within a strength: collect, then apply.
		type hit struct {
			m   *mission
			i   int
			dmg int
		}
		var hitsBuf [32]hit
		hs := hitsBuf[:0]
		for _, pair := range [2][2]*mission{{cap, m}, {m, cap}} {
			from, to := pair[0], pair[1]
			crew := from.owner.crewQ
			for si := range from.squads {
				if from.squads[si].strength != str || from.squads[si].fired == b.turn {
					continue
				}
				from.squads[si].fired = b.turn
				q := from.def(si)
				fired := 0
				for wi := range q.weapons {
					w := &q.weapons[wi]
					if fired >= crew || !w.tOther || w.pulse == 0 || (w.oneShot && from.squads[si].spent&(1<<uint(wi)) != 0) {
						continue
					}
					ti := b.randomSquad(to)
					if ti < 0 {
						break
					}
					if w.oneShot {
						from.squads[si].spent |= 1 << uint(wi)
					}
					fired++
					tq := to.def(ti)
					def := tq.defence
					if q.tr > tq.tr {
						def = max(0, def-1)
					}
					d := 0
					for p := 0; p < w.pulse; p++ {
						d += b.squadronDamage(w.sides, w.mod, w.q, def)
					}
					hs = append(hs, hit{to, ti, d})
				}
			}
		}
		for _, h := range hs {
			h.m.squads[h.i].strength -= h.dmg
		}
	}
}

func (b *battle) randomSquad(m *mission) int {
	n := 0
	for i := range m.squads {
		if m.squads[i].strength > 0 {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k := b.rng.IntN(n)
	for i := range m.squads {
		if m.squads[i].strength > 0 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// capIntercept: t's CAP squadrons fire "other" weapons at an incoming
// missile; it is stopped when their damage reaches need.
func (b *battle) capIntercept(t *shipState, need int) bool {
	for _, m := range b.missions {
		if m.kind != missionCAP || m.owner != t {
			continue
		}
		acc := 0
		for si := range m.squads {
			if m.squads[si].strength <= 0 || m.squads[si].fired == b.turn {
				continue
			}
			m.squads[si].fired = b.turn
			q := m.def(si)
			for wi := range q.weapons {
				w := &q.weapons[wi]
				if !w.tOther || w.pulse == 0 || (w.oneShot && m.squads[si].spent&(1<<uint(wi)) != 0) {
					continue
				}
				if w.oneShot {
					m.squads[si].spent |= 1 << uint(wi)
				}
				for p := 0; p < w.pulse; p++ {
					acc += max(0, b.roll(w.sides)+w.mod)
				}
				if acc >= need {
					return true
				}
			}
		}
	}
	return false
}
