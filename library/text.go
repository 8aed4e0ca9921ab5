package library

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// The text rule: every text and id the library takes, from any adapter,
// is checked here before any Store sees it, so that both stores answer
// alike (SQLite keeps any bytes; PostgreSQL refuses a NUL or invalid
// UTF-8 in text). What the Service keeps must be UTF-8 with no NUL
// character (ruleset.CheckStorable), even in a private draft, whose other
// faults are only problems. What it looks up (ids, names, search words,
// sorts, cursors) and what it keeps outside a document (token and fork
// names) must be printable as well, with the lengths below
// (ruleset.CheckText, the one check of every game's text members). A text
// that breaks the rule is EInvalid naming its field, in the words of
// ruleset.CheckText, and nothing is stored or read.

// MaxIDLength is the longest design or fleet id the library looks up; the
// ids it gives are 16 characters.
const MaxIDLength = 64

// MaxNameLength is the longest name of a token or of a fork (a design's
// class name and a fleet's name have the same limit).
const MaxNameLength = 80

// textError is the refusal of field's text for problem, with its fix.
func textError(field, problem, fix string) *Error {
	return &Error{Code: EInvalid, Field: field, Message: problem + "; " + fix}
}

// checkText refuses field's text s unless it has lo-hi printable
// characters (line breaks and tabs too when multiline) and, when
// required (lo > 0), is not blank.
func checkText(field, s string, lo, hi int, multiline bool) error {
	if problem, fix := ruleset.CheckText(s, lo, hi, multiline); problem != "" {
		return textError(field, problem, fix)
	}
	return nil
}

// checkID refuses an id no record can have before a store looks it up.
func checkID(field, id string) error { return checkText(field, id, 1, MaxIDLength, false) }

// checkStorable refuses field's text s unless a store can keep it:
// UTF-8 with no NUL character.
func checkStorable(field, s string) error {
	if problem, fix := ruleset.CheckStorable(s); problem != "" {
		return textError(field, problem, fix)
	}
	return nil
}

// docText is a text of a document at its JSON path: member path, and
// element i of it when path names a list (i >= 0).
type docText struct {
	path string
	i    int
	text string
}

// text is a document's text at member path.
func text(path, s string) docText { return docText{path, -1, s} }

// at is the text's JSON path.
func (t docText) at() string {
	if t.i < 0 {
		return t.path
	}
	return t.path + "[" + strconv.Itoa(t.i) + "]"
}

// headTexts appends to ts the texts of a design's head, which a store
// keeps in columns of their own.
func headTexts(ts []docText, h ruleset.Head) []docText {
	ts = append(ts, text("name", h.Name), text("description", h.Description), text("universe", h.Universe))
	for i, t := range h.Tags {
		ts = append(ts, docText{"tags", i, t})
	}
	return ts
}

// nulEscape is how a NUL character appears in JSON that encoding/json
// wrote (it escapes no other way).
var nulEscape = []byte(`\u0000`)

// checkDocument refuses a document a store cannot keep: doc, its
// canonical JSON (json.Marshal's, which writes any invalid UTF-8 as
// U+FFFD), must hold no NUL character, in a key or a value; texts, the
// document's texts a store keeps in columns of their own (name,
// description, tags...) as the document holds them, must be UTF-8 with no
// NUL. field prefixes the paths of the refusal ("design", "fleet"). A
// document without a NUL costs one scan of its bytes.
func checkDocument(field string, doc []byte, texts ...docText) error {
	for _, t := range texts {
		if problem, fix := ruleset.CheckStorable(t.text); problem != "" {
			return textError(joinPath(field, t.at()), problem, fix)
		}
	}
	if !bytes.Contains(doc, nulEscape) {
		return nil // the common case; `\\u0000` (a backslash, then u0000) also lands below
	}
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return nil // not JSON: the caller's encoder wrote it, and a store keeps bytes
	}
	if p, ok := nulAt(v, ""); ok {
		problem, fix := ruleset.CheckStorable("\x00")
		return textError(joinPath(field, p), problem, fix)
	}
	return nil
}

// nulAt finds the JSON path of the first text in v, a decoded JSON value,
// that holds a NUL character; a key with one is named by the object that
// holds it (keys are looked at in order).
func nulAt(v any, at string) (string, bool) {
	switch v := v.(type) {
	case string:
		if strings.IndexByte(v, 0) >= 0 {
			return at, true
		}
	case []any:
		for i, e := range v {
			if p, ok := nulAt(e, at+"["+strconv.Itoa(i)+"]"); ok {
				return p, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if strings.IndexByte(k, 0) >= 0 {
				return at, true // a key is named by the object that holds it
			}
			if p, ok := nulAt(v[k], joinPath(at, k)); ok {
				return p, true
			}
		}
	}
	return "", false
}

// joinPath appends a member or an index to a JSON path.
func joinPath(at, p string) string {
	switch {
	case at == "":
		return p
	case p == "":
		return at
	case p[0] == '[':
		return at + p
	}
	return at + "." + p
}
