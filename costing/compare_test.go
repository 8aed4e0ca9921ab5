package costing

import (
	"math"
	"testing"

	"github.com/slipway/slipway/designer"
)

// checkSums asserts that the changes add up to the total.
func checkSums(t *testing.T, what string, c *Comparison) {
	t.Helper()
	var s Delta
	for _, ch := range c.Changes {
		if ch.Description == "other differences" {
			t.Errorf("%s: a residual change was needed: the steps miss a difference", what)
		}
		s.CV += ch.Delta.CV
		s.Points += ch.Delta.Points
		s.EMS += ch.Delta.EMS
		s.TargetRating += ch.Delta.TargetRating
		s.CVExact += ch.Delta.CVExact
	}
	if s.CV != c.Total.CV || s.Points != c.Total.Points || s.EMS != c.Total.EMS || s.TargetRating != c.Total.TargetRating ||
		math.Abs(s.CVExact-c.Total.CVExact) > 1e-6 {
		t.Errorf("%s: changes add up to %+v, total %+v", what, s, c.Total)
	}
}

func TestCompareSamples(t *testing.T) {
	files := sampleFiles(t)
	for i := range files {
		for j := range files {
			if i == j {
				continue
			}
			a, b := loadDesign(t, files[i]), loadDesign(t, files[j])
			checkSums(t, files[i]+" -> "+files[j], testModel.Compare(a, b))
		}
	}
}

func TestCompareRandomPairs(t *testing.T) {
	g := newGenerator(12)
	for i := 0; i < 300; i++ {
		a, b := g.design(2*i), g.design(2*i+1)
		checkSums(t, "random pair", testModel.Compare(a, b))
	}
}

func TestCompareOneChange(t *testing.T) {
	a := loadDesign(t, "testdata/reference-cruiser.json")
	b := clone(a)
	b.Sections.Fore.Weapons = append(b.Sections.Fore.Weapons, designer.Mount{Weapon: "heavy-laser", Sectors: []int{6, 7, 0, 1}, Count: 1})
	b.TechLevel = 6
	c := testModel.Compare(a, b)
	checkSums(t, "reference + laser + TL", c)
	if len(c.Changes) != 2 {
		t.Fatalf("got %d changes, want 2: %+v", len(c.Changes), c.Changes)
	}
	if c.Changes[0].Path != "sections.fore.weapons" || c.Changes[0].Kind != "added" || c.Changes[0].Delta.CV <= 0 {
		t.Errorf("first change %+v, want an added fore mount that raises CV", c.Changes[0])
	}
	if c.Changes[1].Path != "techLevel" || c.Changes[1].Delta.CV <= 0 || c.Changes[1].Delta.EMS > 0 {
		t.Errorf("second change %+v, want a tech level rise that raises CV and does not raise EMS", c.Changes[1])
	}
	if same := testModel.Compare(a, clone(a)); len(same.Changes) != 0 || same.Total != (Delta{}) {
		t.Errorf("identical designs: %+v", same)
	}
}
