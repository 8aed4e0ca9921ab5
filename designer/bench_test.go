package designer

import "testing"

func BenchmarkValidateReferenceCruiser(b *testing.B) {
	c := BuiltinCatalogue()
	d := loadReference(b)
	b.ReportAllocs()
	for b.Loop() {
		if ps := c.Validate(d, Options{}); len(ps) != 0 {
			b.Fatal(ps)
		}
	}
}

func BenchmarkDecodeReferenceCruiser(b *testing.B) {
	raw := encodeDesign(b, loadReference(b))
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := DecodeDesign(raw); err != nil {
			b.Fatal(err)
		}
	}
}
