package library

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/game"
)

// Table games (docs/table.md): the library keeps each game of an account
// as one document (a game.Game) with its revision; the game package
// decides what a change does, the Service who may make it.

// MaxGames is the most games one account may keep (Limits.MaxGames may
// lower it), and the most GamesByOwner lists.
const MaxGames = 200

// StoredGame is a game as a GameStore keeps it.
type StoredGame struct {
	ID      string
	OwnerID int64
	// Watch is the secret of the game's read-only link.
	Watch string
	Name  string
	// Rev is the game's revision (game.Game.Rev).
	Rev int
	// Ships counts the game's ships, for lists.
	Ships int
	// Document is the game.Game as JSON; empty in lists.
	Document  json.RawMessage
	CreatedAt time.Time
	UpdatedAt time.Time
}

// GameStore keeps table games.
type GameStore interface {
	// CreateGame stores a new game; a taken id or watch secret is
	// ErrConflict.
	CreateGame(ctx context.Context, g *StoredGame) error
	// Game returns a game with its document.
	Game(ctx context.Context, id string) (*StoredGame, error)
	// GameByWatch returns the game whose read-only link has the secret.
	GameByWatch(ctx context.Context, watch string) (*StoredGame, error)
	// UpdateGame stores doc as revision rev of the game if it is still at
	// revision base, else ErrStale.
	UpdateGame(ctx context.Context, id string, base, rev int, name string, doc []byte) error
	// GamesByOwner lists a user's games, the latest changed first,
	// without their documents.
	GamesByOwner(ctx context.Context, ownerID int64) ([]*StoredGame, error)
	// DeleteGame removes a game for good.
	DeleteGame(ctx context.Context, id string) error
}

// GameView is a game as the Service answers it: the stored record, the
// game and each ship's state derived by its game's rules.
type GameView struct {
	Stored *StoredGame
	Game   *game.Game
	State  []game.ShipState
	Book   *game.Book
}

// GameSide is one side of a game to start: a fleet of the library (Fleet,
// its id), a fleet document (FleetDocument), a design of the library
// (Design) or a design document (Document); exactly one.
type GameSide struct {
	Name          string
	Fleet         string
	FleetDocument *fleet.Fleet
	Design        string
	Document      json.RawMessage
}

// GameConflict is PlayGame's refusal of changes made on an older
// revision: nothing is applied; Current is the game as it stands, for
// the player to choose.
type GameConflict struct {
	Base    int
	Current *GameView
}

func (e *GameConflict) Error() string {
	return fmt.Sprintf("the game changed since revision %d: it is at revision %d; nothing was applied", e.Base, e.Current.Game.Rev)
}

// gameError turns a refusal of package game into an *Error.
func gameError(err error) error {
	var ge *game.Error
	if errors.As(err, &ge) {
		return &Error{Code: EInvalid, Field: ge.Field, Message: ge.Message, Err: err}
	}
	return err
}

