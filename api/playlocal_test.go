package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// TestLocalGame plays a game kept in the browser through the stateless
// route, signed out: a public fleet and a public design, hull hits and a
// system, undo, the numbers equal to the stored game's for the same
// changes; the bounds answered 400 in a player's words; a private design
// 404 to others (and its sheet too), readable by its owner; the sheet of a
// ship drawn from the sides in its address.
func TestLocalGame(t *testing.T) {
	e := newEnv(t)
	alice, bob, anon := e.register("alice"), e.register("bob"), e.anon()
	pub := alice.create(t, "Line Cruiser", "public")
	priv := alice.create(t, "Secret Cruiser", "private")
	var fl struct{ ID string }
	alice.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": fleetDoc("Pair", pub.ID, pub.ID)}).want(t, 201).decode(t, &fl)

	sides := []any{map[string]any{"fleet": fl.ID}, map[string]any{"design": pub.ID}}
	var ops []map[string]any
	for i := 1; i <= 4; i++ {
		ops = append(ops, map[string]any{"op": "mark", "ship": "s1", "box": fmt.Sprintf("core.hull.1.%d", i), "mark": "hit"})
	}
	ops = append(ops, map[string]any{"op": "mark", "ship": "s1", "box": "core.system.1.1", "mark": "destroyed"},
		map[string]any{"op": "mark", "ship": "s3", "box": "core.hull.1.1", "mark": "hit"},
		map[string]any{"op": "turn", "turn": 2}, map[string]any{"op": "undo"})
	var local gameOut
	anon.do("POST", "/api/v1/play/derive", map[string]any{"sides": sides, "ops": ops}).want(t, 200).decode(t, &local)
	if local.ID != "" || local.Watch != "" || len(local.Ships) != 3 || local.Turn != 1 || local.Redo != "Turn 2 begins." {
		t.Fatalf("the local game: %+v", local)
	}
	if m := local.Ships[0].Marks; len(m) != 5 || m["core.system.1.1"] != "destroyed" {
		t.Errorf("ship 1's marks: %v", m)
	}
	if _, now := local.number(t, 2, "hull"); now == 0 {
		t.Errorf("ship 3 has no hull left: %+v", local.Ships[2].State)
	}
	// The same changes on a stored game answer the same numbers and notes.
	var stored gameOut
	bob.do("POST", "/api/v1/games", map[string]any{"sides": sides}).want(t, 201).decode(t, &stored)
	bob.do("POST", "/api/v1/games/"+stored.ID+"/marks", map[string]any{"base": 0, "ops": ops}).want(t, 200).decode(t, &stored)
	a, _ := json.Marshal(local.Ships)
	b, _ := json.Marshal(stored.Ships)
	if string(a) != string(b) {
		t.Errorf("the local game's ships differ from the stored game's:\n%s\n%s", a, b)
	}
	if local.Undo != stored.Undo || len(local.Log) != len(stored.Log) {
		t.Errorf("undo %q / %q, log %d / %d entries", local.Undo, stored.Undo, len(local.Log), len(stored.Log))
	}

	// Bounds and refusals, in a player's words.
	for _, c := range []struct {
		body any
		want string
	}{
		{map[string]any{"sides": []any{}}, "sides"},
		{map[string]any{"sides": []any{map[string]any{"design": pub.ID}, map[string]any{"design": pub.ID}, map[string]any{"design": pub.ID}}}, "sides"},
		{map[string]any{"sides": []any{map[string]any{"document": sample(t)}}}, "the fields here are name, fleet and design"},
		{map[string]any{"sides": []any{map[string]any{"design": pub.ID, "fleet": fl.ID}}}, "give a fleet or a design of the library (its id), not both"},
		{map[string]any{"sides": []any{map[string]any{"name": "Blue"}}}, "give a fleet or a design of the library (its id), not both"},
		{map[string]any{"sides": []any{map[string]any{"design": pub.ID}}, "ops": manyTurns(1001)}, "at most 1000"},
		{map[string]any{"sides": []any{map[string]any{"design": pub.ID}}, "ops": []any{map[string]any{"op": "mark", "ship": "s1", "box": "core.hull.9.9", "mark": "hit"}}}, "ops[0].box"},
		{map[string]any{"sides": []any{map[string]any{"design": pub.ID}}, "ops": append(manyTurns(200), map[string]any{"op": "mark", "ship": "s2", "box": "core.hull.1.1", "mark": "hit"})}, "ops[200].ship"},
	} {
		r := anon.do("POST", "/api/v1/play/derive", c.body).want(t, 400)
		var p struct{ Detail string }
		r.decode(t, &p)
		if !strings.Contains(string(r.Body), c.want) || strings.Contains(p.Detail, "{") {
			t.Errorf("want %q in a player's words: %s", c.want, r.Body)
		}
	}
	// A private design is not found by anyone but its owner.
	privSide := map[string]any{"sides": []any{map[string]any{"design": priv.ID}}}
	anon.do("POST", "/api/v1/play/derive", privSide).want(t, 404)
	bob.do("POST", "/api/v1/play/derive", privSide).want(t, 404)
	alice.do("POST", "/api/v1/play/derive", privSide).want(t, 200)
	anon.do("GET", "/api/v1/play/ships/s1/sheet.svg?side=design:"+url.QueryEscape(priv.ID), nil).want(t, 404)

	// The sheet of a ship of a local game, named by its sides.
	r := anon.do("GET", "/api/v1/play/ships/s3/sheet.svg?side=fleet:"+fl.ID+"&side=design:"+pub.ID, nil).want(t, 200)
	if !strings.Contains(string(r.Body), `data-box="core.hull.1.1"`) {
		t.Errorf("the sheet names no box: %.300s", r.Body)
	}
	anon.do("GET", "/api/v1/play/ships/s4/sheet.svg?side=fleet:"+fl.ID+"&side=design:"+pub.ID, nil).want(t, 404)
	for _, q := range []string{"", "?side=ship:x", "?side=design:a&side=design:b&side=design:c"} {
		r := anon.do("GET", "/api/v1/play/ships/s1/sheet.svg"+q, nil).want(t, 400)
		if !strings.Contains(string(r.Body), "side") {
			t.Errorf("%q: %s", q, r.Body)
		}
	}
}

// manyTurns is n changes the rules take.
func manyTurns(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = map[string]any{"op": "turn", "turn": i%2 + 2}
	}
	return out
}
