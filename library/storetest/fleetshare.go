package storetest

import (
	"testing"

	"github.com/slipway/slipway/library"
)

// testFleetShares: a private fleet's pack verifies to its owner and to
// holders of its share link only; a new link replaces the old, revoking
// it or deleting the fleet makes its token answer ENotFound; only the
// owner makes, reads or revokes the link.
func testFleetShares(t *testing.T, open Opener) {
	f := newFixture(t, open)
	fs, isFS := f.store.(library.FleetShareStore)
	if !isFS {
		t.Fatal("the store keeps no fleet share links (library.FleetShareStore)")
	}
	owner, _ := f.user("admiral1")
	other, _ := f.user("umpire1")
	d := f.create(owner, samples(t)[0], library.Private)
	fv, err := f.svc.CreateFleet(f.ctx, owner, fleetOf("Secret Squadron", d.ID), library.Private)
	ok(t, "create fleet", err)
	id := fv.Fleet.ID
	code, err := f.svc.RecordPrinted(f.ctx, library.FleetPrinted(fv.Fleet, 1, fv.Document, fv.Result, fv.Model))
	ok(t, "record pack", err)

	_, err = f.svc.Verify(f.ctx, nil, code, "")
	wantCode(t, "private fleet, anonymous", err, library.ENotFound)
	_, err = f.svc.Verify(f.ctx, other, code, "")
	wantCode(t, "private fleet, another", err, library.ENotFound)
	v, err := f.svc.Verify(f.ctx, owner, code, "")
	ok(t, "private fleet, owner", err)
	if !v.Matches || !v.Private {
		t.Fatalf("the owner's verification: %+v", v)
	}
	if got := f.svc.PrintFleetShare(f.ctx, owner, fv.Fleet); got != "" {
		t.Fatalf("a token to print before any link: %q", got)
	}

	_, err = f.svc.CreateFleetShare(f.ctx, other, id)
	wantCode(t, "share another's fleet", err, library.ENotFound)
	_, err = f.svc.CreateFleetShare(f.ctx, nil, id)
	wantCode(t, "share, signed out", err, library.EUnauthorized)
	l, err := f.svc.CreateFleetShare(f.ctx, owner, id)
	ok(t, "share fleet", err)
	if len(l.Token) != 16 || l.FleetID != id || l.CreatedAt.IsZero() {
		t.Fatalf("share link %+v", l)
	}
	if got := f.svc.PrintFleetShare(f.ctx, owner, fv.Fleet); got != l.Token {
		t.Fatalf("token to print %q, want %q", got, l.Token)
	}
	if got := f.svc.PrintFleetShare(f.ctx, other, fv.Fleet); got != "" {
		t.Fatalf("another's print carries the token %q", got)
	}
	v, err = f.svc.Verify(f.ctx, other, code, l.Token)
	ok(t, "private fleet with the share link", err)
	if !v.Matches || !v.Private || v.Now == nil || v.Now.Name != "Secret Squadron" {
		t.Fatalf("verification with the share link: %+v", v)
	}
	// The wrong token differs from the link's in its last character
	// (a fixed "0" matched the link's one time in sixteen or so).
	last := "0"
	if l.Token[15] == '0' {
		last = "1"
	}
	_, err = f.svc.Verify(f.ctx, nil, code, l.Token[:15]+last)
	wantCode(t, "a wrong token", err, library.ENotFound)
	// A design's share link does not open a fleet, nor a fleet's a design.
	dl, err := f.svc.CreateShare(f.ctx, owner, d.ID)
	ok(t, "share the design", err)
	_, err = f.svc.Verify(f.ctx, other, code, dl.Token)
	wantCode(t, "a design's token on a fleet's code", err, library.ENotFound)

	l2, err := f.svc.CreateFleetShare(f.ctx, owner, id)
	ok(t, "share again", err)
	_, err = f.svc.Verify(f.ctx, other, code, l.Token)
	wantCode(t, "the replaced link", err, library.ENotFound)
	got, err := f.svc.FleetShareOf(f.ctx, owner, id)
	ok(t, "share of", err)
	if got.Token != l2.Token {
		t.Fatalf("share of: %+v, want %+v", got, l2)
	}
	_, err = f.svc.FleetShareOf(f.ctx, other, id)
	wantCode(t, "another reads the link", err, library.ENotFound)
	ok(t, "revoke", f.svc.RevokeFleetShare(f.ctx, owner, id))
	_, err = f.svc.Verify(f.ctx, other, code, l2.Token)
	wantCode(t, "the revoked link", err, library.ENotFound)
	_, err = f.svc.FleetShareOf(f.ctx, owner, id)
	wantCode(t, "no link", err, library.ENotFound)
	ok(t, "revoke twice", f.svc.RevokeFleetShare(f.ctx, owner, id))

	// Deleting the fleet deletes its link.
	l3, err := f.svc.CreateFleetShare(f.ctx, owner, id)
	ok(t, "share before deleting", err)
	ok(t, "delete fleet", f.svc.DeleteFleet(f.ctx, owner, id, library.Precondition{Any: true}))
	_, err = f.svc.Verify(f.ctx, other, code, l3.Token)
	wantCode(t, "a deleted fleet's code", err, library.ENotFound)
	_, err = fs.FleetShare(f.ctx, id)
	wantIs(t, "a deleted fleet's link", err, library.ErrNotFound)
}
