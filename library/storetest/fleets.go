package storetest

import (
	"testing"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

func fleetOf(name string, ids ...string) *fleet.Fleet {
	f := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: name, Limit: fleet.Limit{CV: 100000}}
	for i, id := range ids {
		f.Ships = append(f.Ships, fleet.Ship{ID: "s" + string(rune('a'+i)), Design: id})
	}
	return f
}

// testFleets: fleets keep versions with their visibility, refuse stale
// writes, list, search, fork, count for quotas and go with their owner's
// account unless public, through the Service over the store.
func testFleets(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice")
	bob, _ := f.user("bob")
	d := f.create(alice, samples(t)[0], library.Public)
	v, err := f.svc.CreateFleet(f.ctx, alice, fleetOf("Picket Line", d.ID), library.Private)
	ok(t, "create fleet", err)
	id := v.Fleet.ID
	if v.Fleet.Version != 1 || v.Fleet.OwnerName != "alice" || v.Fleet.Latest.Summary.Ships != 1 || v.Document.Ships[0].Version != 1 {
		t.Fatalf("created: %+v %+v", v.Fleet, v.Document.Ships)
	}
	_, err = f.svc.UpdateFleet(f.ctx, alice, id, library.Precondition{Versions: []int{5}}, fleetOf("Picket Line", d.ID), "")
	wantCode(t, "stale update", err, library.EStale)
	v, err = f.svc.UpdateFleet(f.ctx, alice, id, library.Precondition{Versions: []int{1}}, fleetOf("Picket Line", d.ID, d.ID), library.Public)
	ok(t, "publish fleet", err)
	if v.Fleet.Version != 2 || v.Fleet.Visibility != library.Public || v.Fleet.Latest.Summary.Ships != 2 {
		t.Fatalf("published: %+v", v.Fleet)
	}
	_, vs, err := f.svc.FleetVersions(f.ctx, bob, id)
	ok(t, "versions", err)
	if len(vs) != 1 || vs[0].N != 2 {
		t.Errorf("bob sees versions %+v; version 1 was private", vs)
	}
	_, all, err := f.svc.FleetVersions(f.ctx, alice, id)
	ok(t, "owner's versions", err)
	if len(all) != 2 {
		t.Errorf("alice sees %d versions", len(all))
	}
	got, err := f.svc.FleetLibrary(f.ctx, library.FleetQuery{Q: "picket"})
	ok(t, "search", err)
	if len(got) != 1 || got[0].ID != id {
		t.Errorf("search picket: %+v", got)
	}
	if got, _ := f.svc.FleetLibrary(f.ctx, library.FleetQuery{Q: "100%_"}); len(got) != 0 {
		t.Errorf("wildcards matched: %+v", got)
	}
	fk, err := f.svc.ForkFleet(f.ctx, bob, id, library.ForkRequest{})
	ok(t, "fork", err)
	if fk.Fleet.ParentID != id || fk.Fleet.ParentVersion != 2 {
		t.Errorf("fork parent %q v%d", fk.Fleet.ParentID, fk.Fleet.ParentVersion)
	}
	use, err := f.store.FleetUsage(f.ctx, alice.ID)
	ok(t, "usage", err)
	if use.Designs != 1 || use.Versions != 2 || use.Bytes == 0 {
		t.Errorf("alice's fleet usage %+v", use)
	}
	mine, err := f.svc.MyFleets(f.ctx, bob)
	ok(t, "my fleets", err)
	if len(mine) != 1 || mine[0].ID != fk.Fleet.ID {
		t.Errorf("bob's fleets %+v", mine)
	}
	// Bob's private fork goes with his account; alice's public fleet stays.
	ok(t, "delete bob", f.store.DeleteUser(f.ctx, bob.ID))
	_, err = f.store.Fleet(f.ctx, fk.Fleet.ID)
	wantIs(t, "bob's private fleet after his account", err, library.ErrNotFound)
	_, err = f.store.UpdateFleet(f.ctx, id, 1, library.NewFleet{OwnerID: alice.ID, Name: "x", Visibility: library.Public}, library.FleetVersion{Document: []byte("{}")})
	wantIs(t, "store stale", err, library.ErrStale)
	ok(t, "delete fleet", f.svc.DeleteFleet(f.ctx, alice, id, library.Precondition{Any: true}))
	_, err = f.store.Fleet(f.ctx, id)
	wantIs(t, "deleted fleet", err, library.ErrNotFound)
	_, err = f.store.FleetVersions(f.ctx, id)
	wantIs(t, "deleted fleet's versions", err, library.ErrNotFound)
}
