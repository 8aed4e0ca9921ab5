package sim

// shipState is one ship in one battle: everything play changes.
type shipState struct {
	s    *Ship
	id   int // index in battle.ships
	side int

	destroyed bool
	removed   bool // failed morale
	absent    int  // turns left off the table after a strategic FTL jump

	hits    []int // per layer, flattened by Ship.layerAt
	crew    []int
	marines []int
	secDead [nSec]bool

	shields     [nArc]int
	ablative    [nArc]int
	adapt       [nArc]int
	dropped     [nArc]bool // shields voluntarily dropped
	droppedTurn [nArc]int

	sysOff  []bool // disabled systems
	sysGone []bool // spent countermeasure pods, destroyed FTL drives
	copyOff []bool // disabled weapon copies
	fired   []int  // turn each copy last fired, 0 never
	shots   []int  // one-shot copies: shots taken

	reactorOffTurn [nSec]bool // power fluctuation: back at the end of the turn
	meltdown       []int      // system indices of reactors that detonate unless fixed

	crewQ int // crew quality in this battle (fleet rules may lower it)
	// standoff: the ship's salvos and strike squadrons outweigh its best
	// direct fire on any enemy (newBattle; the Range policy).
	standoff bool

	cmdBy       *shipState // its commander in the chain of command, nil for the flagship or outside it
	inChain     bool       // a part of the fleet (rules l. 3756-3758)
	lossChecked bool       // its loss as a commander has been checked for morale
	speed       int
	vel         int // newtonian: its momentum along the line, its own move a turn (negative toward the enemy)
	facing      int // sector (0-7) the enemy lies in, relative to the bow
	moveRate    int // movement rating this turn (adds to the target profile of its fire)
	trMod       int // target rating modifier this turn
	ram         bool
	turnUsed    int // thruster points spent this turn, all told
	headUsed    int // of them, on the heading change (from one side)
	bothUsed    int // of them, from each side (roll, flip, corkscrew, evasive manoeuvres)

	cork        bool // a corkscrew this turn
	emergThrust bool // emergency thrust this turn: checked after movement
	emergPower  bool // emergency power this turn

	ftlCharge int
	ftlReady  bool
	cloakLeft int
	cloaked   bool
	cloakUsed bool

	stealthOn          bool
	stealthCompromised bool
	sensorUsed         bool // a sensor was used this turn
	sensorUsedLast     bool
	podsActive         int // EW from countermeasure pods activated this turn
	ecm                int // ECM arrays working on its side this turn
	firedTurn          bool
	group              int // the crew quality group it fires in this turn (fireGroup)
	ewNow              int // effective EW this turn, before ELINT

	bays     [][]int // squadrons still aboard each bay
	boarders [nSec]int

	attackedBy int // attackers (ships, missions, salvos) that fired on it this turn, for the EMS cap
	hitArcs    uint8
	shieldLost bool
	crits      [nSec]int
	moraleMods int
	events     int // morale conditions met this turn
}

// reset puts st back to the ship's state at the start of a battle.
func (st *shipState) reset() {
	s := st.s
	st.destroyed, st.removed, st.absent = false, false, 0
	if st.hits == nil {
		st.hits = make([]int, s.layers)
		st.crew = make([]int, s.layers)
		st.marines = make([]int, s.layers)
		st.sysOff = make([]bool, len(s.systems))
		st.sysGone = make([]bool, len(s.systems))
		st.copyOff = make([]bool, len(s.copies))
		st.fired = make([]int, len(s.copies))
		st.shots = make([]int, len(s.copies))
		st.bays = make([][]int, len(s.bays))
	}
	for si := 0; si < nSec; si++ {
		for li, l := range s.secs[si].layers {
			i := s.layerAt[si] + li
			st.hits[i], st.crew[i], st.marines[i] = l.hits, l.crew, l.marines
		}
		st.secDead[si] = !s.secs[si].present
		st.reactorOffTurn[si] = false
		st.boarders[si] = 0
		st.crits[si] = 0
	}
	for a := 0; a < nArc; a++ {
		st.shields[a] = s.arcs[a].shieldMax
		st.ablative[a] = s.arcs[a].ablative
		st.adapt[a] = 0
		st.dropped[a] = false
	}
	clear(st.sysOff)
	clear(st.sysGone)
	clear(st.copyOff)
	clear(st.fired)
	clear(st.shots)
	st.meltdown = st.meltdown[:0]
	for i, b := range s.bays {
		st.bays[i] = append(st.bays[i][:0], b.loaded...)
	}
	st.crewQ = s.crew
	st.speed, st.vel, st.facing, st.moveRate, st.trMod, st.ram, st.turnUsed = 0, 0, 0, 0, 0, false, 0
	st.headUsed, st.bothUsed = 0, 0
	st.ftlCharge, st.ftlReady = 0, false
	st.emergThrust, st.emergPower = false, false
	st.cloakLeft, st.cloaked, st.cloakUsed = 0, false, false
	st.stealthOn, st.stealthCompromised, st.sensorUsed, st.sensorUsedLast = false, false, false, false
	st.podsActive, st.ewNow = 0, 0
	st.attackedBy, st.hitArcs, st.shieldLost = 0, 0, false
	st.moraleMods, st.events = 0, 0
}

// out reports whether the ship no longer fights.
func (st *shipState) out() bool { return st.destroyed || st.removed }

