package library_test

import (
	"context"
	"testing"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// fleetOf fields the designs of ids (latest versions, unpinned) under a
// CV limit, the first ship leading the rest as a squadron.
func fleetOf(name string, ids ...string) *fleet.Fleet {
	f := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: name, Limit: fleet.Limit{CV: 10000}}
	for i, id := range ids {
		f.Ships = append(f.Ships, fleet.Ship{ID: "s" + string(rune('a'+i)), Design: id})
	}
	return f
}

func TestFleetLifecycle(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{})
	alice, _ := register(t, s, "alice", "10.0.0.1")
	bob, _ := register(t, s, "bob", "10.0.0.2")
	pub, err := s.CreateDesign(ctx, alice, reference(t), library.Public)
	if err != nil {
		t.Fatal(err)
	}
	priv, err := s.CreateDesign(ctx, alice, reference(t), library.Private)
	if err != nil {
		t.Fatal(err)
	}

	// Unversioned references are pinned to the latest version.
	v, err := s.CreateFleet(ctx, alice, fleetOf("Home Guard", pub.ID, priv.ID), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	if v.Document.Ships[0].Version != 1 || v.Fleet.Version != 1 || v.Result.Totals.Ships != 2 || v.Result.Totals.CV <= 0 {
		t.Fatalf("created: %+v %+v", v.Document.Ships[0], v.Result.Totals)
	}
	if !v.Result.Legal {
		t.Fatalf("private fleet of own designs: %v", v.Result.Problems)
	}
	id := v.Fleet.ID

	// Others cannot see a private fleet; a public fleet may not field a
	// private design.
	if _, err := s.Fleet(ctx, bob, id); code(err) != library.ENotFound {
		t.Errorf("bob reads alice's private fleet: %v", err)
	}
	if _, err := s.UpdateFleet(ctx, alice, id, library.Precondition{Versions: []int{1}}, fleetOf("Home Guard", pub.ID, priv.ID), library.Public); code(err) != library.EIllegal {
		t.Errorf("public fleet with a private design: %v", err)
	}
	// Without If-Match nothing is written; with a stale one neither.
	if _, err := s.UpdateFleet(ctx, alice, id, library.Precondition{}, fleetOf("x", pub.ID), ""); code(err) != library.EPrecondition {
		t.Errorf("no precondition: %v", err)
	}
	if _, err := s.UpdateFleet(ctx, alice, id, library.Precondition{Versions: []int{7}}, fleetOf("x", pub.ID), ""); code(err) != library.EStale {
		t.Errorf("stale precondition: %v", err)
	}
	v, err = s.UpdateFleet(ctx, alice, id, library.Precondition{Versions: []int{1}}, fleetOf("Home Guard", pub.ID), library.Public)
	if err != nil || v.Fleet.Version != 2 || v.Fleet.Visibility != library.Public {
		t.Fatalf("publish: %v %+v", err, v)
	}
	if _, err := s.UpdateFleet(ctx, bob, id, library.Precondition{Any: true}, fleetOf("x", pub.ID), ""); code(err) != library.EForbidden {
		t.Errorf("bob updates alice's fleet: %v", err)
	}

	// A design edit does not change the fleet; the owner sees the update
	// and moves to it; others see no updates.
	d := reference(t)
	d.Name = "Reference Cruiser Mk II"
	if _, err := s.UpdateDesign(ctx, alice, pub.ID, library.Precondition{Any: true}, d, ""); err != nil {
		t.Fatal(err)
	}
	v, err = s.Fleet(ctx, alice, id)
	if err != nil || len(v.Updates) != 1 || v.Updates[0].Latest != 2 || v.Document.Ships[0].Version != 1 {
		t.Fatalf("after a design edit: %v %+v", err, v.Updates)
	}
	if v.Result.Ships[0].Class != "Reference Cruiser" {
		t.Errorf("the fleet changed with the design: %s", v.Result.Ships[0].Class)
	}
	if bv, err := s.Fleet(ctx, bob, id); err != nil || len(bv.Updates) != 0 {
		t.Errorf("bob's view: %v %+v", err, bv)
	}
	v, err = s.UpgradeFleet(ctx, alice, id, library.Precondition{Versions: []int{2}}, nil)
	if err != nil || v.Fleet.Version != 3 || v.Document.Ships[0].Version != 2 || len(v.Updates) != 0 || v.Result.Ships[0].Class != "Reference Cruiser Mk II" {
		t.Fatalf("upgrade: %v %+v", err, v)
	}

	// Versions, the fleet library, fork.
	_, vs, err := s.FleetVersions(ctx, bob, id)
	if err != nil || len(vs) != 2 { // version 1 was private
		t.Errorf("bob sees versions %+v (%v)", vs, err)
	}
	lib, err := s.FleetLibrary(ctx, library.FleetQuery{Q: "guard"})
	if err != nil || len(lib) != 1 || lib[0].ID != id || lib[0].Latest.Summary.Ships != 1 {
		t.Errorf("library: %v %+v", err, lib)
	}
	if lib, _ := s.FleetLibrary(ctx, library.FleetQuery{Q: "armada"}); len(lib) != 0 {
		t.Errorf("search for armada found %d", len(lib))
	}
	if _, err := s.ForkFleet(ctx, nil, id, library.ForkRequest{}); code(err) != library.EUnauthorized {
		t.Errorf("anonymous fork: %v", err)
	}
	fk, err := s.ForkFleet(ctx, bob, id, library.ForkRequest{Name: "Bob's Guard"})
	if err != nil || fk.Fleet.ParentID != id || fk.Fleet.OwnerID != bob.ID || fk.Document.Name != "Bob's Guard" {
		t.Fatalf("fork: %v %+v", err, fk)
	}
	mine, err := s.MyFleets(ctx, bob)
	if err != nil || len(mine) != 1 {
		t.Errorf("bob's fleets: %v %d", err, len(mine))
	}

	// Bob may not field alice's private design, even by id.
	r, _, err := s.EvaluateFleet(ctx, bob, fleetOf("Spy", priv.ID))
	if err != nil || r.Legal || r.Problems[0].Rule != "F-REF-01" {
		t.Errorf("bob fields a private design: %v %+v", err, r.Problems)
	}

	// Delete.
	if err := s.DeleteFleet(ctx, alice, id, library.Precondition{Versions: []int{1}}); code(err) != library.EStale {
		t.Errorf("stale delete: %v", err)
	}
	if err := s.DeleteFleet(ctx, alice, id, library.Precondition{Any: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Fleet(ctx, alice, id); code(err) != library.ENotFound {
		t.Errorf("deleted fleet: %v", err)
	}
}

func TestSeedSampleFleets(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{})
	if _, err := s.SeedSamples(ctx); err != nil {
		t.Fatal(err)
	}
	n, err := s.SeedSampleFleets(ctx)
	if err != nil || n < 2 {
		t.Fatalf("seeded %d fleets: %v", n, err)
	}
	lib, err := s.FleetLibrary(ctx, library.FleetQuery{})
	if err != nil || len(lib) != n {
		t.Fatalf("library: %d fleets, %v", len(lib), err)
	}
	cv := -1
	for _, f := range lib {
		v, err := s.Fleet(ctx, nil, f.ID)
		if err != nil || !v.Result.Legal {
			t.Fatalf("%s: %v %v", f.Name, err, v.Result.Problems)
		}
		for _, sh := range v.Document.Ships {
			if sh.Document != nil || sh.Design == "" || sh.Version != 1 {
				t.Errorf("%s: ship %s not a pinned reference", f.Name, sh.ID)
			}
		}
		if cv >= 0 && v.Result.Totals.CV != cv {
			t.Errorf("sample fleets of unequal CV: %d and %d", cv, v.Result.Totals.CV)
		}
		cv = v.Result.Totals.CV
	}
	if n, _ := s.SeedSampleFleets(ctx); n != 0 {
		t.Errorf("seeded again: %d", n)
	}
}
