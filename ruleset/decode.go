package ruleset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// MaxDocumentBytes is the largest design document any ruleset accepts
// (R-LIM-01).
const MaxDocumentBytes = 1 << 20

// DecodeError is a structural problem with a JSON document: it is not
// JSON, or its shape does not match the document format. Path names the
// place in the document (for example sections.fore.weapons[2].sectors);
// Message says what is wrong there in a player's words, naming the place
// as Place does (never the path itself).
type DecodeError struct {
	Rule    string // R-JSON-* or R-LIM-01
	Path    string
	Message string
	Offset  int64 // byte offset into the input, when known
	// what is the message without its place, and at the path of the
	// place it names (Path, or for an unknown field the object that holds
	// it), for Rename.
	what, at string
}

// Rename names the place of the problem in a game's words (its form's
// labels, for example): the message becomes the place the function gives
// for the path and what is wrong there.
func (e *DecodeError) Rename(place func(path string) string) {
	if e.what != "" {
		e.Message = Sentence(place(e.at), e.what)
	}
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
	RuleJSONSyntax:    "the file is damaged there: mend it in a text editor, or save the design again from Slipway",
	RuleJSONUnknown:   "remove it, or correct its spelling",
	RuleJSONType:      "give a value of the kind the field takes",
	RuleJSONDuplicate: "keep one of the two",
	RuleLimitBody:     "remove what the design does not need; a design file is at most 1 MiB",
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

// DecodeStrict decodes b into v (a pointer) strictly: unknown fields,
// wrong types, duplicate keys, trailing data, invalid UTF-8 and documents
// over max bytes are errors naming the JSON path. A max of 0 means no size
// limit. The error is a *DecodeError. A type whose optional fields have
// defaults other than zero has a SetDefaults method, called first.
func DecodeStrict(b []byte, v any, max int) error {
	if max > 0 && len(b) > max {
		return &DecodeError{Rule: RuleLimitBody, Message: fmt.Sprintf("The file is too big: %s bytes, and the limit is %s bytes (1 MiB)", Thousands(len(b)), Thousands(max))}
	}
	bad := -1 // the offset of the first byte that is no part of a character
	if !utf8.Valid(b) {
		bad = invalidUTF8Offset(b)
	}
	notUTF8 := func() error {
		return &DecodeError{Rule: RuleJSONSyntax, Offset: int64(bad), Message: fmt.Sprintf("The file is not UTF-8 text: byte %s is not part of a character", Thousands(bad))}
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("decode: need a non-nil pointer, got %T", v)
	}
	if df, ok := v.(defaulter); ok {
		df.SetDefaults()
	}
	s := &scanner{b: b, bad: bad + 1}
	s.ws()
	if s.i == len(b) {
		return &DecodeError{Rule: RuleJSONSyntax, Message: "The file is empty"}
	}
	if err := s.value(codecOf(rv.Type().Elem()), rv.UnsafePointer()); err != nil {
		// A fault before the stray byte stands; one after it, or the
		// stray byte outside a string, is reported as the stray byte.
		if bad >= 0 && !s.badSeen && !(errorOffset(err) >= 0 && errorOffset(err) < int64(bad)) {
			return notUTF8()
		}
		return err
	}
	if bad >= 0 && !s.badSeen {
		return notUTF8()
	}
	s.ws()
	if s.i != len(b) {
		return &DecodeError{Rule: RuleJSONSyntax, Offset: int64(s.i), Message: fmt.Sprintf("The file goes on after the design ends, at byte %s", Thousands(s.i))}
	}
	return nil
}

// errorOffset is the input offset of a decode error, or -1.
func errorOffset(err error) int64 {
	if de, ok := err.(*DecodeError); ok {
		return de.Offset
	}
	return -1
}

// inString reports whether the input's first byte that is no part of a
// UTF-8 character lies in the string that spans [start, end), and if so
// fails there: the place is the member the string is the value of (or,
// for a key, the group of fields that holds it).
func (s *scanner) inString(start, end int) error {
	if s.bad == 0 || s.bad-1 < start || s.bad-1 >= end {
		return nil
	}
	s.badSeen = true
	what := fmt.Sprintf("is not UTF-8 text: byte %s is not part of a character", Thousands(s.bad-1))
	if s.inKey {
		what = "has a field name that " + what
	}
	p := s.path.String()
	if p == "" { // the file itself, as the message of a file that is no text says
		return &DecodeError{Rule: RuleJSONSyntax, Offset: int64(s.bad - 1), Message: "The file " + what}
	}
	return &DecodeError{Rule: RuleJSONSyntax, Path: p, Offset: int64(s.bad - 1), Message: Sentence(Place(p, nil), what), what: what, at: p}
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

// scanner is a strict recursive-descent JSON reader that decodes straight
// into Go values by reflection. It never skips a value: an unknown field or
// a value of the wrong type stops it at once, so its recursion depth is
// bounded by the depth of the Go types, whatever the input's nesting.
type scanner struct {
	b    []byte
	i    int
	path path
	buf  []byte // scratch for strings with escapes
	// bad is 1 + the offset of the input's first byte that is no part of
	// a UTF-8 character (0: none); badSeen is set once a string holding
	// it has been reported.
	bad     int
	badSeen bool
	inKey   bool // a member's key is being read
}

// fail reports a problem at the current path and offset; the message
// starts with the place the path names (Place).
func (s *scanner) fail(rule, format string, args ...any) error {
	p, what := s.path.String(), fmt.Sprintf(format, args...)
	return &DecodeError{Rule: rule, Path: p, Offset: int64(s.i), Message: Sentence(Place(p, nil), what), what: what, at: p}
}

// syntax reports malformed JSON at the current offset.
func (s *scanner) syntax(expected string) error {
	if s.i >= len(s.b) {
		return s.fail(RuleJSONSyntax, "the file ends too early")
	}
	return s.fail(RuleJSONSyntax, "the file cannot be read past byte %s, where %s should be", Thousands(s.i), expected)
}

func (s *scanner) ws() {
	i, b := s.i, s.b
	for i < len(b) && isSpace[b[i]] {
		i++
	}
	s.i = i
}

// isSpace marks JSON's white space; strChar the bytes a string holds as
// they are (not a quote, a backslash or a control character).
var isSpace, strChar = func() (sp, sc [256]bool) {
	sp[' '], sp['\t'], sp['\n'], sp['\r'] = true, true, true, true
	for c := 0x20; c < 256; c++ {
		sc[c] = c != '"' && c != '\\'
	}
	return sp, sc
}()

// describe names the JSON value starting at the current offset, for type
// errors. It reads at most one scalar and never descends.
func (s *scanner) describe() string {
	if s.i >= len(s.b) {
		return "the end of the document"
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return "a group of fields"
	case c == '[':
		return "a list"
	case c == '"':
		save := s.i
		str, err := s.str()
		s.i = save
		if err != nil {
			return "a string"
		}
		if utf8.RuneCountInString(str) > 40 {
			str = string([]rune(str)[:37]) + "..."
		}
		return "the text ‘" + str + "’"
	case c == 't' || c == 'f':
		return "true or false"
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
	return "a stray character"
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
	i, b := s.i, s.b
	for i < len(b) && strChar[b[i]] {
		i++
	}
	s.i = i
	if i < len(b) {
		switch c := b[i]; {
		case c == '"':
			s.i++
			if err := s.inString(start, i); err != nil {
				return nil, err
			}
			return b[start:i], nil
		case c == '\\':
			return s.strEscaped(start)
		default:
			return nil, s.fail(RuleJSONSyntax, "not valid JSON at byte %d: control character in a string", s.i)
		}
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
			if err := s.inString(start, s.i-1); err != nil {
				return nil, err
			}
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

// rawValue keeps the JSON value at the current offset as a
// json.RawMessage at p, copied. It finds the value's end by its strings
// and brackets only: the strict rules, syntax included, apply when the
// bytes are decoded in turn, so that a problem inside is reported at its
// own path.
func (s *scanner) rawValue(p unsafe.Pointer) error {
	start := s.i
	end := skipValue(s.b, start)
	if end < 0 {
		return s.fail(RuleJSONSyntax, "the value at byte %d does not end", start)
	}
	s.i = end
	if s.bad > start && s.bad <= end {
		s.badSeen = true // a stray byte inside is reported when the bytes are decoded
	}
	*(*json.RawMessage)(p) = bytes.Clone(bytes.TrimRight(s.b[start:end], " \t\r\n"))
	return nil
}

// value decodes the JSON value at the current offset into the value of
// type cd.t at p. The codec knows each type's layout, so the walk does
// pointer arithmetic where reflect.Value would check flags at every step;
// reflect still allocates every new value, slice and map, so the garbage
// collector knows each one's type.
func (s *scanner) value(cd *codec, p unsafe.Pointer) error {
	s.ws()
	if s.i >= len(s.b) {
		return s.fail(RuleJSONSyntax, "document ends too early")
	}
	c := s.b[s.i]
	if cd.raw {
		return s.rawValue(p)
	}
	switch cd.kind {
	case reflect.Pointer:
		pp := (*unsafe.Pointer)(p)
		if c == 'n' {
			*pp = nil
			return s.literal("null")
		}
		if *pp == nil {
			nv := reflect.New(cd.t.Elem())
			*pp = nv.UnsafePointer()
			if cd.defaults {
				nv.Interface().(defaulter).SetDefaults()
			}
		}
		return s.value(cd.elem, *pp)
	case reflect.String:
		if c != '"' {
			return s.typeError("a string")
		}
		raw, err := s.rawStr()
		if err != nil {
			return err
		}
		*(*string)(p) = intern(raw)
	case reflect.Bool:
		switch c {
		case 't':
			*(*bool)(p) = true
			return s.literal("true")
		case 'f':
			*(*bool)(p) = false
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
				return s.fail(RuleJSONType, "%s is not a whole number", num)
			}
			return s.fail(RuleJSONType, "%s is too large; a whole number here is at most %s", num, Thousands(math.MaxInt32))
		}
		switch cd.kind {
		case reflect.Int:
			*(*int)(p) = int(n)
		case reflect.Int64:
			*(*int64)(p) = n
		default:
			*(*int32)(p) = int32(n)
		}
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
			return s.fail(RuleJSONType, "%s is too large a number", num)
		}
		*(*float64)(p) = f
	case reflect.Slice, reflect.Map:
		if c == 'n' { // null reads as an empty list or object, as in encoding/json
			if cd.kind == reflect.Map {
				*(*unsafe.Pointer)(p) = nil
			} else {
				*(*sliceHeader)(p) = sliceHeader{}
			}
			return s.literal("null")
		}
		if cd.kind == reflect.Map {
			if c != '{' {
				return s.typeError("an object")
			}
			return s.mapValue(cd, cd.at(p))
		}
		if c != '[' {
			return s.typeError("an array")
		}
		return s.array(cd, p)
	case reflect.Struct:
		if c != '{' {
			return s.typeError("an object")
		}
		return s.object(cd, p)
	default:
		return fmt.Errorf("decode: unsupported field type %s at %s", cd.t, s.path.String())
	}
	return nil
}

// typeWords are the kinds of value a field takes, as a player reads them.
var typeWords = map[string]string{
	"a string":       "text",
	"a whole number": "a whole number",
	"a number":       "a number",
	"true or false":  "true or false",
	"an object":      "a group of fields",
	"an array":       "a list",
}

// sliceHeader is the layout of every Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func (s *scanner) typeError(want string) error {
	if c := s.b[s.i]; c != '{' && c != '[' && c != '"' && c != 't' && c != 'f' && c != 'n' && c != '-' && (c < '0' || c > '9') {
		return s.syntax("a JSON value")
	}
	return s.fail(RuleJSONType, "%s belongs here, not %s", typeWords[want], s.describe())
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

// plainKey consumes the member key at the current offset when it is
// exactly "name" (quotes included), and reports whether it did. The name
// must hold no quote, backslash or control character (field.plain), so
// that those bytes read as a string are the name itself.
func (s *scanner) plainKey(name string) bool {
	s.ws()
	i, b := s.i, s.b
	end := i + len(name) + 2
	if end > len(b) || b[i] != '"' || b[end-1] != '"' || string(b[i+1:end-1]) != name {
		return false
	}
	s.i = end
	return true
}

// key reads a member's key and the colon after it.
func (s *scanner) key() ([]byte, error) {
	if s.next() != '"' {
		return nil, s.syntax("a field name in double quotes")
	}
	s.inKey = true
	raw, err := s.rawStr()
	s.inKey = false
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

// presize is the most elements array reserves room for from a count made
// ahead of decoding; past it the slice grows as elements arrive, so a
// document of a million commas cannot make one allocation of a million
// elements.
const presize = 64

// countAhead counts the elements of an array from the one that starts at
// the current offset to its end, up to presize, without decoding them. It is a
// capacity hint only: on malformed input it may be wrong, never harmful.
func (s *scanner) countAhead() int {
	n, depth := 1, 0
	b := s.b
	for i := s.i; i < len(b); i++ {
		switch countClass[b[i]] {
		case 0:
			continue
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				if n++; n == presize {
					return n
				}
			}
		}
	}
	return n
}

// countClass marks the bytes countAhead looks at: quotes, brackets (braces
// count as brackets) and commas.
var countClass = func() (t [256]byte) {
	t['"'] = '"'
	t['['], t['{'] = '[', '['
	t[']'], t['}'] = ']', ']'
	t[','] = ','
	return t
}()

func (s *scanner) array(cd *codec, p unsafe.Pointer) error {
	s.i++ // '['
	h := (*sliceHeader)(p)
	h.len = 0
	if s.next() == ']' {
		s.i++
		cd.at(p).Set(reflect.MakeSlice(cd.t, 0, 0)) // [] stays an empty list, not null
		return nil
	}
	elemCodec := cd.elem
	size := elemCodec.t.Size()
	// Elements from zeroFrom on are known to be zero: they were added by
	// Grow. Those before it may hold an earlier decode's values.
	zeroFrom := h.cap
	for i := 0; ; i++ {
		if i == h.cap {
			// Room for the elements counted ahead (up to presize); past
			// that the slice doubles.
			n := s.countAhead()
			if i > 0 {
				n = max(n, i)
			}
			cd.at(p).Grow(n)
			zeroFrom = i
		}
		h.len = i + 1
		ep := unsafe.Add(h.data, uintptr(i)*size)
		if i < zeroFrom {
			elemCodec.at(ep).SetZero()
		}
		if cd.defaults {
			elemCodec.ptrAt(ep).(defaulter).SetDefaults()
		}
		s.path.push("", i)
		if err := s.value(elemCodec, ep); err != nil {
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

func (s *scanner) mapValue(cd *codec, v reflect.Value) error {
	t := cd.t
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
			return s.fail(RuleJSONDuplicate, "it is given twice")
		}
		elem := reflect.New(t.Elem()).Elem()
		if err := s.value(cd.elem, elem.Addr().UnsafePointer()); err != nil {
			return err
		}
		v.SetMapIndex(kv, elem)
		s.path.pop()
		if done, err := s.endMember(); done || err != nil {
			return err
		}
	}
}

// codec is how the scanner decodes one Go type, worked out once per type:
// its kind, its element's codec, whether new values get defaults, and for
// a struct its fields by JSON name.
type codec struct {
	t    reflect.Type
	kind reflect.Kind
	// elem decodes a pointer's target, a slice's elements or a map's
	// values.
	elem *codec
	// defaults is set for a pointer to a defaulter, and for a slice whose
	// elements' pointers are defaulters.
	defaults bool
	// fields are a struct's fields by JSON name, in field order; a name
	// used twice keeps its last field, as a map from name to field would.
	fields []field
	// allowed lists every JSON name in field order, for messages.
	allowed string
	// ptrType is the type word of an interface holding a *T.
	ptrType unsafe.Pointer
	// raw is set for json.RawMessage: the value's bytes are kept as they
	// are (well-formed JSON), for a document of a ruleset not known yet.
	raw bool
}

// rawMessageType is json.RawMessage, which the decoder keeps as bytes.
var rawMessageType = reflect.TypeFor[json.RawMessage]()

// eface is the layout of an empty interface.
type eface struct {
	typ, data unsafe.Pointer
}

// ptrAt returns the *T at p (T being cd.t) as an interface, as
// reflect.NewAt(cd.t, p).Interface() would, without looking the pointer
// type up again: NewAt finds *T in a synchronised map whenever the
// program never names *T, as for most slice types.
func (cd *codec) ptrAt(p unsafe.Pointer) any {
	var i any
	e := (*eface)(unsafe.Pointer(&i))
	e.typ, e.data = cd.ptrType, p
	return i
}

// at returns the settable value of type cd.t at p, as
// reflect.NewAt(cd.t, p).Elem() would.
func (cd *codec) at(p unsafe.Pointer) reflect.Value {
	return reflect.ValueOf(cd.ptrAt(p)).Elem()
}

type field struct {
	name   string
	plain  bool    // name holds no quote, backslash or control character
	index  int     // struct field index
	offset uintptr // the field's offset in the struct
	codec  *codec
}

// lookup returns the position in fields of the field named raw, or -1.
// Members usually come in field order, so it tries hint first.
func (cd *codec) lookup(raw []byte, hint int) int {
	if hint < len(cd.fields) && cd.fields[hint].name == string(raw) {
		return hint
	}
	for j := range cd.fields {
		if cd.fields[j].name == string(raw) {
			return j
		}
	}
	return -1
}

// codecs caches each type's codec. Like encoding/json's own cache it holds
// only data derived from Go types at run time, never mutated once stored,
// so sharing it across goroutines is safe. codecMu serialises building,
// so that a codec is stored only once complete.
var (
	codecs  sync.Map // reflect.Type -> *codec
	codecMu sync.Mutex
)

func codecOf(t reflect.Type) *codec {
	if cd, ok := codecs.Load(t); ok {
		return cd.(*codec)
	}
	codecMu.Lock()
	defer codecMu.Unlock()
	built := map[reflect.Type]*codec{}
	cd := buildCodec(t, built)
	for t, c := range built {
		codecs.Store(t, c)
	}
	return cd
}

// plainName reports whether a JSON name reads the same with and without
// string decoding: no quote, backslash or control character.
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !strChar[name[i]] {
			return false
		}
	}
	return true
}

// buildCodec makes t's codec and those of the types it holds; built
// breaks the recursion of self-referencing types.
func buildCodec(t reflect.Type, built map[reflect.Type]*codec) *codec {
	if cd, ok := codecs.Load(t); ok {
		return cd.(*codec)
	}
	if cd, ok := built[t]; ok {
		return cd
	}
	cd := &codec{t: t, kind: t.Kind(), raw: t == rawMessageType}
	nilPtr := reflect.Zero(reflect.PointerTo(t)).Interface()
	cd.ptrType = (*eface)(unsafe.Pointer(&nilPtr)).typ
	built[t] = cd
	switch {
	case cd.raw:
		return cd
	}
	switch cd.kind {
	case reflect.Pointer:
		cd.defaults = t.Implements(defaulterType)
		cd.elem = buildCodec(t.Elem(), built)
	case reflect.Slice:
		cd.defaults = reflect.PointerTo(t.Elem()).Implements(defaulterType)
		cd.elem = buildCodec(t.Elem(), built)
	case reflect.Map:
		cd.elem = buildCodec(t.Elem(), built)
	case reflect.Struct:
		var names []string
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
			names = append(names, name)
			fc := buildCodec(f.Type, built)
			if j := slices.IndexFunc(cd.fields, func(x field) bool { return x.name == name }); j >= 0 {
				cd.fields[j] = field{name: name, plain: plainName(name), index: i, offset: f.Offset, codec: fc}
				continue
			}
			cd.fields = append(cd.fields, field{name: name, plain: plainName(name), index: i, offset: f.Offset, codec: fc})
		}
		spaced := make([]string, len(names))
		for i, n := range names {
			spaced[i] = Spaced(n)
		}
		cd.allowed = List(spaced, "and")
	}
	return cd
}

func (s *scanner) object(cd *codec, p unsafe.Pointer) error {
	if s.openObject() {
		return nil
	}
	var seen uint64 // structs here have fewer than 64 fields
	hint := 0
	for {
		var raw []byte
		j := -1
		if hint < len(cd.fields) && cd.fields[hint].plain && s.plainKey(cd.fields[hint].name) {
			// The member expected next, spelt without escapes: what key
			// and lookup would find, without reading the key twice.
			if s.next() != ':' {
				return s.syntax("a colon after the field name")
			}
			s.i++
			j = hint
		} else {
			var err error
			if raw, err = s.key(); err != nil {
				return err
			}
			j = cd.lookup(raw, hint)
		}
		if j < 0 {
			at := s.path.String() // the place that holds the field, which a player did not name
			s.path.push(string(raw), -1)
			p, what := s.path.String(), fmt.Sprintf("Slipway knows no field %s here; the fields here are %s", quoteWords(string(raw)), cd.allowed)
			return &DecodeError{Rule: RuleJSONUnknown, Path: p, Offset: int64(s.i), Message: Sentence(Place(at, nil), what), what: what, at: at}
		}
		f := &cd.fields[j]
		hint = j + 1
		s.path.push(f.name, -1)
		if seen&(1<<uint(f.index)) != 0 {
			return s.fail(RuleJSONDuplicate, "it is given twice") // the key as read: it matched the name
		}
		seen |= 1 << uint(f.index)
		if err := s.value(f.codec, unsafe.Add(p, f.offset)); err != nil {
			return err
		}
		s.path.pop()
		if done, err := s.endMember(); done || err != nil {
			return err
		}
	}
}