// StartGame starts a game of u's named name with one or two sides. A
// library fleet or design must be one u may read.
func (s *Service) StartGame(ctx context.Context, u *User, name string, sides []GameSide) (*GameView, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if len(sides) < 1 || len(sides) > 2 {
		return nil, &Error{Code: EInvalid, Field: "sides", Message: fmt.Sprintf("has %d sides; a game has one side or two", len(sides))}
	}
	mine, err := s.store.GamesByOwner(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if len(mine) >= s.limits.MaxGames {
		return nil, errorf(EQuota, "you keep %d games, the most an account may keep; delete a finished game to start another", len(mine))
	}
	now := s.now()
	g, book, err := s.newGame(ctx, u, name, sides, now)
	if err != nil {
		return nil, err
	}
	doc, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	if len(doc) > game.MaxBytes {
		return nil, errorf(ETooLarge, "the game would take %d bytes; a game may take at most %d", len(doc), game.MaxBytes)
	}
	watch, _ := newSecret()
	sg := &StoredGame{ID: newID(), OwnerID: u.ID, Watch: watch, Name: g.Name, Rev: g.Rev, Ships: len(g.Ships),
		Document: doc, CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateGame(ctx, sg); err != nil {
		return nil, fmt.Errorf("start game: %w", err)
	}
	st, err := book.State(g)
	if err != nil {
		return nil, err
	}
	return &GameView{Stored: sg, Game: g, State: st, Book: book}, nil
}

// newGame reads the sides of a game to start (each library fleet or
// design one u may read) and starts it, keeping nothing: StartGame stores
// it, LocalGame does not.
func (s *Service) newGame(ctx context.Context, u *User, name string, sides []GameSide, now time.Time) (*game.Game, *game.Book, error) {
	if len(sides) < 1 || len(sides) > 2 {
		return nil, nil, &Error{Code: EInvalid, Field: "sides", Message: fmt.Sprintf("has %d sides; a game has one side or two", len(sides))}
	}
	in := make([]game.SideInput, len(sides))
	for i, sd := range sides {
		si, err := s.gameSide(ctx, u, sd, fmt.Sprintf("sides[%d]", i))
		if err != nil {
			return nil, nil, err
		}
		in[i] = si
	}
	if name == "" {
		name = in[0].Name
		if len(in) == 2 {
			name += " against " + in[1].Name
		}
		if r := []rune(name); len(r) > game.MaxNameLen {
			name = string(r[:game.MaxNameLen])
		}
	}
	g, book, err := game.New(name, in, s.rules, now)
	if err != nil {
		return nil, nil, gameError(err)
	}
	return g, book, nil
}

// gameSide reads one side to start a game with.
func (s *Service) gameSide(ctx context.Context, u *User, sd GameSide, field string) (game.SideInput, error) {
	given := 0
	for _, b := range []bool{sd.Fleet != "", sd.FleetDocument != nil, sd.Design != "", len(sd.Document) > 0} {
		if b {
			given++
		}
	}
	if given != 1 {
		return game.SideInput{}, &Error{Code: EInvalid, Field: field,
			Message: "give exactly one of a fleet (its id), a fleet document, a design (its id) or a design document"}
	}
	side := game.SideInput{Name: sd.Name}
	switch {
	case sd.Design != "":
		d, err := s.Design(ctx, u, sd.Design)
		if err != nil {
			return side, err
		}
		side.Ships = []game.ShipInput{{Document: d.Latest.Document}}
		if side.Name == "" {
			side.Name = d.Name
		}
	case len(sd.Document) > 0:
		_, d, err := s.rules.Decode(sd.Document)
		if err != nil {
			return side, &Error{Code: EInvalid, Field: field + ".document", Message: err.Error(), Err: err}
		}
		side.Ships = []game.ShipInput{{Document: sd.Document}}
		if side.Name == "" {
			side.Name = d.Head().Name
		}
	default:
		f := sd.FleetDocument
		if f != nil {
			if err := checkRefs(field+".fleetDocument", f); err != nil {
				return side, err
			}
		}
		if sd.Fleet != "" {
			v, err := s.Fleet(ctx, u, sd.Fleet)
			if err != nil {
				return side, err
			}
			f = v.Document
		}
		ds, _, err := s.resolve(ctx, u, f, Private)
		if err != nil {
			return side, err
		}
		if side.Name == "" {
			side.Name = f.Name
		}
		for i, sh := range f.Ships {
			d := sh.Document
			if d == nil {
				d = ds[fleet.Ref{Design: sh.Design, Version: sh.Version}]
			}
			if d == nil {
				return side, &Error{Code: EInvalid, Field: fmt.Sprintf("%s.ships[%d]", field, i),
					Message: fmt.Sprintf("ship %s's design %s is not one you may read", sh.ID, sh.Design)}
			}
			if sh.CrewQuality != 0 || sh.CommandQuality != "" || sh.DamageControl != "" {
				// The qualities the fleet buys for this ship are the ones it
				// plays (and prints) with.
				cp := *d
				if sh.CrewQuality != 0 {
					cp.CrewQuality = sh.CrewQuality
				}
				if sh.CommandQuality != "" {
					cp.CommandQuality = sh.CommandQuality
				}
				if sh.DamageControl != "" {
					cp.DamageControl = sh.DamageControl
				}
				d = &cp
			}
			b, err := json.Marshal(d)
			if err != nil {
				return side, err
			}
			side.Ships = append(side.Ships, game.ShipInput{Name: sh.Name, Document: b})
		}
	}
	return side, nil
}

// openGame reads a stored game and its ships' rules.
func (s *Service) openGame(sg *StoredGame) (*GameView, error) {
	var g game.Game
	if err := json.Unmarshal(sg.Document, &g); err != nil {
		return nil, fmt.Errorf("game %s: %w", sg.ID, err)
	}
	book, err := game.Open(&g, s.rules)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", sg.ID, err)
	}
	st, err := book.State(&g)
	if err != nil {
		return nil, err
	}
	return &GameView{Stored: sg, Game: &g, State: st, Book: book}, nil
}

// ownGame reads game id of u's: ENotFound for anyone else's.
func (s *Service) ownGame(ctx context.Context, u *User, id string) (*StoredGame, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if err := checkID("id", id); err != nil {
		return nil, err
	}
	sg, err := s.store.Game(ctx, id)
	if errors.Is(err, ErrNotFound) || err == nil && sg.OwnerID != u.ID {
		return nil, errorf(ENotFound, "no game %s of yours", id)
	}
	return sg, err
}

// Game returns u's game id with each ship's state.
func (s *Service) Game(ctx context.Context, u *User, id string) (*GameView, error) {
	sg, err := s.ownGame(ctx, u, id)
	if err != nil {
		return nil, err
	}
	return s.openGame(sg)
}

// WatchGame returns the game whose read-only link has the secret watch,
// for anyone who has the link.
func (s *Service) WatchGame(ctx context.Context, watch string) (*GameView, error) {
	if len(watch) < 20 || len(watch) > 100 {
		return nil, errorf(ENotFound, "no game has this link")
	}
	sg, err := s.store.GameByWatch(ctx, watch)
	if errors.Is(err, ErrNotFound) {
		return nil, errorf(ENotFound, "no game has this link")
	}
	if err != nil {
		return nil, err
	}
	return s.openGame(sg)
}

// PlayGame applies ops, made on revision base, to u's game id: all or
// none. A base other than the game's revision is a *GameConflict with the
// game as it stands; a change the rules refuse is EInvalid naming it.
func (s *Service) PlayGame(ctx context.Context, u *User, id string, base int, ops []game.Op) (*GameView, error) {
	sg, err := s.ownGame(ctx, u, id)
	if err != nil {
		return nil, err
	}
	v, err := s.openGame(sg)
	if err != nil {
		return nil, err
	}
	conflict := func() error { return &GameConflict{Base: base, Current: v} }
	g, err := v.Book.Apply(v.Game, base, ops, s.now())
	var stale *game.Stale
	if errors.As(err, &stale) {
		return nil, conflict()
	}
	if err != nil {
		return nil, gameError(err)
	}
	doc, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	if len(doc) > game.MaxBytes {
		return nil, errorf(ETooLarge, "the game would take %d bytes; a game may take at most %d", len(doc), game.MaxBytes)
	}
	err = s.store.UpdateGame(ctx, id, base, g.Rev, g.Name, doc)
	if errors.Is(err, ErrStale) { // another change landed between the read and the write
		if cur, err2 := s.Game(ctx, u, id); err2 == nil {
			return nil, &GameConflict{Base: base, Current: cur}
		}
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("play game %s: %w", id, err)
	}
	sg.Rev, sg.Document, sg.UpdatedAt = g.Rev, doc, s.now()
	st, err := v.Book.State(g)
	if err != nil {
		return nil, err
	}
	return &GameView{Stored: sg, Game: g, State: st, Book: v.Book}, nil
}

// MyGames lists u's games, the latest changed first.
func (s *Service) MyGames(ctx context.Context, u *User) ([]*StoredGame, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	return s.store.GamesByOwner(ctx, u.ID)
}

// DeleteGame deletes u's game id.
func (s *Service) DeleteGame(ctx context.Context, u *User, id string) error {
	if _, err := s.ownGame(ctx, u, id); err != nil {
		return err
	}
	return s.store.DeleteGame(ctx, id)
}
