package battleshift

import (
	"encoding/json"
	"testing"
)

// BenchmarkDecodeEvaluateClass is Battleshift's share of a recompute: decode
// the Fast Attack Cruiser as stored, validate and evaluate it. Compare it
// with Metaverse's reference cruiser: go test ./designer -bench
// DecodeValidateTier and go test ./costing -bench EvaluateV2.
func BenchmarkDecodeEvaluateClass(b *testing.B) {
	raw := sampleBytes(b, "generic-fast-attack-cruiser.json")
	benchDecodeEvaluate(b, raw)
}

// BenchmarkDecodeEvaluateClassStored is the same on the document as the
// library stores it (json.Marshal: compact, fields in declaration order).
func BenchmarkDecodeEvaluateClassStored(b *testing.B) {
	raw, err := json.Marshal(loadSample(b, "generic-fast-attack-cruiser.json"))
	if err != nil {
		b.Fatal(err)
	}
	benchDecodeEvaluate(b, raw)
}

// BenchmarkDecodeEvaluateMothership is the largest sample with the most
// systems and two warnings.
func BenchmarkDecodeEvaluateMothership(b *testing.B) {
	benchDecodeEvaluate(b, sampleBytes(b, "bionid-mothership.json"))
}

func benchDecodeEvaluate(b *testing.B, raw []byte) {
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		c, err := rs.DecodeClass(raw)
		if err != nil {
			b.Fatal(err)
		}
		if res := rs.EvaluateClass(c); !res.Legal {
			b.Fatal(res.Problems)
		}
	}
}
