package ruleset

import (
	"fmt"
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

// FindRule returns the rule of rules whose id is id, or nil: a game's
// rule table looked up by id.
func FindRule(rules []RuleInfo, id string) *RuleInfo {
	for i := range rules {
		if rules[i].ID == id {
			return &rules[i]
		}
	}
	return nil
}

// RuleProblemCap is the shared rule of a list of problems cut short: the
// problems past MaxProblems are counted, not listed, so that a large
// document cannot turn into an answer, a stored record or a printed page
// many times its size. It is an error when any problem counted is one.
const RuleProblemCap = "R-LIM-07"

// MaxProblems is the most problems a validation lists one by one.
const MaxProblems = 100

// Omitted is the R-LIM-07 problem that counts omitted problems past the
// first listed, errors of them errors.
func Omitted(omitted, errors, listed int) Problem {
	sev := Warning
	if errors > 0 {
		sev = Error
	}
	return Problem{Rule: RuleProblemCap, Severity: sev,
		Message: fmt.Sprintf("%s more %s %s not listed (%s and %s); only the first %d are",
			Thousands(omitted), plural(omitted, "problem"), Is(omitted), Count(errors, "error"), Count(omitted-errors, "warning"), listed),
		Hint: "fix the problems listed and check again"}
}

// Capped returns ps with at most max problems listed, and past them one
// R-LIM-07 problem counting the rest (ps itself when it is short enough).
func (ps Problems) Capped(max int) Problems {
	if len(ps) <= max {
		return ps
	}
	errors := 0
	for _, p := range ps[max:] {
		if p.Severity == Error {
			errors++
		}
	}
	out := append(Problems(nil), ps[:max]...)
	return append(out, Omitted(len(ps)-max, errors, max))
}

// plural is noun, or its plural when n is not 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return Plural(noun)
}
