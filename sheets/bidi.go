package sheets

import (
	"sync"
	"unicode"

	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// Right-to-left names. Clean text is kept in logical order (the order
// it is typed and stored in); visual turns one line of it into the order
// and the letter forms it is drawn in, left to right:
//
//   - Arabic letters take their joined forms (initial, medial, final or
//     isolated, and the lam-alef ligatures) from the Arabic Presentation
//     Forms-B block, which DejaVu has, chosen by each letter's joining
//     type and its neighbours' (the rules of the Unicode standard's
//     chapter 9.2, without the optional ligatures);
//   - the line is ordered by the Unicode bidirectional algorithm (UAX #9)
//     for a single line without explicit embeddings (clean drops the
//     controls): the paragraph's direction from its first strong letter,
//     weak and neutral characters resolved (W1-W7, N1-N2), levels (I1-I2)
//     and runs reversed from the highest level down (L2), marks kept after
//     their letters and brackets mirrored.
//
// Measuring and drawing both go through visual, so what is measured is
// what prints. The document holds the drawn order: a viewer's copy and
// search put right-to-left text back in logical order themselves
// (poppler's pdftotext does, and gives the Arabic letters in their
// presentation forms, the same text under NFKC). An ActualText span with
// the logical text was tried and left out: pdftotext reversed it again.

// isRTLRune reports whether r belongs to a right-to-left script block
// (Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms).
func isRTLRune(r rune) bool {
	return r >= 0x0590 && r <= 0x08FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF
}

// hasRTL reports whether s has a right-to-left letter.
func hasRTL(s string) bool {
	for _, r := range s {
		if isRTLRune(r) {
			return true
		}
	}
	return false
}

// visual is clean text s as drawn left to right: Arabic shaped, the line
// in bidirectional order. Text with no right-to-left letter is returned
// as it is.
func visual(s string) string {
	if !hasRTL(s) {
		return s
	}
	return string(reorder(shapeArabic([]rune(s))))
}

// arabicForms holds, for each Arabic letter with presentation forms, its
// isolated, final, initial and medial forms (0 where it has none), and
// lamAlef the lam-alef ligatures by alef: isolated and final.
type arabicForms struct {
	forms   map[rune][4]rune
	lamAlef map[rune][2]rune
}

// arabic derives the forms from the Unicode data once: each presentation
// form (arabicFormRunes) decomposes (NFKD) to its letter, and a letter's
// forms stand in the block in the order isolated, final, initial, medial
// (two of them for letters that join on one side only).
var arabic = sync.OnceValue(func() *arabicForms {
	a := &arabicForms{forms: map[rune][4]rune{}, lamAlef: map[rune][2]rune{}}
	var group []rune
	var base rune
	flush := func() {
		if base != 0 && (len(group) == 2 || len(group) == 4) {
			var f [4]rune
			copy(f[:], group)
			a.forms[base] = f
		}
		group, base = nil, 0
	}
	for _, r := range arabicFormRunes() {
		d := []rune(norm.NFKD.String(string(r)))
		if len(d) >= 2 && d[0] == 0x0644 { // lam-alef: isolated, final
			flush()
			alef := []rune(norm.NFC.String(string(d[1:])))
			if len(alef) != 1 {
				continue
			}
			l := a.lamAlef[alef[0]]
			if l[0] == 0 {
				l[0] = r
			} else {
				l[1] = r
			}
			a.lamAlef[alef[0]] = l
			continue
		}
		// The letter the form is of: NFKD keeps a hamza or madda as a
		// mark; compose it back (NFC) to the letter that has it.
		b := []rune(norm.NFC.String(string(d)))
		if len(b) != 1 || b[0] == r {
			flush()
			continue
		}
		if b[0] != base {
			flush()
			base = b[0]
		}
		group = append(group, r)
	}
	flush()
	return a
})

// arabicFormRunes are the presentation forms the table is read from: the
// Persian, Urdu and other letters of Forms-A (U+FB50-U+FBFF) and the
// Arabic letters of Forms-B (U+FE80-U+FEFC).
func arabicFormRunes() []rune {
	var out []rune
	for r := rune(0xFB50); r <= 0xFBFF; r++ {
		out = append(out, r)
	}
	for r := rune(0xFE80); r <= 0xFEFC; r++ {
		out = append(out, r)
	}
	return out
}

// joining types of the Arabic joining algorithm.
const (
	joinNone  = iota // U: does not join
	joinRight        // R: joins the letter before it only
	joinDual         // D: joins on both sides
	joinCause        // C: tatweel, joins both sides and has no forms
	joinTrans        // T: a mark, transparent
)

func joiningType(r rune, a *arabicForms) int {
	switch {
	case r == 0x0640 || r == 0x200D:
		return joinCause
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return joinTrans
	}
	f, ok := a.forms[r]
	switch {
	case !ok:
		return joinNone
	case f[2] != 0:
		return joinDual
	}
	return joinRight
}

// shapeArabic replaces Arabic letters by their joined forms, in logical
// order.
func shapeArabic(rs []rune) []rune {
	a := arabic()
	types := make([]int, len(rs))
	for i, r := range rs {
		types[i] = joiningType(r, a)
	}
	// neighbour is the nearest non-transparent index from i in step
	// direction d, or -1.
	neighbour := func(i, d int) int {
		for j := i + d; j >= 0 && j < len(rs); j += d {
			if types[j] != joinTrans {
				return j
			}
		}
		return -1
	}
	joinsBefore := func(i int) bool { // the letter before i joins forward to it
		j := neighbour(i, -1)
		return j >= 0 && (types[j] == joinDual || types[j] == joinCause)
	}
	joinsAfter := func(i int) bool { // the letter after i joins back to it
		j := neighbour(i, 1)
		return j >= 0 && (types[j] == joinDual || types[j] == joinRight || types[j] == joinCause)
	}
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r, t := rs[i], types[i]
		if r == 0x0644 { // lam before an alef: the ligature
			if j := neighbour(i, 1); j == i+1 {
				if l, ok := a.lamAlef[rs[j]]; ok && l[0] != 0 && fonts().has(l[0]) {
					form := l[0]
					if joinsBefore(i) && l[1] != 0 && fonts().has(l[1]) {
						form = l[1]
					}
					out = append(out, form)
					i = j
					continue
				}
			}
		}
		if t != joinDual && t != joinRight {
			out = append(out, r)
			continue
		}
		f := a.forms[r]
		before := joinsBefore(i)
		after := t == joinDual && joinsAfter(i)
		form := f[0]
		switch {
		case before && after && f[3] != 0:
			form = f[3]
		case before && f[1] != 0:
			form = f[1]
		case after && f[2] != 0:
			form = f[2]
		}
		if form == 0 || !fonts().has(form) {
			form = r // no such form, or the faces lack it: the letter as it is
		}
		out = append(out, form)
	}
	return out
}

