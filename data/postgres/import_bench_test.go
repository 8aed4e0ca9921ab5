package postgres_test

import (
	"context"
	"testing"

	"github.com/slipway/slipway/data/postgres"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/library/storetest"
)

// BenchmarkImport: go test ./data/postgres -run XXX -bench Import
func BenchmarkImport(b *testing.B) {
	storetest.BenchImport(b, func(b *testing.B) library.Store {
		db, err := postgres.Open(context.Background(), pgtest.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	})
}
