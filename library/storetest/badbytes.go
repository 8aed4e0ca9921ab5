package storetest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// badTexts are what no store keeps: a NUL character and a byte that is
// no part of a UTF-8 character (PostgreSQL refuses both in text; SQLite
// would keep them).
var badTexts = []struct{ name, s string }{{"NUL", "a\x00b"}, {"invalid UTF-8", "a\xffb"}}

// testBadBytes: every text and id the Service takes, with a NUL or
// invalid UTF-8 in it, is EInvalid naming its field, whatever the store,
// and nothing is stored: the text rule is the Service's, checked before
// a store sees the value.
func testBadBytes(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice")
	d := f.create(alice, ship(t, "Probe", "", nil, ""), library.Public)
	fv, err := f.svc.CreateFleet(f.ctx, alice, fleetOf("Probe Fleet", d.ID), library.Private)
	ok(t, "create fleet", err)
	anyV := library.Precondition{Any: true}
	for _, bt := range badTexts {
		bad := bt.s
		// draft saves, as the command line does, a design built in Go:
		// its texts reach the Service as they are, not through JSON.
		draft := func(mut func(d *designer.Design)) error {
			s := ship(t, "Draft", "", []string{"ok"}, "")
			mut(s)
			_, err := f.svc.CreateDesign(f.ctx, alice, s, library.Private)
			return err
		}
		withFleet := func(mut func(fl *fleet.Fleet)) *fleet.Fleet {
			fl := fleetOf("Probe Fleet", d.ID)
			mut(fl)
			return fl
		}
		cases := []struct {
			field string
			call  func() error
		}{
			{"id", func() error { _, err := f.svc.Design(f.ctx, alice, bad); return err }},
			{"id", func() error { _, _, err := f.svc.Versions(f.ctx, alice, bad); return err }},
			{"id", func() error { _, _, err := f.svc.Version(f.ctx, alice, bad, 1); return err }},
			{"id", func() error { _, err := f.svc.CompareVersions(f.ctx, alice, bad, 1, 1); return err }},
			{"id", func() error { _, err := f.svc.Lineage(f.ctx, alice, bad); return err }},
			{"id", func() error { _, err := f.svc.Fork(f.ctx, alice, bad, library.ForkRequest{}); return err }},
			{"id", func() error { return f.svc.DeleteDesign(f.ctx, alice, bad, anyV) }},
			{"id", func() error {
				_, err := f.svc.UpdateDesign(f.ctx, alice, bad, anyV, ship(t, "Probe", "", nil, ""), "")
				return err
			}},
			{"name", func() error { _, err := f.svc.Fork(f.ctx, alice, d.ID, library.ForkRequest{Name: bad}); return err }},
			{"id", func() error { _, err := f.svc.Fleet(f.ctx, alice, bad); return err }},
			{"id", func() error { _, err := f.svc.FleetVersionView(f.ctx, alice, bad, 1); return err }},
			{"id", func() error { _, _, err := f.svc.FleetVersions(f.ctx, alice, bad); return err }},
			{"id", func() error { return f.svc.DeleteFleet(f.ctx, alice, bad, anyV) }},
			{"id", func() error {
				_, err := f.svc.UpdateFleet(f.ctx, alice, bad, anyV, fleetOf("Probe Fleet", d.ID), "")
				return err
			}},
			{"id", func() error { _, err := f.svc.UpgradeFleet(f.ctx, alice, bad, anyV, nil); return err }},
			{"ships[0]", func() error { _, err := f.svc.UpgradeFleet(f.ctx, alice, fv.Fleet.ID, anyV, []string{bad}); return err }},
			{"id", func() error { _, err := f.svc.ForkFleet(f.ctx, alice, bad, library.ForkRequest{}); return err }},
			{"name", func() error {
				_, err := f.svc.ForkFleet(f.ctx, alice, fv.Fleet.ID, library.ForkRequest{Name: bad})
				return err
			}},
			{"a.id", func() error {
				_, err := f.svc.Encounter(f.ctx, alice, library.EncounterRequest{A: library.EncounterSide{ID: bad}, B: library.EncounterSide{ID: fv.Fleet.ID}})
				return err
			}},
			{"a.design", func() error {
				_, err := f.svc.Forecast(f.ctx, alice, library.ForecastRequest{A: library.ForecastSide{Design: bad}, B: library.ForecastSide{Design: d.ID}, Runs: 1})
				return err
			}},
			{"b.fleet", func() error {
				_, err := f.svc.Forecast(f.ctx, alice, library.ForecastRequest{A: library.ForecastSide{Design: d.ID}, B: library.ForecastSide{Fleet: bad}, Runs: 1})
				return err
			}},
			{"b.fleetDocument.ships[0].design", func() error {
				_, err := f.svc.Forecast(f.ctx, alice, library.ForecastRequest{A: library.ForecastSide{Design: d.ID},
					B: library.ForecastSide{FleetDocument: withFleet(func(fl *fleet.Fleet) { fl.Ships[0].Design = bad })}, Runs: 1})
				return err
			}},
			{"q", func() error { _, err := f.svc.Library(f.ctx, library.LibraryQuery{Q: bad}); return err }},
			{"movement", func() error { _, err := f.svc.Library(f.ctx, library.LibraryQuery{Movement: bad}); return err }},
			{"hull", func() error { _, err := f.svc.Library(f.ctx, library.LibraryQuery{Hull: bad}); return err }},
			{"cursor", func() error {
				_, err := f.svc.Library(f.ctx, library.LibraryQuery{Sort: "name", After: &library.Cursor{Key: bad, Seq: 1}})
				return err
			}},
			{"q", func() error { _, err := f.svc.FleetLibrary(f.ctx, library.FleetQuery{Q: bad}); return err }},
			{"cursor", func() error {
				_, err := f.svc.FleetLibrary(f.ctx, library.FleetQuery{Sort: "name", AfterKey: bad, After: 1})
				return err
			}},
			{"name", func() error { _, _, err := f.svc.CreateToken(f.ctx, alice, bad); return err }},
			{"username", func() error {
				_, _, err := f.svc.Register(f.ctx, library.Credentials{Name: bad, Password: password, Addr: "127.0.0.1"})
				return err
			}},
			{"password", func() error {
				_, _, err := f.svc.Register(f.ctx, library.Credentials{Name: "bob", Password: password + bad, Addr: "127.0.0.1"})
				return err
			}},
			{"username", func() error {
				_, _, err := f.svc.Login(f.ctx, library.Credentials{Name: bad, Password: password, Addr: "127.0.0.1"})
				return err
			}},
			{"password", func() error {
				_, _, err := f.svc.Login(f.ctx, library.Credentials{Name: "alice", Password: bad, Addr: "127.0.0.1"})
				return err
			}},
			{"currentPassword", func() error { return f.svc.ChangePassword(f.ctx, alice, "127.0.0.1", bad, password+"-2", "") }},
			{"newPassword", func() error { return f.svc.ChangePassword(f.ctx, alice, "127.0.0.1", password, password+bad, "") }},
			{"password", func() error { return f.svc.DeleteAccount(f.ctx, alice, "127.0.0.1", bad) }},
			// Drafts: a private design may break rules, not the text rule.
			{"design.name", func() error { return draft(func(d *designer.Design) { d.Name = bad }) }},
			{"design.description", func() error { return draft(func(d *designer.Design) { d.Description = bad }) }},
			{"design.universe", func() error { return draft(func(d *designer.Design) { d.Universe = bad }) }},
			{"design.tags[1]", func() error { return draft(func(d *designer.Design) { d.Tags = append(d.Tags, bad) }) }},
			// Fleets: a private fleet may break rules, not the text rule.
			{"fleet.name", func() error {
				_, err := f.svc.CreateFleet(f.ctx, alice, withFleet(func(fl *fleet.Fleet) { fl.Name = bad }), library.Private)
				return err
			}},
			{"fleet.description", func() error {
				_, err := f.svc.CreateFleet(f.ctx, alice, withFleet(func(fl *fleet.Fleet) { fl.Description = bad }), library.Private)
				return err
			}},
			{"fleet.ships[0].design", func() error {
				_, err := f.svc.CreateFleet(f.ctx, alice, withFleet(func(fl *fleet.Fleet) { fl.Ships[0].Design = bad }), library.Private)
				return err
			}},
			{"fleet.name", func() error {
				_, err := f.svc.UpdateFleet(f.ctx, alice, fv.Fleet.ID, anyV, withFleet(func(fl *fleet.Fleet) { fl.Name = bad }), "")
				return err
			}},
			{"ships[0].design", func() error {
				_, _, err := f.svc.EvaluateFleet(f.ctx, alice, withFleet(func(fl *fleet.Fleet) { fl.Ships[0].Design = bad }))
				return err
			}},
		}
		if bt.name == "NUL" { // JSON carries a NUL, not a stray byte: the decoder refuses those
			cases = append(cases, []struct {
				field string
				call  func() error
			}{
				{"fleet.ships[0].id", func() error {
					_, err := f.svc.CreateFleet(f.ctx, alice, withFleet(func(fl *fleet.Fleet) { fl.Ships[0].ID = bad }), library.Private)
					return err
				}},
				{"fleet.ships[0].name", func() error {
					_, err := f.svc.CreateFleet(f.ctx, alice, withFleet(func(fl *fleet.Fleet) { fl.Ships[0].Name = bad }), library.Private)
					return err
				}},
				{"design.name", func() error { // as an adapter reads it
					return f.createRaw(alice, json.RawMessage(strings.Replace(string(mustMarshal(t, ship(t, "Draft", "", nil, ""))), "Draft", `a\u0000b`, 1)))
				}},
				{"design.sections.core.systems[0].kind", func() error {
					s := ship(t, "Draft", "", nil, "")
					s.Sections.Core.Systems[0].Kind = bad
					return f.createRaw(alice, mustMarshal(t, s))
				}},
			}...)
		}
		for _, c := range cases {
			err := c.call()
			var le *library.Error
			if !errors.As(err, &le) || le.Code != library.EInvalid || le.Field != c.field {
				t.Errorf("%s in %s: %v, want EInvalid naming %s", bt.name, c.field, err, c.field)
			}
		}
	}
	// Nothing was stored or changed.
	mine, err := f.svc.MyDesigns(f.ctx, alice)
	ok(t, "my designs", err)
	if len(mine) != 1 || mine[0].Version != 1 {
		t.Errorf("designs after the bad texts: %s", describe(mine))
	}
	fleets, err := f.svc.MyFleets(f.ctx, alice)
	ok(t, "my fleets", err)
	if len(fleets) != 1 || fleets[0].Version != 1 {
		t.Errorf("fleets after the bad texts: %+v", fleets)
	}
	toks, err := f.svc.Tokens(f.ctx, alice)
	ok(t, "tokens", err)
	if len(toks) != 0 {
		t.Errorf("tokens after the bad texts: %+v", toks)
	}
	if _, _, err := f.svc.Login(f.ctx, library.Credentials{Name: "alice", Password: password, Addr: "127.0.0.2"}); err != nil {
		t.Errorf("alice's password after the bad texts: %v", err)
	}
}

