package costing

import (
	"encoding/json"
	"testing"
)

// TestV7IsV6Refitted: metaverse-cv/7 has metaverse-cv/6's terms; only the
// constants TestFitV7 searches (sim/fitv7_test.go) and the refrozen scale
// differ (docs/costing.md § metaverse-cv/7). Copying those from v7 into
// v6 gives v7's table exactly.
func TestV7IsV6Refitted(t *testing.T) {
	v6, v7 := V6(), V7()
	v6.Version, v6.K, v6.ReferenceOffence = v7.Version, v7.K, v7.ReferenceOffence
	for i := range v6.V2.Opponents {
		v6.V2.Opponents[i].Weight = v7.V2.Opponents[i].Weight
	}
	a, b := v6.V2, v7.V2
	a.OffenceShare, a.KillTurns0, a.HorizonTurns, a.CritBase, a.CritFragile = b.OffenceShare, b.KillTurns0, b.HorizonTurns, b.CritBase, b.CritFragile
	a.DisableBase, a.FighterWeight, a.RegenWeight, a.RamSuccess, a.FighterContact, a.SpeedWeight = b.DisableBase, b.FighterWeight, b.RegenWeight, b.RamSuccess, b.FighterContact, b.SpeedWeight
	c, d := v6.V3, v7.V3
	c.SizePower, c.FTLDelay, c.OnceTurns, c.PodTurns, c.PodCeiling, c.EnemyFTLShare = d.SizePower, d.FTLDelay, d.OnceTurns, d.PodTurns, d.PodCeiling, d.EnemyFTLShare
	x, err := json.Marshal(v6)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := json.Marshal(v7)
	if string(x) != string(y) {
		t.Errorf("metaverse-cv/7 differs from metaverse-cv/6 beyond its fitted constants:\nv6 refitted %s\nv7          %s", x, y)
	}
	// And v6 itself is untouched by building v7 (tables share nothing).
	if V6().V3.SizePower != 0.6014 || V6().K != 5.012131637590852 {
		t.Errorf("building metaverse-cv/7 changed metaverse-cv/6: size power %v, K %v", V6().V3.SizePower, V6().K)
	}
}
