package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/slipway/slipway/api"
)

// CreateUser stores a new user; a taken name (case-insensitive) is
// api.ErrConflict.
func (db *DB) CreateUser(ctx context.Context, name, passwordHash string) (*api.User, error) {
	u := &api.User{Name: name, PasswordHash: passwordHash, CreatedAt: db.now()}
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO users (name, password_hash, created_at) VALUES (?, ?, ?)`,
			name, passwordHash, formatTime(u.CreatedAt))
		if err != nil {
			if isUnique(err) {
				return api.ErrConflict
			}
			return err
		}
		u.ID, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("create user: %w", err)
	}
	return u, nil
}

// UserByName finds a user by name, case-insensitively.
func (db *DB) UserByName(ctx context.Context, name string) (*api.User, error) {
	return db.user(ctx, `SELECT id, name, password_hash, created_at FROM users WHERE name = ?`, name)
}

// UserByID finds a user by id.
func (db *DB) UserByID(ctx context.Context, id int64) (*api.User, error) {
	return db.user(ctx, `SELECT id, name, password_hash, created_at FROM users WHERE id = ?`, id)
}

func (db *DB) user(ctx context.Context, q string, args ...any) (*api.User, error) {
	var u api.User
	var created string
	err := db.r.QueryRowContext(ctx, q, args...).Scan(&u.ID, &u.Name, &u.PasswordHash, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, api.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("user: %w", err)
	}
	u.CreatedAt = parseTime(created)
	return &u, nil
}

// CreateSession stores a session by the hash of its secret.
func (db *DB) CreateSession(ctx context.Context, hash string, userID int64, expires time.Time) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := db.now()
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < ?`, formatTime(now)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO sessions (hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			hash, userID, formatTime(now), formatTime(expires))
		return err
	})
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of the session with the given hash, if it
// has not expired.
func (db *DB) SessionUser(ctx context.Context, hash string, now time.Time) (*api.User, error) {
	return db.user(ctx, `SELECT u.id, u.name, u.password_hash, u.created_at FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.hash = ? AND s.expires_at > ?`, hash, formatTime(now))
}

// DeleteSession ends a session.
func (db *DB) DeleteSession(ctx context.Context, hash string) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE hash = ?`, hash)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// CreateToken stores a personal API token by its hash.
func (db *DB) CreateToken(ctx context.Context, userID int64, name, hash string) (*api.Token, error) {
	t := &api.Token{UserID: userID, Name: name, CreatedAt: db.now()}
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO tokens (user_id, name, hash, created_at) VALUES (?, ?, ?, ?)`,
			userID, name, hash, formatTime(t.CreatedAt))
		if err != nil {
			return err
		}
		t.ID, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("create token: %w", err)
	}
	return t, nil
}

// TokenUser returns the owner of the token with the given hash.
func (db *DB) TokenUser(ctx context.Context, hash string) (*api.User, error) {
	return db.user(ctx, `SELECT u.id, u.name, u.password_hash, u.created_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ?`, hash)
}

// Tokens lists a user's tokens, oldest first.
func (db *DB) Tokens(ctx context.Context, userID int64) ([]api.Token, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, name, created_at FROM tokens WHERE user_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("tokens: %w", err)
	}
	defer rows.Close()
	out := []api.Token{}
	for rows.Next() {
		t := api.Token{UserID: userID}
		var created string
		if err := rows.Scan(&t.ID, &t.Name, &created); err != nil {
			return nil, fmt.Errorf("tokens: %w", err)
		}
		t.CreatedAt = parseTime(created)
		out = append(out, t)
	}
	return out, rows.Err()
}

// DeleteToken revokes one of a user's tokens.
func (db *DB) DeleteToken(ctx context.Context, userID, tokenID int64) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM tokens WHERE id = ? AND user_id = ?`, tokenID, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return api.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete token: %w", err)
	}
	return nil
}

func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}
