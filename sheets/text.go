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

// cp1252 maps the runes of Windows-1252's 0x80-0x9F block to their byte.
// The core PDF fonts use WinAnsiEncoding, which is this code page.
func cp1252(r rune) (byte, bool) {
	switch r {
	case '€':
		return 0x80, true
	case '‚':
		return 0x82, true
	case 'ƒ':
		return 0x83, true
	case '„':
		return 0x84, true
	case '…':
		return 0x85, true
	case '†':
		return 0x86, true
	case '‡':
		return 0x87, true
	case 'ˆ':
		return 0x88, true
	case '‰':
		return 0x89, true
	case 'Š':
		return 0x8A, true
	case '‹':
		return 0x8B, true
	case 'Œ':
		return 0x8C, true
	case 'Ž':
		return 0x8E, true
	case '‘':
		return 0x91, true
	case '’':
		return 0x92, true
	case '“':
		return 0x93, true
	case '”':
		return 0x94, true
	case '•':
		return 0x95, true
	case '–':
		return 0x96, true
	case '—':
		return 0x97, true
	case '˜':
		return 0x98, true
	case '™':
		return 0x99, true
	case 'š':
		return 0x9A, true
	case '›':
		return 0x9B, true
	case 'œ':
		return 0x9C, true
	case 'ž':
		return 0x9E, true
	case 'Ÿ':
		return 0x9F, true
	}
	return 0, false
}

// clean turns arbitrary user text into a single line of WinAnsi bytes that
// the core fonts can print: invalid UTF-8, control and format characters
// (including bidirectional overrides) are dropped, line breaks and tabs
// become spaces, runs of spaces collapse, and anything outside
// Windows-1252 (emoji, right-to-left scripts, CJK) becomes '?'. The result
// holds at most maxTextRunes characters.
func clean(s string) string {
	var b strings.Builder
	b.Grow(min(len(s), maxTextRunes))
	n := 0
	space := false
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
			space = true
			continue
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Mn, r) ||
			unicode.Is(unicode.Me, r) || (r >= 0xFE00 && r <= 0xFE0F):
			continue
		}
		space = false
		switch {
		case r < 0x80:
			b.WriteByte(byte(r))
		case r >= 0xA0 && r <= 0xFF:
			b.WriteByte(byte(r))
		default:
			if c, ok := cp1252(r); ok {
				b.WriteByte(c)
			} else {
				b.WriteByte('?')
			}
		}
		n++
	}
	return strings.TrimRight(b.String(), " ")
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
