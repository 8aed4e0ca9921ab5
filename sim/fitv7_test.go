package sim

import (
	"os"
	"strconv"
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
