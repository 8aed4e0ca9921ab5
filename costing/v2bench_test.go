package costing

import "testing"

func BenchmarkEvaluateV2ReferenceCruiser(b *testing.B) {
	m, _ := NewModelVersion(nil, VersionV2)
	d := loadDesign(b, "testdata/reference-cruiser.json")
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}

func BenchmarkEvaluateV2LargeDesign(b *testing.B) {
	m, _ := NewModelVersion(nil, VersionV2)
	d := largeDesign()
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}

// BenchmarkEvaluateV3ReferenceCruiser: issue 21's acceptance 6, at most
// 60 µs of CPU for the reference cruiser under metaverse-cv/3
// (docs/performance.md); BenchmarkEvaluateV4ReferenceCruiser under the
// default, metaverse-cv/4.
func BenchmarkEvaluateV3ReferenceCruiser(b *testing.B) {
	m, _ := NewModelVersion(nil, VersionV3)
	d := loadDesign(b, "testdata/reference-cruiser.json")
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}

func BenchmarkEvaluateV4ReferenceCruiser(b *testing.B) {
	m, _ := NewModelVersion(nil, VersionV4)
	d := loadDesign(b, "testdata/reference-cruiser.json")
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}

func BenchmarkEvaluateV4LargeDesign(b *testing.B) {
	m, _ := NewModelVersion(nil, VersionV4)
	d := largeDesign()
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}

func BenchmarkEvaluateV3LargeDesign(b *testing.B) {
	m, _ := NewModelVersion(nil, VersionV3)
	d := largeDesign()
	b.ReportAllocs()
	for b.Loop() {
		m.Evaluate(d, Options{})
	}
}
