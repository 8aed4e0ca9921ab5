package ruleset

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// RuleDocument is the shared rule of the envelope: schema 1, a ruleset
// Slipway serves, a rules version that ruleset serves.
const RuleDocument = "R-DOC-01"

// Registry holds the rulesets a Slipway serves and picks one by a
// document's "ruleset" member.
type Registry struct {
	list     []Ruleset // by id
	fallback Ruleset
	byID     map[string]Ruleset
}

// NewRegistry serves rs. The first reads documents that name no ruleset
// (or cannot be read far enough to tell), so that their problems are the
// ones it has always reported; List is sorted by id.
func NewRegistry(rs ...Ruleset) *Registry {
	if len(rs) == 0 {
		panic("ruleset: a registry needs a ruleset")
	}
	r := &Registry{fallback: rs[0], byID: make(map[string]Ruleset, len(rs))}
	for _, x := range rs {
		id := x.Info().ID
		if _, dup := r.byID[id]; dup {
			panic("ruleset: " + id + " registered twice")
		}
		r.byID[id] = x
		r.list = append(r.list, x)
	}
	slices.SortFunc(r.list, func(a, b Ruleset) int { return strings.Compare(a.Info().ID, b.Info().ID) })
	return r
}

// List returns the rulesets served, by id.
func (r *Registry) List() []Ruleset { return r.list }

// IDs returns the ids of the rulesets served, sorted.
func (r *Registry) IDs() []string {
	ids := make([]string, len(r.list))
	for i, x := range r.list {
		ids[i] = x.Info().ID
	}
	return ids
}

// Get returns the ruleset id, or false when it is not served.
func (r *Registry) Get(id string) (Ruleset, bool) {
	x, ok := r.byID[id]
	return x, ok
}

// Fallback is the ruleset that reads documents naming none.
func (r *Registry) Fallback() Ruleset { return r.fallback }

// Served is the list of served ids as a message names them:
// "battleshift, metaverse".
func (r *Registry) Served() string { return strings.Join(r.IDs(), ", ") }

// Pick returns the ruleset b names in its top-level "ruleset" member: the
// fallback when it names none or is not a JSON object that far, and a
// *DecodeError (R-DOC-01, at "ruleset") when it names one not served.
func (r *Registry) Pick(b []byte) (Ruleset, error) {
	id, ok := PeekRuleset(b)
	if !ok {
		return r.fallback, nil
	}
	if x, ok := r.byID[id]; ok {
		return x, nil
	}
	return nil, r.NotServed(id)
}

// NotServed is the R-DOC-01 error for a ruleset id not served.
func (r *Registry) NotServed(id string) *DecodeError {
	return &DecodeError{Rule: RuleDocument, Path: "ruleset",
		Message: fmt.Sprintf("The design is for a game Slipway does not serve (%s); the games served: %s", quoteWords(id), r.Served())}
}

// Decode picks the ruleset b names and decodes b with it.
func (r *Registry) Decode(b []byte) (Ruleset, Design, error) {
	x, err := r.Pick(b)
	if err != nil {
		return nil, nil, err
	}
	d, err := x.Decode(b)
	if err != nil {
		return x, nil, err
	}
	return x, d, nil
}

// DecodeFleet picks the ruleset a fleet document names and decodes it
// with that ruleset's fleets; a ruleset without fleets is R-DOC-01.
func (r *Registry) DecodeFleet(b []byte) (Ruleset, Fleet, error) {
	x, err := r.Pick(b)
	if err != nil {
		return nil, nil, err
	}
	fl, ok := x.(Fleets)
	if !ok {
		return nil, nil, &DecodeError{Rule: RuleDocument, Path: "ruleset",
			Message: fmt.Sprintf("%s has no fleets in Slipway", x.Info().Name)}
	}
	f, err := fl.DecodeFleet(b)
	if err != nil {
		return x, nil, err
	}
	return x, f, nil
}

// PeekRuleset returns the string value of the top-level "ruleset" member
// of the JSON object b, without decoding the rest: false when b is not an
// object that far, has no such member, or its value is not a plain string
// or not valid UTF-8 (the ruleset's strict decoder then says what is
// wrong). It allocates only the value it returns.
func PeekRuleset(b []byte) (string, bool) { return PeekString(b, "ruleset") }

// PeekString returns the string value of the top-level member key of the
// JSON object b, as PeekRuleset does for "ruleset" (a game whose documents
// come in kinds reads its "kind" member with it).
func PeekString(b []byte, key string) (string, bool) {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return "", false
	}
	i++
	for {
		i = skipWS(b, i)
		if i >= len(b) || b[i] != '"' {
			return "", false
		}
		ks, ke, ok := plainString(b, i)
		if !ok {
			return "", false
		}
		i = skipWS(b, ke)
		if i >= len(b) || b[i] != ':' {
			return "", false
		}
		i = skipWS(b, i+1)
		if string(b[ks:ke-1]) == key {
			if i >= len(b) || b[i] != '"' {
				return "", false
			}
			vs, ve, ok := plainString(b, i)
			if !ok || !utf8.Valid(b[vs:ve-1]) {
				return "", false
			}
			return string(b[vs : ve-1]), true
		}
		if i = skipValue(b, i); i < 0 {
			return "", false
		}
		i = skipWS(b, i)
		if i >= len(b) || b[i] != ',' {
			return "", false
		}
		i++
	}
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads the string at b[i] == '"': its contents start at s
// and the byte after its closing quote is e; false when it holds an
// escape or is not closed.
func plainString(b []byte, i int) (s, e int, ok bool) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '"':
			return i + 1, j + 1, true
		case '\\':
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// skipValue returns the index after the JSON value at b[i], or -1. It
// tracks strings (with escapes) and nesting only; the strict decoder
// checks the rest.
func skipValue(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			i++
			for i < len(b) && b[i] != '"' {
				if b[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(b) {
				return -1
			}
			i++
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
			i++
		case ',':
			if depth == 0 {
				return i
			}
			i++
		default:
			i++
		}
		if depth == 0 && i < len(b) && (b[i] == ',' || b[i] == '}') {
			return i
		}
	}
	if depth == 0 {
		return i
	}
	return -1
}

// SetName returns the JSON object doc with its top-level "name" member set
// to name (a fork's new name), whatever the game. The members come out
// sorted by name: decode the result with the document's ruleset for its
// canonical form.
func SetName(doc []byte, name string) ([]byte, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(doc, &members); err != nil {
		return nil, fmt.Errorf("set name: %w", err)
	}
	v, err := json.Marshal(name)
	if err != nil {
		return nil, err
	}
	members["name"] = v
	return json.Marshal(members)
}

// quoteWords writes a value a player typed inside a sentence, in
// typographic quotes.
func quoteWords(s string) string { return "‘" + s + "’" }
