// Package metaverse serves Metaverse, Slipway's first game, behind the
// ruleset seam. It adapts designer (the document, catalogue and
// validation), costing (derived numbers and combat value) and the sample
// library to ruleset.Ruleset without changing them: every number and
// every answer is the one those packages give.
package metaverse

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// ID is the ruleset's id, a document's "ruleset" member.
const ID = designer.RulesetMetaverse

// Evaluator prices Metaverse designs: *costing.Model, or in a test a model
// of another version.
type Evaluator interface {
	// Version names the costing model, e.g. "metaverse-cv/2".
	Version() string
	// Evaluate returns the full costing result of d.
	Evaluate(d *designer.Design, opt costing.Options) *costing.Result
}

// Ruleset is Metaverse as a ruleset.Ruleset.
type Ruleset struct {
	cat  *designer.Catalogue
	eval Evaluator

	formOnce sync.Once
	form     *ruleset.Form
	formErr  error
}

// New serves Metaverse with the catalogue cat, priced by eval.
func New(cat *designer.Catalogue, eval Evaluator) *Ruleset {
	return &Ruleset{cat: cat, eval: eval}
}

// Catalogue returns the systems catalogue the ruleset validates with.
func (r *Ruleset) Catalogue() *designer.Catalogue { return r.cat }

// Evaluator returns the costing model the ruleset prices with.
func (r *Ruleset) Evaluator() Evaluator { return r.eval }

// Info describes Metaverse.
func (r *Ruleset) Info() ruleset.Info {
	return ruleset.Info{
		ID:            ID,
		Name:          "Metaverse",
		Summary:       "Starship combat on a hex map: ships built section by section from a catalogue of systems, priced by combat value.",
		RulesVersions: []int{designer.RulesVersion},
		ModelVersion:  r.eval.Version(),
		Value:         "combat value",
	}
}

// Decode reads a Metaverse design document strictly (designer.DecodeDesign).
func (r *Ruleset) Decode(b []byte) (ruleset.Design, error) {
	d, err := designer.DecodeDesign(b)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Evaluation is Metaverse's evaluation of one design: the costing result,
// which it marshals to unchanged.
type Evaluation struct {
	*costing.Result
	hangars bool // the design mounts a hangar bay
}

// MarshalJSON writes the costing result as it is.
func (e *Evaluation) MarshalJSON() ([]byte, error) { return json.Marshal(e.Result) }

// Summary is what the library stores beside the version.
func (e *Evaluation) Summary() ruleset.Summary {
	res := e.Result
	return ruleset.Summary{
		CV: float64(res.CV), Points: float64(res.Points), Tier: res.Tier, EMS: float64(res.EMS),
		TargetRating: float64(res.TargetRating), MassFactor: float64(res.MassFactor), TechLevel: res.TechLevel,
		Movement: res.Movement, Hull: res.Hull, CarriesFighters: res.CarriesFighters || e.hangars,
		Legal: e.Findings().Legal(), ModelVersion: res.ModelVersion,
	}
}

// Findings are the design's validation problems, never nil.
func (e *Evaluation) Findings() ruleset.Problems {
	if e.Result.Problems == nil {
		return ruleset.Problems{}
	}
	return e.Result.Problems
}

// Evaluate validates and prices d, a *designer.Design, with the options
// tier (a tier limit 1-3), crew (crew quality 1-5), command (D2-D6) and
// damageControl (D4-D6).
func (r *Ruleset) Evaluate(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	md, ok := d.(*designer.Design)
	if !ok || md == nil {
		return nil, fmt.Errorf("metaverse: cannot evaluate a %T", d)
	}
	opt, err := ParseOptions(o)
	if err != nil {
		return nil, err
	}
	return r.EvaluateDesign(md, opt), nil
}

// EvaluateDesign is Evaluate for a design and options already typed.
func (r *Ruleset) EvaluateDesign(d *designer.Design, opt costing.Options) *Evaluation {
	return &Evaluation{Result: r.eval.Evaluate(d, opt), hangars: carriesFighters(d)}
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

// ParseOptions reads Metaverse's evaluation options: tier, crew, command
// and damageControl. A bad value is a *ruleset.FieldError naming it.
func ParseOptions(o ruleset.Options) (costing.Options, error) {
	var opt costing.Options
	var err error
	if opt.TierLimit, err = intOption(o, "tier", designer.Tiers); err != nil {
		return opt, err
	}
	if opt.CrewQuality, err = intOption(o, "crew", designer.CrewQualities); err != nil {
		return opt, err
	}
	if opt.CommandQuality, err = dieOption(o, "command", designer.CommandQualities); err != nil {
		return opt, err
	}
	if opt.DamageControl, err = dieOption(o, "damageControl", designer.DamageControls); err != nil {
		return opt, err
	}
	return opt, nil
}

// intOption reads an optional whole number in rg; absent is 0.
func intOption(o ruleset.Options, name string, rg designer.Range) (int, error) {
	v := o[name]
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || !rg.Has(n) {
		return 0, &ruleset.FieldError{Field: name, Message: fmt.Sprintf("must be a whole number from %d to %d", rg.Lo, rg.Hi)}
	}
	return n, nil
}

// dieOption reads an optional die in rg (e.g. D2-D6); absent is "".
func dieOption(o ruleset.Options, name string, rg designer.DieRange) (designer.Die, error) {
	v := strings.ToUpper(o[name])
	if v == "" {
		return "", nil
	}
	d := designer.Die(v)
	if !rg.Has(d) {
		return "", &ruleset.FieldError{Field: name, Message: fmt.Sprintf("must be a die from %s to %s (you gave %q)", rg.Lo, rg.Hi, o[name])}
	}
	return d, nil
}

// Rules lists every Metaverse construction rule (designer.Rules).
func (r *Ruleset) Rules() []ruleset.RuleInfo { return designer.Rules }

// JSONSchema is the design document's JSON Schema (docs/design.schema.json).
func (r *Ruleset) JSONSchema() []byte {
	b, err := json.Marshal(designer.JSONSchema())
	if err != nil {
		panic(err) // a map of plain values
	}
	return b
}

// Samples are the embedded sample designs (data/samples), by file name.
func (r *Ruleset) Samples() []ruleset.Sample {
	return ruleset.SamplesOf(data.Samples())
}

// Validate checks d, a *designer.Design, against every construction rule
// and the tier limit of option tier (1-3; none when absent), and reports
// its tier.
func (r *Ruleset) Validate(d ruleset.Design, o ruleset.Options) (*ruleset.Validation, error) {
	md, ok := d.(*designer.Design)
	if !ok || md == nil {
		return nil, fmt.Errorf("metaverse: cannot validate a %T", d)
	}
	tier, err := intOption(o, "tier", designer.Tiers)
	if err != nil {
		return nil, err
	}
	ps := r.cat.Validate(md, designer.Options{TierLimit: tier})
	if ps == nil {
		ps = designer.Problems{}
	}
	return &ruleset.Validation{Legal: ps.Legal(), Tier: r.cat.Tier(md), Problems: ps}, nil
}
