// Package games lists the games Slipway serves beside Metaverse, for the
// places that wire a library.Service (slipway serve, the command line,
// the tests of the API and the pages). Metaverse is not in the list: the
// Service serves it over its own catalogue and costing model, which a
// test may replace.
package games

import (
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
	"github.com/slipway/slipway/ruleset/d6ship"
	"github.com/slipway/slipway/ruleset/stareater"
)

// Extra returns a new instance of every game served beside Metaverse.
func Extra() []ruleset.Ruleset {
	return []ruleset.Ruleset{battleshift.New(), d6ship.New(), stareater.New()}
}
