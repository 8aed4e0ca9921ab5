package designer

import (
	"strings"
	"testing"
)

// TestInternedCoversCatalogue checks that every kind, parameter value and
// option value of the built-in catalogue is interned, and that intern
// gives back the same string for any input.
func TestInternedCoversCatalogue(t *testing.T) {
	c := BuiltinCatalogue()
	want := []string{}
	for _, k := range c.Kinds {
		want = append(want, k.Kind)
		for _, p := range k.Params {
			want = append(want, p.Values...)
		}
	}
	for _, o := range c.Options {
		want = append(want, o.Value)
	}
	want = append(want, WeaponQualities...)
	want = append(want, SquadronQualities...)
	want = append(want, dieNames...)
	for _, w := range want {
		if len(w) > maxInterned {
			t.Errorf("%q is longer than maxInterned", w)
		}
		if got := intern([]byte(w)); got != w || testing.AllocsPerRun(10, func() { intern([]byte(w)) }) != 0 {
			t.Errorf("%q is not interned", w)
		}
	}
	for _, s := range []string{"", "a", "x", "fore ", "Fore", "reactors", "D7", strings.Repeat("z", 40), "teleporterAdvance", "\xff\xfe"} {
		if got := intern([]byte(s)); got != s {
			t.Errorf("intern(%q) = %q", s, got)
		}
	}
}
