package library

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Limits of the password policy. A character is one Unicode code point.
const (
	MinPasswordLength = 10  // characters
	MaxPasswordLength = 128 // characters
	MaxPasswordBytes  = 512 // bytes of UTF-8
	// MinPasswordDistinct is the fewest different characters (ignoring
	// case) a password must hold.
	MinPasswordDistinct = 4
)

// CommonPasswordListSize is the length of the ranked list of common
// passwords that ValidatePassword refuses (the zxcvbn list drawn from ten
// million leaked passwords; library/data/README.md tells its provenance).
// Only its entries of MinPasswordLength characters or more are embedded,
// since shorter ones fail the length rule first.
const CommonPasswordListSize = 49233

// commonPasswordsText holds the list's entries of MinPasswordLength or
// more characters, lower case, one a line, most common first.
//
//go:embed data/common-passwords.txt
var commonPasswordsText string

// commonPasswords is the embedded list as a set, built on first use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	return passwordSet(commonPasswordsText)
})

// passwordSet makes a set of the non-empty lines of text.
func passwordSet(text string) map[string]struct{} {
	set := make(map[string]struct{}, strings.Count(text, "\n")+1)
	for line := range strings.Lines(text) {
		if pw := strings.TrimRight(line, "\r\n"); pw != "" {
			set[pw] = struct{}{}
		}
	}
	return set
}

func passwordError(rule Rule, format string, args ...any) *FieldError {
	return &FieldError{Field: FieldPassword, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// ValidatePassword returns a *FieldError when pw breaks the password
// policy for the account userName, nil when it passes. A password
//   - is valid UTF-8 of at most MaxPasswordBytes bytes;
//   - is MinPasswordLength to MaxPasswordLength characters, each Unicode
//     code point counting as one; spaces and any letters, digits and
//     symbols are welcome, control characters are not;
//   - is not the user name and does not contain it, ignoring case, when
//     the name has at least MinUserNameLength characters;
//   - ignoring case, is not one cycle of characters repeated (ten spaces,
//     "aaaaaaaaaa", "abcabcabca", "horsehorse": any password that is the
//     same run of at most half its length over and over, the last run
//     perhaps cut short), and holds at least MinPasswordDistinct different
//     characters;
//   - is not, ignoring case and white space at either end, on the list of
//     common passwords (see CommonPasswordListSize).
//
// The password is not changed; hash it as given.
func ValidatePassword(pw, userName string) error {
	if !utf8.ValidString(pw) {
		return passwordError(RuleEncoding, "is not valid UTF-8 text")
	}
	if len(pw) > MaxPasswordBytes {
		return passwordError(RuleLength, "must be at most %d bytes in UTF-8 (you gave %d)", MaxPasswordBytes, len(pw))
	}
	if n := utf8.RuneCountInString(pw); n < MinPasswordLength || n > MaxPasswordLength {
		return passwordError(RuleLength, "must be %d to %d characters, each Unicode code point counting as one (you gave %d)",
			MinPasswordLength, MaxPasswordLength, n)
	}
	i := 0
	for _, r := range pw {
		i++
		if unicode.IsControl(r) {
			return passwordError(RuleCharacters, "may hold letters, digits, symbols and spaces, but not control characters (character %d is U+%04X)", i, r)
		}
	}
	if utf8.RuneCountInString(userName) >= MinUserNameLength {
		if name := foldForCompare(userName); strings.Contains(foldForCompare(pw), name) {
			return passwordError(RuleHoldsName, "must not be or contain your user name")
		}
	}
	if err := repeatsError(pw); err != nil {
		return err
	}
	if isCommonPassword(pw) {
		return passwordError(RuleCommon, "is one of the %s most common passwords; choose another", thousands(CommonPasswordListSize))
	}
	return nil
}

// repeatsError refuses a password that, ignoring case, repeats one short
// cycle of characters or holds fewer than MinPasswordDistinct different
// ones, in words that say which without repeating the password.
func repeatsError(pw string) *FieldError {
	rs := []rune(foldForCompare(pw))
	n := len(rs)
	for p := 1; p <= n/2; p++ {
		cycle := true
		for i := p; i < n; i++ {
			if rs[i] != rs[i-p] {
				cycle = false
				break
			}
		}
		if !cycle {
			continue
		}
		if p == 1 {
			return passwordError(RuleRepeats, "is one character typed over and over; a password needs different characters, such as a few unrelated words")
		}
		return passwordError(RuleRepeats, "is the same %d characters repeated; a repeated pattern is guessed quickly, so choose something that does not repeat, such as a few unrelated words", p)
	}
	distinct := map[rune]bool{}
	for _, r := range rs {
		distinct[r] = true
	}
	if len(distinct) < MinPasswordDistinct {
		return passwordError(RuleRepeats, "uses only %d different characters; use at least %d, such as a few unrelated words", len(distinct), MinPasswordDistinct)
	}
	return nil
}

// foldForCompare maps s for a case-insensitive comparison: compatibility
// forms (full-width letters, ligatures) to plain ones and case folded.
func foldForCompare(s string) string {
	return cases.Fold().String(norm.NFKC.String(s))
}

// isCommonPassword reports whether pw, lowered and trimmed of white space
// at either end, is on the embedded list.
func isCommonPassword(pw string) bool {
	set := commonPasswords()
	lower := strings.ToLower(pw)
	if _, ok := set[lower]; ok {
		return true
	}
	_, ok := set[strings.TrimSpace(lower)]
	return ok
}

// thousands formats n with commas: 49233 as "49,233".
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
