package ruleset_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// fake is a ruleset whose documents are a Head alone.
type fake struct{ id string }

type fakeDoc struct{ h ruleset.Head }

func (d *fakeDoc) Head() ruleset.Head { return d.h }

func (f fake) Info() ruleset.Info {
	return ruleset.Info{ID: f.id, Name: strings.ToUpper(f.id), RulesVersions: []int{1}}
}
func (f fake) Decode(b []byte) (ruleset.Design, error) {
	var d fakeDoc
	if err := ruleset.DecodeStrict(b, &d.h, ruleset.MaxDocumentBytes); err != nil {
		return nil, err
	}
	return &d, nil
}
func (f fake) Evaluate(ruleset.Design, ruleset.Options) (ruleset.Evaluation, error) { return nil, nil }
func (f fake) Rules() []ruleset.RuleInfo                                            { return nil }
func (f fake) JSONSchema() []byte                                                   { return []byte("{}") }
func (f fake) Form() *ruleset.Form                                                  { return &ruleset.Form{Ruleset: f.id} }
func (f fake) Samples() []ruleset.Sample                                            { return nil }

// TestRegistryPicks: a document is read by the ruleset it names; one that
// names none, or cannot be read that far, by the first ruleset given; one
// that names a ruleset not served is R-DOC-01 at "ruleset", naming those
// served.
func TestRegistryPicks(t *testing.T) {
	reg := ruleset.NewRegistry(fake{"zeta"}, fake{"alpha"})
	if got := strings.Join(reg.IDs(), ","); got != "alpha,zeta" {
		t.Errorf("IDs = %s, want sorted", got)
	}
	for _, c := range []struct {
		doc, want string
	}{
		{`{"schema":1,"ruleset":"alpha","name":"x"}`, "alpha"},
		{` { "name" : "x", "tags": ["a", {"ruleset":"zeta"}], "ruleset" : "zeta" }`, "zeta"},
		{`{"name":"a \"quoted\" \\ name","ruleset":"alpha"}`, "alpha"},
		{`{"schema":1,"name":"x"}`, "zeta"},         // names none: the first given
		{`{"ruleset":"al\u0070ha"}`, "zeta"},        // an escape: the first given, whose decoder says what is wrong
		{`{"ruleset":1}`, "zeta"},                   // not a string
		{`[1,2]`, "zeta"},                           // not an object
		{`{"schema":1,,"ruleset":"alpha"}`, "zeta"}, // broken before it
		{``, "zeta"},
	} {
		r, err := reg.Pick([]byte(c.doc))
		if err != nil || r.Info().ID != c.want {
			t.Errorf("Pick(%s) = %v, %v; want %s", c.doc, r, err, c.want)
		}
	}
	_, _, err := reg.Decode([]byte(`{"schema":1,"ruleset":"nope","name":"x"}`))
	var de *ruleset.DecodeError
	if !errors.As(err, &de) || de.Rule != "R-DOC-01" || de.Path != "ruleset" || !strings.Contains(de.Message, "served: alpha, zeta") {
		t.Errorf("a ruleset not served: %v", err)
	}
	r, d, err := reg.Decode([]byte(`{"schema":1,"ruleset":"alpha","name":"Ship"}`))
	if err != nil || r.Info().ID != "alpha" || d.Head().Name != "Ship" {
		t.Errorf("Decode = %v, %v, %v", r, d, err)
	}
	// The chosen ruleset's strict decoder reports what is wrong.
	_, _, err = reg.Decode([]byte(`{"schema":1,"ruleset":"alpha","name":"Ship","extra":1}`))
	if !errors.As(err, &de) || de.Rule != "R-JSON-02" || de.Path != "extra" {
		t.Errorf("unknown member: %v", err)
	}
	if _, _, err := reg.DecodeFleet([]byte(`{"ruleset":"alpha"}`)); !errors.As(err, &de) || de.Rule != "R-DOC-01" {
		t.Errorf("a ruleset without fleets: %v", err)
	}
}

// TestSetName: a fork's new name, whatever the game; nothing else changes.
func TestSetName(t *testing.T) {
	out, err := ruleset.SetName([]byte(`{"b":[1,{"name":"inner"}],"name":"Old","a":"x"}`), "New \"one\"")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil || m["name"] != `New "one"` || m["a"] != "x" || len(m) != 3 {
		t.Errorf("SetName = %s (%v)", out, err)
	}
	if _, err := ruleset.SetName([]byte(`[1]`), "x"); err == nil {
		t.Error("SetName of an array: no error")
	}
}

// TestRawMessageMember: a json.RawMessage member keeps its value's bytes
// for the ruleset named inside to decode, problems and all.
func TestRawMessageMember(t *testing.T) {
	var env struct {
		Design     json.RawMessage `json:"design"`
		Visibility string          `json:"visibility"`
	}
	err := ruleset.DecodeStrict([]byte(`{"design": {"a": [1, "}]"], "b": {"c": null}} , "visibility":"public"}`), &env, 0)
	if err != nil || string(env.Design) != `{"a": [1, "}]"], "b": {"c": null}}` || env.Visibility != "public" {
		t.Errorf("raw member: %q %q %v", env.Design, env.Visibility, err)
	}
	err = ruleset.DecodeStrict([]byte(`{"design": {"a": [1, 2}, "visibility":"public"}`), &env, 0)
	if err == nil {
		t.Errorf("unbalanced raw member: %q", env.Design)
	}
}

// FuzzPeekRuleset: peeking never panics and agrees with encoding/json on
// plain documents.
func FuzzPeekRuleset(f *testing.F) {
	for _, s := range []string{`{"ruleset":"metaverse"}`, `{"a":[{"ruleset":"x"}],"ruleset":"y"}`, `{"a":"\"","ruleset":"z"}`, `{`, `{"ruleset":`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := ruleset.PeekRuleset(b)
		var m map[string]json.RawMessage
		if !ok || json.Unmarshal(b, &m) != nil {
			return
		}
		var want string
		if json.Unmarshal(m["ruleset"], &want) == nil && want != got && !strings.Contains(string(b), `\`) {
			t.Errorf("PeekRuleset(%s) = %q, encoding/json says %q", b, got, want)
		}
	})
}
