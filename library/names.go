package library

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Limits on user names. A character is one Unicode code point of the
// normalised name (NFC, full-width forms narrowed), so "é" typed as one
// precomposed letter or as e plus a combining accent counts as one.
const (
	MinUserNameLength = 3  // characters
	MaxUserNameLength = 40 // characters

	// maxUserNameInput bounds the bytes looked at before normalising, so
	// that a huge string costs nothing. It is far above what any name of
	// MaxUserNameLength characters can take, however it is encoded.
	maxUserNameInput = 1024
)

// Field names used in FieldError.Field.
const (
	FieldUserName = "user name"
	FieldPassword = "password"
)

// A Rule names the policy that a FieldError reports, for code that must
// tell refusals apart (tests, a form that highlights one field).
type Rule string

// Rules of the user name and password policies.
const (
	RuleEncoding   Rule = "encoding"   // not valid UTF-8
	RuleLength     Rule = "length"     // too few or too many characters or bytes
	RuleSpace      Rule = "space"      // a user name begins or ends with white space
	RuleCharacters Rule = "characters" // a character outside the allowed set
	RuleEdge       Rule = "edge"       // a user name begins or ends with - _ or .
	RuleScript     Rule = "script"     // a user name mixes writing systems
	RulePRECIS     Rule = "precis"     // refused by the PRECIS profile (RFC 8265), e.g. its bidi rule
	RuleHoldsName  Rule = "holds-name" // a password is or contains the user name
	RuleCommon     Rule = "common"     // a password is on the common-password list
	RuleRepeats    Rule = "repeats"    // a password repeats a short cycle or uses too few different characters
)

// FieldError is a refusal of one input field: which field, which rule,
// and a message that says what is allowed. Error gives
// "user name: must be 3 to 40 characters ... (you gave 2)".
type FieldError struct {
	Field   string // FieldUserName or FieldPassword
	Rule    Rule   // the rule broken
	Message string // what is wrong and what is allowed, without the field name
}

// Error returns the field name and the message.
func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

