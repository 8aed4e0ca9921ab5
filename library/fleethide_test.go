package library_test

import (
	"context"
	"testing"

	"github.com/slipway/slipway/library"
)

// TestFleetHiddenDesigns checks the cases of hiddenDesigns the API and
// page tests do not: a private fleet shows its owner another owner's
// unlisted design (only its owner sees it, and holds the link); a public
// fleet shows the fleet owner's own unlisted design; a fork of a public
// fleet does not carry a hidden reference on.
func TestFleetHiddenDesigns(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{})
	alice, _ := register(t, s, "alice", "10.0.0.1")
	bob, _ := register(t, s, "bob", "10.0.0.2")
	carol, _ := register(t, s, "carol", "10.0.0.3")
	bobs, err := s.CreateDesign(ctx, bob, reference(t), library.Unlisted)
	if err != nil {
		t.Fatal(err)
	}
	alices, err := s.CreateDesign(ctx, alice, reference(t), library.Unlisted)
	if err != nil {
		t.Fatal(err)
	}
	// Private fleet: alice sees bob's unlisted design she fields.
	v, err := s.CreateFleet(ctx, alice, fleetOf("Draft", bobs.ID), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	if v.Document.Ships[0].Design != bobs.ID || v.Result.Ships[0].Class == library.HiddenDesign {
		t.Errorf("private fleet hides its owner's pick: %+v %+v", v.Document.Ships[0], v.Result.Ships[0])
	}
	// Public fleet: bob's unlisted design is refused, alice's own shown.
	if _, err := s.CreateFleet(ctx, alice, fleetOf("Open", bobs.ID), library.Public); code(err) != library.EIllegal {
		t.Errorf("public fleet with another owner's unlisted design: %v", err)
	}
	pub, err := s.CreateFleet(ctx, alice, fleetOf("Open", alices.ID), library.Public)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Fleet(ctx, carol, pub.Fleet.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Document.Ships[0].Design != alices.ID || got.Result.Ships[0].Class == library.HiddenDesign {
		t.Errorf("the fleet owner's own unlisted design is hidden: %+v", got.Result.Ships[0])
	}
	// Alice makes her design private: carol no longer sees it, nor does
	// a fork of carol's carry it.
	if _, err := s.UpdateDesign(ctx, alice, alices.ID, library.Precondition{Any: true}, reference(t), library.Private); err != nil {
		t.Fatal(err)
	}
	got, err = s.Fleet(ctx, carol, pub.Fleet.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Document.Ships[0].Design != "" || got.Result.Ships[0].Class != library.HiddenDesign || got.Result.Ships[0].Ref != nil {
		t.Errorf("carol sees alice's private design: %+v %+v", got.Document.Ships[0], got.Result.Ships[0])
	}
	fk, err := s.ForkFleet(ctx, carol, pub.Fleet.ID, library.ForkRequest{})
	if err != nil {
		t.Fatal(err)
	}
	// Made public again, the design shows again in alice's fleet (the
	// reference was kept), never in carol's fork (it was not carried on).
	if _, err := s.UpdateDesign(ctx, alice, alices.ID, library.Precondition{Any: true}, reference(t), library.Public); err != nil {
		t.Fatal(err)
	}
	if got, err = s.Fleet(ctx, carol, pub.Fleet.ID); err != nil {
		t.Fatal(err)
	}
	if got.Document.Ships[0].Design != alices.ID {
		t.Errorf("public again, the design is not back in the fleet: %+v", got.Document.Ships[0])
	}
	if got, err = s.Fleet(ctx, carol, fk.Fleet.ID); err != nil {
		t.Fatal(err)
	}
	if got.Document.Ships[0].Design != "" {
		t.Errorf("the fork carried the hidden design on: %+v", got.Document.Ships[0])
	}
}
