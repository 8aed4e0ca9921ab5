package sim

// boardingCombat is the boarding combat step (rules §2.2.5): in each
// section holding boarders, every party rolls: the defender 1D6 per
// marine party and its command die per crew party, the boarders (marines)
// 1D5; dice are compared highest against highest, the lower roll loses
// its party, ties lose both (the rule's text; its example gives ties to
// the defender). Boarders left alone in a section disable one system or
// weapon copy each; the defender first moves marines from other sections
// into the fight.
func (b *battle) boardingCombat() {
	for _, t := range b.ships {
		if t.out() {
			continue
		}
		for si := 0; si < nSec; si++ {
			if t.boarders[si] <= 0 || t.secDead[si] {
				continue
			}
			b.reinforce(t, si)
			var att, defM, defC [64]int
			a := att[:0]
			for k := 0; k < min(t.boarders[si], 64); k++ {
				a = append(a, b.roll(5))
			}
			crew, marines := t.people(si)
			dm, dc := defM[:0], defC[:0]
			for k := 0; k < min(marines, 64); k++ {
				dm = append(dm, b.roll(6))
			}
			for k := 0; k < min(crew, 64); k++ {
				dc = append(dc, b.roll(t.s.cmdSides))
			}
			sortDesc(a)
			// Merge the defender's dice, highest first, remembering the kind.
			type die struct {
				v      int
				marine bool
			}
			var dBuf [128]die
			d := dBuf[:0]
			for _, v := range dm {
				d = append(d, die{v, true})
			}
			for _, v := range dc {
				d = append(d, die{v, false})
			}
			for i := 1; i < len(d); i++ {
				for j := i; j > 0 && d[j].v > d[j-1].v; j-- {
					d[j], d[j-1] = d[j-1], d[j]
				}
			}
			lostA, lostM, lostC := 0, 0, 0
			for k := 0; k < len(a) && k < len(d); k++ {
				if a[k] <= d[k].v {
					lostA++
				}
				if d[k].v <= a[k] {
					if d[k].marine {
						lostM++
					} else {
						lostC++
					}
				}
			}
			t.boarders[si] -= lostA
			t.loseParties(si, lostC, lostM)
			b.tracef("boarding in section %d of %s: boarders lose %d, crew %d, marines %d", si, t.s.Name, lostA, lostC, lostM)
			if c, m := t.people(si); c+m == 0 && t.boarders[si] > 0 {
				b.sabotage(t, si, t.boarders[si])
			}
		}
	}
}

// commandLosses counts, for each ship still on the table, the morale
// conditions its commanders' losses meet (l. 1714-1718): a commander
// destroyed, off the table in a strategic jump (l. 536-540) or removed
// (as an FTL retreat, l. 512-516), checked once. To a ship it is its
// squadron commander when it commands the ship directly (l. 3790-3794),
// its wing commander one level up (l. 3801-3803), its division commander
// two (l. 3779-3781), and the
// flagship at the top: the flagship lost meets both conditions for the
// ships it leads directly. Ships outside the chain are not of the fleet
// (l. 3756-3758) and meet none.
func (b *battle) commandLosses() {
	for _, c := range b.ships {
		if c.lossChecked || !c.commandLost() || !c.inChain {
			continue
		}
		c.lossChecked = true
		flag := b.flag[c.side] == c
		for _, t := range b.sides[c.side] {
			if t == c || !t.present() {
				continue
			}
			level := 0
			for x := t.cmdBy; x != nil; x = x.cmdBy {
				level++
				if x == c {
					break
				}
			}
			if !t.underCommand(c) {
				continue
			}
			if level <= 3 {
				t.events++ // its squadron, wing or division commander
			}
			if flag {
				t.events++ // the flagship
			}
		}
	}
}

// underCommand reports whether c is st's commander or above it.
func (st *shipState) underCommand(c *shipState) bool {
	for x := st.cmdBy; x != nil; x = x.cmdBy {
		if x == c {
			return true
		}
	}
	return false
}

