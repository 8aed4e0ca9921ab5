package library

import (
	"github.com/slipway/slipway/fleet"
)

// Rules version pinning (issue 22): a fleet names the combat value model
// it was agreed under (fleet.Fleet.Model, one of costing.Versions()); its
// page, builder and pack show that model's numbers, and what the current
// model would say beside them. The pricing lives in package fleet
// (fleet/pin.go), which the command line calls too.

// checkModel refuses a fleet pinned to a model that is not published,
// naming the field under field and the models allowed.
func checkModel(field string, f *fleet.Fleet) error {
	if msg := fleet.CheckModel(f.Model); msg != "" {
		return &Error{Code: EInvalid, Field: joinPath(field, "model"), Message: msg}
	}
	return nil
}

// FleetEvaluatorFor returns the fleet evaluator of the model f is pinned
// to: the Service's own when f pins none or the current one.
func (s *Service) FleetEvaluatorFor(f *fleet.Fleet) *fleet.Evaluator { return s.fleets.For(f) }

// Pinned reports whether f is priced with another model than the
// current one: its views then carry Current, what today's model says.
func (s *Service) Pinned(f *fleet.Fleet) bool { return s.fleets.For(f) != s.fleets }

// FleetModel is the model f's numbers are priced with: its pin, or the
// current model.
func (s *Service) FleetModel(f *fleet.Fleet) string { return s.fleets.ModelOf(f) }

// evaluatePinned prices f with the designs ds under its pinned model and,
// when that is not the current model, under the current one too.
func (s *Service) evaluatePinned(f *fleet.Fleet, ds fleet.Designs) (r, current *fleet.Result) {
	return s.fleets.EvaluatePinned(f, ds)
}
