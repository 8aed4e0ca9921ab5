package sim

import (
	"math"
	"sort"

	"github.com/slipway/slipway/costing"
)

// The field: what a hold-out design scores against generated designs of
// about its CV, the population every CV model was fitted on and the
// calibration plays. Fair CV (holdout.go) asks one opponent, the
// Reference Cruiser scaled; a design that one opponent out-ranges or
// cannot hurt shows far from 1 there and may be fair against the field,
// and a design that is far from 1 against both is one the model misprices
// (docs/calibration.md, "Hold-out").
const (
	// fieldPool is how many generated designs the field is drawn from.
	fieldPool = 3000
	// fieldOpponents is the most opponents a design meets, evenly spread
	// over those within fieldWithin of its CV.
	fieldOpponents = 40
	fieldWithin    = 0.1
	// fieldSeed keeps the field's designs apart from any calibration
	// seed's (the generator at seed s; the field at s ^ fieldSeed).
	fieldSeed = 0x6669656c64
)

// FieldScore is a design's score against the field.
type FieldScore struct {
	// Opponents is how many generated designs it met; 0 when none lies
	// within 10 % of its CV.
	Opponents int
	// Score is its wins plus half its draws over all those duels.
	Score float64
	// Ratio is the CV ratio the model's win-chance curve (ForecastBeta)
	// gives that score: (Score / (1 - Score))^(1 / beta), 1 for an even
	// score. A score of 0 or 1 counts as half a duel from it.
	Ratio float64
}

// fieldShips generates and compiles the field under m: fieldPool legal
// designs of the calibration generator at seed ^ fieldSeed, every style
// in turn.
func fieldShips(m *costing.Model, seed uint64) ([]*Ship, error) {
	g := NewGenerator(seed^fieldSeed, m.Catalogue())
	var out []*Ship
	for i := 0; len(out) < fieldPool; i++ {
		d, err := g.Design(Styles[i%len(Styles)], i)
		if err != nil {
			return nil, err
		}
		s, err := Compile(m, d)
		if err != nil {
			return nil, err
		}
		if s.Eval.Legal && s.Eval.CV > 0 {
			out = append(out, s)
		}
	}
	return out, nil
}

// fieldOpponentsOf picks s's opponents from field: those within 10 % of
// its CV, ordered by CV (then by their place in the field), at most
// fieldOpponents of them spread evenly over that order.
func fieldOpponentsOf(s *Ship, field []*Ship) []*Ship {
	c := float64(s.Eval.CV)
	var near []*Ship
	for _, o := range field {
		if r := float64(o.Eval.CV) / c; r >= 1-fieldWithin && r <= 1+fieldWithin {
			near = append(near, o)
		}
	}
	sort.SliceStable(near, func(i, j int) bool { return near[i].Eval.CV < near[j].Eval.CV })
	if len(near) <= fieldOpponents {
		return near
	}
	out := make([]*Ship, fieldOpponents)
	for k := range out {
		out[k] = near[k*len(near)/fieldOpponents]
	}
	return out
}

// FieldValue duels s against its opponents in field, duels battles each
// (opponent k on seed + k), and reads the score through beta.
func FieldValue(s *Ship, field []*Ship, duels int, seed uint64, beta float64, opt Options) FieldScore {
	return scoreAgainst(s, fieldOpponentsOf(s, field), duels, seed, beta, opt)
}

// scoreAgainst duels s against each of opp, duels battles each (opponent
// k on seed + k), and reads the score through beta.
func scoreAgainst(s *Ship, opp []*Ship, duels int, seed uint64, beta float64, opt Options) FieldScore {
	out := FieldScore{Opponents: len(opp)}
	if len(opp) == 0 {
		return out
	}
	var won float64
	n := 0
	for k, o := range opp {
		r := Run([]*Ship{s}, []*Ship{o}, duels, seed+uint64(k), 1, opt)
		won += float64(r.Wins[0]) + 0.5*float64(r.Draws)
		n += r.Runs
	}
	out.Score = won / float64(n)
	out.Ratio = scoreRatio(out.Score, n, beta)
	return out
}

// scoreRatio inverts the win-chance curve: the CV ratio whose predicted
// score is p, p kept half a duel inside 0 and 1 over n duels.
func scoreRatio(p float64, n int, beta float64) float64 {
	e := 0.5 / float64(max(1, n))
	p = math.Min(math.Max(p, e), 1-e)
	if beta <= 0 {
		beta = 1
	}
	return math.Pow(p/(1-p), 1/beta)
}
