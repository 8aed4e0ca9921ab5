package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/testenv"
)

// gameOut is the part of a game answer the tests read.
type gameOut struct {
	ID       string
	Name     string
	Rev      int
	Turn     int
	ReadOnly bool
	Watch    string
	Ships    []struct {
		Key   string
		Name  string
		Marks map[string]string
		State struct {
			Numbers []struct {
				Key        string
				Start, Now int
			}
			Notes        []string
			MoraleChecks int
		}
	}
	Log        []struct{ Text string }
	Undo, Redo string
	Current    *gameOut
}

func (g gameOut) number(t *testing.T, ship int, key string) (int, int) {
	t.Helper()
	for _, n := range g.Ships[ship].State.Numbers {
		if n.Key == key {
			return n.Start, n.Now
		}
	}
	t.Fatalf("ship %d has no number %s", ship, key)
	return 0, 0
}

// TestGames plays a game of the sample cruiser wing through the API: start
// it, mark ten hull hits, destroy the reactor, lose a shield arc, spend
// the pod, undo and redo, a stale revision answered 409 with both states,
// bad input answered 400 in a player's words, another account's 404, the
// watch link read-only, the sheet's boxes named, and the printed state
// with its boxes filled (qpdf reads it back).
func TestGames(t *testing.T) {
	e := newEnv(t)
	alice, bob := e.register("alice"), e.register("bob")
	var fleetDoc map[string]any
	if err := json.Unmarshal(readJSONFile(t, "../data/fleets/cruiser-wing.json"), &fleetDoc); err != nil {
		t.Fatal(err)
	}
	e.anon().do("POST", "/api/v1/games", map[string]any{"sides": []any{map[string]any{"fleetDocument": fleetDoc}}}).want(t, 401)
	r := alice.do("POST", "/api/v1/games", map[string]any{"sides": []any{map[string]any{"fleetDocument": fleetDoc, "design": "x"}}}).want(t, 400)
	if !strings.Contains(string(r.Body), "exactly one of") {
		t.Errorf("a side of two things: %s", r.Body)
	}
	r = alice.do("POST", "/api/v1/games", map[string]any{"sides": []any{map[string]any{"fleetDocument": fleetDoc}}}).want(t, 201)
	var g gameOut
	r.decode(t, &g)
	if len(g.Ships) != 4 || g.Rev != 0 || g.Turn != 1 || g.Watch == "" || r.Header.Get("Location") != "/api/v1/games/"+g.ID {
		t.Fatalf("started: %s", r.Body)
	}
	path := "/api/v1/games/" + g.ID
	var ops []map[string]any
	for i := 1; i <= 10; i++ {
		ops = append(ops, map[string]any{"op": "mark", "ship": "s1", "box": fmt.Sprintf("core.hull.1.%d", i), "mark": "hit"})
	}
	ops = append(ops, map[string]any{"op": "mark", "ship": "s1", "box": "core.system.2.1", "mark": "destroyed"})
	for i := 1; i <= 4; i++ { // the fore arc's shields, all of them
		ops = append(ops, map[string]any{"op": "mark", "ship": "s1", "box": fmt.Sprintf("fore.shield.fore.%d", i), "mark": "hit"})
	}
	ops = append(ops, map[string]any{"op": "mark", "ship": "s4", "box": "core.system.9.1", "mark": "spent"})
	r = alice.do("POST", path+"/marks", map[string]any{"base": 0, "ops": ops})
	if r.Status != 200 {
		t.Fatalf("marks: %d %s", r.Status, r.Body)
	}
	r.decode(t, &g)
	if start, now := g.number(t, 0, "hull.core"); now != start-10 {
		t.Errorf("core hull %d of %d after 10 hits", now, start)
	}
	if start, now := g.number(t, 0, "shields.fore"); start != 4 || now != 0 {
		t.Errorf("fore shields %d of %d after losing the arc", now, start)
	}
	if start, now := g.number(t, 0, "ems"); now >= start {
		t.Errorf("EMS %d of %d with the reactor destroyed", now, start)
	}
	if g.Rev != 1 || g.Undo == "" || len(g.Ships[3].Marks) != 1 {
		t.Errorf("after the marks: rev %d undo %q pod %v", g.Rev, g.Undo, g.Ships[3].Marks)
	}
	r = alice.do("POST", path+"/marks", map[string]any{"base": 1, "ops": []any{map[string]any{"op": "undo"}}}).want(t, 200)
	g = gameOut{} // decoding into g would keep the old marks' keys
	r.decode(t, &g)
	if len(g.Ships[3].Marks) != 0 || g.Redo == "" {
		t.Errorf("undo left the pod %v", g.Ships[3].Marks)
	}
	// A stale revision: 409 with the game as it stands and the changes sent.
	r = alice.do("POST", path+"/marks", map[string]any{"base": 1, "ops": []any{map[string]any{"op": "turn", "turn": 2}}}).want(t, 409)
	var c gameOut
	r.decode(t, &c)
	if c.Current == nil || c.Current.Rev != 2 || c.Current.Turn != 1 || !strings.Contains(string(r.Body), `"turn":2`) {
		t.Errorf("conflict: %s", r.Body)
	}
	for _, bad := range []struct {
		body any
		want string
	}{
		{map[string]any{"base": 2, "ops": []any{map[string]any{"op": "mark", "ship": "s1", "box": "core.hull.9.1", "mark": "hit"}}}, "ops[0].box"},
		{map[string]any{"base": 2, "ops": []any{map[string]any{"op": "mark", "ship": "s1", "box": "core.hull.1.1", "mark": "destroyed"}}}, `takes \"hit\"`},
		{map[string]any{"base": 2, "ops": []any{}}, "ops"},
		{map[string]any{"ops": []any{map[string]any{"op": "undo"}}}, "base"},
		{map[string]any{"base": 2, "ops": []any{map[string]any{"op": "warp"}}}, "not a change"},
	} {
		r := alice.do("POST", path+"/marks", bad.body).want(t, 400)
		if !strings.Contains(string(r.Body), bad.want) {
			t.Errorf("%v: %s, want %q", bad.body, r.Body, bad.want)
		}
	}
	bob.do("GET", path, nil).want(t, 404)
	bob.do("POST", path+"/marks", map[string]any{"base": 2, "ops": []any{map[string]any{"op": "undo"}}}).want(t, 404)
	// The watch link: anyone, read-only, no id.
	token := strings.TrimPrefix(g.Watch, "/play/watch/")
	r = e.anon().do("GET", "/api/v1/watch/"+token, nil).want(t, 200)
	var w gameOut
	r.decode(t, &w)
	if !w.ReadOnly || w.ID != "" || w.Watch != "" || w.Rev != 2 || len(w.Ships[0].Marks) != 15 {
		t.Errorf("watched: %s", r.Body)
	}
	e.anon().do("GET", "/api/v1/watch/"+strings.Repeat("A", 43), nil).want(t, 404)
	// The sheet names its boxes.
	r = alice.do("GET", path+"/ships/s1/sheet.svg", nil).want(t, 200)
	if n := len(regexp.MustCompile(`data-box="core\.hull\.1\.\d+"`).FindAll(r.Body, -1)); n != 10 {
		t.Errorf("the sheet has %d boxes in the core's first layer", n)
	}
	e.anon().do("GET", "/api/v1/watch/"+token+"/ships/s9/sheet.svg", nil).want(t, 404)
	// The printed state: qpdf finds nothing wrong, and the 15 marked boxes are filled.
	r = e.anon().do("GET", "/api/v1/watch/"+token+"/ships/s1/sheet.pdf", nil).want(t, 200)
	if n := filledBoxes(t, r.Body); n != 15 {
		t.Errorf("%d boxes filled, want 15 (10 hull, the reactor, 4 shield)", n)
	}
	r = alice.do("GET", "/api/v1/games", nil).want(t, 200)
	if !strings.Contains(string(r.Body), g.ID) {
		t.Errorf("alice's games: %s", r.Body)
	}
	alice.do("DELETE", path, nil).want(t, 204)
	e.anon().do("GET", "/api/v1/watch/"+token, nil).want(t, 404)
}

// filledBoxes checks a PDF with qpdf and counts the boxes drawn in the
// mark's colour (sheets.markPen) in its drawing operators.
func filledBoxes(t *testing.T, pdf []byte) int {
	t.Helper()
	qpdf, err := exec.LookPath("qpdf")
	if err != nil {
		testenv.Missing(t, "qpdf", "install Debian's qpdf")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(qpdf, "--check", in).CombinedOutput(); err != nil {
		t.Fatalf("qpdf --check: %v\n%s", err, b)
	}
	if b, err := exec.Command(qpdf, "--qdf", "--object-streams=disable", in, out).CombinedOutput(); err != nil {
		t.Fatalf("qpdf --qdf: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "0.110 0.204 0.588 rg")
}
