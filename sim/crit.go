package sim

// The critical hit chart of the source's play aids: 1D8 for the
// category, 1D6 for the effect, in the order the chart prints them. An
// effect that cannot apply upgrades to the next category once (same
// effect roll); if that cannot apply either, the critical is ignored.

// critEffect is one line of the chart.
type critEffect struct {
	name  string
	kinds []kind // systems it disables; nil for hull, crew and compound effects
	// count of systems disabled: >0 a number, 0 all, -2/-3/-4/-8 that die,
	// -100-k EMS x k.
	count int
	hull  int // hull hits, in multiples of the ship's EMS
	op    critOp
	// compound: the two categories rolled again
	cats [2]int
}

type critOp uint8

const (
	opDisable critOp = iota
	opCrew           // lose hull x life support rating in crew and marines; hull 0: all
	opReactorTurn
	opReactor
	opMeltdown
	opDetonate
	opLayer
	opSection
	opHull
	opCompound
	opFTLImplosion
)

const countAll = 0

func emsTimes(k int) int { return -100 - k }

var (
	secEngineering = []kind{kTeleBasic, kTeleAdvanced, kGrappler, kEnergyGrappler, kGravityWell}
	secCommand     = []kind{kHangar, kCiC, kSoC}
	secStandoff    = []kind{kShieldBasic, kShieldAdaptive, kShieldModulated, kDeflector}
	ewSecondary    = []kind{kCloak, kStealth}
	ewDefence      = []kind{kEWArray, kECM, kCMPod}
	ewSensor       = []kind{kSensor, kELINT, kTargeting, kAnsible}
	ewAll          = []kind{kSensor, kEWArray, kECM, kJammer, kELINT, kTargeting, kAnsible, kCMPod, kStealth, kCloak}
	stl            = []kind{kSTLPrimitive, kSTLBasic, kSTLAdvanced}
	thrusters      = []kind{kThruster}
	ftl            = []kind{kFTLPrimitive, kFTLBasic, kFTLAdvanced}
)

// critChart is indexed [category-1][effect-1].
var critChart = [8][6]critEffect{
	{ // 1 secondary systems
		{name: "engineering systems disrupted", kinds: secEngineering, count: 1},
		{name: "secondary command net disrupted", kinds: secCommand, count: 1},
		{name: "standoff systems disrupted", kinds: secStandoff, count: 1},
		{name: "engineering systems failure", kinds: secEngineering, count: countAll},
		{name: "secondary command net failure", kinds: secCommand, count: countAll},
		{name: "standoff systems failure", kinds: secStandoff, count: countAll},
	},
	{ // 2 electronic warfare systems
		{name: "secondary EW overload", kinds: ewSecondary, count: countAll},
		{name: "defence array overload", kinds: ewDefence, count: -2},
		{name: "sensor node overload", kinds: ewSensor, count: -2},
		{name: "defence array failure", kinds: ewDefence, count: -4},
		{name: "sensor node failure", kinds: ewSensor, count: -4},
		{name: "massive EW systems failure", kinds: ewAll, count: -8},
	},
	{ // 3 propulsion systems
		{name: "drive housing damage", kinds: stl, count: -3},
		{name: "thruster manifold damage", kinds: thrusters, count: -3},
		{name: "FTL core disruption", kinds: ftl, count: 1},
		{name: "catastrophic drive damage", kinds: stl, count: countAll},
		{name: "massive thruster damage", kinds: thrusters, count: countAll},
		{name: "FTL core implosion", kinds: ftl, op: opFTLImplosion, hull: 1},
	},
	{ // 4 weapon systems (kinds nil: weapon copies)
		{name: "mounting damaged", count: 1},
		{name: "minor power loss", count: emsTimes(1)},
		{name: "containment failure", count: 2, hull: 1},
		{name: "power node burnout", count: emsTimes(2)},
		{name: "weapon feed detonation", count: 3, hull: 2},
		{name: "cascade power failure", count: emsTimes(3)},
	},
	{ // 5 crew systems
		{name: "minor bulkhead failure", op: opCrew, hull: 1},
		{name: "minor atmospheric venting", op: opCrew, hull: 2},
		{name: "major bulkhead failure", op: opCrew, hull: 3},
		{name: "major atmospheric venting", op: opCrew, hull: 4},
		{name: "catastrophic bulkhead failure", op: opCrew, hull: 5},
		{name: "complete atmospheric evacuation", op: opCrew, hull: 0},
	},
	{ // 6 primary systems
		{name: "power fluctuation", op: opReactorTurn},
		{name: "bridge damage", kinds: []kind{kBridge}, count: 1},
		{name: "coolant leak", op: opReactor},
		{name: "internal systems malfunction", kinds: []kind{kLifeSupport}, count: 1},
		{name: "reactor meltdown", op: opMeltdown},
		{name: "reactor implosion", op: opDetonate},
	},
	{ // 7 structure
		{name: "minor hull breach", op: opHull, hull: 1},
		{name: "internal buckling", op: opHull, hull: 2},
		{name: "major plasma fire", op: opLayer},
		{name: "structural failure", op: opHull, hull: 3},
		{name: "major hull breach", op: opHull, hull: 4},
		{name: "cascade structural collapse", op: opSection},
	},
	{ // 8 compound criticals
		{name: "engineering systems disrupted (compound)", op: opCompound, cats: [2]int{1, 2}},
		{name: "secondary command net disrupted (compound)", op: opCompound, cats: [2]int{1, 3}},
		{name: "major combat systems damage", op: opCompound, cats: [2]int{2, 4}},
		{name: "cascade weapon destruction", op: opCompound, cats: [2]int{4, 7}},
		{name: "critical structural failure", op: opCompound, cats: [2]int{5, 7}},
		{name: "internal explosions", op: opCompound, cats: [2]int{6, 7}},
	},
}

