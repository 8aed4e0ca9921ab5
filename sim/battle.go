package sim

import (
	"fmt"
	"math/rand/v2"
)

// Options are the abstraction parameters of a battle (docs/simulation.md).
type Options struct {
	// MaxTurns ends a battle as a draw; default 30.
	MaxTurns int
	// StartRange is the range between the two sides at deployment, cm;
	// 0 (the default): deployed by the encounter rules (deploy).
	StartRange int
}

func (o Options) withDefaults() Options {
	if o.MaxTurns <= 0 {
		o.MaxTurns = 30
	}
	if o.StartRange < 0 {
		o.StartRange = 0
	}
	return o
}

// StartText says where a battle of o starts, for a player: "from 100 cm"
// or "deployed by the encounter rules".
func (o Options) StartText() string {
	if o.StartRange > 0 {
		return fmt.Sprintf("from %d cm", o.StartRange)
	}
	return "deployed by the encounter rules"
}

// Outcome is the result of one battle.
type Outcome struct {
	// Winner is 0 or 1, or -1 for a draw (both sides gone the same turn,
	// or neither gone after MaxTurns).
	Winner int
	// Turns is the number of turns played.
	Turns int
	// ShipTurns counts ships present at the start of each turn, summed.
	ShipTurns int
	// Tally is what decided the battle (a forecast's reason).
	Tally Tally
}

// battle is the state of one battle.
type battle struct {
	rng   *rand.Rand
	opt   Options
	ships []*shipState
	sides [2][]*shipState
	turn  int
	dist  int // range between the sides, cm
	move  [2]int
	// room is how far each side can still open the range before the
	// table's edge stops it, and line the length of table along the line
	// between the sides (room[0] + room[1] + dist, cm): the table is
	// bounded (docs/rules.md, decision 27). line 0 is an unbounded table
	// (a battle set up by hand in a test).
	room  [2]int
	line  int
	trace Trace

	salvos   []salvo
	missions []*mission
	rams     []ramAttempt

	// script, when not empty, supplies the dice instead of rng (tests).
	script []int

	pol      [][]pairTable // expected damage tables, [attacker][target]
	sens     []int
	shotsQ   []shot
	evasions []evasion
	jumps    [][2]*shipState // FTL jumps plotted this turn: jumper, target
	sensorOf []int           // the sensor each FTL attack of a step is made with
	vols     []volley

	// flag is each side's flagship, nil without a chain of command.
	flag [2]*shipState

	tally      Tally
	answer     [2]bool // canAnswer's answer this turn
	answerTurn [2]int
}

// roll returns a die roll 1..n.
func (b *battle) roll(n int) int {
	if n <= 1 {
		return 1
	}
	if len(b.script) > 0 {
		r := b.script[0]
		b.script = b.script[1:]
		return min(max(r, 1), n)
	}
	return 1 + b.rng.IntN(n)
}

// newBattle sets up sides a and b. states may be reused between battles.
func newBattle(a, bs []*Ship, opt Options) *battle {
	b := &battle{opt: opt.withDefaults()}
	for side, list := range [2][]*Ship{a, bs} {
		for _, s := range list {
			st := &shipState{s: s, id: len(b.ships), side: side}
			b.ships = append(b.ships, st)
			b.sides[side] = append(b.sides[side], st)
		}
	}
	b.pol = make([][]pairTable, len(b.ships))
	for i := range b.ships {
		b.pol[i] = make([]pairTable, len(b.ships))
		for j := range b.ships {
			if b.ships[i].side != b.ships[j].side {
				b.pol[i][j] = damageTable(b.ships[i].s, b.ships[j].s)
			}
		}
		direct := 0.0
		for j := range b.ships {
			for _, v := range b.pol[i][j].best {
				direct = max(direct, v)
			}
		}
		b.ships[i].standoff = standoffFire(b.ships[i].s) > direct
	}
	return b
}

