package designer

import (
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestInternedCoversCatalogue checks that every kind, parameter value and
// option value of the built-in catalogue is interned, and that intern
// gives back the same string for any input.
func TestInternedCoversCatalogue(t *testing.T) {
	c := BuiltinCatalogue()
	want := []string{}
	for _, k := range c.Kinds {
		want = append(want, k.Kind)
		for _, p := range k.Params {
			want = append(want, p.Values...)
		}
	}
	for _, o := range c.Options {
		want = append(want, o.Value)
	}
	want = append(want, WeaponQualities...)
	want = append(want, SquadronQualities...)
	want = append(want, dieNames...)
	for _, w := range want {
		if !ruleset.Interned(w) {
			t.Errorf("%q is not interned", w)
		}
	}
}

// TestKindSlotsAgreeWithMap checks the catalogue's probe table against
// its map for every kind and for names it does not hold.
func TestKindSlotsAgreeWithMap(t *testing.T) {
	c := BuiltinCatalogue()
	names := []string{"", "x", "Reactor", "reactors", "reacto", "stlprimitive", "teleporterAdvanced ", strings.Repeat("a", 300)}
	for _, k := range c.Kinds {
		names = append(names, k.Kind, k.Kind+"x", k.Kind[1:], strings.ToUpper(k.Kind))
	}
	for _, n := range names {
		if got, want := c.Kind(n), c.byKind[n]; got != want {
			t.Errorf("Kind(%q) = %v, want %v", n, got, want)
		}
	}
	for _, k := range c.Kinds {
		if c.Kind(k.Kind) == nil {
			t.Errorf("Kind(%q) is nil", k.Kind)
		}
	}
}

// TestDecodeConcurrent decodes and validates from several goroutines at
// once, types met for the first time included, for the race detector:
// codecs, the interned table and the catalogue's index are shared.
func TestDecodeConcurrent(t *testing.T) {
	c := BuiltinCatalogue()
	raw, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	type fresh struct {
		Design *Design
		Many   []map[string][]Design
	}
	doc := []byte(`{"Design": ` + string(raw) + `, "Many": [{"a": [` + string(raw) + `]}]}`)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				var f fresh
				if g%2 == 0 {
					if err := DecodeStrict(doc, &f, 0); err != nil {
						t.Error(err)
						return
					}
					continue
				}
				d, err := DecodeDesign(raw)
				if err != nil {
					t.Error(err)
					return
				}
				if ps := c.Validate(d, Options{TierLimit: 1}); len(ps) != 0 {
					t.Error(ps)
				}
			}
		}()
	}
	wg.Wait()
}
