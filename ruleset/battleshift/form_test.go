package battleshift

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// field finds the form's field name, in a group or a rows field's columns.
func field(f *ruleset.Form, name string) *ruleset.Field {
	for gi := range f.Groups {
		for fi := range f.Groups[gi].Fields {
			x := &f.Groups[gi].Fields[fi]
			if x.Name == name {
				return x
			}
			for ci := range x.Columns {
				if x.Columns[ci].Name == name {
					return &x.Columns[ci]
				}
			}
		}
	}
	return nil
}

// TestForm checks the form against the catalogue and the result: the
// blank document is a legal destroyer, every kind is an option with its
// price in its help, pay shows for the either-or kinds only, and every
// stat's pointer names a number of the evaluation.
func TestForm(t *testing.T) {
	f := rs.Form()
	if f.Ruleset != ID || len(f.Groups) != 3 {
		t.Fatalf("form %+v", f)
	}
	for i, want := range []string{"Identity", "Ship", "Systems"} {
		if f.Groups[i].Legend != want {
			t.Errorf("group %d is %q, want %q", i, f.Groups[i].Legend, want)
		}
	}
	c, err := rs.DecodeClass(f.Blank)
	if err != nil {
		t.Fatal(err)
	}
	if res := rs.EvaluateClass(c); !res.Legal || len(res.Problems) != 0 || c.Size != 1 {
		t.Errorf("the blank document: size %d, %v", c.Size, res.Problems)
	}

	kind := field(f, "kind")
	if kind == nil || len(kind.Options) != len(rs.cat.Kinds) {
		t.Fatalf("kind options %+v", kind)
	}
	for i, o := range kind.Options {
		k := &rs.cat.Kinds[i]
		if o.Value != k.Kind || o.Label != k.Name || !strings.HasPrefix(o.Help, k.Help) || !strings.Contains(o.Help, k.priceWords()) {
			t.Errorf("option %+v for %s", o, k.Kind)
		}
	}
	pay := field(f, "pay")
	if pay == nil || pay.ShowIf == nil || pay.ShowIf.Field != "kind" ||
		!slices.Equal(pay.ShowIf.Values, []string{"engulfing", "extraShield", "fast", "repairSystem"}) ||
		len(pay.Options) != 2 || pay.Options[0].Value != PaySpace || pay.Options[1].Value != PayCost {
		t.Errorf("pay %+v", pay)
	}
	if count := field(f, "count"); count == nil || *count.Min != 1 || *count.Max != 999 {
		t.Errorf("count %+v", count)
	}
	if size := field(f, "size"); size == nil || *size.Min != 1 || *size.Max != 21 || !strings.Contains(size.Help, "3 a cruiser") {
		t.Errorf("size %+v", size)
	}
	faction := field(f, "faction")
	if faction == nil || len(faction.Options) != 3 || faction.Options[1].Value != "bionid" || faction.Options[2].Value != "raishek" ||
		!strings.Contains(faction.Help, "Bionid ships carry No Shields and Hardened Hull") {
		t.Errorf("faction %+v", faction)
	}
	for _, name := range []string{"name", "description", "tags", "universe", "systems"} {
		if field(f, name) == nil {
			t.Errorf("no field %s", name)
		}
	}

	b, err := json.Marshal(rs.EvaluateClass(loadSample(t, "generic-fast-attack-cruiser.json")))
	if err != nil {
		t.Fatal(err)
	}
	var res map[string]any
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	var pointers []string
	for _, s := range f.Stats {
		pointers = append(pointers, s.Pointer)
		if _, ok := res[strings.TrimPrefix(s.Pointer, "/")].(float64); !ok || s.Label == "" || s.Help == "" {
			t.Errorf("stat %+v does not name a number of the result", s)
		}
	}
	want := []string{"/cost", "/hull", "/shields", "/hardness", "/destructionSave", "/move", "/spaceUsed", "/space", "/hitsToSuppress", "/maxPerSquadron"}
	if !slices.Equal(pointers, want) || !f.Stats[0].Headline {
		t.Errorf("stats %v", pointers)
	}
	if _, err := json.Marshal(f); err != nil {
		t.Fatal(err)
	}
}

// TestResultJSON pins the result's member names.
func TestResultJSON(t *testing.T) {
	b, err := json.Marshal(rs.EvaluateClass(loadSample(t, "bionid-korzine-carrier.json")))
	if err != nil {
		t.Fatal(err)
	}
	var res map[string]json.RawMessage
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ruleset", "modelVersion", "name", "legal", "cost", "size", "className", "hull", "shields", "hardness",
		"destructionSave", "move", "movementArc", "facingChange", "space", "spaceUsed", "hitsToSuppress", "maxPerSquadron",
		"fighterWings", "engulfCapacity", "repairRolls", "experimental", "weapons", "systems", "squadrons", "explanation", "problems"} {
		if _, ok := res[k]; !ok {
			t.Errorf("no member %q", k)
		}
	}
	if len(res) != 27 {
		t.Errorf("%d members", len(res))
	}
	if !strings.Contains(string(res["weapons"]), `{"kind":"fighterBay","name":"Fighter Bay","count":5,"space":5,"points":0,"fires":"Fighter wing","range":"24\" move, must touch"`) {
		t.Errorf("weapons %s", res["weapons"])
	}
}
