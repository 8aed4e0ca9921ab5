package sheets

import "github.com/jung-kurt/gofpdf"

// Plotting chart: a landscape page to write each turn's secret orders on,
// turns 0-20 for five ships, with the order codes as a key.

const chartShips = 5

// addPage starts a page of the document's paper in the given orientation
// and returns its size.
func (c *canvas) addPage(landscape bool) paper {
	p := c.base
	orient := "P"
	if landscape {
		orient = "L"
	}
	c.pdf.AddPageFormat(orient, gofpdf.SizeType{Wd: p.w, Ht: p.h})
	if landscape {
		p.w, p.h = p.h, p.w
	}
	return p
}

// chartPage lays out the plotting chart on a landscape page.
func chartPage(c *canvas, pg paper) *Page {
	printable := Box{printMargin, printMargin, pg.w - 2*printMargin, pg.h - 2*printMargin}
	p := &Page{W: pg.w, H: pg.h, Printable: printable}
	x, y, w := printable.X, printable.Y, printable.W

	bar := &Element{Kind: "bar", Box: Box{x, y, w, 7}, draw: func(c *canvas, e *Element) {
		c.setFill(ink())
		c.rrect(e.Box, 1.2, "F")
	}}
	bar.add(txt(c, Box{x + 3, y, w/2 - 3, 7}, "PLOTTING CHART", textStyle{"B", 10, paperWhite(), "L"}))
	bar.add(txt(c, Box{x + w/2, y, w/2 - 3, 7}, "Write orders in secret; reveal together", textStyle{"I", 7, paperWhite(), "R"}))
	p.Elements = append(p.Elements, bar)
	y += 9

	const keyH = 21.0
	turnW := 11.0
	shipW := (w - turnW) / chartShips
	dvW := 13.0
	headH := 11.0
	rowsH := printable.Bottom() - keyH - 2 - y - headH
	rowH := rowsH / 21

	table := &Element{Kind: "chart", Box: Box{x, y, w, headH + 21*rowH}, draw: func(c *canvas, e *Element) {
		b := e.Box
		c.lineWidth(0.2)
		for r := 0; r <= 21; r++ {
			ry := b.Y + headH + float64(r)*rowH
			if r%2 == 1 && r < 21 {
				c.setFill(rgb{244, 244, 247})
				c.rect(Box{b.X, ry, b.W, rowH}, "F")
			}
		}
		c.setStroke(rule())
		for r := 1; r < 21; r++ {
			ry := b.Y + headH + float64(r)*rowH
			c.line(b.X, ry, b.Right(), ry)
		}
		c.setStroke(ink())
		c.lineWidth(0.35)
		c.rrect(b, 1.2, "D")
		c.line(b.X, b.Y+headH, b.Right(), b.Y+headH)
		for s := 0; s <= chartShips; s++ {
			sx := b.X + turnW + float64(s)*shipW
			if s < chartShips {
				c.line(sx, b.Y, sx, b.Bottom())
				c.lineWidth(0.2)
				c.setStroke(rule())
				c.line(sx+shipW-dvW, b.Y+headH-4, sx+shipW-dvW, b.Bottom())
				c.line(sx+1.5, b.Y+headH-4.2, sx+shipW-1.5, b.Y+headH-4.2)
				c.setStroke(ink())
				c.lineWidth(0.35)
			}
		}
	}}
	small := textStyle{"B", 5.5, rgb{100, 100, 105}, "C"}
	table.add(txt(c, Box{x, y, turnW, headH}, "TURN", small))
	for s := 0; s < chartShips; s++ {
		sx := x + turnW + float64(s)*shipW
		table.add(txt(c, Box{sx + 1.5, y + 0.6, shipW - 3, 2.6}, "SHIP", textStyle{"B", 5, rgb{130, 130, 135}, "L"}))
		table.add(txt(c, Box{sx, y + headH - 4, shipW - dvW, 4}, "ORDERS", small))
		table.add(txt(c, Box{sx + shipW - dvW, y + headH - 4, dvW, 4}, "SPEED", small))
	}
	for r := 0; r <= 20; r++ {
		ry := y + headH + float64(r)*rowH
		table.add(txt(c, Box{x, ry, turnW, rowH}, itoa(r), textStyle{"B", 8, ink(), "C"}))
		if r == 0 {
			for s := 0; s < chartShips; s++ {
				sx := x + turnW + float64(s)*shipW
				table.add(txt(c, Box{sx + 1.5, ry, shipW - dvW - 2, rowH}, "starting speed", textStyle{"I", 6.5, rgb{140, 140, 145}, "L"}))
			}
		}
	}
	p.Elements = append(p.Elements, table)

	// Key of order codes.
	ky := printable.Bottom() - keyH
	key := &Element{Kind: "key", Box: Box{x, ky, w, keyH}, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.25)
		c.setStroke(rule())
		c.rrect(e.Box, 1.2, "D")
	}}
	codes := [][2]string{
		{"+# / -#", "change speed"}, {"R# / L#", "turn right / left"}, {"EM#", "evasive manoeuvres"},
		{"RL", "roll"}, {"FL", "flip"}, {"CS", "corkscrew"},
		{"EP", "emergency power"}, {"ET", "emergency thrust"}, {"RM", "ram"},
		{"FTL#", "charge FTL (turns charged)"}, {"FTL-R", "FTL retreat"}, {"FTL-S", "strategic jump"},
		{"FTL-T#", "tactical jump (# D10)"}, {"-A", "FTL attack (FTL-S/A, FTL-T/A)"}, {"blank", "drift"},
	}
	cols := 5
	cw := (w - 4) / float64(cols)
	rh := (keyH - 3) / 3
	for i, cd := range codes {
		cx := x + 2 + float64(i%cols)*cw
		cy := ky + 1.5 + float64(i/cols)*rh
		g := group("code", Box{cx, cy, cw, rh})
		g.add(txt(c, Box{cx, cy, 14, rh}, cd[0], textStyle{"B", 7.5, ink(), "L"}))
		g.add(txt(c, Box{cx + 14.5, cy, cw - 15, rh}, cd[1], textStyle{"", 7, ink(), "L"}))
		key.add(g)
	}
	p.Elements = append(p.Elements, key)
	return p
}
