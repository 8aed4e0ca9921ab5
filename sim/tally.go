package sim

// Means is how a side's damage reached an enemy's hull.
type Means uint8

// The means of damage a forecast tells apart.
const (
	ByGuns     Means = iota // direct fire, area-of-effect and reactive hits included
	ByMissiles              // indirect salvos
	ByFighters              // strike missions
	ByFTL                   // FTL attacks
	ByRam                   // rams
	nMeans
)

// Tally counts, over one battle or summed over many, what decided it:
// the hull damage each side dealt by each means, the direct damage
// dealt where the other side's guns could not answer, and the missiles
// each side's defences met and stopped. Index 0 and 1 are the sides.
type Tally struct {
	Damage [2][nMeans]int
	// Unanswered is direct damage a side dealt at a range where no ship
	// of the other side could fire back with a direct weapon.
	Unanswered [2]int
	// Incoming and Stopped count the enemy missiles that reached a
	// side's ships and those its weapons and fighters stopped.
	Incoming, Stopped [2]int
}

// Dealt is the hull damage side dealt by every means.
func (t *Tally) Dealt(side int) int {
	n := 0
	for _, d := range t.Damage[side] {
		n += d
	}
	return n
}

func (t *Tally) add(o *Tally) {
	for s := 0; s < 2; s++ {
		for m := range t.Damage[s] {
			t.Damage[s][m] += o.Damage[s][m]
		}
		t.Unanswered[s] += o.Unanswered[s]
		t.Incoming[s] += o.Incoming[s]
		t.Stopped[s] += o.Stopped[s]
	}
}

// hit is one pulse of by's attack on t, credited to by's side.
func (b *battle) hit(by *shipState, m Means, t *shipState, a int, at *attack) {
	d := b.pulse(t, a, at)
	b.tally.Damage[by.side][m] += d
	if m == ByGuns && !b.canAnswer(t.side) {
		b.tally.Unanswered[by.side] += d
	}
}

// canAnswer reports whether any ship of side could fire a direct weapon
// at an enemy at the current range, from the policy's damage tables;
// worked out once a turn.
func (b *battle) canAnswer(side int) bool {
	if b.answerTurn[side] == b.turn {
		return b.answer[side]
	}
	b.answerTurn[side] = b.turn
	b.answer[side] = false
	for _, st := range b.sides[side] {
		if !st.present() {
			continue
		}
		for _, e := range b.sides[1-side] {
			if e.present() && b.pol[st.id][e.id].at(b.dist, -1) > 0.05 {
				b.answer[side] = true
				return true
			}
		}
	}
	return false
}
