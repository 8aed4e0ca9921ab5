package api_test

import (
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// testEvaluator is the evaluator the tests run the server with: the same
// costing model slipway serve uses.
func testEvaluator(cat *designer.Catalogue) library.Evaluator {
	return costing.NewModel(cat)
}

// olderModel stands for an earlier costing-model version: the current
// model's numbers shifted by a known amount, under another version name.
type olderModel struct{ *costing.Model }

const olderVersion, olderShift = "metaverse-cv/0", 7

func (o olderModel) Version() string { return olderVersion }

func (o olderModel) Evaluate(d *designer.Design, opt costing.Options) *costing.Result {
	r := o.Model.Evaluate(d, opt)
	r.ModelVersion = olderVersion
	r.CV += olderShift
	r.Points += olderShift
	return r
}
