package ruleset

import (
	"slices"
	"strings"
)

// Severity says whether a problem makes a design illegal.
type Severity string

// Severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Problem is one finding of validation: which rule, where in the document,
// what is wrong and how to fix it.
type Problem struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Path     string   `json:"path"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
}

// String renders the problem on one line as a player reads it first:
// severity, the message and, in parentheses, the hint, then the rule id
// and the path in brackets for whoever looks them up:
// "error: Core section: ... (add ...) [R-SEC-05 at sections.core]".
func (p Problem) String() string {
	var sb strings.Builder
	sb.WriteString(string(p.Severity))
	sb.WriteString(": ")
	sb.WriteString(p.Message)
	if p.Hint != "" {
		sb.WriteString(" (")
		sb.WriteString(p.Hint)
		sb.WriteString(")")
	}
	sb.WriteString(" [")
	sb.WriteString(p.Rule)
	if p.Path != "" {
		sb.WriteString(" at ")
		sb.WriteString(p.Path)
	}
	sb.WriteString("]")
	return sb.String()
}

// Problems is an ordered list of problems.
type Problems []Problem

// Legal reports whether none of the problems is an error.
func (ps Problems) Legal() bool {
	for _, p := range ps {
		if p.Severity == Error {
			return false
		}
	}
	return true
}

// Rules returns the distinct rule ids in order of first appearance.
func (ps Problems) Rules() []string {
	var out []string
	for _, p := range ps {
		if !slices.Contains(out, p.Rule) {
			out = append(out, p.Rule)
		}
	}
	return out
}

// RuleInfo describes one rule: its stable id, severity and a one-line
// summary.
type RuleInfo struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	Summary  string   `json:"summary"`
}
