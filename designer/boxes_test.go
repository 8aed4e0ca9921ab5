package designer_test

import (
	"os"
	"testing"

	"github.com/slipway/slipway/designer"
)

// TestBoxIDsCanonical: a box has one id; a number written another way
// ("01", "+1") is refused, so no box can be marked twice under two ids.
func TestBoxIDsCanonical(t *testing.T) {
	for _, id := range []string{"core.hull.01.3", "core.hull.1.+3", "core.hull.1.03", "fore.shield.aft.02", "core.hull.1. 3"} {
		if _, err := designer.ParseBox(id); err == nil {
			t.Errorf("%q read as a box", id)
		}
	}
	if _, err := designer.ParseBox("core.hull.1.3"); err != nil {
		t.Error(err)
	}
}

// FuzzBoxID: any string is read as a box id or refused, never a panic; a
// box read writes back as the same id, and asking the reference cruiser
// whether it has the box never panics either.
func FuzzBoxID(f *testing.F) {
	for _, s := range []string{"core.hull.1.3", "fore.shield.aft.2", "core.system.2.1", "hangars.fighter.1.2",
		"core.lifeSupport.1.1", "core.hull.0.1", "x.y.z.w", "", "core.hull.1.99999999999999999999", "core.hull.01.3", "core.hull.1.+3"} {
		f.Add(s)
	}
	b, err := os.ReadFile("../data/samples/reference-cruiser.json")
	if err != nil {
		f.Fatal(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, id string) {
		ref, err := designer.ParseBox(id)
		if err != nil {
			return
		}
		if ref.String() != id {
			t.Errorf("%q reads as %+v, which writes %q", id, ref, ref.String())
		}
		_ = d.CheckBox(ref)
	})
}
