// Package dump is the record-for-record form of a whole library, for
// copying it from one store to another (slipway migrate-store): users,
// sessions, tokens, designs and fleets (deleted ones too) with every
// version, and the recompute log, with their ids and row numbers, so that
// links, lineage, cursors, sessions and tokens keep working on the copy.
// Both stores implement Source and Sink; the Service never uses them.
package dump

import (
	"context"
	"time"

	"github.com/slipway/slipway/library"
)

// User is a users row.
type User struct {
	ID                                int64
	Name, Key, Skeleton, PasswordHash string
	CreatedAt                         time.Time
	DeletedAt                         *time.Time
}

// Session is a sessions row.
type Session struct {
	Hash                 string
	UserID               int64
	CreatedAt, ExpiresAt time.Time
}

// Token is a tokens row.
type Token struct {
	ID, UserID int64
	Name, Hash string
	CreatedAt  time.Time
}

// Design is a designs row with the copy of its latest evaluation.
type Design struct {
	Seq                  int64
	ID                   string
	OwnerID              int64
	Visibility           string
	Ruleset              string
	RulesVersion         int
	Name, Description    string
	Tags                 []string
	Universe             string
	Version              int
	ParentID             string
	ParentVersion        int
	Forks                int
	CreatedAt, UpdatedAt time.Time
	DeletedAt            *time.Time
	Eval                 library.Evaluation
}

// Version is a versions row.
type Version struct {
	DesignSeq                  int64
	N                          int
	Document, Result, Problems []byte
	AuthorID                   int64
	CreatedAt                  time.Time
	Visibility                 string
	Eval                       library.Evaluation
}

// Fleet is a fleets row. Summary is the latest version's summary, read
// into its Go form so that a store's JSON spelling (jsonb reorders keys)
// does not show in a checksum.
type Fleet struct {
	Seq                  int64
	ID                   string
	OwnerID              int64
	Visibility           string
	Name, Description    string
	Version              int
	ParentID             string
	ParentVersion        int
	Summary              library.FleetSummary
	StoredBytes          int64
	CreatedAt, UpdatedAt time.Time
	DeletedAt            *time.Time
}

// FleetVersion is a fleet_versions row.
type FleetVersion struct {
	FleetSeq           int64
	N                  int
	Visibility         string
	Document, Problems []byte
	Summary            library.FleetSummary
	AuthorID           int64
	CreatedAt          time.Time
	Bytes              int
}

// Recomputation is a row of the recompute log: one design version
// re-evaluated after a costing-model change.
type Recomputation struct {
	ID                   int64
	DesignSeq            int64
	N                    int
	OldModel, NewModel   string
	OldCV, NewCV         float64
	OldPoints, NewPoints float64
	At                   time.Time
}

// Source reads a library in key order, a page at a time.
type Source interface {
	// DumpUsers returns up to limit users with id > after, by id.
	DumpUsers(ctx context.Context, after int64, limit int) ([]User, error)
	// DumpSessions returns up to limit sessions with hash > after, by hash.
	DumpSessions(ctx context.Context, after string, limit int) ([]Session, error)
	// DumpTokens returns up to limit tokens with id > after, by id.
	DumpTokens(ctx context.Context, after int64, limit int) ([]Token, error)
	// DumpDesigns returns up to limit designs (deleted ones too) with
	// seq > after, by seq.
	DumpDesigns(ctx context.Context, after int64, limit int) ([]Design, error)
	// DumpVersions returns every version of the designs with the given
	// row numbers, by seq and n.
	DumpVersions(ctx context.Context, seqs []int64) ([]Version, error)
	// DumpFleets returns up to limit fleets (deleted ones too) with seq >
	// after, by seq.
	DumpFleets(ctx context.Context, after int64, limit int) ([]Fleet, error)
	// DumpFleetVersions returns every version of the fleets with the
	// given row numbers, by seq and n.
	DumpFleetVersions(ctx context.Context, seqs []int64) ([]FleetVersion, error)
	// DumpRecomputations returns up to limit rows of the recompute log
	// with id > after, by id.
	DumpRecomputations(ctx context.Context, after int64, limit int) ([]Recomputation, error)
}

// Sink writes records copied from a Source. Each call is one
// transaction that inserts the rows whose key is not there yet and
// leaves rows already there as they are, so that a copy can be re-run.
type Sink interface {
	// LoadUsers stores users under their ids.
	LoadUsers(ctx context.Context, us []User) error
	// LoadSessions stores sessions under their hashes.
	LoadSessions(ctx context.Context, ss []Session) error
	// LoadTokens stores API tokens under their ids.
	LoadTokens(ctx context.Context, ts []Token) error
	// LoadDesigns stores designs with their versions, and indexes the
	// live ones for search.
	LoadDesigns(ctx context.Context, ds []Design, vs []Version) error
	// LoadFleets stores fleets with their versions.
	LoadFleets(ctx context.Context, fs []Fleet, vs []FleetVersion) error
	// LoadRecomputations stores rows of the recompute log under their ids.
	LoadRecomputations(ctx context.Context, rs []Recomputation) error
	// FinishLoad makes new rows made after the copy get ids past the
	// copied ones.
	FinishLoad(ctx context.Context) error
}

// Copier is a store that can be copied from and into.
type Copier interface {
	Source
	Sink
}
