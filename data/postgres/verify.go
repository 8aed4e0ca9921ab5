package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// SavePrinted stores a verification record unless its code is stored
// already, then keeps only the newest keep records of its subject.
func (db *DB) SavePrinted(ctx context.Context, rec library.PrintRecord, keep int) error {
	facts, err := json.Marshal(rec.Facts)
	if err != nil {
		return err
	}
	return db.tx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO printed (code, subject, facts, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING`,
			rec.Code, rec.Subject, string(facts), rec.CreatedAt)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM printed WHERE subject = $1 AND code NOT IN
			(SELECT code FROM printed WHERE subject = $1 ORDER BY created_at DESC, code DESC LIMIT $2)`, rec.Subject, keep)
		return err
	})
}

// PrintedByCode returns the verification record of code.
func (db *DB) PrintedByCode(ctx context.Context, code string) (*library.PrintRecord, error) {
	var rec library.PrintRecord
	var facts []byte
	err := db.pool.QueryRow(ctx, `SELECT code, subject, facts, created_at FROM printed WHERE code = $1`, code).
		Scan(&rec.Code, &rec.Subject, &facts, &rec.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("printed %s: %w", code, err)
	}
	if err := json.Unmarshal(facts, &rec.Facts); err != nil {
		return nil, fmt.Errorf("printed %s: %w", code, err)
	}
	rec.CreatedAt = rec.CreatedAt.UTC()
	return &rec, nil
}

// SetShare stores a design's share link, replacing any other.
func (db *DB) SetShare(ctx context.Context, l library.ShareLink) error {
	return db.tx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO design_shares (design_id, token, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (design_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
			l.DesignID, l.Token, l.CreatedAt)
		return err
	})
}

// Share returns a design's share link.
func (db *DB) Share(ctx context.Context, designID string) (*library.ShareLink, error) {
	l := library.ShareLink{DesignID: designID}
	err := db.pool.QueryRow(ctx, `SELECT token, created_at FROM design_shares WHERE design_id = $1`, designID).Scan(&l.Token, &l.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("share of %s: %w", designID, err)
	}
	l.CreatedAt = l.CreatedAt.UTC()
	return &l, nil
}

// DeleteShare revokes a design's share link.
func (db *DB) DeleteShare(ctx context.Context, designID string) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM design_shares WHERE design_id = $1`, designID)
	return err
}

var _ library.VerifyStore = (*DB)(nil)
