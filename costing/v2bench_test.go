package costing

import (
	"testing"

	"github.com/slipway/slipway/designer"
)

// benchEvaluate evaluates d under version, once an iteration.
func benchEvaluate(b *testing.B, version string, d *designer.Design) {
	m, err := NewModelVersion(nil, version)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}

func BenchmarkEvaluateV2ReferenceCruiser(b *testing.B) {
	benchEvaluate(b, VersionV2, loadDesign(b, "testdata/reference-cruiser.json"))
}

func BenchmarkEvaluateV2LargeDesign(b *testing.B) { benchEvaluate(b, VersionV2, largeDesign()) }

// BenchmarkEvaluateV3ReferenceCruiser: issue 21's acceptance 6, at most
// 60 µs of CPU for the reference cruiser under metaverse-cv/3
// (docs/performance.md); BenchmarkEvaluateV4ReferenceCruiser and
// BenchmarkEvaluateV5ReferenceCruiser, BenchmarkEvaluateV6ReferenceCruiser
// and BenchmarkEvaluateV7ReferenceCruiser under the models after it
// (metaverse-cv/7 is the default).
func BenchmarkEvaluateV3ReferenceCruiser(b *testing.B) {
	benchEvaluate(b, VersionV3, loadDesign(b, "testdata/reference-cruiser.json"))
}

func BenchmarkEvaluateV4ReferenceCruiser(b *testing.B) {
	benchEvaluate(b, VersionV4, loadDesign(b, "testdata/reference-cruiser.json"))
}

func BenchmarkEvaluateV5ReferenceCruiser(b *testing.B) {
	benchEvaluate(b, VersionV5, loadDesign(b, "testdata/reference-cruiser.json"))
}

func BenchmarkEvaluateV6ReferenceCruiser(b *testing.B) {
	benchEvaluate(b, VersionV6, loadDesign(b, "testdata/reference-cruiser.json"))
}

func BenchmarkEvaluateV7ReferenceCruiser(b *testing.B) {
	benchEvaluate(b, VersionV7, loadDesign(b, "testdata/reference-cruiser.json"))
}

func BenchmarkEvaluateV3LargeDesign(b *testing.B) { benchEvaluate(b, VersionV3, largeDesign()) }
func BenchmarkEvaluateV4LargeDesign(b *testing.B) { benchEvaluate(b, VersionV4, largeDesign()) }
func BenchmarkEvaluateV5LargeDesign(b *testing.B) { benchEvaluate(b, VersionV5, largeDesign()) }
func BenchmarkEvaluateV6LargeDesign(b *testing.B) { benchEvaluate(b, VersionV6, largeDesign()) }
func BenchmarkEvaluateV7LargeDesign(b *testing.B) { benchEvaluate(b, VersionV7, largeDesign()) }
