package designer

import "github.com/slipway/slipway/ruleset"

// Severity says whether a problem makes a design illegal
// (ruleset.Severity: every game shares it).
type Severity = ruleset.Severity

// Severities.
const (
	Error   = ruleset.Error
	Warning = ruleset.Warning
)

// Problem is one finding of validation (ruleset.Problem).
type Problem = ruleset.Problem

// Problems is an ordered list of problems (ruleset.Problems).
type Problems = ruleset.Problems
