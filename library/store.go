package library

import (
	"context"
	"fmt"
	"time"

	"github.com/slipway/slipway/fleet"
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
	// GameStore keeps table games (library/games.go).
	GameStore

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
	// ImportDesigns creates designs each on its own, in one transaction
	// (a savepoint each): a design the database refuses (ErrConflict for
	// a taken id; ErrRefused for data it will not keep) is left out, its
	// error in errs at its index, and the others are stored. Any other
	// error (the connection, ctx, an owner that does not exist) is err,
	// and then nothing is stored.
	ImportDesigns(ctx context.Context, ds []*NewDesign) (errs []error, err error)
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
	// DesignVersions reads the design versions refs name in one round
	// trip (the references of a fleet). Designs holds each live design
	// named, with Seq, ID, OwnerID, Visibility and Version (its latest
	// version's number) only; Versions holds each named version that
	// exists, under the ref as asked (N 0: the design's latest), with its
	// DesignID, N, Visibility, AuthorID, CreatedAt and Document (not its
	// summary, Result or Problems). A missing or deleted design and a
	// missing version are absent, not errors; duplicate refs are read
	// once. Refs that CheckVersionRefs refuses get its error.
	DesignVersions(ctx context.Context, refs []VersionRef) (*VersionSet, error)
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
	// after, in row-number (Seq) order, whose summary came from a model
	// version not in models (the current model of every ruleset served:
	// each model version names its ruleset, so a change of one ruleset's
	// model makes no other's designs stale). Each carries Seq, ID, Version and
	// its summary in Latest.Evaluation, with Latest.Document (not its
	// Result or Problems).
	StaleDesigns(ctx context.Context, models []string, after int64, limit int) ([]*Design, error)
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

// VersionRef names version N of design Design; N 0 names the design's
// latest version.
type VersionRef struct {
	Design string
	N      int
}

// MaxVersionRefs bounds the refs of one Store.DesignVersions call: as
// many as a fleet may have ships.
const MaxVersionRefs = fleet.MaxShips

// VersionSet is what Store.DesignVersions read: the live designs named,
// by id, and the versions found, by the ref that asked for them.
type VersionSet struct {
	Designs  map[string]*Design
	Versions map[VersionRef]*Version
}

// NewVersionSet returns an empty VersionSet, what DesignVersions reads
// for no refs.
func NewVersionSet() *VersionSet {
	return &VersionSet{Designs: map[string]*Design{}, Versions: map[VersionRef]*Version{}}
}

// Add records one row a store read for ref: the live design d (its first
// row is kept) and version v, nil when the design has no such version.
func (vs *VersionSet) Add(ref VersionRef, d *Design, v *Version) {
	if _, ok := vs.Designs[d.ID]; !ok {
		vs.Designs[d.ID] = d
	}
	if v != nil {
		vs.Versions[ref] = v
	}
}

// CheckVersionRefs refuses refs no store should read: more than
// MaxVersionRefs of them, or a negative version number. Otherwise it
// returns them without duplicates, in their first order. Every store
// calls it before DesignVersions reads anything.
func CheckVersionRefs(refs []VersionRef) ([]VersionRef, error) {
	if len(refs) > MaxVersionRefs {
		return nil, &Error{Code: EInvalid, Field: "refs",
			Message: fmt.Sprintf("asks for %d design versions; one read may ask for at most %d (a fleet's most ships)", len(refs), MaxVersionRefs)}
	}
	seen := make(map[VersionRef]bool, len(refs))
	out := make([]VersionRef, 0, len(refs))
	for i, r := range refs {
		if r.N < 0 {
			return nil, &Error{Code: EInvalid, Field: fmt.Sprintf("refs[%d].n", i),
				Message: fmt.Sprintf("is %d for design %q; give a version number, or 0 for the latest", r.N, r.Design)}
		}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out, nil
}
