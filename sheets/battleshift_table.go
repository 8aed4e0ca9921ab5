package sheets

// Rows of text and tables for Battleshift's pages: headed blocks of
// numbered lines with a hanging indent, and tables whose cells wrap.
// Each is a list of rowSpec, the rows a cell of a band holds (bands.go),
// laid out for the width the cell will have.

// bsLine is one line of a block: a bold key (a step number, a roll),
// its text, and whether it is a sub-step (indented under the one
// before).
type bsLine struct {
	key, text string
	sub       bool
}

// Text styles of blocks and tables.
var (
	bsBodySt  = textStyle{"", 7, ink(), "L"}
	bsKeySt   = textStyle{"B", 7, ink(), "L"}
	bsHeadSt  = textStyle{"B", 6.6, rgb{70, 70, 75}, "L"}
	bsCellSt  = textStyle{"", 7, ink(), "L"}
	bsLineGap = 0.5 // below each line of a block
)

// headingRow is a block's heading: small capitals over a rule, kept with
// what follows.
func (d *bsDoc) headingRow(s string, first bool) rowSpec {
	h := 4.4
	if !first {
		h += 1.4
	}
	return rowSpec{h: h, keepNext: true, build: func(x, y, w float64) []*Element {
		g := &Element{Kind: "heading", Box: Box{x, y, w, h}, draw: func(c *canvas, e *Element) {
			c.lineWidth(0.2)
			c.setStroke(rule())
			c.line(e.Box.X, e.Box.Bottom()-0.3, e.Box.Right(), e.Box.Bottom()-0.3)
		}}
		g.add(txt(d.c, Box{x, y + h - 3.7, w, 3.2}, s, bsHeadSt))
		return []*Element{g}
	}}
}

// lineRows lays out lines w wide with a key column keyW wide: each line
// one row, its text wrapped under itself. The lines are clean text
// (cleanText for a user's).
func (d *bsDoc) lineRows(lines []bsLine, keyW, w float64) []rowSpec {
	lh := bsBodySt.lineH()
	out := make([]rowSpec, 0, len(lines))
	for i, ln := range lines {
		indent := 0.0
		if ln.sub {
			indent = keyW
		}
		key, text := ln.key, ln.text
		tx := indent
		if key != "" || ln.sub {
			tx += keyW
		}
		d.c.setFont(bsBodySt.style, bsBodySt.size)
		wrapped := d.c.wrap(text, max(1, w-tx), 12)
		h := float64(max(1, len(wrapped)))*lh + bsLineGap
		keep := i+1 < len(lines) && lines[i+1].sub
		out = append(out, rowSpec{h: h, keepNext: keep, build: func(x, y, w float64) []*Element {
			g := group("line", Box{x, y, w, h})
			if key != "" {
				g.add(txt(d.c, Box{x + indent, y, keyW - 0.6, lh}, key, bsKeySt))
			}
			for j, l := range wrapped {
				g.add(txt(d.c, Box{x + tx, y + float64(j)*lh, w - tx, lh}, l, bsBodySt))
			}
			return []*Element{g}
		}})
	}
	return out
}

// bsCol is one column of a table: its label, its share of the width,
// its alignment and whether its cells are bold.
type bsCol struct {
	label string
	share float64
	align string
	bold  bool
}

// colWidths shares w among the columns.
func colWidths(cols []bsCol, w float64) []float64 {
	total := 0.0
	for _, c := range cols {
		total += c.share
	}
	out := make([]float64, len(cols))
	for i, c := range cols {
		out[i] = w * c.share / total
	}
	return out
}

// tableRows lays out a table w wide: a row of labels, then one row per
// entry of cells (clean text), shaded alternately, each as tall as its
// most wrapped cell (at most four lines).
func (d *bsDoc) tableRows(kind string, cols []bsCol, cells [][]string, w float64) []rowSpec {
	ws := colWidths(cols, w)
	labels := make([]string, len(cols))
	aligns := make([]string, len(cols))
	for i, c := range cols {
		labels[i], aligns[i] = c.label, c.align
	}
	out := []rowSpec{{h: colLabelH, keepNext: true, build: func(x, y, w float64) []*Element {
		return []*Element{bsLabels(d.c, kind+"-labels", x, y, colWidths(cols, w), labels, aligns)}
	}}}
	lh := bsCellSt.lineH()
	for ri, row := range cells {
		wrapped := make([][]string, len(cols))
		lines := 1
		for i := range cols {
			v := ""
			if i < len(row) {
				v = row[i]
			}
			st := bsCellSt
			if cols[i].bold {
				st.style = "B"
			}
			wrapped[i], _ = labelLines(d.c, v, st, max(1, ws[i]-1.2), 4)
			lines = max(lines, len(wrapped[i]))
		}
		h := float64(lines)*lh + 1.4
		shade := ri%2 == 1
		out = append(out, rowSpec{h: h, build: func(x, y, w float64) []*Element {
			ws := colWidths(cols, w)
			g := &Element{Kind: kind + "-row", Box: Box{x, y, w, h}}
			if shade {
				g.draw = zebra
			}
			cx := x
			for i, c := range cols {
				st := bsCellSt
				st.align = c.align
				if c.bold {
					st.style = "B"
				}
				if n := len(wrapped[i]); n > 0 && ws[i] > 1.2 {
					b := Box{cx + 0.6, y + 0.7, ws[i] - 1.2, float64(n) * lh}
					g.add(txtBlock(d.c, b, wrapped[i], st))
				}
				cx += ws[i]
			}
			return []*Element{g}
		}})
	}
	return out
}
