package api

import (
	"context"
	"errors"
	"fmt"

	"github.com/slipway/slipway/designer"
)

// EnsureUser returns the user with the given name, creating it without a
// usable password when it does not exist (for tools that own designs).
func (s *Server) EnsureUser(ctx context.Context, name string) (*User, error) {
	u, err := s.store.UserByName(ctx, name)
	if errors.Is(err, ErrNotFound) {
		u, err = s.store.CreateUser(ctx, name, "!")
	}
	if err != nil {
		return nil, fmt.Errorf("ensure user %s: %w", name, err)
	}
	return u, nil
}

// StoreDesigns evaluates and stores decoded designs for owner in one
// transaction. Legal designs get visibility vis; illegal ones are stored
// private. It returns the new ids in order.
func (s *Server) StoreDesigns(ctx context.Context, owner *User, ds []*designer.Design, vis Visibility) ([]string, error) {
	batch := make([]*NewDesign, 0, len(ds))
	ids := make([]string, 0, len(ds))
	for _, d := range ds {
		e, res, probs, err := s.evaluation(d)
		if err != nil {
			return nil, err
		}
		v := vis
		if !e.Legal {
			v = Private
		}
		nd, err := s.newDesign(d, v, owner.ID, e, res, probs)
		if err != nil {
			return nil, err
		}
		batch = append(batch, nd)
		ids = append(ids, nd.ID)
	}
	if err := s.store.CreateDesigns(ctx, batch); err != nil {
		return nil, err
	}
	return ids, nil
}
