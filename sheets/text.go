package sheets

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxTextRunes bounds any single piece of text printed, whatever the
// input: layouts truncate to fit anyway, and this keeps measuring cheap.
const maxTextRunes = 200

// maxMarks bounds the combining marks kept on one letter: enough for any
// real script, and a pile of hundreds ("zalgo" text) cannot climb out of
// its line.
const maxMarks = 2

// clean turns arbitrary user text into a single line the embedded faces
// (DejaVu, and the fallback face for what DejaVu lacks) can print, in
// logical order: invalid UTF-8 is dropped; line breaks, tabs and other
// spaces become one space; format characters (bidirectional overrides
// and isolates, joiners, variation selectors, tags) are dropped, so they
// cannot reorder or hide what is printed; control characters and
// anything no face has (emoji, unassigned code points, scripts outside
// the fonts) become the replacement character U+FFFD, one per
// user-perceived symbol (an emoji's modifiers, joined parts and flag
// halves do not add more), which prints as a drawn box. Right-to-left text keeps its logical order: the
// sheets do no bidirectional reordering or Arabic shaping. The result
// holds at most maxTextRunes characters and only runes both faces cover,
// and clean(clean(s)) == clean(s).
func clean(s string) string {
	cov := fonts()
	var b strings.Builder
	b.Grow(min(len(s), 4*maxTextRunes))
	n := 0
	space := false    // last kept rune was a space
	replaced := false // last kept rune was a replacement
	joined := false   // a joiner glues the next rune to the replaced symbol
	flag := false     // the replaced symbol is the first half of a flag
	marks := 0        // marks on the current letter
	for i := 0; i < len(s) && n < maxTextRunes; {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == utf8.RuneError && size <= 1 {
			continue
		}
		switch {
		case r == '\t' || r == '\n' || r == '\r' || unicode.IsSpace(r):
			if !space && n > 0 {
				b.WriteByte(' ')
				n++
			}
			space, replaced, joined, flag, marks = true, false, false, false, 0
			continue
		case r == '\u200d': // zero width joiner: the next part belongs to this symbol
			joined = replaced
			continue
		case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r):
			continue
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
			if n == 0 || space || replaced || marks >= maxMarks {
				continue
			}
			marks++
			if !cov.has(r) {
				continue // an accent the faces lack is dropped, not boxed
			}
			b.WriteRune(r)
			n++
			continue
		}
		if !unicode.IsControl(r) && cov.has(r) {
			b.WriteRune(r)
			space, replaced, joined, flag, marks = false, false, false, false, 0
			n++
			continue
		}
		// Parts of an emoji already replaced: skin tones, joined parts,
		// the second half of a flag.
		indicator := r >= 0x1F1E6 && r <= 0x1F1FF
		if replaced && (joined || r >= 0x1F3FB && r <= 0x1F3FF || flag && indicator) {
			joined, flag = false, false
			continue
		}
		b.WriteRune(replacement)
		space, replaced, joined, flag, marks = false, true, false, indicator, 0
		n++
	}
	return strings.TrimRight(b.String(), " ")
}

