package library

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/fleet"
)

// Rules version pinning (issue 22): a fleet names the combat value model
// it was agreed under (fleet.Fleet.Model, one of costing.Versions()); its
// page, builder and pack show that model's numbers, and what the current
// model would say beside them.

// checkModel refuses a fleet pinned to a model that is not published,
// naming the field under field and the models allowed.
func checkModel(field string, f *fleet.Fleet) error {
	if f.Model == "" || slices.Contains(costing.Versions(), f.Model) {
		return nil
	}
	m := f.Model
	if len(m) > 40 {
		m = m[:40] + "..."
	}
	return &Error{Code: EInvalid, Field: joinPath(field, "model"),
		Message: fmt.Sprintf("is %q, not a combat value model; allowed: %s, or leave it out for the current model (%s)",
			m, strings.Join(costing.Versions(), ", "), costing.ModelVersion)}
}

// pinnedEvaluators keeps one fleet evaluator per pinned model, made when
// a fleet first asks for it.
type pinnedEvaluators struct {
	mu sync.Mutex
	by map[string]*fleet.Evaluator
}

// FleetEvaluatorFor returns the fleet evaluator of the model f is pinned
// to: the Service's own when f pins none or the current one, or when the
// Service prices with another evaluator than a costing model (a test's).
func (s *Service) FleetEvaluatorFor(f *fleet.Fleet) *fleet.Evaluator {
	if f == nil || f.Model == "" || f.Model == s.fleets.Model().Version() || !slices.Contains(costing.Versions(), f.Model) {
		return s.fleets
	}
	s.pins.mu.Lock()
	defer s.pins.mu.Unlock()
	if e := s.pins.by[f.Model]; e != nil {
		return e
	}
	m, err := costing.NewModelVersion(s.cat, f.Model)
	if err != nil {
		return s.fleets
	}
	if s.pins.by == nil {
		s.pins.by = map[string]*fleet.Evaluator{}
	}
	e := fleet.NewEvaluatorWith(m, fleet.EvaluatorOptions{StableRefs: true})
	s.pins.by[f.Model] = e
	return e
}

// Pinned reports whether f is priced with another model than the
// current one: its views then carry Current, what today's model says.
func (s *Service) Pinned(f *fleet.Fleet) bool { return s.FleetEvaluatorFor(f) != s.fleets }

// FleetModel is the model f's numbers are priced with: its pin, or the
// current model.
func (s *Service) FleetModel(f *fleet.Fleet) string { return s.FleetEvaluatorFor(f).Model().Version() }

// evaluatePinned prices f with the designs ds under its pinned model and,
// when that is not the current model, under the current one too.
func (s *Service) evaluatePinned(f *fleet.Fleet, ds fleet.Designs) (r, current *fleet.Result) {
	ev := s.FleetEvaluatorFor(f)
	r = ev.Evaluate(f, ds)
	if ev != s.fleets {
		current = s.fleets.Evaluate(f, ds)
	}
	return r, current
}
