package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/library"
)

// userCols selects a user from users u.
const userCols = `u.id, u.name, coalesce(u.name_key, ''), coalesce(u.skeleton, ''), u.password_hash, u.created_at`

// CreateUser stores a new user; a taken key or skeleton is
// library.ErrConflict.
func (db *DB) CreateUser(ctx context.Context, nu library.NewUser) (*library.User, error) {
	u := &library.User{Name: nu.Name, Key: nu.Key, Skeleton: nu.Skeleton, PasswordHash: nu.PasswordHash, CreatedAt: db.now()}
	err := db.pool.QueryRow(ctx, `INSERT INTO users (name, name_key, skeleton, password_hash, created_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		nu.Name, nu.Key, nullIfEmpty(nu.Skeleton), nu.PasswordHash, u.CreatedAt).Scan(&u.ID)
	if isUnique(err) {
		return nil, fmt.Errorf("create user: %w", library.ErrConflict)
	}
	if err != nil {
		return nil, fmt.Errorf("create user: %w", err)
	}
	return u, nil
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// UserByKey finds a live user by the case-folded name key.
func (db *DB) UserByKey(ctx context.Context, key string) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM users u WHERE u.name_key = $1 AND u.deleted_at IS NULL`, key)
}

// UserBySkeleton finds a live user by the confusables skeleton of the name.
func (db *DB) UserBySkeleton(ctx context.Context, skeleton string) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM users u WHERE u.skeleton = $1 AND u.deleted_at IS NULL`, skeleton)
}

// UserByID finds a live user by id.
func (db *DB) UserByID(ctx context.Context, id int64) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`, id)
}

func (db *DB) user(ctx context.Context, q string, args ...any) (*library.User, error) {
	var u library.User
	err := db.pool.QueryRow(ctx, q, args...).Scan(&u.ID, &u.Name, &u.Key, &u.Skeleton, &u.PasswordHash, &u.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("user: %w", err)
	}
	u.CreatedAt = u.CreatedAt.UTC()
	return &u, nil
}

// SetPasswordHash replaces a user's password hash and ends the user's
// sessions but the one whose hash is keep.
func (db *DB) SetPasswordHash(ctx context.Context, userID int64, hash, keep string) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2 AND deleted_at IS NULL`, hash, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return library.ErrNotFound
		}
		_, err = tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND hash <> $2`, userID, keep)
		return err
	})
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// DeleteUser removes an account: sessions and tokens go, non-public
// designs are deleted (and purged later), public designs stay with no
// named owner and no author words, and the name is freed.
func (db *DB) DeleteUser(ctx context.Context, userID int64) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		tag, err := tx.Exec(ctx, `UPDATE users SET deleted_at = $1, name = '~deleted-' || id, name_key = NULL,
			skeleton = NULL, password_hash = '!' WHERE id = $2 AND deleted_at IS NULL`, now, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return library.ErrNotFound
		}
		for _, q := range []string{
			`DELETE FROM sessions WHERE user_id = $1`,
			`DELETE FROM tokens WHERE user_id = $1`,
			`DELETE FROM games WHERE owner_id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE fleets SET deleted_at = $1 WHERE owner_id = $2 AND deleted_at IS NULL
			AND visibility <> 'public'`, now, userID); err != nil {
			return err
		}
		parents, err := texts(ctx, tx, `UPDATE designs SET deleted_at = $1 WHERE owner_id = $2 AND deleted_at IS NULL
			AND visibility <> 'public' RETURNING parent_id`, now, userID)
		if err != nil {
			return err
		}
		if err := recountForks(ctx, tx, parents...); err != nil {
			return err
		}
		// The public designs that stay lose their author's name as a word.
		rows, err := tx.Query(ctx, `SELECT seq, name, description, tags, universe FROM designs
			WHERE owner_id = $1 AND deleted_at IS NULL`, userID)
		if err != nil {
			return err
		}
		type doc struct {
			seq                     int64
			name, desc, uni, vector string
			tags                    []string
		}
		var docs []doc
		for rows.Next() {
			var d doc
			if err := rows.Scan(&d.seq, &d.name, &d.desc, &d.tags, &d.uni); err != nil {
				rows.Close()
				return err
			}
			d.vector = searchVector(d.name, d.desc, d.tags, d.uni, "")
			docs = append(docs, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, d := range docs {
			if _, err := tx.Exec(ctx, `UPDATE designs SET search = $1::tsvector WHERE seq = $2`, d.vector, d.seq); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete user: %w", err)
	}
	return nil
}

// texts runs a query answering one nullable text column and returns
// its non-null values.
func texts(ctx context.Context, tx pgx.Tx, q string, args ...any) ([]string, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		var s *string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return nil, err
		}
		if s != nil {
			out = append(out, *s)
		}
	}
	rows.Close()
	return out, rows.Err()
}

// CreateSession stores a session by the hash of its secret, and removes
// expired sessions.
func (db *DB) CreateSession(ctx context.Context, hash string, userID int64, expires time.Time) error {
	err := db.tx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE expires_at < $1`, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sessions (hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
			hash, userID, now, expires)
		return err
	})
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser returns the user of the session with the given hash, if it
// has not expired.
func (db *DB) SessionUser(ctx context.Context, hash string, now time.Time) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.hash = $1 AND s.expires_at > $2 AND u.deleted_at IS NULL`, hash, now)
}

// DeleteSession ends a session.
func (db *DB) DeleteSession(ctx context.Context, hash string) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE hash = $1`, hash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteSessions ends every session of a user.
func (db *DB) DeleteSessions(ctx context.Context, userID int64) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("delete sessions: %w", err)
	}
	return nil
}

// CreateToken stores a personal API token by its hash.
func (db *DB) CreateToken(ctx context.Context, userID int64, name, hash string) (*library.Token, error) {
	t := &library.Token{UserID: userID, Name: name, CreatedAt: db.now()}
	err := db.pool.QueryRow(ctx, `INSERT INTO tokens (user_id, name, hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
		userID, name, hash, t.CreatedAt).Scan(&t.ID)
	if err != nil {
		return nil, fmt.Errorf("create token: %w", err)
	}
	return t, nil
}

// TokenUser returns the owner of the token with the given hash.
func (db *DB) TokenUser(ctx context.Context, hash string) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM tokens t JOIN users u ON u.id = t.user_id
		WHERE t.hash = $1 AND u.deleted_at IS NULL`, hash)
}

// Tokens lists a user's tokens, oldest first.
func (db *DB) Tokens(ctx context.Context, userID int64) ([]library.Token, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, name, created_at FROM tokens WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("tokens: %w", err)
	}
	defer rows.Close()
	out := []library.Token{}
	for rows.Next() {
		t := library.Token{UserID: userID}
		if err := rows.Scan(&t.ID, &t.Name, &t.CreatedAt); err != nil {
			return nil, fmt.Errorf("tokens: %w", err)
		}
		t.CreatedAt = t.CreatedAt.UTC()
		out = append(out, t)
	}
	return out, rows.Err()
}

// DeleteToken revokes one of a user's tokens.
func (db *DB) DeleteToken(ctx context.Context, userID, tokenID int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM tokens WHERE id = $1 AND user_id = $2`, tokenID, userID)
	if err != nil {
		return fmt.Errorf("delete token: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("delete token: %w", library.ErrNotFound)
	}
	return nil
}
