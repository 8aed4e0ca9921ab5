package api

import (
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// CostingEvaluator adapts the costing model to the API's Evaluator.
func CostingEvaluator(m *costing.Model) Evaluator { return costingEvaluator{m} }

type costingEvaluator struct{ m *costing.Model }

func (c costingEvaluator) Version() string { return c.m.Version() }

func (c costingEvaluator) Evaluate(d *designer.Design) any {
	return c.m.Evaluate(d, costing.Options{})
}

func (c costingEvaluator) Compare(a, b *designer.Design) any {
	return map[string]any{"from": c.Evaluate(a), "to": c.Evaluate(b)}
}
