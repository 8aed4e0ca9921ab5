package sheets

// Element constructors shared by every page: text, icons, badges and
// bubbles. Each returns an Element whose draw function uses only the data
// captured at layout time, so drawing cannot change the geometry.

import "github.com/slipway/slipway/designer"

// Sizes in millimetres.
const (
	hullBubble  = 3.8 // diameter of a hull, crew or marine bubble
	hullPitch   = 4.4 // centre-to-centre distance of hull bubbles
	hullRowH    = 4.4 // height of one row of hull bubbles
	sysBubble   = 3.5 // diameter of a system scratch bubble
	sysPitch    = 4.1
	badgeSize   = 6.2 // system icon badge
	ptToMM      = 0.3528
	maxBubbles  = designer.MaxBoxCopies // more copies than this print as a written count
	layerLabelW = 4.2
)

// textStyle is a font and colour for a text element.
type textStyle struct {
	style string  // "", "B", "I", "BI"
	size  float64 // points
	col   rgb
	align string // L, C, R
}

// txt places text s, already passed through clean, in box b, truncated
// to fit at layout time. User text goes through clean before it is
// measured, so measuring and printing see the same runes.
func txt(c *canvas, b Box, s string, st textStyle) *Element {
	c.setFont(st.style, st.size)
	s = c.fit(s, b.W)
	return &Element{Kind: "text", Box: b, Text: s, draw: func(c *canvas, e *Element) {
		c.setFont(st.style, st.size)
		c.setTextColour(st.col)
		c.textIn(e.Box, e.Text, st.align)
	}}
}

// lineH is the line pitch of text in style st, in millimetres.
func (st textStyle) lineH() float64 { return st.size * ptToMM * 1.15 }

// labelLines lays out a label of clean text in style st at most maxW
// wide: one line when it fits, else wrapped at spaces into up to maxLines
// lines (only the last one truncated), as a printer sets a caption. It
// returns the lines and the width they need (0 for no label).
func labelLines(c *canvas, s string, st textStyle, maxW float64, maxLines int) ([]string, float64) {
	if s == "" {
		return nil, 0
	}
	const pad = 0.3
	if w := txtW(c, s, st); w+pad <= maxW || maxLines <= 1 {
		return []string{s}, min(w+pad, maxW)
	}
	c.setFont(st.style, st.size)
	lines := c.wrap(s, maxW-pad, maxLines)
	w := 0.0
	for _, l := range lines {
		w = max(w, c.width(l))
	}
	return lines, min(w+pad, maxW)
}

// txtBlock places lines of clean text one under another, centred
// vertically in b at the style's line pitch; a single line is a plain
// txt element filling b.
func txtBlock(c *canvas, b Box, lines []string, st textStyle) *Element {
	if len(lines) == 1 {
		return txt(c, b, lines[0], st)
	}
	g := group("text-block", b)
	lh := min(st.lineH(), b.H/float64(max(1, len(lines))))
	y := b.Y + (b.H-float64(len(lines))*lh)/2
	for _, l := range lines {
		g.add(txt(c, Box{b.X, y, b.W, lh}, l, st))
		y += lh
	}
	return g
}

// txtW measures cleaned text s in style st.
func txtW(c *canvas, s string, st textStyle) float64 {
	c.setFont(st.style, st.size)
	return c.width(s)
}

// iconEl places registry icon key in b with args a.
func iconEl(b Box, key string, a IconArgs) *Element {
	return &Element{Kind: "icon:" + key, Box: b, draw: func(c *canvas, e *Element) {
		c.drawIcon(key, e.Box, a)
	}}
}

// badge places a system icon on a rounded square of its category colour
// (in black and white: white with the category's pattern strip and
// letter).
func badge(c *canvas, b Box, catID, key string, a IconArgs) *Element {
	st := c.style(catID)
	return &Element{Kind: "badge:" + key, Box: b, draw: func(c *canvas, e *Element) {
		bb := e.Box
		c.lineWidth(0.2)
		if c.bw {
			c.setFill(paperWhite())
			c.setStroke(ink())
			c.rrect(bb, 0.8, "FD")
			strip := Box{bb.X, bb.Y, 1.9, bb.H}
			c.hatch(Box{strip.X + 0.1, strip.Y + 0.1, strip.W - 0.1, strip.H - 0.2}, st.pattern)
			c.setFont("B", 4.6)
			c.setTextColour(ink())
			c.setFill(paperWhite())
			c.rect(Box{strip.X + 0.25, bb.Y + bb.H - 2.3, 1.45, 2.0}, "F")
			c.textIn(Box{strip.X, bb.Y + bb.H - 2.3, strip.W, 2.0}, st.letter, "C")
			a.Ink = ink()
			c.drawIcon(key, Box{bb.X + 2.1, bb.Y + 0.6, bb.W - 2.6, bb.H - 1.2}, a)
			return
		}
		c.setFill(st.colour)
		c.setStroke(st.colour)
		c.rrect(bb, 0.8, "FD")
		a.Ink = paperWhite()
		if st.colour.light() {
			a.Ink = ink()
		}
		c.drawIcon(key, bb.Inset(0.9), a)
	}}
}

// bubble places one scratch bubble of diameter d centred in b. kind is
// "hull", "crew", "marine", "shield", "system" or "adapt".
func bubble(b Box, kind string, fill rgb, label string) *Element {
	return &Element{Kind: kind, Box: b, Text: label, draw: func(c *canvas, e *Element) {
		bb := e.Box
		r := bb.W / 2
		c.lineWidth(0.22)
		c.setStroke(ink())
		c.setFill(fill)
		c.circle(bb.X+r, bb.Y+bb.H/2, r-0.11, "FD")
		if e.Text != "" {
			size := 4.4
			c.setFont("B", size)
			for size > 2.6 && c.width(e.Text) > bb.W-0.9 {
				size -= 0.2
				c.setFont("B", size)
			}
			if c.width(e.Text) <= bb.W-0.9 {
				c.setTextColour(rgb{110, 110, 115})
				c.textIn(bb, e.Text, "C")
			}
		}
	}}
}

// box places a square scratch box (ablative plates).
func scratchBox(b Box) *Element {
	return &Element{Kind: "plate", Box: b, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.22)
		c.setStroke(ink())
		c.setFill(paperWhite())
		c.rect(e.Box.Inset(0.15), "FD")
	}}
}

// group is an element that only holds children.
func group(kind string, b Box) *Element { return &Element{Kind: kind, Box: b} }
