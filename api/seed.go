package api

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
)

// LibraryUser owns the sample library.
const LibraryUser = "slipway"

// SeedSamples publishes the embedded sample designs as public designs of
// the user "slipway" when that user has none yet (on first start). Samples
// that fail validation are stored private. It returns how many it stored.
func (s *Server) SeedSamples(ctx context.Context) (int, error) {
	u, err := s.store.UserByName(ctx, LibraryUser)
	if errors.Is(err, ErrNotFound) {
		// No password hash matches "!", so nobody can log in as slipway.
		u, err = s.store.CreateUser(ctx, LibraryUser, "!")
	}
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	have, err := s.store.DesignsByOwner(ctx, u.ID)
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	if len(have) > 0 {
		return 0, nil
	}
	names, err := fs.Glob(data.Samples(), "*.json")
	if err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	sort.Strings(names)
	var batch []*NewDesign
	for _, n := range names {
		b, err := fs.ReadFile(data.Samples(), n)
		if err != nil {
			return 0, fmt.Errorf("seed %s: %w", n, err)
		}
		d, err := designer.DecodeDesign(b)
		if err != nil {
			s.log.WarnContext(ctx, "sample design unreadable; skipped", "file", n, "err", err)
			continue
		}
		e, res, probs, err := s.evaluation(d)
		if err != nil {
			return 0, fmt.Errorf("seed %s: %w", n, err)
		}
		vis := Public
		if !e.Legal {
			s.log.WarnContext(ctx, "sample design illegal; stored private", "file", n, "problems", len(probs))
			vis = Private
		}
		nd, err := s.newDesign(d, vis, u.ID, e, res, probs)
		if err != nil {
			return 0, fmt.Errorf("seed %s: %w", n, err)
		}
		batch = append(batch, nd)
	}
	if err := s.store.CreateDesigns(ctx, batch); err != nil {
		return 0, fmt.Errorf("seed: %w", err)
	}
	return len(batch), nil
}
