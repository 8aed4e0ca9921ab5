package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

// TestWriteAloneRollsBack checks the writer's path for a write alone in
// its transaction (no savepoint): a write that changed rows and then
// failed leaves nothing behind, reports its own error, and the next
// write goes through.
func TestWriteAloneRollsBack(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "alone.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func() int {
		var n int
		if err := db.w.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version >= 1000`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	boom := errors.New("boom")
	for i := range 3 {
		err := db.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'test', 'now')`, 1000+i); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("failed write %d: %v, want its own error", i, err)
		}
		if n := count(); n != 0 {
			t.Fatalf("after failed write %d, %d of its rows are stored", i, n)
		}
	}
	if err := db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (2000, 'test', 'now')`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 1 {
		t.Fatalf("after a good write, %d rows; want 1", n)
	}
}
