package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"github.com/slipway/slipway/data"
)

// Deployment by the encounter system (rules §4.0.0, metaverse-rules.txt
// l. 3821-3843 and 3924-4000). Both sides roll their flagship's command
// die (D1 without one), plus two when the other side fields a ship with
// no FTL drive; the higher roll wins the initiative and the difference
// says which encounters the winner may choose (a tie: a meeting
// engagement). The encounters, their zones and the table they are laid on
// are data: data/fleetrules.json, the same table package fleet checks a
// fleet's deployment with.

// deployZone is one deployment zone: the most of a side's CV it may hold,
// its area in shares of the table's length and width, and the turns it
// adds to the starting velocity roll.
type deployZone struct {
	Zone       string     `json:"zone"`
	MaxShare   int        `json:"maxShare"`
	Area       [4]float64 `json:"area"`
	StartTurns int        `json:"startTurns"`
}

type deployEncounter struct {
	ID            string       `json:"id"`
	Name          string       `json:"name"`
	MinDifference int          `json:"minDifference"`
	Attacker      []deployZone `json:"attacker"`
	Defender      []deployZone `json:"defender"`
}

// deployFacts are the encounters as the simulator plays them: one
// attacker zone against the defender's zone, with the mean distance
// between a point of each.
type deployFacts struct {
	Length, Width float64
	Encounters    []deployEncounter
	// Options are the (encounter, attacker zone) pairs a whole side can
	// deploy in: zones that may hold all of its CV, against a defender
	// zone that may.
	Options []deployOption
}

type deployOption struct {
	enc, zone int
	mean      float64 // mean distance, cm
}

var deployment = sync.OnceValue(func() *deployFacts {
	var raw struct {
		Table struct {
			Length float64 `json:"length"`
			Width  float64 `json:"width"`
		} `json:"table"`
		Encounters []deployEncounter `json:"encounters"`
	}
	if err := json.Unmarshal(data.FleetRulesJSON(), &raw); err != nil {
		panic(fmt.Sprintf("sim: data/fleetrules.json: %v", err))
	}
	f := &deployFacts{Length: raw.Table.Length, Width: raw.Table.Width, Encounters: raw.Encounters}
	if f.Length <= 0 || f.Width <= 0 || len(f.Encounters) == 0 || f.Encounters[0].MinDifference > 1 {
		panic("sim: data/fleetrules.json: a table and encounters, the first open to any difference, are required")
	}
	for ei, e := range f.Encounters {
		if len(e.Defender) != 1 || e.Defender[0].MaxShare < 100 {
			continue
		}
		for zi, z := range e.Attacker {
			if z.MaxShare >= 100 {
				f.Options = append(f.Options, deployOption{ei, zi, f.meanDistance(z.Area, e.Defender[0].Area)})
			}
		}
	}
	if len(f.Options) == 0 || f.Options[0].enc != 0 {
		panic("sim: data/fleetrules.json: the first encounter must let a whole side deploy in one zone")
	}
	return f
})

// point is the point at shares (u, v) of area a, in cm.
func (f *deployFacts) point(a [4]float64, u, v float64) (x, y float64) {
	return (a[0] + (a[2]-a[0])*u) * f.Length, (a[1] + (a[3]-a[1])*v) * f.Width
}

// meanDistance is the mean distance between a point drawn uniformly in
// area a and one in area b (midpoint rule, 12 points an axis).
func (f *deployFacts) meanDistance(a, b [4]float64) float64 {
	const n = 12
	sum := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			ax, ay := f.point(a, (float64(i)+0.5)/n, (float64(j)+0.5)/n)
			for k := 0; k < n; k++ {
				for l := 0; l < n; l++ {
					bx, by := f.point(b, (float64(k)+0.5)/n, (float64(l)+0.5)/n)
					sum += math.Hypot(ax-bx, ay-by)
				}
			}
		}
	}
	return sum / (n * n * n * n)
}

// edge is how far a ship at (x, y) can move straight away from one at
// (ex, ey) before it reaches the table's edge, in cm.
func (f *deployFacts) edge(x, y, ex, ey float64) float64 {
	ux, uy := x-ex, y-ey
	n := math.Hypot(ux, uy)
	if n == 0 {
		return 0
	}
	ux, uy = ux/n, uy/n
	t := math.Inf(1)
	if ux > 0 {
		t = min(t, (f.Length-x)/ux)
	} else if ux < 0 {
		t = min(t, -x/ux)
	}
	if uy > 0 {
		t = min(t, (f.Width-y)/uy)
	} else if uy < 0 {
		t = min(t, -y/uy)
	}
	return max(0, t)
}

// deploySetup is what the encounter system decided for one battle.
type deploySetup struct {
	initiative [2]int // the rolls, bonus included
	encounter  string
	attacker   int // the side that chose (the initiative winner; side 0 on a tie)
	dist       int
	startTurns [2]int // added to each side's starting velocity roll
	room       [2]int // how far each side can open the range before its table edge
}

// noFTL reports whether side fields a ship without an FTL drive.
func (b *battle) noFTL(side int) bool {
	for _, st := range b.sides[side] {
		if st.s.ftl == kOther {
			return true
		}
	}
	return false
}

// deploy plays the encounter system: the initiative, the winner's choice
// of encounter and zone, and where each side stands in its zone. A side
// is one point (docs/simulation.md, Abstractions): it deploys whole in
// one zone, so the winner chooses among the encounters and zones that may
// hold a whole side (a meeting engagement, or a flank attack from the
// main zone), the one whose mean distance is nearest the range it wants
// (preferredRange), the first on a tie; where in its zone each side
// stands is drawn (1D1000 along each axis), not chosen.
func (b *battle) deploy() deploySetup {
	f := deployment()
	var d deploySetup
	for side := 0; side < 2; side++ {
		die := 1
		if fl := b.flag[side]; fl != nil {
			die = fl.s.cmdSides
		}
		d.initiative[side] = b.roll(die)
		if b.noFTL(1 - side) {
			d.initiative[side] += 2
		}
	}
	diff := d.initiative[0] - d.initiative[1]
	if diff < 0 {
		d.attacker, diff = 1, -diff
	}
	opt := f.Options[0]
	if diff > 0 {
		b.dist = int(math.Round(opt.mean))
		want := float64(b.preferredRange(d.attacker))
		best := math.Inf(1)
		for _, o := range f.Options {
			if f.Encounters[o.enc].MinDifference > diff {
				continue
			}
			if g := math.Abs(o.mean - want); g < best-1e-9 {
				opt, best = o, g
			}
		}
	}
	e := &f.Encounters[opt.enc]
	z := &e.Attacker[opt.zone]
	draw := func() float64 { return (float64(b.roll(1000)) - 0.5) / 1000 }
	ax, ay := f.point(z.Area, draw(), draw())
	dx, dy := f.point(e.Defender[0].Area, draw(), draw())
	d.encounter = e.ID
	d.dist = clamp(int(math.Round(math.Hypot(ax-dx, ay-dy))), 0, 200)
	d.room[d.attacker] = int(math.Round(f.edge(ax, ay, dx, dy)))
	d.room[1-d.attacker] = int(math.Round(f.edge(dx, dy, ax, ay)))
	d.startTurns[d.attacker] = z.StartTurns
	d.startTurns[1-d.attacker] = e.Defender[0].StartTurns
	b.tracef("initiative %d against %d: %s, side %d deploys in its %s zone, %d cm apart",
		d.initiative[0], d.initiative[1], e.Name, d.attacker, z.Zone, d.dist)
	return d
}
