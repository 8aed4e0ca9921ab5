// Package words tokenises the library's searchable text the way SQLite's
// FTS5 "unicode61 remove_diacritics 2" tokenizer does, so that every store
// finds the same designs for the same search: a token is a run of letters,
// digits and private-use characters; everything else separates tokens;
// tokens are lower-cased and Latin letters lose their diacritics.
//
// The PostgreSQL store writes the tokens as a tsvector; the SQLite store
// keeps them on the design row (Line) to test a row against a search
// without its full-text index (Pattern).
package words

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Tokens splits s into folded tokens.
func Tokens(s string) []string {
	var out []string
	var b strings.Builder
	latinBase := false
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// A combining mark: dropped after a Latin letter (a diacritic),
			// kept after anything else.
			if b.Len() > 0 && !latinBase {
				b.WriteRune(r)
			}
		case unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r):
			b.WriteRune(unicode.ToLower(r))
			latinBase = unicode.Is(unicode.Latin, r)
		default:
			flush()
			latinBase = false
		}
	}
	flush()
	for i, t := range out {
		out[i] = norm.NFC.String(t)
	}
	return out
}

// FieldSep ends each field of a Line; it is no token's character, so no
// Pattern runs from one field into the next.
const FieldSep = " \x1f"

// AuthorSep comes before the author's field, the last of a Line: the text
// up to and including it is the Line without an author.
const AuthorSep = "\x1e"

// Line is the searchable text of a design as one string: the tokens of
// its name, description, tags (one field), universe and author, each
// token after a space, each field ended by FieldSep, the author's field
// after AuthorSep.
func Line(name, desc string, tags []string, universe, author string) string {
	var b strings.Builder
	for i, f := range []string{name, desc, strings.Join(tags, " "), universe, author} {
		if i == 4 {
			b.WriteString(AuthorSep)
		}
		for _, t := range Tokens(f) {
			b.WriteByte(' ')
			b.WriteString(t)
		}
		b.WriteString(FieldSep)
	}
	return b.String()
}

// Patterns turns a search into one substring of a Line per word: a word
// is the phrase of its tokens, the last of them a prefix, so " 42 b"
// occurs in a Line holding the tokens 42 and bravo in a row. Every pattern
// must occur for a design to match. ok is false for a search that can
// match nothing (a word without a single letter or digit, as in FTS5).
func Patterns(q string) (pats []string, ok bool) {
	for _, w := range strings.Fields(q) {
		ts := Tokens(w)
		if len(ts) == 0 {
			return nil, false
		}
		pats = append(pats, " "+strings.Join(ts, " "))
	}
	return pats, true
}
