package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slipway/slipway/fleet"
)

// TestFleetFactsRoute checks the answer the fleet builder is made from:
// the levels of the fleet facts, an ETag answered with 304, and value
// lists that are exactly what the fleet evaluator accepts (each listed
// value passes, the values just outside fail with F-DOC-01 at the field).
func TestFleetFactsRoute(t *testing.T) {
	e := newEnv(t)
	c := e.anon()
	r := c.do("GET", "/api/v1/fleet-facts", nil).want(t, 200)
	tag := r.Header.Get("ETag")
	if tag == "" {
		t.Fatal("no ETag")
	}
	c.do("GET", "/api/v1/fleet-facts", nil, "If-None-Match", tag).want(t, 304)
	c.do("HEAD", "/api/v1/fleet-facts", nil).want(t, 200)
	var a struct {
		Levels, LimitKinds, CommandQuality, DamageControl []string
		TierLimits, CrewQuality                           []int
		SquadronFTLQuality                                string
		SquadronDefaults                                  struct {
			CrewQuality    int
			CommandQuality string
		}
		Rules      []struct{ ID, Severity string }
		Encounters []struct{ ID string }
		JSONSchema struct {
			ID string `json:"$id"`
		}
		Blank json.RawMessage
	}
	r.decode(t, &a)
	got := fmt.Sprintln(a.Levels, a.LimitKinds, a.TierLimits, a.CrewQuality, a.CommandQuality, a.DamageControl, a.SquadronFTLQuality, a.SquadronDefaults)
	if want := "[squadron wing division fleet] [cv points] [0 1 2 3] [1 2 3 4 5] [D2 D3 D4 D5 D6] [D4 D5 D6] ftl {1 D2}\n"; got != want {
		t.Errorf("facts %s, want %s", got, want)
	}
	if !slices.Equal(a.Levels, fleet.MetaverseFacts().Levels) || len(a.Rules) != len(fleet.Rules) || len(a.Encounters) != len(fleet.MetaverseFacts().Encounters) {
		t.Errorf("levels %v, %d rules, %d encounters do not match package fleet", a.Levels, len(a.Rules), len(a.Encounters))
	}
	if a.JSONSchema.ID != "urn:slipway:fleet:1" {
		t.Errorf("jsonSchema $id %q", a.JSONSchema.ID)
	}
	if _, err := fleet.Decode(a.Blank); err != nil {
		t.Errorf("the blank fleet does not decode: %v", err)
	}

	// Every listed value is accepted at its field; the neighbours outside
	// the list are refused there.
	doc, err := os.ReadFile(filepath.Join("..", "testdata", "reference-cruiser.json"))
	if err != nil {
		t.Fatal(err)
	}
	check := func(field string, v any, wantOK bool) {
		t.Helper()
		ship := map[string]any{"id": "a", "document": json.RawMessage(doc), field: v}
		body := map[string]any{"name": "Facts", "limit": map[string]int{"cv": 1000}, "ships": []any{ship}}
		var rep struct{ Problems []struct{ Rule, Path string } }
		c.do("POST", "/api/v1/fleets/validate", body).want(t, 200).decode(t, &rep)
		refused := false
		for _, p := range rep.Problems {
			refused = refused || p.Path == "ships[0]."+field && p.Rule == fleet.RuleDocument
		}
		if refused == wantOK {
			t.Errorf("%s %v: refused %v, want accepted %v (%v)", field, v, refused, wantOK, rep.Problems)
		}
	}
	for _, v := range a.CrewQuality {
		check("crewQuality", v, true)
	}
	check("crewQuality", a.CrewQuality[len(a.CrewQuality)-1]+1, false)
	for _, v := range a.CommandQuality {
		check("commandQuality", v, true)
	}
	check("commandQuality", "D8", false)
	for _, v := range a.DamageControl {
		check("damageControl", v, true)
	}
	check("damageControl", "D2", false)
}
