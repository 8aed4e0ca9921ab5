package costing

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/slipway/slipway/designer"
)

var testModel = NewModel(designer.BuiltinCatalogue())

// loadDesign reads a design file relative to the repository root.
func loadDesign(t testing.TB, path string) *designer.Design {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", path))
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return d
}

// sampleFiles lists data/samples/*.json, sorted.
func sampleFiles(t testing.TB) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "data", "samples", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, filepath.Join("data", "samples", filepath.Base(n)))
	}
	return out
}
