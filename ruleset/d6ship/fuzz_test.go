package d6ship

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// FuzzDecodeEvaluate: whatever the bytes, decoding and evaluating never
// panics, the problems are capped, and the evaluation marshals to JSON
// (every number finite). Seeds: the samples and the fixtures.
func FuzzDecodeEvaluate(f *testing.F) {
	for _, s := range rs.Samples() {
		f.Add(s.Document)
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := rs.DecodeShip(b)
		if err != nil {
			if _, ok := err.(*ruleset.DecodeError); !ok {
				t.Fatalf("not a DecodeError: %T %v", err, err)
			}
			return
		}
		for _, o := range []Options{{Velocity: -1}, {Players: MaxPlayers, Velocity: MaxVelocity}} {
			r := EvaluateShip(s, o)
			if len(r.Problems) > ruleset.MaxProblems+1 {
				t.Fatalf("%d problems", len(r.Problems))
			}
			if _, err := json.Marshal(r); err != nil {
				t.Fatal(err)
			}
		}
	})
}
