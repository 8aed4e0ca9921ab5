package sheets

// Pagination of the record sheet. The right-hand area of a sheet is a
// stack of bands: the rows of sections (fore; port, core, starboard; aft),
// then weapon definitions, hangars and starfighters. A band holds up to
// three cells side by side; a cell is a framed box with a header and rows
// of fixed height. A band too tall for the rest of the page moves to the
// next page, and one too tall for any page splits between rows, each cell
// continuing under a repeated header. Rows never split, and no row is
// taller than a page, so every design fits however large.

// rowSpec is one row of a cell: its height and how to build it at x, y
// with width w.
type rowSpec struct {
	h        float64
	keepNext bool // never split between this row and the next
	build    func(x, y, w float64) []*Element
}

// cell is one framed box of a band.
type cell struct {
	kind   string // element kind of the frame: "section", "weapons", ...
	col    int    // grid column 0-2; ignored for full-width bands
	headH  float64
	header func(x, y, w float64, cont bool) []*Element
	frame  func(c *canvas, e *Element) // draws the frame
	rows   []rowSpec
	cont   bool // this part continues a cell from a previous page
}

// band is a row of cells placed side by side.
type band struct {
	cells []*cell
	full  bool // one cell spanning the whole area
	// list bands (definition lines) may split to fill the rest of a
	// page; section bands move whole to the next page when they can.
	list bool
}

// Padding inside a cell frame, below its header and at its bottom.
const (
	cellPad = 1.4
	bandGap = 2.6
	gridGap = 3.0
)

func (c *cell) height(nrows int) float64 {
	h := c.headH + 2*cellPad
	for _, r := range c.rows[:nrows] {
		h += r.h
	}
	return h
}

func (b *band) height() float64 {
	h := 0.0
	for _, c := range b.cells {
		h = max(h, c.height(len(c.rows)))
	}
	return h
}

// split returns the part of the band that fits in height avail and the
// rest, or nil, b when not even one row of a cell with rows fits. With
// force it takes at least one row of every cell.
func (b *band) split(avail float64, force bool) (*band, *band) {
	first := &band{full: b.full, list: b.list}
	rest := &band{full: b.full, list: b.list}
	progress := false
	for _, c := range b.cells {
		n := 0
		h := c.headH + 2*cellPad
		for n < len(c.rows) && h+c.rows[n].h <= avail {
			h += c.rows[n].h
			n++
		}
		for n > 0 && n < len(c.rows) && c.rows[n-1].keepNext {
			n--
		}
		if force && n == 0 && len(c.rows) > 0 {
			n = 1
		}
		if n > 0 {
			progress = true
		}
		f := *c
		f.rows = c.rows[:n]
		first.cells = append(first.cells, &f)
		if n < len(c.rows) {
			r := *c
			r.rows = c.rows[n:]
			r.cont = true
			rest.cells = append(rest.cells, &r)
		}
	}
	if !progress {
		return nil, b
	}
	if len(rest.cells) == 0 {
		rest = nil
	}
	return first, rest
}

// area is the region of a page that bands flow into.
type area struct {
	x, w     float64
	top, bot float64
}

// colBox returns the x and width of grid column i (or the whole area).
func (a area) colBox(full bool, col int) (float64, float64) {
	if full {
		return a.x, a.w
	}
	cw := (a.w - 2*gridGap) / 3
	return a.x + float64(col)*(cw+gridGap), cw
}

// place builds the elements of band b with its top at y.
func (a area) place(b *band, y float64) []*Element {
	h := b.height()
	out := make([]*Element, 0, len(b.cells))
	for _, c := range b.cells {
		x, w := a.colBox(b.full, c.col)
		fr := &Element{Kind: c.kind, Box: Box{x, y, w, h}, draw: c.frame}
		if c.header != nil {
			fr.add(c.header(x, y, w, c.cont)...)
		}
		ry := y + c.headH + cellPad
		for _, r := range c.rows {
			fr.add(r.build(x+cellPad, ry, w-2*cellPad)...)
			ry += r.h
		}
		out = append(out, fr)
	}
	return out
}

// paginate flows bands into pages. newPage starts a page and returns its
// band area; emit adds elements to the current page.
func paginate(bands []*band, newPage func() area, emit func([]*Element)) {
	a := newPage()
	y := a.top
	fresh := true
	for _, b := range bands {
		for b != nil {
			avail := a.bot - y
			full := a.bot - a.top
			h := b.height()
			if h <= avail+geomEps {
				emit(a.place(b, y))
				y += h + bandGap
				fresh = false
				break
			}
			if !fresh && h <= full && !b.list {
				a = newPage()
				y, fresh = a.top, true
				continue
			}
			first, rest := b.split(avail, fresh)
			if first == nil {
				a = newPage()
				y, fresh = a.top, true
				continue
			}
			emit(a.place(first, y))
			if rest == nil { // a forced row taller than the space left
				y += first.height() + bandGap
				fresh = false
				break
			}
			b = rest
			a = newPage()
			y, fresh = a.top, true
		}
	}
}
