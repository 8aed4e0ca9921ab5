package ruleset

import "testing"

// TestParseRef: a library reference is an id, or an id and a version
// from 1; anything else is none.
func TestParseRef(t *testing.T) {
	for ref, want := range map[string]struct {
		id string
		n  int
		ok bool
	}{
		"abcdefghijklmnop": {"abcdefghijklmnop", 0, true}, "abc-1@2": {"abc-1", 2, true}, "a@1000000": {"a", 1000000, true},
		"": {}, "@1": {}, "abc@": {}, "abc@0": {}, "abc@01": {}, "abc@-1": {}, "abc@1@2": {}, "ABC": {}, "my cards!": {},
		"a@1000001": {}, string(make([]byte, 65)): {},
	} {
		id, n, ok := ParseRef(ref)
		if id != want.id || n != want.n || ok != want.ok {
			t.Errorf("ParseRef(%q) = %q, %d, %v; want %+v", ref, id, n, ok, want)
		}
	}
	if v, ok := PeekString([]byte(`{"ruleset":"stareater","kind":"cardSet"}`), "kind"); !ok || v != "cardSet" {
		t.Errorf("PeekString kind: %q %v", v, ok)
	}
}
