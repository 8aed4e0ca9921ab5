package sim

// Evasive manoeuvres, emergency thrust and emergency power (rules §1.2.3,
// metaverse-rules.txt l. 396-448; table 2, l. 790-860).
//
// Evasive manoeuvres (l. 396-424): "One evasive manoeuvre (EM) requires
// two thruster points from both sides (four total); two EMs require four
// thruster points from both sides (eight total), three EMs require eight
// thruster points from both sides ... The modifier to the target rating
// is equal to the momentum of the starship divided by ten, rounded down,
// then multiplied by the number of evasive maneuvers ... The modifier to
// the movement rating is simply equal to the number of evasive
// maneuvers." Emergency thrust (l. 437-448) and power (l. 425-436): "any
// number of thrusters [drives] may be used at double capacity ... After
// the movement is completed, roll 1D6; if the result is greater than the
// crew quality, all the thrusters [drives] used are disabled."

// maxEvasive is the most evasive manoeuvres a ship may perform with perSide
// thruster points on each side: n EMs need 2^n points from each side.
func maxEvasive(perSide int) int {
	n := 0
	for perSide >= 2<<n && n < 8 {
		n++
	}
	return n
}

// evasivePoints is the thruster points n evasive manoeuvres take from each
// side.
func evasivePoints(n int) int {
	if n <= 0 {
		return 0
	}
	return 1 << n
}

// emergencyCrew is the least crew quality that risks emergency thrust or
// power: it fails (the thrusters or drives used are disabled) on a 1D6
// over the crew quality, one time in six at 5. At 4, one time in three,
// the risk cost more than the extra points gained: Newtons of crew 5,
// which fight at 4 in a fleet (rules l. 3756-3761), scored 0.546 in
// three against three of crew 3, and of crew 4 (fighting at 3) 0.585.
const emergencyCrew = 5

// evasiveSides is the thruster points st has left on the side with fewer
// (sidePointsLeft), under emergency thrust with its thrusters doubled.
func (b *battle) evasiveSides(st *shipState, emergency bool) int {
	port, star := b.sidePointsLeft(st, emergency)
	return max(0, min(port, star))
}

// hitRatio is how a firer's hit chance on t changes when the target
// profile rises by delta: the firer's best array against t's EW (less its
// ELINT) and the profile as it stands.
func (b *battle) hitRatio(firer, t *shipState, delta int) float64 {
	if delta == 0 {
		return 1
	}
	b.sens = firer.sensors(b.sens)
	if len(b.sens) == 0 {
		return 1
	}
	sensor := b.sens[0]
	elint, _ := firer.best(kELINT)
	sp := sensor - max(0, t.ew()-elint)
	tp := t.s.tr + t.trMod + firer.moveRate
	base := hitChance(sensor, sp, tp)
	if base == 0 {
		return 1
	}
	return hitChance(sensor, sp, tp+delta) / base
}

// evasiveValue is what n evasive manoeuvres are worth to st this turn, on
// the policy's scale (expected damage as a share of the hull it falls
// on): its own direct fire on its target made harder by +n, the enemies'
// fire on it, shared over its side's ships, made harder by +momentum/10
// x n.
func (b *battle) evasiveValue(st *shipState, n int) float64 {
	k := st.speed / 10 * n
	mine := 0
	for _, o := range b.sides[st.side] {
		if o.present() {
			mine++
		}
	}
	v := 0.0
	if e := b.enemyOf(st); e != nil {
		out := b.pol[st.id][e.id].at(b.dist, st.facing) / float64(max(1, e.hull(-1)))
		v += out * (b.hitRatio(st, e, n) - 1)
	}
	for _, e := range b.sides[1-st.side] {
		if !e.present() {
			continue
		}
		in := b.pol[e.id][st.id].at(b.dist, -1) / float64(max(1, st.hull(-1))) / float64(max(1, mine))
		v -= in * (b.hitRatio(e, st, k) - 1)
	}
	return v
}

// evasion is one ship's evasive plan for the turn.
type evasion struct {
	n         int
	emergency bool
}

