package sim

// Newtonian movement on the line between the sides (rules §1.2.2,
// l. 270-330; docs/simulation.md, abstraction 1). A newtonian ship keeps
// its momentum: vel is its own move each turn along the line, negative
// toward the enemy as a side's move is. Its drives change it: the thrust
// to add a point of momentum in a direction grows by one for every ten it
// already has in that direction (l. 300-308: "increasing from a momentum
// of nine to ten requires one point of thrust and increasing from ten to
// eleven requires two"), and thrust against the momentum takes off one
// point a point (l. 309-311). So a newtonian ship has no top speed, but it
// cannot stop or turn back at once: it brakes, which a cinematic ship
// never needs to.

// momentumCost is the thrust that changes momentum v by one point in the
// direction of step (+1 or -1): one more for every ten points already
// held that way, one to take a point off.
func momentumCost(v, step int) int {
	if v*step >= 0 { // adding in the direction it already holds (or from rest)
		return 1 + abs(v)/10
	}
	return 1
}

// momentumReach is the momentum a ship at v can reach this turn: up to
// lo with the thrust toward the enemy (toward, negative moves) and up to
// hi with the thrust away from it.
func momentumReach(v, toward, away int) (lo, hi int) {
	lo, hi = v, v
	for left := toward; ; lo-- {
		c := momentumCost(lo, -1)
		if c > left {
			break
		}
		left -= c
	}
	for left := away; ; hi++ {
		c := momentumCost(hi, 1)
		if c > left {
			break
		}
		left -= c
	}
	return lo, hi
}

// brakingSpeed is the highest closing (or opening) rate from which a ship
// that can take off brake points of momentum a turn stops within gap cm:
// moving v, v - brake, v - 2 brake, ... covers no more than gap.
func brakingSpeed(gap, brake int) int {
	if brake <= 0 {
		return gap
	}
	v := 0
	for {
		next := v + 1
		covered := 0
		for u := next; u > 0; u -= brake {
			covered += u
		}
		if covered > gap {
			return v
		}
		v = next
	}
}

// newtonThrust is the drive points a newtonian ship st can put toward the
// enemy and away from it this turn: its accelerating drives push it
// toward the enemy it faces and its decelerating drives away; a ship
// without decelerating drives flips and brakes on its main drives
// (l. 357-381).
func (b *battle) newtonThrust(st *shipState) (toward, away int) {
	if !st.bridge() {
		return 0, 0 // drifting
	}
	toward, away = b.driveWorks(st, true), b.driveWorks(st, false)
	if away == 0 {
		away = toward
	}
	return toward, away
}
