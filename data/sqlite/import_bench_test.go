package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/library/storetest"
)

// BenchmarkImport: go test ./data/sqlite -run XXX -bench Import
func BenchmarkImport(b *testing.B) {
	storetest.BenchImport(b, func(b *testing.B) library.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "import.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	})
}