// printable reports whether s is already clean text: only runes some
// face prints in every style, no controls.
func printable(s string) bool {
	cov := fonts()
	for _, r := range s {
		if !cov.has(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return true
}

// roman writes n (1-3999) in roman numerals; other values print as digits.
func roman(n int) string {
	if n <= 0 || n >= 4000 {
		return itoa(n)
	}
	vals := [...]int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := [...]string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

// breakWord splits a word wider than w into the longest head that fits
// (at least one letter with its marks) and the rest.
func (c *canvas) breakWord(word string, w float64) (head, rest string) {
	if c.width(word) <= w {
		return word, ""
	}
	cut, first := 0, len(word)
	for i, r := range word {
		if i == 0 || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
			continue
		}
		first = min(first, i)
		if c.width(word[:i]) > w {
			break
		}
		cut = i
	}
	if cut == 0 { // not even one letter fits: it takes the line alone
		cut = first
	}
	return word[:cut], word[cut:]
}

// drawText draws clean text s, already in visual order, run by run from
// the face that has each character.
func (c *canvas) drawText(x, y float64, s string) {
	runs := c.fonts.runs(c.font, s)
	if len(runs) == 1 && runs[0].src == srcDejaVu {
		c.selectFont(s)
		if !c.italic() {
			c.pdf.Text(x, y, s)
			return
		}
	}
	if c.italic() {
		c.pdf.TransformBegin()
		c.pdf.TransformSkewX(math.Atan(slant)*180/math.Pi, x, y)
	}
	unit := c.size * ptToMM / 1000
	for _, r := range runs {
		switch r.src {
		case srcDejaVu:
			c.selectFont(r.s)
			c.pdf.Text(x, y, r.s)
		case srcFallback:
			c.fallbackText(x, y, r.s)
		default:
			c.replacementBox(x, y, float64(r.advance)*unit)
		}
		x += float64(r.advance) * unit
	}
	if c.italic() {
		c.pdf.TransformEnd()
		c.forgetFont()
	}
}

// cutFallback adds to the document a cut of the fallback face with the
// runes rs it does not have yet (cutTTF): a document embeds a few small
// cuts of the face, never the face itself, whose reading costs forty
// megabytes each time.
func (c *canvas) cutFallback(rs []rune) {
	var need []rune
	for _, r := range rs {
		if _, ok := c.fbFamily[r]; !ok {
			need = append(need, r)
		}
	}
	if len(need) == 0 {
		return
	}
	fb := fallback()
	family := fallbackFamily + itoa(len(c.added))
	cut := cutTTF(fb.ttf, need, fb.glyph)
	if cut == nil {
		return
	}
	c.pdf.AddUTF8FontFromBytes(family, "", cut)
	c.added[family] = true
	if c.fbFamily == nil {
		c.fbFamily = map[rune]string{}
	}
	for _, r := range need {
		c.fbFamily[r] = family
	}
}

// fallbackText prints s, all of it runes of the fallback face, at x, y,
// from the document's cuts of the face (a piece per cut).
func (c *canvas) fallbackText(x, y float64, s string) {
	c.cutFallback([]rune(s))
	unit := c.size * ptToMM / 1000
	fb := fallback()
	start, family, w := 0, "", 0
	for i, r := range s {
		f := c.fbFamily[r]
		if i > 0 && f != family {
			c.fallbackPiece(x, y, family, s[start:i])
			x += float64(w) * unit
			start, w = i, 0
		}
		family = f
		w += int(fb.width[r])
	}
	c.fallbackPiece(x, y, family, s[start:])
}

// fallbackPiece prints s in family, a cut of the fallback face. The face
// has one weight: bold is drawn with an outline a twentieth of an em
// thick in the text's colour.
func (c *canvas) fallbackPiece(x, y float64, family, s string) {
	if family == "" || s == "" {
		return // a cut the face could not give: nothing to print with
	}
	if c.pdfFamily != family || c.pdfStyle != "" || c.size != c.pdfSize {
		c.pdf.SetFont(family, "", c.size)
		c.pdfFamily, c.pdfStyle, c.pdfSize = family, "", c.size
	}
	if !strings.HasPrefix(c.font, "B") {
		c.pdf.Text(x, y, s)
		return
	}
	dr, dg, db := c.pdf.GetDrawColor()
	lw := c.pdf.GetLineWidth()
	tr, tg, tb := c.pdf.GetTextColor()
	c.pdf.TransformBegin()
	c.pdf.SetDrawColor(tr, tg, tb)
	c.pdf.SetLineWidth(c.size * ptToMM / 20)
	c.pdf.SetTextRenderingMode(2)
	c.pdf.Text(x, y, s)
	c.pdf.TransformEnd()
	c.pdf.SetDrawColor(dr, dg, db)
	c.pdf.SetLineWidth(lw)
	c.forgetFont()
}

// replacementBox draws the box that stands for a character no face has:
// an outline w wide, from the baseline to the height of capitals, in the
// text's colour.
func (c *canvas) replacementBox(x, y, w float64) {
	dr, dg, db := c.pdf.GetDrawColor()
	lw := c.pdf.GetLineWidth()
	tr, tg, tb := c.pdf.GetTextColor()
	c.pdf.SetDrawColor(tr, tg, tb)
	t := c.size * ptToMM / 16
	c.pdf.SetLineWidth(t)
	h := c.capHeight()
	inset := w * 0.12
	c.pdf.Rect(x+inset+t/2, y-h+t/2, max(0, w-2*inset-t), max(0, h-t), "D")
	c.pdf.SetDrawColor(dr, dg, db)
	c.pdf.SetLineWidth(lw)
}
