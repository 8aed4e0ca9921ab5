package costing

import (
	"fmt"
	"testing"

	"github.com/slipway/slipway/designer"
)

func BenchmarkEvaluateReferenceCruiser(b *testing.B) {
	d := loadDesign(b, "testdata/reference-cruiser.json")
	b.ReportAllocs()
	for b.Loop() {
		testModel.Evaluate(d, Options{})
	}
}

// largeDesign is a legal-sized big ship: 200 system entries and 50 weapon
// definitions, each mounted.
func largeDesign() *designer.Design {
	d := &designer.Design{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "Large", TechLevel: 10,
		Movement: designer.MovementCinematic, Hull: designer.HullMetallic, CrewQuality: 3, CommandQuality: "D4", DamageControl: "D5"}
	kinds := []designer.System{
		{Kind: "sensor", Rating: 12}, {Kind: "ewArray", Rating: 3}, {Kind: "cic", Rating: 2}, {Kind: "ecm", Rating: 2},
		{Kind: "targeting", Rating: 2}, {Kind: "cmPod", Rating: 2}, {Kind: "grappler", Rating: 2}, {Kind: "soc", Rating: 2},
	}
	for i := 0; i < 50; i++ {
		w := designer.WeaponDef{ID: fmt.Sprintf("w%d", i), Name: fmt.Sprintf("Weapon %d", i),
			DamageType: []string{designer.DamageEnergy, designer.DamageKinetic}[i%2], Pulse: 1 + i%4,
			Die: designer.Dice[i%len(designer.Dice)], Modifier: i % 3, Effect: designer.EffectRaking,
			TargetMethod: designer.TargetDirect, Range: 5 * (1 + i%10), RateOfFire: designer.RateUnlimited,
			Interceptable: true, Targets: []string{designer.TargetsStarships}}
		if i%7 == 0 {
			w.TargetMethod, w.IndirectTurns = designer.TargetIndirect, 3
		}
		if i%5 == 0 {
			w.Qualities = []string{"QM", "PR"}
		}
		d.Weapons = append(d.Weapons, w)
	}
	for si, n := range designer.SectionOrder {
		s := &designer.Section{}
		for l := 0; l < 5; l++ {
			s.Layers = append(s.Layers, designer.Layer{HullHits: 60, Crew: 2, Marines: 1})
		}
		if n != designer.SectionCore {
			a := designer.Arc(n)
			s.Armour.Set(a, &designer.Armour{Rating: 3, Type: designer.DefenceEnergyKinetic})
			s.Shields.Set(a, &designer.Shield{Hits: 10, Type: designer.DefenceEnergy})
		}
		for i := 0; i < 40; i++ {
			sys := kinds[(i+si)%len(kinds)]
			sys.Count = 1
			s.Systems = append(s.Systems, sys)
		}
		for i := 0; i < 10; i++ {
			sectors := []int{0, 1, 7}
			if n == designer.SectionFore {
				sectors = []int{7, 0, 1, 6}
			}
			s.Weapons = append(s.Weapons, designer.Mount{Weapon: fmt.Sprintf("w%d", si*10+i), Sectors: sectors, Count: 2})
		}
		d.Sections.Set(n, s)
	}
	core := d.Sections.Core
	core.Systems[0] = designer.System{Kind: "bridge", Count: 1}
	core.Systems[1] = designer.System{Kind: "reactor", Count: 1}
	return d
}

func BenchmarkEvaluateLargeDesign(b *testing.B) {
	d := largeDesign()
	b.ReportAllocs()
	for b.Loop() {
		testModel.Evaluate(d, Options{})
	}
}

func BenchmarkPulseDamage(b *testing.B) {
	q := V1().Qualities()
	a := Attack{Sides: 12, Modifier: 3, Armour: 2, QM: true, PR: true}
	for b.Loop() {
		PulseDamage(a, q)
	}
}

func TestLargeDesignEvaluates(t *testing.T) {
	r := testModel.Evaluate(largeDesign(), Options{})
	n := 0
	for _, ns := range largeDesign().Sections.List() {
		n += len(ns.Section.Systems)
	}
	if n != 200 || r.CV <= 0 {
		t.Fatalf("large design: %d systems, CV %d", n, r.CV)
	}
}