// resolveCrits adjudicates every pending critical of t (rules §1.3.7),
// section by section; criticals that damage the hull may score more,
// which are resolved in the same call.
func (b *battle) resolveCrits(t *shipState) {
	for guard := 0; guard < 1000; guard++ {
		si := -1
		for i := 0; i < nSec; i++ {
			if t.crits[i] > 0 {
				si = i
				break
			}
		}
		if si < 0 || t.destroyed {
			clear(t.crits[:])
			return
		}
		t.crits[si]--
		if t.secDead[si] {
			continue
		}
		b.crit(t, si, b.roll(8), b.roll(6), false)
	}
}

// crit applies category cat, effect eff on section si.
func (b *battle) crit(t *shipState, si, cat, eff int, upgraded bool) {
	if t.destroyed || t.secDead[si] {
		return
	}
	e := &critChart[cat-1][eff-1]
	if b.applyCrit(t, si, e) {
		b.tracef("critical on section %d: %s", si, e.name)
		return
	}
	if !upgraded && cat < 8 {
		b.crit(t, si, cat+1, eff, true)
		return
	}
	b.tracef("critical on section %d: %s cannot apply, ignored", si, e.name)
}

// applyCrit applies e and reports whether it could.
func (b *battle) applyCrit(t *shipState, si int, e *critEffect) bool {
	s := t.s
	switch e.op {
	case opCompound:
		for _, c := range e.cats {
			b.crit(t, si, c, b.roll(6), false)
		}
		return true
	case opHull:
		b.directHull(t, si, e.hull*s.ems)
		return true
	case opLayer:
		if l := t.topLayer(si); l >= 0 {
			t.hits[l] = 0
			b.layerDestroyed(t, si, l)
		}
		return true
	case opSection:
		for i := s.layerAt[si]; i < s.layerAt[si+1]; i++ {
			t.hits[i], t.crew[i], t.marines[i] = 0, 0, 0
		}
		b.sectionDestroyed(t, si)
		return true
	case opCrew:
		crew, marines := t.people(si)
		if crew+marines == 0 {
			return false
		}
		lose := crew + marines
		if e.hull > 0 {
			lose = e.hull * s.secs[si].ls
		}
		t.losePeople(si, lose)
		return true
	case opReactorTurn, opReactor, opMeltdown, opDetonate:
		ri := -1
		for i, in := range s.systems {
			if in.k == kReactor && int(in.sec) == si && !t.sysOff[i] {
				ri = i
				break
			}
		}
		if ri < 0 {
			return false
		}
		switch e.op {
		case opReactorTurn:
			t.reactorOffTurn[si] = true
		case opReactor:
			t.sysOff[ri] = true
		case opMeltdown:
			t.sysOff[ri] = true
			t.meltdown = append(t.meltdown, ri)
		case opDetonate:
			t.sysOff[ri] = true
			b.detonate(t, ri)
		}
		return true
	case opFTLImplosion:
		best := -1
		for i, in := range s.systems {
			if in.k >= kFTLPrimitive && in.k <= kFTLAdvanced && int(in.sec) == si && t.works(i) &&
				(best < 0 || in.k > s.systems[best].k) {
				best = i
			}
		}
		if best < 0 {
			return false
		}
		t.sysOff[best] = true
		b.ftlDisabled(t, best)
		b.directHull(t, si, e.hull*s.ems)
		return true
	}
	// Disable systems, or weapon copies when kinds is nil.
	n := e.count
	switch {
	case n <= -100:
		n = (-n - 100) * s.ems
	case n < 0:
		n = b.roll(-n)
	}
	if e.kinds == nil {
		var cand [64]int
		c := cand[:0]
		for i := range s.copies {
			if int(s.copies[i].sec) == si && !t.copyOff[i] {
				c = append(c, i)
			}
		}
		if len(c) == 0 {
			return false
		}
		if n == countAll || n >= len(c) {
			for _, i := range c {
				t.copyOff[i] = true
			}
		} else {
			for k := 0; k < n; k++ {
				j := k + b.rng.IntN(len(c)-k)
				c[k], c[j] = c[j], c[k]
				t.copyOff[c[k]] = true
			}
		}
		if e.hull > 0 {
			b.directHull(t, si, e.hull*s.ems)
		}
		return true
	}
	var cand [64]int
	c := cand[:0]
	for i, in := range s.systems {
		if int(in.sec) != si || t.sysOff[i] || t.sysGone[i] {
			continue
		}
		for _, k := range e.kinds {
			if in.k == k {
				c = append(c, i)
				break
			}
		}
	}
	if len(c) == 0 {
		return false
	}
	if n != countAll && n < len(c) {
		for k := 0; k < n; k++ {
			j := k + b.rng.IntN(len(c)-k)
			c[k], c[j] = c[j], c[k]
		}
		c = c[:n]
	}
	for _, i := range c {
		t.sysOff[i] = true
		if k := s.systems[i].k; k >= kFTLPrimitive && k <= kFTLAdvanced {
			b.ftlDisabled(t, i)
		}
	}
	return true
}

