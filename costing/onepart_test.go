package costing

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/designer"
)

// onePartDesigns reads the published samples and the hold-out designs
// (testdata/holdout, sim.Holdout).
func onePartDesigns(t *testing.T) map[string]*designer.Design {
	t.Helper()
	out := map[string]*designer.Design{}
	for _, pat := range []string{"../data/samples/*.json", "../testdata/holdout/*.json"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			d, err := designer.DecodeDesign(b)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = d
		}
	}
	if len(out) < 60 {
		t.Fatalf("only %d designs", len(out))
	}
	return out
}

// knownDrops are the drops of more than 1 the current model still makes,
// each with why; the test fails when a drop appears that is not listed,
// and when a listed one is gone (so the list stays true).
// metaverse-cv/2 had one (a rating-1 sensor array beside better ones
// added nothing and drew power: the biological ITS Dragon 82 -> 80);
// metaverse-cv/3, the default, has none.
var knownDrops = map[string]string{}

// TestOnePartNeverLowersCV is issue 21's acceptance 3: adding any one
// catalogue part (one system of each kind, at its lowest rating, on the
// core, with the first value of each parameter it needs) to any sample or
// hold-out design never lowers its CV by more than 1, where the design
// still fits its tech level; but for knownDrops.
func TestOnePartNeverLowersCV(t *testing.T) {
	seen := map[string]bool{}
	cat := designer.BuiltinCatalogue()
	m := NewModel(cat)
	worst := 0
	for name, d := range onePartDesigns(t) {
		before := m.Evaluate(d, Options{}).CV
		for i := range cat.Kinds {
			k := &cat.Kinds[i]
			s := designer.System{Kind: k.Kind, Count: 1}
			if k.Rating.Mode == "range" {
				s.Rating = k.Rating.Min
			}
			for p, spec := range k.Params {
				if spec == nil || len(spec.Values) == 0 {
					continue
				}
				switch p {
				case "facing":
					s.Facing = spec.Values[0]
				case "axis":
					s.Axis = spec.Values[0]
				case "arc":
					s.Arc = spec.Values[0]
				case "type":
					s.Type = spec.Values[0]
				}
			}
			after := clone(d)
			after.Sections.Core.Systems = append(after.Sections.Core.Systems, s)
			r := m.Evaluate(after, Options{})
			if !fits(r) {
				continue
			}
			if drop := before - r.CV; drop > 1 {
				key := name + " " + k.Kind
				if _, ok := knownDrops[key]; ok {
					seen[key] = true
					continue
				}
				t.Errorf("%s: one %s lowered CV %d -> %d", name, k.Kind, before, r.CV)
			} else if drop > worst {
				worst = drop
			}
		}
	}
	for key, why := range knownDrops {
		if !seen[key] {
			t.Errorf("%s no longer lowers CV by more than 1 (%s): remove it from knownDrops", key, why)
		}
	}
	t.Logf("the largest drop within bounds: %d; %d known larger", worst, len(knownDrops))
}
