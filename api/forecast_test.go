package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/sim"
)

// sampleDoc reads a sample design as a JSON object.
func sampleDoc(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile("../data/samples/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestForecastAPI: POST /forecast answers the numbers the simulator
// gives for the same sides and seed (so the same as `slipway
// forecast`), by document, by library design and by fleet, with the
// caller's rights; a repeated request answers the same bytes; bad
// requests are 400 naming the field.
func TestForecastAPI(t *testing.T) {
	e := newEnv(t)
	owner := e.register("admiral")
	rival := e.register("rival")
	anon := e.anon()

	// By document: the same numbers as the simulator's own forecast.
	body := map[string]any{"a": map[string]any{"document": sampleDoc(t, "uss-newton")}, "b": map[string]any{"document": sampleDoc(t, "iks-tesla")}, "runs": 2000, "seed": 1}
	r := anon.do("POST", "/api/v1/forecast", body).want(t, 200)
	var got sim.Forecast
	r.decode(t, &got)
	m := costing.NewModel(designer.BuiltinCatalogue())
	side := func(name string) []*sim.Ship {
		b, _ := json.Marshal(sampleDoc(t, name))
		d, err := designer.DecodeDesign(b)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sim.CompileSide(m, []*designer.Design{d})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	want, err := sim.NewForecast(context.Background(), side("uss-newton"), side("iks-tesla"), sim.ForecastConfig{Model: m.Version(), Runs: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	wb, _ := json.Marshal(want)
	gb, _ := json.Marshal(&got)
	if !bytes.Equal(wb, gb) {
		t.Errorf("the API's forecast differs from the simulator's:\n%s\n%s", gb, wb)
	}
	if len(got.Starts) != 3 || got.Starts[0].Range != 20 || got.Starts[0].Runs != 500 {
		t.Errorf("a deployed forecast's starts: %+v", got.Starts)
	}
	if again := anon.do("POST", "/api/v1/forecast", body).want(t, 200); !bytes.Equal(again.Body, r.Body) {
		t.Error("the same request answered other bytes")
	}

	// By library design, with the caller's rights: another's private
	// design does not exist.
	pub := owner.create(t, "Line Cruiser", "public")
	priv := owner.create(t, "Secret Cruiser", "private")
	ref := func(id string) map[string]any { return map[string]any{"design": id} }
	rival.do("POST", "/api/v1/forecast", map[string]any{"a": ref(pub.ID), "b": ref(pub.ID), "runs": 50}).want(t, 200).decode(t, &got)
	if got.Sides[0].Name != "Line Cruiser" || got.CVSays != "CV says even" {
		t.Errorf("a mirror match: %+v", got)
	}
	rival.do("POST", "/api/v1/forecast", map[string]any{"a": ref(pub.ID), "b": ref(priv.ID), "runs": 50}).want(t, 404)
	owner.do("POST", "/api/v1/forecast", map[string]any{"a": ref(pub.ID), "b": ref(priv.ID), "runs": 50}).want(t, 200)

	// By fleet: a stored fleet and a fleet document, named as fleets.
	var fl fleetOut
	owner.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": fleetDoc("Home Fleet", pub.ID, pub.ID)}).want(t, 201).decode(t, &fl)
	anon.do("POST", "/api/v1/forecast", map[string]any{"a": map[string]any{"fleet": fl.ID}, "b": map[string]any{"fleetDocument": fleetDoc("Raiders", pub.ID)}, "runs": 100}).want(t, 200).decode(t, &got)
	if got.Sides[0].Name != "Home Fleet" || len(got.Sides[0].Ships) != 2 || got.Sides[1].Name != "Raiders" || got.Sides[0].CV != 2*got.Sides[1].CV {
		t.Errorf("fleets: %+v", got.Sides)
	}

	// Bad requests name the field.
	bad := sampleDoc(t, "uss-newton")
	delete(bad["sections"].(map[string]any), "core")
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"two things", map[string]any{"a": map[string]any{"design": pub.ID, "document": sampleDoc(t, "uss-newton")}, "b": ref(pub.ID)}, "a"},
		{"nothing", map[string]any{"a": map[string]any{}, "b": ref(pub.ID)}, "a"},
		{"illegal", map[string]any{"a": ref(pub.ID), "b": map[string]any{"document": bad}}, "b"},
		{"runs", map[string]any{"a": ref(pub.ID), "b": ref(pub.ID), "runs": library.MaxForecastRuns + 1}, "runs"},
		{"range", map[string]any{"a": ref(pub.ID), "b": ref(pub.ID), "range": 2}, "range"},
		{"unknown member", map[string]any{"a": map[string]any{"design": pub.ID, "colour": "red"}, "b": ref(pub.ID)}, "a.colour"},
		{"document unreadable", map[string]any{"a": map[string]any{"document": map[string]any{"name": 7}}, "b": ref(pub.ID)}, "a.document"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := anon.do("POST", "/api/v1/forecast", c.body).want(t, 400)
			if !strings.Contains(string(r.Body), `"`+c.field) {
				t.Errorf("the problem does not name %s: %s", c.field, r.Body)
			}
		})
	}
}
