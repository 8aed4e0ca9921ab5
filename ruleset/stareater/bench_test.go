package stareater

import (
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// BenchmarkDecodeEvaluateLoadout is Star Eater's share of a recompute:
// decode the Lamais first-game loadout, bind the example card set (as the
// library binds it) and evaluate it: every rule and every descriptive
// number. Compare with go test ./ruleset/d6ship -bench
// DecodeEvaluateCarrier.
func BenchmarkDecodeEvaluateLoadout(b *testing.B) {
	raw := sampleBytes(b, loadoutBase)
	set := decode(b, sampleBytes(b, setBase))
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		d, err := rs.Decode(raw)
		if err != nil {
			b.Fatal(err)
		}
		l := d.(*Loadout)
		l.CardSet = "example"
		ev, _ := rs.Evaluate(rs.Bind(l, map[string]ruleset.Design{"example": set}), nil)
		if r := ev.(*Result); !r.Legal || r.TotalArmour == nil {
			b.Fatal(r.Problems)
		}
	}
}
