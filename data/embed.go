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
