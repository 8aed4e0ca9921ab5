package costing

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/slipway/slipway/designer"
)

// nonFinite walks v (structs, pointers, slices, maps, interfaces) and
// returns the path of every float that is NaN or infinite.
func nonFinite(v reflect.Value, path string) []string {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return []string{path + " = " + strconv.FormatFloat(f, 'g', -1, 64)}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return nonFinite(v.Elem(), path)
		}
	case reflect.Struct:
		var out []string
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				out = append(out, nonFinite(v.Field(i), path+"."+v.Type().Field(i).Name)...)
			}
		}
		return out
	case reflect.Slice, reflect.Array:
		var out []string
		for i := 0; i < v.Len(); i++ {
			out = append(out, nonFinite(v.Index(i), path+"["+strconv.Itoa(i)+"]")...)
		}
		return out
	case reflect.Map:
		var out []string
		it := v.MapRange()
		for it.Next() {
			out = append(out, nonFinite(it.Value(), path+"["+it.Key().String()+"]")...)
		}
		return out
	}
	return nil
}

// assertFinite fails t when any float reachable from v is not finite.
func assertFinite(t testing.TB, what string, v any) {
	t.Helper()
	if bad := nonFinite(reflect.ValueOf(v), what); len(bad) > 0 {
		if len(bad) > 10 {
			bad = bad[:10]
		}
		t.Fatalf("non-finite numbers: %v", bad)
	}
}

func TestNonFiniteWalkerFinds(t *testing.T) {
	r := &Result{Explanation: &Node{Children: []*Node{{Inputs: []Input{{Name: "x", Value: math.NaN()}}}}}}
	if bad := nonFinite(reflect.ValueOf(r), "r"); len(bad) != 1 || bad[0] != "r.Explanation.Children[0].Inputs[0].Value = NaN" {
		t.Fatalf("walker found %v", bad)
	}
}

// TestNegativeHullHitsAreFinite is the draft of issue 8: an illegal draft
// with negative hull hits used to evaluate to a NaN combat value (and a
// 500 on save). Every number must now be finite, the CV and points
// non-negative, and the draft still reported illegal.
func TestNegativeHullHitsAreFinite(t *testing.T) {
	cases := map[string]func(d *designer.Design){
		"every layer -5": func(d *designer.Design) {
			for _, ns := range d.Sections.List() {
				for i := range ns.Section.Layers {
					ns.Section.Layers[i].HullHits = -5
				}
			}
		},
		"one layer -100": func(d *designer.Design) { d.Sections.Core.Layers[0].HullHits = -100 },
		"negative crew and marines": func(d *designer.Design) {
			for _, ns := range d.Sections.List() {
				for i := range ns.Section.Layers {
					ns.Section.Layers[i].HullHits = -1
					ns.Section.Layers[i].Crew = -3
					ns.Section.Layers[i].Marines = -7
				}
			}
		},
		"huge and negative mixed": func(d *designer.Design) {
			d.Sections.Core.Layers[0].HullHits = math.MaxInt32
			d.Sections.Core.Layers[1].HullHits = math.MinInt32
		},
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			d := loadDesign(t, "testdata/reference-cruiser.json")
			mutate(d)
			// The draft must be one the decoder accepts.
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			d, err = designer.DecodeDesign(b)
			if err != nil {
				t.Fatalf("decoder refuses the draft: %v", err)
			}
			for _, m := range testModels {
				r := m.Evaluate(d, Options{})
				assertFinite(t, m.Version(), r)
				if r.Legal {
					t.Error("the draft is reported legal")
				}
				if r.CV < 0 || r.Points < 0 || r.Components.Defence < 0 {
					t.Errorf("CV %d, points %d, D %v: want non-negative", r.CV, r.Points, r.Components.Defence)
				}
				if _, err := json.Marshal(r); err != nil {
					t.Fatalf("result does not encode: %v", err)
				}
				ref := loadDesign(t, "testdata/reference-cruiser.json")
				assertFinite(t, "compare", m.Compare(ref, d))
			}
		})
	}
}

// TestInvalidFixturesAreFinite: every invalid fixture the decoder accepts
// evaluates to finite numbers.
func TestInvalidFixturesAreFinite(t *testing.T) {
	names, err := filepath.Glob("../testdata/invalid/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no invalid fixtures: %v", err)
	}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		d, err := designer.DecodeDesign(b)
		if err != nil {
			continue
		}
		for _, m := range testModels {
			assertFinite(t, n+" "+m.Version(), m.Evaluate(d, Options{}))
		}
	}
}
