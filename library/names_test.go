package library

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizeUserNameAccepts(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"slipway", "slipway"},
		{"Slipway", "Slipway"}, // case is kept for display
		{"bob", "bob"},
		{"R2-D2", "R2-D2"},
		{"first.last_9", "first.last_9"},
		{"ｓｌｉｐｗａｙ", "slipway"},     // full-width forms are narrowed
		{"Ａｄｍｉｒａｌ－１", "Admiral-1"}, // a full-width hyphen becomes -
		{"Jose\u0301", "José"},     // NFC: e + combining acute becomes é
		{"Zoë", "Zoë"},
		{"Ørsted", "Ørsted"},
		{"Дмитрий", "Дмитрий"},
		{"Αθηνά", "Αθηνά"},
		{"山田太郎", "山田太郎"},
		{"やまだ_タロウ", "やまだ_タロウ"},   // Hiragana with Katakana
		{"Tanaka東京", "Tanaka東京"}, // Latin with Han
		{"김민준", "김민준"},
		{"שלום", "שלום"},
		{"علي123", "علي123"},
		{"नमस्ते", "नमस्ते"}, // Devanagari with its combining signs
		{"abc", "abc"},
		{strings.Repeat("a", 40), strings.Repeat("a", 40)},
		{strings.Repeat("é", 40), strings.Repeat("é", 40)},
		{"123", "123"},
	}
	for _, tt := range tests {
		got, err := NormalizeUserName(tt.in)
		if err != nil {
			t.Errorf("NormalizeUserName(%q) = error %v, want %q", tt.in, err, tt.want)
			continue
		}
		if got != tt.want {
			t.Errorf("NormalizeUserName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNormalizeUserNameRefuses(t *testing.T) {
	tests := []struct {
		name string
		in   string
		rule Rule
		says string // a part of the message
	}{
		{"empty", "", RuleLength, "(you gave 0)"},
		{"too short", "ab", RuleLength, "must be 3 to 40 characters"},
		{"too long", strings.Repeat("a", 41), RuleLength, "(you gave 41)"},
		{"huge", strings.Repeat("a", 100000), RuleLength, "(you gave 100000)"},
		{"short after NFC", "e\u0301e\u0301", RuleLength, "(you gave 2)"},
		{"invalid UTF-8", "ab\xffc", RuleEncoding, "UTF-8"},
		{"leading space", " bob", RuleSpace, "must not begin with a space"},
		{"trailing space", "bob ", RuleSpace, "must not end with a space"},
		{"trailing tab", "bob\t", RuleSpace, "must not end with a space"},
		{"inner space", "bob smith", RuleCharacters, "character 4 is U+0020"},
		{"at sign", "bob@home", RuleCharacters, "may hold letters, digits and - _ . only"},
		{"emoji", "rocket🚀", RuleCharacters, "U+1F680"},
		{"NUL", "bo\x00b", RuleCharacters, "U+0000"},
		{"zero-width joiner", "bo\u200db", RuleCharacters, "U+200D"},
		{"right-to-left override", "bob\u202eevil", RuleCharacters, "U+202E"},
		{"middle dot", "l·l", RuleCharacters, "U+00B7"},
		{"leading hyphen", "-bob", RuleEdge, "must begin and end with a letter or a digit"},
		{"trailing dot", "bob.", RuleEdge, "not - _ or ."},
		{"leading mark", "\u0301bob", RuleEdge, "combining mark"},
		{"Cyrillic а in Latin", "slipwаy", RuleScript, "mixes Latin and Cyrillic"},
		{"Greek ο in Latin", "bοb", RuleScript, "mixes Latin and Greek"},
		{"Latin in Cyrillic", "Дмитрийa", RuleScript, "mixes Cyrillic and Latin"},
		{"Hangul with Hiragana", "김やま", RuleScript, "mixes Hangul and Hiragana"},
		{"ligature", "ﬁsh", RulePRECIS, "U+FB01"},
		{"titlecase digraph", "ǅemal", RulePRECIS, "U+01C5"},
		{"digit before Hebrew", "1שלום", RulePRECIS, "bidirectional"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NormalizeUserName(tt.in)
			if err == nil {
				t.Fatalf("NormalizeUserName(%q) = %q, want a %s error", tt.in, got, tt.rule)
			}
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is %T, want *FieldError", err, err)
			}
			if fe.Field != FieldUserName || fe.Rule != tt.rule {
				t.Errorf("error %q has field %q rule %q, want %q %q", err, fe.Field, fe.Rule, FieldUserName, tt.rule)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q does not say %q", err, tt.says)
			}
			if !strings.HasPrefix(err.Error(), "user name: ") {
				t.Errorf("error %q does not begin with the field", err)
			}
		})
	}
}

