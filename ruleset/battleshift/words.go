package battleshift

import (
	"strconv"
	"strings"
)

// Formula writes the coefficient as players read it: "10 × size",
// "size + 1", "⌈size/2⌉", "5", "−4 × size".
func (c Coef) Formula() string {
	var terms []string
	term := func(k int, x string) {
		switch {
		case k == 0:
		case k == 1:
			terms = append(terms, x)
		case k == -1:
			terms = append(terms, "−"+x)
		default:
			terms = append(terms, number(k)+" × "+x)
		}
	}
	term(c.PerSize, "size")
	term(c.PerHalfSize, "⌈size/2⌉")
	term(c.PerThirdSize, "⌈size/3⌉")
	if c.Base != 0 || len(terms) == 0 {
		terms = append(terms, number(c.Base))
	}
	s := terms[0]
	for _, t := range terms[1:] {
		if strings.HasPrefix(t, "−") {
			s += " − " + t[len("−"):]
		} else {
			s += " + " + t
		}
	}
	return s
}

// Price writes the coefficient as a price in words: "1", "2 per size",
// "half the size, rounded up", "the size".
func (c Coef) Price() string {
	switch {
	case c == Coef{PerSize: 1}:
		return "the size"
	case c == Coef{PerHalfSize: 1}:
		return "half the size, rounded up"
	case c == Coef{PerThirdSize: 1}:
		return "a third of the size, rounded up"
	case c.PerHalfSize == 0 && c.PerThirdSize == 0 && c.Base == 0:
		return number(c.PerSize) + " per size"
	case c.PerSize == 0 && c.PerHalfSize == 0 && c.PerThirdSize == 0:
		return number(c.Base)
	}
	return c.Formula()
}

// number writes n with a true minus sign.
func number(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// signed writes n as a change of points: "+6", "−8".
func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return number(n)
}

func itoa(n int) string { return strconv.Itoa(n) }

// Count names n systems of the kind as the form does: "1 Light Battery",
// "4 Light Batteries".
func (k *Kind) Count(n int) string {
	if n == 1 {
		return "1 " + k.Name
	}
	return itoa(n) + " " + k.Plural
}

// words names n systems of the kind in a sentence: "1 light battery",
// "3 light batteries", "the engulfing". n 0 names what the entry holds:
// "the light batteries", and for a once-only kind "the reinforced hull".
func (k *Kind) words(n int) string {
	switch {
	case k.Phrase != "" && (n == 0 || n == 1 && k.single()):
		return k.Phrase
	case n == 0 && !k.Limits.Once:
		return "the " + strings.ToLower(k.Plural)
	case n == 0 || n == 1 && k.single():
		return "the " + strings.ToLower(k.Name)
	case n == 1:
		return "1 " + strings.ToLower(k.Name)
	}
	return itoa(n) + " " + strings.ToLower(k.Plural)
}

// all names the kind in general: "missile launchers", "fast drives".
func (k *Kind) all() string { return strings.ToLower(k.Plural) }

// single reports whether one of the kind is named without a number: a
// once-only kind, or one whose name is the same for one and many.
func (k *Kind) single() bool { return k.Limits.Once || k.Name == k.Plural }

// many reports whether words(n) takes a plural verb: "the fast drives
// are", "the engulfing is", "2 extra shields are".
func (k *Kind) many(n int) bool {
	switch {
	case k.Phrase != "" && (n == 0 || n == 1 && k.single()):
		return false
	case n == 0 && !k.Limits.Once:
		return strings.HasSuffix(k.Plural, "s")
	case n == 0 || n == 1 && k.single():
		return strings.HasSuffix(k.Name, "s")
	}
	return n != 1
}

// are is the verb for words(n): "is" or "are".
func (k *Kind) are(n int) string {
	if k.many(n) {
		return "are"
	}
	return "is"
}

// them is the pronoun for words(n): "it" or "them".
func (k *Kind) them(n int) string {
	if k.many(n) {
		return "them"
	}
	return "it"
}

// verbS is the ending of a present-tense verb for n systems of the kind:
// "s" when they take a singular verb ("the engulfing needs"), else "".
func (k *Kind) verbS(n int) string {
	if k.many(n) {
		return ""
	}
	return "s"
}

// units writes n space units: "1 space unit", "3 space units".
func units(n int) string {
	if n == 1 {
		return "1 space unit"
	}
	return itoa(n) + " space units"
}

// points writes n points: "1 point", "6 points".
func points(n int) string {
	if n == 1 || n == -1 {
		return number(n) + " point"
	}
	return number(n) + " points"
}

// choices joins ways out as a hint offers them: "a", "a, or b",
// "a, b, or c".
func choices(ways []string) string {
	if len(ways) < 2 {
		return strings.Join(ways, "")
	}
	return strings.Join(ways[:len(ways)-1], ", ") + ", or " + ways[len(ways)-1]
}
