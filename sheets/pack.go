package sheets

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/slipway/slipway/designer"
)

// Pack writes a fleet as one PDF: a summary page (ships, points, combat
// value, tier, whether each is legal, and totals), one record sheet per ship, the ship cards, the
// play aids and the plotting chart. Each ship is laid out, drawn and
// dropped before the next, so layout memory does not grow with the fleet;
// the document itself holds only compressed page streams.
func Pack(w io.Writer, ships []Ship, opt Options) error {
	return pack(w, ships, nil, opt)
}

// pack writes the pack with, when info is not nil, the fleet's own pages
// (FleetPack) after the summary.
func pack(w io.Writer, ships []Ship, info *FleetInfo, opt Options) error {
	if len(ships) == 0 {
		return errors.New("sheets: pack: no ships")
	}
	for i, s := range ships {
		if err := s.check(fmt.Sprintf("pack: ship %d", i+1)); err != nil {
			return err
		}
	}
	c, _, err := newCanvas(opt, true)
	if err != nil {
		return fmt.Errorf("sheets: pack: %w", err)
	}
	c.setTitle("Fleet pack", false)
	var texts []string
	if info != nil {
		texts = append(texts, info.Name)
		for _, l := range info.Lines {
			texts = append(texts, l.Text)
		}
	}
	c.planFallback(ships, texts...)

	land := c.base
	land.w, land.h = land.h, land.w
	for _, p := range summaryPages(c, land, ships, info) {
		c.addPage(true)
		p.render(c)
	}
	if info != nil {
		for _, p := range fleetPages(c, land, info) {
			c.addPage(true)
			p.render(c)
		}
	}
	for _, s := range ships {
		for _, p := range layoutRecord(c, land, s) {
			c.addPage(true)
			p.render(c)
		}
	}
	cards := make([]cardFunc, 0, len(ships))
	for _, s := range ships {
		cards = append(cards, shipCard(c, s))
	}
	cards = append(cards, aidCards(c)...)
	for _, p := range layoutCards(c.base, cards, opt.OnePerPage) {
		c.addPage(false)
		p.render(c)
	}
	chartPage(c, c.addPage(true)).render(c)
	if err := c.writeTagged(w); err != nil {
		return fmt.Errorf("sheets: pack of %d ships: %w", len(ships), err)
	}
	return nil
}

// rulesCol is the summary column that says whether a ship is legal.
const rulesCol = 10

// shipsRules is the ships' total's word on legality: how many ships are
// not legal. It speaks of the ships only: a fleet pack prints the whole
// fleet's verdict above the list.
func shipsRules(illegal int) string {
	switch illegal {
	case 0:
		return "every ship legal"
	}
	return "NOT LEGAL: " + plural(illegal, "ship")
}

// plural counts n things: "1 ship", "2 ships".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return itoa(n) + " " + thing + "s"
}

