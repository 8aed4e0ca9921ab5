package games_test

import (
	"os"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/ruleset/metaverse"
)

func registry() *ruleset.Registry {
	cat := designer.BuiltinCatalogue()
	return ruleset.NewRegistry(append([]ruleset.Ruleset{metaverse.New(cat, costing.NewModel(cat))}, games.Extra()...)...)
}

// TestEveryGameServesItsSamples: each game's samples decode through the
// registry to that game, are legal, and summarise with its model.
func TestEveryGameServesItsSamples(t *testing.T) {
	reg := registry()
	if len(reg.List()) < 2 {
		t.Fatalf("%d games served", len(reg.List()))
	}
	for _, r := range reg.List() {
		info := r.Info()
		if len(r.Samples()) == 0 || len(r.Rules()) == 0 || r.Form() == nil || len(r.JSONSchema()) < 100 {
			t.Errorf("%s: %d samples, %d rules", info.ID, len(r.Samples()), len(r.Rules()))
		}
		for _, s := range r.Samples() {
			got, d, err := reg.Decode(s.Document)
			if err != nil || got != r {
				t.Errorf("%s/%s: decoded by %v: %v", info.ID, s.File, got, err)
				continue
			}
			ev, err := r.Evaluate(d, nil)
			if err != nil {
				t.Fatalf("%s/%s: %v", info.ID, s.File, err)
			}
			if sum := ev.Summary(); !sum.Legal || sum.ModelVersion != info.ModelVersion {
				t.Errorf("%s/%s: %+v", info.ID, s.File, sum)
			}
		}
	}
}

func benchDecodeEvaluate(b *testing.B, file string) {
	doc, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	reg := registry()
	b.ReportAllocs()
	for b.Loop() {
		r, d, err := reg.Decode(doc)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := r.Evaluate(d, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSeamMetaverseReferenceCruiser decodes, validates and evaluates
// the reference cruiser through the registry, as the library does.
func BenchmarkSeamMetaverseReferenceCruiser(b *testing.B) {
	benchDecodeEvaluate(b, "../../data/samples/reference-cruiser.json")
}

// BenchmarkSeamBattleshiftFastAttackCruiser is the same for a Battleshift
// class.
func BenchmarkSeamBattleshiftFastAttackCruiser(b *testing.B) {
	benchDecodeEvaluate(b, "../../data/battleshift/samples/generic-fast-attack-cruiser.json")
}

// BenchmarkSeamBattleshiftMothership is the largest Battleshift sample.
func BenchmarkSeamBattleshiftMothership(b *testing.B) {
	benchDecodeEvaluate(b, "../../data/battleshift/samples/bionid-mothership.json")
}
