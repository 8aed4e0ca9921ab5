package designer

import (
	"reflect"
	"testing"
)

// FuzzDecodeValidate feeds arbitrary bytes to the strict decoder and, when
// they decode, to every function of the package that reads a design. None
// may panic, and validation must be deterministic and survive a round trip
// through the encoder. Seeds: testdata/fuzz/FuzzDecodeValidate.
func FuzzDecodeValidate(f *testing.F) {
	c := BuiltinCatalogue()
	f.Add([]byte(`{"sections": {"core": {"layers": [{"hullHits": 1}]}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := DecodeDesign(b)
		if err != nil {
			if _, ok := err.(*DecodeError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		ps := c.Validate(d, Options{TierLimit: 2})
		c.Tier(d)
		c.Space(d)
		for _, p := range ps {
			if p.Rule == "" || p.Message == "" || Rule(p.Rule) == nil {
				t.Fatalf("malformed problem %+v", p)
			}
		}
		if again := c.Validate(d, Options{TierLimit: 2}); !reflect.DeepEqual(ps, again) {
			t.Fatal("validation is not deterministic")
		}
		d2, err := DecodeDesign(encodeDesign(t, d))
		if err != nil {
			t.Fatalf("re-encoded design does not decode: %v", err)
		}
		if again := c.Validate(d2, Options{TierLimit: 2}); !reflect.DeepEqual(ps, again) {
			t.Fatalf("round trip changed the problems:\n%v\n%v", ps, again)
		}
	})
}
