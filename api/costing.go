package api

import (
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// CostingEvaluator adapts the costing model to the API's Evaluator.
func CostingEvaluator(m *costing.Model) Evaluator { return costingEvaluator{m} }

type costingEvaluator struct{ m *costing.Model }

func (c costingEvaluator) Version() string { return c.m.Version() }

func (c costingEvaluator) Evaluate(d *designer.Design, o EvalOptions) any {
	return c.m.Evaluate(d, costing.Options{TierLimit: o.TierLimit, CrewQuality: o.CrewQuality,
		CommandQuality: designer.Die(o.CommandQuality), DamageControl: designer.Die(o.DamageControl)})
}

func (c costingEvaluator) Compare(a, b *designer.Design) any { return c.m.Compare(a, b) }
