package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// BenchmarkEvaluate measures POST /api/v1/evaluate in process, with the
// access log written to a discarded JSON handler as slipway serve would.
func BenchmarkEvaluate(b *testing.B) {
	db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	srv := api.New(api.Config{Service: library.New(library.Config{Store: db, Catalogue: cat, Evaluator: testEvaluator(cat)}),
		Logger: slog.New(slog.NewJSONHandler(devNull(b), nil))})
	body, err := os.ReadFile("../data/samples/reference-cruiser.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/api/v1/evaluate", bytes.NewReader(body))
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}

func devNull(b *testing.B) *os.File {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return f
}

// BenchmarkEvaluateChange measures what the designer's panel asks after
// each edit of the largest sample: POST /api/v1/evaluate of HIMS Avenger
// beside POST /api/v1/evaluate/change with the design before the edit
// (one more heavy-laser mount), which evaluates both and compares the
// explanation trees.
func BenchmarkEvaluateChange(b *testing.B) {
	db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	srv := api.New(api.Config{Service: library.New(library.Config{Store: db, Catalogue: cat, Evaluator: testEvaluator(cat)}),
		Logger: slog.New(slog.NewJSONHandler(devNull(b), nil))})
	after, err := os.ReadFile("../data/samples/hims-avenger.json")
	if err != nil {
		b.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(after, &d); err != nil {
		b.Fatal(err)
	}
	fore := d["sections"].(map[string]any)["fore"].(map[string]any)
	ws := fore["weapons"].([]any)
	fore["weapons"] = ws[:len(ws)-1]
	before, _ := json.Marshal(d)
	pair := []byte(`{"before":` + string(before) + `,"after":` + string(after) + `}`)
	for _, bc := range []struct {
		name, path string
		body       []byte
	}{{"evaluate", "/api/v1/evaluate", after}, {"change", "/api/v1/evaluate/change", pair}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("POST", bc.path, bytes.NewReader(bc.body))
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
			}
		})
	}
}
