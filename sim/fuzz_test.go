package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// FuzzBattle plays one battle between two designs of the second generator
// (sim/extremes_test.go: the calibration generator's designs with extreme
// edits: fortresses, dozens of pods, one-shot alphas, giant guns, huge
// hulls, kiting drives...), either of them switched to newtonian movement
// or given far more drive than it needs, from a fuzzed start. A battle
// never panics, ends within its turns with a winner of -1, 0 or 1, keeps
// the sides 0-200 cm apart, and the same arguments give the same outcome.
//
//	go test ./sim -run XXX -fuzz FuzzBattle -fuzztime 60s
func FuzzBattle(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint8(0), uint8(0))
	f.Add(uint64(3), uint64(4), uint8(3), uint8(20))
	f.Add(uint64(5), uint64(6), uint8(12), uint8(200))
	f.Add(uint64(7), uint64(8), uint8(15), uint8(100))
	m := costing.NewModel(nil)
	f.Fuzz(func(t *testing.T, sa, sb uint64, flags, start uint8) {
		ship := func(seed uint64, newt, drive bool) *Ship {
			g := NewGenerator(seed, nil)
			r := rand.New(rand.NewPCG(seed, 99))
			d := extremeDesign(g, r, int(seed%512))
			if d == nil {
				return nil
			}
			if newt {
				d.Movement = designer.MovementNewtonian
			}
			if drive {
				addCore(d, designer.System{Kind: "stlAdvanced", Rating: 9, Count: 3})
			}
			s, err := Compile(m, d)
			if err != nil || !s.Eval.Legal {
				return nil
			}
			return s
		}
		a, b := ship(sa, flags&1 != 0, flags&4 != 0), ship(sb, flags&2 != 0, flags&8 != 0)
		if a == nil || b == nil {
			t.Skip("not a legal pair")
		}
		opt := Options{}
		if start >= 5 {
			opt.StartRange = min(int(start), 200)
		}
		bt := newBattle([]*Ship{a}, []*Ship{b}, opt)
		o := bt.play(battleRand(sa^sb, 0))
		if o.Winner < -1 || o.Winner > 1 || o.Turns < 1 || o.Turns > 30 {
			t.Fatalf("outcome %+v", o)
		}
		if bt.dist < 0 || bt.dist > 200 {
			t.Fatalf("the sides ended %d cm apart", bt.dist)
		}
		if again := newBattle([]*Ship{a}, []*Ship{b}, opt).play(battleRand(sa^sb, 0)); again != o {
			t.Fatalf("the same battle twice: %+v then %+v", o, again)
		}
	})
}
