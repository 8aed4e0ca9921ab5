package battleshift

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestDecodeStrict checks the strict decoder on ship classes: each
// structural problem is its R-JSON or R-LIM rule at its JSON path.
func TestDecodeStrict(t *testing.T) {
	base := string(sampleBytes(t, "generic-fast-attack-cruiser.json"))
	edit := func(from, to string) string {
		if !strings.Contains(base, from) {
			t.Fatalf("no %q", from)
		}
		return strings.Replace(base, from, to, 1)
	}
	tests := []struct {
		name, doc, rule, path string
	}{
		{"unknown field at the top", edit(`"size": 3,`, `"size": 3, "speed": 18,`), ruleset.RuleJSONUnknown, "speed"},
		{"unknown field in a system", edit(`{"kind": "fast", "pay": "cost"}`, `{"kind": "fast", "pay": "cost", "rating": 2}`), ruleset.RuleJSONUnknown, "systems[2].rating"},
		{"count as a string", edit(`"count": 4`, `"count": "4"`), ruleset.RuleJSONType, "systems[0].count"},
		{"fractional size", edit(`"size": 3,`, `"size": 3.5,`), ruleset.RuleJSONType, "size"},
		{"huge size", edit(`"size": 3,`, `"size": 99999999999,`), ruleset.RuleJSONType, "size"},
		{"systems as an object", edit(`"systems": [`, `"systems": {"a": [`) + "}", ruleset.RuleJSONType, "systems"},
		{"faction as a number", edit(`"size": 3,`, `"faction": 2, "size": 3,`), ruleset.RuleJSONType, "faction"},
		{"duplicate key in a system", edit(`{"kind": "fast", "pay": "cost"}`, `{"kind": "fast", "pay": "cost", "pay": "space"}`), ruleset.RuleJSONDuplicate, "systems[2].pay"},
		{"trailing data", base + "[]", ruleset.RuleJSONSyntax, ""},
		{"not JSON", "{schema: 1}", ruleset.RuleJSONSyntax, ""},
		{"empty", "  ", ruleset.RuleJSONSyntax, ""},
		{"invalid UTF-8", edit(`"Fast Attack Cruiser"`, "\"Fast \xff Cruiser\""), ruleset.RuleJSONSyntax, "name"},
		{"over 1 MiB", base + strings.Repeat(" ", ruleset.MaxDocumentBytes), ruleset.RuleLimitBody, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := rs.DecodeClass([]byte(tc.doc))
			var de *ruleset.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v (%T), want a *ruleset.DecodeError", err, err)
			}
			if de.Rule != tc.rule || de.Path != tc.path {
				t.Fatalf("%s at %q (%v), want %s at %q", de.Rule, de.Path, de, tc.rule, tc.path)
			}
			if _, err := rs.Decode([]byte(tc.doc)); err == nil {
				t.Fatal("Decode accepts what DecodeClass refuses")
			}
		})
	}
}

