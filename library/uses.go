package library

import (
	"context"

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
