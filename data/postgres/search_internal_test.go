package postgres

import (
	"slices"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"Nebula Raptor", []string{"nebula", "raptor"}},
		{"Ship 42-B", []string{"ship", "42", "b"}},
		{"v2.0 x-ray", []string{"v2", "0", "x", "ray"}},
		{"Éclair NAÏVE", []string{"eclair", "naive"}},
		{"e\u0301clair", []string{"eclair"}},          // decomposed input folds the same
		{"Ἀργώ / Аврора", []string{"ἀργώ", "аврора"}}, // only Latin letters lose their marks
		{"it's O'Brien", []string{"it", "s", "o", "brien"}},
		{"日本語🚀ship", []string{"日本語", "ship"}},
		{`a\b'c`, []string{"a", "b", "c"}},
	}
	for _, c := range cases {
		if got := tokens(c.in); !slices.Equal(got, c.want) {
			t.Errorf("tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSearchQuery(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"", "", true},
		{"   ", "", true},
		{"Nebula", `('nebula':*)`, true},
		{"neb RAP", `('neb':*) & ('rap':*)`, true},
		{"42-b", `('42' <-> 'b':*)`, true},
		{"!!!", "", false},
		{"ship !!!", "", false},
		{`NOT (a|b) 'x'`, `('not':*) & ('a' <-> 'b':*) & ('x':*)`, true},
		{`a & b`, "", false},
	}
	for _, c := range cases {
		got, ok := searchQuery(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("searchQuery(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestSearchVector(t *testing.T) {
	got := searchVector("Nebula Raptor", "A fast one.", []string{"x-ray", "escort"}, "Outer Rim", "alice1")
	want := `'nebula':1 'raptor':2 'a':5 'fast':6 'one':7 'x':10 'ray':11 'escort':12 'outer':15 'rim':16 'alice1':19`
	if got != want {
		t.Errorf("searchVector:\n got %s\nwant %s", got, want)
	}
	// A word longer than a lexeme may be is cut on a character boundary.
	long := searchVector(strings.Repeat("ж", 3000), "", nil, "", "")
	if n := len(long) - len(`'':1`); n > maxLexeme || n < maxLexeme-1 || !strings.HasPrefix(long, "'жж") {
		t.Errorf("long word gives a %d-byte lexeme", n)
	}
}
