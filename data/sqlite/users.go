package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/slipway/slipway/library"
)

// userCols selects a user; userFrom names the table as u.
const userCols = `u.id, u.name, coalesce(u.name_key, ''), coalesce(u.skeleton, ''), u.password_hash, u.created_at`

// CreateUser stores a new user; a taken key or skeleton is
// library.ErrConflict.
func (db *DB) CreateUser(ctx context.Context, nu library.NewUser) (*library.User, error) {
	u := &library.User{Name: nu.Name, Key: nu.Key, Skeleton: nu.Skeleton, PasswordHash: nu.PasswordHash, CreatedAt: db.now()}
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO users (name, name_key, skeleton, password_hash, created_at) VALUES (?, ?, ?, ?, ?)`,
			nu.Name, nu.Key, nullIfEmpty(nu.Skeleton), nu.PasswordHash, formatTime(u.CreatedAt))
		if err != nil {
			if isUnique(err) {
				return library.ErrConflict
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

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// UserByKey finds a live user by the case-folded name key.
func (db *DB) UserByKey(ctx context.Context, key string) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM users u WHERE u.name_key = ? AND u.deleted_at IS NULL`, key)
}

// UserBySkeleton finds a live user by the confusables skeleton of the name.
func (db *DB) UserBySkeleton(ctx context.Context, skeleton string) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM users u WHERE u.skeleton = ? AND u.deleted_at IS NULL`, skeleton)
}

// UserByID finds a live user by id.
func (db *DB) UserByID(ctx context.Context, id int64) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM users u WHERE u.id = ? AND u.deleted_at IS NULL`, id)
}

func (db *DB) user(ctx context.Context, q string, args ...any) (*library.User, error) {
	var u library.User
	var created string
	err := db.r.QueryRowContext(ctx, q, args...).Scan(&u.ID, &u.Name, &u.Key, &u.Skeleton, &u.PasswordHash, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, library.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("user: %w", err)
	}
	u.CreatedAt = parseTime(created)
	return &u, nil
}

// SetPasswordHash replaces a user's password hash and ends the user's
// sessions but the one whose hash is keep.
func (db *DB) SetPasswordHash(ctx context.Context, userID int64, hash, keep string) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = ? WHERE id = ? AND deleted_at IS NULL`, hash, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return library.ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND hash <> ?`, userID, keep)
		return err
	})
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// DeleteUser removes an account: sessions and tokens go, non-public
// designs are deleted (and purged later), public designs stay with no
// named owner, and the name is freed.
func (db *DB) DeleteUser(ctx context.Context, userID int64) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		now := formatTime(db.now())
		res, err := tx.ExecContext(ctx, `UPDATE users SET deleted_at = ?, name = '~deleted-' || id, name_key = NULL,
			skeleton = NULL, password_hash = '!' WHERE id = ? AND deleted_at IS NULL`, now, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return library.ErrNotFound
		}
		for _, q := range []string{
			`DELETE FROM sessions WHERE user_id = ?`,
			`DELETE FROM tokens WHERE user_id = ?`,
			`DELETE FROM games WHERE owner_id = ?`,
			`DELETE FROM designs_fts WHERE rowid IN (SELECT seq FROM designs WHERE owner_id = ? AND deleted_at IS NULL AND visibility <> 'public')`,
			`UPDATE designs_fts SET author = '' WHERE rowid IN (SELECT seq FROM designs WHERE owner_id = ? AND deleted_at IS NULL)`,
			// The words lose their author too: what follows words.AuthorSep.
			`UPDATE designs SET words = substr(words, 1, instr(words, char(30))) || ' ' || char(31)
				WHERE owner_id = ? AND deleted_at IS NULL AND words IS NOT NULL`,
		} {
			if _, err := tx.ExecContext(ctx, q, userID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE fleets SET deleted_at = ? WHERE owner_id = ? AND deleted_at IS NULL
			AND visibility <> 'public'`, now, userID); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT parent_id FROM designs WHERE owner_id = ? AND deleted_at IS NULL
			AND visibility <> 'public' AND parent_id IS NOT NULL`, userID)
		if err != nil {
			return err
		}
		var parents []string
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				rows.Close()
				return err
			}
			parents = append(parents, p)
		}
		rows.Close()
		if _, err := tx.ExecContext(ctx, `UPDATE designs SET deleted_at = ? WHERE owner_id = ? AND deleted_at IS NULL
			AND visibility <> 'public'`, now, userID); err != nil {
			return err
		}
		for _, p := range parents {
			if err := recountForks(ctx, tx, p); err != nil {
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

// backfillUsers gives users made before accounts had keys and skeletons
// theirs. A name whose skeleton another user already has keeps none: it
// can still log in, and nobody can register a look-alike of it.
func (db *DB) backfillUsers(ctx context.Context) error {
	rows, err := db.w.QueryContext(ctx, `SELECT id, name FROM users WHERE name_key IS NULL AND deleted_at IS NULL`)
	if err != nil {
		return fmt.Errorf("backfill users: %w", err)
	}
	type row struct {
		id   int64
		name string
	}
	var todo []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.name); err != nil {
			rows.Close()
			return fmt.Errorf("backfill users: %w", err)
		}
		todo = append(todo, r)
	}
	rows.Close()
	for _, r := range todo {
		key, err := library.UserNameKey(r.name)
		if err != nil {
			key = strings.ToLower(r.name)
		}
		if _, err := db.w.ExecContext(ctx, `UPDATE users SET name_key = ? WHERE id = ?`, key, r.id); err != nil {
			return fmt.Errorf("backfill user %d: %w", r.id, err)
		}
		if _, err := db.w.ExecContext(ctx, `UPDATE users SET skeleton = ? WHERE id = ?`, library.UserNameSkeleton(r.name), r.id); err != nil && !isUnique(err) {
			return fmt.Errorf("backfill user %d: %w", r.id, err)
		}
	}
	return nil
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
func (db *DB) SessionUser(ctx context.Context, hash string, now time.Time) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.hash = ? AND s.expires_at > ? AND u.deleted_at IS NULL`, hash, formatTime(now))
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

// DeleteSessions ends every session of a user.
func (db *DB) DeleteSessions(ctx context.Context, userID int64) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete sessions: %w", err)
	}
	return nil
}

// CreateToken stores a personal API token by its hash.
func (db *DB) CreateToken(ctx context.Context, userID int64, name, hash string) (*library.Token, error) {
	t := &library.Token{UserID: userID, Name: name, CreatedAt: db.now()}
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
func (db *DB) TokenUser(ctx context.Context, hash string) (*library.User, error) {
	return db.user(ctx, `SELECT `+userCols+` FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ? AND u.deleted_at IS NULL`, hash)
}

// Tokens lists a user's tokens, oldest first.
func (db *DB) Tokens(ctx context.Context, userID int64) ([]library.Token, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, name, created_at FROM tokens WHERE user_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("tokens: %w", err)
	}
	defer rows.Close()
	out := []library.Token{}
	for rows.Next() {
		t := library.Token{UserID: userID}
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
			return library.ErrNotFound
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
