package designer

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
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

// Error renders the problem as "path: message".
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
	if df, ok := v.(defaulter); ok {
		df.SetDefaults()
	}
	s := &scanner{b: b}
	s.ws()
	if s.i == len(b) {
		return &DecodeError{Rule: RuleJSONSyntax, Message: "empty document: expected a JSON object"}
	}
	if err := s.value(rv.Elem()); err != nil {
		return err
	}
	s.ws()
	if s.i != len(b) {
		return &DecodeError{Rule: RuleJSONSyntax, Offset: int64(s.i), Message: fmt.Sprintf("unexpected data after the document at byte %d", s.i)}
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

type fieldSet struct {
	byName map[string]int // JSON name to struct field index
	names  []string       // JSON names in field order, for messages
	nameOf []string       // JSON name by struct field index
}

// scanner is a strict recursive-descent JSON reader that decodes straight
// into Go values by reflection. It never skips a value: an unknown field or
// a value of the wrong type stops it at once, so its recursion depth is
// bounded by the depth of the Go types, whatever the input's nesting.
type scanner struct {
	b    []byte
	i    int
	path path
	buf  []byte // scratch for strings with escapes
}

func (s *scanner) fail(rule, format string, args ...any) error {
	return &DecodeError{Rule: rule, Path: s.path.String(), Offset: int64(s.i), Message: fmt.Sprintf(format, args...)}
}

// syntax reports malformed JSON at the current offset.
func (s *scanner) syntax(expected string) error {
	if s.i >= len(s.b) {
		return s.fail(RuleJSONSyntax, "document ends too early")
	}
	r, _ := utf8.DecodeRune(s.b[s.i:])
	return s.fail(RuleJSONSyntax, "not valid JSON at byte %d: unexpected %q, expected %s", s.i, r, expected)
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// describe names the JSON value starting at the current offset, for type
// errors. It reads at most one scalar and never descends.
func (s *scanner) describe() string {
	if s.i >= len(s.b) {
		return "the end of the document"
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		save := s.i
		str, err := s.str()
		s.i = save
		if err != nil {
			return "a string"
		}
		if len(str) > 40 {
			str = str[:37] + "..."
		}
		return strconv.Quote(str)
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || (c >= '0' && c <= '9'):
		save := s.i
		num, _, err := s.number()
		s.i = save
		if err != nil {
			return "a number"
		}
		return "the number " + string(num)
	}
	r, _ := utf8.DecodeRune(s.b[s.i:])
	return fmt.Sprintf("the character %q", r)
}

// literal consumes the literal word (true, false, null) or fails.
func (s *scanner) literal(word string) error {
	if !bytes.HasPrefix(s.b[s.i:], []byte(word)) {
		return s.syntax("a JSON value")
	}
	s.i += len(word)
	return nil
}

// str reads a JSON string at the current offset.
func (s *scanner) str() (string, error) {
	raw, err := s.rawStr()
	return string(raw), err
}

// rawStr reads a JSON string at the current offset and returns its
// decoded bytes: a slice of the input when the string has no escapes,
// else of a scratch buffer that the next call reuses.
func (s *scanner) rawStr() ([]byte, error) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, s.syntax("a string")
	}
	s.i++
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			out := s.b[start:s.i]
			s.i++
			return out, nil
		case c == '\\':
			return s.strEscaped(start)
		case c < 0x20:
			return nil, s.fail(RuleJSONSyntax, "not valid JSON at byte %d: control character in a string", s.i)
		}
		s.i++
	}
	return nil, s.syntax("the end of the string")
}

func (s *scanner) strEscaped(start int) ([]byte, error) {
	s.buf = append(s.buf[:0], s.b[start:s.i]...)
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.buf, nil
		case c < 0x20:
			return nil, s.fail(RuleJSONSyntax, "not valid JSON at byte %d: control character in a string", s.i)
		case c != '\\':
			s.buf = append(s.buf, c)
			s.i++
			continue
		}
		if s.i+1 >= len(s.b) {
			break
		}
		s.i++
		switch e := s.b[s.i]; e {
		case '"', '\\', '/':
			s.buf = append(s.buf, e)
		case 'b':
			s.buf = append(s.buf, '\b')
		case 'f':
			s.buf = append(s.buf, '\f')
		case 'n':
			s.buf = append(s.buf, '\n')
		case 'r':
			s.buf = append(s.buf, '\r')
		case 't':
			s.buf = append(s.buf, '\t')
		case 'u':
			r, ok := s.hex4(s.i + 1)
			if !ok {
				return nil, s.fail(RuleJSONSyntax, "not valid JSON at byte %d: bad \\u escape", s.i)
			}
			s.i += 4
			if utf16.IsSurrogate(r) {
				if r2, ok := s.hex4(s.i + 3); ok && s.i+2 < len(s.b) && s.b[s.i+1] == '\\' && s.b[s.i+2] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						r = dec
						s.i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			s.buf = utf8.AppendRune(s.buf, r)
		default:
			return nil, s.fail(RuleJSONSyntax, "not valid JSON at byte %d: unknown escape \\%c", s.i, e)
		}
		s.i++
	}
	return nil, s.syntax("the end of the string")
}

