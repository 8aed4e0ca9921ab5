package fleet

import "github.com/slipway/slipway/designer"

// Side is one fleet's part in the encounter set-up (rules §4.0.0).
type Side struct {
	Name string `json:"name"`
	CV   int    `json:"cv"`
	// Flagship is the flagship's id ("" without a chain of command); Die
	// its command quality, or D1 without a flagship.
	Flagship string       `json:"flagship,omitempty"`
	Die      designer.Die `json:"die"`
	// Bonus is +2 when the opponent fields a ship without an FTL drive.
	Bonus int `json:"bonus"`
	// Win is the chance this side wins the initiative roll.
	Win float64 `json:"win"`
}

// EncounterSetup is what the encounter system decides before deployment:
// each side's initiative roll, the chance of a meeting engagement (a
// tie), and which encounters each difference of rolls offers the winner.
type EncounterSetup struct {
	A Side `json:"a"`
	B Side `json:"b"`
	// EqualCV says whether the two fleets have equal combat value, as the
	// encounter system requires.
	EqualCV bool    `json:"equalCV"`
	Tie     float64 `json:"tie"`
	// Options lists, for each difference from 1, the encounters the
	// winner may choose; Chance the probability of that difference.
	Options []EncounterOption `json:"options"`
}

// EncounterOption is what one difference of initiative rolls offers.
type EncounterOption struct {
	Difference int      `json:"difference"` // the last entry stands for this or more
	Chance     float64  `json:"chance"`
	Encounters []string `json:"encounters"`
}

// side derives a side's initiative from its evaluation; opp is the
// opponent's.
func side(f *Fleet, r, opp *Result) Side {
	s := Side{Name: r.Name, CV: r.Totals.CV, Die: "D1", Flagship: r.Flagship}
	for _, sh := range r.Ships {
		if sh.ID == r.Flagship && r.Flagship != "" && sh.Quality.Command != "" {
			s.Die = sh.Quality.Command
		}
	}
	for _, sh := range opp.Ships {
		if sh.Design != nil && !sh.FTL {
			s.Bonus = 2
			break
		}
	}
	return s
}

// Encounter sets up an encounter between fleet a (evaluated as ra) and
// fleet b (rb): each rolls its flagship's command quality die (D1 without
// a flagship), plus two when the opponent fields a ship without FTL; the
// higher roll wins the initiative and the difference says which
// encounters the winner may choose; a tie is a meeting engagement.
func (e *Evaluator) Encounter(a *Fleet, ra *Result, b *Fleet, rb *Result) *EncounterSetup {
	out := &EncounterSetup{A: side(a, ra, rb), B: side(b, rb, ra), EqualCV: ra.Totals.CV == rb.Totals.CV}
	top := 1
	for _, enc := range e.facts.Encounters {
		top = max(top, enc.MinDifference)
	}
	diff := make([]float64, top+1)
	na, nb := max(1, out.A.Die.Sides()), max(1, out.B.Die.Sides())
	p := 1 / float64(na*nb)
	for x := 1; x <= na; x++ {
		for y := 1; y <= nb; y++ {
			d := (x + out.A.Bonus) - (y + out.B.Bonus)
			switch {
			case d > 0:
				out.A.Win += p
			case d < 0:
				out.B.Win += p
			default:
				out.Tie += p
			}
			if d < 0 {
				d = -d
			}
			if d > 0 {
				diff[min(d, top)] += p
			}
		}
	}
	for d := 1; d <= top; d++ {
		o := EncounterOption{Difference: d, Chance: diff[d]}
		for _, enc := range e.facts.Encounters {
			if enc.MinDifference <= d {
				o.Encounters = append(o.Encounters, enc.ID)
			}
		}
		out.Options = append(out.Options, o)
	}
	return out
}
