package stareater

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

var rs = New()

func sampleBytes(t testing.TB, file string) []byte {
	t.Helper()
	b, err := fs.ReadFile(data.Stareater(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decode(t testing.TB, b []byte) ruleset.Design {
	t.Helper()
	d, err := rs.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func encode(t testing.TB, d any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sampleSets binds a document's card set reference to the sample card set
// of that file name (less .json), as the library binds one of its own:
// the fixtures that need known copy counts name "example-card-set".
func sampleSets(d ruleset.Design) ruleset.Design {
	docs := map[string]ruleset.Design{}
	for _, u := range rs.Uses(d) {
		b, err := fs.ReadFile(data.Stareater(), "samples/"+u.Ref+".json")
		if err != nil {
			continue
		}
		if sd, err := rs.Decode(b); err == nil {
			docs[u.Ref] = sd
		}
	}
	if len(docs) == 0 {
		return d
	}
	return rs.Bind(d, docs)
}

func problemsOf(b []byte) ruleset.Problems {
	d, err := rs.Decode(b)
	if err != nil {
		return ruleset.Problems{err.(*ruleset.DecodeError).Problem()}
	}
	ev, err := rs.Evaluate(sampleSets(d), nil)
	if err != nil {
		panic(err)
	}
	return ev.Findings()
}

func evaluate(t testing.TB, b []byte) *Result {
	t.Helper()
	ev, err := rs.Evaluate(sampleSets(decode(t, b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ev.(*Result)
}

func mustContain(t *testing.T, s string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("%q lacks %q", s, w)
		}
	}
}
