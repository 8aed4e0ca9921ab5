package d6ship

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

var rs = New()

func sampleBytes(t testing.TB, file string) []byte {
	t.Helper()
	b, err := fs.ReadFile(data.D6ship(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func loadSample(t testing.TB, file string) *Ship {
	t.Helper()
	s, err := rs.DecodeShip(sampleBytes(t, file))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return s
}

func encode(t testing.TB, s *Ship) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func problemsOf(b []byte) ruleset.Problems {
	s, err := rs.DecodeShip(b)
	if err != nil {
		return ruleset.Problems{err.(*ruleset.DecodeError).Problem()}
	}
	return EvaluateShip(s, Options{Velocity: -1}).Problems
}