// reorder puts one line of logical text in visual order (UAX #9 for a
// line without explicit embeddings).
func reorder(rs []rune) []rune {
	n := len(rs)
	if n == 0 {
		return rs
	}
	cls := make([]bidi.Class, n)
	for i, r := range rs {
		p, _ := bidi.LookupRune(r)
		cls[i] = p.Class()
	}
	// P2-P3: the paragraph's level from its first strong letter.
	base := 0
	for _, c := range cls {
		if c == bidi.L {
			break
		}
		if c == bidi.R || c == bidi.AL {
			base = 1
			break
		}
	}
	sor := bidi.L
	if base == 1 {
		sor = bidi.R
	}
	// W1: a mark takes the type of what it is on.
	for i, c := range cls {
		if c == bidi.NSM {
			if i == 0 {
				cls[i] = sor
			} else {
				cls[i] = cls[i-1]
			}
		}
	}
	// W2: a European number after an Arabic letter is an Arabic number;
	// W3: Arabic letters are right-to-left.
	last := sor
	for i, c := range cls {
		switch c {
		case bidi.L, bidi.R, bidi.AL:
			last = c
		case bidi.EN:
			if last == bidi.AL {
				cls[i] = bidi.AN
			}
		}
	}
	for i, c := range cls {
		if c == bidi.AL {
			cls[i] = bidi.R
		}
	}
	// W4: one separator between two numbers of a kind joins them.
	for i := 1; i+1 < n; i++ {
		if cls[i] == bidi.ES && cls[i-1] == bidi.EN && cls[i+1] == bidi.EN {
			cls[i] = bidi.EN
		}
		if cls[i] == bidi.CS && cls[i-1] == cls[i+1] && (cls[i-1] == bidi.EN || cls[i-1] == bidi.AN) {
			cls[i] = cls[i-1]
		}
	}
	// W5: terminators next to European numbers are numbers.
	for i := 0; i < n; i++ {
		if cls[i] != bidi.ET {
			continue
		}
		j := i
		for j < n && cls[j] == bidi.ET {
			j++
		}
		if i > 0 && cls[i-1] == bidi.EN || j < n && cls[j] == bidi.EN {
			for k := i; k < j; k++ {
				cls[k] = bidi.EN
			}
		}
		i = j - 1
	}
	// W6: remaining separators and terminators are neutral; W7: a
	// European number after left-to-right text is left-to-right.
	last = sor
	for i, c := range cls {
		switch c {
		case bidi.ES, bidi.ET, bidi.CS:
			cls[i] = bidi.ON
		case bidi.L, bidi.R:
			last = c
		case bidi.EN:
			if last == bidi.L {
				cls[i] = bidi.L
			}
		}
	}
	// N1-N2: neutrals between letters of one direction (numbers count as
	// right-to-left) take it; others the paragraph's.
	strong := func(c bidi.Class) (bidi.Class, bool) {
		switch c {
		case bidi.L:
			return bidi.L, true
		case bidi.R, bidi.EN, bidi.AN:
			return bidi.R, true
		}
		return 0, false
	}
	for i := 0; i < n; i++ {
		if _, ok := strong(cls[i]); ok {
			continue
		}
		j := i
		for j < n {
			if _, ok := strong(cls[j]); ok {
				break
			}
			j++
		}
		before, after := sor, sor
		if i > 0 {
			before, _ = strong(cls[i-1])
		}
		if j < n {
			after, _ = strong(cls[j])
		}
		dir := sor
		if before == after {
			dir = before
		}
		for k := i; k < j; k++ {
			cls[k] = dir
		}
		i = j - 1
	}
	// I1-I2: levels.
	levels := make([]int, n)
	maxLevel := 0
	for i, c := range cls {
		l := base
		switch {
		case base == 0 && c == bidi.R:
			l = 1
		case base == 0 && (c == bidi.AN || c == bidi.EN):
			l = 2
		case base == 1 && (c == bidi.L || c == bidi.EN || c == bidi.AN):
			l = 2
		}
		levels[i] = l
		maxLevel = max(maxLevel, l)
	}
	// L2, by clusters of a letter and its marks, so marks stay after the
	// letters they are on; L4: brackets in right-to-left text mirror.
	type cluster struct {
		rs    []rune
		level int
	}
	var cs []cluster
	for i, r := range rs {
		if i > 0 && len(cs) > 0 && (unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r)) {
			cs[len(cs)-1].rs = append(cs[len(cs)-1].rs, r)
			continue
		}
		if levels[i]%2 == 1 {
			r = mirror(r)
		}
		cs = append(cs, cluster{[]rune{r}, levels[i]})
	}
	for lvl := maxLevel; lvl >= 1; lvl-- {
		for i := 0; i < len(cs); {
			if cs[i].level < lvl {
				i++
				continue
			}
			j := i
			for j < len(cs) && cs[j].level >= lvl {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				cs[a], cs[b] = cs[b], cs[a]
			}
			i = j
		}
	}
	out := make([]rune, 0, n)
	for _, c := range cs {
		out = append(out, c.rs...)
	}
	return out
}

// mirror is the mirrored glyph of a bracket in right-to-left text.
func mirror(r rune) rune {
	switch r {
	case '(':
		return ')'
	case ')':
		return '('
	case '[':
		return ']'
	case ']':
		return '['
	case '{':
		return '}'
	case '}':
		return '{'
	case '<':
		return '>'
	case '>':
		return '<'
	case '«':
		return '»'
	case '»':
		return '«'
	}
	return r
}
