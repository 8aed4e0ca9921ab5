package designer

import "github.com/slipway/slipway/ruleset"

// loc is validation's JSON path (ruleset.Loc).
type loc = ruleset.Loc

// root starts a path at the top-level key k.
func root(k string) *loc { return ruleset.Root(k) }

// nameHash spreads catalogue kinds over the catalogue's probe table.
func nameHash[T string | []byte](b T) int { return ruleset.NameHash(b) }
