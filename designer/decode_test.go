package designer

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// repeatReader yields n bytes of a repeated pattern without holding them.
type repeatReader struct {
	prefix  []byte
	pattern byte
	n       int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if len(r.prefix) > 0 {
		c := copy(p, r.prefix)
		r.prefix = r.prefix[c:]
		return c, nil
	}
	if r.n <= 0 {
		return 0, io.EOF
	}
	m := int64(len(p))
	if m > r.n {
		m = r.n
	}
	for i := int64(0); i < m; i++ {
		p[i] = r.pattern
	}
	r.n -= m
	return int(m), nil
}

func TestDecodeHostileInput(t *testing.T) {
	ref := encodeDesign(t, loadReference(t))
	tests := []struct {
		name     string
		input    []byte
		rule     string
		path     string
		contains string
	}{
		{"invalid UTF-8", append([]byte(`{"name": "`), 0xff, 0xfe, '"', '}'), RuleJSONSyntax, "", "invalid UTF-8 at byte 10"},
		{"deep nesting", []byte(`{"name": ` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`), RuleJSONType, "name", "expected a string"},
		{"deep nesting at top", []byte(strings.Repeat("[", 10000) + strings.Repeat("]", 10000)), RuleJSONType, "", "expected an object"},
		{"deep nesting in unknown field", []byte(`{"x": ` + strings.Repeat(`{"a":`, 10000) + `1` + strings.Repeat("}", 10000) + `}`), RuleJSONUnknown, "x", `unknown field "x"`},
		{"NaN", []byte(`{"techLevel": NaN}`), RuleJSONSyntax, "techLevel", "not valid JSON"},
		{"1e308", []byte(`{"techLevel": 1e308}`), RuleJSONType, "techLevel", "out of range"},
		{"fraction", []byte(`{"techLevel": 5.5}`), RuleJSONType, "techLevel", "whole number"},
		{"duplicate key", []byte(`{"name": "a", "name": "b"}`), RuleJSONDuplicate, "name", `duplicate key "name"`},
		{"duplicate map key", []byte(`{"hangarBays": [{"loadout": {"a": 1, "a": 2}}]}`), RuleJSONDuplicate, "hangarBays[0].loadout.a", "duplicate key"},
		{"trailing data", append(append([]byte(nil), ref...), []byte(`{}`)...), RuleJSONSyntax, "", "unexpected data after the document"},
		{"truncated", []byte(`{"name": "x", "sections": {"core": {"layers": [`), RuleJSONSyntax, "sections.core.layers[0]", "ends too early"},
		{"empty", nil, RuleJSONSyntax, "", "empty document"},
		{"wrong type deep", []byte(`{"sections": {"fore": {"weapons": [{}, {}, {"sectors": "all"}]}}}`), RuleJSONType, "sections.fore.weapons[2].sectors", "expected an array"},
		{"unknown section", []byte(`{"sections": {"bow": {}}}`), RuleJSONUnknown, "sections.bow", "allowed here: core, fore, aft, port, starboard"},
		{"string for int", []byte(`{"sections": {"core": {"layers": [{"hullHits": "10"}]}}}`), RuleJSONType, "sections.core.layers[0].hullHits", "expected a whole number"},
		{"too large", append(bytes.Repeat([]byte(" "), MaxDocumentBytes), '{', '}'), RuleLimitBody, "", "limit is 1048576 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := DecodeDesign(tt.input)
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("got design %v, error %v; want a *DecodeError", d != nil, err)
			}
			if de.Rule != tt.rule || de.Path != tt.path || !strings.Contains(de.Message, tt.contains) {
				t.Fatalf("got %s at %q: %s; want %s at %q containing %q", de.Rule, de.Path, de.Message, tt.rule, tt.path, tt.contains)
			}
		})
	}
}

func TestReadDesignBoundsMemory(t *testing.T) {
	// 50 MB of input: the reader stops after the limit, so memory stays
	// near 1 MiB whatever the input size.
	r := &repeatReader{prefix: []byte(`{"description": "`), pattern: 'a', n: 50 << 20}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ReadDesign(r)
	runtime.ReadMemStats(&after)
	var de *DecodeError
	if !errors.As(err, &de) || de.Rule != RuleLimitBody {
		t.Fatalf("got %v, want %s", err, RuleLimitBody)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Fatalf("reading 50 MB allocated %d bytes; want it bounded near the 1 MiB limit", grew)
	}
	if r.n < 40<<20 {
		t.Fatalf("reader was drained to %d bytes left; the limit should stop it early", r.n)
	}
}

func TestDecodeDefaults(t *testing.T) {
	d, err := DecodeDesign([]byte(`{"sections": {"core": {"systems": [{"kind": "bridge"}], "weapons": [{"weapon": "x", "sectors": [0]}]}}, "weapons": [{"id": "x"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if d.CrewQuality != 1 || d.CommandQuality != "D2" || d.DamageControl != "D4" || d.Scale != 1000 {
		t.Errorf("design defaults not applied: %+v", d)
	}
	if d.Sections.Core.Systems[0].Count != 1 || d.Sections.Core.Weapons[0].Count != 1 || !d.Weapons[0].Interceptable {
		t.Errorf("entry defaults not applied")
	}
	// An explicit zero stays zero, so validation can report it.
	d, err = DecodeDesign([]byte(`{"sections": {"core": {"systems": [{"kind": "bridge", "count": 0}]}}}`))
	if err != nil || d.Sections.Core.Systems[0].Count != 0 {
		t.Fatalf("explicit count 0 lost: %v", err)
	}
}

func TestDecodeRoundTrip(t *testing.T) {
	d := loadReference(t)
	b := encodeDesign(t, d)
	d2, err := DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, encodeDesign(t, d2)) {
		t.Fatal("encode/decode/encode is not stable")
	}
}

func TestDecodeEscapes(t *testing.T) {
	d, err := DecodeDesign([]byte(`{"n\u0061me": "a\"b\\c\/d\n\u00e9\ud83d\ude80\ud800x", "tags": ["\t", "plain"], "hangarBays": [{"loadout": {"k\u00e9y": 2, "b": 1}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "a\"b\\c/d\né🚀\uFFFDx"; d.Name != want {
		t.Errorf("name %q, want %q", d.Name, want)
	}
	if len(d.Tags) != 2 || d.Tags[0] != "\t" || d.Tags[1] != "plain" {
		t.Errorf("tags %q", d.Tags)
	}
	if l := d.HangarBays[0].Loadout; l["kéy"] != 2 || l["b"] != 1 || len(l) != 2 {
		t.Errorf("loadout %v", l)
	}
	for _, bad := range []string{`{"name": "\x"}`, `{"name": "\u12"}`, "{\"name\": \"a\nb\"}", `{"na\u006de": 1}`} {
		if _, err := DecodeDesign([]byte(bad)); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
	// An escaped key still finds its field, and a duplicate spelled
	// differently is still a duplicate.
	_, err = DecodeDesign([]byte(`{"name": "a", "n\u0061me": "b"}`))
	if de, ok := err.(*DecodeError); !ok || de.Rule != RuleJSONDuplicate || de.Path != "name" {
		t.Errorf("escaped duplicate: %v", err)
	}
}

func TestDecodeLongArrays(t *testing.T) {
	// Slices grow in place past their first capacity; defaults apply to
	// every element.
	var sb strings.Builder
	sb.WriteString(`{"sections": {"core": {"systems": [`)
	for i := 0; i < 300; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		if i%2 == 0 {
			sb.WriteString(`{"kind": "cmPod", "rating": 1}`)
		} else {
			sb.WriteString(`{"kind": "cmPod", "rating": 2, "count": 3}`)
		}
	}
	sb.WriteString(`]}}}`)
	d, err := DecodeDesign([]byte(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	sys := d.Sections.Core.Systems
	if len(sys) != 300 {
		t.Fatalf("%d systems", len(sys))
	}
	for i, s := range sys {
		if want := 1 + 2*(i%2); s.Count != want || s.Rating != 1+i%2 || s.Kind != "cmPod" {
			t.Fatalf("system %d: %+v", i, s)
		}
	}
}
