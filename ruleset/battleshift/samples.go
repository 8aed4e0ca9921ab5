package battleshift

import (
	"io/fs"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// Samples are the 43 sample ship classes of the seed (spec §6), from
// data/battleshift/samples, by file name. Each one's description gives
// its published cost and, where Slipway's differs, why.
func (r *Ruleset) Samples() []ruleset.Sample {
	sub, err := fs.Sub(data.Battleshift(), "samples")
	if err != nil {
		panic("battleshift: embedded samples: " + err.Error())
	}
	return ruleset.SamplesOf(sub)
}
