package battleshift

import (
	"io/fs"
	"path"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// Samples are the 43 sample ship classes of the seed (spec §6), from
// data/battleshift/samples, by file name. Each one's description gives
// its published cost and, where Slipway's differs, why.
func (r *Ruleset) Samples() []ruleset.Sample {
	fsys := data.Battleshift()
	entries, err := fs.ReadDir(fsys, "samples")
	if err != nil {
		panic("battleshift: embedded samples: " + err.Error())
	}
	var out []ruleset.Sample
	for _, e := range entries { // ReadDir sorts by name
		if path.Ext(e.Name()) != ".json" {
			continue
		}
		b, err := fs.ReadFile(fsys, "samples/"+e.Name())
		if err != nil {
			panic("battleshift: embedded samples: " + err.Error())
		}
		out = append(out, ruleset.Sample{File: e.Name(), Document: b})
	}
	return out
}