// losePeople crosses off n crew and marine parties of section si, as
// evenly as the layers allow, upper parties first.
func (t *shipState) losePeople(si, n int) {
	for n > 0 {
		took := false
		for i := t.s.layerAt[si]; i < t.s.layerAt[si+1] && n > 0; i++ {
			if t.hits[i] <= 0 {
				continue
			}
			if t.crew[i] > 0 {
				t.crew[i]--
				n--
				took = true
			}
			if n > 0 && t.marines[i] > 0 {
				t.marines[i]--
				n--
				took = true
			}
		}
		if !took {
			return
		}
	}
}

// detonate blows reactor ri: damage equal to its rating to its section,
// the rest to the core (energy, no defences); the blast beyond a
// destroyed core is not played (docs/simulation.md).
func (b *battle) detonate(t *shipState, ri int) {
	in := &t.s.systems[ri]
	rating := 1
	for _, r := range t.s.Eval.Reactors {
		if secIndex(r.Section) == int(in.sec) {
			rating = max(rating, r.Rating)
		}
	}
	b.tracef("reactor in section %d detonates: %d damage", in.sec, rating)
	si := int(in.sec)
	left := rating - t.hull(si)
	b.directHull(t, si, rating)
	if left > 0 && si != secCore {
		b.directHull(t, secCore, left)
	}
}

// ftlDisabled: an FTL drive disabled while warming up overloads: 1D20 hull
// hits to its section, and the drive is destroyed (rules §1.2.3).
func (b *battle) ftlDisabled(t *shipState, i int) {
	if t.ftlCharge == 0 && !t.ftlReady {
		return
	}
	t.ftlCharge, t.ftlReady = 0, false
	t.sysGone[i] = true
	d := b.roll(20)
	b.tracef("FTL disabled while warming: %d hull hits", d)
	b.directHull(t, int(t.s.systems[i].sec), d)
}
