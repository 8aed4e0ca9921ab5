package fleet

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/ruleset"
)

// Rules version pinning (issue 22): a fleet names the combat value model
// it was agreed under (Fleet.Model, one of costing.Versions()); it is
// priced with that model, and what the current model would say is shown
// beside. The library (API, pages, packs) and the command line price a
// pinned fleet through these functions and no other.

// CheckModel says what is wrong with a fleet's pinned model: "" when it
// names none or a published one, else a player's sentence naming the
// models allowed (the caller adds where: the field or the file).
func CheckModel(model string) string {
	if model == "" || slices.Contains(costing.Versions(), model) {
		return ""
	}
	m := model
	if len(m) > 40 {
		m = m[:40] + "..."
	}
	return fmt.Sprintf("is %q, not a combat value model; allowed: %s, or leave it out for the current model (%s)",
		m, strings.Join(costing.Versions(), ", "), costing.ModelVersion)
}

// pinSet keeps one evaluator per pinned model, made when a fleet first
// asks for it.
type pinSet struct {
	mu sync.Mutex
	by map[string]*Evaluator
}

// For returns the evaluator of the model f is pinned to: e itself when f
// pins none, e's own model or no published model (CheckModel refuses
// that before), else one over the pinned model with e's catalogue and
// options, kept for the next fleet pinned to it.
func (e *Evaluator) For(f *Fleet) *Evaluator {
	if f == nil || f.Model == "" || f.Model == e.model.Version() || !slices.Contains(costing.Versions(), f.Model) {
		return e
	}
	e.pins.mu.Lock()
	defer e.pins.mu.Unlock()
	if p := e.pins.by[f.Model]; p != nil {
		return p
	}
	m, err := costing.NewModelVersion(e.model.Catalogue(), f.Model)
	if err != nil {
		return e
	}
	if e.pins.by == nil {
		e.pins.by = map[string]*Evaluator{}
	}
	p := NewEvaluatorWith(m, e.opts)
	e.pins.by[f.Model] = p
	return p
}

// ModelOf is the model f's numbers are priced with: its pin, or e's.
func (e *Evaluator) ModelOf(f *Fleet) string { return e.For(f).Model().Version() }

// EvaluatePinned prices f with the designs ds under its pinned model
// and, when that is not e's (the current) model, under e's too: current
// is nil for a fleet priced with the current model.
func (e *Evaluator) EvaluatePinned(f *Fleet, ds Designs) (r, current *Result) {
	p := e.For(f)
	r = p.Evaluate(f, ds)
	if p != e {
		current = e.Evaluate(f, ds)
	}
	return r, current
}

// PricedSide is one fleet of an encounter as EvaluatePinned priced it.
type PricedSide struct {
	Fleet *Fleet
	// Result is priced with Model, the fleet's pin or the current model;
	// Current with the current model when Model is another (else nil).
	Result, Current *Result
	Model           string
}

// PinnedEncounter is the set-up of an encounter between two pinned
// fleets and the model their CV are compared under.
type PinnedEncounter struct {
	Setup *EncounterSetup
	// Model is the model Setup's CV and EqualCV are of: the one both
	// sides are priced with when they agree; when they were agreed under
	// different models, the current model, which prices both alike
	// (ModelsDiffer). Note says so in a player's words ("" when both
	// sides are priced with the current model).
	Model        string
	ModelsDiffer bool
	Note         string
}

// EncounterPinned sets up the encounter between a and b, each priced
// with its own pin (EvaluatePinned, e the current model's evaluator):
// under their common model, or under the current one when they were
// agreed under different models. A side's Result.Name, or "the first
// fleet" and "the second fleet", name them in the note.
func (e *Evaluator) EncounterPinned(a, b PricedSide) *PinnedEncounter {
	out := &PinnedEncounter{Model: a.Model}
	ra, rb := a.Result, b.Result
	if a.Model != b.Model {
		// Fleets agreed under different models have no model in common
		// but the current one: their CV are compared under it.
		out.ModelsDiffer, out.Model = true, e.model.Version()
		if a.Current != nil {
			ra = a.Current
		}
		if b.Current != nil {
			rb = b.Current
		}
	}
	out.Setup = e.Encounter(a.Fleet, ra, b.Fleet, rb)
	out.Note = encounterNote(out, &a, &b, e.model.Version())
	return out
}

// encounterNote says in a player's words which model each fleet of an
// encounter is priced with and which one their CV are compared under:
// "" when both are priced with the current model.
func encounterNote(v *PinnedEncounter, a, b *PricedSide, current string) string {
	name := func(sd *PricedSide, other string) string {
		if sd.Result != nil && sd.Result.Name != "" {
			return sd.Result.Name
		}
		return other
	}
	na, nb := name(a, "the first fleet"), name(b, "the second fleet")
	switch {
	case v.ModelsDiffer:
		return fmt.Sprintf("These fleets were agreed under different combat value models: %s under %s (%d CV), %s under %s (%d CV). "+
			"An encounter compares both under one model: today's, %s, which gives %d CV against %d CV.",
			na, a.Model, a.Result.Totals.CV, nb, b.Model, b.Result.Totals.CV, current, v.Setup.A.CV, v.Setup.B.CV)
	case a.Current != nil && b.Current != nil: // both pinned to the same older model
		return fmt.Sprintf("Both fleets were agreed under %s: the numbers compared are that model's (%d CV against %d CV). "+
			"Under today's %s, %s would be %d CV and %s %d CV.",
			v.Model, a.Result.Totals.CV, b.Result.Totals.CV, current, na, a.Current.Totals.CV, nb, b.Current.Totals.CV)
	}
	return ""
}

// PinReport says, for f pinned to another model than the current one
// (r priced with the pin, current with the current model, now its
// version), that every number shown is the pinned model's and what the
// current model would say: its totals and each ship's. It is nil for a
// fleet priced with the current model. The pack prints it on the fleet's
// pages and the command line under its totals.
func (r *Result) PinReport(f *Fleet, current *Result, now string) []Line {
	if current == nil || f == nil || f.Model == "" {
		return nil
	}
	if now == "" {
		now = "the current model"
	}
	out := []Line{
		{Text: "Combat value model", Heading: true},
		{Text: "This fleet was agreed under " + f.Model + ": every number here is that model's. " +
			"Under " + now + " it would be " + ruleset.Thousands(current.Totals.CV) + " CV and " + ruleset.Count(current.Totals.Points, "point") +
			" (agreed: " + ruleset.Thousands(r.Totals.CV) + " CV and " + ruleset.Count(r.Totals.Points, "point") + ")."},
	}
	for i := range r.Ships {
		if i >= len(current.Ships) {
			break
		}
		a, b := &r.Ships[i], &current.Ships[i]
		if a.Result == nil || b.Result == nil {
			continue
		}
		out = append(out, Line{Depth: 1, Text: a.Label() + ": " + ruleset.Thousands(a.Result.CV) + " CV, " + ruleset.Count(a.Result.Points, "point") +
			" agreed; " + ruleset.Thousands(b.Result.CV) + " CV, " + ruleset.Count(b.Result.Points, "point") + " under " + now})
	}
	return out
}
