package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/slipway/slipway/library"
)

// SavePrinted stores a verification record unless its code is stored
// already, then keeps only the newest keep records of its subject.
func (db *DB) SavePrinted(ctx context.Context, rec library.PrintRecord, keep int) error {
	facts, err := json.Marshal(rec.Facts)
	if err != nil {
		return err
	}
	return db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO printed (code, subject, facts, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
			rec.Code, rec.Subject, string(facts), formatTime(rec.CreatedAt))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM printed WHERE subject = ? AND code NOT IN
			(SELECT code FROM printed WHERE subject = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`, rec.Subject, rec.Subject, keep)
		return err
	})
}

// PrintedByCode returns the verification record of code.
func (db *DB) PrintedByCode(ctx context.Context, code string) (*library.PrintRecord, error) {
	var rec library.PrintRecord
	var facts, created string
	err := db.r.QueryRowContext(ctx, `SELECT code, subject, facts, created_at FROM printed WHERE code = ?`, code).
		Scan(&rec.Code, &rec.Subject, &facts, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("printed %s: %w", code, err)
	}
	if err := json.Unmarshal([]byte(facts), &rec.Facts); err != nil {
		return nil, fmt.Errorf("printed %s: %w", code, err)
	}
	rec.CreatedAt = parseTime(created)
	return &rec, nil
}

// SetShare stores a design's share link, replacing any other.
func (db *DB) SetShare(ctx context.Context, l library.ShareLink) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO design_shares (design_id, token, created_at) VALUES (?, ?, ?)
			ON CONFLICT (design_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
			l.DesignID, l.Token, formatTime(l.CreatedAt))
		return err
	})
}

// Share returns a design's share link.
func (db *DB) Share(ctx context.Context, designID string) (*library.ShareLink, error) {
	l := library.ShareLink{DesignID: designID}
	var created string
	err := db.r.QueryRowContext(ctx, `SELECT token, created_at FROM design_shares WHERE design_id = ?`, designID).Scan(&l.Token, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("share of %s: %w", designID, err)
	}
	l.CreatedAt = parseTime(created)
	return &l, nil
}

// DeleteShare revokes a design's share link.
func (db *DB) DeleteShare(ctx context.Context, designID string) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM design_shares WHERE design_id = ?`, designID)
		return err
	})
}

var _ library.VerifyStore = (*DB)(nil)