// summaryPages lists the fleet: one line per ship and a totals line of
// the ships. A fleet pack's first page (info not nil) names the fleet and
// has its limit, totals and verdict above the list.
func summaryPages(c *canvas, pg paper, ships []Ship, info *FleetInfo) []*Page {
	printable := Box{printMargin, printMargin, pg.w - 2*printMargin, pg.h - 2*printMargin}
	type col struct {
		label string
		w     float64
		align string
	}
	cols := []col{{"#", 10, "C"}, {"CLASS", 0, "L"}, {"POINTS", 22, "R"}, {"CV", 18, "R"}, {"TIER", 14, "C"},
		{"TR", 12, "C"}, {"EMS", 12, "C"}, {"MF", 12, "C"}, {"MOVEMENT", 26, "C"}, {"HULL HITS", 22, "R"},
		{"RULES", 44, "C"}}
	fixed := 0.0
	for _, k := range cols {
		fixed += k.w
	}
	cols[1].w = printable.W - fixed - 4
	const rowH = 6.5
	head := func(p *Page, y float64, cont bool) float64 {
		x := printable.X
		bar := &Element{Kind: "bar", Box: Box{x, y, printable.W, 9}, draw: func(c *canvas, e *Element) {
			c.setFill(ink())
			c.rrect(e.Box, 1.2, "F")
		}}
		title := "FLEET SUMMARY"
		if info != nil {
			title += ": " + fleetName(info.Name)
		}
		if cont {
			title += " (CONTINUED)"
		}
		bar.add(txt(c, Box{x + 3, y, printable.W - 6, 9}, title, textStyle{"B", 12, paperWhite(), "L"}))
		p.Elements = append(p.Elements, bar)
		y += 11
		if info != nil && !cont {
			h := fleetHeaderH
			if info.Verify != "" {
				h = fleetHeaderQRH
			}
			p.Elements = append(p.Elements, fleetHeader(c, Box{x, y, printable.W, h}, info))
			y += h + 2
		}
		g := group("labels", Box{x, y, printable.W, 4})
		cx := x + 2
		for _, k := range cols {
			g.add(txt(c, Box{cx + 0.5, y, k.w - 1, 4}, k.label, textStyle{"B", 6, rgb{100, 100, 105}, k.align}))
			cx += k.w
		}
		p.Elements = append(p.Elements, g)
		return y + 5
	}
	line := func(y float64, vals []string, bold, shade bool) *Element {
		g := &Element{Kind: "summary-line", Box: Box{printable.X, y, printable.W, rowH}}
		if shade {
			g.draw = zebra
		}
		if bold {
			g.draw = func(c *canvas, e *Element) {
				c.lineWidth(0.35)
				c.setStroke(ink())
				c.line(e.Box.X, e.Box.Y+0.2, e.Box.Right(), e.Box.Y+0.2)
			}
		}
		style := ""
		if bold {
			style = "B"
		}
		cx := printable.X + 2
		for i, k := range cols {
			st := textStyle{style, 8.5, ink(), k.align}
			if i == 1 {
				st.style = "B"
			}
			if i == rulesCol && strings.HasPrefix(vals[i], "NOT LEGAL") {
				st.style, st.col = "B", warnRed()
			}
			g.add(txt(c, Box{cx + 0.5, y, k.w - 1, rowH}, vals[i], st))
			cx += k.w
		}
		return g
	}
	var pages []*Page
	p := &Page{W: pg.w, H: pg.h, Printable: printable}
	pages = append(pages, p)
	y := head(p, printable.Y, false)
	totalPts, totalCV, maxTier, hull, illegal := 0, 0, 0, 0, 0
	for i, s := range ships {
		if y+2*rowH > printable.Bottom() {
			p = &Page{W: pg.w, H: pg.h, Printable: printable}
			pages = append(pages, p)
			y = head(p, printable.Y, true)
		}
		st := s.Result
		h := st.HullHits
		move := "cinematic"
		if s.Design.Movement == designer.MovementNewtonian {
			move = "newtonian"
		} else if st.MaxSpeed > 0 {
			move += " " + itoa(st.MaxSpeed)
		}
		dash := func(n int) string {
			if n <= 0 {
				return "-"
			}
			return itoa(n)
		}
		rules := Legality(st)
		if rules == "" {
			rules = "legal"
		} else {
			illegal++
		}
		p.Elements = append(p.Elements, line(y, []string{itoa(i + 1), clean(s.Design.Name), dash(st.Points), dash(st.CV),
			itoa(st.Tier), itoa(st.TargetRating), dash(st.EMS), dash(st.MassFactor), move, itoa(h), rules}, false, i%2 == 1))
		y += rowH
		totalPts += max(0, st.Points)
		totalCV += max(0, st.CV)
		maxTier = max(maxTier, st.Tier)
		hull += h
	}
	p.Elements = append(p.Elements, line(y+1, []string{"", "Ships only: " + plural(len(ships), "ship"), itoa(totalPts), itoa(totalCV),
		itoa(maxTier), "", "", "", "", itoa(hull), shipsRules(illegal)}, true, false))
	return pages
}
