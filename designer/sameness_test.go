package designer

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
)

// The sameness test pins what decoding, validation, tier and loads give for
// every document in the repository and for many deterministic mutations of
// them: the decoded value (nil and empty told apart), every decode error
// (rule, path, message, offset), every problem (rule, severity, path,
// message, hint) in order, the tier report and the load item paths. Each
// group of inputs is summarised by a SHA-256 in testdata/sameness.golden,
// so that a speed-up of the decoder or the validator can prove it changed
// no answer. With SLIPWAY_SAMENESS_DUMP=DIR the test writes every group's
// full rendering to DIR, to diff two versions when a digest moves.

const samenessGolden = "testdata/sameness.golden"

type samenessInput struct {
	name string
	b    []byte
}

// samenessDocs collects every design document the repository holds.
func samenessDocs(t *testing.T) []samenessInput {
	t.Helper()
	var out []samenessInput
	globs := []string{"../testdata/*.json", "../testdata/invalid/*.json", "testdata/*.json", "../data/samples/*.json"}
	for _, g := range globs {
		files, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(files)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, samenessInput{f, b})
		}
	}
	files, err := filepath.Glob("testdata/fuzz/FuzzDecodeValidate/*")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, samenessInput{f, fuzzSeed(t, f, b)})
	}
	return out
}

// fuzzSeed reads a corpus file of the form "go test fuzz v1\n[]byte(...)".
func fuzzSeed(t *testing.T, name string, b []byte) []byte {
	t.Helper()
	_, rest, ok := bytes.Cut(b, []byte("\n"))
	rest = bytes.TrimSpace(rest)
	if !ok || !bytes.HasPrefix(rest, []byte("[]byte(")) || !bytes.HasSuffix(rest, []byte(")")) {
		t.Fatalf("%s: not a fuzz corpus file", name)
	}
	s, err := strconv.Unquote(string(rest[len("[]byte(") : len(rest)-1]))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return []byte(s)
}

// byteMutations derives deterministic broken variants of b: truncations,
// replaced, deleted and inserted bytes at positions spread over b.
func byteMutations(b []byte, seed uint64, n int) [][]byte {
	r := rand.New(rand.NewPCG(seed, 12))
	repl := []byte("\"\\,:{}[]x1-0.eE tfn\x00\x7f\xff\xc3")
	words := []string{`null`, `true`, `""`, `[]`, `{}`, `-1`, `1e3`, `2.5`, `99999999999`, `"x"`, `"\u00e9"`, `"\ud800"`, `"a\nb"`}
	out := make([][]byte, 0, n)
	for len(out) < n && len(b) > 0 {
		i := r.IntN(len(b))
		var m []byte
		switch r.IntN(5) {
		case 0:
			m = bytes.Clone(b[:i])
		case 1:
			m = bytes.Clone(b)
			m[i] = repl[r.IntN(len(repl))]
		case 2:
			m = append(bytes.Clone(b[:i]), b[i+1:]...)
		case 3:
			m = append(append(bytes.Clone(b[:i]), repl[r.IntN(len(repl))]), b[i:]...)
		case 4:
			// replace a JSON value after a colon with another value
			j := bytes.IndexByte(b[i:], ':')
			if j < 0 {
				continue
			}
			j += i + 1
			k := j
			for k < len(b) && b[k] != ',' && b[k] != '}' && b[k] != ']' && b[k] != '\n' {
				k++
			}
			m = append(append(bytes.Clone(b[:j]), words[r.IntN(len(words))]...), b[k:]...)
		}
		out = append(out, m)
	}
	return out
}

// designMutations derives deterministic odd designs from d by setting
// numbers, strings and lists at random places, to walk validation's error
// paths.
func designMutations(t *testing.T, b []byte, seed uint64, n int) []*Design {
	r := rand.New(rand.NewPCG(seed, 34))
	c := BuiltinCatalogue()
	vocab := []string{"", "x", "core", "fore", "aft", "port", "starboard", "foreAft", "portStarboard",
		"energy", "kinetic", "energyKinetic", "D1", "D4", "D6", "D7", "cinematic", "newtonian", "metallic",
		"biological", "raking", "direct", "indirect", "limited", "oneShot", "starships", "other", "AM", "UN",
		"PO", "QM", "ftl", "heavy-laser", "railgun", "point-defence", "fighters", "bay", "\x01", "  ", strings.Repeat("long", 30)}
	for _, k := range c.Kinds {
		vocab = append(vocab, k.Kind)
	}
	var out []*Design
	for len(out) < n {
		d, err := DecodeDesign(b)
		if err != nil {
			t.Fatal(err)
		}
		for range 1 + r.IntN(4) {
			mutateValue(r, reflect.ValueOf(d).Elem(), vocab, 0)
		}
		out = append(out, d)
	}
	return out
}

