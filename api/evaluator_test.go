package api_test

import (
	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// testEvaluator is the evaluator the tests run the server with: the same
// one slipway serve uses.
func testEvaluator(cat *designer.Catalogue) api.Evaluator {
	return api.CostingEvaluator(costing.NewModel(cat))
}
