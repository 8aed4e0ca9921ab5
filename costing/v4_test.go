package costing

import (
	"testing"

	"github.com/slipway/slipway/designer"
)

// v4Node evaluates d under metaverse-cv/4's table changed by edit and
// returns the named node's value.
func v4Node(t *testing.T, d *designer.Design, node string, edit func(*Table)) float64 {
	t.Helper()
	tb := *V4()
	v3 := *tb.V3
	tb.V3 = &v3
	if edit != nil {
		edit(&tb)
	}
	r := NewModelTable(nil, tb).Evaluate(d, Options{})
	n := r.Explanation.Find(node)
	if n == nil {
		t.Fatalf("no %s node", node)
	}
	return n.Value
}

// TestEnemyFTLInDefence: metaverse-cv/4 counts the reference attackers'
// FTL attacks against the ship (rules l. 549-579: a sensor roll, then
// mass factor D6 energy pulses on every external section), so leaving
// them out raises D; a gravity well (rules l. 2747-2798: 1D6 over the
// jumper's crew quality ends the jump, once per 10 cm band) takes part
// of them away, and under metaverse-cv/3, which has no enemy FTL
// attacks, it changes nothing in D.
func TestEnemyFTLInDefence(t *testing.T) {
	d := loadDesign(t, "data/samples/uss-newton.json")
	with := v4Node(t, d, "defence", nil)
	without := v4Node(t, d, "defence", func(tb *Table) { tb.V3.EnemyFTLShare = 0 })
	if !(without > with*1.01) {
		t.Errorf("USS Newton D %.3f with enemy FTL attacks, %.3f without: want them to cost at least 1 %%", with, without)
	}
	well := clone(d)
	well.Sections.Core.Systems = append(well.Sections.Core.Systems, designer.System{Kind: "gravityWell", Rating: 3, Count: 1})
	dw := v4Node(t, well, "defence", nil)
	if !(dw > with && dw <= without*1.01) {
		t.Errorf("D %.3f with a gravity well 3: want above %.3f (no well) and about %.3f (no enemy FTL) at most", dw, with, without)
	}
	// Under metaverse-cv/3 the well only adds its power draw.
	v3 := NewModelTable(nil, *V3())
	a := v3.Evaluate(d, Options{}).Explanation.Find("defence").Value
	b := v3.Evaluate(well, Options{}).Explanation.Find("defence").Value
	if b-a > (dw-with)/4 {
		t.Errorf("metaverse-cv/3 D %.4f without a gravity well, %.4f with: want next to no gain (metaverse-cv/4 gains %.4f)", a, b, dw-with)
	}
	t.Logf("USS Newton D: %.3f, %.3f with a gravity well 3, %.3f without enemy FTL attacks; metaverse-cv/3 %.3f and %.3f", with, dw, without, a, b)
}

// TestBandPastCap: a kinetic weapon's range band raises the target
// profile in the sensor roll (rules §1.3.1); metaverse-cv/4 counts it
// past the DefenceMinFaces cap, so the USS Newton's range-5 mass drivers
// are worth less at range than metaverse-cv/3 had them, while a ship
// whose kinetic guns reach across the table hardly changes.
func TestBandPastCap(t *testing.T) {
	off := func(path string) (with, without float64) {
		d := loadDesign(t, path)
		return v4Node(t, d, "offence", nil), v4Node(t, d, "offence", func(tb *Table) { tb.V3.BandPastCap = false })
	}
	if w, wo := off("data/samples/uss-newton.json"); !(w < wo*0.95) {
		t.Errorf("USS Newton O %.3f with the band past the cap, %.3f without: want at least 5 %% less", w, wo)
	}
	if w, wo := off("testdata/reference-cruiser.json"); !(w <= wo && w > wo*0.97) {
		t.Errorf("Reference Cruiser O %.3f with the band past the cap, %.3f without: want within 3 %%", w, wo)
	}
}
