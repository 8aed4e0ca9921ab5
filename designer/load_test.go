package designer

import (
	"math"
	"os"
	"testing"
)

func loadReference(t testing.TB) *Design {
	t.Helper()
	b, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestReferenceCruiserSpace(t *testing.T) {
	c := BuiltinCatalogue()
	d := loadReference(t)
	r := c.Space(d)
	// Worked by hand in docs/rules.md: 112.2 SU over 86 hull hits.
	if r.HullHits != 86 || math.Abs(r.Space-112.2) > 1e-9 || r.MinTechLevel != 3 {
		t.Fatalf("got %+v, want 112.2 SU, 86 hull hits, min tech level 3", r)
	}
}
