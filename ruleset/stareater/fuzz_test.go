package stareater

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// FuzzDecodeEvaluate: whatever the bytes, decoding and evaluating never
// panics (bound to the example card set or not), the problems are capped,
// and the evaluation marshals to JSON. Seeds: the samples and the
// fixtures.
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
	set := decode(f, sampleBytes(f, setBase))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := rs.Decode(b)
		if err != nil {
			if _, ok := err.(*ruleset.DecodeError); !ok {
				t.Fatalf("not a DecodeError: %T %v", err, err)
			}
			return
		}
		docs := map[string]ruleset.Design{}
		for _, u := range rs.Uses(d) {
			docs[u.Ref] = set
		}
		for _, x := range []ruleset.Design{d, rs.Bind(d, docs), rs.Bind(d, nil)} {
			ev, err := rs.Evaluate(x, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(ev.Findings()) > ruleset.MaxProblems+1 {
				t.Fatalf("%d problems", len(ev.Findings()))
			}
			if _, err := json.Marshal(ev); err != nil {
				t.Fatal(err)
			}
		}
	})
}
