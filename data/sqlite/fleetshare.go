package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/slipway/slipway/library"
)

// SetFleetShare stores a fleet's share link, replacing any other.
func (db *DB) SetFleetShare(ctx context.Context, l library.FleetShareLink) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO fleet_shares (fleet_id, token, created_at) VALUES (?, ?, ?)
			ON CONFLICT (fleet_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
			l.FleetID, l.Token, formatTime(l.CreatedAt))
		return err
	})
}

// FleetShare returns a fleet's share link.
func (db *DB) FleetShare(ctx context.Context, fleetID string) (*library.FleetShareLink, error) {
	l := library.FleetShareLink{FleetID: fleetID}
	var created string
	err := db.r.QueryRowContext(ctx, `SELECT token, created_at FROM fleet_shares WHERE fleet_id = ?`, fleetID).Scan(&l.Token, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("share of fleet %s: %w", fleetID, err)
	}
	l.CreatedAt = parseTime(created)
	return &l, nil
}

// DeleteFleetShare revokes a fleet's share link.
func (db *DB) DeleteFleetShare(ctx context.Context, fleetID string) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM fleet_shares WHERE fleet_id = ?`, fleetID)
		return err
	})
}

var _ library.FleetShareStore = (*DB)(nil)
