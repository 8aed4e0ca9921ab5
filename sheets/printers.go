package sheets

import (
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
	"github.com/slipway/slipway/ruleset/d6ship"
	"github.com/slipway/slipway/ruleset/stareater"
)

// printers are the printers of the games whose printed matter goes
// through the ruleset seam, by ruleset id. Metaverse prints through this
// package's own functions (RecordSheet, Cards, Aids, the fleet pack),
// which take its types; the other games add a row here.
var printers = map[string]ruleset.Printer{
	battleshift.ID: BattleshiftPrinter{},
	d6ship.ID:      D6shipPrinter{},
	stareater.ID:   StareaterPrinter{},
}

// PrinterFor returns the printer of ruleset id, or false when its matter
// is printed by this package's Metaverse functions or not at all.
func PrinterFor(id string) (ruleset.Printer, bool) {
	p, ok := printers[id]
	return p, ok
}
