package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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

// BenchmarkLocalGame measures POST /api/v1/play/derive for the sample
// cruiser wing (4 ships) kept in the browser only, as the page sends it
// after its n-th change: the game started again from the fleet and every
// change applied (docs/table.md, docs/performance.md).
func BenchmarkLocalGame(b *testing.B) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	svc := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: testEvaluator(cat)})
	if _, err := svc.SeedSamples(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.SeedSampleFleets(ctx); err != nil {
		b.Fatal(err)
	}
	srv := api.New(api.Config{Service: svc, Logger: slog.New(slog.NewJSONHandler(devNull(b), nil))})
	req := httptest.NewRequest("GET", "/api/v1/fleet-library?q=Cruiser+Wing", nil)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	var lib struct{ Fleets []struct{ ID, Name string } }
	if err := json.Unmarshal(w.Body.Bytes(), &lib); err != nil || len(lib.Fleets) == 0 {
		b.Fatalf("no cruiser wing: %s", w.Body)
	}
	for _, n := range []int{1, 100, 1000} {
		ops := make([]map[string]any, n)
		for i := range ops {
			mark := "hit"
			if i%2 == 1 {
				mark = ""
			}
			ops[i] = map[string]any{"op": "mark", "ship": fmt.Sprintf("s%d", i%4+1), "box": "core.hull.1.1", "mark": mark}
		}
		body, _ := json.Marshal(map[string]any{"sides": []any{map[string]any{"fleet": lib.Fleets[0].ID}}, "ops": ops})
		b.Run(fmt.Sprintf("changes=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("POST", "/api/v1/play/derive", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
			}
		})
	}
}
