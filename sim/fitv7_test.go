package sim

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
)

// TestFitV7 is the fit that chose metaverse-cv/7's free constants
// (docs/costing.md § metaverse-cv/7):
//
//	go test ./sim -run 'TestFitV7$' -fit -timeout 0
//
// metaverse-cv/7 has metaverse-cv/6's terms; only the simulator changed
// under them: FTL jumps are plotted and strike simultaneously (side 0
// used to win ties of timing: mirror matches scored up to 63 % for the
// first side) and newtonian ships keep their momentum, without a top
// speed and with braking (docs/simulation.md). The training set, the
// objective and the parameters are TestFitV6's, on that simulator,
// starting from metaverse-cv/6, four passes of the coordinate search (two,
// then two more from where they ended). The variants of
// docs/calibration.md, "How v7 was chosen": FIT_FROM=v7 searches two more
// passes from metaverse-cv/7's own constants; FIT_DROP=a,b holds those
// constants where they start; FIT_LADDER=w weights the ladder set's loss
// w instead of 0.5. The hold-out designs are never read.
func TestFitV7(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to search metaverse-cv/7's constants")
	}
	from := *costing.V6()
	if os.Getenv("FIT_FROM") == "v7" {
		from = *costing.V7()
	}
	params := paramsNamed(v6Params(), os.Getenv("FIT_DROP"), false)
	lw := ladderWeight
	if w, err := strconv.ParseFloat(os.Getenv("FIT_LADDER"), 64); err == nil {
		lw = w
	}
	objective, cr := ladderObjective(t, lw)
	// Four passes: two, then two more from where they ended, refrozen.
	tb := searchConstants(t, from, params, objective)
	if os.Getenv("FIT_FROM") != "v7" {
		searchConstants(t, costing.Refreeze(nil, tb, cr.Design), params, objective)
	}
}

// TestBrierAgainstV6 is the comparison behind docs/calibration.md's "How
// v7 was chosen" and "What is left": seed 1's 3,000 random pairs at 20
// duels a pair (the pairs of TestCalibrationAcceptance's seed 1), each
// model's Brier score and its margin to metaverse-cv/6, and where the
// default's loss lies, by v6's CV ratio and by hull ratio:
//
//	go test ./sim -run TestBrierAgainstV6 -fit -v
//
// FIT_LINE takes the constants line a fit prints after "best:" (name=value
// pairs, names as v6Params has them); they are set on metaverse-cv/6's
// table, refrozen on the reference cruiser and compared too: that is how
// the variants of "How v7 was chosen" were measured.
func TestBrierAgainstV6(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to compare the models' Brier scores on seed 1")
	}
	vals := []Valuer{CVValuer(costing.NewModelTable(nil, *costing.V6())), CVValuer(costing.NewModel(nil))}
	if line := os.Getenv("FIT_LINE"); line != "" {
		tb := *costing.V6()
		// Names hold spaces ("weight missile cruiser"): a value is the
		// first field after an "=", the next name the rest up to the
		// next "=".
		parts := strings.Split(strings.TrimSpace(line), "=")
		name := strings.TrimSpace(parts[0])
		for _, rest := range parts[1:] {
			f := strings.Fields(rest)
			if len(f) == 0 {
				t.Fatalf("FIT_LINE: %s has no value", name)
			}
			x, err := strconv.ParseFloat(f[0], 64)
			ps := paramsNamed(v6Params(), name, true)
			if err != nil || len(ps) != 1 {
				t.Fatalf("FIT_LINE: %s=%s is not a constant of the fit and its value", name, f[0])
			}
			ps[0].set(&tb, x)
			name = strings.Join(f[1:], " ")
		}
		cr, err := Compile(costing.NewModel(nil), cruiser(t))
		if err != nil {
			t.Fatal(err)
		}
		tb = costing.Refreeze(nil, tb, cr.Design)
		tb.Version = "FIT_LINE"
		vals = append(vals, CVValuer(costing.NewModelTable(nil, tb)))
	}
	c, err := Calibrate(CalibrationConfig{Seed: 1, Pairs: 3000, Duels: 20, NearPairs: 10, StylePairs: 10, FleetBattles: 1, Valuers: vals})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range c.Fits {
		d, lo, hi := c.BrierMargin(i, 0)
		t.Logf("%s: beta %.3f, Brier %.4f, %+.4f [%+.4f, %+.4f] against metaverse-cv/6 (negative: v6 better)", f.Name, f.Beta, f.Brier, d, lo, hi)
	}
	// Where the default's loss lies.
	beta := [2]float64{c.Fits[0].Beta, c.Fits[1].Beta}
	type part struct{ sum, n float64 }
	parts := map[string]*part{}
	var order []string
	add := func(k string, d float64) {
		if parts[k] == nil {
			parts[k] = &part{}
			order = append(order, k)
		}
		parts[k].sum += d
		parts[k].n++
	}
	for _, p := range c.Random {
		obs := p.Result.WinRate(0)
		var b [2]float64
		for v := range b {
			pr := 1 / (1 + math.Pow(p.VB[v]/p.VA[v], beta[v]))
			b[v] = (pr - obs) * (pr - obs)
		}
		d := b[1] - b[0]
		switch r := math.Abs(math.Log(p.VA[0] / p.VB[0])); {
		case r < 0.3:
			add("v6 CVs within 1.35 times", d)
		case r < 1:
			add("v6 CVs 1.35-2.7 times apart", d)
		default:
			add("v6 CVs over 2.7 times apart", d)
		}
		switch hr := float64(p.HullA) / float64(max(1, p.HullB)); {
		case hr < 2:
			add("hull ratio under 2", d)
		case hr < 5:
			add("hull ratio 2-5", d)
		default:
			add("hull ratio 5 or more", d)
		}
	}
	for _, k := range order {
		p := parts[k]
		t.Logf("%s: %d pairs, %+.4f a pair, %+.4f of the whole", k, int(p.n), p.sum/p.n, p.sum/float64(len(c.Random)))
	}
}