func mutateValue(r *rand.Rand, v reflect.Value, vocab []string, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			if r.IntN(3) == 0 && depth < 6 {
				v.Set(reflect.New(v.Type().Elem()))
			}
			return
		}
		if r.IntN(12) == 0 {
			v.SetZero()
			return
		}
		mutateValue(r, v.Elem(), vocab, depth+1)
	case reflect.Struct:
		mutateValue(r, v.Field(r.IntN(v.NumField())), vocab, depth+1)
	case reflect.Slice:
		switch {
		case v.Len() > 0 && r.IntN(4) != 0:
			mutateValue(r, v.Index(r.IntN(v.Len())), vocab, depth+1)
		case v.Len() > 0 && r.IntN(2) == 0:
			v.Set(reflect.Append(v, v.Index(r.IntN(v.Len()))))
		case v.Len() > 0:
			v.SetLen(v.Len() - 1)
		default:
			v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
		}
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		k := reflect.ValueOf(vocab[r.IntN(len(vocab))]).Convert(v.Type().Key())
		e := reflect.New(v.Type().Elem()).Elem()
		mutateValue(r, e, vocab, depth+1)
		v.SetMapIndex(k, e)
	case reflect.String:
		v.SetString(vocab[r.IntN(len(vocab))])
	case reflect.Int:
		v.SetInt(int64(r.IntN(40) - 5))
	case reflect.Bool:
		v.SetBool(!v.Bool())
	}
}

// render writes a value with nil and empty told apart and map keys sorted.
func render(w *bytes.Buffer, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			w.WriteString("nil")
			return
		}
		w.WriteString("&")
		render(w, v.Elem())
	case reflect.Struct:
		w.WriteString(v.Type().Name() + "{")
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			w.WriteString(v.Type().Field(i).Name + ":")
			render(w, v.Field(i))
			w.WriteString(" ")
		}
		w.WriteString("}")
	case reflect.Slice:
		if v.IsNil() {
			w.WriteString("nil-slice")
			return
		}
		w.WriteString("[")
		for i := range v.Len() {
			render(w, v.Index(i))
			w.WriteString(",")
		}
		w.WriteString("]")
	case reflect.Map:
		if v.IsNil() {
			w.WriteString("nil-map")
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		w.WriteString("map[")
		for _, k := range keys {
			w.WriteString(strconv.Quote(k.String()) + ":")
			render(w, v.MapIndex(k))
			w.WriteString(",")
		}
		w.WriteString("]")
	case reflect.String:
		w.WriteString(strconv.Quote(v.String()))
	default:
		fmt.Fprintf(w, "%v", v.Interface())
	}
}

func renderErr(w *bytes.Buffer, err error) {
	if de, ok := err.(*DecodeError); ok {
		fmt.Fprintf(w, "decode error %s | %q | %q | %d\n", de.Rule, de.Path, de.Message, de.Offset)
		return
	}
	fmt.Fprintf(w, "error %T %q\n", err, err.Error())
}

// renderDesign writes what validation, tier and loads say of d.
func renderDesign(w *bytes.Buffer, c *Catalogue, d *Design) {
	render(w, reflect.ValueOf(d))
	w.WriteString("\n")
	for _, opt := range []Options{{}, {TierLimit: 1}, {TierLimit: 2}} {
		fmt.Fprintf(w, "validate %d:\n", opt.TierLimit)
		for _, p := range c.Validate(d, opt) {
			fmt.Fprintf(w, "  %s | %s | %q | %q | %q\n", p.Rule, p.Severity, p.Path, p.Message, p.Hint)
		}
	}
	fmt.Fprintf(w, "tier %+v\n", c.Tier(d))
	for _, sl := range c.Loads(d) {
		for _, it := range sl.Items {
			fmt.Fprintf(w, "  load %s %q %v %v\n", it.Path, it.What, it.Power, it.Space)
		}
	}
	fmt.Fprintf(w, "space %+v\n", c.Space(d))
}

func renderDoc(w *bytes.Buffer, c *Catalogue, b []byte) {
	d, err := DecodeDesign(b)
	if err != nil {
		renderErr(w, err)
		return
	}
	renderDesign(w, c, d)
}

