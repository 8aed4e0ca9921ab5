package sqlite

import "testing"

func TestMatchExpr(t *testing.T) {
	cases := map[string]string{
		"":                   "",
		"   ":                "",
		"nebula":             `"nebula"*`,
		"nebula  raptor":     `"nebula"* AND "raptor"*`,
		`say "hi"`:           `"say"* AND """hi"""*`,
		`NEAR(a b) OR * -x`:  `"NEAR(a"* AND "b)"* AND "OR"* AND "*"* AND "-x"*`,
		`'; DROP TABLE x;--`: `"';"* AND "DROP"* AND "TABLE"* AND "x;--"*`,
	}
	for in, want := range cases {
		if got := matchExpr(in); got != want {
			t.Errorf("matchExpr(%q) = %s, want %s", in, got, want)
		}
	}
}
