package sheets

// markPen is the colour of a box marked in a game: a dark blue, as a pen
// on the printed sheet, told apart from every printed colour.
func markPen() rgb { return rgb{28, 52, 150} }

// MarkDamaged is the mark of a system that is damaged (disabled) but not
// destroyed: its box is struck through, not filled. Every other mark
// fills the box.
const MarkDamaged = "damaged"

// drawMarked draws mark st over the box e: filled, or struck through for
// a damaged system.
func drawMarked(c *canvas, e *Element, st string) {
	b := e.Box
	c.setStroke(markPen())
	c.setFill(markPen())
	if st == MarkDamaged {
		c.lineWidth(0.6)
		c.line(b.X+0.2, b.Bottom()-0.2, b.Right()-0.2, b.Y+0.2)
		return
	}
	c.lineWidth(0.22)
	if e.Kind == "plate" {
		c.rect(b.Inset(0.15), "F")
		return
	}
	r := b.W / 2
	c.circle(b.X+r, b.Y+b.H/2, r-0.11, "F")
}
