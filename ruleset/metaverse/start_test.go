package metaverse_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// evaluateJSON evaluates a document given as a decoded JSON value.
func evaluateJSON(t *testing.T, r ruleset.Ruleset, doc any) ruleset.Problems {
	t.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.Decode(b)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	ev, err := r.Evaluate(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ev.Findings()
}

// TestTemplates: the form offers an escort, a frigate, a cruiser, a
// carrier and a battleship, each a legal design with no warning, named
// "New <class>", armed, and with help; the guided path has its five steps.
func TestTemplates(t *testing.T) {
	r, _ := newRuleset()
	f := r.Form()
	var ids []string
	for _, tp := range f.Templates {
		ids = append(ids, tp.ID)
		var doc map[string]any
		if err := json.Unmarshal(tp.Document, &doc); err != nil {
			t.Fatalf("%s: %v", tp.ID, err)
		}
		if want := "New " + strings.ToLower(tp.Label); doc["name"] != want {
			t.Errorf("%s: named %q, want %q", tp.ID, doc["name"], want)
		}
		if ws, _ := doc["weapons"].([]any); len(ws) == 0 {
			t.Errorf("%s: no weapons", tp.ID)
		}
		if ps := evaluateJSON(t, r, doc); len(ps) > 0 {
			t.Errorf("%s: %d problems: %v", tp.ID, len(ps), ps)
		}
		d, _ := r.Decode(tp.Document)
		ev, _ := r.Evaluate(d, nil)
		if len(tp.Numbers) != 3 || tp.Numbers[0].Label != "Combat value" || tp.Numbers[0].Value != ev.Summary().CV {
			t.Errorf("%s: numbers %+v, combat value %v", tp.ID, tp.Numbers, ev.Summary().CV)
		}
	}
	if got := strings.Join(ids, " "); got != "escort frigate cruiser carrier battleship" {
		t.Errorf("templates %q", got)
	}
	var steps []string
	for _, s := range f.Guide {
		steps = append(steps, s.Title)
	}
	if len(steps) != 5 || !strings.Contains(steps[0], "hull") || steps[3] != "Weapons" || steps[4] != "Defences" {
		t.Errorf("guided path %q", steps)
	}
	if m := f.MissingHelp(); len(m) > 0 {
		t.Errorf("no help for %v", m)
	}
}

// TestArmoury: every ready weapon, defined in the cruiser template and
// mounted in its core, leaves the cruiser with no problem at all: a fresh
// definition never warns. The first, which "+ Weapon definition" starts
// from, warns neither unmounted. Every sample ship's weapon is there with
// its tier, and each has help.
func TestArmoury(t *testing.T) {
	r, _ := newRuleset()
	f := r.Form()
	var cruiser []byte
	for _, tp := range f.Templates {
		if tp.ID == "cruiser" {
			cruiser = tp.Document
		}
	}
	if len(f.Armoury) < 20 {
		t.Fatalf("%d ready weapons", len(f.Armoury))
	}
	tiers := map[int]int{}
	for i, a := range f.Armoury {
		if a.List != "weapons" || a.Name == "" || a.Help == "" || a.Tier < 1 || a.Tier > 3 {
			t.Errorf("entry %d: %+v", i, a)
		}
		tiers[a.Tier]++
		for _, mounted := range []bool{true, false} {
			if !mounted && i > 0 {
				continue
			}
			var doc map[string]any
			if err := json.Unmarshal(cruiser, &doc); err != nil {
				t.Fatal(err)
			}
			var w map[string]any
			if err := json.Unmarshal(a.Value, &w); err != nil {
				t.Fatal(err)
			}
			w["id"] = fmt.Sprintf("ready-%d", i)
			doc["weapons"] = append(doc["weapons"].([]any), w)
			if mounted {
				core := doc["sections"].(map[string]any)["core"].(map[string]any)
				core["weapons"] = append(core["weapons"].([]any), map[string]any{"weapon": w["id"], "sectors": []int{0, 1, 2, 3, 4, 5, 6, 7}, "count": 1})
			}
			if ps := evaluateJSON(t, r, doc); len(ps) > 0 {
				t.Errorf("%s (mounted %v): %v", a.Name, mounted, ps)
			}
		}
	}
	if tiers[1] == 0 || tiers[2] == 0 || tiers[3] == 0 {
		t.Errorf("tiers %v: the armoury should show all three", tiers)
	}
	names := map[string]bool{}
	for _, a := range f.Armoury {
		names[a.Name] = true
	}
	for _, s := range r.Samples() {
		var doc struct {
			Weapons []struct{ Name string } `json:"weapons"`
		}
		if err := json.Unmarshal(s.Document, &doc); err != nil {
			t.Fatal(err)
		}
		for _, w := range doc.Weapons {
			if !names[w.Name] {
				t.Errorf("%s's %s is not in the armoury", s.File, w.Name)
			}
		}
	}
}

// mergePatch applies a JSON merge patch (RFC 7386) to target, as the
// designer does with a guided step's offer.
func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
		} else {
			t[k] = mergePatch(t[k], v)
		}
	}
	return t
}

// TestGuideOffers: taking every offer of the guided path in order, from
// the blank design, with a name and a weapon of the armoury mounted in the
// core (the weapons step's armoury), gives a legal ship with no problem
// at all: the guided path reaches an armed, legal ship.
func TestGuideOffers(t *testing.T) {
	r, _ := newRuleset()
	f := r.Form()
	var doc any
	if err := json.Unmarshal(f.Blank, &doc); err != nil {
		t.Fatal(err)
	}
	offers := 0
	for _, s := range f.Guide {
		if s.Offer == "" {
			continue
		}
		offers++
		var p any
		if err := json.Unmarshal(s.Patch, &p); err != nil {
			t.Fatalf("%s: %v", s.Title, err)
		}
		doc = mergePatch(doc, p)
	}
	if offers < 3 {
		t.Fatalf("%d offers", offers)
	}
	m := doc.(map[string]any)
	m["name"] = "Pathfinder"
	var w map[string]any
	if err := json.Unmarshal(f.Armoury[1].Value, &w); err != nil {
		t.Fatal(err)
	}
	m["weapons"] = []any{w}
	core := m["sections"].(map[string]any)["core"].(map[string]any)
	core["weapons"] = []any{map[string]any{"weapon": w["id"], "sectors": []int{0, 1, 2, 3, 4, 5, 6, 7}, "count": 1}}
	if ps := evaluateJSON(t, r, m); len(ps) > 0 {
		t.Errorf("the guided path's offers: %v", ps)
	}
}