// play runs one battle from a fresh state with the given random source.
func (b *battle) play(rng *rand.Rand) Outcome {
	b.rng = rng
	b.turn, b.dist = 0, b.opt.StartRange
	b.salvos, b.missions, b.rams = b.salvos[:0], b.missions[:0], b.rams[:0]
	b.tally, b.answerTurn, b.move = Tally{}, [2]int{}, [2]int{}
	b.flag = [2]*shipState{}
	for _, st := range b.ships {
		st.reset()
	}
	b.chainOfCommand()
	var turns [2]int
	if b.opt.StartRange == 0 {
		d := b.deploy()
		b.dist, turns, b.room = d.dist, d.startTurns, d.room
	} else {
		// A start range the rules do not deploy: the sides face each
		// other along the table's length, either side of its centre.
		r := max(0, int(deployment().Length)-b.dist) / 2
		b.room = [2]int{r, r}
	}
	b.line = b.room[0] + b.room[1] + b.dist
	for _, st := range b.ships {
		// Starting velocity: 1D3 turns of acceleration, one more from a
		// flank (rules l. 3940-3950, 3969-3970).
		k := b.roll(3) + turns[st.side]
		st.speed = min(st.s.maxSpeed, k*st.s.fwd)
		if st.s.newtonian {
			// Momentum toward the enemy, its thrust's worth each turn.
			st.vel = 0
			for ; k > 0; k-- {
				st.vel, _ = momentumReach(st.vel, st.s.fwd, 0)
			}
			st.speed = -st.vel
		}
		st.facing = bestFacing(b, st, -1, 8)
	}
	out := Outcome{Winner: -1}
	for b.turn = 1; b.turn <= b.opt.MaxTurns; b.turn++ {
		for _, st := range b.ships {
			if st.present() {
				out.ShipTurns++
			}
		}
		b.playTurn()
		out.Turns = b.turn
		out.Tally = b.tally
		gone := [2]bool{b.sideGone(0), b.sideGone(1)}
		if gone[0] || gone[1] {
			switch {
			case gone[0] && gone[1]:
				out.Winner = -1
			case gone[0]:
				out.Winner = 1
			default:
				out.Winner = 0
			}
			out.Tally = b.tally
			return out
		}
	}
	return out
}

func (b *battle) sideGone(side int) bool {
	for _, st := range b.sides[side] {
		if !st.out() {
			return false
		}
	}
	return true
}

// playTurn is one turn of the rules' sequence (rules §1.1, §2).
func (b *battle) playTurn() {
	for _, st := range b.ships {
		st.attackedBy, st.hitArcs, st.shieldLost, st.events = 0, 0, false, 0
		st.sensorUsedLast, st.sensorUsed = st.sensorUsed, false
		st.turnUsed, st.headUsed, st.bothUsed, st.ram = 0, 0, 0, false
		st.trMod, st.moveRate, st.cork = 0, 0, false
	}
	b.chainOfCommand()
	// Movement phase.
	b.plot()
	b.indirectMovement()
	b.starshipMovement()
	b.fighterOperations()
	b.fighterMovement()
	// Combat phase.
	b.electronicWarfare()
	b.starshipCombat()
	b.starfighterCombat()
	b.indirectCombat()
	b.boardingCombat()
	// End phase.
	b.repair()
	b.morale()
}

// chainOfCommand applies the chain of command (rules §3.8, l. 3753-3794;
// fleet rule F-05). At the start of a battle, in a side of more than one
// ship, the ship with the largest CiC is the flagship; each command ship
// commands up to its CiC rating of the others (l. 3771-3776), other
// command ships first (the larger CiC first, each then commanding in
// turn), then the rest, down to four levels (fleet, division, wing,
// squadron; l. 3768-3770). Each turn a ship left out of the chain, or
// whose commander or any commander above it is destroyed, off the table in
// a strategic jump (l. 536-540) or removed (as an FTL retreat is, l.
// 512-516), fights at crew quality - 1 (l. 3756-3761). A lone ship is its
// own command.
func (b *battle) chainOfCommand() {
	for side := 0; side < 2; side++ {
		ships := b.sides[side]
		if len(ships) > 1 && b.flag[side] == nil {
			b.buildChain(side)
		}
		for _, st := range ships {
			st.crewQ = st.s.crew
			if len(ships) > 1 && (!st.inChain || st.linkLost()) {
				st.crewQ = max(0, st.s.crew-1)
			}
		}
	}
}

