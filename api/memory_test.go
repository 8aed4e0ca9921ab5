package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// Memory bounds of the fleet and import routes (issue 20): problem lists
// capped, stored bytes per import bounded, and the work gate.

// badDesignDoc is a small design (about 590 bytes) of over a hundred
// problems: 40 weapon definitions that name nothing but an id.
func badDesignDoc(name string) map[string]any {
	ws := make([]map[string]string, 40)
	for i := range ws {
		ws[i] = map[string]string{"id": fmt.Sprintf("w%d", i)}
	}
	return map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": name, "weapons": ws}
}

func badImport(n int) []any {
	items := make([]any, n)
	for i := range items {
		items[i] = badDesignDoc(fmt.Sprintf("Bad %d", i))
	}
	return items
}

// TestFleetProblemCap: an anonymous check of a fleet of 500 ships, each
// embedding a design of a hundred problems (about 300 KB), answers 100
// problems and one R-LIM-07 problem counting the rest, not 51,000
// problems in 10 MB.
func TestFleetProblemCap(t *testing.T) {
	e := newEnv(t)
	ships := make([]any, fleet.MaxShips)
	for i := range ships {
		ships[i] = map[string]any{"id": fmt.Sprintf("s%d", i), "document": badDesignDoc("Bad")}
	}
	doc := map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": "Bad fleet",
		"limit": map[string]int{"cv": 1000}, "ships": ships}
	for _, path := range []string{"/api/v1/fleets/validate", "/api/v1/fleets/evaluate"} {
		r := e.anon().do("POST", path, doc).want(t, 200)
		var out struct {
			Legal      *bool
			Problems   designer.Problems
			Evaluation struct {
				Legal    *bool
				Problems designer.Problems
			}
		}
		r.decode(t, &out)
		legal, ps := out.Legal, out.Problems
		if out.Evaluation.Legal != nil {
			legal, ps = out.Evaluation.Legal, out.Evaluation.Problems
		}
		if legal == nil || *legal {
			t.Errorf("%s: legal %v, want false", path, legal)
		}
		if len(ps) != ruleset.MaxProblems+1 || ps[len(ps)-1].Rule != ruleset.RuleProblemCap || ps[len(ps)-1].Severity != designer.Error {
			t.Fatalf("%s: %d problems, the last %+v; want %d and an R-LIM-07 error", path, len(ps), ps[len(ps)-1], ruleset.MaxProblems)
		}
		if !strings.Contains(ps[len(ps)-1].Message, "more problems are not listed") {
			t.Errorf("%s: cap problem %q", path, ps[len(ps)-1].Message)
		}
		if path == "/api/v1/fleets/validate" && len(r.Body) > 100_000 {
			t.Errorf("%s: answered %d bytes", path, len(r.Body))
		}
	}
}

// TestImportAnswerBounded: an import of 700 designs of a hundred problems
// each (about 410 KB) lists 100 problems in all; past them each item has
// one R-LIM-07 problem saying so, and the answer stays small (it was
// 12.8 MB).
func TestImportAnswerBounded(t *testing.T) {
	e := newEnv(t)
	u := e.register("bounded")
	var rep struct {
		Rejected int
		Items    []struct {
			Status   string
			Problems designer.Problems
		}
	}
	r := u.do("POST", "/api/v1/import", badImport(700)).want(t, 200)
	r.decode(t, &rep)
	if rep.Rejected != 700 || len(rep.Items) != 700 {
		t.Fatalf("rejected %d of %d items, want 700", rep.Rejected, len(rep.Items))
	}
	listed := 0
	for i, it := range rep.Items {
		if len(it.Problems) == 0 {
			t.Fatalf("item %d has no problem", i)
		}
		last := it.Problems[len(it.Problems)-1]
		if i > 0 && (len(it.Problems) != 1 || last.Rule != ruleset.RuleProblemCap || last.Severity != designer.Error ||
			last.Path != fmt.Sprintf("[%d]", i) || !strings.Contains(last.Message, "not listed")) {
			t.Fatalf("item %d: %+v, want one R-LIM-07 error at [%d]", i, it.Problems, i)
		}
		for _, p := range it.Problems {
			if p.Rule != ruleset.RuleProblemCap {
				listed++
			}
		}
	}
	if listed > library.MaxImportProblems {
		t.Errorf("%d problems listed, want at most %d", listed, library.MaxImportProblems)
	}
	if len(r.Body) > 300_000 {
		t.Errorf("answered %d bytes", len(r.Body))
	}
}

