package costing

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSampleNumbers checks the numbers the source rules give for the
// sample ships (rules §10), for whichever sample files exist.
func TestSampleNumbers(t *testing.T) {
	tests := []struct {
		file  string
		check func(r *Result) (got, want int, what string)
	}{
		{"hms-thunderchild.json", func(r *Result) (int, int, string) { return r.TargetRating, 1, "target rating" }},
		{"ras-freedom.json", func(r *Result) (int, int, string) { return r.EMS, 3, "EMS" }},
		{"ss-clinton.json", func(r *Result) (int, int, string) { return r.MassFactor, 12, "mass factor" }},
		{"uss-einstein.json", func(r *Result) (int, int, string) { return r.MaxSpeed, 20, "max speed" }},
		{"reference-cruiser.json", func(r *Result) (int, int, string) { return r.CV, 100, "CV" }},
	}
	have := map[string]bool{}
	for _, f := range sampleFiles(t) {
		have[filepath.Base(f)] = true
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(tc.file, ".json"), func(t *testing.T) {
			if !have[tc.file] {
				t.Fatalf("data/samples/%s is missing", tc.file)
			}
			r := testModel.Evaluate(loadDesign(t, filepath.Join("data", "samples", tc.file)), Options{})
			if got, want, what := tc.check(r); got != want {
				t.Errorf("%s = %d, want %d", what, got, want)
			}
		})
	}
}

// TestSamplesEvaluate evaluates every sample and logs the headline
// numbers; every sample must be legal.
func TestSamplesEvaluate(t *testing.T) {
	for _, f := range sampleFiles(t) {
		r := testModel.Evaluate(loadDesign(t, f), Options{})
		t.Logf("%-40s CV %4d pts %4d EMS %2d TR %2d MF %2d TL %2d/%2d tier %d O %.2f D %.1f M %.3f T %.3f U %.1f",
			f, r.CV, r.Points, r.EMS, r.TargetRating, r.MassFactor, r.TechLevel, r.MinTechLevel, r.Tier,
			r.Components.Offence, r.Components.Defence, r.Components.Mobility, r.Components.Technology, r.Components.Utility)
		if !r.Legal {
			t.Errorf("%s is illegal: %v", f, r.Problems)
		}
	}
}
