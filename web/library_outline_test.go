package web_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"io/fs"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/web"
)

// countingStore counts the reads of single designs.
type countingStore struct {
	*sqlite.DB
	designs atomic.Int64
}

func (c *countingStore) Design(ctx context.Context, id string) (*library.Design, error) {
	c.designs.Add(1)
	return c.DB.Design(ctx, id)
}

// TestLibraryPageReadsNoDocuments: a /library page of 24 designs draws
// every design from the outline its list carries, reading no design's
// version; a design whose outline is not yet backfilled draws from its
// document, as before.
func TestLibraryPageReadsNoDocuments(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pages.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st := &countingStore{DB: db}
	svc := library.New(library.Config{Store: st})
	owner, err := svc.EnsureUser(ctx, "drafter")
	if err != nil {
		t.Fatal(err)
	}
	names, _ := fs.Glob(data.Samples(), "*.json")
	var batch []ruleset.Design
	for i := 0; len(batch) < 30; i++ {
		b, _ := fs.ReadFile(data.Samples(), names[i%len(names)])
		d, err := designer.DecodeDesign(b)
		if err != nil {
			t.Fatal(err)
		}
		d.Name = fmt.Sprintf("%s %d", d.Name, i)
		batch = append(batch, d)
	}
	if _, err := svc.StoreDesigns(ctx, owner, batch, library.Public); err != nil {
		t.Fatal(err)
	}
	s, err := web.New(web.Config{API: api.New(api.Config{Service: svc}), Library: svc})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	defer hs.Close()
	get := func() string {
		t.Helper()
		res, err := hs.Client().Get(hs.URL + "/library?limit=24")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		return string(b)
	}
	page := get()
	if n := strings.Count(page, `<svg class="ship-drawing"`); n != 24 {
		t.Fatalf("%d drawings on a page of 24", n)
	}
	if n := st.designs.Load(); n != 0 {
		t.Fatalf("the page read %d designs", n)
	}
	// A design stored before outlines (NULL until the backfill reaches it)
	// draws from its document, the same drawing.
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE designs SET outline = NULL WHERE seq = (SELECT max(seq) FROM designs)`); err != nil {
		t.Fatal(err)
	}
	if again := get(); again != page {
		t.Errorf("the page drew differently from the document:\n%s\nvs\n%s", again, page)
	}
	if n := st.designs.Load(); n != 1 {
		t.Errorf("the page read %d designs, want the one without an outline", n)
	}
}
