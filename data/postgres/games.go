package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// The library.GameStore half of the store: table games (migration 0006).

const gameCols = `id, owner_id, watch, name, rev, ships, created_at, updated_at`

func scanGame(row pgx.Row, withDoc bool) (*library.StoredGame, error) {
	var g library.StoredGame
	dest := []any{&g.ID, &g.OwnerID, &g.Watch, &g.Name, &g.Rev, &g.Ships, &g.CreatedAt, &g.UpdatedAt}
	var doc []byte
	if withDoc {
		dest = append(dest, &doc)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	g.CreatedAt, g.UpdatedAt = g.CreatedAt.UTC(), g.UpdatedAt.UTC()
	g.Document = doc
	return &g, nil
}

// CreateGame stores a new game.
func (db *DB) CreateGame(ctx context.Context, g *library.StoredGame) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		_, err := tx.Exec(ctx, `INSERT INTO games (id, owner_id, watch, name, rev, ships, document, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`, g.ID, g.OwnerID, g.Watch, g.Name, g.Rev, g.Ships, []byte(g.Document), now)
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
	row := db.pool.QueryRow(ctx, `SELECT `+gameCols+`, document FROM games WHERE `+where, arg)
	g, err := scanGame(row, true)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return g, nil
}

// Game returns a game with its document.
func (db *DB) Game(ctx context.Context, id string) (*library.StoredGame, error) {
	return db.gameWhere(ctx, `id = $1`, id)
}

// GameByWatch returns the game whose read-only link has the secret.
func (db *DB) GameByWatch(ctx context.Context, watch string) (*library.StoredGame, error) {
	return db.gameWhere(ctx, `watch = $1`, watch)
}

// UpdateGame stores doc as revision rev if the game is at revision base.
func (db *DB) UpdateGame(ctx context.Context, id string, base, rev int, name string, doc []byte) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		var cur int
		err := tx.QueryRow(ctx, `SELECT rev FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&cur)
		if errors.Is(err, pgx.ErrNoRows) {
			return library.ErrNotFound
		}
		if err != nil {
			return err
		}
		if cur != base {
			return library.ErrStale
		}
		_, err = tx.Exec(ctx, `UPDATE games SET rev = $1, name = $2, document = $3, updated_at = $4 WHERE id = $5`,
			rev, name, doc, db.now(), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("update game %s: %w", id, err)
	}
	return nil
}

// GamesByOwner lists a user's games, the latest changed first.
func (db *DB) GamesByOwner(ctx context.Context, ownerID int64) ([]*library.StoredGame, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+gameCols+` FROM games WHERE owner_id = $1
		ORDER BY updated_at DESC, id LIMIT $2`, ownerID, library.MaxGames+1)
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
	tag, err := db.pool.Exec(ctx, `DELETE FROM games WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return library.ErrNotFound
	}
	return nil
}
