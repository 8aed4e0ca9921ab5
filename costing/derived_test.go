package costing

import (
	"testing"

	"github.com/slipway/slipway/designer"
)

// ship builds a small design for derived-number tests.
func ship(tl int, movement string, coreHits []int, systems ...designer.System) *designer.Design {
	core := &designer.Section{Systems: systems}
	for _, h := range coreHits {
		core.Layers = append(core.Layers, designer.Layer{HullHits: h, Crew: 1})
	}
	return &designer.Design{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "Test", TechLevel: tl,
		Movement: movement, Hull: designer.HullMetallic, Sections: designer.Sections{Core: core}}
}

func TestDerivedNumbers(t *testing.T) {
	bridge := designer.System{Kind: "bridge", Count: 1}
	tests := []struct {
		name  string
		d     *designer.Design
		check func(r *Result) bool
		want  string
	}{
		{"mass factor and target rating of a tiny ship",
			ship(5, designer.MovementCinematic, []int{7}, bridge),
			func(r *Result) bool { return r.MassFactor == 1 && r.TargetRating == 3 }, "MF 1, TR 3"},
		{"large ships go negative",
			ship(5, designer.MovementCinematic, []int{200, 200, 200}, bridge),
			func(r *Result) bool { return r.MassFactor == 60 && r.TargetRating == -2 }, "MF 60, TR -2"},
		{"newtonian has no maximum speed",
			ship(7, designer.MovementNewtonian, []int{10}, bridge),
			func(r *Result) bool { return r.MaxSpeed == 0 && r.ReverseSpeed == 0 }, "speed 0"},
		{"cinematic speed is twice the tech level",
			ship(7, designer.MovementCinematic, []int{10}, bridge),
			func(r *Result) bool { return r.MaxSpeed == 14 && r.ReverseSpeed == 7 }, "speed 14/7"},
		{"reactor rating split evenly over three copies",
			ship(1, designer.MovementCinematic, []int{10}, bridge, designer.System{Kind: "reactor", Count: 3},
				designer.System{Kind: "sensor", Rating: 18, Count: 2}),
			func(r *Result) bool {
				return len(r.Reactors) == 2 && r.Reactors[0].Copies == 2 && r.Reactors[0].Rating == 7 &&
					r.Reactors[1].Copies == 1 && r.Reactors[1].Rating == 6 && r.EMS == 4
			}, "2 x 7 + 1 x 6 (20 PU at TL 1), EMS 4"},
		{"every reactor is at least 1",
			ship(10, designer.MovementCinematic, []int{10}, bridge, designer.System{Kind: "reactor", Count: 3}),
			func(r *Result) bool {
				return len(r.Reactors) == 1 && r.Reactors[0].Copies == 3 && r.Reactors[0].Rating == 1
			}, "3 x 1"},
		{"a missing core reactor is counted virtually",
			ship(1, designer.MovementCinematic, []int{10}, bridge),
			func(r *Result) bool {
				return len(r.Reactors) == 1 && r.Reactors[0].Virtual && r.Reactors[0].Rating == 2
			}, "virtual 2"},
		{"life support per four people",
			ship(5, designer.MovementCinematic, []int{10, 10, 10, 10, 10}, bridge),
			func(r *Result) bool { return len(r.LifeSupport) == 1 && r.LifeSupport[0].Rating == 2 }, "5 crew: 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := testModel.Evaluate(tc.d, Options{})
			if !tc.check(r) {
				t.Errorf("want %s; got MF %d TR %d speed %d/%d EMS %d reactors %+v life support %+v",
					tc.want, r.MassFactor, r.TargetRating, r.MaxSpeed, r.ReverseSpeed, r.EMS, r.Reactors, r.LifeSupport)
			}
		})
	}
}

func TestOptionsOverrideQuality(t *testing.T) {
	d := loadDesign(t, "testdata/reference-cruiser.json")
	base := testModel.Evaluate(d, Options{})
	r := testModel.Evaluate(d, Options{CrewQuality: 5, CommandQuality: "D6", DamageControl: "D6"})
	if r.Quality.Crew != 5 || r.Quality.Command != "D6" || r.Quality.DamageControl != "D6" {
		t.Fatalf("quality %+v", r.Quality)
	}
	if r.Points <= base.Points {
		t.Errorf("better crew should cost more: %d vs %d", r.Points, base.Points)
	}
	if got := testModel.Evaluate(d, Options{TierLimit: 1}); !got.Legal {
		t.Errorf("the reference cruiser is tier 1: %v", got.Problems)
	}
}