// present reports whether the ship is on the table and fighting.
func (st *shipState) present() bool { return !st.out() && st.absent == 0 }

// targetable reports whether enemies may fire on the ship.
func (st *shipState) targetable() bool { return st.present() && !st.cloaked }

// powered reports whether the systems of section si have power.
func (st *shipState) powered(si int) bool {
	p := int(st.s.secs[si].power)
	if st.reactorOffTurn[p] {
		return false
	}
	any := false
	for i, in := range st.s.systems {
		if in.k == kReactor && int(in.sec) == p {
			any = true
			if !st.sysOff[i] {
				return true
			}
		}
	}
	return !any // a design without a reactor there plays as powered (it is illegal anyway)
}

// works reports whether system i functions: its section stands, has
// power (life support needs none) and the system is not disabled.
func (st *shipState) works(i int) bool {
	in := &st.s.systems[i]
	if st.sysOff[i] || st.sysGone[i] || st.secDead[in.sec] {
		return false
	}
	return in.k == kLifeSupport || st.powered(int(in.sec))
}

// bridge reports whether a working bridge commands the ship: without one
// it drifts and uses only shields, EW arrays, ECM, life support, stealth
// and cloak (rules §3.2).
func (st *shipState) bridge() bool {
	for i, in := range st.s.systems {
		if in.k == kBridge && st.works(i) {
			return true
		}
	}
	return false
}

// best returns the highest rating of a working system of kind k, and its
// count of working copies.
func (st *shipState) best(k kind) (rating, n int) {
	for i, in := range st.s.systems {
		if in.k == k && st.works(i) {
			n++
			rating = max(rating, in.rating)
		}
	}
	return rating, n
}

// sensors returns the ratings of the working sensor arrays, best first.
func (st *shipState) sensors(buf []int) []int {
	buf = buf[:0]
	if !st.bridge() {
		return buf
	}
	for i, in := range st.s.systems {
		if in.k == kSensor && st.works(i) && in.rating > 0 {
			buf = append(buf, in.rating)
		}
	}
	// Insertion sort: a handful of arrays.
	for i := 1; i < len(buf); i++ {
		for j := i; j > 0 && buf[j] > buf[j-1]; j-- {
			buf[j], buf[j-1] = buf[j-1], buf[j]
		}
	}
	return buf
}

// hull is the hull hits left in section si (all sections when si < 0).
func (st *shipState) hull(si int) int {
	lo, hi := 0, st.s.layers
	if si >= 0 {
		lo, hi = st.s.layerAt[si], st.s.layerAt[si+1]
	}
	n := 0
	for i := lo; i < hi; i++ {
		n += st.hits[i]
	}
	return n
}

// hitSection is the section incoming fire on arc a meets, and whether it
// is the core seen through a destroyed outboard section.
func (st *shipState) hitSection(a int) (si int, through bool) {
	as := &st.s.arcs[a]
	if as.sec != secCore && !st.secDead[as.sec] {
		return int(as.sec), false
	}
	return secCore, as.sec != secCore
}

// shieldGens reports whether a working shield generator supports arc a,
// and the hits working generators regenerate there per turn and the
// adaptive rating supporting it.
func (st *shipState) shieldGens(a int) (any bool, regen, adaptive int) {
	for i, in := range st.s.systems {
		if !in.k.shieldGen() || int(in.arc) != a || !st.works(i) {
			continue
		}
		any = true
		regen += max(1, in.rating)
		if in.k == kShieldAdaptive {
			adaptive += in.rating
		}
	}
	return any, regen, adaptive
}

// shieldsUp is the shield hits that meet fire of type bit on arc a.
func (st *shipState) shieldsUp(a int, bit dmgMask) int {
	as := &st.s.arcs[a]
	si, through := st.hitSection(a)
	if through || si != int(as.sec) || as.shieldMask&bit == 0 || st.dropped[a] || st.stealthOn {
		return 0
	}
	return st.shields[a]
}

// deflector is the best working deflector rating on arc a against type bit.
func (st *shipState) deflector(a int, bit dmgMask) int {
	r := 0
	for i, in := range st.s.systems {
		if in.k == kDeflector && int(in.arc) == a && in.mask&bit != 0 && st.works(i) {
			r = max(r, in.rating)
		}
	}
	return r
}

// armour is the armour (rating, plates) incoming fire of type bit meets on arc a.
func (st *shipState) armour(a int, bit dmgMask) (rating, plates int) {
	si, through := st.hitSection(a)
	if through {
		return 1, 0 // the core behind a destroyed section (rules §3.1.3)
	}
	_ = si
	as := &st.s.arcs[a]
	if as.armourMask&bit != 0 {
		rating = as.armour
	}
	return rating, st.ablative[a]
}

// people is the crew and marine parties left in section si.
func (st *shipState) people(si int) (crew, marines int) {
	for i := st.s.layerAt[si]; i < st.s.layerAt[si+1]; i++ {
		if st.hits[i] > 0 {
			crew += st.crew[i]
			marines += st.marines[i]
		}
	}
	return crew, marines
}

// topLayer returns the index of the first standing layer of section si, or -1.
func (st *shipState) topLayer(si int) int {
	for i := st.s.layerAt[si]; i < st.s.layerAt[si+1]; i++ {
		if st.hits[i] > 0 {
			return i
		}
	}
	return -1
}
