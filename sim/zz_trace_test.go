package sim

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

func zzShip(t *testing.T, m *costing.Model, path string) *Ship {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := designer.DecodeDesign(raw)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Compile(m, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestZZTrace(t *testing.T) {
	if os.Getenv("A") == "" {
		t.Skip()
	}
	m := costing.NewModel(nil)
	a := zzShip(t, m, os.Getenv("A"))
	b := zzShip(t, m, os.Getenv("B"))
	for i := 0; i < 3; i++ {
		bt := newBattle([]*Ship{a}, []*Ship{b}, Options{})
		var sb strings.Builder
		bt.trace = func(f string, args ...any) { fmt.Fprintf(&sb, f+"\n", args...) }
		if r := os.Getenv("R"); r != "" {
			bt.opt.StartRange, _ = strconv.Atoi(r)
		} else {
			bt.opt.StartRange = 20
		}
		o := bt.play(battleRand(1, i))
		t.Logf("battle %d: %+v\n%s", i, o, sb.String())
	}
}

func TestZZTally(t *testing.T) {
	if os.Getenv("TA") == "" {
		t.Skip()
	}
	m := costing.NewModel(nil)
	a := zzShip(t, m, os.Getenv("TA"))
	b := zzShip(t, m, os.Getenv("TB"))
	for _, rg := range []int{0, 20, 100} {
		r := Run([]*Ship{a}, []*Ship{b}, 2000, 1, 0, Options{StartRange: rg})
		tl := r.Tally
		t.Logf("range %3d: score %.3f draws %.3f turns %.1f dmg A %v B %v incoming A %d stopped A %d incoming B %d stopped B %d",
			rg, r.WinRate(0), float64(r.Draws)/2000, r.MeanTurns(), tl.Damage[0], tl.Damage[1], tl.Incoming[0], tl.Stopped[0], tl.Incoming[1], tl.Stopped[1])
	}
}

func TestZZDeploy(t *testing.T) {
	if os.Getenv("DA") == "" {
		t.Skip()
	}
	m := costing.NewModel(nil)
	a := zzShip(t, m, os.Getenv("DA"))
	b := zzShip(t, m, os.Getenv("DB"))
	type agg struct{ n, w0, w1 int }
	stats := map[string]*agg{}
	for i := 0; i < 2000; i++ {
		bt := newBattle([]*Ship{a}, []*Ship{b}, Options{})
		var first string
		bt.trace = func(f string, args ...any) {
			if first == "" {
				first = fmt.Sprintf(f, args...)
			}
		}
		o := bt.play(battleRand(1, i))
		// strip distance
		key := first
		if k := strings.LastIndex(key, ","); k > 0 {
			key = key[:k]
		}
		g := stats[key]
		if g == nil {
			g = &agg{}
			stats[key] = g
		}
		g.n++
		if o.Winner == 0 {
			g.w0++
		} else if o.Winner == 1 {
			g.w1++
		}
	}
	for k, g := range stats {
		t.Logf("%5d  A %.2f B %.2f  %s", g.n, float64(g.w0)/float64(g.n), float64(g.w1)/float64(g.n), k)
	}
}

func TestZZCount(t *testing.T) {
	if os.Getenv("CA") == "" {
		t.Skip()
	}
	m := costing.NewModel(nil)
	a := zzShip(t, m, os.Getenv("CA"))
	b := zzShip(t, m, os.Getenv("CB"))
	counts := map[string]int{}
	for i := 0; i < 1000; i++ {
		bt := newBattle([]*Ship{a}, []*Ship{b}, Options{})
		bt.trace = func(f string, args ...any) {
			line := fmt.Sprintf(f, args...)
			w := strings.Fields(line)
			if len(w) >= 2 {
				k := w[0] + " " + w[1]
				if len(w) >= 4 && w[1] == "intercepts" {
					k += " " + w[2] + " " + w[3]
				} else if len(w) >= 3 && (w[1] == "fires" || w[1] == "performs") {
					k += " " + w[2]
				}
				counts[k]++
			}
		}
		bt.opt.StartRange = 20
		bt.play(battleRand(1, i))
	}
	for k, v := range counts {
		if v > 50 && (strings.HasPrefix(k, "Crew") ) {
			t.Logf("%-40s %d", k, v)
		}
	}
}
