package api_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// TestEvaluateMatchesCosting: POST /evaluate answers the costing result
// as JSON, the same value `slipway eval --json` prints, and stored designs
// carry its numbers.
func TestEvaluateMatchesCosting(t *testing.T) {
	e := newEnv(t)
	raw := mustJSON(t, sample(t))
	d, err := designer.DecodeDesign([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(costing.NewModel(designer.BuiltinCatalogue()).Evaluate(d, costing.Options{}))
	got := e.anon().do("POST", "/api/v1/evaluate", []byte(raw)).want(t, 200).Body
	var a, b any
	json.Unmarshal(got, &a)
	json.Unmarshal(want, &b)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("evaluate answered\n%s\nwant\n%s", got, want)
	}
	u := e.withToken("evaluator")
	c := u.create(t, "Reference", "private")
	ev := getEvaluation(t, u, c.ID)
	var res struct {
		CV, Points float64
		Tier       int
	}
	json.Unmarshal(want, &res)
	if ev.CV != res.CV || ev.Points != res.Points || ev.Tier != res.Tier {
		t.Fatalf("stored evaluation %+v, costing says %+v", ev, res)
	}
}

// TestRecompute stores designs under one evaluator, then recomputes them
// under the costing model: every version is re-evaluated once, with old
// and new numbers recorded, and a second run has nothing to do.
func TestRecompute(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	old := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: olderModel{costing.NewModel(cat)}})
	n, err := old.SeedSamples(ctx)
	if err != nil || n == 0 {
		t.Fatalf("seed %d %v", n, err)
	}
	srv := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: testEvaluator(cat)})
	rep, err := srv.Recompute(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) != n {
		t.Fatalf("recomputed %d versions, want %d", len(rep.Changes), n)
	}
	for _, c := range rep.Changes {
		if c.OldModel != olderVersion || c.NewModel != rep.Model || c.OldCV != c.NewCV+olderShift || c.OldPoints != c.NewPoints+olderShift {
			t.Errorf("change %+v", c)
		}
	}
	page, err := db.Library(ctx, library.LibraryQuery{Sort: "cv", Desc: true, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range page.Designs {
		if d.Latest.Evaluation.ModelVersion != rep.Model {
			t.Errorf("%s still at model %s", d.Name, d.Latest.Evaluation.ModelVersion)
		}
	}
	logged, err := db.Recomputations(ctx, 1000)
	if err != nil || len(logged) != n {
		t.Fatalf("recorded %d recomputations (%v), want %d", len(logged), err, n)
	}
	again, err := srv.Recompute(ctx)
	if err != nil || len(again.Changes) != 0 {
		t.Fatalf("second run %d changes %v", len(again.Changes), err)
	}
}

// TestRecomputeToDefault: a library saved under an earlier model
// (metaverse-cv/1 to metaverse-cv/6) is recomputed under the default
// model (metaverse-cv/7) at start: every version moves to the new model
// with its old numbers recorded as the old ones, and the reference
// cruiser still scores 100 (issue 21, acceptance 7). From every earlier
// model some sample's CV moves (v7 refitted its constants).
func TestRecomputeToDefault(t *testing.T) {
	for _, old := range []string{costing.VersionV1, costing.VersionV2, costing.VersionV3, costing.VersionV4, costing.VersionV5, costing.VersionV6} {
		t.Run(old, func(t *testing.T) { testRecomputeTo(t, old) })
	}
}

func testRecomputeTo(t *testing.T, old string) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cat := designer.BuiltinCatalogue()
	vOld, err := costing.NewModelVersion(cat, old)
	if err != nil {
		t.Fatal(err)
	}
	n, err := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: vOld}).SeedSamples(ctx)
	if err != nil || n == 0 {
		t.Fatalf("seed %d %v", n, err)
	}
	def := costing.NewModel(cat)
	if def.Version() != costing.VersionV7 {
		t.Fatalf("default model %s, want %s", def.Version(), costing.VersionV7)
	}
	rep, err := library.New(library.Config{Store: db, Catalogue: cat, Evaluator: def}).Recompute(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) != n || rep.Model != costing.VersionV7 {
		t.Fatalf("recomputed %d versions to %s, want %d to %s", len(rep.Changes), rep.Model, n, costing.VersionV7)
	}
	moved := 0
	for _, c := range rep.Changes {
		if c.OldModel != old || c.NewModel != costing.VersionV7 {
			t.Errorf("change %+v", c)
		}
		if c.OldCV != c.NewCV {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("no sample's CV changed from %s to %s", old, costing.VersionV7)
	}
	page, err := db.Library(ctx, library.LibraryQuery{Q: "Reference Cruiser", Sort: "cv", Limit: 10})
	if err != nil || len(page.Designs) == 0 {
		t.Fatalf("reference cruiser not found: %v", err)
	}
	found := false
	for _, d := range page.Designs {
		if d.Name != "Reference Cruiser" {
			continue
		}
		found = true
		if e := d.Latest.Evaluation; e.CV != 100 || e.ModelVersion != costing.VersionV7 {
			t.Errorf("reference cruiser after recompute: CV %v under %s", e.CV, e.ModelVersion)
		}
	}
	if !found {
		t.Error("no design named Reference Cruiser")
	}
}
