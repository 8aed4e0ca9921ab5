package storetest

import (
	"testing"

	"github.com/slipway/slipway/library"
)

// testOutline: a design's row carries the outline of its latest version's
// document (what a list draws), written with every version and read with
// every list, so a list of designs draws without their documents.
func testOutline(t *testing.T, open Opener) {
	f := newFixture(t, open)
	u, _ := f.user("drafter")
	ss := samples(t)
	if len(ss) < 2 {
		t.Fatal("fewer than two samples")
	}
	d := f.create(u, ss[0], library.Public)
	check := func(what string) string {
		t.Helper()
		full, err := f.store.Design(f.ctx, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := library.Outline(full.Latest.Document)
		if want == "" || want == "-" || full.Outline != want {
			t.Fatalf("%s: design outline %q, document's %q", what, full.Outline, want)
		}
		p, err := f.svc.Library(f.ctx, library.LibraryQuery{Sort: "newest", Desc: true, Limit: 5})
		if err != nil || len(p.Designs) != 1 || p.Designs[0].Outline != want {
			t.Fatalf("%s: library lists %+v (%v), want outline %q", what, p, err, want)
		}
		mine, err := f.store.DesignsByOwner(f.ctx, u.ID)
		if err != nil || len(mine) != 1 || mine[0].Outline != want {
			t.Fatalf("%s: designs by owner %+v (%v), want outline %q", what, mine, err, want)
		}
		return want
	}
	before := check("created")
	next := ss[1]
	next.Name = ss[0].Name
	if _, err := f.svc.UpdateDesign(f.ctx, u, d.ID, library.Precondition{Any: true}, next, library.Public); err != nil {
		t.Fatal(err)
	}
	if after := check("updated"); after == before {
		t.Logf("the two samples draw alike (%q)", after)
	}
}
