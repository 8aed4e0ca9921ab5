// Package library is the domain of Slipway's design library: accounts,
// sessions and tokens, designs with immutable versions, visibility, forks
// and lineage, the public library's search, quotas, and the Service that
// holds every one of those rules. It does no I/O of its own: a Store
// (data/sqlite, later PostgreSQL) keeps the records, and the HTTP API and
// the web pages are adapters over the Service.
//
// Who may see what:
//   - A private design is seen by its owner only.
//   - An unlisted design is seen by anyone who knows its id, but is never
//     listed (not in the library, not in another design's forks, not named
//     in a fork's lineage).
//   - A public design is seen by anyone and is in the library.
//   - A version is seen by others only if it was saved while the design was
//     public or unlisted: drafts saved while private stay private after the
//     design is published.
//   - Only the owner changes or deletes a design; anyone who can see a
//     design (signed in) may fork it.
package library

import (
	"encoding/json"
	"time"

	"github.com/slipway/slipway/ruleset"
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

// Valid reports whether v is one of the three visibilities.
func (v Visibility) Valid() bool { return v == Private || v == Unlisted || v == Public }

// User is a registered account.
type User struct {
	ID int64
	// Name is the user name as registered (PRECIS-normalised, case kept).
	Name string
	// Key is the case-folded name that is unique and used for look-ups.
	Key string
	// Skeleton is the confusables skeleton of Name (Unicode TR39); no two
	// accounts share one, so nobody can pass for another by look-alikes.
	Skeleton     string
	PasswordHash string
	CreatedAt    time.Time
}

// NewUser is what a Store needs to create a user.
type NewUser struct {
	Name, Key, Skeleton, PasswordHash string
}

// Token is a personal API token; only its hash is stored.
type Token struct {
	ID        int64
	UserID    int64
	Name      string
	CreatedAt time.Time
}

// Evaluation is the summary of an evaluation stored beside every
// version, used for library filters and sorts (ruleset.Summary: each
// ruleset fills what its game has).
type Evaluation = ruleset.Summary

// Version is one immutable saved version of a design.
type Version struct {
	DesignID string
	N        int
	// Visibility is the design's visibility when this version was saved:
	// versions saved while private are never shown to others.
	Visibility Visibility
	Document   json.RawMessage // canonical design JSON
	Evaluation Evaluation
	Result     json.RawMessage // the full costing result as JSON
	Problems   json.RawMessage // validation problems as JSON
	// ResultModel is the costing-model version that produced Result and
	// Problems as stored (Stores fill it when they read them). After a
	// model change Recompute updates the designs' summaries only; the
	// Service re-evaluates a version whose ResultModel is not its model
	// when it is read (see Service.current).
	ResultModel string
	AuthorID    int64
	CreatedAt   time.Time
}

// Bytes is the stored size of the version's documents.
func (v *Version) Bytes() int { return len(v.Document) + len(v.Result) + len(v.Problems) }

// Design is the current state of a design: its metadata and latest version.
type Design struct {
	Seq           int64 // internal row number, the cursor tie-break
	ID            string
	OwnerID       int64
	OwnerName     string // "" when the owner deleted their account
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
	// ParentVisibility, ParentOwnerID and ParentDeleted describe the parent
	// design, so the Service can tell whether it may be named; visibility
	// is "" when its rows are purged.
	ParentVisibility Visibility
	ParentOwnerID    int64
	ParentDeleted    bool
	// ParentHidden is set by the Service when the design has a parent the
	// caller may not know of ("not public"); ParentID is then cleared.
	ParentHidden bool
	// Forks counts the public live forks; the Service adds the caller's
	// own unlisted and private ones when it answers for one design.
	Forks     int
	CreatedAt time.Time
	UpdatedAt time.Time
	Deleted   bool
	// Outline is what a list draws of the latest version's sections
	// (library.Outline); "" when the store has not computed it yet.
	Outline string
	Latest  Version
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
	Q               string // full-text query over name, description, tags, universe, author
	Tier            int
	CVMin, CVMax    *float64
	PtsMin, PtsMax  *float64
	TechLevel       int
	Movement        string
	Hull            string
	CarriesFighters *bool
	Ruleset         string
	RulesVersion    int
	Sort            string // newest, cv, points, name, forks
	Desc            bool
	After           *Cursor
	Limit           int
}

// Sorts lists the library's sort orders with whether each runs high to
// low unless asked otherwise.
var Sorts = map[string]bool{"newest": true, "cv": true, "points": true, "name": false, "forks": true}

// MaxPage is the largest library page.
const MaxPage = 100

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

// Usage is what an account holds, for quotas.
type Usage struct {
	Designs  int   // live designs
	Versions int   // versions of live designs
	Bytes    int64 // stored bytes of those versions
}

// Recomputation records one design re-evaluated under a new
// costing-model version: its latest version's summary numbers before and
// after.
type Recomputation struct {
	// DesignSeq is the design's row number, as StaleDesigns gave it.
	DesignSeq int64   `json:"-"`
	DesignID  string  `json:"designId"`
	Version   int     `json:"version"`
	OldModel  string  `json:"oldModel"`
	NewModel  string  `json:"newModel"`
	OldCV     float64 `json:"oldCV"`
	NewCV     float64 `json:"newCV"`
	OldPoints float64 `json:"oldPoints"`
	NewPoints float64 `json:"newPoints"`
	// Old and Evaluation are the design's summary before and after.
	Old        Evaluation `json:"-"`
	Evaluation Evaluation `json:"-"`
}

// SameNumbers reports whether the recomputation left every summary
// number as it was (only the model version changed), so that a store may
// update the model version alone.
func (r *Recomputation) SameNumbers() bool {
	a, b := r.Old, r.Evaluation
	a.ModelVersion = b.ModelVersion
	return a == b
}
