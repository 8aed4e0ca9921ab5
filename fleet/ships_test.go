package fleet_test

import (
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

// TestShipDesignsCarryTheLoadout: a forecast plays a fleet's ships as the
// fleet bought them, the squadrons chosen for the bays the design leaves
// open aboard (docs/simulation.md, Forecasts). The Carrier Task Force's
// USS Curie chooses two lancers and two wardens for its flight deck: the
// design it plays has them in that bay and its CV is the one the fleet
// prices, while the fleet's own document stays as it was.
func TestShipDesignsCarryTheLoadout(t *testing.T) {
	f := load(t, "../testdata/fleets/carrier-task-force.json")
	ds, err := f.ShipDesigns(nil)
	if err != nil {
		t.Fatal(err)
	}
	var curie *designer.Design
	for i, s := range f.Ships {
		if s.ID == "carrier" {
			curie = ds[i]
			if len(s.Document.HangarBays) != 1 || len(s.Document.HangarBays[0].Loadout) != 0 {
				t.Fatalf("the fleet's own document changed: %+v", s.Document.HangarBays)
			}
		}
	}
	if curie == nil || len(curie.HangarBays) != 1 {
		t.Fatalf("no carrier with one bay: %+v", curie)
	}
	if lo := curie.HangarBays[0].Loadout; lo["lancer"] != 2 || lo["warden"] != 2 || len(lo) != 2 {
		t.Errorf("the flight deck plays %v, want 2 lancers and 2 wardens", lo)
	}
	m := costing.NewModel(nil)
	r := fleet.NewEvaluator(m).Evaluate(f, nil)
	for _, s := range r.Ships {
		if s.ID == "carrier" {
			if cv := m.Evaluate(curie, costing.Options{}).CV; cv != s.CV {
				t.Errorf("the carrier the forecast plays is CV %d; the fleet prices it %d", cv, s.CV)
			}
		}
	}
}
