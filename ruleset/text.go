package ruleset

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The JSON Schema patterns of a text member, one place for every game's
// schema: printable characters are Unicode letters, marks, numbers,
// punctuation, symbols and the ASCII space, as unicode.IsPrint has it; a
// multi-line text may also hold line breaks and tabs; a required text is
// not blank.
const (
	printableClass = `\p{L}\p{M}\p{N}\p{P}\p{S}`
	// PatternPrintable matches a text of printable characters.
	PatternPrintable = `^[` + printableClass + ` ]*$`
	// PatternNonBlank matches a printable text with a visible character.
	PatternNonBlank = `^[` + printableClass + ` ]*[` + printableClass + `][` + printableClass + ` ]*$`
	// PatternMultiline matches a printable text of several lines.
	PatternMultiline = `^[` + printableClass + ` \n\t]*$`
)

// TextSchema is the JSON Schema keywords of a one-line text member of
// lo-hi printable characters (not blank when lo > 0).
func TextSchema(lo, hi int) map[string]any {
	k := map[string]any{"maxLength": hi, "pattern": PatternPrintable}
	if lo > 0 {
		k["minLength"] = lo
		k["pattern"] = PatternNonBlank
	}
	return k
}

// CheckText checks a text member the way every game's rules do: lo-hi
// characters, all printable (line breaks and tabs too when multiline),
// and, when it is required (lo > 0), not blank. It returns what is wrong
// and the fix, in a player's words about "it" (the caller names the
// place), or two empty strings when the text is fine. A text that is fine
// costs no allocation.
func CheckText(s string, lo, hi int, multiline bool) (problem, fix string) {
	if problem, fix = notUTF8(s); problem != "" {
		return problem, fix
	}
	n := utf8.RuneCountInString(s)
	if n < lo || n > hi {
		fix = fmt.Sprintf("give %d to %s characters", lo, Thousands(hi))
		if lo == 0 {
			fix = fmt.Sprintf("shorten it to at most %s", Count(hi, "character"))
		}
		if n == 0 {
			return "it is empty", fix
		}
		return fmt.Sprintf("it has %s; %d to %s are allowed", Count(n, "character"), lo, Thousands(hi)), fix
	}
	if lo > 0 && strings.TrimSpace(s) == "" {
		return "it is blank", "give it at least one visible character"
	}
	if r, ok := Unprintable(s, multiline); ok {
		return fmt.Sprintf("it contains an invisible or control character (%U)", r), controlFix
	}
	return "", ""
}

// CheckStorable checks what every text Slipway keeps must be, whatever a
// game's rules let a draft hold: UTF-8 with no NUL character, which no
// store keeps (PostgreSQL refuses both in text). CheckText makes the same
// check (its control characters include NUL). It returns what is wrong
// and the fix as CheckText does, or two empty strings; a text that is
// fine costs no allocation.
func CheckStorable(s string) (problem, fix string) {
	if problem, fix = notUTF8(s); problem != "" {
		return problem, fix
	}
	if strings.IndexByte(s, 0) >= 0 {
		return nulProblem, controlFix
	}
	return "", ""
}

// nulProblem and controlFix are CheckText's words for a NUL character.
const (
	nulProblem = "it contains an invisible or control character (U+0000)"
	controlFix = "remove control and invisible characters"
)

// notUTF8 is the problem of a text that is not UTF-8: where its first
// stray byte is, in characters a player can count.
func notUTF8(s string) (problem, fix string) {
	if utf8.ValidString(s) {
		return "", ""
	}
	at := 1
	for i := 0; i < len(s); at++ {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		i += n
	}
	return fmt.Sprintf("it is not UTF-8 text: character %s is a byte that is no part of a character", Thousands(at)),
		"send the text as UTF-8"
}

// Unprintable returns the first character of s that unicode.IsPrint
// refuses (line breaks and tabs allowed when multiline).
func Unprintable(s string, multiline bool) (rune, bool) {
	for _, r := range s {
		if r >= 0x20 && r < 0x7f || multiline && (r == '\n' || r == '\t') {
			continue // printable ASCII, as unicode.IsPrint has it
		}
		if !unicode.IsPrint(r) {
			return r, true
		}
	}
	return 0, false
}
