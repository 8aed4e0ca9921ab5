package library

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slipway/slipway/game"
)

// A game kept in the browser only (docs/table.md, "Playing without an
// account"): the page keeps the sides it started from (library fleets or
// designs the player may read) and every change made since, in order;
// the server keeps nothing and works the game out again from them on
// every request, through the same game.New and game.Book.Apply a stored
// game goes through. Keeping it in an account later is StartGame with the
// same sides and PlayGame with the same changes, so the stored game is
// the same game.

// MaxLocalOps is the most changes a game kept in the browser sends at
// once: it replays them all.
const MaxLocalOps = 1000

// LocalGame starts a game from sides as StartGame does, for anyone (u may
// be nil: then only public fleets and designs), keeps nothing, and
// applies ops in order in batches of game.MaxBatch, as the page would
// send them to a stored game. A change the rules refuse is EInvalid
// naming it ("ops[215].box").
func (s *Service) LocalGame(ctx context.Context, u *User, name string, sides []GameSide, ops []game.Op) (*GameView, error) {
	for i, sd := range sides {
		if (sd.Fleet == "") == (sd.Design == "") {
			return nil, &Error{Code: EInvalid, Field: fmt.Sprintf("sides[%d]", i),
				Message: "give a fleet or a design of the library (its id), not both"}
		}
		if sd.FleetDocument != nil || len(sd.Document) > 0 {
			return nil, &Error{Code: EInvalid, Field: fmt.Sprintf("sides[%d]", i),
				Message: "give a fleet or a design of the library (its id): a game kept in the browser starts from the library"}
		}
	}
	if len(ops) > MaxLocalOps {
		return nil, &Error{Code: EInvalid, Field: "ops",
			Message: fmt.Sprintf("has %d changes; a game kept in the browser sends at most %d (keep it in your account to go on)", len(ops), MaxLocalOps)}
	}
	now := s.now()
	g, book, err := s.newGame(ctx, u, name, sides, now)
	if err != nil {
		return nil, err
	}
	for from := 0; from < len(ops); from += game.MaxBatch {
		to := min(len(ops), from+game.MaxBatch)
		ng, err := book.Apply(g, g.Rev, ops[from:to], now)
		if err != nil {
			var ge *game.Error
			if errors.As(err, &ge) && from > 0 {
				var i int
				if _, e := fmt.Sscanf(ge.Field, "ops[%d]", &i); e == nil {
					ge.Field = fmt.Sprintf("ops[%d]", i+from) + ge.Field[strings.Index(ge.Field, "]")+1:]
				}
			}
			return nil, gameError(err)
		}
		g = ng
	}
	st, err := book.State(g)
	if err != nil {
		return nil, err
	}
	return &GameView{Stored: &StoredGame{Name: g.Name, Rev: g.Rev, Ships: len(g.Ships), CreatedAt: now, UpdatedAt: now},
		Game: g, State: st, Book: book}, nil
}
