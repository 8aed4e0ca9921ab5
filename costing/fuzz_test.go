package costing

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
)

// FuzzEvaluate feeds arbitrary documents through the decoder and, when
// they decode, through Evaluate and Compare: nothing may panic, the
// result is never nil, its problems never nil, and every number is
// finite (the JSON encoding would fail otherwise). Seeds: the committed
// corpus under testdata/fuzz plus every sample and invalid fixture.
func FuzzEvaluate(f *testing.F) {
	for _, pattern := range []string{"../data/samples/*.json", "../testdata/invalid/*.json", "../testdata/*.json"} {
		names, _ := filepath.Glob(pattern)
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil {
				f.Add(b)
			}
		}
	}
	ref, _ := os.ReadFile("../testdata/reference-cruiser.json")
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := designer.DecodeDesign(b)
		if err != nil {
			return
		}
		for _, m := range testModels {
			fuzzOne(t, m, d, ref)
		}
	})
}

// fuzzOne checks one decoded document under one model.
func fuzzOne(t *testing.T, m *Model, d *designer.Design, ref []byte) {
	{
		r := m.Evaluate(d, Options{})
		if r == nil || r.Problems == nil || r.Explanation == nil {
			t.Fatalf("incomplete result: %+v", r)
		}
		// Every float anywhere in the result: components, reactors,
		// acceleration and every node and input of the explanation.
		assertFinite(t, "result", r)
		if r.CV < 0 || r.Points < 0 {
			t.Fatalf("negative CV %d or points %d", r.CV, r.Points)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("result does not encode: %v", err)
		}
		_ = r.Explanation.Text()
		if rd, err := designer.DecodeDesign(ref); err == nil {
			c := m.Compare(rd, d)
			assertFinite(t, "compare", c)
			sum := 0
			for _, ch := range c.Changes {
				sum += ch.Delta.CV
			}
			if sum != c.Total.CV {
				t.Fatalf("compare parts add up to %d, total %d", sum, c.Total.CV)
			}
		}
	}
}

func TestEvaluateNilAndEmpty(t *testing.T) {
	for _, d := range []*designer.Design{nil, {}, {Sections: designer.Sections{Core: &designer.Section{}}}} {
		r := testModel.Evaluate(d, Options{})
		if r == nil || r.Problems == nil || r.Explanation == nil || r.ModelVersion != DefaultVersion {
			t.Fatalf("Evaluate(%v) = %+v", d, r)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInvalidDesignsEvaluate runs every invalid fixture: each is still
// evaluated and carries its problems.
func TestInvalidDesignsEvaluate(t *testing.T) {
	names, _ := filepath.Glob("../testdata/invalid/*.json")
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		d, err := designer.DecodeDesign(b)
		if err != nil {
			continue // structural: not a design at all
		}
		opt := Options{}
		if strings.HasPrefix(filepath.Base(n), "R-TIER-") {
			opt.TierLimit = 1
		}
		// Some fixtures hold warnings only; every one reports something.
		if r := testModel.Evaluate(d, opt); len(r.Problems) == 0 {
			t.Errorf("%s: no problems reported", filepath.Base(n))
		}
	}
}
