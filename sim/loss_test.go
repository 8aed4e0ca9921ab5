package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/slipway/slipway/designer"
)

// TestLossesAgreeWithBattle: table mode's answer (Losses, from the hull
// hits a player crosses off) and the battle's (layerDestroyed and
// sectionDestroyed as damage lands) are the same consequences. Random
// ships take random raking and direct hull damage; after every blow the
// hull left, the layers' crew and marines, the criticals due on each
// section, the sections lost, the morale conditions and the ship's
// destruction read from the battle equal those Losses works out from the
// hits alone.
func TestLossesAgreeWithBattle(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	layers := func() []designer.Layer {
		var ls []designer.Layer
		for n := 1 + rng.IntN(3); n > 0; n-- {
			ls = append(ls, designer.Layer{HullHits: 1 + rng.IntN(6), Crew: rng.IntN(3), Marines: rng.IntN(2)})
		}
		return ls
	}
	blows, sectionsLost, destroyed := 0, 0, 0
	for ship := 0; ship < 60; ship++ {
		s := testShip(t, "loss", []int{1}, nil, func(d *designer.Design) {
			d.Sections.Core.Layers = layers()
			for _, p := range []**designer.Section{&d.Sections.Fore, &d.Sections.Aft, &d.Sections.Port, &d.Sections.Starboard} {
				if rng.IntN(3) > 0 {
					*p = &designer.Section{Layers: layers()}
				}
			}
		})
		bt, _ := scripted(s, s)
		st := bt.ships[1]
		for blow := 0; blow < 12 && !st.destroyed; blow++ {
			si := rng.IntN(nSec)
			if !s.secs[si].present {
				continue
			}
			dmg := 1 + rng.IntN(8)
			if rng.IntN(2) == 0 {
				bt.rake(st, si, dmg)
			} else {
				bt.directHull(st, si, dmg)
			}
			blows++
			checkLosses(t, st)
		}
		for si := 0; si < nSec; si++ {
			if s.secs[si].present && st.secDead[si] {
				sectionsLost++
			}
		}
		if st.destroyed {
			destroyed++
		}
	}
	if sectionsLost == 0 || destroyed == 0 || blows < 100 {
		t.Fatalf("the blows did not reach the rules under test: %d blows, %d sections lost, %d ships destroyed", blows, sectionsLost, destroyed)
	}
}

// checkLosses compares the battle's state of st with Losses of the hull
// hits taken, as a player marks them at the table (no crew or marine
// boxes crossed off: the parties of a destroyed layer go by the rule).
func checkLosses(t *testing.T, st *shipState) {
	t.Helper()
	s := st.s
	var secs []SectionStanding
	crewLeft, marinesLeft := 0, 0
	for si, name := range designer.SectionOrder {
		if !s.secs[si].present {
			continue
		}
		ss := SectionStanding{Name: name}
		for li, l := range s.secs[si].layers {
			i := s.layerAt[si] + li
			ss.Layers = append(ss.Layers, LayerStanding{Hits: l.hits, HitsTaken: l.hits - st.hits[i], Crew: l.crew, Marines: l.marines})
			crewLeft += st.crew[i]
			marinesLeft += st.marines[i]
		}
		secs = append(secs, ss)
	}
	got := Losses(secs)
	if got.Destroyed != st.destroyed || got.Morale != st.events || got.CrewLeft != crewLeft || got.MarinesLeft != marinesLeft {
		t.Fatalf("table: destroyed %v, %d morale conditions, %d crew and %d marine parties left; battle: %v, %d, %d, %d",
			got.Destroyed, got.Morale, got.CrewLeft, got.MarinesLeft, st.destroyed, st.events, crewLeft, marinesLeft)
	}
	lost := 0
	for _, sl := range got.Sections {
		si := secIndex(sl.Name)
		if sl.Lost != st.secDead[si] || sl.Left != st.hull(si) {
			t.Fatalf("%s: table says lost %v with %d hull left, battle %v with %d", sl.Name, sl.Lost, sl.Left, st.secDead[si], st.hull(si))
		}
		if sl.Criticals != st.crits[si] {
			t.Fatalf("%s: table says %d criticals due, battle %d", sl.Name, sl.Criticals, st.crits[si])
		}
		if sl.Lost && si != secCore {
			lost++
		}
	}
	if len(got.Lost) != lost {
		t.Fatalf("table lists %v lost, battle %d outboard sections", got.Lost, lost)
	}
}
