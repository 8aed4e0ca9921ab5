package designer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDocumentBytes is the largest design document accepted (R-LIM-01).
const MaxDocumentBytes = 1 << 20

// DecodeError is a structural problem with a JSON document: it is not
// JSON, or its shape does not match the document format. Path names the
// place in the document (for example sections.fore.weapons[2].sectors).
type DecodeError struct {
	Rule    string // R-JSON-* or R-LIM-01
	Path    string
	Message string
	Offset  int64 // byte offset into the input, when known
}

func (e *DecodeError) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
}

// Problem converts the decode error into a validation problem.
func (e *DecodeError) Problem() Problem {
	return Problem{Rule: e.Rule, Severity: Error, Path: e.Path, Message: e.Message, Hint: decodeHints[e.Rule]}
}

var decodeHints = map[string]string{
	RuleJSONSyntax:    "check the document with a JSON linter; the offset says where reading stopped",
	RuleJSONUnknown:   "remove the field or correct its spelling",
	RuleJSONType:      "give the value the type the format expects",
	RuleJSONDuplicate: "keep one of the two entries",
	RuleLimitBody:     "a design document is at most 1 MiB",
}

// Structural rule identifiers for documents that cannot be read at all.
const (
	RuleJSONSyntax    = "R-JSON-01"
	RuleJSONUnknown   = "R-JSON-02"
	RuleJSONType      = "R-JSON-03"
	RuleJSONDuplicate = "R-JSON-04"
	RuleLimitBody     = "R-LIM-01"
)

// defaulter is implemented by document types whose optional fields have
// defaults other than the zero value.
type defaulter interface{ SetDefaults() }

// DecodeDesign reads one design document strictly: unknown fields, wrong
// types, duplicate keys, trailing data, invalid UTF-8 and documents over
// MaxDocumentBytes are errors naming the JSON path. It checks structure
// only; Validate checks the construction rules.
func DecodeDesign(b []byte) (*Design, error) {
	var d Design
	if err := DecodeStrict(b, &d, MaxDocumentBytes); err != nil {
		return nil, err
	}
	return &d, nil
}

// ReadDesign reads at most MaxDocumentBytes+1 bytes from r and decodes them
// with DecodeDesign.
func ReadDesign(r io.Reader) (*Design, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read design: %w", err)
	}
	return DecodeDesign(b)
}

// DecodeStrict decodes b into v (a pointer) with the strict rules of
// DecodeDesign. A max of 0 means no size limit. The error is a *DecodeError.
func DecodeStrict(b []byte, v any, max int) error {
	if max > 0 && len(b) > max {
		return &DecodeError{Rule: RuleLimitBody, Message: fmt.Sprintf("document is %d bytes; the limit is %d bytes (1 MiB)", len(b), max)}
	}
	if !utf8.Valid(b) {
		off := invalidUTF8Offset(b)
		return &DecodeError{Rule: RuleJSONSyntax, Offset: int64(off), Message: fmt.Sprintf("invalid UTF-8 at byte %d", off)}
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("decode: need a non-nil pointer, got %T", v)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	d := &strictDecoder{dec: dec, fields: map[reflect.Type]*fieldSet{}}
	if df, ok := v.(defaulter); ok {
		df.SetDefaults()
	}
	tok, err := d.token()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return &DecodeError{Rule: RuleJSONSyntax, Message: "empty document: expected a JSON object"}
		}
		return err
	}
	if err := d.value(tok, rv.Elem()); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return &DecodeError{Rule: RuleJSONSyntax, Offset: dec.InputOffset(), Message: fmt.Sprintf("unexpected data after the document at byte %d", dec.InputOffset())}
	}
	return nil
}

func invalidUTF8Offset(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

type pathElem struct {
	key   string
	index int // -1 for keys
}

type fieldSet struct {
	byName map[string]int
	names  []string
}

type strictDecoder struct {
	dec    *json.Decoder
	path   []pathElem
	fields map[reflect.Type]*fieldSet
}

func (d *strictDecoder) pathString() string {
	var sb strings.Builder
	for _, p := range d.path {
		if p.index >= 0 {
			sb.WriteByte('[')
			sb.WriteString(strconv.Itoa(p.index))
			sb.WriteByte(']')
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(p.key)
	}
	return sb.String()
}

func (d *strictDecoder) fail(rule, format string, args ...any) error {
	return &DecodeError{Rule: rule, Path: d.pathString(), Offset: d.dec.InputOffset(), Message: fmt.Sprintf(format, args...)}
}

func (d *strictDecoder) token() (json.Token, error) {
	tok, err := d.dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, err
		}
		msg := err.Error()
		msg = strings.TrimPrefix(msg, "json: ")
		if errors.Is(err, io.ErrUnexpectedEOF) {
			msg = "document ends too early"
		}
		return nil, &DecodeError{Rule: RuleJSONSyntax, Path: d.pathString(), Offset: d.dec.InputOffset(), Message: fmt.Sprintf("not valid JSON at byte %d: %s", d.dec.InputOffset(), msg)}
	}
	return tok, nil
}

// describe names the JSON type of a token for error messages.
func describe(tok json.Token) string {
	switch t := tok.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + string(t)
	case string:
		if len(t) > 40 {
			t = t[:37] + "..."
		}
		return strconv.Quote(t)
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		return "an array"
	}
	return fmt.Sprintf("%v", tok)
}

