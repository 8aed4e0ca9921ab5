// Package data holds Slipway's embedded data: the systems catalogue, the
// sample design library and the database migrations. It imports nothing of
// the project, so every other package may read it.
package data

import (
	"embed"
	"io/fs"
)

//go:embed catalogue.json
var catalogueJSON []byte

//go:embed samples/*.json
var samples embed.FS

//go:embed metaverse-help.json
var metaverseHelpJSON []byte

//go:embed fleetrules.json
var fleetRulesJSON []byte

//go:embed fleets/*.json
var fleets embed.FS

//go:embed battleshift
var battleshift embed.FS

//go:embed d6ship
var d6ship embed.FS

//go:embed stareater
var stareater embed.FS

//go:embed metaverse-start.json templates/*.json
var metaverseStart embed.FS

//go:embed armoury.json
var armouryJSON []byte

// CatalogueJSON returns the embedded systems catalogue (rules §4).
func CatalogueJSON() []byte { return catalogueJSON }

// Samples returns the embedded sample designs, one JSON file each.
func Samples() fs.FS {
	sub, err := fs.Sub(samples, "samples")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}

// MetaverseHelpJSON returns the help texts of Metaverse's designer form:
// a player's sentence for every field, choice, system kind and number.
func MetaverseHelpJSON() []byte { return metaverseHelpJSON }

// FleetRulesJSON returns the embedded fleet facts of the Metaverse ruleset
// (rules §9): command levels, which kinds command, jump and tow, and the
// encounter deployment zones with the share of fleet CV each may hold.
func FleetRulesJSON() []byte { return fleetRulesJSON }

// Fleets returns the embedded sample fleets, one JSON file each.
func Fleets() fs.FS {
	sub, err := fs.Sub(fleets, "fleets")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}

// Battleshift returns the embedded Battleshift data: catalogue.json (the
// system catalogue) and samples/*.json (the sample ship classes).
func Battleshift() fs.FS {
	sub, err := fs.Sub(battleshift, "battleshift")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}

// D6ship returns the embedded data of the d6 RPG starship chapter:
// samples/*.json (example stat blocks, not official ones).
func D6ship() fs.FS {
	sub, err := fs.Sub(d6ship, "d6ship")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}

// Stareater returns the embedded data of Star Eater: catalogue.json (the
// factions, Capital Ships and cards the rule book names, their numbers
// unknown) and samples/*.json (the book's first-game loadouts and an
// example card set).
func Stareater() fs.FS {
	sub, err := fs.Sub(stareater, "stareater")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}

// MetaverseStart returns what a new Metaverse design may start from:
// start.json (the templates offered, with their help, and the guided
// path's steps) and templates/*.json (each template, a legal design).
func MetaverseStart() fs.FS { return metaverseStart }

// ArmouryJSON returns Metaverse's armoury: ready weapon definitions (the
// sample ships' weapons), each with a sentence on what it is good at.
func ArmouryJSON() []byte { return armouryJSON }
