package sheets

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/slipway/slipway/designer"
)

// Record sheet geometry in millimetres.
const (
	columnW   = 40.0 // ship-wide column
	columnGap = 4.0
	footerH   = 4.5
)

// RecordSheet writes the starship record sheet of s: one landscape page,
// continuing on further pages when the design is too large to fit at a
// legible size.
func RecordSheet(w io.Writer, s Ship, opt Options) error {
	if err := s.check("record sheet"); err != nil {
		return err
	}
	c, pg, err := newCanvas(opt, true)
	if err != nil {
		return fmt.Errorf("sheets: record sheet: %w", err)
	}
	c.setTitle(clean(s.Design.Name)+" - record sheet", true)
	c.drawPages(layoutRecord(c, pg, s), func() { c.pdf.AddPage() })
	if err := c.writeTagged(w); err != nil {
		return fmt.Errorf("sheets: record sheet of %q: %w", clean(s.Design.Name), err)
	}
	return nil
}

// RecordSheetSVG writes the record sheet of s as one SVG drawing: the
// pages RecordSheet prints, from the same layout drawn on the SVG
// backend, one under another (see svg.go). It is the designer's preview.
func RecordSheetSVG(w io.Writer, s Ship, opt Options) error {
	if err := s.check("record sheet"); err != nil {
		return err
	}
	c, pg, err := newSVGCanvas(opt, true)
	if err != nil {
		return fmt.Errorf("sheets: record sheet: %w", err)
	}
	c.setTitle("Record sheet of "+clean(s.Design.Name), true)
	c.drawPages(layoutRecord(c, pg, s), nil)
	if _, err := w.Write(c.svg.bytes()); err != nil {
		return fmt.Errorf("sheets: record sheet of %q: %w", clean(s.Design.Name), err)
	}
	return nil
}

// LayoutRecordSheet lays out the record sheet of s without drawing it,
// for tests and tools that check geometry.
func LayoutRecordSheet(s Ship, opt Options) ([]*Page, error) {
	if err := s.check("record sheet"); err != nil {
		return nil, err
	}
	c, pg, err := newCanvas(opt, true)
	if err != nil {
		return nil, fmt.Errorf("sheets: record sheet: %w", err)
	}
	return layoutRecord(c, pg, s), nil
}

// layoutRecord lays out every page of a record sheet.
func layoutRecord(c *canvas, pg paper, s Ship) []*Page {
	d := s.Design
	cat := c.cat
	c.marks = s.Marks
	printable := Box{printMargin, printMargin, pg.w - 2*printMargin, pg.h - 2*printMargin}
	ax := printable.X + columnW + columnGap
	sc := &sheetCtx{c: c, s: s, d: d, r: s.Result, cat: cat, reactors: reactorLabels(s.Result), areaW: printable.Right() - ax}
	ar := area{x: ax, w: printable.Right() - ax, top: printable.Y, bot: printable.Bottom() - footerH - 1}

	var bands []*band
	_, cw := ar.colBox(false, 0)
	grid := [][]designer.SectionName{
		{"", designer.SectionFore, ""},
		{designer.SectionPort, designer.SectionCore, designer.SectionStarboard},
		{"", designer.SectionAft, ""},
	}
	for _, row := range grid {
		b := &band{}
		for col, n := range row {
			if n == "" {
				continue
			}
			if sec := d.Sections.Get(n); sec != nil {
				b.cells = append(b.cells, sc.sectionCell(designer.NamedSection{Name: n, Section: sec}, col, cw))
			}
		}
		if len(b.cells) > 0 {
			bands = append(bands, b)
		}
	}
	if len(d.Weapons) > 0 {
		bands = append(bands, &band{full: true, list: true, cells: []*cell{sc.weaponsCell()}})
	}
	if hc := sc.hangarsCell(); hc != nil {
		bands = append(bands, &band{full: true, list: true, cells: []*cell{hc}})
	}
	if len(d.Starfighters) > 0 {
		bands = append(bands, &band{full: true, list: true, cells: []*cell{sc.squadronsCell()}})
	}

	var pages []*Page
	paginate(bands, func() area {
		p := &Page{W: pg.w, H: pg.h, Printable: printable}
		p.Elements = append(p.Elements, sc.column(Box{printable.X, printable.Y, columnW, printable.H - footerH - 1}))
		pages = append(pages, p)
		return ar
	}, func(els []*Element) {
		pages[len(pages)-1].Elements = append(pages[len(pages)-1].Elements, els...)
	})
	for i, p := range pages {
		p.Elements = append(p.Elements, sc.footer(Box{printable.X, printable.Bottom() - footerH, printable.W, footerH}, i+1, len(pages)))
	}
	return pages
}

