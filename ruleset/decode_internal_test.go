package ruleset

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

type codecDoc struct {
	Name  string            `json:"name"`
	Tags  []string          `json:"tags"`
	Inner *struct{ N int }  `json:"inner"`
	Scale int               `json:"scale"`
	Map   map[string][]bool `json:"map"`
}

// TestCodecAt checks the decoder's shortcut to reflect.NewAt.
func TestCodecAt(t *testing.T) {
	var d codecDoc
	d.Tags = []string{"a"}
	for _, tc := range []struct {
		v any
		p unsafe.Pointer
	}{{&d, unsafe.Pointer(&d)}, {&d.Tags, unsafe.Pointer(&d.Tags)}, {&d.Inner, unsafe.Pointer(&d.Inner)}, {&d.Scale, unsafe.Pointer(&d.Scale)}} {
		rt := reflect.TypeOf(tc.v).Elem()
		cd := codecOf(rt)
		if got := cd.ptrAt(tc.p); got != tc.v {
			t.Errorf("%v: ptrAt = %v, want %v", rt, got, tc.v)
		}
		if got, want := cd.at(tc.p), reflect.NewAt(rt, tc.p).Elem(); got.Type() != want.Type() || !got.CanSet() || got.Addr().UnsafePointer() != want.Addr().UnsafePointer() {
			t.Errorf("%v: at = %v, want %v", rt, got, want)
		}
	}
}

// TestIntern checks that interned words come back without an allocation
// and that intern gives back the same string for any input.
func TestIntern(t *testing.T) {
	Intern("alpha", "beta", "") // as a ruleset's init would
	for _, w := range []string{"alpha", "beta"} {
		if !Interned(w) {
			t.Errorf("%q is not interned", w)
		}
		if got := intern([]byte(w)); got != w || testing.AllocsPerRun(10, func() { intern([]byte(w)) }) != 0 {
			t.Errorf("intern(%q) = %q or allocates", w, got)
		}
	}
	for _, s := range []string{"", "a", "x", "alph", "Alpha", strings.Repeat("z", 40), "\xff\xfe"} {
		if got := intern([]byte(s)); got != s {
			t.Errorf("intern(%q) = %q", s, got)
		}
	}
}
