package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/library/storetest"
)

// TestConformance runs the store conformance suite on SQLite files in a
// temporary directory, a fresh file for every test.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) library.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "conformance.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}