// buildChain designates side's chain of command (chainOfCommand).
func (b *battle) buildChain(side int) {
	ships := b.sides[side]
	var flag *shipState
	best := 0
	for _, st := range ships {
		st.cmdBy, st.inChain, st.lossChecked = nil, false, false
		if r, _ := st.best(kCiC); r > best {
			flag, best = st, r
		}
	}
	if flag == nil {
		return
	}
	b.flag[side] = flag
	flag.inChain = true
	// Breadth first: each commander takes command ships first, then the
	// others, up to its rating; the squadron level commands no commanders.
	queue := []*shipState{flag}
	depth := map[*shipState]int{flag: 1}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		left, _ := c.best(kCiC)
		for pass := 0; pass < 2 && left > 0; pass++ {
			for _, st := range b.byCiC(ships) {
				r, _ := st.best(kCiC)
				if st.inChain || left == 0 || (pass == 0) != (r > 0 && depth[c] < 4) {
					continue
				}
				st.inChain, st.cmdBy = true, c
				left--
				if pass == 0 {
					depth[st] = depth[c] + 1
					queue = append(queue, st)
				}
			}
		}
	}
}

// byCiC orders ships by their CiC rating, largest first (stable).
func (b *battle) byCiC(ships []*shipState) []*shipState {
	out := append([]*shipState(nil), ships...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0; j-- {
			x, _ := out[j].best(kCiC)
			y, _ := out[j-1].best(kCiC)
			if x <= y {
				break
			}
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// commandLost reports whether c counts as destroyed for chain of command
// and morale: destroyed, removed, or off the table in a strategic jump.
func (c *shipState) commandLost() bool { return c.out() || c.absent > 0 }

// linkLost reports whether a commander above st is lost.
func (st *shipState) linkLost() bool {
	for c := st.cmdBy; c != nil; c = c.cmdBy {
		if c.commandLost() {
			return true
		}
	}
	return false
}

// enemyOf returns the enemy ship st aims at this turn: the one it expects
// to harm most for its size, among those that can be fired upon and whose
// EMS still lets st fire on it (rules §1.3.4: an attacker that would
// exceed a target's EMS "may not fire on that target", so it picks
// another); when every enemy's EMS is full, the best of them.
func (b *battle) enemyOf(st *shipState) *shipState {
	var best, open *shipState
	bestV, openV := -1.0, -1.0
	for _, e := range b.sides[1-st.side] {
		if !e.targetable() {
			continue
		}
		v := b.pol[st.id][e.id].at(b.dist, st.facing) / float64(max(1, e.hull(-1)))
		if v > bestV {
			best, bestV = e, v
		}
		if v > openV && e.attackedBy < b.emsCap(e, st) {
			open, openV = e, v
		}
	}
	if open != nil {
		return open
	}
	return best
}

// plot decides each ship's movement for the turn: the range its side
// wants, its facing, ramming, FTL and cloak.
func (b *battle) plot() {
	prev := b.move
	for side := 0; side < 2; side++ {
		want := b.preferredRange(side)
		gap := b.reachable(side, want) - b.dist
		// lo-hi are the moves every ship of the side can make this turn:
		// a cinematic ship any up to its speed either way, a newtonian one
		// what its momentum and thrust allow.
		lo, hi, any := -1<<30, 1<<30, false
		newt, brake := false, 1<<30
		for _, st := range b.sides[side] {
			if !st.present() || st.cloaked {
				continue
			}
			any = true
			if st.s.newtonian {
				newt = true
				toward, away := b.newtonThrust(st)
				if gap < 0 {
					brake = min(brake, away)
				} else {
					brake = min(brake, toward)
				}
				continue
			}
			// Accelerate toward the top speed (momentum costs nothing in
			// cinematic movement; see docs/simulation.md).
			if st.bridge() {
				acc := b.driveWorks(st, true)
				// Emergency power (rules l. 425-436) when the drives at
				// double capacity are needed to make the move its side
				// wants, and the crew is good enough to risk them.
				if acc > 0 && st.crewQ >= emergencyCrew && st.speed+acc < st.s.maxSpeed && abs(gap) > st.speed+acc {
					acc *= 2
					st.emergPower = true
					b.tracef("%s uses emergency power", st.s.Name)
				}
				st.speed = min(st.s.maxSpeed, st.speed+acc)
			}
			lo, hi = max(lo, -st.speed), min(hi, st.speed)
		}
		desired := gap
		if newt && gap != 0 {
			// Newtonian ships close (or open) no faster than they can
			// brake from before they reach the range they want, allowing
			// for the enemy's last move.
			rate := min(abs(gap), brakingSpeed(abs(gap), brake))
			if gap < 0 {
				rate = -rate
			}
			desired = rate - prev[1-side]
		}
		for _, st := range b.sides[side] {
			if !st.present() || st.cloaked || !st.s.newtonian {
				continue
			}
			toward, away := b.newtonThrust(st)
			l, h := momentumReach(st.vel, toward, away)
			if (desired < l || desired > h) && toward+away > 0 && st.crewQ >= emergencyCrew {
				l, h = momentumReach(st.vel, 2*toward, 2*away)
				st.emergPower = true
				b.tracef("%s uses emergency power", st.s.Name)
			}
			lo, hi = max(lo, l), min(hi, h)
		}
		m := 0
		switch {
		case !any:
		case lo > hi: // a newtonian ship cannot keep to its side's pace
			m = (lo + hi) / 2
		default:
			m = clamp(desired, lo, hi)
		}
		if b.wantsRam(side) {
			m = lo
		}
		if b.line > 0 && m > b.room[side] {
			m = b.room[side] // a ship does not leave the table: it stops at the edge
		}
		b.move[side] = m
		for _, st := range b.sides[side] {
			if st.present() && !st.cloaked && st.s.newtonian {
				st.vel, st.speed = m, abs(m)
			}
		}
	}
	for _, st := range b.ships {
		if !st.present() {
			continue
		}
		if st.speed == 0 {
			st.trMod--
			st.moveRate--
		}
		if !st.bridge() {
			st.moveRate-- // drifting
			continue
		}
		st.facing = bestFacing(b, st, st.facing, b.turnBudget(st))
		b.plotCorkscrew(st)
	}
	// FTL jumps and cloaks are plotted by every ship on the same state,
	// then carried out, so that neither side sees the other's plot (rules
	// §2.1: the plot is written before anything moves): two ships charged
	// on the same turn both jump.
	jumps, d := b.jumps[:0], b.dist
	for _, st := range b.ships {
		if st.present() && st.bridge() {
			if e := b.plotFTL(st); e != nil {
				jumps = append(jumps, [2]*shipState{st, e})
			}
		}
	}
	for _, st := range b.ships {
		if st.present() && st.bridge() {
			b.plotCloak(st)
		}
	}
	// Tactical jumps land, then their attacks strike together.
	k := 0
	for _, j := range jumps {
		if b.jumpFTL(j[0], d) {
			jumps[k] = j
			b.sensorOf = append(b.sensorOf[:k], b.ftlSensor(j[0]))
			k++
		}
	}
	for i, j := range jumps[:k] {
		if j[1].targetable() {
			b.ftlAttack(j[0], j[1], b.sensorOf[i])
		}
	}
	b.jumps = jumps
	// Evasive manoeuvres: every ship decides on the same state, then all
	// are performed, so neither side sees the other's plot.
	b.evasions = b.evasions[:0]
	for _, st := range b.ships {
		p := evasion{}
		if st.present() {
			p = b.planEvasive(st)
		}
		b.evasions = append(b.evasions, p)
	}
	for i, st := range b.ships {
		b.evade(st, b.evasions[i])
	}
}

// reachable is the range side can make of want: no more than the table
// lets it open.
func (b *battle) reachable(side, want int) int {
	if b.line > 0 {
		return min(want, b.dist+b.room[side])
	}
	return want
}

// moveOnTable moves the sides on a bounded table: each side's move
// (capped in plot at the room it has) spends or regains its room, and
// sides that would pass through each other meet instead, the closer
// regaining no more room than the distance it covered.
func (b *battle) moveOnTable() {
	d := b.dist + b.move[0] + b.move[1]
	r := [2]int{b.room[0] - b.move[0], b.room[1] - b.move[1]}
	if d < 0 {
		// The sides meet: take the overshoot off the room the closers
		// regained, side 0's first.
		over := -d
		for s := 0; s < 2 && over > 0; s++ {
			if b.move[s] < 0 {
				k := min(over, -b.move[s])
				r[s] -= k
				over -= k
			}
		}
		d = 0
	}
	b.dist = min(d, 200)
	b.room = [2]int{max(0, r[0]), max(0, r[1])}
	b.line = b.room[0] + b.room[1] + b.dist
}

// jumped records that side's ships moved to dist from the enemy by other
// than their drives (a ram, an FTL jump): on a bounded table its room is
// what the line leaves it.
func (b *battle) jumped(side, dist int) {
	b.dist = dist
	if b.line > 0 {
		b.room[side] = max(0, b.line-b.room[1-side]-dist)
		b.line = b.room[0] + b.room[1] + b.dist
	}
}

// driveWorks is the drive points of working drives: forward (accelerate)
// or reverse.
func (b *battle) driveWorks(st *shipState, forward bool) int {
	n := 0
	for i, in := range st.s.systems {
		if !st.works(i) {
			continue
		}
		switch in.k {
		case kSTLPrimitive:
			if forward && in.facing == 1 && in.sec != 1 || !forward && in.facing == 0 && in.sec != 2 {
				n += in.rating
			}
		case kSTLBasic:
			if in.facing == 0 {
				n += in.rating
			}
		case kSTLAdvanced:
			n += in.rating
		}
	}
	return n
}

// thrust is st's working thruster points (rules §1.2.1, §3.3.3): those
// that turn it to starboard (port-facing thrusters: "port thrusters are
// used for starboard changes and vice versa"), those that turn it to
// port, and all of them. An advanced STL drive used as thrusters gives
// two points per rating, usable in either direction.
func (b *battle) thrust(st *shipState) (toStarboard, toPort, total int) {
	for i, in := range st.s.systems {
		if !st.works(i) {
			continue
		}
		switch in.k {
		case kThruster:
			total += in.rating
			switch int(in.facing) {
			case arcPort:
				toStarboard += in.rating
			case arcStarboard:
				toPort += in.rating
			}
		case kSTLAdvanced:
			total += 2 * in.rating
			toStarboard += 2 * in.rating
			toPort += 2 * in.rating
		}
	}
	return toStarboard, toPort, total
}

// turnBudget is how many 45-degree steps st may turn this turn: a
// heading change of 22.5 degrees per thruster point, so two points a
// step, from the thrusters of one side (a ship turns one way in a turn;
// it may turn the way it has more points).
func (b *battle) turnBudget(st *shipState) int {
	s, p, _ := b.thrust(st)
	return max(s, p) / 2
}

// unusedThrust is the thruster points st did not spend this turn.
func (b *battle) unusedThrust(st *shipState) int {
	_, _, total := b.thrust(st)
	return max(0, total-st.turnUsed)
}

// starshipMovement moves the sides and resolves rams (rules §1.2.3).
func (b *battle) starshipMovement() {
	before := b.dist
	if b.line > 0 {
		b.moveOnTable()
		if b.trace != nil {
			b.tracef("sides move %d and %d: %d cm apart, room to open %d and %d", b.move[0], b.move[1], b.dist, b.room[0], b.room[1])
		}
	} else {
		b.dist = clamp(b.dist+b.move[0]+b.move[1], 0, 200)
	}
	for i := range b.salvos {
		s := &b.salvos[i]
		// The target's side moving away opens the distance to the salvo.
		s.dist = max(0, s.dist+b.move[s.targetSide()])
	}
	for _, m := range b.missions {
		if m.kind == missionStrike && m.target != nil {
			m.dist = max(0, m.dist+b.move[m.target.side])
		}
	}
	b.emergencyChecks()
	b.resolveRams(before)
	b.returnFromFTL()
	b.polarizedStrikes()
}