func sortDesc(x []int) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] > x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// loseParties crosses off crew and marine parties of section si.
func (t *shipState) loseParties(si, crew, marines int) {
	for i := t.s.layerAt[si]; i < t.s.layerAt[si+1]; i++ {
		if t.hits[i] <= 0 {
			continue
		}
		k := min(crew, t.crew[i])
		t.crew[i] -= k
		crew -= k
		k = min(marines, t.marines[i])
		t.marines[i] -= k
		marines -= k
	}
}

// reinforce moves marines from t's other sections into section si, up to
// the number of boarders.
func (b *battle) reinforce(t *shipState, si int) {
	_, have := t.people(si)
	want := t.boarders[si] - have
	for other := 0; other < nSec && want > 0; other++ {
		if other == si || t.secDead[other] || t.boarders[other] > 0 {
			continue
		}
		for i := t.s.layerAt[other]; i < t.s.layerAt[other+1] && want > 0; i++ {
			if t.hits[i] <= 0 || t.marines[i] == 0 {
				continue
			}
			k := min(want, t.marines[i])
			t.marines[i] -= k
			want -= k
			if l := t.topLayer(si); l >= 0 {
				t.marines[l] += k
			}
		}
	}
}

// sabotage: n unopposed boarders disable n working systems or weapon
// copies of section si, weapons first.
func (b *battle) sabotage(t *shipState, si, n int) {
	for ci := range t.s.copies {
		if n == 0 {
			return
		}
		if int(t.s.copies[ci].sec) == si && !t.copyOff[ci] {
			t.copyOff[ci] = true
			n--
		}
	}
	for i, in := range t.s.systems {
		if n == 0 {
			return
		}
		if int(in.sec) == si && !t.sysOff[i] && !t.sysGone[i] && in.k != kLifeSupport {
			t.sysOff[i] = true
			n--
		}
	}
}

// repairPriority orders disabled systems for the damage control teams.
func repairPriority(k kind) int {
	switch k {
	case kReactor:
		return 0
	case kBridge:
		return 1
	case kSensor:
		return 2
	case kLifeSupport:
		return 3
	case kShieldBasic, kShieldAdaptive, kShieldModulated, kDeflector:
		return 4
	case kEWArray, kECM, kStealth:
		return 6
	case kSTLPrimitive, kSTLBasic, kSTLAdvanced, kThruster:
		return 7
	case kHangar, kSoC:
		return 8
	}
	return 9
}

// repair is the repair step (rules §2.3): spent countermeasure pods,
// ablative plates lost on arcs hit in the hull, adaptive shields adapt,
// shields regenerate; damage control teams fix disabled systems (a roll
// of the damage control die at or under the crew parties used, borrowed
// core crew included); a technological hull mends one hull hit per spare
// crew party, a biological one regrows its life support rating per
// section and spends a hull hit to mend each system still down; reactors
// in meltdown that are not fixed detonate; life support left disabled
// loses its section's crew and marines.
func (b *battle) repair() {
	for _, t := range b.ships {
		if t.out() {
			continue
		}
		for a := 0; a < nArc; a++ {
			if t.hitArcs&(1<<uint(a)) != 0 && t.ablative[a] > 0 {
				t.ablative[a]--
			}
		}
		for si := range t.reactorOffTurn {
			t.reactorOffTurn[si] = false
		}
		coreSpare := 0
		if t.boarders[secCore] == 0 && !t.secDead[secCore] {
			coreSpare, _ = t.people(secCore)
		}
		for si := 0; si < nSec; si++ {
			if t.secDead[si] || t.boarders[si] > 0 {
				continue
			}
			crew, _ := t.people(si)
			avail := crew
			if si != secCore {
				avail += min(crew, coreSpare) // borrowed from the core
			}
			used := b.fixSection(t, si, avail)
			spare := max(0, crew-used)
			if si == secCore {
				coreSpare = spare
			} else {
				coreSpare -= max(0, used-crew)
			}
			switch t.s.hull {
			case "technological":
				b.mend(t, si, spare)
			case "biological":
				b.mend(t, si, t.s.secs[si].ls)
				for i, in := range t.s.systems {
					if int(in.sec) == si && t.sysOff[i] && !t.sysGone[i] {
						if l := t.topLayer(si); l >= 0 && t.hits[l] > 1 {
							t.hits[l]--
							t.sysOff[i] = false
						}
					}
				}
			}
		}
		for _, ri := range t.meltdown {
			if t.sysOff[ri] && !t.secDead[t.s.systems[ri].sec] {
				b.detonate(t, ri)
			}
		}
		t.meltdown = t.meltdown[:0]
		for i, in := range t.s.systems {
			if in.k == kLifeSupport && t.sysOff[i] && !t.secDead[in.sec] {
				t.losePeople(int(in.sec), 1<<20)
			}
		}
		for a := 0; a < nArc; a++ {
			any, regen, adaptive := t.shieldGens(a)
			if !any {
				t.shields[a] = 0
				continue
			}
			if si, through := t.hitSection(a); through || si != int(t.s.arcs[a].sec) {
				continue
			}
			t.shields[a] = min(t.s.arcs[a].shieldMax, t.shields[a]+regen)
			if t.shieldLost && adaptive > 0 {
				t.adapt[a] = min(adaptive, t.adapt[a]+1)
			}
		}
		b.resolveCrits(t)
	}
}

