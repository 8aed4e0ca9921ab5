package api

import (
	"encoding/json"

	"github.com/slipway/slipway/designer"
)

// Evaluator costs designs for the API. The costing package's Model
// satisfies it through CostingEvaluator.
type Evaluator interface {
	// Version names the costing model, e.g. "metaverse-cv/1".
	Version() string
	// Evaluate returns the full costing result of d; it is JSON-encoded
	// as `slipway eval --json` prints it.
	Evaluate(d *designer.Design, opt EvalOptions) any
	// Compare returns the comparison of two designs.
	Compare(a, b *designer.Design) any
}

// EvalOptions are the pricing options of `slipway eval`: a tier limit and
// crew, command and damage-control qualities overriding the design's.
type EvalOptions struct {
	TierLimit      int
	CrewQuality    int
	CommandQuality string
	DamageControl  string
}

// evaluation runs the evaluator and validation over d and returns the
// stored summary, the result JSON and the problems JSON.
func (s *Server) evaluation(d *designer.Design) (Evaluation, json.RawMessage, designer.Problems, error) {
	res := s.eval.Evaluate(d, EvalOptions{})
	b, err := json.Marshal(res)
	if err != nil {
		return Evaluation{}, nil, nil, err
	}
	var e Evaluation
	_ = json.Unmarshal(b, &e) // fields the result lacks keep their zero values
	probs := s.cat.Validate(d, designer.Options{})
	if probs == nil {
		probs = designer.Problems{}
	}
	e.ModelVersion = s.eval.Version()
	if e.Tier == 0 {
		e.Tier = s.cat.Tier(d).Tier
	}
	if e.TechLevel == 0 {
		e.TechLevel = d.TechLevel
	}
	if e.Movement == "" {
		e.Movement = d.Movement
	}
	if e.Hull == "" {
		e.Hull = d.Hull
	}
	e.Legal = probs.Legal()
	if !e.CarriesFighters {
		e.CarriesFighters = carriesFighters(d)
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

// BasicEvaluator evaluates what the design package alone can tell (tier,
// tech level, movement, hull, fighters), with no combat value or points.
// It stands in where no costing model is wired.
func BasicEvaluator(cat *designer.Catalogue) Evaluator { return basicEvaluator{cat} }

type basicEvaluator struct{ cat *designer.Catalogue }

func (b basicEvaluator) Version() string { return "basic/0" }

func (b basicEvaluator) Evaluate(d *designer.Design, _ EvalOptions) any {
	return map[string]any{
		"modelVersion":    b.Version(),
		"tier":            b.cat.Tier(d).Tier,
		"techLevel":       d.TechLevel,
		"movement":        d.Movement,
		"hull":            d.Hull,
		"carriesFighters": carriesFighters(d),
	}
}

func (b basicEvaluator) Compare(x, y *designer.Design) any {
	return map[string]any{"a": b.Evaluate(x, EvalOptions{}), "b": b.Evaluate(y, EvalOptions{})}
}
