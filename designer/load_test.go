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

func TestLoadTotalsMatchLoads(t *testing.T) {
	c := BuiltinCatalogue()
	d := loadReference(t)
	full, totals := c.Loads(d), c.LoadTotals(d)
	if len(full) != 5 || len(totals) != 5 {
		t.Fatalf("%d and %d sections", len(full), len(totals))
	}
	for i := range full {
		f, tt := full[i], totals[i]
		if f.Section != tt.Section || f.Power != tt.Power || f.Space != tt.Space || f.Reactors != tt.Reactors || len(tt.Items) != 0 {
			t.Errorf("section %s: %+v vs %+v", f.Section, f, tt)
		}
		sum := 0.0
		for _, it := range f.Items {
			sum += it.Space
		}
		if sum != f.Space {
			t.Errorf("section %s: items sum to %v, total %v", f.Section, sum, f.Space)
		}
	}
	if full[0].Reactors != 1 {
		t.Errorf("core reactors %d", full[0].Reactors)
	}
}