// column builds the ship-wide column: class name, then combat value,
// tier, target rating, EMS, mass factor, crew, command and damage-control
// quality, movement and hull type. The tech level is not printed.
func (sc *sheetCtx) column(b Box) *Element {
	d, r := sc.d, sc.r
	col := &Element{Kind: "column", Box: b, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.35)
		c.setStroke(ink())
		c.rrect(e.Box, 1.2, "D")
	}}
	top := &Element{Kind: "masthead", Box: Box{b.X, b.Y, b.W, 5}, draw: func(c *canvas, e *Element) {
		c.setFill(ink())
		c.d.RoundedRect(e.Box.X, e.Box.Y, e.Box.W, e.Box.H, 1.2, "12", "F")
	}}
	top.add(txt(sc.c, Box{b.X + 1.5, b.Y, b.W - 3, 5}, "STARSHIP RECORD SHEET", textStyle{"B", 5.6, paperWhite(), "C"}))
	col.add(top)

	// Class name: up to three lines, shrinking to fit.
	nameBox := Box{b.X + 1.5, b.Y + 6, b.W - 3, 19}
	block := nameBox
	universe := clean(d.Universe)
	if universe != "" {
		nameBox.H -= 3.6
	}
	name := clean(d.Name)
	if name == "" {
		name = "Unnamed class"
	}
	size := 14.0
	var lines []string
	for ; size >= 7; size -= 0.5 {
		sc.c.setFont("B", size)
		lines = sc.c.wrap(name, nameBox.W, 3)
		lh := size * ptToMM * 1.15
		if float64(len(lines))*lh <= nameBox.H && strings.Join(lines, " ") == name {
			break
		}
	}
	size = max(size, 7)
	sc.c.setFont("B", size)
	lines = sc.c.wrap(name, nameBox.W, 3)
	lh := size * ptToMM * 1.15
	ny := nameBox.Y + (nameBox.H-float64(len(lines))*lh)/2
	ng := group("class-name", block)
	for _, l := range lines {
		ng.add(txt(sc.c, Box{nameBox.X, ny, nameBox.W, lh}, l, textStyle{"B", size, ink(), "C"}))
		ny += lh
	}
	if universe != "" {
		ng.add(txt(sc.c, Box{block.X, block.Bottom() - 3.4, block.W, 3}, universe, textStyle{"I", 6.5, rgb{100, 100, 105}, "C"}))
	}
	col.add(ng)
	nameBox = block

	type tile struct {
		key, value, caption string
		iconLabel           string
	}
	dash := func(n int) string {
		if n <= 0 {
			return "-"
		}
		return itoa(n)
	}
	tiles := []tile{
		{"combat-value", dash(r.CV), "COMBAT VALUE", ""},
		{"tier", "", "TIER", itoa(r.Tier)},
		{"target-rating", itoa(r.TargetRating), "TARGET RATING", ""},
		{"ems", dash(r.EMS), "EMS", ""},
		{"mass-factor", dash(r.MassFactor), "MASS FACTOR", ""},
		{"crew-quality", dash(r.Quality.Crew), "CREW QUALITY", ""},
		{"command-quality", clean(string(r.Quality.Command)), "COMMAND", ""},
		{"damage-control", clean(string(r.Quality.DamageControl)), "DAMAGE CONTROL", ""},
	}
	switch d.Movement {
	case designer.MovementNewtonian:
		tiles = append(tiles, tile{"newtonian", "", "NEWTONIAN", ""})
	default:
		tiles = append(tiles, tile{"cinematic", "", "CINEMATIC", dash(r.MaxSpeed)})
	}
	switch d.Hull {
	case designer.HullTechnological:
		tiles = append(tiles, tile{"hull-technological", "", "TECHNOLOGICAL HULL", ""})
	case designer.HullBiological:
		tiles = append(tiles, tile{"hull-biological", "", "BIOLOGICAL HULL", ""})
	default:
		tiles = append(tiles, tile{"hull-metallic", "", "METALLIC HULL", ""})
	}
	ty := nameBox.Bottom() + 1
	if note := Legality(r); note != "" {
		col.add(illegalBanner(sc.c, Box{b.X + 1.5, ty, b.W - 3, 11}, note))
		ty += 12
	}
	bottom := b.Bottom() - 1
	if sc.s.Verify != "" {
		// The QR block takes what the stats leave above 14 mm a row (a
		// tile's icon clear of its caption), down to 18 mm.
		h := max(18, min(verifyH, bottom-ty-14*float64(len(tiles))-1))
		bottom -= h + 1
		col.add(verifyBlock(sc.c, Box{b.X + 1.5, bottom + 1.5, b.W - 3, h}, sc.s.Verify))
	}
	th := math.Min(18, (bottom-ty)/float64(len(tiles)))
	for i, t := range tiles {
		tb := Box{b.X + 1.5, ty + float64(i)*th, b.W - 3, th}
		first := i == 0
		g := &Element{Kind: "stat", Box: tb, draw: func(c *canvas, e *Element) {
			if first {
				return
			}
			c.lineWidth(0.2)
			c.setStroke(rule())
			c.line(e.Box.X+1, e.Box.Y, e.Box.Right()-1, e.Box.Y)
		}}
		is := math.Min(9.5, th-4.5) // clear of the caption
		ib := Box{tb.X + 1, tb.Y + (th-is)/2 - 1, is, is}
		if t.key == "cinematic" {
			ib = Box{tb.X + 0.5, ib.Y, is * 1.5, is}
		}
		g.add(iconEl(ib, t.key, IconArgs{Ink: ink(), Label: t.iconLabel}))
		vx := ib.Right() + 1.5
		if t.value != "" {
			g.add(txt(sc.c, Box{vx, tb.Y + 1, tb.Right() - vx, th - 4.5}, t.value, textStyle{"B", 15, ink(), "L"}))
		}
		g.add(txt(sc.c, Box{tb.X + 0.5, tb.Bottom() - 3.2, tb.W - 1, 2.8}, t.caption, textStyle{"B", 4.8, rgb{100, 100, 105}, "R"}))
		col.add(g)
	}
	return col
}