func (d *strictDecoder) value(tok json.Token, v reflect.Value) error {
	if v.Kind() == reflect.Pointer {
		if tok == nil {
			v.SetZero()
			return nil
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
			if df, ok := v.Interface().(defaulter); ok {
				df.SetDefaults()
			}
		}
		return d.value(tok, v.Elem())
	}
	switch v.Kind() {
	case reflect.String:
		s, ok := tok.(string)
		if !ok {
			return d.fail(RuleJSONType, "expected a string, got %s", describe(tok))
		}
		v.SetString(s)
	case reflect.Bool:
		b, ok := tok.(bool)
		if !ok {
			return d.fail(RuleJSONType, "expected true or false, got %s", describe(tok))
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int64, reflect.Int32:
		n, ok := tok.(json.Number)
		if !ok {
			return d.fail(RuleJSONType, "expected a whole number, got %s", describe(tok))
		}
		i, err := strconv.ParseInt(string(n), 10, 32)
		if err != nil {
			f, ferr := strconv.ParseFloat(string(n), 64)
			switch {
			case ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1e9:
				i = int64(f) // 2.0 or 2e1: a whole number in another spelling
			case ferr == nil && f != math.Trunc(f):
				return d.fail(RuleJSONType, "expected a whole number, got %s", n)
			default:
				return d.fail(RuleJSONType, "number %s is out of range (at most %d)", n, math.MaxInt32)
			}
		}
		v.SetInt(i)
	case reflect.Float64:
		n, ok := tok.(json.Number)
		if !ok {
			return d.fail(RuleJSONType, "expected a number, got %s", describe(tok))
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || math.IsInf(f, 0) || math.Abs(f) > 1e15 {
			return d.fail(RuleJSONType, "number %s is out of range", n)
		}
		v.SetFloat(f)
	case reflect.Slice, reflect.Map:
		if tok == nil { // null reads as an empty list or object, as in encoding/json
			v.SetZero()
			return nil
		}
		if v.Kind() == reflect.Map {
			if delim, ok := tok.(json.Delim); !ok || delim != '{' {
				return d.fail(RuleJSONType, "expected an object, got %s", describe(tok))
			}
			return d.mapValue(v)
		}
		if delim, ok := tok.(json.Delim); !ok || delim != '[' {
			return d.fail(RuleJSONType, "expected an array, got %s", describe(tok))
		}
		return d.array(v)
	case reflect.Struct:
		if delim, ok := tok.(json.Delim); !ok || delim != '{' {
			return d.fail(RuleJSONType, "expected an object, got %s", describe(tok))
		}
		return d.object(v)
	default:
		return fmt.Errorf("decode: unsupported field type %s at %s", v.Type(), d.pathString())
	}
	return nil
}

func (d *strictDecoder) array(v reflect.Value) error {
	v.Set(reflect.MakeSlice(v.Type(), 0, 4))
	for i := 0; ; i++ {
		d.path = append(d.path, pathElem{index: i})
		tok, err := d.token()
		if err != nil {
			return d.eof(err)
		}
		if delim, ok := tok.(json.Delim); ok && delim == ']' {
			d.path = d.path[:len(d.path)-1]
			return nil
		}
		elem := reflect.New(v.Type().Elem())
		if df, ok := elem.Interface().(defaulter); ok {
			df.SetDefaults()
		}
		if err := d.value(tok, elem.Elem()); err != nil {
			return err
		}
		v.Set(reflect.Append(v, elem.Elem()))
		d.path = d.path[:len(d.path)-1]
	}
}

func (d *strictDecoder) eof(err error) error {
	if err == io.EOF {
		return d.fail(RuleJSONSyntax, "document ends too early")
	}
	return err
}

func (d *strictDecoder) mapValue(v reflect.Value) error {
	if v.Type().Key().Kind() != reflect.String {
		return fmt.Errorf("decode: map key type %s unsupported", v.Type().Key())
	}
	v.Set(reflect.MakeMap(v.Type()))
	for {
		tok, err := d.token()
		if err != nil {
			return d.eof(err)
		}
		if delim, ok := tok.(json.Delim); ok && delim == '}' {
			return nil
		}
		key := tok.(string) // the tokenizer guarantees object keys are strings
		d.path = append(d.path, pathElem{key: key, index: -1})
		if v.MapIndex(reflect.ValueOf(key)).IsValid() {
			return d.fail(RuleJSONDuplicate, "duplicate key %q", key)
		}
		tok, err = d.token()
		if err != nil {
			return d.eof(err)
		}
		elem := reflect.New(v.Type().Elem()).Elem()
		if err := d.value(tok, elem); err != nil {
			return err
		}
		v.SetMapIndex(reflect.ValueOf(key).Convert(v.Type().Key()), elem)
		d.path = d.path[:len(d.path)-1]
	}
}

func (d *strictDecoder) fieldsOf(t reflect.Type) *fieldSet {
	if fs, ok := d.fields[t]; ok {
		return fs
	}
	fs := &fieldSet{byName: map[string]int{}}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs.byName[name] = i
		fs.names = append(fs.names, name)
	}
	d.fields[t] = fs
	return fs
}

func (d *strictDecoder) object(v reflect.Value) error {
	fs := d.fieldsOf(v.Type())
	var seen uint64 // structs here have fewer than 64 fields
	for {
		tok, err := d.token()
		if err != nil {
			return d.eof(err)
		}
		if delim, ok := tok.(json.Delim); ok && delim == '}' {
			return nil
		}
		key := tok.(string)
		d.path = append(d.path, pathElem{key: key, index: -1})
		idx, ok := fs.byName[key]
		if !ok {
			return d.fail(RuleJSONUnknown, "unknown field %q; allowed here: %s", key, strings.Join(fs.names, ", "))
		}
		if seen&(1<<uint(idx)) != 0 {
			return d.fail(RuleJSONDuplicate, "duplicate key %q", key)
		}
		seen |= 1 << uint(idx)
		tok, err = d.token()
		if err != nil {
			return d.eof(err)
		}
		if err := d.value(tok, v.Field(idx)); err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
	}
}
