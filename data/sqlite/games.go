package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/slipway/slipway/library"
)

// The library.GameStore half of the store: table games.

const gameCols = `id, owner_id, watch, name, rev, ships, created_at, updated_at`

func scanGame(s scanner, withDoc bool) (*library.StoredGame, error) {
	var g library.StoredGame
	var created, updated string
	dest := []any{&g.ID, &g.OwnerID, &g.Watch, &g.Name, &g.Rev, &g.Ships, &created, &updated}
	var doc []byte
	if withDoc {
		dest = append(dest, &doc)
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	g.CreatedAt, g.UpdatedAt = parseTime(created), parseTime(updated)
	g.Document = doc
	return &g, nil
}

// CreateGame stores a new game.
func (db *DB) CreateGame(ctx context.Context, g *library.StoredGame) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.now())
		_, err := tx.ExecContext(ctx, `INSERT INTO games (id, owner_id, watch, name, rev, ships, document, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, g.ID, g.OwnerID, g.Watch, g.Name, g.Rev, g.Ships, []byte(g.Document), now, now)
		if err != nil && isUnique(err) {
			return library.ErrConflict
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	return nil
}

func (db *DB) gameWhere(ctx context.Context, where string, arg any) (*library.StoredGame, error) {
	row := db.r.QueryRowContext(ctx, `SELECT `+gameCols+`, document FROM games WHERE `+where, arg)
	g, err := scanGame(row, true)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return g, nil
}

// Game returns a game with its document.
func (db *DB) Game(ctx context.Context, id string) (*library.StoredGame, error) {
	return db.gameWhere(ctx, `id = ?`, id)
}

// GameByWatch returns the game whose read-only link has the secret.
func (db *DB) GameByWatch(ctx context.Context, watch string) (*library.StoredGame, error) {
	return db.gameWhere(ctx, `watch = ?`, watch)
}

// UpdateGame stores doc as revision rev if the game is at revision base.
func (db *DB) UpdateGame(ctx context.Context, id string, base, rev int, name string, doc []byte) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		var cur int
		err := tx.QueryRowContext(ctx, `SELECT rev FROM games WHERE id = ?`, id).Scan(&cur)
		if errors.Is(err, sql.ErrNoRows) {
			return library.ErrNotFound
		}
		if err != nil {
			return err
		}
		if cur != base {
			return library.ErrStale
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET rev = ?, name = ?, document = ?, updated_at = ? WHERE id = ?`,
			rev, name, doc, formatTime(db.now()), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("update game %s: %w", id, err)
	}
	return nil
}

// GamesByOwner lists a user's games, the latest changed first.
func (db *DB) GamesByOwner(ctx context.Context, ownerID int64) ([]*library.StoredGame, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT `+gameCols+` FROM games WHERE owner_id = ?
		ORDER BY updated_at DESC, id LIMIT ?`, ownerID, library.MaxGames+1)
	if err != nil {
		return nil, fmt.Errorf("games: %w", err)
	}
	defer rows.Close()
	out := []*library.StoredGame{}
	for rows.Next() {
		g, err := scanGame(rows, false)
		if err != nil {
			return nil, fmt.Errorf("games: %w", err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// DeleteGame removes a game.
func (db *DB) DeleteGame(ctx context.Context, id string) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return library.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	}
	return nil
}
