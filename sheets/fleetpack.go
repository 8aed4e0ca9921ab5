package sheets

import "io"

// FleetInfo is what a fleet pack prints about the fleet itself, after the
// summary: its name, its totals against the limit, and lines such as the
// chain of command, tows, independent squadrons and problems, each
// indented by Depth. The fleet package writes the lines; sheets only sets
// them.
type FleetInfo struct {
	Name string
	// Totals is one line: CV, points, the limit and the tier limit.
	Totals string
	Lines  []FleetLine
}

// FleetLine is one line of a fleet page. A Heading starts a block.
type FleetLine struct {
	Depth   int
	Text    string
	Heading bool
	Warn    bool // printed in red: a problem
}

// FleetPack writes a fleet pack as Pack does, with the fleet's own pages
// (FleetInfo: name, totals, chain of command and the rest) after the
// summary. Each ship's Loadout prints on its record sheet.
func FleetPack(w io.Writer, ships []Ship, info FleetInfo, opt Options) error {
	return pack(w, ships, &info, opt)
}

// fleetPages sets the fleet's lines, as many pages as they need.
func fleetPages(c *canvas, pg paper, info *FleetInfo) []*Page {
	printable := Box{printMargin, printMargin, pg.w - 2*printMargin, pg.h - 2*printMargin}
	const rowH = 5.5
	var pages []*Page
	var p *Page
	y := 0.0
	newPage := func(cont bool) {
		p = &Page{W: pg.w, H: pg.h, Printable: printable}
		pages = append(pages, p)
		x, y0 := printable.X, printable.Y
		bar := &Element{Kind: "bar", Box: Box{x, y0, printable.W, 9}, draw: func(c *canvas, e *Element) {
			c.setFill(ink())
			c.rrect(e.Box, 1.2, "F")
		}}
		title := "FLEET: " + clean(info.Name)
		if cont {
			title += " (CONTINUED)"
		}
		bar.add(txt(c, Box{x + 3, y0, printable.W - 6, 9}, title, textStyle{"B", 12, paperWhite(), "L"}))
		p.Elements = append(p.Elements, bar)
		y = y0 + 11
		if !cont && info.Totals != "" {
			p.Elements = append(p.Elements, txt(c, Box{x + 2, y, printable.W - 4, 7}, clean(info.Totals), textStyle{"B", 10, ink(), "L"}))
			y += 9
		}
	}
	newPage(false)
	for _, l := range info.Lines {
		if y+rowH > printable.Bottom() {
			newPage(true)
		}
		st := textStyle{"", 9, ink(), "L"}
		if l.Heading {
			st.style, st.size = "B", 10
			y += 1.5
		}
		if l.Warn {
			st.col = warnRed()
		}
		indent := 2 + 7*float64(min(max(l.Depth, 0), 8))
		p.Elements = append(p.Elements, txt(c, Box{printable.X + indent, y, printable.W - indent - 2, rowH}, clean(l.Text), st))
		y += rowH
	}
	return pages
}
