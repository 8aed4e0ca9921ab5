package api

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Errors a Store returns; the API maps them to HTTP statuses.
var (
	// ErrNotFound means the record does not exist (or is deleted).
	ErrNotFound = errors.New("not found")
	// ErrConflict means a unique value (a user name) is already taken.
	ErrConflict = errors.New("conflict")
	// ErrStale means an optimistic-concurrency check failed: the design
	// has moved on from the version the caller last read.
	ErrStale = errors.New("stale version")
	// ErrBadQuery means a library search string is not a valid query.
	ErrBadQuery = errors.New("bad search query")
)

// Visibility says who may see a design.
type Visibility string

// Visibilities: private designs are seen by their owner only, unlisted
// ones by anyone who knows the id, public ones are also in the library.
const (
	Private  Visibility = "private"
	Unlisted Visibility = "unlisted"
	Public   Visibility = "public"
)

// User is a registered account.
type User struct {
	ID           int64
	Name         string
	PasswordHash string
	CreatedAt    time.Time
}

// Token is a personal API token; only its hash is stored.
type Token struct {
	ID        int64
	UserID    int64
	Name      string
	CreatedAt time.Time
}

// Evaluation is the summary of a costing result stored beside every
// version, used for library filters and sorts.
type Evaluation struct {
	CV              float64 `json:"cv"`
	Points          float64 `json:"points"`
	Tier            int     `json:"tier"`
	EMS             float64 `json:"ems"`
	TargetRating    float64 `json:"targetRating"`
	MassFactor      float64 `json:"massFactor"`
	TechLevel       int     `json:"techLevel"`
	Movement        string  `json:"movement"`
	Hull            string  `json:"hull"`
	CarriesFighters bool    `json:"carriesFighters"`
	Legal           bool    `json:"legal"`
	ModelVersion    string  `json:"modelVersion"`
}

// Version is one immutable saved version of a design.
type Version struct {
	DesignID   string
	N          int
	Document   json.RawMessage // canonical design JSON
	Evaluation Evaluation
	Result     json.RawMessage // the full costing result as JSON
	Problems   json.RawMessage // validation problems as JSON
	AuthorID   int64
	CreatedAt  time.Time
}

// Design is the current state of a design: its metadata and latest version.
type Design struct {
	Seq           int64 // internal row number, the cursor tie-break
	ID            string
	OwnerID       int64
	OwnerName     string
	Visibility    Visibility
	Ruleset       string
	RulesVersion  int
	Name          string
	Description   string
	Tags          []string
	Universe      string
	Version       int // number of the latest version
	ParentID      string
	ParentVersion int
	Forks         int
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Deleted       bool
	Latest        Version
}

// NewDesign is what a Store needs to create a design and its version 1.
type NewDesign struct {
	ID            string
	OwnerID       int64
	Visibility    Visibility
	Ruleset       string
	RulesVersion  int
	Name          string
	Description   string
	Tags          []string
	Universe      string
	ParentID      string
	ParentVersion int
	Version       Version
}

// LibraryQuery selects public designs from the library.
type LibraryQuery struct {
	Q               string // FTS5 query over name, description, tags, universe, author
	Tier            int
	CVMin, CVMax    *float64
	PtsMin, PtsMax  *float64
	TechLevel       int
	Movement        string
	Hull            string
	CarriesFighters *bool
	Ruleset         string
	Sort            string // newest, cv, points, name, forks
	Desc            bool
	After           *Cursor
	Limit           int
}

// Cursor marks the last row of a page: its sort key and sequence number.
type Cursor struct {
	Key any   `json:"k"`
	Seq int64 `json:"s"`
}

// LibraryPage is one page of library results.
type LibraryPage struct {
	Designs []*Design
	Next    *Cursor
}

// Recomputation records one stored version re-evaluated under a new
// costing-model version.
type Recomputation struct {
	DesignID   string          `json:"designId"`
	Version    int             `json:"version"`
	OldModel   string          `json:"oldModel"`
	NewModel   string          `json:"newModel"`
	OldCV      float64         `json:"oldCV"`
	NewCV      float64         `json:"newCV"`
	OldPoints  float64         `json:"oldPoints"`
	NewPoints  float64         `json:"newPoints"`
	Evaluation Evaluation      `json:"-"`
	Result     json.RawMessage `json:"-"`
}

// Store is the persistence the API depends on. Implementations must be
// safe for concurrent use; every method is atomic.
type Store interface {
	// Ready reports whether the store can serve requests.
	Ready(ctx context.Context) error

	CreateUser(ctx context.Context, name, passwordHash string) (*User, error)
	UserByName(ctx context.Context, name string) (*User, error)
	UserByID(ctx context.Context, id int64) (*User, error)

	// CreateSession stores a session under the hash of its secret.
	CreateSession(ctx context.Context, hash string, userID int64, expires time.Time) error
	// SessionUser returns the user of a live session.
	SessionUser(ctx context.Context, hash string, now time.Time) (*User, error)
	DeleteSession(ctx context.Context, hash string) error

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
	// Design returns a design with its latest version.
	Design(ctx context.Context, id string) (*Design, error)
	// UpdateDesign stores v as the next version if the design is still at
	// version base, else returns ErrStale.
	UpdateDesign(ctx context.Context, id string, base int, meta NewDesign, v Version) (*Design, error)
	// DeleteDesign deletes a design still at version base.
	DeleteDesign(ctx context.Context, id string, base int) error
	Versions(ctx context.Context, id string) ([]Version, error)
	DesignVersion(ctx context.Context, id string, n int) (*Version, error)
	// Forks lists the live designs forked from id.
	Forks(ctx context.Context, id string) ([]*Design, error)
	// DesignsByOwner lists a user's live designs, newest first.
	DesignsByOwner(ctx context.Context, ownerID int64) ([]*Design, error)
	Library(ctx context.Context, q LibraryQuery) (*LibraryPage, error)

	// StaleVersions returns the versions evaluated under another model
	// version than model, at most limit of them.
	StaleVersions(ctx context.Context, model string, limit int) ([]Version, error)
	// SaveRecomputations stores new evaluations and records the change.
	SaveRecomputations(ctx context.Context, rs []Recomputation) error
}