// planEvasive chooses st's evasive manoeuvres: the number (none, or as
// many as its thrusters left after turning allow, under emergency thrust
// when its crew quality is at least emergencyCrew) whose value is best,
// and only when it is positive (ties: fewer, then no emergency).
func (b *battle) planEvasive(st *shipState) evasion {
	best, bestV := evasion{}, 1e-9
	if st.speed < 10 || st.ram || st.cloaked || !st.bridge() {
		// Under 10 cm a turn the target rating gains nothing: evasion
		// would only spoil the ship's own fire. A rammer keeps its
		// thrusters for the ram.
		return best
	}
	for _, em := range []bool{false, true} {
		if em && st.crewQ < emergencyCrew {
			continue
		}
		top := maxEvasive(b.evasiveSides(st, em))
		for n := 1; n <= top; n++ {
			if v := b.evasiveValue(st, n); v > bestV+1e-9 {
				best, bestV = evasion{n, em}, v
			}
		}
	}
	return best
}

// evade performs plan p: +momentum/10 x n to st's target rating, +n to its
// movement rating, the thruster points spent.
func (b *battle) evade(st *shipState, p evasion) {
	if p.n == 0 {
		return
	}
	st.trMod += st.speed / 10 * p.n
	st.moveRate += p.n
	st.spendBoth(evasivePoints(p.n))
	st.emergThrust = p.emergency
	how := ""
	if p.emergency {
		how = " on emergency thrust"
	}
	b.tracef("%s performs %d evasive manoeuvres%s at %d cm a turn: target rating +%d, movement rating +%d",
		st.s.Name, p.n, how, st.speed, st.speed/10*p.n, p.n)
}

// emergencyChecks rolls, after movement, for each ship that used
// emergency thrust or power: 1D6 over its crew quality disables the
// thrusters or drives used.
func (b *battle) emergencyChecks() {
	for _, st := range b.ships {
		if st.out() {
			st.emergThrust, st.emergPower = false, false
			continue
		}
		if st.emergThrust {
			st.emergThrust = false
			if r := b.roll(6); r > st.crewQ {
				b.tracef("%s: emergency thrust fails (%d over crew %d): thrusters disabled", st.s.Name, r, st.crewQ)
				for i, in := range st.s.systems {
					if in.k == kThruster && st.works(i) {
						st.sysOff[i] = true
					}
				}
			}
		}
		if st.emergPower {
			st.emergPower = false
			if r := b.roll(6); r > st.crewQ {
				b.tracef("%s: emergency power fails (%d over crew %d): drives disabled", st.s.Name, r, st.crewQ)
				for i, in := range st.s.systems {
					if st.works(i) && forwardDrive(in) {
						st.sysOff[i] = true
					}
				}
			}
		}
	}
}

// forwardDrive reports whether a drive accelerates the ship (driveWorks'
// forward drives).
func forwardDrive(in sysInst) bool {
	switch in.k {
	case kSTLPrimitive:
		return in.facing == 1 && in.sec != 1
	case kSTLBasic:
		return in.facing == 0
	case kSTLAdvanced:
		return true
	}
	return false
}

// plotCorkscrew: a corkscrew takes two thruster points from each side
// and adds 2 to the movement rating; the weapons of the port and
// starboard sections may fire out of the arc opposite their own (rules
// l. 382-395). A ship corkscrews when the side weapons it brings to bear
// are worth more than its fire loses to the movement rating.
func (b *battle) plotCorkscrew(st *shipState) {
	if st.ram || len(st.s.copies) == 0 {
		return
	}
	if port, star := b.sidePointsLeft(st, false); port < 2 || star < 2 {
		return
	}
	e := b.enemyOf(st)
	if e == nil || b.dist > 100 {
		return
	}
	b.sens = st.sensors(b.sens)
	if len(b.sens) == 0 {
		return
	}
	sensor := b.sens[0]
	now, more := 0.0, 0.0
	for ci := range st.s.copies {
		w := &st.s.weapons[st.s.copies[ci].w]
		if !w.tShips || w.indirect || w.rng == 0 || w.pulse == 0 || !b.canFire(st, ci) {
			continue
		}
		v := b.shotValue(st, w, e, sensor)
		if covers(st, ci) {
			now += v
		} else if sideCopy(st, ci) && st.s.copies[ci].sectors&(1<<uint(7-st.facing)) != 0 {
			more += v
		}
	}
	if more == 0 || (now+more)*b.hitRatio(st, e, 2) <= now+1e-9 {
		return
	}
	st.cork = true
	st.moveRate += 2
	st.spendBoth(2)
	b.tracef("%s corkscrews: its other side's weapons bear", st.s.Name)
}
