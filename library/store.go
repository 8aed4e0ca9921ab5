package library

import (
	"context"
	"time"
)

// Store keeps the library's records. It knows no rule of the library:
// the Service decides who may do what and hands the Store finished
// records. Implementations must be safe for concurrent use and make every
// method atomic. A missing record is ErrNotFound, a taken unique value
// ErrConflict, a failed version check ErrStale, a search string the store
// cannot parse ErrBadQuery.
type Store interface {
	// FleetStore keeps fleets (library/fleetstore.go).
	FleetStore

	// Ready reports whether the store can serve requests.
	Ready(ctx context.Context) error

	// CreateUser stores a new user; a taken key or skeleton is ErrConflict.
	CreateUser(ctx context.Context, u NewUser) (*User, error)
	// UserByKey finds a live user by the case-folded name key.
	UserByKey(ctx context.Context, key string) (*User, error)
	// UserBySkeleton finds a live user whose name has the skeleton.
	UserBySkeleton(ctx context.Context, skeleton string) (*User, error)
	UserByID(ctx context.Context, id int64) (*User, error)
	// SetPasswordHash replaces a user's password hash and ends every
	// session of the user except the one with hash keep ("" ends all).
	SetPasswordHash(ctx context.Context, userID int64, hash, keep string) error
	// DeleteUser removes an account: its sessions, tokens and non-public
	// designs go; its public designs stay, owned by nobody (OwnerName "").
	DeleteUser(ctx context.Context, userID int64) error

	// CreateSession stores a session under the hash of its secret.
	CreateSession(ctx context.Context, hash string, userID int64, expires time.Time) error
	// SessionUser returns the user of a live session.
	SessionUser(ctx context.Context, hash string, now time.Time) (*User, error)
	// DeleteSession ends one session.
	DeleteSession(ctx context.Context, hash string) error
	// DeleteSessions ends every session of a user.
	DeleteSessions(ctx context.Context, userID int64) error

	CreateToken(ctx context.Context, userID int64, name, hash string) (*Token, error)
	// TokenUser returns the owner of the token with the given hash.
	TokenUser(ctx context.Context, hash string) (*User, error)
	// Tokens lists a user's tokens, oldest first.
	Tokens(ctx context.Context, userID int64) ([]Token, error)
	// DeleteToken revokes one of a user's tokens; another user's token
	// is ErrNotFound.
	DeleteToken(ctx context.Context, userID, tokenID int64) error

	// CreateDesigns creates designs in one transaction: all or none.
	CreateDesigns(ctx context.Context, ds []*NewDesign) error
	// Design returns a live design with its latest version.
	Design(ctx context.Context, id string) (*Design, error)
	// UpdateDesign stores v as the next version if the design is still at
	// version base (any version when base is 0), else returns ErrStale.
	UpdateDesign(ctx context.Context, id string, base int, meta NewDesign, v Version) (*Design, error)
	// DeleteDesign deletes a design still at version base (any when 0).
	DeleteDesign(ctx context.Context, id string, base int) error
	// Versions lists a live design's versions, oldest first, without
	// their documents.
	Versions(ctx context.Context, id string) ([]Version, error)
	DesignVersion(ctx context.Context, id string, n int) (*Version, error)
	// Forks lists up to limit live designs forked from id that are public
	// or owned by viewer (0: public only), oldest first, and how many
	// there are in all.
	Forks(ctx context.Context, id string, viewer int64, limit int) ([]*Design, int, error)
	// DesignsByOwner lists a user's live designs, newest first.
	DesignsByOwner(ctx context.Context, ownerID int64) ([]*Design, error)
	// Usage sums what a user's live designs hold.
	Usage(ctx context.Context, userID int64) (Usage, error)
	Library(ctx context.Context, q LibraryQuery) (*LibraryPage, error)
	// PurgeDeleted removes for good the rows of designs deleted before
	// the given time, and returns how many designs it removed.
	PurgeDeleted(ctx context.Context, before time.Time) (int, error)

	// StaleDesigns returns up to limit live designs after row number
	// after, in row-number (Seq) order, whose summary came from another
	// costing-model version than model. Each carries Seq, ID, Version and
	// its summary in Latest.Evaluation, with Latest.Document (not its
	// Result or Problems).
	StaleDesigns(ctx context.Context, model string, after int64, limit int) ([]*Design, error)
	// SaveRecomputations stores the designs' new summaries and records
	// the change of each, in one transaction. A design no longer at the
	// recomputed version (saved meanwhile, under the current model) or
	// deleted is left alone and not recorded.
	SaveRecomputations(ctx context.Context, rs []Recomputation) error

	// Lock takes the lock called name, shared by every process that uses
	// the same database, waiting until it is free or ctx ends (ctx's
	// error). The returned function releases it. Work that must run once
	// across nodes, such as recomputation, holds it.
	Lock(ctx context.Context, name string) (unlock func(), err error)
}