// fixSection spends up to avail crew parties on section si's disabled
// systems and weapon copies, most needed first, as many on each as
// make the repair certain, and returns the parties used.
func (b *battle) fixSection(t *shipState, si, avail int) int {
	used := 0
	dc := t.s.dcSides
	for pri := 0; pri <= 9 && avail > 0; pri++ {
		for i, in := range t.s.systems {
			if avail == 0 {
				break
			}
			if int(in.sec) != si || !t.sysOff[i] || t.sysGone[i] || repairPriority(in.k) != pri {
				continue
			}
			n := min(avail, dc)
			avail -= n
			used += n
			if b.roll(dc) <= n {
				t.sysOff[i] = false
			}
		}
		if pri == 5 {
			for ci := range t.s.copies {
				if avail == 0 {
					break
				}
				if int(t.s.copies[ci].sec) != si || !t.copyOff[ci] {
					continue
				}
				n := min(avail, dc)
				avail -= n
				used += n
				if b.roll(dc) <= n {
					t.copyOff[ci] = false
				}
			}
		}
	}
	return used
}

// mend restores up to n hull hits to section si's standing layers.
func (b *battle) mend(t *shipState, si, n int) {
	for li, l := range t.s.secs[si].layers {
		i := t.s.layerAt[si] + li
		if t.hits[i] <= 0 {
			continue
		}
		k := min(n, l.hits-t.hits[i])
		t.hits[i] += k
		n -= k
		if n == 0 {
			return
		}
	}
}

// morale is the morale step (rules §2.3.2, l. 1706-1730): a ship that
// lost a section this turn, or whose flagship, division, wing or
// squadron commander was lost (commandLosses), rolls its command die, less
// one for every condition met before; under 1 it leaves the battle. A
// starfighter squadron checks once when it first falls below strength and
// once when its carrier is destroyed, on its carrier's command die.
func (b *battle) morale() {
	b.commandLosses()
	for _, t := range b.ships {
		if t.out() || t.events == 0 {
			continue
		}
		r := b.roll(t.s.cmdSides) - t.moraleMods
		t.moraleMods += t.events
		if r < 1 {
			t.removed = true
			b.tracef("%s fails its morale check and leaves the battle", t.s.Name)
		}
	}
	// Starfighter squadron below strength, carrier destroyed (l. 1720-
	// 1721): each once, on the carrier's command die.
	for _, m := range b.missions {
		for i := range m.squads {
			sq := &m.squads[i]
			if sq.strength <= 0 {
				continue
			}
			events := 0
			if !sq.below && sq.strength < m.def(i).strength {
				sq.below = true
				events++
			}
			if !sq.orphan && m.owner.destroyed {
				sq.orphan = true
				events++
			}
			if events == 0 {
				continue
			}
			r := b.roll(m.owner.s.cmdSides) - sq.moraleMods
			sq.moraleMods += events
			if r < 1 {
				sq.strength = 0
				b.tracef("a squadron of %s fails its morale check and leaves the battle", m.owner.s.Name)
			}
		}
	}
}
