package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/internal/loadmix"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// seedDB fills a database with n generated public designs of a user
// "loadgen", in transactions of 1,000, from workers goroutines at once
// (each batch is generated, evaluated and stored by one worker, so the
// evaluation runs on every core while the store takes the writes).
func seedDB(ctx context.Context, path string, n, workers int, seed int64, w io.Writer) error {
	db, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	srv := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: costing.NewModel(cat),
		Logger: slog.New(slog.DiscardHandler)})
	if _, err := srv.SeedSamples(ctx); err != nil {
		return err
	}
	owner, err := srv.EnsureUser(ctx, "loadgen")
	if err != nil {
		return err
	}
	base, err := sampleDesign()
	if err != nil {
		return err
	}
	t0 := time.Now()
	var (
		mu      sync.Mutex
		next    int // first design number of the next batch to generate
		stored  int
		firstEr error
		wg      sync.WaitGroup
	)
	for wk := 0; wk < max(1, workers); wk++ {
		wg.Add(1)
		go func(wk int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(11+wk)))
			pick := func() string { return loadmix.Word(rng) }
			for {
				mu.Lock()
				from, k := next, min(1000, n-next)
				next += max(k, 0)
				stop := firstEr != nil || k <= 0
				mu.Unlock()
				if stop || ctx.Err() != nil {
					return
				}
				batch := make([]ruleset.Design, 0, k)
				for i := 0; i < k; i++ {
					d := maps(base)
					d["name"] = fmt.Sprintf("%s %s %d", title(pick()), title(pick()), from+i)
					d["description"] = fmt.Sprintf("A %s %s of the %s %s, built for %s duty.", pick(), pick(), pick(), pick(), pick())
					d["tags"] = []string{pick(), pick()}
					d["universe"] = title(pick()) + " " + title(pick())
					d["techLevel"] = 5 + rng.IntN(6)
					b, _ := jsonMarshal(d)
					dd, err := designer.DecodeDesign(b)
					if err != nil {
						mu.Lock()
						firstEr = fmt.Errorf("generated design: %w", err)
						mu.Unlock()
						return
					}
					batch = append(batch, dd)
				}
				_, err := srv.StoreDesigns(ctx, owner, batch, library.Public)
				mu.Lock()
				if err != nil && firstEr == nil {
					firstEr = err
				}
				stored += k
				if err == nil && (stored%10000 == 0 || stored == n) {
					fmt.Fprintf(w, "%d designs in %.1fs\n", stored, time.Since(t0).Seconds())
				}
				mu.Unlock()
			}
		}(wk)
	}
	wg.Wait()
	if firstEr != nil {
		return firstEr
	}
	return ctx.Err()
}

// title capitalises the first letter of an ASCII word.
func title(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}
