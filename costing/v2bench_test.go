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
