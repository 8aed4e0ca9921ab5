package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// SetFleetShare stores a fleet's share link, replacing any other.
func (db *DB) SetFleetShare(ctx context.Context, l library.FleetShareLink) error {
	_, err := db.pool.Exec(ctx, `INSERT INTO fleet_shares (fleet_id, token, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (fleet_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
		l.FleetID, l.Token, l.CreatedAt)
	return err
}

// FleetShare returns a fleet's share link.
func (db *DB) FleetShare(ctx context.Context, fleetID string) (*library.FleetShareLink, error) {
	l := library.FleetShareLink{FleetID: fleetID}
	err := db.pool.QueryRow(ctx, `SELECT token, created_at FROM fleet_shares WHERE fleet_id = $1`, fleetID).Scan(&l.Token, &l.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("share of fleet %s: %w", fleetID, err)
	}
	l.CreatedAt = l.CreatedAt.UTC()
	return &l, nil
}

// DeleteFleetShare revokes a fleet's share link.
func (db *DB) DeleteFleetShare(ctx context.Context, fleetID string) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM fleet_shares WHERE fleet_id = $1`, fleetID)
	return err
}

var _ library.FleetShareStore = (*DB)(nil)
