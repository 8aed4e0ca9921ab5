package api_test

import (
	"bytes"
	"context"
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
