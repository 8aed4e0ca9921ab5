package battleshift

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// rs is the ruleset the tests share; it is immutable.
var rs = New()

// sampleBytes reads a sample document.
func sampleBytes(t testing.TB, file string) []byte {
	t.Helper()
	b, err := fs.ReadFile(data.Battleshift(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// loadSample decodes a sample.
func loadSample(t testing.TB, file string) *Class {
	t.Helper()
	c, err := rs.DecodeClass(sampleBytes(t, file))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return c
}

// encode writes c as the fixtures are written: indented, fields in
// declaration order.
func encode(t testing.TB, c *Class) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// problemsOf decodes and evaluates b the way the command line does.
func problemsOf(b []byte) ruleset.Problems {
	c, err := rs.DecodeClass(b)
	if err != nil {
		return ruleset.Problems{err.(*ruleset.DecodeError).Problem()}
	}
	return rs.EvaluateClass(c).Problems
}

// sys is a system entry.
func sys(kind string, count int, pay ...string) System {
	s := System{Kind: kind, Count: count}
	if len(pay) > 0 {
		s.Pay = pay[0]
	}
	return s
}
