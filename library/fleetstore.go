package library

import (
	"context"
	"encoding/json"
	"time"
)

// FleetSummary is the fleet evaluation stored beside every fleet version,
// for lists and searches.
type FleetSummary struct {
	CV          int    `json:"cv"`
	Points      int    `json:"points"`
	Ships       int    `json:"ships"`
	Squadrons   int    `json:"squadrons"`
	HighestTier int    `json:"highestTier"`
	LimitKind   string `json:"limitKind"`
	Limit       int    `json:"limit"`
	Legal       bool   `json:"legal"`
}

// FleetVersion is one immutable saved version of a fleet.
type FleetVersion struct {
	FleetID string
	N       int
	// Visibility is the fleet's visibility when this version was saved.
	Visibility Visibility
	Document   json.RawMessage // canonical fleet JSON
	Summary    FleetSummary
	Problems   json.RawMessage
	AuthorID   int64
	CreatedAt  time.Time
}

// Bytes is the stored size of the version's documents.
func (v *FleetVersion) Bytes() int { return len(v.Document) + len(v.Problems) }

// Fleet is the current state of a stored fleet: its metadata and latest
// version.
type Fleet struct {
	Seq           int64
	ID            string
	OwnerID       int64
	OwnerName     string // "" when the owner deleted their account
	Visibility    Visibility
	Name          string
	Description   string
	Version       int
	ParentID      string
	ParentVersion int
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Latest        FleetVersion
}

func (f *Fleet) ownerID() int64           { return f.OwnerID }
func (f *Fleet) visibilityOf() Visibility { return f.Visibility }

// NewFleet is what a FleetStore needs to create a fleet and its version 1.
type NewFleet struct {
	ID            string
	OwnerID       int64
	Visibility    Visibility
	Name          string
	Description   string
	ParentID      string
	ParentVersion int
	Version       FleetVersion
}

// FleetQuery selects public fleets: those matching Q (words of the name,
// description or owner) and the filters, in the order Sort names, a page
// of Limit after the row (AfterKey, After) of the previous page.
type FleetQuery struct {
	Q string
	// CVMin, CVMax, PtsMin and PtsMax bound the fleet's total CV and
	// points (inclusive); MaxTier (1-3) its highest tier; LimitKind (cv or
	// points) the kind of limit it was built to.
	CVMin, CVMax, PtsMin, PtsMax *int
	MaxTier                      int
	LimitKind                    string
	// Sort is newest (the default), cv, points, name or ships; Order asc,
	// desc or "" for the sort's own direction (FleetSorts). The Service
	// sets Desc from them before it asks the store.
	Sort  string
	Order string
	Desc  bool
	// AfterKey is the sort key of the last row of the previous page (none
	// for newest) and After its sequence number; After 0 starts at the top.
	AfterKey any
	After    int64
	Limit    int
}

// FleetSorts lists the fleet library's sort orders with whether each runs
// high to low unless asked otherwise.
var FleetSorts = map[string]bool{"newest": true, "cv": true, "points": true, "name": false, "ships": true}

// FleetStore keeps fleets, as Store keeps designs: it decides nothing. A
// missing fleet is ErrNotFound, a taken id ErrConflict, a failed version
// check ErrStale.
type FleetStore interface {
	CreateFleet(ctx context.Context, nf *NewFleet) error
	// Fleet returns a live fleet with its latest version.
	Fleet(ctx context.Context, id string) (*Fleet, error)
	// UpdateFleet stores v as the next version if the fleet is still at
	// version base (any when 0), else ErrStale.
	UpdateFleet(ctx context.Context, id string, base int, meta NewFleet, v FleetVersion) (*Fleet, error)
	// DeleteFleet deletes a fleet still at version base (any when 0).
	DeleteFleet(ctx context.Context, id string, base int) error
	// FleetVersions lists a live fleet's versions, oldest first, without
	// their documents.
	FleetVersions(ctx context.Context, id string) ([]FleetVersion, error)
	FleetVersion(ctx context.Context, id string, n int) (*FleetVersion, error)
	// FleetsByOwner lists a user's live fleets, newest first.
	FleetsByOwner(ctx context.Context, ownerID int64) ([]*Fleet, error)
	// PublicFleets lists live public fleets matching q, newest first.
	PublicFleets(ctx context.Context, q FleetQuery) ([]*Fleet, error)
	// FleetUsage sums what a user's live fleets hold.
	FleetUsage(ctx context.Context, userID int64) (Usage, error)
}
