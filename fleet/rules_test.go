package fleet_test

import (
	"slices"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

func has(ps designer.Problems, rule string) bool {
	return slices.ContainsFunc(ps, func(p designer.Problem) bool { return p.Rule == rule })
}

func base(t *testing.T) *fleet.Fleet { return load(t, "../testdata/fleets/carrier-task-force.json") }

func ship(f *fleet.Fleet, id string) *fleet.Ship {
	for i := range f.Ships {
		if f.Ships[i].ID == id {
			return &f.Ships[i]
		}
	}
	panic("no ship " + id)
}

// TestRulesFire: each mutation of the legal carrier task force breaks the
// rule named, and the unmutated fleet breaks none of them.
func TestRulesFire(t *testing.T) {
	r0 := ev.Evaluate(base(t), nil)
	if !r0.Legal || len(r0.Problems) != 0 {
		t.Fatalf("base fleet: %v", r0.Problems)
	}
	cases := []struct {
		rule, path string
		mut        func(f *fleet.Fleet)
	}{
		{"F-DOC-01", "limit", func(f *fleet.Fleet) { f.Limit.CV = 10 }},
		{"F-DOC-01", "limit", func(f *fleet.Fleet) { f.Limit = fleet.Limit{} }},
		{"F-DOC-01", "tierLimit", func(f *fleet.Fleet) { f.TierLimit = 4 }},
		{"F-DOC-01", "ships[0].crewQuality", func(f *fleet.Fleet) { f.Ships[0].CrewQuality = 6 }},
		{"F-DOC-01", "squadrons[0].commandQuality", func(f *fleet.Fleet) { f.Squadrons[0].CommandQuality = "D8" }},
		{"F-DOC-01", "squadrons[0].count", func(f *fleet.Fleet) { f.Squadrons[0].Count = 0 }},
		{"F-DOC-01", "schema", func(f *fleet.Fleet) { f.Ruleset = "starmada" }},
		{"F-DOC-02", "ships[1]", func(f *fleet.Fleet) { f.Ships[1].Design, f.Ships[1].Version = "abc", 1 }},
		{"F-DOC-02", "ships[1].version", func(f *fleet.Fleet) { f.Ships[1].Document, f.Ships[1].Design, f.Ships[1].Version = nil, "abc", -1 }},
		{"F-REF-01", "ships[1].design", func(f *fleet.Fleet) { f.Ships[1].Document, f.Ships[1].Design = nil, "abc" }},
		{"F-DOC-02", "command[0].ships[0]", func(f *fleet.Fleet) { f.Command[0].Ships[0] = "ghost" }},
		{"F-DOC-02", "ships[3].towedBy", func(f *fleet.Fleet) { f.Ships[3].TowedBy = "ghost" }},
		{"F-DOC-02", "squadrons[0].assignedTo", func(f *fleet.Fleet) { f.Squadrons[0].AssignedTo = "ghost" }},
		{"F-DOC-02", "deployment.zones.main[0]", func(f *fleet.Fleet) { f.Deployment.Zones["main"][0] = "ghost" }},
		{"F-REF-01", "ships[0].design", func(f *fleet.Fleet) { f.Ships[0].Document, f.Ships[0].Design, f.Ships[0].Version = nil, "x", 2 }},
		{"F-01", "limit.points", func(f *fleet.Fleet) { f.Limit.Points = 500 }},
		{"F-01", "limit.cv", func(f *fleet.Fleet) { f.Limit = fleet.Limit{CV: 100} }},
		{"F-02", "ships[2].document", func(f *fleet.Fleet) { f.TierLimit = 2 }},
		{"F-03", "command[0].ship", func(f *fleet.Fleet) { f.Command[0].Ship, f.Command[0].Ships[1] = "clinton", "tesla" }},
		{"F-03", "command[0]", func(f *fleet.Fleet) {
			for _, id := range []string{"extra1", "extra2"} {
				f.Command[0].Ships = append(f.Command[0].Ships, id)
				f.Ships = append(f.Ships, f.Ships[2])
				f.Ships[len(f.Ships)-1].ID = id
				f.Deployment.Zones["main"] = append(f.Deployment.Zones["main"], id)
			}
		}},
		{"F-04", "command[1]", func(f *fleet.Fleet) {
			f.Command[0].Ships = f.Command[0].Ships[:2]
			f.Command = append(f.Command, &fleet.Command{Level: "squadron", Ship: "monitor"})
		}},
		{"F-04", "command[0].level", func(f *fleet.Fleet) { f.Command[0].Level = "admiral" }},
		{"F-04", "command[0].commands[0].level", func(f *fleet.Fleet) {
			f.Command[0].Level = "division"
			f.Command[0].Ships = f.Command[0].Ships[1:]
			f.Command[0].Commands = []*fleet.Command{{Level: "squadron", Ship: "carrier"}}
		}},
		{"F-04", "command[0].ships[1]", func(f *fleet.Fleet) { f.Command[0].Ships[1] = "carrier" }},
		{"F-05", "ships[3]", func(f *fleet.Fleet) { f.Command[0].Ships = f.Command[0].Ships[:2] }},
		{"F-05", "command", func(f *fleet.Fleet) { f.Command = nil }},
		{"F-06", "ships[1].loadout.flight-deck.boarding-pinnace", func(f *fleet.Fleet) {
			ship(f, "carrier").Loadout["flight-deck"] = map[string]int{"boarding-pinnace": 1}
		}},
		{"F-06", "ships[1].loadout.hold", func(f *fleet.Fleet) { ship(f, "carrier").Loadout["hold"] = map[string]int{"lancer": 1} }},
		{"F-06", "ships[1].loadout.flight-deck", func(f *fleet.Fleet) { ship(f, "carrier").Loadout["flight-deck"]["lancer"] = 3 }},
		{"F-06", "ships[0].loadout.flight-deck", func(f *fleet.Fleet) {
			sh := ship(f, "tesla")
			sh.Document = ship(f, "carrier").Document
			d := *sh.Document
			d.HangarBays = slices.Clone(d.HangarBays)
			d.HangarBays[0].Loadout = map[string]int{"lancer": 1}
			sh.Document = &d
			sh.Loadout = map[string]map[string]int{"flight-deck": {"lancer": 1}}
		}},
		{"F-06", "squadrons[0]", func(f *fleet.Fleet) { f.Squadrons[0].Definition.Qualities = nil }},
		{"F-06", "squadrons[0].assignedTo", func(f *fleet.Fleet) { f.Squadrons[0].AssignedTo = "clinton" }},
		{"F-07", "ships[3].towedBy", func(f *fleet.Fleet) { f.Ships[3].TowedBy = "tesla" }},
		{"F-07", "ships[3]", func(f *fleet.Fleet) { f.Ships[3].TowedBy = ""; f.Ships[2].Document = f.Ships[0].Document }},
		{"F-07", "ships[0].towedBy", func(f *fleet.Fleet) { f.Ships[0].TowedBy = "clinton" }},
		{"F-08", "deployment.zones.main", func(f *fleet.Fleet) {
			f.Deployment.Encounter = "rear"
			f.Deployment.Zones["front"] = f.Deployment.Zones["flank"]
			delete(f.Deployment.Zones, "flank")
		}},
		{"F-08", "deployment.zones.flank", func(f *fleet.Fleet) {
			f.Deployment.Zones["flank"] = []string{"clinton", "monitor", "carrier"}
			f.Deployment.Zones["main"] = []string{"tesla"}
		}},
		{"F-08", "deployment.encounter", func(f *fleet.Fleet) { f.Deployment.Encounter = "ambush" }},
		{"F-08", "deployment.role", func(f *fleet.Fleet) { f.Deployment.Role = "umpire" }},
		{"F-08", "ships[0]", func(f *fleet.Fleet) { f.Deployment.Zones["main"] = f.Deployment.Zones["main"][1:] }},
		{"F-08", "deployment.zones.main[0]", func(f *fleet.Fleet) { f.Deployment.Zones["flank"][1] = "tesla" }},
		{"F-08", "deployment.zones.main[2]", func(f *fleet.Fleet) {
			f.Deployment.Zones["flank"] = []string{"clinton"}
			f.Deployment.Zones["main"] = append(f.Deployment.Zones["main"], "monitor")
		}},
	}
	for _, c := range cases {
		f := base(t)
		c.mut(f)
		r := ev.Evaluate(f, nil)
		ok := slices.ContainsFunc(r.Problems, func(p designer.Problem) bool { return p.Rule == c.rule && p.Path == c.path })
		if !ok {
			t.Errorf("%s at %s did not fire: %v", c.rule, c.path, r.Problems)
			continue
		}
		wantLegal := fleet.RuleByID(c.rule).Severity == designer.Warning
		if r.Legal != wantLegal {
			t.Errorf("%s at %s: legal %v, want %v", c.rule, c.path, r.Legal, wantLegal)
		}
		for _, p := range r.Problems {
			if p.Message == "" || p.Hint == "" || p.Path == "" {
				t.Errorf("%s: problem without message, hint or path: %+v", c.rule, p)
			}
		}
	}
}

// TestRulesEdges: the limits themselves are legal.
func TestRulesEdges(t *testing.T) {
	f := base(t)
	r := ev.Evaluate(f, nil)
	// F-01: exactly at the limit.
	f.Limit.Points = r.Totals.Points
	if r2 := ev.Evaluate(f, nil); !r2.Legal || r2.Totals.Remaining != 0 {
		t.Errorf("at the points limit: %v", r2.Problems)
	}
	f.Limit = fleet.Limit{CV: r.Totals.CV}
	if r2 := ev.Evaluate(f, nil); !r2.Legal {
		t.Errorf("at the CV limit: %v", r2.Problems)
	}
	// F-02: tier 3 designs under a tier limit of 3, and no limit.
	f = base(t)
	f.TierLimit = 0
	if r2 := ev.Evaluate(f, nil); !r2.Legal || r2.Totals.HighestTier != 3 {
		t.Errorf("no tier limit: %v, highest %d", r2.Problems, r2.Totals.HighestTier)
	}
	// F-03: the IKS Tesla's CiC 4 commands exactly four units.
	f = base(t)
	f.Squadrons = nil
	f.Ships = append(f.Ships, f.Ships[0])
	f.Ships[4].ID = "tesla2"
	f.Command[0].Ships = append(f.Command[0].Ships, "tesla2")
	f.Deployment = nil
	if r2 := ev.Evaluate(f, nil); has(r2.Problems, "F-03") {
		t.Errorf("four units under CiC 4: %v", r2.Problems)
	}
	// F-04: a division over a wing over a squadron, each commanding.
	f = load(t, "../testdata/fleets/cruiser-wing.json")
	if r2 := ev.Evaluate(f, nil); !r2.Legal || has(r2.Problems, "F-04") || has(r2.Problems, "F-05") || r2.Flagship != "cruiser" {
		t.Errorf("cruiser wing: %v flagship %q", r2.Problems, r2.Flagship)
	}
	// F-07: the monitor (mass factor 7) needs g x MF >= 35; the Clinton
	// (grappler 5, mass factor 12) gives 60. Without towedBy it is found.
	f = base(t)
	f.Ships[3].TowedBy = ""
	r2 := ev.Evaluate(f, nil)
	if has(r2.Problems, "F-07") || len(r2.Tows) != 1 || r2.Tows[0].By != "clinton" || r2.Tows[0].Chosen {
		t.Errorf("automatic tow: %v %+v", r2.Problems, r2.Tows)
	}
	// F-08: exactly 50% in the flank zone is allowed.
	f = base(t)
	r3 := ev.Evaluate(f, nil)
	total := 0
	for _, z := range r3.Deployment {
		total += z.CV
	}
	if total != r3.Totals.CV-r3.Squadrons[0].CV {
		t.Errorf("zones hold %d CV, ships %d", total, r3.Totals.CV-r3.Squadrons[0].CV)
	}
}

// TestTotals: the totals are the sums of the costing results.
func TestTotals(t *testing.T) {
	r := ev.Evaluate(base(t), nil)
	cv, pts := 0, 0
	for _, s := range r.Ships {
		if s.Result == nil || s.Result.CV != s.CV || s.Result.Points != s.Points {
			t.Fatalf("ship %s: %+v", s.ID, s)
		}
		cv += s.CV
		pts += s.Points
	}
	sq := r.Squadrons[0]
	if sq.Count != 3 || sq.Points != 3*sq.PointsEach || sq.PointsEach <= 0 {
		t.Errorf("squadrons: %+v", sq)
	}
	if r.Totals.CV != cv+sq.CV || r.Totals.Points != pts+sq.Points || r.Totals.Ships != 4 || r.Totals.Squadrons != 3 || r.Totals.CarriedSquadrons != 8 {
		t.Errorf("totals %+v; ships cv %d points %d, squadrons %+v", r.Totals, cv, pts, sq)
	}
	// The carrier was priced as bought: crew 2, D3, its chosen loadout.
	c := r.Ships[1]
	if c.Quality.Crew != 2 || c.Quality.Command != "D3" || c.Result.LoadoutPoints <= 0 {
		t.Errorf("carrier priced at %+v, loadout points %d", c.Quality, c.Result.LoadoutPoints)
	}
	// Without the loadout it carries nothing it pays for.
	f := base(t)
	f.Ships[1].Loadout = nil
	if r2 := ev.Evaluate(f, nil); r2.Ships[1].Result.LoadoutPoints != 0 || r2.Ships[1].Points >= c.Points {
		t.Errorf("no loadout: %d loadout points, %d points (with: %d)", r2.Ships[1].Result.LoadoutPoints, r2.Ships[1].Points, c.Points)
	}
}

// TestReferences: ships and squadrons referencing library design versions
// are priced from the designs the caller resolved.
func TestReferences(t *testing.T) {
	f := base(t)
	d := f.Ships[0].Document
	f.Ships[0].Document, f.Ships[0].Design, f.Ships[0].Version = nil, "d1", 3
	lancer := *f.Squadrons[0].Definition
	f.Squadrons[0].Definition = nil
	f.Squadrons[0].Design, f.Squadrons[0].Version, f.Squadrons[0].Type = "c1", 1, "lancer"
	carrier := *f.Ships[1].Document
	carrier.Starfighters = slices.Clone(carrier.Starfighters)
	for i := range carrier.Starfighters {
		if carrier.Starfighters[i].ID == "lancer" {
			carrier.Starfighters[i] = lancer
		}
	}
	want := ev.Evaluate(base(t), nil)
	r := ev.Evaluate(f, fleet.Designs{{Design: "d1", Version: 3}: d, {Design: "c1", Version: 1}: &carrier})
	if !r.Legal || r.Totals != want.Totals || r.Ships[0].Ref == nil || r.Ships[0].Ref.String() != "d1@v3" {
		t.Errorf("by reference: %v %+v, want %+v", r.Problems, r.Totals, want.Totals)
	}
	if got := f.Refs(); len(got) != 2 || got[0] != (fleet.Ref{Design: "d1", Version: 3}) {
		t.Errorf("Refs %v", got)
	}
}

// TestDecodeStrict: the fleet decoder is the designer's strict one.
func TestDecodeStrict(t *testing.T) {
	for _, c := range []struct{ doc, rule, path string }{
		{`{"name":"x","limit":{"cv":1},"ships":[{"id":"a","crew":2}]}`, "R-JSON-02", "ships[0].crew"},
		{`{"name":"x","name":"y"}`, "R-JSON-04", "name"},
		{`{"name":"x","limit":{"cv":"lots"}}`, "R-JSON-03", "limit.cv"},
		{`{"name":"x"} {}`, "R-JSON-01", ""},
	} {
		_, err := fleet.Decode([]byte(c.doc))
		de, ok := err.(*designer.DecodeError)
		if !ok || de.Rule != c.rule || de.Path != c.path {
			t.Errorf("%s: %v, want %s at %s", c.doc, err, c.rule, c.path)
		}
	}
	f, err := fleet.Decode([]byte(`{"name":"x","limit":{"cv":1},"ships":[],"squadrons":[{"id":"s"}]}`))
	if err != nil || f.Schema != 1 || f.Squadrons[0].Count != 1 || f.Squadrons[0].CommandQuality != "D2" {
		t.Errorf("defaults: %+v %v", f, err)
	}
	big := make([]byte, fleet.MaxDocumentBytes+1)
	if _, err := fleet.Decode(big); err == nil {
		t.Error("oversized document decoded")
	}
}