func TestNormalizeUserNameMessages(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ab", "user name: must be 3 to 40 characters, each Unicode code point counting as one (you gave 2)"},
		{"bob smith", "user name: may hold letters, digits and - _ . only (character 4 is U+0020)"},
		{"bob!", `user name: may hold letters, digits and - _ . only (character 4 is '!' (U+0021))`},
	}
	for _, tt := range tests {
		_, err := NormalizeUserName(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("NormalizeUserName(%q) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestUserNameKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"slipway", "slipway"},
		{"Slipway", "slipway"},
		{"SLIPWAY", "slipway"},
		{"ｓｌｉｐｗａｙ", "slipway"},
		{"ＳＬＩＰＷＡＹ", "slipway"},
		{"Zoë", "zoë"},
		{"ДМИТРИЙ", "дмитрий"},
		{"ΑΘΗΝΑ", "αθηνα"},
		{"R2-D2", "r2-d2"},
	}
	for _, tt := range tests {
		got, err := UserNameKey(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("UserNameKey(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := UserNameKey("a b"); err == nil {
		t.Error("UserNameKey accepted a name NormalizeUserName refuses")
	}
}

// TestUserNameSkeletonCollides lists names that look alike and must share
// a skeleton, so that the store's unique index refuses the second.
func TestUserNameSkeletonCollides(t *testing.T) {
	tests := []struct{ a, b, why string }{
		{"slipway", "slipwаy", "Cyrillic а"},
		{"slipway", "ѕӏірwау", "Cyrillic ѕ ӏ і р а у"},
		{"paypal", "раураl", "Cyrillic р а у"},
		{"bob", "bοb", "Greek ο"},
		{"ABBA", "ΑΒΒΑ", "Greek capitals"},
		{"nexus", "ΝΕΧUS", "Greek capitals in another case"},
		{"slipway", "Slipway", "case"},
		{"bob", "BOB", "case"},
		{"BOB", "ВОВ", "Cyrillic capitals"},
		{"bob", "ВОВ", "Cyrillic capitals against small Latin"},
		{"slipway", "ｓｌｉｐｗａｙ", "full-width forms"},
		{"Admiral-1", "Ａｄｍｉｒａｌ－１", "full-width forms"},
		{"paypal", "paypa1", "digit 1 and letter l"},
		{"paypal", "PaypaI", "capital I and small l"},
		{"bob", "b0b", "digit 0 and letter o"},
		{"modern", "rnodern", "rn and m"},
		{"Mark", "rnark", "rn and m across case"},
		{"José", "Jose\u0301", "composed and decomposed"},
	}
	for _, tt := range tests {
		sa, sb := UserNameSkeleton(tt.a), UserNameSkeleton(tt.b)
		if sa != sb {
			t.Errorf("%s: UserNameSkeleton(%q) = %q, UserNameSkeleton(%q) = %q; want equal", tt.why, tt.a, sa, tt.b, sb)
		}
	}
}

// TestUserNameSkeletonDistinct lists names that differ to the eye and must
// not collide.
func TestUserNameSkeletonDistinct(t *testing.T) {
	tests := []struct{ a, b string }{
		{"alice", "alicia"},
		{"bob", "bobb"},
		{"bob", "rob"},
		{"slipway", "slipways"},
		{"anna", "hanna"},
		{"r2-d2", "r2_d2"},
		{"admiral", "admirai"},
		{"Дмитрий", "Дмитри"},
		{"山田", "山口"},
	}
	for _, tt := range tests {
		if sa, sb := UserNameSkeleton(tt.a), UserNameSkeleton(tt.b); sa == sb {
			t.Errorf("UserNameSkeleton(%q) = UserNameSkeleton(%q) = %q; want different", tt.a, tt.b, sa)
		}
	}
}

// TestUserNameKeyOrSkeletonRefuses checks pairs that only the two unique
// indexes together keep apart: a name is refused when its key or its
// skeleton is taken. "SLIPWAY" and "slipway" do not look alike (the
// capital I is a prototype of l, the small i is not), so their skeletons
// differ; their keys are equal.
func TestUserNameKeyOrSkeletonRefuses(t *testing.T) {
	tests := []struct{ a, b string }{
		{"slipway", "SLIPWAY"},
		{"slipway", "Slipway"},
		{"slipway", "sIipway"},
		{"PaypaI", "paypal"},
		{"ΑΘΗΝΑ", "αθηνα"},
	}
	for _, tt := range tests {
		ka, errA := UserNameKey(tt.a)
		kb, errB := UserNameKey(tt.b)
		if errA != nil || errB != nil {
			t.Errorf("UserNameKey(%q), UserNameKey(%q): %v, %v; want both accepted", tt.a, tt.b, errA, errB)
			continue
		}
		if ka != kb && UserNameSkeleton(tt.a) != UserNameSkeleton(tt.b) {
			t.Errorf("%q and %q differ in both key (%q, %q) and skeleton (%q, %q)",
				tt.a, tt.b, ka, kb, UserNameSkeleton(tt.a), UserNameSkeleton(tt.b))
		}
	}
}

// TestUserNameSkeletonOfNormalized checks that the store may take the
// skeleton of the name as typed or as normalised: both agree.
func TestUserNameSkeletonOfNormalized(t *testing.T) {
	for _, in := range []string{"Slipway", "ｓｌｉｐｗａｙ", "Jose\u0301", "PaypaI", "Ａｄｍｉｒａｌ－１", "山田太郎"} {
		n, err := NormalizeUserName(in)
		if err != nil {
			t.Fatalf("NormalizeUserName(%q): %v", in, err)
		}
		if a, b := UserNameSkeleton(in), UserNameSkeleton(n); a != b {
			t.Errorf("UserNameSkeleton(%q) = %q but of its normal form %q it is %q", in, a, n, b)
		}
	}
}

func FuzzNormalizeUserName(f *testing.F) {
	for _, s := range []string{"slipway", "Slipway", "ｓｌｉｐｗａｙ", "slipwаy", "Jose\u0301", "山田太郎", "שלום",
		"1שלום", "a b", "-bob", "\u0301bob", "ﬁsh", "ǅemal", "ab\xff", "ﾊﾟｲﾌﾟ", "ＡＢＣ－１", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := NormalizeUserName(s)
		skel := UserNameSkeleton(s) // must not panic on any input
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != FieldUserName || fe.Rule == "" || fe.Message == "" {
				t.Fatalf("NormalizeUserName(%q) error %#v is not a complete *FieldError", s, err)
			}
			return
		}
		if n := utf8.RuneCountInString(out); n < MinUserNameLength || n > MaxUserNameLength {
			t.Fatalf("NormalizeUserName(%q) = %q with %d characters", s, out, n)
		}
		again, err := NormalizeUserName(out)
		if err != nil || again != out {
			t.Fatalf("NormalizeUserName(%q) = %q, but normalising that gives %q, %v", s, out, again, err)
		}
		if got := UserNameSkeleton(out); got != skel {
			t.Fatalf("UserNameSkeleton(%q) = %q but of its normal form %q it is %q", s, skel, out, got)
		}
		if got := UserNameSkeleton(again); got != skel {
			t.Fatalf("UserNameSkeleton unstable: %q then %q", skel, got)
		}
		key, err := UserNameKey(s)
		if err != nil {
			t.Fatalf("UserNameKey(%q) refused a name NormalizeUserName accepts: %v", s, err)
		}
		if k2, err := UserNameKey(out); err != nil || k2 != key {
			t.Fatalf("UserNameKey(%q) = %q but of its normal form %q it is %q, %v", s, key, out, k2, err)
		}
	})
}

var sinkString string

func BenchmarkNormalizeUserName(b *testing.B) {
	for _, in := range []string{"Slipway", "ｓｌｉｐｗａｙ", "Дмитрий", "slipwаy"} {
		b.Run(in, func(b *testing.B) {
			for b.Loop() {
				sinkString, _ = NormalizeUserName(in)
			}
		})
	}
}

func BenchmarkUserNameKey(b *testing.B) {
	for b.Loop() {
		sinkString, _ = UserNameKey("Slipway-Admiral")
	}
}

func BenchmarkUserNameSkeleton(b *testing.B) {
	for _, in := range []string{"Slipway-Admiral", "ѕӏірwау"} {
		b.Run(in, func(b *testing.B) {
			for b.Loop() {
				sinkString = UserNameSkeleton(in)
			}
		})
	}
}
