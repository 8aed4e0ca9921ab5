package postgres

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/slipway/slipway/data/words"
)

// The library's words are tokenised here, in Go, the way SQLite's FTS5
// "unicode61 remove_diacritics 2" tokenizer does it, so that both stores
// find the same designs for the same search: a token is a run of letters,
// digits and private-use characters; everything else separates tokens;
// tokens are lower-cased and Latin letters lose their diacritics. The
// store writes the tokens with their positions as a tsvector literal and
// the search as a tsquery literal, so PostgreSQL's own parser and
// dictionaries (which split "42-B" or "v2.0" differently) never see the
// text.

// tokens splits s into folded tokens (package words, shared with the
// SQLite store).
func tokens(s string) []string { return words.Tokens(s) }

// maxLexeme keeps a token within PostgreSQL's limit of 2,046 bytes per
// lexeme; longer tokens are cut (and match by their first bytes).
const maxLexeme = 2000

// maxPosition is the highest position a tsvector records.
const maxPosition = 16383

// quote writes a lexeme as a tsvector or tsquery literal.
func quote(b *strings.Builder, t string) {
	if len(t) > maxLexeme {
		t = t[:maxLexeme]
		for !utf8.ValidString(t) {
			t = t[:len(t)-1] // drop the bytes of a cut character
		}
	}
	b.WriteByte('\'')
	for _, r := range t {
		if r == '\'' || r == '\\' {
			b.WriteRune(r)
		}
		b.WriteRune(r)
	}
	b.WriteByte('\'')
}

// searchVector returns the tsvector literal of a design's words: the
// tokens of each field with their positions, fields a gap apart so that
// no phrase runs from one into the next (tags form one field, as they do
// in the SQLite store's index).
func searchVector(name, desc string, tags []string, universe, author string) string {
	var b strings.Builder
	pos := 1
	for _, f := range []string{name, desc, strings.Join(tags, " "), universe, author} {
		for _, t := range tokens(f) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			quote(&b, t)
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(min(pos, maxPosition)))
			pos++
		}
		pos += 2
	}
	return b.String()
}

// searchQuery turns free text into a tsquery literal with FTS5's meaning
// of the SQLite store's query: every whitespace-separated word must
// occur; a word is the phrase of its tokens, the last of them a prefix.
// It returns "" for a search with no words, and ok false for one that can
// match nothing (a word without a single letter or digit, as in FTS5).
func searchQuery(q string) (query string, ok bool) {
	var b strings.Builder
	for _, w := range strings.Fields(q) {
		ts := tokens(w)
		if len(ts) == 0 {
			return "", false
		}
		if b.Len() > 0 {
			b.WriteString(" & ")
		}
		b.WriteByte('(')
		for i, t := range ts {
			if i > 0 {
				b.WriteString(" <-> ")
			}
			quote(&b, t)
			if i == len(ts)-1 {
				b.WriteString(":*")
			}
		}
		b.WriteByte(')')
	}
	return b.String(), true
}