// TestDecodeDefaults checks the defaults and the round trip: count 1 when
// omitted, an empty list stays empty, and a decoded class marshals to a
// document that decodes to the same class.
func TestDecodeDefaults(t *testing.T) {
	c, err := rs.DecodeClass([]byte(`{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"X","size":2,"systems":[{"kind":"lightBattery"},{"kind":"interceptor","count":3}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if c.Systems[0].Count != 1 || c.Systems[1].Count != 3 {
		t.Errorf("counts %+v", c.Systems)
	}
	for _, s := range rs.Samples() {
		c, err := rs.DecodeClass(s.Document)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		again, err := rs.DecodeClass(b)
		if err != nil || !reflect.DeepEqual(c, again) {
			t.Errorf("%s: the round trip changes the class (%v)", s.File, err)
		}
	}
	empty, err := rs.DecodeClass([]byte(`{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"X","size":1,"systems":[]}`))
	if err != nil || empty.Systems == nil {
		t.Errorf("an empty systems list: %v %#v", err, empty)
	}
}

// TestEvaluateOtherDesign checks that Evaluate refuses a design it did
// not decode.
func TestEvaluateOtherDesign(t *testing.T) {
	type other struct{ ruleset.Design }
	if _, err := rs.Evaluate(other{}, nil); err == nil {
		t.Error("Evaluate accepts a design that is not a *Class")
	}
	if _, err := rs.Evaluate((*Class)(nil), nil); err == nil {
		t.Error("Evaluate accepts a nil class")
	}
}

// checkResult checks what EvaluateClass promises of any decoded class:
// problems never nil and well formed, numbers bounded, squadron rows as
// many as the most per squadron, an explanation whose cost is the cost.
func checkResult(t *testing.T, c *Class, res *Result) {
	t.Helper()
	if res.Problems == nil || res.Ruleset != ID || res.ModelVersion != ModelVersion {
		t.Fatalf("result head %+v", res)
	}
	for _, p := range res.Problems {
		if p.Message == "" || p.Hint == "" || classRule(p.Rule) == nil || classRule(p.Rule).Severity != p.Severity {
			t.Fatalf("malformed problem %+v", p)
		}
	}
	if res.Legal != res.Problems.Legal() {
		t.Fatal("Legal disagrees with the problems")
	}
	for _, n := range []int{res.Cost, res.Hull, res.Shields, res.Space, res.SpaceUsed, res.Move, res.FighterWings, res.RepairRolls, res.EngulfCapacity} {
		if n > limit || n < -limit {
			t.Fatalf("a number out of bounds: %d", n)
		}
	}
	if len(res.Squadrons) != res.MaxPerSquadron || res.MaxPerSquadron > 7 {
		t.Fatalf("%d squadron rows, most per squadron %d", len(res.Squadrons), res.MaxPerSquadron)
	}
	var walk func(n *ruleset.Node)
	walk = func(n *ruleset.Node) {
		if math.IsNaN(n.Value) || math.IsInf(n.Value, 0) {
			t.Fatalf("node %s is not finite", n.Key)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(res.Explanation)
	cost := res.Explanation.Find("cost")
	if cost == nil || cost.Value != float64(res.Cost) {
		t.Fatal("the explanation's cost is not the cost")
	}
	sum := 0
	for _, term := range cost.Children {
		sum = sadd(sum, int(term.Value))
	}
	if sum != res.Cost {
		t.Fatalf("the cost's terms add up to %d, the cost is %d", sum, res.Cost)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
}

// FuzzDecodeEvaluate feeds arbitrary bytes to the decoder and, when they
// decode, to EvaluateClass: it must not panic, its result must be well
// formed and deterministic, and a round trip through the encoder must not
// change the problems. Seeds: the samples and the fixtures.
func FuzzDecodeEvaluate(f *testing.F) {
	for _, s := range rs.Samples() {
		f.Add(s.Document)
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "*.json"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"size":-2147483648,"systems":[{"kind":"engulfing","count":2147483647,"pay":"cost"},{"kind":"fast","count":-2147483648}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := rs.DecodeClass(b)
		if err != nil {
			var de *ruleset.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		res := rs.EvaluateClass(c)
		checkResult(t, c, res)
		if again := rs.EvaluateClass(c); !reflect.DeepEqual(res, again) {
			t.Fatal("evaluation is not deterministic")
		}
		enc, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := rs.DecodeClass(enc)
		if err != nil {
			t.Fatalf("the re-encoded class does not decode: %v", err)
		}
		if again := rs.EvaluateClass(c2); !reflect.DeepEqual(res.Problems, again.Problems) || res.Cost != again.Cost {
			t.Fatalf("the round trip changed the evaluation:\n%v\n%v", res.Problems, again.Problems)
		}
	})
}

// TestExtremes runs the extreme values through EvaluateClass.
func TestExtremes(t *testing.T) {
	for _, size := range []int{math.MinInt32, -1, 0, 1, 21, 22, math.MaxInt32} {
		for _, count := range []int{math.MinInt32, -1, 0, 1, 999, 1000, math.MaxInt32} {
			c := &Class{Size: size}
			for i := range rs.cat.Kinds {
				c.Systems = append(c.Systems, System{Kind: rs.cat.Kinds[i].Kind, Count: count, Pay: PayCost})
				c.Systems = append(c.Systems, System{Kind: rs.cat.Kinds[i].Kind, Count: count})
			}
			checkResult(t, c, rs.EvaluateClass(c))
		}
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(rs.EvaluateClass(&Class{})); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrent evaluates the samples from four goroutines, for the race
// detector over the shared catalogue and the decoder's interned words.
func TestConcurrent(t *testing.T) {
	samples := rs.Samples()
	want := make([]int, len(samples))
	for i, s := range samples {
		c, err := rs.DecodeClass(s.Document)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = rs.EvaluateClass(c).Cost
	}
	done := make(chan error)
	for range 4 {
		go func() {
			for i, s := range samples {
				c, err := rs.DecodeClass(s.Document)
				if err != nil {
					done <- err
					return
				}
				if got := rs.EvaluateClass(c).Cost; got != want[i] {
					done <- errors.New(s.File + ": another cost")
					return
				}
				rs.Form()
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
