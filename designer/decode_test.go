package designer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
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
		{"invalid UTF-8", append([]byte(`{"name": "`), 0xff, 0xfe, '"', '}'), RuleJSONSyntax, "name", "Class name: is not UTF-8 text: byte 10 "},
		{"invalid UTF-8 in a field name", append([]byte(`{"na`), 0xff, '"', ':', '1', '}'), RuleJSONSyntax, "", "The file has a field name that is not UTF-8 text: byte 4 "},
		{"invalid UTF-8 outside a string", append([]byte(`{"name": "a", "scale": 1`), 0xff, '}'), RuleJSONSyntax, "", "The file is not UTF-8 text: byte 24 "},
		{"invalid UTF-8 after a fault", append([]byte(`{"colour": "`), 0xff, '"', '}'), RuleJSONUnknown, "colour", "Slipway knows no field ‘colour’ here"},
		{"deep nesting", []byte(`{"name": ` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`), RuleJSONType, "name", "Class name: text belongs here, not a list"},
		{"deep nesting at top", []byte(strings.Repeat("[", 10000) + strings.Repeat("]", 10000)), RuleJSONType, "", "A group of fields belongs here, not a list"},
		{"deep nesting in unknown field", []byte(`{"x": ` + strings.Repeat(`{"a":`, 10000) + `1` + strings.Repeat("}", 10000) + `}`), RuleJSONUnknown, "x", "Slipway knows no field ‘x’ here"},
		{"NaN", []byte(`{"techLevel": NaN}`), RuleJSONSyntax, "techLevel", "Tech level: the file cannot be read past byte 14"},
		{"1e308", []byte(`{"techLevel": 1e308}`), RuleJSONType, "techLevel", "1e308 is too large"},
		{"fraction", []byte(`{"techLevel": 5.5}`), RuleJSONType, "techLevel", "whole number"},
		{"duplicate key", []byte(`{"name": "a", "name": "b"}`), RuleJSONDuplicate, "name", "Class name: it is given twice"},
		{"duplicate map key", []byte(`{"hangarBays": [{"loadout": {"a": 1, "a": 2}}]}`), RuleJSONDuplicate, "hangarBays[0].loadout.a", "Hangar bay definition 1, loadout of ‘a’: it is given twice"},
		{"trailing data", append(append([]byte(nil), ref...), []byte(`{}`)...), RuleJSONSyntax, "", "The file goes on after the design ends"},
		{"truncated", []byte(`{"name": "x", "sections": {"core": {"layers": [`), RuleJSONSyntax, "sections.core.layers[0]", "ends too early"},
		{"empty", nil, RuleJSONSyntax, "", "The file is empty"},
		{"wrong type deep", []byte(`{"sections": {"fore": {"weapons": [{}, {}, {"sectors": "all"}]}}}`), RuleJSONType, "sections.fore.weapons[2].sectors", "Fore section, mount 3, firing sectors: a list belongs here, not the text ‘all’"},
		{"unknown section", []byte(`{"sections": {"bow": {}}}`), RuleJSONUnknown, "sections.bow", "Sections: Slipway knows no field ‘bow’ here; the fields here are core, fore, aft, port and starboard"},
		{"string for int", []byte(`{"sections": {"core": {"layers": [{"hullHits": "10"}]}}}`), RuleJSONType, "sections.core.layers[0].hullHits", "Core section, layer 1, hull hits: a whole number belongs here, not the text ‘10’"},
		{"too large", append(bytes.Repeat([]byte(" "), MaxDocumentBytes), '{', '}'), RuleLimitBody, "", "the limit is 1,048,576 bytes"},
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

// TestDecodeRoundTrip checks encode/decode/encode is stable; that no
// member is lost on the way is TestDecodeRoundTripFieldByField's job.
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

// fieldDefaults are the values the decoder gives a field the document
// omits, besides the zero value (Design.SetDefaults and the entries'
// SetDefaults); TestDecodeDefaults checks the decoder applies them.
var fieldDefaults = map[string]any{
	"scale": json.Number("1000"), "crewQuality": json.Number("1"), "commandQuality": "D2",
	"damageControl": "D4", "count": json.Number("1"), "interceptable": true,
}

// roundTripSources lists every design document the round trip reads:
// the samples, the reference cruiser, every invalid fixture and the
// every-field document (whose values differ from the defaults in every
// field, so none can be dropped unnoticed).
func roundTripSources(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, g := range []string{"../data/samples/*.json", "../testdata/*.json", filepath.Join(invalidDir, "R-*.json"), "testdata/*.json"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d design documents found", len(files))
	}
	return files
}

// TestDecodeRoundTripFieldByField decodes every design document,
// encodes the result and compares it with the source parsed as plain
// JSON, member by member: a value the decoder dropped, altered or made up
// fails. A member the source omits may come back only with its zero
// value or its documented default; a member the source gives its zero
// value may be omitted. Every field of the format must appear with a
// value other than its zero and default in some source, so the check
// covers all of them.
func TestDecodeRoundTripFieldByField(t *testing.T) {
	covered := map[string]bool{}
	decoded := 0
	for _, f := range roundTripSources(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := DecodeDesign(src)
		if err != nil {
			if _, ok := err.(*DecodeError); !ok {
				t.Fatalf("%s: %v", f, err)
			}
			continue // a structural fixture: nothing decoded to compare
		}
		decoded++
		want := parseGeneric(t, f, src)
		got := parseGeneric(t, f+" re-encoded", encodeDesign(t, d))
		for _, diff := range compareJSON("", want, got) {
			t.Errorf("%s: %s", f, diff)
		}
		coverFields(reflect.TypeOf(Design{}), want, covered)
	}
	if decoded < 20 {
		t.Fatalf("only %d documents decoded", decoded)
	}
	var missing []string
	for _, f := range formatFields(reflect.TypeOf(Design{}), map[reflect.Type]bool{}) {
		if !covered[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		t.Errorf("no source document gives these fields a value other than zero or the default, so a decoder dropping them would pass; add them to designer/testdata/every-field.json: %s",
			strings.Join(missing, ", "))
	}
}

// TestCompareJSONCatchesDrops shows the comparison fails when a member
// is dropped, altered or made up, so the round trip cannot pass
// vacuously.
func TestCompareJSONCatchesDrops(t *testing.T) {
	src := parseGeneric(t, "src", []byte(`{"name": "A", "techLevel": 5, "tags": ["x"], "scale": 10, "weapons": [{"interceptable": false}],
		"sections": {"core": {"layers": [{"hullHits": 4, "crew": 0}], "systems": [{"kind": "bridge", "count": 0}]}}}`))
	tests := []struct {
		name, enc string
		ok        bool
	}{
		{"same", `{"name": "A", "techLevel": 5.0, "tags": ["x"], "scale": 10, "hull": "", "crewQuality": 1, "weapons": [{"interceptable": false}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, true},
		{"dropped", `{"name": "A", "tags": ["x"], "scale": 10, "weapons": [{"interceptable": false}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
		{"altered", `{"name": "A", "techLevel": 6, "tags": ["x"], "scale": 10, "weapons": [{"interceptable": false}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
		{"explicit zero defaulted", `{"name": "A", "techLevel": 5, "tags": ["x"], "scale": 10, "weapons": [{"interceptable": false}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 1}]}}}`, false},
		{"made up", `{"name": "A", "techLevel": 5, "tags": ["x"], "scale": 10, "weapons": [{"interceptable": false}], "universe": "B",
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
		{"wrong default", `{"name": "A", "techLevel": 5, "tags": ["x"], "scale": 10, "weapons": [{"interceptable": false}], "crewQuality": 2,
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
		{"explicit false defaulted", `{"name": "A", "techLevel": 5, "tags": ["x"], "scale": 10, "weapons": [{"interceptable": true}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
		{"dropped defaulted", `{"name": "A", "techLevel": 5, "tags": ["x"], "scale": 10, "weapons": [{}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
		{"lost element", `{"name": "A", "techLevel": 5, "tags": [], "scale": 10, "weapons": [{"interceptable": false}],
			"sections": {"core": {"layers": [{"hullHits": 4}], "systems": [{"kind": "bridge", "count": 0}]}}}`, false},
	}
	for _, tt := range tests {
		diffs := compareJSON("", src, parseGeneric(t, tt.name, []byte(tt.enc)))
		if (len(diffs) == 0) != tt.ok {
			t.Errorf("%s: differences %q, want ok=%v", tt.name, diffs, tt.ok)
		}
	}
}

// parseGeneric parses JSON into maps, slices and json.Number.
func parseGeneric(t *testing.T, name string, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// compareJSON lists how got differs from want, with JSON paths.
func compareJSON(path string, want, got any) []string {
	if isZeroJSON(want) && isZeroJSON(got) {
		// null, [], {}, "", 0 and false all decode to the zero value
		// (explicit values of defaulted fields are compared by the
		// object case, where the member's name is known).
		return nil
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: %v became %v", pathOr(path), want, got)}
		}
		var out []string
		for _, k := range jsonKeys(w) {
			gv, ok := g[k]
			if !ok {
				// An omitted member decodes to its default, or else to
				// its zero value.
				def, hasDef := fieldDefaults[k]
				if hasDef && !sameJSON(def, w[k]) || !hasDef && !isZeroJSON(w[k]) {
					out = append(out, fmt.Sprintf("%s: dropped (was %v)", join(path, k), w[k]))
				}
				continue
			}
			out = append(out, compareJSON(join(path, k), w[k], gv)...)
		}
		for _, k := range jsonKeys(g) {
			if _, ok := w[k]; ok || isZeroJSON(g[k]) {
				continue
			}
			if def, ok := fieldDefaults[k]; ok && sameJSON(def, g[k]) {
				continue
			}
			out = append(out, fmt.Sprintf("%s: absent from the source but decoded as %v", join(path, k), g[k]))
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: %v became %v", pathOr(path), want, got)}
		}
		var out []string
		for i := range w {
			out = append(out, compareJSON(fmt.Sprintf("%s[%d]", path, i), w[i], g[i])...)
		}
		return out
	case json.Number:
		g, ok := got.(json.Number)
		a, aok := new(big.Rat).SetString(string(w))
		b, bok := new(big.Rat).SetString(string(g))
		if !ok || !aok || !bok || a.Cmp(b) != 0 {
			return []string{fmt.Sprintf("%s: %v became %v", pathOr(path), want, got)}
		}
		return nil
	}
	if want != got {
		return []string{fmt.Sprintf("%s: %v became %v", pathOr(path), want, got)}
	}
	return nil
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b any) bool { return len(compareJSON("", a, b)) == 0 }

// isZeroJSON reports whether v decodes to a Go zero value: null, false,
// 0, "", an empty array or object.
func isZeroJSON(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		return ok && r.Sign() == 0
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// coverFields records, as "Type.member", every struct field that v (a
// source document parsed generically, of Go type t) gives a value other
// than its zero value and its default.
func coverFields(t reflect.Type, v any, covered map[string]bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fv, ok := m[name]
			if !f.IsExported() || name == "-" || !ok {
				continue
			}
			// A defaulted field is covered by any other value, zero
			// included; the rest by a value other than zero.
			def, hasDef := fieldDefaults[name]
			if hasDef && !sameJSON(def, fv) || !hasDef && !isZeroJSON(fv) {
				covered[t.Name()+"."+name] = true
			}
			coverFields(f.Type, fv, covered)
		}
	case reflect.Slice:
		if a, ok := v.([]any); ok {
			for _, e := range a {
				coverFields(t.Elem(), e, covered)
			}
		}
	case reflect.Map:
		if m, ok := v.(map[string]any); ok {
			for _, e := range m {
				coverFields(t.Elem(), e, covered)
			}
		}
	}
}

// formatFields lists every struct field of the format reachable from t,
// as "Type.member".
func formatFields(t reflect.Type, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return nil
	}
	seen[t] = true
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		out = append(out, t.Name()+"."+name)
		out = append(out, formatFields(f.Type, seen)...)
	}
	return out
}

func jsonKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func pathOr(path string) string {
	if path == "" {
		return "(document)"
	}
	return path
}
