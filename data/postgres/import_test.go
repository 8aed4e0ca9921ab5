package postgres_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/slipway/slipway/data/postgres"
	"github.com/slipway/slipway/data/postgres/pgtest"
	"github.com/slipway/slipway/library"
)

// TestImportRefusedText: should a text PostgreSQL refuses (a NUL,
// SQLSTATE 22021) reach the store all the same, past the Service's text
// rule, ImportDesigns fails that design alone with ErrRefused and stores
// the others; PostgreSQL aborts a transaction at its first error, so this
// is the savepoint path, not the one batch.
func TestImportRefusedText(t *testing.T) {
	ctx := context.Background()
	db, err := postgres.Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	u, err := db.CreateUser(ctx, library.NewUser{Name: "Ines", Key: "ines", Skeleton: "ines", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	nd := func(id, name string) *library.NewDesign {
		return &library.NewDesign{ID: id, OwnerID: u.ID, Visibility: library.Private, Ruleset: "metaverse", RulesVersion: 1, Name: name,
			Version: library.Version{Visibility: library.Private, Document: json.RawMessage(`{}`), AuthorID: u.ID,
				Evaluation: library.Evaluation{ModelVersion: "m/1"}}}
	}
	batch := []*library.NewDesign{nd("ok-1", "One"), nd("nul", "a\x00b"), nd("utf8", "a\xffb"), nd("ok-2", "Two")}
	errs, err := db.ImportDesigns(ctx, batch)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true, true, false} {
		if got := errs[i] != nil; got != want || want && !errors.Is(errs[i], library.ErrRefused) {
			t.Errorf("item %d (%q): %v", i, batch[i].Name, errs[i])
		}
	}
	for _, id := range []string{"ok-1", "ok-2"} {
		if _, err := db.Design(ctx, id); err != nil {
			t.Errorf("%s beside the refused items: %v", id, err)
		}
	}
	if _, err := db.Design(ctx, "nul"); !errors.Is(err, library.ErrNotFound) {
		t.Errorf("the refused design: %v", err)
	}
}
