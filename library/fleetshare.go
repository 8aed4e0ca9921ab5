package library

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"
)

// Fleet share links (issue 22): as a design's (ShareLink), a fleet
// owner's link lets whoever holds it verify the fleet's packs while the
// fleet is private. A fleet has at most one; a new one replaces it, and
// revoking it makes every earlier token answer as an unknown code.

// FleetShareLink is a fleet owner's share link.
type FleetShareLink struct {
	FleetID   string    `json:"fleetId"`
	Token     string    `json:"token"`
	CreatedAt time.Time `json:"createdAt"`
}

// FleetShareStore keeps fleets' share links. Both stores implement it;
// the Service finds it on its Store by type assertion.
type FleetShareStore interface {
	// SetFleetShare stores the share link of a fleet, replacing any other.
	SetFleetShare(ctx context.Context, l FleetShareLink) error
	// FleetShare returns the share link of a fleet, or ErrNotFound.
	FleetShare(ctx context.Context, fleetID string) (*FleetShareLink, error)
	// DeleteFleetShare revokes the share link of a fleet (none is no
	// error).
	DeleteFleetShare(ctx context.Context, fleetID string) error
}

func (s *Service) fleetShareStore() (FleetShareStore, error) {
	fs, ok := s.store.(FleetShareStore)
	if !ok {
		return nil, errors.New("the store keeps no fleet share links")
	}
	return fs, nil
}

// CreateFleetShare makes (or replaces) the share link of fleet id, owned
// by u: whoever holds it may verify the fleet's packs while it is
// private. Others get ENotFound or EForbidden as for any change.
func (s *Service) CreateFleetShare(ctx context.Context, u *User, id string) (*FleetShareLink, error) {
	f, err := s.ownedFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	fs, err := s.fleetShareStore()
	if err != nil {
		return nil, err
	}
	b := make([]byte, shareBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	l := FleetShareLink{FleetID: f.ID, Token: codeEncoding.EncodeToString(b), CreatedAt: s.clock()}
	if err := fs.SetFleetShare(ctx, l); err != nil {
		return nil, fmt.Errorf("share fleet %s: %w", f.ID, err)
	}
	return &l, nil
}

// FleetShareOf returns the share link of fleet id to its owner u, or
// ENotFound when it has none.
func (s *Service) FleetShareOf(ctx context.Context, u *User, id string) (*FleetShareLink, error) {
	f, err := s.ownedFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	fs, err := s.fleetShareStore()
	if err != nil {
		return nil, err
	}
	l, err := fs.FleetShare(ctx, f.ID)
	if errors.Is(err, ErrNotFound) {
		return nil, &Error{Code: ENotFound, Message: "this fleet has no share link"}
	}
	return l, err
}

// RevokeFleetShare revokes the share link of fleet id, owned by u.
func (s *Service) RevokeFleetShare(ctx context.Context, u *User, id string) error {
	f, err := s.ownedFleet(ctx, u, id)
	if err != nil {
		return err
	}
	fs, err := s.fleetShareStore()
	if err != nil {
		return err
	}
	return fs.DeleteFleetShare(ctx, f.ID)
}

// PrintFleetShare is the share token to print in the verification link
// of a pack of f that u prints: the fleet's share link when f is private,
// u owns it and has made one; "" otherwise.
func (s *Service) PrintFleetShare(ctx context.Context, u *User, f *Fleet) string {
	if f == nil || f.Visibility != Private || !owns(u, f) {
		return ""
	}
	fs, err := s.fleetShareStore()
	if err != nil {
		return ""
	}
	l, err := fs.FleetShare(ctx, f.ID)
	if err != nil {
		return ""
	}
	return l.Token
}

// fleetShareOK reports whether token is the share link of fleet id.
func (s *Service) fleetShareOK(ctx context.Context, id, token string) bool {
	if token == "" || len(token) > 64 {
		return false
	}
	fs, err := s.fleetShareStore()
	if err != nil {
		return false
	}
	l, err := fs.FleetShare(ctx, id)
	if err != nil {
		return false
	}
	return subtleEqual(l.Token, token)
}
