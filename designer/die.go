package designer

import "strconv"

// Die is a die code such as "D6" (rules §1). D1 always rolls 1.
type Die string

// Dice lists every legal die in order.
var Dice = []Die{"D1", "D2", "D3", "D4", "D5", "D6", "D8", "D10", "D12"}

// Sides returns the number of faces, or 0 when d is not a legal die.
func (d Die) Sides() int {
	for _, x := range Dice {
		if x == d {
			n, _ := strconv.Atoi(string(d[1:]))
			return n
		}
	}
	return 0
}

// Valid reports whether d is one of Dice.
func (d Die) Valid() bool { return d.Sides() > 0 }

// Mean returns the average face of the die, (sides+1)/2.
func (d Die) Mean() float64 {
	n := d.Sides()
	if n == 0 {
		return 0
	}
	return float64(n+1) / 2
}

// InRange reports whether d is a legal die between lo and hi inclusive.
func (d Die) InRange(lo, hi Die) bool {
	n := d.Sides()
	return n > 0 && n >= lo.Sides() && n <= hi.Sides()
}
