package sheets

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxTextRunes bounds any single piece of text printed, whatever the
// input: layouts truncate to fit anyway, and this keeps measuring cheap.
const maxTextRunes = 200

// maxMarks bounds the combining marks kept on one letter: enough for any
// real script, and a pile of hundreds ("zalgo" text) cannot climb out of
// its line.
const maxMarks = 2

// clean turns arbitrary user text into a single line the embedded faces
// can print, in logical order: invalid UTF-8 is dropped; line breaks, tabs
// and other spaces become one space; format characters (bidirectional
// overrides and isolates, joiners, variation selectors, tags) are dropped,
// so they cannot reorder or hide what is printed; control characters and
// anything the faces lack (emoji, unassigned code points, scripts outside
// the fonts) become the replacement character U+FFFD, one per
// user-perceived symbol (an emoji's modifiers, joined parts and flag
// halves do not add more). Right-to-left text keeps its logical order: the
// sheets do no bidirectional reordering or Arabic shaping. The result
// holds at most maxTextRunes characters and only runes both faces cover,
// and clean(clean(s)) == clean(s).
func clean(s string) string {
	cov := &fonts().covered
	var b strings.Builder
	b.Grow(min(len(s), 4*maxTextRunes))
	n := 0
	space := false    // last kept rune was a space
	replaced := false // last kept rune was a replacement
	joined := false   // a joiner glues the next rune to the replaced symbol
	flag := false     // the replaced symbol is the first half of a flag
	marks := 0        // marks on the current letter
	for i := 0; i < len(s) && n < maxTextRunes; {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == utf8.RuneError && size <= 1 {
			continue
		}
		switch {
		case r == '\t' || r == '\n' || r == '\r' || unicode.IsSpace(r):
			if !space && n > 0 {
				b.WriteByte(' ')
				n++
			}
			space, replaced, joined, flag, marks = true, false, false, false, 0
			continue
		case r == '\u200d': // zero width joiner: the next part belongs to this symbol
			joined = replaced
			continue
		case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r):
			continue
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
			if n == 0 || space || replaced || marks >= maxMarks {
				continue
			}
			marks++
			if !cov.has(r) {
				continue // an accent the faces lack is dropped, not boxed
			}
			b.WriteRune(r)
			n++
			continue
		}
		if !unicode.IsControl(r) && cov.has(r) {
			b.WriteRune(r)
			space, replaced, joined, flag, marks = false, false, false, false, 0
			n++
			continue
		}
		// Parts of an emoji already replaced: skin tones, joined parts,
		// the second half of a flag.
		indicator := r >= 0x1F1E6 && r <= 0x1F1FF
		if replaced && (joined || r >= 0x1F3FB && r <= 0x1F3FF || flag && indicator) {
			joined, flag = false, false
			continue
		}
		b.WriteRune(replacement)
		space, replaced, joined, flag, marks = false, true, false, indicator, 0
		n++
	}
	return strings.TrimRight(b.String(), " ")
}

// printable reports whether s is already clean text: only runes the
// faces cover, no controls.
func printable(s string) bool {
	cov := &fonts().covered
	for _, r := range s {
		if !cov.has(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// roman writes n (1-3999) in roman numerals; other values print as digits.
func roman(n int) string {
	if n <= 0 || n >= 4000 {
		return itoa(n)
	}
	vals := [...]int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := [...]string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
