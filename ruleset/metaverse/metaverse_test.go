package metaverse_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/metaverse"
)

func newRuleset() (*metaverse.Ruleset, *costing.Model) {
	cat := designer.BuiltinCatalogue()
	m := costing.NewModel(cat)
	return metaverse.New(cat, m), m
}

// TestEvaluationIsTheCostingResult: the adapter's evaluation marshals to
// the costing result byte for byte, and its summary and findings are the
// result's, for every sample.
func TestEvaluationIsTheCostingResult(t *testing.T) {
	r, m := newRuleset()
	files, _ := filepath.Glob("../../data/samples/*.json")
	if len(files) != 10 {
		t.Fatalf("%d samples", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := r.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := r.Evaluate(d, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := m.Evaluate(d.(*designer.Design), costing.Options{})
		got, _ := json.Marshal(ev)
		wantJSON, _ := json.Marshal(want)
		if string(got) != string(wantJSON) {
			t.Errorf("%s: the evaluation's JSON differs from the costing result's", f)
		}
		s := ev.Summary()
		if s.CV != float64(want.CV) || s.Points != float64(want.Points) || s.Tier != want.Tier || s.ModelVersion != m.Version() || !s.Legal || ev.Findings() == nil {
			t.Errorf("%s: summary %+v", f, s)
		}
	}
}

// TestOptions: the options the API and the command line pass, and a bad
// one named.
func TestOptions(t *testing.T) {
	o, err := metaverse.ParseOptions(ruleset.Options{"tier": "2", "crew": "3", "command": "d4", "damageControl": "D6", "other": "ignored"})
	if err != nil || o.TierLimit != 2 || o.CrewQuality != 3 || o.CommandQuality != "D4" || o.DamageControl != "D6" {
		t.Errorf("ParseOptions = %+v, %v", o, err)
	}
	for _, bad := range []ruleset.Options{{"tier": "4"}, {"tier": "x"}, {"crew": "0"}, {"command": "D7"}, {"damageControl": "D2"}} {
		_, err := metaverse.ParseOptions(bad)
		var fe *ruleset.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("ParseOptions(%v) = %v, want a FieldError", bad, err)
			continue
		}
		for k := range bad {
			if fe.Field != k {
				t.Errorf("ParseOptions(%v) names %q", bad, fe.Field)
			}
		}
	}
}

// TestValidateReportsTier: Validate gives the design's tier, and a tier
// limit as the option tier.
func TestValidateReportsTier(t *testing.T) {
	r, _ := newRuleset()
	b, err := os.ReadFile("../../data/samples/hms-thunderchild.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	v, err := r.Validate(d, nil)
	if err != nil || !v.Legal {
		t.Fatalf("Validate = %+v, %v", v, err)
	}
	tier, ok := v.Tier.(designer.TierReport)
	if !ok || tier.Tier < 1 {
		t.Fatalf("tier %#v", v.Tier)
	}
	if tier.Tier > 1 {
		v, _ = r.Validate(d, ruleset.Options{"tier": "1"})
		if v.Legal {
			t.Errorf("a tier %d design is legal under a tier 1 limit", tier.Tier)
		}
	}
	if _, err := r.Validate(d, ruleset.Options{"tier": "9"}); err == nil {
		t.Error("tier 9: no error")
	}
}

// TestForm: the form's fields are the document's members and its stats
// point at numbers of the evaluation.
func TestForm(t *testing.T) {
	r, _ := newRuleset()
	f := r.Form()
	if f.Ruleset != "metaverse" || len(f.Groups) == 0 || len(f.Stats) == 0 {
		t.Fatalf("form %+v", f)
	}
	var blank map[string]any
	if err := json.Unmarshal(f.Blank, &blank); err != nil || blank["ruleset"] != "metaverse" {
		t.Errorf("blank %s: %v", f.Blank, err)
	}
	d, err := r.Decode(f.Blank)
	if err != nil {
		t.Fatalf("the blank document does not decode: %v", err)
	}
	ev, _ := r.Evaluate(d, nil)
	var out map[string]any
	b, _ := json.Marshal(ev)
	json.Unmarshal(b, &out)
	for _, s := range f.Stats {
		if _, ok := out[s.Pointer[1:]]; !ok {
			t.Errorf("stat %s is not in the evaluation", s.Pointer)
		}
	}
}
