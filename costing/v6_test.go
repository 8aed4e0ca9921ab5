package costing

import (
	"testing"
)

// TestSalvoCriticals: under metaverse-cv/6 a one-shot salvo's share of
// the opponent it strikes is worked out as the guns' time to destroy is,
// its criticals counted. The hold-out's torpedo boat (every weapon a
// one-shot penetrating torpedo) destroys the reference battleship with
// its salvo once the criticals count; counting only the damage, as
// metaverse-cv/5 did, the salvo takes a share of its hull and the boat
// has nothing left to finish it. The explanation names the share; the
// models before v6 explain as they did.
func TestSalvoCriticals(t *testing.T) {
	boat := loadDesign(t, "testdata/holdout/one-shot-reference-cruiser.json")
	without := *V6()
	without.V3.SalvoCriticals = false
	r6, r := NewModelTable(nil, *V6()).Evaluate(boat, Options{}), NewModelTable(nil, without).Evaluate(boat, Options{})
	n6, n := r6.Explanation.Find("offence[battleship]"), r.Explanation.Find("offence[battleship]")
	if n6 == nil || n == nil {
		t.Fatal("no offence node against the battleship")
	}
	tk6, tk := input(t, n6, "turns to destroy"), input(t, n, "turns to destroy")
	if share := input(t, n6, "share the one-shot salvos destroy (criticals counted)"); share < 1 {
		t.Errorf("the salvo destroys %.2f of the battleship with its criticals counted, want all of it", share)
	}
	if !(tk6 <= V6().V3.OnceTurns && tk > 5*tk6) {
		t.Errorf("turns to destroy the battleship: %.2f with the salvo's criticals, %.2f without; want the salvo's turn and far more", tk6, tk)
	}
	if !(r6.Components.Offence > r.Components.Offence) {
		t.Errorf("offence %.3f with the salvo's criticals, %.3f without", r6.Components.Offence, r.Components.Offence)
	}
	for _, v := range []string{VersionV3, VersionV4, VersionV5} {
		m, err := NewModelVersion(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range m.Evaluate(boat, Options{}).Explanation.Find("offence[battleship]").Inputs {
			if in.Name == "share the one-shot salvos destroy (criticals counted)" {
				t.Errorf("%s's explanation names the salvo's share", v)
			}
		}
	}
	if r := NewModelTable(nil, *V6()).Evaluate(loadDesign(t, "data/samples/reference-cruiser.json"), Options{}); r.CV != 100 {
		t.Errorf("the reference cruiser scores %d under metaverse-cv/6", r.CV)
	}
}
