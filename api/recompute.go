package api

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/slipway/slipway/designer"
)

// RecomputeReport sums up a recomputation run.
type RecomputeReport struct {
	Model   string          `json:"model"`
	Changes []Recomputation `json:"changes"`
}

// Recompute re-evaluates every stored version whose evaluation came from
// another costing-model version than the server's, in batches, recording
// the old and new numbers of each. Running it again finds nothing to do.
func (s *Server) Recompute(ctx context.Context) (*RecomputeReport, error) {
	model := s.eval.Version()
	rep := &RecomputeReport{Model: model, Changes: []Recomputation{}}
	for {
		vs, err := s.store.StaleVersions(ctx, model, 200)
		if err != nil {
			return rep, fmt.Errorf("recompute: %w", err)
		}
		if len(vs) == 0 {
			return rep, nil
		}
		var batch []Recomputation
		for _, v := range vs {
			d, err := designer.DecodeDesign(v.Document)
			if err != nil {
				return rep, fmt.Errorf("recompute %s version %d: %w", v.DesignID, v.N, err)
			}
			e, res, _, err := s.evaluation(d)
			if err != nil {
				return rep, fmt.Errorf("recompute %s version %d: %w", v.DesignID, v.N, err)
			}
			batch = append(batch, Recomputation{
				DesignID: v.DesignID, Version: v.N, OldModel: v.Evaluation.ModelVersion, NewModel: model,
				OldCV: v.Evaluation.CV, NewCV: e.CV, OldPoints: v.Evaluation.Points, NewPoints: e.Points,
				Evaluation: e, Result: json.RawMessage(res),
			})
		}
		if err := s.store.SaveRecomputations(ctx, batch); err != nil {
			return rep, fmt.Errorf("recompute: %w", err)
		}
		for i := range batch {
			batch[i].Result = nil
		}
		rep.Changes = append(rep.Changes, batch...)
	}
}