// samenessGroups renders every group of inputs.
func samenessGroups(t *testing.T) map[string][]byte {
	c := BuiltinCatalogue()
	groups := map[string][]byte{}
	docs := samenessDocs(t)
	for i, in := range docs {
		var w bytes.Buffer
		renderDoc(&w, c, in.b)
		groups["doc "+in.name] = bytes.Clone(w.Bytes())

		w.Reset()
		for _, m := range byteMutations(in.b, uint64(i), 150) {
			renderDoc(&w, c, m)
		}
		groups["bytes "+in.name] = bytes.Clone(w.Bytes())

		if d, err := DecodeDesign(in.b); err == nil {
			w.Reset()
			for _, d := range designMutations(t, in.b, uint64(i), 40) {
				renderDesign(&w, c, d)
			}
			groups["design "+in.name] = bytes.Clone(w.Bytes())
			// The document as the library stores it: compact, fields in
			// declaration order.
			stored, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			w.Reset()
			renderDoc(&w, c, stored)
			for _, m := range byteMutations(stored, uint64(i)+500, 60) {
				renderDoc(&w, c, m)
			}
			groups["stored "+in.name] = bytes.Clone(w.Bytes())
		}
	}
	// Other types through DecodeStrict: the catalogue (maps, pointers,
	// floats) and an array of designs (as the importer reads).
	cat := data.CatalogueJSON()
	var w bytes.Buffer
	for j, m := range append([][]byte{cat}, byteMutations(cat, 99, 300)...) {
		var got Catalogue
		if err := DecodeStrict(m, &got, 0); err != nil {
			renderErr(&w, err)
			continue
		}
		if j == 0 {
			render(&w, reflect.ValueOf(&got))
		}
		w.WriteString("ok\n")
	}
	groups["catalogue"] = bytes.Clone(w.Bytes())
	w.Reset()
	arr := []byte("[" + string(docs[0].b) + "," + string(docs[0].b) + ", null]")
	for _, m := range append([][]byte{arr, []byte("[]"), []byte("null"), []byte(" [ ] ")}, byteMutations(arr, 98, 200)...) {
		var all []*Design
		if err := DecodeStrict(m, &all, 0); err != nil {
			renderErr(&w, err)
			continue
		}
		render(&w, reflect.ValueOf(all))
		w.WriteString("\n")
	}
	groups["design array"] = bytes.Clone(w.Bytes())
	// Decoding into a value that already holds data.
	w.Reset()
	for _, m := range [][]byte{docs[0].b, []byte(`{"tags": ["a"], "sections": {"core": {"layers": [{"hullHits": 2}]}}}`), []byte(`{"tags": [], "weapons": null}`)} {
		d, _ := DecodeDesign(docs[0].b)
		err := DecodeStrict(m, d, 0)
		if err != nil {
			renderErr(&w, err)
		}
		render(&w, reflect.ValueOf(d))
		w.WriteString("\n")
	}
	groups["refill"] = bytes.Clone(w.Bytes())
	// Values the decoder does not support are errors when reached.
	w.Reset()
	type odd struct {
		A uint8
		B []byte
		C any
		D map[int]int
		E int32
		F int64
		G *int
		H float64
		I bool
		J string `json:"-"`
		K string `json:"k,omitempty"`
		L struct{ X int }
	}
	for _, m := range []string{`{"A": 1}`, `{"B": "x"}`, `{"B": [1]}`, `{"B": null}`, `{"C": 1}`, `{"D": {"1": 2}}`, `{"D": {}}`,
		`{"E": 2147483648}`, `{"E": -2147483648}`, `{"F": 3.0}`, `{"F": 3.5}`, `{"G": null}`, `{"G": 7}`, `{"H": 1e16}`, `{"H": -0.5e-3}`,
		`{"I": true, "I": false}`, `{"J": "x"}`, `{"k": "x"}`, `{"K": "x"}`, `{"L": {"X": 1}}`, `{"L": {"x": 1}}`, `{"L": []}`, `{"H": "1"}`} {
		var o odd
		if err := DecodeStrict([]byte(m), &o, 0); err != nil {
			renderErr(&w, err)
			continue
		}
		render(&w, reflect.ValueOf(o))
		w.WriteString("\n")
	}
	groups["odd types"] = bytes.Clone(w.Bytes())
	return groups
}

func TestSameness(t *testing.T) {
	groups := samenessGroups(t)
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	if dir := os.Getenv("SLIPWAY_SAMENESS_DUMP"); dir != "" {
		for _, n := range names {
			f := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(n))
			if err := os.WriteFile(f, groups[n], 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var got bytes.Buffer
	for _, n := range names {
		sum := sha256.Sum256(groups[n])
		fmt.Fprintf(&got, "%s %s\n", hex.EncodeToString(sum[:]), n)
	}
	if *updateFixtures {
		if err := os.WriteFile(samenessGolden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(samenessGolden)
	if err != nil {
		t.Fatalf("%v (run go test ./designer -run TestSameness -update)", err)
	}
	wantSums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(want))
	for sc.Scan() {
		sum, name, _ := strings.Cut(sc.Text(), " ")
		wantSums[name] = sum
	}
	gotSums := map[string]string{}
	sc = bufio.NewScanner(bytes.NewReader(got.Bytes()))
	for sc.Scan() {
		sum, name, _ := strings.Cut(sc.Text(), " ")
		gotSums[name] = sum
	}
	for _, n := range names {
		if wantSums[n] != gotSums[n] {
			t.Errorf("%s: rendering changed (SLIPWAY_SAMENESS_DUMP=DIR writes it out for a diff)", n)
		}
	}
	for n := range wantSums {
		if _, ok := gotSums[n]; !ok {
			t.Errorf("%s: group missing", n)
		}
	}
}
