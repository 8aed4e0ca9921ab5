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

// TestV2RefAlikeWeapons checks which reference weapons survive shares
// pulses between: the escort's and the carrier's guns are alike (2D6
// energy, range 10) in the published table, and no longer once one of
// them changes; no other weapon is.
func TestV2RefAlikeWeapons(t *testing.T) {
	def, _ := NewModelVersion(nil, VersionV2)
	var got [][]int
	for _, o := range def.v2.opp {
		got = append(got, o.alike)
	}
	want := [][]int{{0}, {-1, -1}, {-1, -1}, {-1}, {0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("alike = %v, want %v", got, want)
	}
	tb := V2()
	tb.V2.Opponents[4].Weapons[0].Mod = 1
	m := NewModelTable(nil, *tb)
	for i, o := range m.v2.opp {
		for wi, a := range o.alike {
			if a >= 0 {
				t.Errorf("opponent %d weapon %d: alike %d after the carrier's gun changed", i, wi, a)
			}
		}
	}
}
