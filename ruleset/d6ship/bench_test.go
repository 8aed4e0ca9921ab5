package d6ship

import "testing"

// BenchmarkDecodeEvaluateCarrier is the d6 game's share of a recompute:
// decode the largest sample (the Class XII carrier: three weapons, seven
// arc pools, fighters), validate it and derive every number with its
// explanation. Compare with go test ./ruleset/battleshift -bench
// DecodeEvaluateClass.
func BenchmarkDecodeEvaluateCarrier(b *testing.B) {
	raw := sampleBytes(b, "carrier-class-xii.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		s, err := rs.DecodeShip(raw)
		if err != nil {
			b.Fatal(err)
		}
		if res := EvaluateShip(s, Options{Velocity: -1}); !res.Legal {
			b.Fatal(res.Problems)
		}
	}
}
