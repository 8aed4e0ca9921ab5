package storetest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	play "github.com/slipway/slipway/game"
	"github.com/slipway/slipway/library"
)

// testGames: a table game starts from a design of the library or from a
// fleet, takes marks over the revision they were made on (a stale one is
// a conflict with the game as it stands, and changes nothing), is read by
// its owner and through its read-only link only, lists, and goes with its
// owner's account.
func testGames(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice")
	bob, _ := f.user("bob")
	d := f.create(alice, samples(t)[0], library.Private)
	fv, err := f.svc.CreateFleet(f.ctx, alice, fleetOf("Pair", d.ID, d.ID), library.Private)
	ok(t, "create fleet", err)
	_, err = f.svc.StartGame(f.ctx, nil, "", []library.GameSide{{Design: d.ID}})
	wantCode(t, "start signed out", err, library.EUnauthorized)
	_, err = f.svc.StartGame(f.ctx, bob, "", []library.GameSide{{Design: d.ID}})
	wantCode(t, "start from another's private design", err, library.ENotFound)
	_, err = f.svc.StartGame(f.ctx, alice, "", []library.GameSide{{Design: d.ID, Fleet: fv.Fleet.ID}})
	wantCode(t, "a side of two things", err, library.EInvalid)
	v, err := f.svc.StartGame(f.ctx, alice, "", []library.GameSide{{Fleet: fv.Fleet.ID}, {Design: d.ID}})
	ok(t, "start", err)
	if len(v.Game.Ships) != 3 || v.Game.Sides[0].Name != "Pair" || v.Stored.Rev != 0 || len(v.State) != 3 ||
		!strings.Contains(v.Game.Name, "against") || len(v.Stored.Watch) < 40 {
		t.Fatalf("started: %+v %+v", v.Game, v.Stored)
	}
	id := v.Stored.ID
	mark := []play.Op{{Op: "mark", Ship: "s1", Box: "core.hull.1.1", Mark: "hit"}}
	v1, err := f.svc.PlayGame(f.ctx, alice, id, 0, mark)
	ok(t, "mark", err)
	if v1.Game.Rev != 1 || v1.Game.Marks["s1"]["core.hull.1.1"] != "hit" {
		t.Fatalf("after a mark: rev %d marks %v", v1.Game.Rev, v1.Game.Marks)
	}
	// A mark made on revision 0 again: a conflict with both states, nothing lost.
	_, err = f.svc.PlayGame(f.ctx, alice, id, 0, []play.Op{{Op: "mark", Ship: "s2", Box: "core.hull.1.1", Mark: "hit"}})
	var c *library.GameConflict
	if !errors.As(err, &c) || c.Current.Game.Rev != 1 || c.Current.Game.Marks["s1"]["core.hull.1.1"] != "hit" {
		t.Fatalf("stale mark: %v", err)
	}
	_, err = f.svc.PlayGame(f.ctx, alice, id, 1, []play.Op{{Op: "mark", Ship: "s1", Box: "core.hull.9.1", Mark: "hit"}})
	wantCode(t, "a box the ship lacks", err, library.EInvalid)
	_, err = f.svc.PlayGame(f.ctx, bob, id, 1, mark)
	wantCode(t, "bob marks alice's game", err, library.ENotFound)
	_, err = f.svc.Game(f.ctx, bob, id)
	wantCode(t, "bob reads alice's game", err, library.ENotFound)
	got, err := f.svc.Game(f.ctx, alice, id)
	ok(t, "read", err)
	if got.Game.Rev != 1 || len(got.Game.Log) != 2 {
		t.Errorf("read back: rev %d log %+v", got.Game.Rev, got.Game.Log)
	}
	w, err := f.svc.WatchGame(f.ctx, v.Stored.Watch)
	ok(t, "watch", err)
	if w.Game.Marks["s1"]["core.hull.1.1"] != "hit" {
		t.Errorf("the watch link shows %v", w.Game.Marks)
	}
	_, err = f.svc.WatchGame(f.ctx, strings.Repeat("x", 43))
	wantCode(t, "a wrong watch secret", err, library.ENotFound)
	list, err := f.svc.MyGames(f.ctx, alice)
	ok(t, "list", err)
	if len(list) != 1 || list[0].ID != id || list[0].Rev != 1 || list[0].Ships != 3 || len(list[0].Document) != 0 {
		t.Errorf("alice's games: %+v", list)
	}
	if l, _ := f.svc.MyGames(f.ctx, bob); len(l) != 0 {
		t.Errorf("bob's games: %+v", l)
	}
	// A ship plays with the qualities its fleet buys for it.
	picked := fleetOf("Picked crews", d.ID)
	picked.Ships[0].CommandQuality = "D6"
	pv, err := f.svc.StartGame(f.ctx, alice, "Picked", []library.GameSide{{FleetDocument: picked}})
	ok(t, "a fleet with bought qualities", err)
	var doc struct{ CommandQuality string }
	if err := json.Unmarshal(pv.Game.Ships[0].Document, &doc); err != nil || doc.CommandQuality != "D6" {
		t.Errorf("the ship plays with command %q (%v), want the fleet's D6", doc.CommandQuality, err)
	}
	ok(t, "delete it", f.svc.DeleteGame(f.ctx, alice, pv.Stored.ID))
	// At most Limits.MaxGames games an account.
	two := f.service(library.Limits{LoginsPerMinute: 1000, WritesPerMinute: 100000, MaxGames: 2}, f.model, nil)
	_, err = two.StartGame(f.ctx, alice, "Second", []library.GameSide{{Design: d.ID}})
	ok(t, "a second game", err)
	_, err = two.StartGame(f.ctx, alice, "Third", []library.GameSide{{Design: d.ID}})
	wantCode(t, "a third game over a limit of two", err, library.EQuota)
	ok(t, "delete account", f.svc.DeleteAccount(f.ctx, alice, "127.0.0.1", password))
	if _, err := f.store.Game(f.ctx, id); !errors.Is(err, library.ErrNotFound) {
		t.Errorf("the game outlived its owner's account: %v", err)
	}
}
