package costing

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden file from the current model")

// goldenDesign is the pinned numbers of one sample design.
type goldenDesign struct {
	File         string        `json:"file"`
	Name         string        `json:"name"`
	CV           int           `json:"cv"`
	Points       int           `json:"points"`
	EMS          int           `json:"ems"`
	TargetRating int           `json:"targetRating"`
	MassFactor   int           `json:"massFactor"`
	HullHits     int           `json:"hullHits"`
	Tier         int           `json:"tier"`
	TechLevel    int           `json:"techLevel"`
	MinTechLevel int           `json:"minTechLevel"`
	MaxSpeed     int           `json:"maxSpeed"`
	ReverseSpeed int           `json:"reverseSpeed"`
	Acceleration Acceleration  `json:"acceleration"`
	Reactors     []int         `json:"reactors"`
	LifeSupport  []LifeSupport `json:"lifeSupport"`
	Components   Components    `json:"components"`
}

type goldenFile struct {
	ModelVersion string         `json:"modelVersion"`
	Designs      []goldenDesign `json:"designs"`
}

func goldenPath(version string) string {
	return filepath.Join("..", "testdata", "golden", strings.ReplaceAll(version, "/", "-")+".json")
}

// TestGolden pins every sample design's numbers under each published
// model, one file per version; any drift fails. Regenerate with:
// go test ./costing -run TestGolden -update
func TestGolden(t *testing.T) { forEachModel(t, testGolden) }

func testGolden(t *testing.T, m *Model) {
	g := goldenFile{ModelVersion: m.Version()}
	for _, f := range sampleFiles(t) {
		r := m.Evaluate(loadDesign(t, f), Options{})
		gd := goldenDesign{
			File: filepath.ToSlash(f), Name: r.Name, CV: r.CV, Points: r.Points, EMS: r.EMS,
			TargetRating: r.TargetRating, MassFactor: r.MassFactor, HullHits: r.HullHits, Tier: r.Tier,
			TechLevel: r.TechLevel, MinTechLevel: r.MinTechLevel, MaxSpeed: r.MaxSpeed, ReverseSpeed: r.ReverseSpeed,
			Acceleration: r.Acceleration, Reactors: []int{}, LifeSupport: r.LifeSupport, Components: r.Components,
		}
		for _, re := range r.Reactors {
			for range re.Copies {
				gd.Reactors = append(gd.Reactors, re.Rating)
			}
		}
		g.Designs = append(g.Designs, gd)
	}
	got, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(goldenPath(m.Version()), got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", goldenPath(m.Version()))
		return
	}
	want, err := os.ReadFile(goldenPath(m.Version()))
	if err != nil {
		t.Fatalf("read golden file (regenerate with -update): %v", err)
	}
	if !bytes.Equal(got, want) {
		var old goldenFile
		_ = json.Unmarshal(want, &old)
		for i := range g.Designs {
			if i >= len(old.Designs) {
				t.Errorf("new design %s", g.Designs[i].File)
				continue
			}
			a, _ := json.Marshal(old.Designs[i])
			b, _ := json.Marshal(g.Designs[i])
			if !bytes.Equal(a, b) {
				t.Errorf("%s drifted:\n was %s\n now %s", g.Designs[i].File, a, b)
			}
		}
		if len(old.Designs) > len(g.Designs) {
			t.Errorf("%d designs gone", len(old.Designs)-len(g.Designs))
		}
		if old.ModelVersion != g.ModelVersion {
			t.Errorf("model version %s, golden %s", g.ModelVersion, old.ModelVersion)
		}
		t.Error("golden file differs: if the change is intended, bump ModelVersion when a constant changed and run go test ./costing -run TestGolden -update")
	}
}
