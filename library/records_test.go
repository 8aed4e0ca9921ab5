package library_test

import (
	"context"
	"errors"
	"testing"

	"github.com/slipway/slipway/library"
)

// TestRecordRefusals pins the refusals designs and fleets share
// (library/records.go) to their code and words, each in the record's own
// terms: reading one that is missing or unreadable, changing another's,
// a version that is missing or not a number, a stale write (from the
// precondition and from the store), and each quota.
func TestRecordRefusals(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{MaxDesigns: 1, MaxVersions: 3})
	alice, _ := register(t, s, "alice", "10.0.0.1")
	bob, _ := register(t, s, "bob", "10.0.0.2")
	d, err := s.CreateDesign(ctx, alice, reference(t), library.Public)
	if err != nil {
		t.Fatal(err)
	}
	fv, err := s.CreateFleet(ctx, alice, fleetOf("Picket", d.ID), library.Unlisted)
	if err != nil {
		t.Fatal(err)
	}
	f := fv.Fleet
	bobs, err := s.CreateDesign(ctx, bob, reference(t), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	bobsFleet, err := s.CreateFleet(ctx, bob, fleetOf("Bob's", bobs.ID), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	at := func(n int) library.Precondition { return library.Precondition{Versions: []int{n}} }
	errOf := func(_ any, err error) error { return err }
	errOf3 := func(_, _ any, err error) error { return err }
	for _, c := range []struct {
		name string
		err  error
		code library.Code
		msg  string
	}{
		{"missing design", errOf(s.Design(ctx, alice, "nosuchdesign")), library.ENotFound, "no such design"},
		{"another's private design", errOf(s.Design(ctx, alice, bobs.ID)), library.ENotFound, "no such design"},
		{"missing fleet", errOf(s.Fleet(ctx, alice, "nosuchfleet")), library.ENotFound, "no such fleet"},
		{"another's private fleet", errOf(s.Fleet(ctx, alice, bobsFleet.Fleet.ID)), library.ENotFound, "no such fleet"},
		{"another's design", errOf(s.UpdateDesign(ctx, bob, d.ID, at(1), reference(t), "")), library.EForbidden,
			"only the owner may change this design; fork it instead"},
		{"another's fleet", s.DeleteFleet(ctx, bob, f.ID, at(1)), library.EForbidden,
			"only the owner may change this fleet; fork it instead"},
		{"anonymous delete", s.DeleteDesign(ctx, nil, d.ID, at(1)), library.EUnauthorized, ""},
		{"missing design version", errOf3(s.Version(ctx, alice, d.ID, 7)), library.ENotFound, "design " + d.ID + " has no version 7"},
		{"missing fleet version", errOf(s.FleetVersionView(ctx, alice, f.ID, 7)), library.ENotFound, "fleet " + f.ID + " has no version 7"},
		{"negative design version", errOf3(s.Version(ctx, alice, d.ID, -2)), library.EInvalid, "is -2; give a positive whole number"},
		{"negative fleet version", errOf(s.FleetVersionView(ctx, alice, f.ID, -2)), library.EInvalid, "is -2; give a positive whole number"},
		{"stale design", errOf(s.UpdateDesign(ctx, alice, d.ID, at(5), reference(t), "")), library.EStale,
			"the design has changed since the version you read; read it again and retry"},
		{"stale fleet", errOf(s.UpdateFleet(ctx, alice, f.ID, at(5), fleetOf("Picket", d.ID), "")), library.EStale,
			"the fleet has changed since the version you read; read it again and retry"},
		{"stale design delete", s.DeleteDesign(ctx, alice, d.ID, at(5)), library.EStale,
			"the design has changed since the version you read; read it again and retry"},
		{"stale fleet delete", s.DeleteFleet(ctx, alice, f.ID, at(5)), library.EStale,
			"the fleet has changed since the version you read; read it again and retry"},
		{"fleet delete without If-Match", s.DeleteFleet(ctx, alice, f.ID, library.Precondition{}), library.EPrecondition,
			"send If-Match with the ETag of the version you read (or * for any)"},
		{"design quota", errOf(s.CreateDesign(ctx, alice, reference(t), library.Private)), library.EQuota,
			"an account may hold at most 1 designs and you hold 1; delete some first"},
		{"fleet quota", errOf(s.ForkFleet(ctx, alice, f.ID, library.ForkRequest{})), library.EQuota,
			"an account may hold at most 1 fleets and you hold 1; delete some first"},
	} {
		var le *library.Error
		switch {
		case library.ErrorCode(c.err) != c.code:
			t.Errorf("%s: %v (code %q), want code %q", c.name, c.err, library.ErrorCode(c.err), c.code)
		case c.msg != "" && (!errors.As(c.err, &le) || le.Message != c.msg):
			t.Errorf("%s: %q, want %q", c.name, c.err, c.msg)
		}
	}

	// The version quota, counted per kind: alice's design holds 1 of 3
	// versions, her fleet 1 of 3.
	for i := range 2 {
		if _, err := s.UpdateFleet(ctx, alice, f.ID, library.Precondition{Any: true}, fleetOf("Picket", d.ID), ""); err != nil {
			t.Fatalf("fleet version %d: %v", i+2, err)
		}
	}
	_, err = s.UpdateFleet(ctx, alice, f.ID, library.Precondition{Any: true}, fleetOf("Picket", d.ID), "")
	if want := "an account may hold at most 3 versions over all its fleets and you hold 3; delete some fleets first"; code(err) != library.EQuota || err.Error() != want {
		t.Errorf("fleet version quota: %v, want %q", err, want)
	}
	for i := range 2 {
		if _, err := s.UpdateDesign(ctx, alice, d.ID, library.Precondition{Any: true}, reference(t), ""); err != nil {
			t.Fatalf("design version %d: %v", i+2, err)
		}
	}
	_, err = s.UpdateDesign(ctx, alice, d.ID, library.Precondition{Any: true}, reference(t), "")
	if want := "an account may hold at most 3 versions over all its designs and you hold 3; delete some designs first"; code(err) != library.EQuota || err.Error() != want {
		t.Errorf("design version quota: %v, want %q", err, want)
	}

	// The byte quota, in the record's words.
	tight := newService(t, library.Limits{MaxBytes: 1})
	carol, _ := register(t, tight, "carol", "10.0.0.3")
	_, err = tight.CreateDesign(ctx, carol, reference(t), library.Private)
	if want := "an account may store at most 0 MiB and you store 0.0 MiB; delete some designs first"; code(err) != library.EQuota || err.Error() != want {
		t.Errorf("design byte quota: %v, want %q", err, want)
	}
	_, err = tight.CreateFleet(ctx, carol, fleetOf("Empty"), library.Private)
	if want := "an account may store at most 0 MiB of fleets and you store 0.0 MiB; delete some fleets first"; code(err) != library.EQuota || err.Error() != want {
		t.Errorf("fleet byte quota: %v, want %q", err, want)
	}
}
