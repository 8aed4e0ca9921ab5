package battleshift_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/slipway/slipway/ruleset/battleshift"
)

// FuzzDecodeEvaluateFleet feeds arbitrary bytes to DecodeFleet and, when
// they decode, evaluates the fleet: it never panics, its problems are
// never nil and decide its legality, its result marshals, and the fleet
// marshals to a document that decodes again. Seeds: the fleet fixtures.
//
//	go test ./ruleset/battleshift -run XXX -fuzz FuzzDecodeEvaluateFleet -fuzztime 5m -fuzzminimizetime 10s
//
// The seeds are whole fleets of some kilobytes: minimizing each new
// interesting input for the default 60 s stalls the run, hence the
// shorter -fuzzminimizetime.
func FuzzDecodeEvaluateFleet(f *testing.F) {
	files, _ := filepath.Glob(fleetDir + "*.json")
	for _, p := range files {
		f.Add(readFleet(f, filepath.Base(p)))
	}
	f.Add([]byte(`{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"x","pointsLimit":1,"classes":[{"id":"a","document":{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"A","size":99,"systems":[{"kind":"engulfing","count":-4}]}}],"squadrons":[{"id":"s","ships":[{"class":"a","count":2147483647}]}],"taskForces":[{"id":"t","name":"T","squadrons":["s","s","q"],"flagship":"q"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		fl, err := fleetRS.DecodeFleet(b)
		if err != nil {
			return
		}
		doc := fl.(*battleshift.Fleet)
		r := fleetRS.EvaluateFleetDoc(doc)
		if r.Problems == nil || r.Legal != r.Problems.Legal() || r.Classes == nil || r.Squadrons == nil || r.TaskForces == nil {
			t.Fatalf("result: legal %v, problems %v", r.Legal, r.Problems)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatal(err)
		}
		again, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fleetRS.DecodeFleet(again); err != nil {
			t.Fatalf("the fleet marshals to %s, which does not decode: %v", again, err)
		}
	})
}

// BenchmarkEvaluateVanguard evaluates the decoded vanguard: five classes,
// five squadrons, two task forces.
func BenchmarkEvaluateVanguard(b *testing.B) {
	f := loadFleet(b, "vanguard.json")
	b.ReportAllocs()
	for b.Loop() {
		if r := fleetRS.EvaluateFleetDoc(f); !r.Legal {
			b.Fatal(r.Problems)
		}
	}
}

// BenchmarkDecodeEvaluateVanguard decodes and evaluates the vanguard, as
// slipway fleet validate and the API do.
func BenchmarkDecodeEvaluateVanguard(b *testing.B) {
	doc := readFleet(b, "vanguard.json")
	b.ReportAllocs()
	for b.Loop() {
		f, err := fleetRS.DecodeFleet(doc)
		if err != nil {
			b.Fatal(err)
		}
		if r := fleetRS.EvaluateFleetDoc(f.(*battleshift.Fleet)); !r.Legal {
			b.Fatal(r.Problems)
		}
	}
}
