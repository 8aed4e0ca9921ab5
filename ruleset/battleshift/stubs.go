package battleshift

import "github.com/slipway/slipway/ruleset"

// Rules lists every rule id a ship class can report.
func (r *Ruleset) Rules() []ruleset.RuleInfo { return nil }

// JSONSchema is the JSON Schema of the ship-class document.
func (r *Ruleset) JSONSchema() []byte { return nil }

// Form describes the designer's form.
func (r *Ruleset) Form() *ruleset.Form { return nil }

// Samples are the sample ship classes.
func (r *Ruleset) Samples() []ruleset.Sample { return nil }
