package ruleset

import (
	"strings"
	"testing"
)

// TestCheckStorable: what no store keeps (a NUL, a byte that is no part
// of a UTF-8 character) is refused by CheckStorable and by CheckText
// alike, in the same words; other control characters are CheckText's
// alone (a draft may hold them as problems); fine text costs nothing.
func TestCheckStorable(t *testing.T) {
	for _, tc := range []struct {
		in             string
		storable, text string // the start of each problem; "" none
		textLo, textHi int
		multiline      bool
	}{
		{in: "Ünïcødé 飞船 Звезда 🚀", textLo: 1, textHi: 80},
		{in: "a\x00b", storable: "it contains an invisible or control character (U+0000)", text: "it contains an invisible or control character (U+0000)", textLo: 1, textHi: 80},
		{in: "a\xffb", storable: "it is not UTF-8 text: character 2 is a byte", text: "it is not UTF-8 text: character 2 is a byte", textLo: 1, textHi: 80},
		{in: "飞\xe8", storable: "it is not UTF-8 text: character 2 is a byte", text: "it is not UTF-8 text: character 2 is a byte", textLo: 1, textHi: 80},
		{in: "a\x01b", text: "it contains an invisible or control character (U+0001)", textLo: 1, textHi: 80},
		{in: "line\nbreak", textLo: 0, textHi: 80, multiline: true},
		{in: strings.Repeat("\xff", 200), storable: "it is not UTF-8 text: character 1 ", text: "it is not UTF-8 text: character 1 ", textLo: 1, textHi: 80},
	} {
		p, fix := CheckStorable(tc.in)
		if !strings.HasPrefix(p, tc.storable) || (p == "") != (tc.storable == "") || (fix == "") != (p == "") {
			t.Errorf("CheckStorable(%q) = %q, %q; want %q...", tc.in, p, fix, tc.storable)
		}
		p, fix = CheckText(tc.in, tc.textLo, tc.textHi, tc.multiline)
		if !strings.HasPrefix(p, tc.text) || (p == "") != (tc.text == "") || (fix == "") != (p == "") {
			t.Errorf("CheckText(%q) = %q, %q; want %q...", tc.in, p, fix, tc.text)
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		CheckStorable("Ünïcødé 飞船 Звезда 🚀")
		CheckText("Reference Cruiser", 1, 80, false)
	}); n != 0 {
		t.Errorf("%v allocations checking fine text, want 0", n)
	}
}
