package postgres

import (
	"context"
	"errors"

	"github.com/slipway/slipway/library"
)

// ErrFleetsNotImplemented is every library.FleetStore method's answer on
// PostgreSQL for now: fleets are stored by data/sqlite only (issue 10
// left the PostgreSQL half to do).
var ErrFleetsNotImplemented = errors.New("postgres: fleets are not implemented on PostgreSQL yet; use the SQLite store for fleets")

func (db *DB) CreateFleet(context.Context, *library.NewFleet) error { return ErrFleetsNotImplemented }
func (db *DB) Fleet(context.Context, string) (*library.Fleet, error) {
	return nil, ErrFleetsNotImplemented
}
func (db *DB) UpdateFleet(context.Context, string, int, library.NewFleet, library.FleetVersion) (*library.Fleet, error) {
	return nil, ErrFleetsNotImplemented
}
func (db *DB) DeleteFleet(context.Context, string, int) error { return ErrFleetsNotImplemented }
func (db *DB) FleetVersions(context.Context, string) ([]library.FleetVersion, error) {
	return nil, ErrFleetsNotImplemented
}
func (db *DB) FleetVersion(context.Context, string, int) (*library.FleetVersion, error) {
	return nil, ErrFleetsNotImplemented
}
func (db *DB) FleetsByOwner(context.Context, int64) ([]*library.Fleet, error) {
	return nil, ErrFleetsNotImplemented
}
func (db *DB) PublicFleets(context.Context, library.FleetQuery) ([]*library.Fleet, error) {
	return nil, ErrFleetsNotImplemented
}
func (db *DB) FleetUsage(context.Context, int64) (library.Usage, error) {
	return library.Usage{}, ErrFleetsNotImplemented
}
