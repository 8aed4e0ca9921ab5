package api_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestEvaluateChange checks POST /evaluate/change over real documents of
// both games: the evaluation is /evaluate's answer, and the change says
// in one line what moved the game's value and why, read from the two
// explanation trees.
func TestEvaluateChange(t *testing.T) {
	e := newEnv(t)
	c := e.anon()
	type answer struct {
		Evaluation json.RawMessage
		Change     *struct {
			Label         string
			Before, After float64
			Terms         []struct{ Key, Label, How string }
			Text          string
		}
	}
	change := func(before, after any) answer {
		t.Helper()
		var a answer
		c.do("POST", "/api/v1/evaluate/change", map[string]any{"before": before, "after": after}).want(t, 200).decode(t, &a)
		return a
	}
	clone := func(m map[string]any) map[string]any {
		var out map[string]any
		json.Unmarshal([]byte(mustJSON(t, m)), &out)
		return out
	}
	ref := sample(t)
	section := func(d map[string]any, name string) map[string]any {
		return d["sections"].(map[string]any)[name].(map[string]any)
	}

	// The evaluation is the one /evaluate answers.
	a := change(ref, ref)
	var got, want any
	json.Unmarshal(a.Evaluation, &got)
	json.Unmarshal(c.do("POST", "/api/v1/evaluate", ref).want(t, 200).Body, &want)
	if !reflect.DeepEqual(got, want) {
		t.Error("the evaluation differs from POST /evaluate's")
	}
	if a.Change == nil || a.Change.Text != "Combat value +0: no number changed" {
		t.Errorf("the same design twice: %+v", a.Change)
	}

	// A second heavy laser mount in the fore section raises CV, through
	// offence, and names the new mount.
	armed := clone(ref)
	fore := section(armed, "fore")
	fore["weapons"] = append(fore["weapons"].([]any), map[string]any{"weapon": "heavy-laser", "sectors": []int{7, 0, 1}, "count": 1})
	a = change(ref, armed)
	if a.Change == nil || a.Change.After <= a.Change.Before || !strings.HasPrefix(a.Change.Text, "Combat value +") ||
		!strings.Contains(a.Change.Text, "Offence O up from") || !strings.Contains(a.Change.Text, "new 1 x Heavy laser") {
		t.Errorf("a new heavy laser: %+v", a.Change)
	}
	t.Logf("new heavy laser: %s", a.Change.Text)

	// The reference cruiser's port railgun cannot fire into the sector
	// that counts: adding it moves CV by nothing, and the line says why.
	unarmed := clone(ref)
	delete(section(unarmed, "port"), "weapons")
	a = change(unarmed, ref)
	if a.Change == nil || a.Change.After != a.Change.Before ||
		!strings.Contains(a.Change.Text, "Combat value +0: new 1 x Railgun") || !strings.Contains(a.Change.Text, "does not fire into the firing sector") {
		t.Errorf("a railgun that cannot fire: %+v", a.Change)
	}
	t.Logf("railgun: %s", a.Change.Text)

	// Battleshift: a system paid in points moves the cost by its price.
	bs := battleshiftSample(t, "generic-fleet-cruiser")
	hardened := clone(bs)
	hardened["systems"] = append(hardened["systems"].([]any), map[string]any{"kind": "hardenedHull"})
	a = change(bs, hardened)
	if a.Change == nil || a.Change.Label != "Cost" || a.Change.After-a.Change.Before != 9 ||
		!strings.HasPrefix(a.Change.Text, "Cost +9: ") || !strings.Contains(a.Change.Text, "Hardened Hull") {
		t.Errorf("Battleshift, a hardened hull: %+v", a.Change)
	}
	t.Logf("Battleshift: %s", a.Change.Text)

	// No before, a before that is not a design or one of another game:
	// the evaluation without a change.
	for _, before := range []any{nil, "not a design", map[string]any{"schema": 1}, bs} {
		a = change(before, ref)
		if a.Change != nil || len(a.Evaluation) == 0 {
			t.Errorf("before %v: change %+v, evaluation %d bytes", before, a.Change, len(a.Evaluation))
		}
	}
	// A bad after is refused as /evaluate refuses it; no after at all too.
	bad := clone(ref)
	bad["hull"] = 7
	r := c.do("POST", "/api/v1/evaluate/change", map[string]any{"before": ref, "after": bad}).want(t, 400)
	if !strings.Contains(string(r.Body), "hull") {
		t.Errorf("a bad after: %s", r.Body)
	}
	r = c.do("POST", "/api/v1/evaluate/change", map[string]any{"before": ref}).want(t, 400)
	if !strings.Contains(string(r.Body), "after") {
		t.Errorf("no after: %s", r.Body)
	}
	c.do("POST", "/api/v1/evaluate/change", map[string]any{"before": ref, "after": ref, "extra": 1}).want(t, 400)
}
