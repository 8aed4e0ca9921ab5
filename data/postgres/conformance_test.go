package postgres_test

import (
	"context"
	"testing"

	"github.com/slipway/slipway/data/postgres"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/library/storetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestConformance runs the store conformance suite on a throwaway
// PostgreSQL cluster, a fresh database for every test.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) library.Store {
		db, err := postgres.Open(context.Background(), pgtest.NewDatabase(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}
