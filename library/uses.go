package library

import (
	"context"
	"fmt"

	"github.com/slipway/slipway/ruleset"
)

// Bind hands d the library documents it names (ruleset.Referrer: a Star
// Eater loadout's card set) that u may read, for its evaluation; a design
// of a game without references is returned as it is. A reference u may
// not read is left out as one that does not exist, so the answer tells a
// private document from a missing one no more than GET /designs/{id}
// does. At most ruleset.MaxUses references are read.
func (s *Service) Bind(ctx context.Context, u *User, d ruleset.Design) (ruleset.Design, error) {
	if d == nil {
		return d, nil
	}
	r, ok := s.rules.Get(d.Head().Ruleset)
	if !ok {
		return d, nil
	}
	ref, ok := r.(ruleset.Referrer)
	if !ok {
		return d, nil
	}
	uses := ref.Uses(d)
	docs := map[string]ruleset.Design{}
	for _, use := range uses[:min(len(uses), ruleset.MaxUses)] {
		id, n, ok := ruleset.ParseRef(use.Ref)
		if !ok {
			continue
		}
		_, v, err := s.Version(ctx, u, id, n)
		if err != nil {
			if c := ErrorCode(err); c == ENotFound || c == EInvalid {
				continue
			}
			return nil, err
		}
		rv, doc, err := s.rules.Decode(v.Document)
		if err != nil || rv != r {
			continue // another game's design is no document of this one's
		}
		docs[use.Ref] = doc
	}
	return ref.Bind(d, docs), nil
}

// checkSharedUses refuses to show a document that names a private one:
// a public or unlisted design (vis) evaluated with a private card set
// would show that set's numbers to everyone who reads it. u is the
// saver; a reference u cannot read is no leak (it binds to nothing, and
// the game reports it).
func (s *Service) checkSharedUses(ctx context.Context, u *User, d ruleset.Design, vis Visibility) error {
	if d == nil || vis == Private || vis == "" {
		return nil
	}
	r, ok := s.rules.Get(d.Head().Ruleset)
	if !ok {
		return nil
	}
	ref, ok := r.(ruleset.Referrer)
	if !ok {
		return nil
	}
	uses := ref.Uses(d)
	for _, use := range uses[:min(len(uses), ruleset.MaxUses)] {
		id, n, ok := ruleset.ParseRef(use.Ref)
		if !ok {
			continue
		}
		used, _, err := s.Version(ctx, u, id, n)
		if err != nil {
			if c := ErrorCode(err); c == ENotFound || c == EInvalid {
				continue
			}
			return err
		}
		if used.Visibility == Private {
			return &Error{Code: EInvalid, Field: "design." + use.Path, Message: fmt.Sprintf(
				"names %q, a private design of yours: a %s design may only use designs everyone may read, or it would show their numbers to everyone (make %q unlisted or public first, or keep this design private)",
				used.Name, vis, used.Name)}
		}
	}
	return nil
}

// bindAsOwner is Bind for an evaluation that runs with no caller (a
// recomputation, a version read under a newer model, the verification
// page's fresh evaluation): it reads with the rights of d's owner, never
// of whoever asked. A private design reads as its owner; a public or
// unlisted one only what everyone may read, as its owner could name when
// saving it (checkSharedUses), so its numbers never show a private
// document, even one made private since.
func (s *Service) bindAsOwner(ctx context.Context, d *Design, doc ruleset.Design) (ruleset.Design, error) {
	var reader *User
	if d != nil && d.Visibility == Private && d.OwnerID != 0 {
		reader = &User{ID: d.OwnerID}
	}
	return s.Bind(ctx, reader, doc)
}
