package sheets

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// SafeFileName turns a design name into a file name that is safe in a
// Content-Disposition header and on every file system: ASCII letters,
// digits, '-', '_' and '.', at most 80 bytes, never empty, never hidden.
// Accented Latin letters lose their accents; other characters become '-'.
func SafeFileName(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range name {
		if r == utf8.RuneError {
			continue
		}
		r = foldLatin(r)
		switch {
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '_' || r == '.':
			b.WriteRune(r)
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
		if b.Len() >= 80 {
			break
		}
	}
	s := strings.Trim(b.String(), "-.")
	for strings.Contains(s, "..") {
		s = strings.ReplaceAll(s, "..", ".")
	}
	if s == "" {
		return "design"
	}
	return s
}

// foldLatin maps common accented Latin letters to their base letter.
func foldLatin(r rune) rune {
	const from = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ"
	const to = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy"
	if i := strings.IndexRune(from, r); i >= 0 {
		return rune(to[utf8.RuneCountInString(from[:i])])
	}
	return r
}