// TestImportStoredBytesBounded: 700 drafts of a hundred problems would
// store about 45 MB; the import is refused with 413 naming the limit and
// stores nothing.
func TestImportStoredBytesBounded(t *testing.T) {
	e := newEnv(t)
	u := e.register("stored")
	r := u.do("POST", "/api/v1/import?invalid=draft", badImport(700)).want(t, http.StatusRequestEntityTooLarge)
	var p struct{ Detail string }
	r.decode(t, &p)
	if want := fmt.Sprintf("one import may store at most %d MiB", library.MaxImportBytes>>20); !strings.Contains(p.Detail, want) {
		t.Errorf("detail %q, want it to say %q", p.Detail, want)
	}
	var mine struct{ Designs []any }
	u.do("GET", "/api/v1/designs", nil).want(t, 200).decode(t, &mine)
	if len(mine.Designs) != 0 {
		t.Errorf("%d designs stored by a refused import", len(mine.Designs))
	}
	// A smaller import of the same drafts is stored.
	var rep struct{ Drafts int }
	u.do("POST", "/api/v1/import?invalid=draft", badImport(20)).want(t, 200).decode(t, &rep)
	if rep.Drafts != 20 {
		t.Errorf("%d drafts of 20", rep.Drafts)
	}
}

// TestWorkGate: with one turn and no waiting place, a fleet check that
// holds the turn (its body still arriving) makes every other fleet check,
// evaluation and import answer 503 with Retry-After at once; when it
// ends they are served again.
func TestWorkGate(t *testing.T) {
	e := newEnv(t, func(c *envConfig) { c.API.WorkConcurrency, c.API.WorkQueue = 1, -1 })
	doc, err := json.Marshal(map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": "Held",
		"limit": map[string]int{"cv": 1000}, "ships": []any{map[string]any{"id": "s0", "document": badDesignDoc("Bad")}}})
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	held := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("POST", e.url+"/api/v1/fleets/validate", pr)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			held <- 0
			return
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		held <- res.StatusCode
	}()
	pw.Write(doc[:10]) // the held request is in, its body unfinished
	u := e.register("gated")
	var busy *resp
	deadline := time.Now().Add(10 * time.Second)
	for busy == nil && time.Now().Before(deadline) {
		if r := e.anon().do("POST", "/api/v1/fleets/evaluate", doc); r.Status == http.StatusServiceUnavailable {
			busy = r
		} else {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if busy == nil {
		t.Fatal("no 503 while the only turn was held")
	}
	if ra := busy.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("503 without Retry-After: %v", busy.Header)
	}
	e.anon().do("POST", "/api/v1/fleets/validate", doc).want(t, http.StatusServiceUnavailable)
	u.do("POST", "/api/v1/import", []any{sample(t)}).want(t, http.StatusServiceUnavailable)
	// A game kept in the browser is worked out again: it takes the gate too.
	e.anon().do("POST", "/api/v1/play/derive", map[string]any{"sides": []any{map[string]any{"design": "x"}}}).want(t, http.StatusServiceUnavailable)
	e.anon().do("GET", "/api/v1/play/ships/s1/sheet.svg?side=design:x", nil).want(t, http.StatusServiceUnavailable)
	// Other routes do not take the gate.
	e.anon().do("POST", "/api/v1/validate", sample(t)).want(t, http.StatusOK)

	pw.Write(doc[10:])
	pw.Close()
	if st := <-held; st != http.StatusOK {
		t.Fatalf("held request answered %d", st)
	}
	e.anon().do("POST", "/api/v1/fleets/evaluate", doc).want(t, http.StatusOK)
	u.do("POST", "/api/v1/import", []any{sample(t)}).want(t, http.StatusOK)
}

// TestEncounterDeploymentPastCap: a fleet of 500 bad ships fills its
// 100 problems before its deployment is checked; the deployment's own
// problem (a ship left out) is then only counted, and the deployment is
// not called legal: its problems hold the fleet's R-LIM-07.
func TestEncounterDeploymentPastCap(t *testing.T) {
	e := newEnv(t)
	ships := make([]any, fleet.MaxShips)
	ids := make([]string, 0, fleet.MaxShips)
	for i := range ships {
		id := fmt.Sprintf("s%d", i)
		ships[i] = map[string]any{"id": id, "document": badDesignDoc("Bad")}
		ids = append(ids, id)
	}
	doc := map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": "Bad fleet",
		"limit": map[string]int{"cv": 1000}, "ships": ships}
	var out encounterOut
	e.anon().do("POST", "/api/v1/encounters", map[string]any{
		"a":         map[string]any{"fleet": doc, "deployment": map[string]any{"zones": map[string][]string{"main": ids[1:]}}},
		"b":         map[string]any{"fleet": doc},
		"encounter": "meeting",
	}).want(t, 200).decode(t, &out)
	d := out.A.Deployment
	if d == nil || d.Legal {
		t.Fatal("a deployment that leaves a ship out, past the fleet's problem cap, is called legal (or missing)")
	}
	if len(d.Problems) == 0 || d.Problems[len(d.Problems)-1].Rule != ruleset.RuleProblemCap {
		t.Errorf("deployment problems %+v, want the fleet's R-LIM-07 among them", d.Problems)
	}
}
