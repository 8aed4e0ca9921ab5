package web_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// panelQuantiles logs, and returns, the page's own change-to-panel times
// (performance.measure 'slipway:panel') since the last call, with the
// request's and the drawing's parts. A measurement for
// docs/performance.md, never an assertion: the machine is shared.
func panelQuantiles(t *testing.T, tb *tab, what string) (p50, p95 float64) {
	t.Helper()
	read := func(name string) []float64 {
		ds := eval[[]float64](tb, `performance.getEntriesByName('slipway:`+name+`').map(e => e.duration)`)
		slices.Sort(ds)
		return ds
	}
	q := func(ds []float64, p float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		return ds[min(len(ds)-1, int(p*float64(len(ds))))]
	}
	ds := read("panel")
	if len(ds) == 0 {
		t.Errorf("%s: the page measured no change-to-panel time", what)
		return 0, 0
	}
	fetch, render := read("fetch"), read("render")
	t.Logf("%s: change to updated panel over %d changes: p50 %.1f ms, p95 %.1f ms, max %.1f ms; request p50 %.1f / p95 %.1f ms; drawing p50 %.1f / p95 %.1f ms",
		what, len(ds), q(ds, .5), q(ds, .95), ds[len(ds)-1], q(fetch, .5), q(fetch, .95), q(render, .5), q(render, .95))
	eval[bool](tb, `(performance.clearMeasures(), true)`)
	return q(ds, .5), q(ds, .95)
}

// bigDesign is HIMS Avenger grown to parts parts (layers, systems and
// mounts, spread over its five sections by repeating its own), a legal
// size for the limits of rules R-LIM-02..06.
func bigDesign(t *testing.T, parts int) []byte {
	t.Helper()
	b, err := os.ReadFile("../data/samples/hims-avenger.json")
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	d["name"] = fmt.Sprintf("Avenger, %d parts", parts)
	secs := d["sections"].(map[string]any)
	names := []string{"core", "fore", "aft", "port", "starboard"}
	count := func() int {
		n := 0
		for _, s := range names {
			sec := secs[s].(map[string]any)
			for _, k := range []string{"layers", "systems", "weapons"} {
				l, _ := sec[k].([]any)
				n += len(l)
			}
		}
		return n
	}
	for i := 0; count() < parts; i++ {
		sec := secs[names[i%5]].(map[string]any)
		k := []string{"layers", "systems", "weapons", "systems", "weapons"}[(i/5)%5]
		l, _ := sec[k].([]any)
		if len(l) == 0 {
			continue
		}
		var c any
		j, _ := json.Marshal(l[0]) // a copy of the first entry
		json.Unmarshal(j, &c)
		sec[k] = append(l, c)
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// edits makes n edits a player makes: typing into a number field (one
// change a key) and clicking a mount's sectors, waiting for the panel
// after each.
func (tb *tab) edits(n int, field, mount string) {
	tb.t.Helper()
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			tb.typeInto(field, fmt.Sprint(10+i%7))
		} else {
			tb.sectors(mount, 0)
		}
	}
}

// TestPanelSpeedBigDesigns records how quickly the panel follows edits of
// the largest sample (HIMS Avenger), of a 300-part design and of a
// 50-ship fleet in the fleet builder (issue 19, item 9). It logs the
// page's own measures for docs/performance.md and asserts nothing of
// their size.
//
//	go test ./web -run TestPanelSpeedBigDesigns -v -count=1
func TestPanelSpeedBigDesigns(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	avenger := sampleID(tb, "avenger")
	tb.openDesigner("/designer?from=" + avenger)
	nodes := eval[int](tb, `document.querySelectorAll('*').length`)
	eval[bool](tb, `(performance.clearMeasures(), true)`)
	tb.edits(30, "sections.core.layers[0].hullHits", "sections.fore.weapons[0]")
	panelQuantiles(t, tb, fmt.Sprintf("HIMS Avenger (%d DOM nodes)", nodes))

	draft, _ := json.Marshal(map[string]any{"doc": json.RawMessage(bigDesign(t, 300)), "meta": map[string]any{"visibility": "private"}})
	eval[bool](tb, `(localStorage.setItem('slipway.draft:new', `+jsString(string(draft))+`), true)`)
	tb.openDesigner("/designer")
	if name := eval[string](tb, `document.querySelector('[data-path="name"]').value`); !strings.Contains(name, "300 parts") {
		t.Fatalf("the 300-part draft did not load: %q", name)
	}
	nodes = eval[int](tb, `document.querySelectorAll('*').length`)
	eval[bool](tb, `(performance.clearMeasures(), true)`)
	tb.edits(30, "sections.core.layers[0].hullHits", "sections.fore.weapons[0]")
	panelQuantiles(t, tb, fmt.Sprintf("300-part design (%d DOM nodes)", nodes))

	// A fleet of 50 ships, each a sample design of the library.
	var lib struct{ Designs []struct{ ID string } }
	if err := json.Unmarshal([]byte(eval[string](tb, `fetch('/api/v1/library?limit=50').then(r => r.text())`)), &lib); err != nil || len(lib.Designs) == 0 {
		t.Fatalf("library: %v", err)
	}
	var ships []map[string]any
	for i := 0; i < 50; i++ {
		ships = append(ships, map[string]any{"id": fmt.Sprintf("s%d", i+1), "design": lib.Designs[i%len(lib.Designs)].ID, "version": 1})
	}
	fleet, _ := json.Marshal(map[string]any{"doc": map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": "Fifty",
		"limit": map[string]any{"cv": 100000}, "ships": ships}, "meta": map[string]any{"visibility": "private"}})
	eval[bool](tb, `(localStorage.setItem('slipway.fleet-draft:new', `+jsString(string(fleet))+`), true)`)
	tb.open("/fleets/new")
	tb.do("fleet builder ready", chromedp.WaitVisible(chromedp.CSS(`[data-path="ships[49]"]`)))
	tb.settle()
	eval[bool](tb, `(performance.clearMeasures(), true)`)
	for i := 0; i < 20; i++ {
		tb.typeInto("ships[0].name", fmt.Sprintf("Ship %d", i))
	}
	panelQuantiles(t, tb, "fleet builder, 50 ships")
	eval[bool](tb, `(localStorage.clear(), true)`)
}