func nameError(rule Rule, format string, args ...any) *FieldError {
	return &FieldError{Field: FieldUserName, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

func nameLengthError(n int) *FieldError {
	return nameError(RuleLength, "must be %d to %d characters, each Unicode code point counting as one (you gave %d)",
		MinUserNameLength, MaxUserNameLength, n)
}

// describeRune names a character for a message: the character itself
// when it is visible, always its code point.
func describeRune(r rune) string {
	if unicode.IsGraphic(r) && !unicode.IsSpace(r) {
		return fmt.Sprintf("%q (U+%04X)", r, r)
	}
	return fmt.Sprintf("U+%04X", r)
}

// NormalizeUserName returns the form of a user name that is stored and
// shown, or a *FieldError saying which rule the name breaks.
//
// It applies the PRECIS UsernameCasePreserved profile (RFC 8265): full-width
// forms are narrowed, the result is put in Unicode NFC, and the PRECIS
// IdentifierClass and bidi rules hold. The case-preserving profile is the
// one for display, because players see their name as they typed it;
// uniqueness and lookup are case-insensitive through UserNameKey (the
// UsernameCaseMapped profile) and UserNameSkeleton.
//
// Within what PRECIS allows, a name
//   - is valid UTF-8 and has no white space at either end;
//   - is MinUserNameLength to MaxUserNameLength characters after
//     normalisation (a character is a Unicode code point);
//   - holds only letters, combining marks, decimal digits and the three
//     punctuation characters - _ . (no spaces, symbols or invisible
//     joiners);
//   - begins and ends with a letter or a digit;
//   - writes its letters in one script, except that Han, Hiragana,
//     Katakana, Bopomofo and Hangul may mix with each other as Chinese,
//     Japanese and Korean do and with Latin (the "highly restrictive" level
//     of Unicode TR39, section 5.2), so that "slipwаy" with a Cyrillic а is
//     refused even before anybody holds "slipway".
func NormalizeUserName(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", nameError(RuleEncoding, "is not valid UTF-8 text")
	}
	if len(s) > maxUserNameInput {
		return "", nameLengthError(utf8.RuneCountInString(s))
	}
	if s == "" {
		return "", nameLengthError(0)
	}
	if first, _ := utf8.DecodeRuneInString(s); unicode.IsSpace(first) {
		return "", nameError(RuleSpace, "must not begin with a space")
	}
	if last, _ := utf8.DecodeLastRuneInString(s); unicode.IsSpace(last) {
		return "", nameError(RuleSpace, "must not end with a space")
	}
	// Check the characters on the form PRECIS will produce, so that a
	// full-width letter or hyphen is judged as the letter or hyphen it
	// becomes, and so that lengths are those of the stored name.
	mapped := norm.NFC.String(width.Fold.String(s))
	if n := utf8.RuneCountInString(mapped); n < MinUserNameLength || n > MaxUserNameLength {
		return "", nameLengthError(n)
	}
	if err := checkUserNameRunes(mapped); err != nil {
		return "", err
	}
	if err := checkUserNameScripts(mapped); err != nil {
		return "", err
	}
	out, err := precis.UsernameCasePreserved.String(s)
	if err != nil {
		return "", precisError(mapped)
	}
	// PRECIS maps as above, so out == mapped; the checks hold on out.
	return out, nil
}

// UserNameKey returns the case-folded form of a user name used for
// uniqueness and lookup: the name is normalised as NormalizeUserName does
// (and refused for the same reasons), then mapped to lower case by the
// PRECIS UsernameCaseMapped profile (RFC 8265). "Slipway", "SLIPWAY" and
// "ｓｌｉｐｗａｙ" share the key "slipway". The key is not for display.
func UserNameKey(s string) (string, error) {
	n, err := NormalizeUserName(s)
	if err != nil {
		return "", err
	}
	key, err := precis.UsernameCaseMapped.String(n)
	if err != nil {
		return "", precisError(n)
	}
	return key, nil
}

// UserNameSkeleton returns the confusables skeleton of a user name: two
// names with one skeleton look alike and must not both be registered. It
// is for a unique index, never for display.
//
// The skeleton is the Unicode TR39 skeleton (NFD, each character replaced
// by its prototype from the Unicode confusables data, NFD again) taken
// twice, with full-width forms narrowed before and every letter lowered
// between, so that, as well as what TR39 maps (Cyrillic а and Latin a, the
// digit 1 and l, rn and m), names that differ only in case collide. It is
// taken on the name as shown, not on its lower-case key, because a
// capital I looks like a small l only before case folding: "PaypaI"
// collides with "paypal".
//
// It accepts any string; for a name that NormalizeUserName accepts, the
// skeleton of the name and of its normalised form are equal.
func UserNameSkeleton(s string) string {
	first := confusable.Skeleton(width.Fold.String(s))
	return confusable.Skeleton(strings.ToLower(first))
}

// isNamePunct reports whether r is one of the punctuation characters a
// user name may hold.
func isNamePunct(r rune) bool { return r == '-' || r == '_' || r == '.' }

// checkUserNameRunes checks the allowed characters and the first and last.
func checkUserNameRunes(s string) *FieldError {
	i := 0
	for _, r := range s {
		i++
		switch {
		case unicode.IsLetter(r), unicode.Is(unicode.Nd, r), isNamePunct(r):
		case unicode.In(r, unicode.Mn, unicode.Mc):
			if i == 1 {
				return nameError(RuleEdge, "must begin with a letter or a digit (it begins with the combining mark %s)", describeRune(r))
			}
		default:
			return nameError(RuleCharacters, "may hold letters, digits and - _ . only (character %d is %s)", i, describeRune(r))
		}
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if isNamePunct(first) || isNamePunct(last) {
		return nameError(RuleEdge, "must begin and end with a letter or a digit, not - _ or .")
	}
	return nil
}

// scriptTables lists the Unicode scripts, the most common first, so that
// a script lookup usually ends after a table or two.
var scriptTables = sync.OnceValue(func() []scriptTable {
	first := []string{"Latin", "Common", "Inherited", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana",
		"Hangul", "Arabic", "Hebrew", "Devanagari", "Thai", "Armenian", "Georgian", "Bopomofo"}
	var ts []scriptTable
	for _, name := range first {
		ts = append(ts, scriptTable{name, unicode.Scripts[name]})
	}
	var rest []string
	for name := range unicode.Scripts {
		if !slices.Contains(first, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	for _, name := range rest {
		ts = append(ts, scriptTable{name, unicode.Scripts[name]})
	}
	return ts
})

type scriptTable struct {
	name  string
	table *unicode.RangeTable
}

// scriptOf returns the Unicode Script property of r, "Unknown" if none.
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return "Common"
	}
	for _, t := range scriptTables() {
		if unicode.Is(t.table, r) {
			return t.name
		}
	}
	return "Unknown"
}

// cjkScripts may mix with each other and with Latin (TR39's highly
// restrictive level allows Latin + Han + Hiragana + Katakana, Latin + Han
// + Bopomofo and Latin + Han + Hangul; the three CJK sets are kept apart).
var cjkSets = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// checkUserNameScripts refuses a name whose letters come from more than
// one script, beyond the CJK combinations TR39 allows. Digits, marks and
// punctuation of the Common and Inherited scripts go with any script.
func checkUserNameScripts(s string) *FieldError {
	var scripts []string // in order of first use
	for _, r := range s {
		sc := scriptOf(r)
		if sc == "Common" || sc == "Inherited" || slices.Contains(scripts, sc) {
			continue
		}
		scripts = append(scripts, sc)
	}
	if len(scripts) <= 1 {
		return nil
	}
	for _, set := range cjkSets {
		if allIn(scripts, set) {
			return nil
		}
	}
	return nameError(RuleScript, "mixes %s and %s letters; use the letters of one script "+
		"(Chinese, Japanese and Korean names may also mix with Latin), so that the name cannot pass for another",
		scripts[0], scripts[1])
}

func allIn(xs, set []string) bool {
	for _, x := range xs {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// identifierClass is the PRECIS IdentifierClass with the NFC of the
// user name profiles but without their bidi rule, to tell which of the two
// refused a name.
var identifierClass = precis.NewIdentifier(precis.FoldWidth, precis.Norm(norm.NFC))

// precisError explains a refusal by the PRECIS profile of a name that
// passed the checks above: it names the first character the
// IdentifierClass refuses, or else the bidi rule.
func precisError(mapped string) *FieldError {
	i := 0
	for _, r := range mapped {
		i++
		if _, err := identifierClass.String(string(r)); err != nil {
			return nameError(RulePRECIS, "may not hold %s (character %d), which the PRECIS rules for user names (RFC 8265) refuse", describeRune(r), i)
		}
	}
	return nameError(RulePRECIS, "breaks the Unicode bidirectional rule (RFC 5893) that PRECIS applies to user names: "+
		"a right-to-left name must begin with a right-to-left letter")
}