// illegalBanner says on the page that the design breaks the
// construction rules: a red box (dark grey in black and white) with
// NOT LEGAL and the problem count of note, Legality's words.
func illegalBanner(c *canvas, b Box, note string) *Element {
	head, count, _ := strings.Cut(note, ": ")
	e := &Element{Kind: "not-legal", Box: b, draw: func(c *canvas, e *Element) {
		c.setFill(warnRed())
		c.rrect(e.Box, 1.2, "F")
	}}
	if count == "" {
		e.add(txt(c, Box{b.X + 1, b.Y, b.W - 2, b.H}, head, textStyle{"B", 11, paperWhite(), "C"}))
		return e
	}
	e.add(txt(c, Box{b.X + 1, b.Y + 0.6, b.W - 2, 5.4}, head, textStyle{"B", 11, paperWhite(), "C"}))
	e.add(txt(c, Box{b.X + 1, b.Y + 6.3, b.W - 2, 3.8}, count, textStyle{"B", 7.5, paperWhite(), "C"}))
	return e
}

// footer prints the design name, version, points, library link,
// costing-model version and page number.
func (sc *sheetCtx) footer(b Box, page, pages int) *Element {
	r := sc.r
	f := &Element{Kind: "footer", Box: b, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.25)
		c.setStroke(ink())
		c.line(e.Box.X, e.Box.Y+0.3, e.Box.Right(), e.Box.Y+0.3)
	}}
	left := clean(sc.d.Name)
	if sc.s.Version > 0 {
		left += "  |  v" + itoa(sc.s.Version)
	}
	if r.Points > 0 {
		left += "  |  " + itoa(r.Points) + " pts"
	}
	if l := clean(sc.s.Link); l != "" {
		left += "  |  " + l
	}
	right := ""
	if mv := clean(r.ModelVersion); mv != "" {
		right = "costing " + mv + "  |  "
	}
	right += "Slipway  |  page " + itoa(page) + " of " + itoa(pages)
	rs := textStyle{"", 6.5, rgb{70, 70, 75}, "R"}
	rw := txtW(sc.c, right, rs) + 0.5
	f.add(txt(sc.c, Box{b.X, b.Y + 0.8, b.W - rw - 4, b.H - 0.8}, left, textStyle{"B", 6.5, ink(), "L"}))
	f.add(txt(sc.c, Box{b.Right() - rw, b.Y + 0.8, rw, b.H - 0.8}, right, rs))
	return f
}
