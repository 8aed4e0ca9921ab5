package storetest

import (
	"context"
	"fmt"
	"testing"

	"github.com/slipway/slipway/library"
)

// BenchImport measures storing batches of 100 designs (raw records, no
// evaluation) all or nothing with CreateDesigns and item by item with
// ImportDesigns, on a store open opens, and ImportDesigns of a batch
// whose one design the database refuses (a taken id), which sends the
// batch again design by design. Each sub-benchmark's op is one batch.
func BenchImport(b *testing.B, open func(b *testing.B) library.Store) {
	ctx := context.Background()
	st := open(b)
	u, err := st.CreateUser(ctx, library.NewUser{Name: "Bench", Key: "bench", Skeleton: "bench", PasswordHash: "h"})
	if err != nil {
		b.Fatal(err)
	}
	seq := 0
	batch := func(taken string) []*library.NewDesign {
		ds := make([]*library.NewDesign, 100)
		for i := range ds {
			seq++
			ds[i] = rawDesign(fmt.Sprintf("bench-%07d", seq), u.ID, library.Private)
		}
		if taken != "" {
			ds[50].ID = taken
		}
		return ds
	}
	if err := st.CreateDesigns(ctx, []*library.NewDesign{rawDesign("bench-taken", u.ID, library.Private)}); err != nil {
		b.Fatal(err)
	}
	b.Run("CreateDesigns", func(b *testing.B) {
		for b.Loop() {
			if err := st.CreateDesigns(ctx, batch("")); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ImportDesigns", func(b *testing.B) {
		for b.Loop() {
			if _, err := st.ImportDesigns(ctx, batch("")); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ImportDesignsOneRefused", func(b *testing.B) {
		for b.Loop() {
			errs, err := st.ImportDesigns(ctx, batch("bench-taken"))
			if err != nil || errs[50] == nil {
				b.Fatal(errs[50], err)
			}
		}
	})
}
