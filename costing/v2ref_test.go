package costing

import (
	"reflect"
	"testing"
)

// TestV2RefFollowsTable checks that a model's precomputed reference
// opponents come from the table it was built with: calibration builds
// models from mutated tables, and none may see another table's numbers.
func TestV2RefFollowsTable(t *testing.T) {
	tb := V2()
	tb.V2.Opponents[0].Weapons[0].Pulse++
	tb.V2.Opponents[1].Armour++
	tb.V2.RangeWeights[0] = 4
	m := NewModelTable(nil, *tb)
	def, _ := NewModelVersion(nil, VersionV2)
	if !reflect.DeepEqual(m.v2, newV2Ref(m.t)) {
		t.Error("the model's v2ref is not its table's")
	}
	if m.v2.opp[0].plain == def.v2.opp[0].plain || m.v2.opp[1].arc == def.v2.opp[1].arc || m.v2.rw[0] == def.v2.rw[0] {
		t.Error("a mutated table's model reads the published table's reference opponents")
	}
	tb.V2.Opponents[0].Weapons[0].Pulse++ // the model holds a copy
	if !reflect.DeepEqual(m.v2, newV2Ref(m.t)) {
		t.Error("changing the table after NewModelTable changed the model")
	}
}
