package library

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestValidatePasswordAccepts(t *testing.T) {
	tests := []struct{ pw, user string }{
		{"correct horse battery staple", "slipway"},
		{"Tr0ub4dor&3x", "bob"},
		{"ten chars!", "bob"},                     // exactly MinPasswordLength
		{strings.Repeat("xyz", 42) + "ab", "bob"}, // exactly MaxPasswordLength, a cycle cut short is not one repeated
		{strings.Repeat("€₩₹", 42) + "₽₴", "bob"}, // 384 bytes, within MaxPasswordBytes
		{"correct horse, correct!", "bob"},        // a word said twice is not a cycle
		{"пароль-для-корабля", "slipway"},         // any script
		{"mot de passe à bord", "alice"},          // spaces inside and accents
		{"bo b-is-not-the-name", "bob"},           // the name split is not the name
		{"xy-long-enough-pass", "xy"},             // names under 3 characters are not checked
		{"alicia-in-chains-9", "ALICE-9"},         // the name must appear whole
		{"my ship is the slipway", ""},            // no name to compare
		{"  qwertyuiop-but-longer  ", "slipway"},  // contains a common password but is not one
	}
	for _, tt := range tests {
		if err := ValidatePassword(tt.pw, tt.user); err != nil {
			t.Errorf("ValidatePassword(%q, %q) = %v, want nil", tt.pw, tt.user, err)
		}
	}
}

func TestValidatePasswordRefuses(t *testing.T) {
	tests := []struct {
		name     string
		pw, user string
		rule     Rule
		says     string
	}{
		{"empty", "", "bob", RuleLength, "(you gave 0)"},
		{"seven", "abcdefg", "bob", RuleLength, "must be 10 to 128 characters, each Unicode code point counting as one (you gave 7)"},
		{"nine code points in 18 bytes", "ééééééééé", "bob", RuleLength, "(you gave 9)"},
		{"129", strings.Repeat("x", 129), "bob", RuleLength, "(you gave 129)"},
		{"over 512 bytes", strings.Repeat("😀", 129), "bob", RuleLength, "must be at most 512 bytes in UTF-8 (you gave 516)"},
		{"huge", strings.Repeat("x", 1<<20), "bob", RuleLength, "512 bytes"},
		{"invalid UTF-8", "abcdefghij\xff", "bob", RuleEncoding, "UTF-8"},
		{"NUL", "abcde\x00fghij", "bob", RuleCharacters, "character 6 is U+0000"},
		{"newline", "abcdefghij\n", "bob", RuleCharacters, "U+000A"},
		{"is the name", "Slipway-Admiral", "slipway-admiral", RuleHoldsName, "must not be or contain your user name"},
		{"holds the name", "my-slipway-2024", "Slipway", RuleHoldsName, "user name"},
		{"holds the name upper", "MYSLIPWAYPASS", "slipway", RuleHoldsName, "user name"},
		{"holds a full-width name", "ｓｌｉｐｗａｙ-rocks", "slipway", RuleHoldsName, "user name"},
		{"holds a Cyrillic name", "ДМИТРИЙ-1985-пароль", "Дмитрий", RuleHoldsName, "user name"},
		{"ten spaces", "          ", "bob", RuleRepeats, "is one character typed over and over"},
		{"ten a", "aaaaaaaaaa", "bob", RuleRepeats, "one character typed over and over"},
		{"ten A a", "AaAaAaAaAa", "bob", RuleRepeats, "one character"},
		{"ten ones", "1111111111", "bob", RuleRepeats, "one character"},
		{"128 x", strings.Repeat("x", 128), "bob", RuleRepeats, "one character"},
		{"128 euro", strings.Repeat("€", 128), "bob", RuleRepeats, "one character"},
		{"abc cut short", "abcabcabca", "bob", RuleRepeats, "is the same 3 characters repeated"},
		{"abab", "ababababab", "bob", RuleRepeats, "same 2 characters"},
		{"a word twice", "horsehorse", "bob", RuleRepeats, "same 5 characters"},
		{"a phrase twice", "correct horse correct horse ", "bob", RuleRepeats, "same 14 characters"},
		{"two characters", "aaaaaaaaab", "bob", RuleRepeats, "uses only 2 different characters; use at least 4"},
		{"three characters", "1121121122", "bob", RuleRepeats, "uses only 2 different"},
		{"three digits", "1231231233", "bob", RuleRepeats, "uses only 3 different"},
		{"common", "qwertyuiop", "bob", RuleCommon, "is one of the 49,233 most common passwords; choose another"},
		{"common upper", "QWERTYUIOP", "bob", RuleCommon, "most common"},
		{"common mixed case", "Password123", "bob", RuleCommon, "most common"},
		{"common with spaces", " 1q2w3e4r5t ", "bob", RuleCommon, "most common"},
		{"common last entry", lastCommonPassword(t), "bob", RuleCommon, "most common"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidatePassword(tt.pw, tt.user)
			if err == nil {
				t.Fatalf("ValidatePassword(%.40q, %q) = nil, want a %s error", tt.pw, tt.user, tt.rule)
			}
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is %T, want *FieldError", err, err)
			}
			if fe.Field != FieldPassword || fe.Rule != tt.rule {
				t.Errorf("error %q has field %q rule %q, want %q %q", err, fe.Field, fe.Rule, FieldPassword, tt.rule)
			}
			if !strings.HasPrefix(err.Error(), "password: ") || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q does not begin with the field and say %q", err, tt.says)
			}
		})
	}
}