func (s *scanner) hex4(at int) (rune, bool) {
	if at+4 > len(s.b) {
		return 0, false
	}
	var r rune
	for _, c := range s.b[at : at+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// number reads a JSON number and reports whether it is an integer
// literal (no fraction or exponent).
func (s *scanner) number() (num []byte, integer bool, err error) {
	start := s.i
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return nil, false, s.syntax("a digit")
	}
	integer = true
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		integer = false
		if digits() == 0 {
			return nil, false, s.syntax("a digit after the decimal point")
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		integer = false
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return nil, false, s.syntax("a digit in the exponent")
		}
	}
	return s.b[start:s.i], integer, nil
}

func (s *scanner) value(v reflect.Value) error {
	s.ws()
	if s.i >= len(s.b) {
		return s.fail(RuleJSONSyntax, "document ends too early")
	}
	c := s.b[s.i]
	if v.Kind() == reflect.Pointer {
		if c == 'n' {
			v.SetZero()
			return s.literal("null")
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
			if df, ok := v.Interface().(defaulter); ok {
				df.SetDefaults()
			}
		}
		return s.value(v.Elem())
	}
	switch v.Kind() {
	case reflect.String:
		if c != '"' {
			return s.typeError("a string")
		}
		str, err := s.str()
		if err != nil {
			return err
		}
		v.SetString(str)
	case reflect.Bool:
		switch c {
		case 't':
			v.SetBool(true)
			return s.literal("true")
		case 'f':
			v.SetBool(false)
			return s.literal("false")
		}
		return s.typeError("true or false")
	case reflect.Int, reflect.Int64, reflect.Int32:
		if c != '-' && (c < '0' || c > '9') {
			return s.typeError("a whole number")
		}
		at := s.i
		num, integer, err := s.number()
		if err != nil {
			return err
		}
		n, ok := parseWhole(num, integer)
		if !ok {
			s.i = at
			if f, ferr := strconv.ParseFloat(string(num), 64); ferr == nil && f != math.Trunc(f) {
				return s.fail(RuleJSONType, "expected a whole number, got %s", num)
			}
			return s.fail(RuleJSONType, "number %s is out of range (at most %d)", num, math.MaxInt32)
		}
		v.SetInt(n)
	case reflect.Float64:
		if c != '-' && (c < '0' || c > '9') {
			return s.typeError("a number")
		}
		num, _, err := s.number()
		if err != nil {
			return err
		}
		f, ferr := strconv.ParseFloat(string(num), 64)
		if ferr != nil || math.IsInf(f, 0) || math.Abs(f) > 1e15 {
			return s.fail(RuleJSONType, "number %s is out of range", num)
		}
		v.SetFloat(f)
	case reflect.Slice, reflect.Map:
		if c == 'n' { // null reads as an empty list or object, as in encoding/json
			v.SetZero()
			return s.literal("null")
		}
		if v.Kind() == reflect.Map {
			if c != '{' {
				return s.typeError("an object")
			}
			return s.mapValue(v)
		}
		if c != '[' {
			return s.typeError("an array")
		}
		return s.array(v)
	case reflect.Struct:
		if c != '{' {
			return s.typeError("an object")
		}
		return s.object(v)
	default:
		return fmt.Errorf("decode: unsupported field type %s at %s", v.Type(), s.path.String())
	}
	return nil
}

func (s *scanner) typeError(want string) error {
	if c := s.b[s.i]; c != '{' && c != '[' && c != '"' && c != 't' && c != 'f' && c != 'n' && c != '-' && (c < '0' || c > '9') {
		return s.syntax("a JSON value")
	}
	return s.fail(RuleJSONType, "expected %s, got %s", want, s.describe())
}

