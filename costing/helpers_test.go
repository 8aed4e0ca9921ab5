package costing

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/slipway/slipway/designer"
)

var testModel = NewModel(designer.BuiltinCatalogue())

// testModels is one model of each published version, oldest first.
var testModels = func() []*Model {
	var ms []*Model
	for _, v := range Versions() {
		m, err := NewModelVersion(designer.BuiltinCatalogue(), v)
		if err != nil {
			panic(err)
		}
		ms = append(ms, m)
	}
	return ms
}()

// forEachModel runs f as a subtest under every published model.
func forEachModel(t *testing.T, f func(t *testing.T, m *Model)) {
	for _, m := range testModels {
		t.Run(m.Version(), func(t *testing.T) { f(t, m) })
	}
}

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
