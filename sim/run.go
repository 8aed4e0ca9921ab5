package sim

import (
	"context"
	"math"
	"math/rand/v2"
)

// Result sums many battles between two sides.
type Result struct {
	Runs  int    `json:"runs"`
	Wins  [2]int `json:"wins"`
	Draws int    `json:"draws"`
	// Turns and ShipTurns are summed over all battles.
	Turns     int `json:"turns"`
	ShipTurns int `json:"shipTurns"`
	// Tally sums the battles' tallies (a forecast's reason); left out of
	// the simulate report.
	Tally Tally `json:"-"`
}

// WinRate is side's share of the battles won, draws counting half.
func (r Result) WinRate(side int) float64 {
	if r.Runs == 0 {
		return 0
	}
	return (float64(r.Wins[side]) + 0.5*float64(r.Draws)) / float64(r.Runs)
}

// MeanTurns is the mean length of a battle in turns.
func (r Result) MeanTurns() float64 {
	if r.Runs == 0 {
		return 0
	}
	return float64(r.Turns) / float64(r.Runs)
}

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / den
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, c-h), min(1, c+h)
}

func (r *Result) add(o Outcome) {
	r.Runs++
	if o.Winner < 0 {
		r.Draws++
	} else {
		r.Wins[o.Winner]++
	}
	r.Turns += o.Turns
	r.ShipTurns += o.ShipTurns
	r.Tally.add(&o.Tally)
}

func (r *Result) merge(o Result) {
	r.Runs += o.Runs
	r.Wins[0] += o.Wins[0]
	r.Wins[1] += o.Wins[1]
	r.Draws += o.Draws
	r.Turns += o.Turns
	r.ShipTurns += o.ShipTurns
	r.Tally.add(&o.Tally)
}

// Battle plays one battle between sides a and b; battle number i of a
// run with seed seed. The same arguments give the same outcome.
func Battle(a, b []*Ship, seed uint64, i int, opt Options) Outcome {
	return newBattle(a, b, opt).play(battleRand(seed, i))
}

// battleRand is the random source of battle i of a run: every battle has
// its own stream, so results never depend on how battles are spread over
// workers.
func battleRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
}

// Run plays battles 0..runs-1 between a and b on workers goroutines (0:
// one per CPU) and sums them. The result depends only on the sides, runs,
// seed and options.
func Run(a, b []*Ship, runs int, seed uint64, workers int, opt Options) Result {
	r, _ := RunContext(context.Background(), a, b, runs, seed, workers, opt)
	return r
}
