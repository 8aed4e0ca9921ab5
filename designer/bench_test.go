package designer

import (
	"encoding/json"
	"os"
	"testing"
)

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
	benchDecode(b, raw)
}

// BenchmarkDecodeReferenceCruiserFile decodes the file as stored (3.8 KB,
// compact rows), the shape the library keeps.
func BenchmarkDecodeReferenceCruiserFile(b *testing.B) {
	raw, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		b.Fatal(err)
	}
	benchDecode(b, raw)
}

// BenchmarkDecodeReferenceCruiserStored decodes the document as the
// library stores it (json.Marshal of the decoded design: compact, fields
// in declaration order, 2.7 KB), what a recompute reads back.
func BenchmarkDecodeReferenceCruiserStored(b *testing.B) {
	raw, err := json.Marshal(loadReference(b))
	if err != nil {
		b.Fatal(err)
	}
	benchDecode(b, raw)
}

// benchDecode decodes raw as a design, b.N times.
func benchDecode(b *testing.B, raw []byte) {
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := DecodeDesign(raw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTierReferenceCruiser(b *testing.B) {
	c := BuiltinCatalogue()
	d := loadReference(b)
	b.ReportAllocs()
	for b.Loop() {
		if t := c.Tier(d); t.Tier != 1 {
			b.Fatal(t)
		}
	}
}

// BenchmarkDecodeValidateTierReferenceCruiser is the designer's share of a
// recompute: decode the stored document, validate it, compute its tier.
func BenchmarkDecodeValidateTierReferenceCruiser(b *testing.B) {
	c := BuiltinCatalogue()
	raw, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		b.Fatal(err)
	}
	decodeValidateTier(b, c, raw)
}

// BenchmarkDecodeValidateTierReferenceCruiserStored is the same on the
// document as the library stores it.
func BenchmarkDecodeValidateTierReferenceCruiserStored(b *testing.B) {
	c := BuiltinCatalogue()
	raw, err := json.Marshal(loadReference(b))
	if err != nil {
		b.Fatal(err)
	}
	decodeValidateTier(b, c, raw)
}

func decodeValidateTier(b *testing.B, c *Catalogue, raw []byte) {
	b.ReportAllocs()
	for b.Loop() {
		d, err := DecodeDesign(raw)
		if err != nil {
			b.Fatal(err)
		}
		if ps := c.Validate(d, Options{}); len(ps) != 0 {
			b.Fatal(ps)
		}
		if t := c.Tier(d); t.Tier != 1 {
			b.Fatal(t)
		}
	}
}

// BenchmarkValidateTierLimitReferenceCruiser validates with a tier limit,
// which runs Tier inside Validate.
func BenchmarkValidateTierLimitReferenceCruiser(b *testing.B) {
	c := BuiltinCatalogue()
	d := loadReference(b)
	b.ReportAllocs()
	for b.Loop() {
		if ps := c.Validate(d, Options{TierLimit: 1}); len(ps) != 0 {
			b.Fatal(ps)
		}
	}
}
