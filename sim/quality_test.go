package sim

import (
	"fmt"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// TestQualityWorth measures what crew and command quality are worth in
// battle, for docs/calibration.md ("What is left"): 60 designs of the
// calibration generator (seed 4242, every style), each at other crew and
// command qualities against itself at the reference crew 2 and command
// D3, 400 battles deployed by the encounter rules, grouped by the share
// of its offence its FTL attack gives; and three samples in fleets of
// one and three; and six samples at their own quality against themselves
// at crew 2 and D3. A score is read through metaverse-cv/7's win-chance
// curve as the CV ratio it stands for (scoreRatio, as the hold-out's field column), beside the ratio the CV gives
// (rules §8's factors, docs/rules.md decision 26):
//
//	go test ./sim -run TestQualityWorth -fit -v
//
// It asserts nothing: the generator makes every design at crew 2 and D3,
// so no fit has seen quality, and this is what a model pricing it by
// what it does would be fitted on.
func TestQualityWorth(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to measure what crew and command quality are worth")
	}
	m := costing.NewModel(nil)
	beta, _ := ForecastBeta(costing.VersionV7)
	type quality struct {
		crew int
		cmd  designer.Die
	}
	qs := []quality{{1, "D2"}, {3, "D3"}, {5, "D3"}, {2, "D6"}, {5, "D6"}}
	groups := []string{"no FTL attack", "FTL attack under a quarter of O", "FTL attack a quarter of O or more"}
	type cell struct {
		sum, cv, lo, hi float64
		n               int
	}
	cells := map[[2]int]*cell{}
	g := NewGenerator(4242, nil)
	for i := 0; i < 60; i++ {
		d, base := generatedShip(t, m, g, i)
		grp, ex := 0, base.Eval.Explanation
		if o, f := ex.Find("offence"), ex.Find("ftlAttack"); o != nil && f != nil && o.Value > 0 && f.Value > 0 {
			grp = 1
			if f.Value/o.Value >= 0.25 {
				grp = 2
			}
		}
		for qi, q := range qs {
			v := *d
			v.CrewQuality, v.CommandQuality = q.crew, q.cmd
			s, err := Compile(m, &v)
			if err != nil {
				t.Fatal(err)
			}
			w := Run([]*Ship{s}, []*Ship{base}, 400, uint64(i)+7, 0, Options{}).WinRate(0)
			c := cells[[2]int{grp, qi}]
			if c == nil {
				c = &cell{lo: 1, hi: 0}
				cells[[2]int{grp, qi}] = c
			}
			c.sum += w
			c.cv += float64(s.Eval.CV) / float64(base.Eval.CV)
			c.lo, c.hi = min(c.lo, w), max(c.hi, w)
			c.n++
		}
	}
	for gi, name := range groups {
		for qi, q := range qs {
			c := cells[[2]int{gi, qi}]
			if c == nil {
				continue
			}
			mu := c.sum / float64(c.n)
			t.Logf("%-34s crew %d %s: %2d designs, mean score %.3f (%.2f-%.2f), worth %.2f, CV ratio %.2f",
				name, q.crew, q.cmd, c.n, mu, c.lo, c.hi, scoreRatio(mu, 400*c.n, beta), c.cv/float64(c.n))
		}
	}
	// The samples at their own quality against themselves at crew 2 and
	// D3, beside the model's turns to destroy the reference cruiser.
	for _, name := range []string{"iss-vengeance", "iks-tesla", "its-dragon", "uss-einstein", "ras-freedom", "ss-clinton"} {
		own, _ := sampleVariant(t, m, name, nil)
		base, _ := sampleVariant(t, m, name, func(d *designer.Design) bool { d.CrewQuality, d.CommandQuality = 2, "D3"; return true })
		tk := 0.0
		if n := own.Eval.Explanation.Find("offence[cruiser]"); n != nil {
			for _, in := range n.Inputs {
				if in.Name == "turns to destroy" {
					tk = in.Value
				}
			}
		}
		w := Run([]*Ship{own}, []*Ship{base}, 2000, 11, 0, Options{}).WinRate(0)
		t.Logf("%-14s crew %d %s against crew 2 D3: score %.3f, worth %.2f, CV ratio %.2f; turns to destroy the reference cruiser %.2f",
			name, own.Design.CrewQuality, own.Design.CommandQuality, w, scoreRatio(w, 2000, beta), float64(own.Eval.CV)/float64(base.Eval.CV), tk)
	}
	for _, name := range []string{"reference-cruiser", "uss-newton", "hms-thunderchild"} {
		base, _ := sampleVariant(t, m, name, func(d *designer.Design) bool { d.CrewQuality, d.CommandQuality = 2, "D3"; return true })
		for _, q := range qs {
			s, _ := sampleVariant(t, m, name, func(d *designer.Design) bool { d.CrewQuality, d.CommandQuality = q.crew, q.cmd; return true })
			line := fmt.Sprintf("%-18s crew %d %s (CV %d against %d):", name, q.crew, q.cmd, s.Eval.CV, base.Eval.CV)
			for _, n := range []int{1, 3} {
				var a, b []*Ship
				for k := 0; k < n; k++ {
					a, b = append(a, s), append(b, base)
				}
				line += fmt.Sprintf("  %d v %d %.3f", n, n, Run(a, b, 1000, 5, 0, Options{}).WinRate(0))
			}
			t.Log(line)
		}
	}
}