func mustMarshal(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// createRaw decodes a design document as an adapter does and saves it as
// a private draft of u's.
func (f *fixture) createRaw(u *library.User, raw json.RawMessage) error {
	_, d, err := f.svc.Rulesets().Decode(raw)
	if err != nil {
		return err
	}
	_, err = f.svc.CreateDesign(f.ctx, u, d, library.Private)
	return err
}

// testImportItemByItem: an import keeps its promise item by item on every
// store. Through the Service, an item breaking the text rule is rejected
// naming its field and the others are stored. At the store, a design the
// database refuses (a taken id, a value a constraint refuses) is left
// out alone, reported at its index, and the others are stored in the same
// transaction; an error about the whole batch (an owner that does not
// exist) stores nothing.
func testImportItemByItem(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice")
	for _, bt := range []struct{ name, json string }{{"NUL", `\u0000`}, {"invalid UTF-8", "\xff"}} {
		good := mustMarshal(t, ship(t, "Good "+bt.name, "", nil, ""))
		bad := json.RawMessage(strings.Replace(string(mustMarshal(t, ship(t, "Bad BAD", "", nil, ""))), "BAD", bt.json, 1))
		rep, err := f.svc.Import(f.ctx, alice, []json.RawMessage{good, bad, good}, library.ImportOptions{Visibility: library.Public, Drafts: true})
		ok(t, "import "+bt.name, err)
		if rep.Created != 2 || rep.Rejected != 1 || rep.Items[1].Status != library.ImportRejected || len(rep.Items[1].Problems) != 1 ||
			rep.Items[1].Problems[0].Path != "[1].name" || rep.Items[0].ID == "" || rep.Items[2].ID == "" {
			t.Errorf("import with %s in one item: %+v", bt.name, rep)
		}
		for _, i := range []int{0, 2} {
			_, err := f.svc.Design(f.ctx, alice, rep.Items[i].ID)
			ok(t, "imported item", err)
		}
	}
	mine, err := f.svc.MyDesigns(f.ctx, alice)
	ok(t, "my designs", err)
	if len(mine) != 4 {
		t.Fatalf("%d designs after two imports of two good items each, want 4", len(mine))
	}

	// At the store: a taken id and a visibility the schema refuses fail
	// their items alone.
	taken := mine[0].ID
	refusedVis := rawDesign("imp-bad-vis", alice.ID, library.Public)
	refusedVis.Visibility = "bogus"
	batch := []*library.NewDesign{
		rawDesign("imp-a", alice.ID, library.Public), rawDesign(taken, alice.ID, library.Public),
		refusedVis, rawDesign("imp-b", alice.ID, library.Private),
	}
	errs, err := f.store.ImportDesigns(f.ctx, batch)
	ok(t, "store import", err)
	if len(errs) != len(batch) || errs[0] != nil || errs[3] != nil {
		t.Fatalf("store import errors %v", errs)
	}
	wantIs(t, "taken id", errs[1], library.ErrConflict)
	wantIs(t, "refused visibility", errs[2], library.ErrRefused)
	for _, id := range []string{"imp-a", "imp-b"} {
		_, err := f.store.Design(f.ctx, id)
		ok(t, "stored beside the refused items: "+id, err)
	}
	_, err = f.store.Design(f.ctx, "imp-bad-vis")
	wantIs(t, "the refused item", err, library.ErrNotFound)
	use, err := f.store.Usage(f.ctx, alice.ID)
	ok(t, "usage", err)
	if use.Designs != 6 || use.Versions != 6 {
		t.Errorf("usage after the store import %+v, want 6 designs and versions", use)
	}
	// An error about the whole batch stores nothing.
	_, err = f.store.ImportDesigns(f.ctx, []*library.NewDesign{rawDesign("imp-c", alice.ID, library.Public), rawDesign("imp-d", 987654, library.Public)})
	if err == nil {
		t.Fatal("a batch with an owner that does not exist was stored")
	}
	_, err = f.store.Design(f.ctx, "imp-c")
	wantIs(t, "design of a failed batch", err, library.ErrNotFound)
	errs, err = f.store.ImportDesigns(f.ctx, nil)
	if err != nil || len(errs) != 0 {
		t.Errorf("empty import: %v %v", errs, err)
	}
}
