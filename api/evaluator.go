package api

import (
	"encoding/json"
	"fmt"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// Evaluator costs designs for the API. *costing.Model satisfies it, and is
// what slipway serve uses; the interface lets a test stand in an older
// model version to exercise recomputation.
type Evaluator interface {
	// Version names the costing model, e.g. "metaverse-cv/1".
	Version() string
	// Evaluate returns the full costing result of d, JSON-encoded exactly
	// as `slipway eval --json` prints it.
	Evaluate(d *designer.Design, opt costing.Options) *costing.Result
	// Compare returns what changed between two designs and what each
	// change did to the numbers.
	Compare(a, b *designer.Design) *costing.Comparison
	// SquadronPoints prices one starfighter squadron at a crew quality,
	// for the hangar lines of printed sheets.
	SquadronPoints(sq *designer.SquadronDef, crewQuality int) int
}

// evaluation costs d and returns the stored summary, the full result as
// JSON and the validation problems (which the result carries).
func (s *Server) evaluation(d *designer.Design) (Evaluation, json.RawMessage, designer.Problems, error) {
	res := s.eval.Evaluate(d, costing.Options{})
	b, err := json.Marshal(res)
	if err != nil {
		return Evaluation{}, nil, nil, fmt.Errorf("encode evaluation: %w", err)
	}
	probs := res.Problems
	if probs == nil {
		probs = designer.Problems{}
	}
	e := Evaluation{
		CV: float64(res.CV), Points: float64(res.Points), Tier: res.Tier, EMS: float64(res.EMS),
		TargetRating: float64(res.TargetRating), MassFactor: float64(res.MassFactor), TechLevel: res.TechLevel,
		Movement: res.Movement, Hull: res.Hull, CarriesFighters: res.CarriesFighters || carriesFighters(d),
		Legal: probs.Legal(), ModelVersion: res.ModelVersion,
	}
	return e, b, probs, nil
}

// carriesFighters reports whether any section mounts a hangar bay.
func carriesFighters(d *designer.Design) bool {
	for _, ns := range d.Sections.List() {
		if len(ns.Section.Hangars) > 0 {
			return true
		}
	}
	return false
}
