package designer

import "fmt"

// Range is an inclusive range of whole numbers.
type Range struct{ Lo, Hi int }

// Has reports whether n lies in r.
func (r Range) Has(n int) bool { return n >= r.Lo && n <= r.Hi }

// String is "1-5".
func (r Range) String() string { return fmt.Sprintf("%d-%d", r.Lo, r.Hi) }

// DieRange is an inclusive range of dice by their sides.
type DieRange struct{ Lo, Hi Die }

// Has reports whether d is a die in r.
func (r DieRange) Has(d Die) bool { return d.InRange(r.Lo, r.Hi) }

// String is "D2-D6".
func (r DieRange) String() string { return string(r.Lo) + "-" + string(r.Hi) }

// Dice lists the dice of r, smallest first.
func (r DieRange) Dice() []Die {
	var out []Die
	for _, d := range Dice {
		if r.Has(d) {
			out = append(out, d)
		}
	}
	return out
}

// The ranges of the tier limit and of the qualities a design sets and a
// fleet buys (rules §2 and §8). Documents, options, flags and query
// parameters are all checked against these.
var (
	// Tiers are the tiers a tier limit may name.
	Tiers = Range{1, 3}
	// CrewQualities are the crew qualities, 1 (green) to 5 (elite).
	CrewQualities = Range{1, 5}
	// CommandQualities are the command quality dice.
	CommandQualities = DieRange{"D2", "D6"}
	// DamageControls are the damage-control quality dice.
	DamageControls = DieRange{"D4", "D6"}
)
