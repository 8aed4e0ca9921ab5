package sheets

import (
	"io"
	"strings"
)

// FleetInfo is what a fleet pack prints about the fleet itself: on page
// one, its name, limit, labelled totals and the verdict of the whole
// fleet; after the summary, lines such as the chain of command, tows,
// independent squadrons and problems, each indented by Depth. The fleet
// package writes the words; sheets only sets them.
type FleetInfo struct {
	Name string
	// Verdict is the whole fleet's, its own problems (the limit, the
	// chain of command, deployment) as well as its ships', in Legality's
	// words: "" for a legal fleet, else "NOT LEGAL: 2 problems". Page one
	// prints it in the red box of an illegal design's sheet.
	Verdict string
	// Totals are page one's numbers, each labelled with what it counts;
	// the limit first.
	Totals []FleetTotal
	Lines  []FleetLine
	// Verify is the address of the public page that verifies the pack
	// (the server's /v/<code>), printed as a QR code and a short link
	// beside page one's totals. "" prints none.
	Verify string
}

// FleetTotal is one labelled number of page one: LIMIT 400 CV.
type FleetTotal struct {
	Label, Value string
	Share        float64 // of the row's width; 0 is 1
	Warn         bool    // printed in red: over a limit
}

// FleetLine is one line of a fleet page. A Heading starts a block. A
// line longer than the page is wrapped, never cut: a problem prints in
// full.
type FleetLine struct {
	Depth   int
	Text    string
	Heading bool
	Warn    bool // printed in red: a problem
}

// FleetPack writes a fleet pack as Pack does, with the fleet's name,
// limit, totals and verdict on the summary page and its own pages (chain
// of command and the rest, FleetInfo.Lines) after it. Each ship's Loadout
// prints on its record sheet.
func FleetPack(w io.Writer, ships []Ship, info FleetInfo, opt Options) error {
	return pack(w, ships, &info, opt)
}

// fleetName is a fleet's name as its pack prints it: "Unnamed fleet"
// when it has none.
func fleetName(name string) string {
	if n := clean(name); n != "" {
		return n
	}
	return "Unnamed fleet"
}

// maxFleetLines bounds the lines the fleet's pages print; more are
// counted. Each line's text is bounded by cleanText.
const maxFleetLines = 2000

// fleetHeaderH is the height of page one's fleet header: the totals and
// the verdict.
const fleetHeaderH = 13.0

// fleetHeaderQRH is its height when it carries the pack's QR code.
const fleetHeaderQRH = 20.0

// fleetHeader lays out page one's totals and verdict across b: a framed
// box per total and, for an illegal fleet, the red NOT LEGAL box of an
// illegal design's sheet at the right end (a legal fleet says "legal" in
// a box like the totals).
func fleetHeader(c *canvas, b Box, info *FleetInfo) *Element {
	stats := make([]stat, 0, len(info.Totals)+1)
	for _, t := range info.Totals {
		share := t.Share
		if share <= 0 {
			share = 1
		}
		stats = append(stats, stat{cleanText(t.Label), cleanText(t.Value), share, t.Warn})
	}
	w := b.W
	const bannerW = 48.0
	if info.Verdict != "" {
		w -= bannerW + 1.2
	} else {
		stats = append(stats, stat{"RULES", "legal", 0.8, false})
	}
	g := group("fleet-header", b)
	if info.Verify != "" {
		// The pack's QR code at the right end, its short link beside it.
		const linkW = 34.0
		side := b.H
		x := b.Right() - side
		g.add(qrCode(Box{x, b.Y, side, side}, info.Verify))
		link := shortLink(info.Verify)
		host, path, _ := strings.Cut(link, "/v/")
		lb := Box{x - linkW - 1, b.Y, linkW, b.H}
		g.add(txt(c, Box{lb.X, lb.Y + b.H/2 - 5, lb.W, 3}, "VERIFY THIS PACK AT", textStyle{"B", 5.5, rgb{100, 100, 105}, "R"}))
		g.add(txt(c, Box{lb.X, lb.Y + b.H/2 - 2, lb.W, 3}, strings.ToUpper(host), textStyle{"B", 5.5, rgb{100, 100, 105}, "R"}))
		g.add(txt(c, Box{lb.X, lb.Y + b.H/2 + 1.2, lb.W, 3.6}, "/v/"+path, textStyle{"B", 7.5, ink(), "R"}))
		w -= side + linkW + 2.2
		b.W -= side + linkW + 2.2
	}
	if len(stats) > 0 {
		g.add(statRow(c, "fleet-totals", b.X, b.Y, w, b.H, stats))
	}
	if info.Verdict != "" {
		g.add(illegalBanner(c, Box{b.Right() - bannerW, b.Y, bannerW, b.H}, info.Verdict))
	}
	return g
}

// fleetPages sets the fleet's lines, as many pages as they need, each
// line wrapped to the page's width.
func fleetPages(c *canvas, pg paper, info *FleetInfo) []*Page {
	printable := Box{printMargin, printMargin, pg.w - 2*printMargin, pg.h - 2*printMargin}
	var pages []*Page
	var p *Page
	y := 0.0
	name := fleetName(info.Name)
	newPage := func(cont bool) {
		p = &Page{W: pg.w, H: pg.h, Printable: printable}
		pages = append(pages, p)
		x, y0 := printable.X, printable.Y
		bar := &Element{Kind: "bar", Box: Box{x, y0, printable.W, 9}, draw: func(c *canvas, e *Element) {
			c.setFill(ink())
			c.rrect(e.Box, 1.2, "F")
		}}
		title := "FLEET: " + name
		if cont {
			title += " (CONTINUED)"
		}
		bar.add(txt(c, Box{x + 3, y0, printable.W - 6, 9}, title, textStyle{"B", 12, paperWhite(), "L"}))
		p.Elements = append(p.Elements, bar)
		y = y0 + 11
	}
	newPage(false)
	lines := info.Lines
	if len(lines) > maxFleetLines {
		more := len(lines) - maxFleetLines
		lines = append(lines[:maxFleetLines:maxFleetLines], FleetLine{Text: "and " + plural(more, "more line") + " not printed"})
	}
	for _, l := range lines {
		st := textStyle{"", 9, ink(), "L"}
		if l.Heading {
			st.style, st.size = "B", 10
		}
		if l.Warn {
			st.col = warnRed()
		}
		lh := st.lineH() + 1.3
		indent := 2 + 7*float64(min(max(l.Depth, 0), 8))
		// Lines after an entry's first hang 4 mm further in.
		w := printable.W - indent - 2 - 4
		c.setFont(st.style, st.size)
		wrapped := c.wrap(cleanText(l.Text), w, 0)
		if len(wrapped) == 0 {
			wrapped = []string{""}
		}
		// An entry keeps its lines together, and a heading its first
		// line, unless they are longer than a page: then they continue
		// on the next.
		need := float64(len(wrapped)) * lh
		if l.Heading {
			need = 2*lh + 1.5
		}
		if y+need > printable.Bottom() && need <= printable.Bottom()-printable.Y-11 {
			newPage(true)
		}
		if l.Heading {
			y += 1.5
		}
		for i, s := range wrapped {
			if y+lh > printable.Bottom() {
				newPage(true)
			}
			x := printable.X + indent
			if i > 0 {
				x += 4
			}
			p.Elements = append(p.Elements, txt(c, Box{x, y, printable.Right() - 2 - x, lh}, s, st))
			y += lh
		}
	}
	return pages
}