// TestEveryCommonPasswordRefused: every entry of the shipped list, as
// listed and in upper case, is refused, and with a reason.
func TestEveryCommonPasswordRefused(t *testing.T) {
	n := 0
	for line := range strings.Lines(commonPasswordsText) {
		pw := strings.TrimRight(line, "\n")
		for _, p := range []string{pw, strings.ToUpper(pw)} {
			var fe *FieldError
			if err := ValidatePassword(p, ""); !errors.As(err, &fe) || fe.Message == "" {
				t.Errorf("ValidatePassword(%q) = %v, want a refusal with a reason", p, err)
			} else if fe.Rule != RuleCommon && fe.Rule != RuleRepeats {
				t.Errorf("ValidatePassword(%q) refused by rule %q", p, fe.Rule)
			}
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d entries read", n)
	}
}

// lastCommonPassword returns the embedded list's last entry, to show that
// the whole list is loaded.
func lastCommonPassword(t *testing.T) string {
	lines := strings.Split(strings.TrimSpace(commonPasswordsText), "\n")
	return lines[len(lines)-1]
}

// TestCommonPasswordsFile checks the embedded list against its README:
// lower case, no blanks or duplicates, cut at exactly MinPasswordLength
// characters (regenerate it when the minimum changes), and no larger than
// the list it was taken from.
func TestCommonPasswordsFile(t *testing.T) {
	if !strings.HasSuffix(commonPasswordsText, "\n") {
		t.Error("data/common-passwords.txt does not end with a newline")
	}
	lines := strings.Split(strings.TrimSuffix(commonPasswordsText, "\n"), "\n")
	seen := make(map[string]bool, len(lines))
	shortest := MaxPasswordLength + 1
	for i, pw := range lines {
		n := utf8.RuneCountInString(pw)
		switch {
		case pw == "" || pw != strings.TrimSpace(pw):
			t.Errorf("line %d: %q is blank or padded", i+1, pw)
		case pw != strings.ToLower(pw):
			t.Errorf("line %d: %q is not lower case", i+1, pw)
		case seen[pw]:
			t.Errorf("line %d: %q is a duplicate", i+1, pw)
		case n > MaxPasswordLength:
			t.Errorf("line %d: %q is longer than a password may be", i+1, pw)
		}
		seen[pw] = true
		shortest = min(shortest, n)
	}
	if shortest != MinPasswordLength {
		t.Errorf("the shortest entry has %d characters, want MinPasswordLength (%d): regenerate the list as data/README.md says",
			shortest, MinPasswordLength)
	}
	if len(lines) > CommonPasswordListSize || len(commonPasswords()) != len(lines) {
		t.Errorf("%d lines, %d in the set, source list %d", len(lines), len(commonPasswords()), CommonPasswordListSize)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 49233: "49,233", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

var sinkErr error

func BenchmarkValidatePassword(b *testing.B) {
	commonPasswords() // build the set outside the timing
	for _, tt := range []struct{ name, pw string }{
		{"accepted", "correct horse battery staple"},
		{"common", "qwertyuiop"},
		{"short", "abc"},
		{"max", strings.Repeat("é", MaxPasswordLength)},
	} {
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				sinkErr = ValidatePassword(tt.pw, "Slipway-Admiral")
			}
		})
	}
}

func BenchmarkCommonPasswordSet(b *testing.B) {
	var n int
	for b.Loop() {
		n = len(passwordSet(commonPasswordsText))
	}
	b.ReportMetric(float64(n), "entries")
}