// parseWhole parses an integer literal within int32 range; a literal with
// a fraction or exponent is accepted when its value is whole (2.0, 2e1).
func parseWhole(num []byte, integer bool) (int64, bool) {
	if !integer {
		f, err := strconv.ParseFloat(string(num), 64)
		if err != nil || f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
			return 0, false
		}
		return int64(f), true
	}
	neg := num[0] == '-'
	if neg {
		num = num[1:]
	}
	var n int64
	for _, c := range num {
		n = n*10 + int64(c-'0')
		if n > math.MaxInt32+1 {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	if n > math.MaxInt32 || n < math.MinInt32 {
		return 0, false
	}
	return n, true
}

// next skips white space and reports the next byte, or 0 at the end.
func (s *scanner) next() byte {
	s.ws()
	if s.i >= len(s.b) {
		return 0
	}
	return s.b[s.i]
}

// openObject consumes '{' and reports whether the object is empty (its
// '}' consumed too).
func (s *scanner) openObject() bool {
	s.i++
	if s.next() == '}' {
		s.i++
		return true
	}
	return false
}

// key reads a member's key and the colon after it.
func (s *scanner) key() ([]byte, error) {
	if s.next() != '"' {
		return nil, s.syntax("a field name in double quotes")
	}
	raw, err := s.rawStr()
	if err != nil {
		return nil, err
	}
	if s.next() != ':' {
		return nil, s.syntax("a colon after the field name")
	}
	s.i++
	return raw, nil
}

// endMember consumes the comma before the next member, or the closing
// brace, and reports which.
func (s *scanner) endMember() (done bool, err error) {
	switch s.next() {
	case ',':
		s.i++
		return false, nil
	case '}':
		s.i++
		return true, nil
	}
	return false, s.syntax("a comma or a closing brace")
}

// defaulterType is the interface type of defaulter, to test element
// types without allocating a value.
var defaulterType = reflect.TypeFor[defaulter]()

func (s *scanner) array(v reflect.Value) error {
	s.i++ // '['
	v.SetLen(0)
	if s.next() == ']' {
		s.i++
		v.Set(reflect.MakeSlice(v.Type(), 0, 0)) // [] stays an empty list, not null
		return nil
	}
	defaults := reflect.PointerTo(v.Type().Elem()).Implements(defaulterType)
	for i := 0; ; i++ {
		if i == v.Cap() {
			v.Grow(max(4, i)) // in place: v is a settable field or element
		}
		v.SetLen(i + 1)
		elem := v.Index(i)
		elem.SetZero() // the backing array may hold an earlier decode's values
		if defaults {
			elem.Addr().Interface().(defaulter).SetDefaults()
		}
		s.path.push("", i)
		if err := s.value(elem); err != nil {
			return err
		}
		s.path.pop()
		switch s.next() {
		case ',':
			s.i++
		case ']':
			s.i++
			return nil
		default:
			return s.syntax("a comma or a closing bracket")
		}
	}
}

func (s *scanner) mapValue(v reflect.Value) error {
	t := v.Type()
	if t.Key().Kind() != reflect.String {
		return fmt.Errorf("decode: map key type %s unsupported", t.Key())
	}
	v.Set(reflect.MakeMap(t))
	if s.openObject() {
		return nil
	}
	for {
		raw, err := s.key()
		if err != nil {
			return err
		}
		key := string(raw)
		s.path.push(key, -1)
		kv := reflect.ValueOf(key).Convert(t.Key())
		if v.MapIndex(kv).IsValid() {
			return s.fail(RuleJSONDuplicate, "duplicate key %q", key)
		}
		elem := reflect.New(t.Elem()).Elem()
		if err := s.value(elem); err != nil {
			return err
		}
		v.SetMapIndex(kv, elem)
		s.path.pop()
		if done, err := s.endMember(); done || err != nil {
			return err
		}
	}
}

// fieldSets caches each struct type's JSON field table. Like encoding/json's
// own cache it holds only data derived from Go types at run time, never
// mutated once stored, so sharing it across goroutines is safe.
var fieldSets sync.Map // reflect.Type -> *fieldSet

func fieldsOf(t reflect.Type) *fieldSet {
	if fs, ok := fieldSets.Load(t); ok {
		return fs.(*fieldSet)
	}
	fs := &fieldSet{byName: map[string]int{}, nameOf: make([]string, t.NumField())}
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
		fs.nameOf[i] = name
	}
	actual, _ := fieldSets.LoadOrStore(t, fs)
	return actual.(*fieldSet)
}

func (s *scanner) object(v reflect.Value) error {
	fs := fieldsOf(v.Type())
	if s.openObject() {
		return nil
	}
	var seen uint64 // structs here have fewer than 64 fields
	for {
		raw, err := s.key()
		if err != nil {
			return err
		}
		idx, ok := fs.byName[string(raw)] // no allocation: the compiler reads raw in place
		if !ok {
			s.path.push(string(raw), -1)
			return s.fail(RuleJSONUnknown, "unknown field %q; allowed here: %s", raw, strings.Join(fs.names, ", "))
		}
		s.path.push(fs.nameOf[idx], -1)
		if seen&(1<<uint(idx)) != 0 {
			return s.fail(RuleJSONDuplicate, "duplicate key %q", raw)
		}
		seen |= 1 << uint(idx)
		if err := s.value(v.Field(idx)); err != nil {
			return err
		}
		s.path.pop()
		if done, err := s.endMember(); done || err != nil {
			return err
		}
	}
}
