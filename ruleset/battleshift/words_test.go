package battleshift

import (
	"testing"

	"github.com/slipway/slipway/ruleset"
)

// TestWords pins the small words problems and help are made of.
func TestWords(t *testing.T) {
	cat := rs.Catalogue()
	lb, fast, eng, nosh, hard := cat.Kind("lightBattery"), cat.Kind("fast"), cat.Kind("engulfing"), cat.Kind("noShields"), cat.Kind("hardenedHull")
	for _, c := range []struct{ got, want string }{
		{lb.Count(1), "1 Light Battery"}, {lb.Count(4), "4 Light Batteries"},
		{lb.words(0), "the light batteries"}, {lb.words(1), "1 light battery"}, {lb.words(3), "3 light batteries"},
		{lb.are(1), "is"}, {lb.are(3), "are"}, {lb.them(1), "it"}, {lb.them(0), "them"},
		{fast.words(0), "the fast drives"}, {fast.words(1), "the fast drives"}, {fast.are(1), "are"}, {fast.them(0), "them"},
		{eng.words(1), "the engulfing"}, {eng.are(0), "is"}, {eng.verbS(0), "s"},
		{nosh.words(0), "the No Shields weakness"}, {nosh.are(0), "is"},
		{hard.words(0), "the hardened hull"}, {hard.are(0), "is"}, {hard.them(0), "it"},
		{Coef{PerSize: 10}.Formula(), "10 × size"}, {Coef{Base: 1, PerSize: 1}.Formula(), "size + 1"},
		{Coef{PerHalfSize: 1}.Formula(), "⌈size/2⌉"}, {Coef{PerSize: -4}.Formula(), "−4 × size"}, {Coef{}.Formula(), "0"},
		{Coef{PerSize: 2, PerHalfSize: -1, Base: 3}.Formula(), "2 × size − ⌈size/2⌉ + 3"},
		{Coef{PerSize: 1}.Price(), "the size"}, {Coef{PerHalfSize: 1}.Price(), "half the size, rounded up"}, {Coef{PerSize: 3}.Price(), "3 per size"},
		{choices([]string{"a"}), "a"}, {choices([]string{"a", "b"}), "a, or b"}, {choices([]string{"a", "b", "c"}), "a, b, or c"},
		{ruleset.List([]string{"a", "b", "c"}, "and"), "a, b and c"}, {thousands(4000), "4,000"}, {thousands(-1234567), "−1,234,567"},
		{units(1), "1 space unit"}, {points(-1), "−1 point"}, {signed(6), "+6"}, {signed(-8), "−8"},
		{lb.priceWords(), "Takes 1 space unit."}, {fast.priceWords(), "Takes space units equal to half the size, rounded up, or costs 2 points per size instead."},
		{nosh.priceWords(), "Takes 4 points per size off the cost."}, {cat.Kind("broadsideBattery").priceWords(), "Takes 2 space units and costs 5 points."},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	for _, c := range []struct{ n, d, want int }{{5, 2, 3}, {4, 2, 2}, {0, 3, 0}, {-5, 2, -2}, {7, 3, 3}} {
		if got := ceilDiv(c.n, c.d); got != c.want {
			t.Errorf("ceilDiv(%d, %d) = %d, want %d", c.n, c.d, got, c.want)
		}
	}
	if smul(limit, 3) != limit || smul(-limit, 3) != -limit || sadd(limit, limit) != limit || smul(1<<40, 1<<40) != limit {
		t.Error("saturation")
	}
}
