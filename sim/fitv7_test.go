package sim

import (
	"fmt"
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
// then two more from where they ended). FIT_FROM=v7 starts from
// metaverse-cv/7's own constants for two passes (it should find nothing
// to change); FIT_DROP=a,b holds those constants where they start
// (docs/calibration.md, "How v7 was chosen"). The hold-out designs are
// never read.
func TestFitV7(t *testing.T) {
	if !*fitFlag {
		t.Skip("run with -fit to search metaverse-cv/7's constants")
	}
	data := fitData3(t, 101, 1000, 500, 20)
	ls := buildLadderSet(t, 101, 500, 150, 30)
	cr, err := Compile(costing.NewModel(nil), cruiser(t))
	if err != nil {
		t.Fatal(err)
	}
	from := *costing.V6()
	if os.Getenv("FIT_FROM") == "v7" {
		from = *costing.V7()
	}
	params := v6Params()
	if drop := os.Getenv("FIT_DROP"); drop != "" {
		var keep []fitParam
		for _, p := range params {
			if !strings.Contains(","+drop+",", ","+p.name+",") {
				keep = append(keep, p)
			}
		}
		params = keep
	}
	lw := ladderWeight
	if w, err := strconv.ParseFloat(os.Getenv("FIT_LADDER"), 64); err == nil {
		lw = w
	}
	objective := func(tb costing.Table) (float64, string) {
		o, b, bi := fitObjective(tb, data, cr)
		l, in := ls.loss(costing.NewModelTable(nil, costing.Refreeze(nil, tb, cr.Design)))
		return o + lw*l, fmt.Sprintf("duels %.5f (beta %.3f bias %+.3f) ladder %.4f, %d of %d within 0.67-1.5", o, b, bi, l, in, len(ls.ships))
	}
	// Four passes: two, then two more from where they ended, refrozen.
	tb := searchConstants(t, from, params, objective)
	if os.Getenv("FIT_FROM") != "v7" {
		searchConstants(t, costing.Refreeze(nil, tb, cr.Design), params, objective)
	}
}
