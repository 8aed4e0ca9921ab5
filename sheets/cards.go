package sheets

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/slipway/slipway/designer"
)

// Poker-size card geometry in millimetres.
const (
	cardW      = 63.0
	cardH      = 88.0
	cardPad    = 2.6
	cardTitleH = 6.0
	cardFootH  = 3.2
	// cardQR is the least side of a card's verification QR code, and
	// cardQRModule the least size of one of its modules: a longer link
	// (a private design's, with its share token) prints larger.
	cardQR       = 10.0
	cardQRModule = 0.3
	// cardMargin is the unprinted border of card pages: nine poker cards
	// fill a Letter page to within 7.7 mm of its edges, so card pages
	// assume a printer that reaches 5 mm.
	cardMargin = 5.0
	aidFont    = 5.7
	aidLineH   = aidFont * ptToMM * 1.2
)

// cardFunc builds one card with its top-left corner at x, y.
type cardFunc func(x, y float64) *Element

// Cards writes one ship card per ship: nine poker-size cards to a page
// with cut marks, or one per page with opt.OnePerPage.
func Cards(w io.Writer, ships []Ship, opt Options) error {
	c, pg, err := newCanvas(opt, false)
	if err != nil {
		return fmt.Errorf("sheets: cards: %w", err)
	}
	c.setTitle("Ship cards", false)
	var cards []cardFunc
	for i, s := range ships {
		if err := s.check(fmt.Sprintf("cards: ship %d", i+1)); err != nil {
			return err
		}
		cards = append(cards, shipCard(c, s))
	}
	if len(cards) == 0 {
		return errors.New("sheets: cards: no ships")
	}
	c.planFallback(ships)
	for _, p := range layoutCards(pg, cards, opt.OnePerPage) {
		c.pdf.AddPage()
		p.render(c)
	}
	if err := c.writeTagged(w); err != nil {
		return fmt.Errorf("sheets: cards: %w", err)
	}
	return nil
}

// layoutCards places cards nine to a portrait page (three by three,
// centred, with cut marks in the margins) or one per page, enlarged to
// fill the page.
func layoutCards(pg paper, cards []cardFunc, onePerPage bool) []*Page {
	cols, rows := 3, 3
	if onePerPage {
		cols, rows = 1, 1
	}
	per := cols * rows
	printable := Box{cardMargin, cardMargin, pg.w - 2*cardMargin, pg.h - 2*cardMargin}
	x0 := (pg.w - float64(cols)*cardW) / 2
	y0 := (pg.h - float64(rows)*cardH) / 2
	var pages []*Page
	for i := 0; i < len(cards); i += per {
		p := &Page{W: pg.w, H: pg.h, Printable: printable}
		for j := i; j < len(cards) && j < i+per; j++ {
			k := j - i
			p.Elements = append(p.Elements, cards[j](x0+float64(k%cols)*cardW, y0+float64(k/cols)*cardH))
		}
		if onePerPage {
			p.Scale = min(printable.W/cardW, printable.H/cardH)
		} else {
			p.Elements = append(p.Elements, cutMarks(printable, x0, y0, cols, rows)...)
		}
		pages = append(pages, p)
	}
	return pages
}

// cutMarks draws short rules in the margins in line with every cut.
func cutMarks(printable Box, x0, y0 float64, cols, rows int) []*Element {
	var out []*Element
	mark := func(b Box) {
		if b.W <= 0 || b.H <= 0 {
			return
		}
		out = append(out, &Element{Kind: "cut-mark", Box: b, draw: func(c *canvas, e *Element) {
			c.lineWidth(0.2)
			c.setStroke(ink())
			if e.Box.W < e.Box.H {
				c.line(e.Box.X+e.Box.W/2, e.Box.Y, e.Box.X+e.Box.W/2, e.Box.Bottom())
			} else {
				c.line(e.Box.X, e.Box.Y+e.Box.H/2, e.Box.Right(), e.Box.Y+e.Box.H/2)
			}
		}})
	}
	gap := 0.8
	top, bot := y0-gap, y0+float64(rows)*cardH+gap
	left, right := x0-gap, x0+float64(cols)*cardW+gap
	for i := 0; i <= cols; i++ {
		x := x0 + float64(i)*cardW
		mark(Box{x - 0.15, printable.Y, 0.3, min(4, top-printable.Y)})
		l := min(4, printable.Bottom()-bot)
		mark(Box{x - 0.15, printable.Bottom() - l, 0.3, l})
	}
	for j := 0; j <= rows; j++ {
		y := y0 + float64(j)*cardH
		mark(Box{printable.X, y - 0.15, min(4, left-printable.X), 0.3})
		l := min(4, printable.Right()-right)
		mark(Box{printable.Right() - l, y - 0.15, l, 0.3})
	}
	return out
}

// cardFrame is the outer element of a card: its border, a title bar with
// an optional number badge, and a footer line.
func cardFrame(c *canvas, x, y float64, title, badgeText, foot string) *Element {
	b := Box{x, y, cardW, cardH}
	card := &Element{Kind: "card", Box: b, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.3)
		c.setStroke(rgb{160, 160, 165})
		c.setFill(paperWhite())
		c.rrect(e.Box.Inset(0.6), 2.4, "D")
	}}
	bar := &Element{Kind: "bar", Box: Box{x + cardPad, y + cardPad, cardW - 2*cardPad, cardTitleH}, draw: func(c *canvas, e *Element) {
		c.setFill(ink())
		c.rrect(e.Box, 1.2, "F")
	}}
	tw := cardW - 2*cardPad - 3
	if badgeText != "" {
		tw -= cardTitleH
		bar.add(&Element{Kind: "number", Box: Box{x + cardW - cardPad - cardTitleH + 0.7, y + cardPad + 0.7, cardTitleH - 1.4, cardTitleH - 1.4},
			Text: badgeText, draw: func(c *canvas, e *Element) {
				c.setFill(paperWhite())
				c.circle(e.Box.X+e.Box.W/2, e.Box.Y+e.Box.H/2, e.Box.W/2, "F")
				c.setFont("B", 7)
				c.setTextColour(ink())
				c.textIn(e.Box, e.Text, "C")
			}})
	}
	bar.add(txt(c, Box{x + cardPad + 1.5, y + cardPad, tw, cardTitleH}, title, textStyle{"B", 7.5, paperWhite(), "L"}))
	card.add(bar)
	if foot != "" {
		card.add(txt(c, Box{x + cardPad, y + cardH - cardPad - cardFootH, cardW - 2*cardPad, cardFootH}, foot,
			textStyle{"", 4.6, rgb{120, 120, 125}, "R"}))
	}
	return card
}

// cardBody is the content area of a card.
func cardBody(x, y float64) Box {
	top := y + cardPad + cardTitleH + 1.6
	return Box{x + cardPad, top, cardW - 2*cardPad, y + cardH - cardPad - cardFootH - 0.6 - top}
}

// shipCard is the per-design card: class name, the ship-wide values,
// each section as compact hull, armour and shield counts, and the weapon
// lines.
func shipCard(c *canvas, s Ship) cardFunc {
	d, r := s.Design, s.Result
	name := clean(d.Name)
	foot := ""
	if r.Points > 0 {
		foot = itoa(r.Points) + " pts"
	}
	note := Legality(r)
	link := clean(s.Link)
	if s.Verify != "" {
		// The card's link is its verification's: the page names the
		// design and links to it.
		link = "verify: " + shortLink(s.Verify)
	}
	if link != "" {
		if foot != "" {
			foot += "  |  "
		}
		foot += link
	}
	return func(x, y float64) *Element {
		b := cardBody(x, y)
		var card *Element
		if s.Verify == "" {
			card = cardFrame(c, x, y, name, "", foot)
		} else {
			// The QR code at the bottom left, the footer beside it.
			card = cardFrame(c, x, y, name, "", "")
			side := qrSide(s.Verify, cardQR, cardQRModule)
			qy := y + cardH - cardPad - side
			card.add(qrCode(Box{x + cardPad, qy, side, side}, s.Verify))
			fx := x + cardPad + side + 0.6
			card.add(txt(c, Box{fx, y + cardH - cardPad - cardFootH, x + cardW - cardPad - fx, cardFootH}, foot,
				textStyle{"", 4.6, rgb{120, 120, 125}, "R"}))
			b.H = qy - 0.6 - b.Y
		}
		if note != "" {
			// An illegal design says so under its name, in Legality's
			// words.
			nb := Box{b.X, b.Y - 0.8, b.W, 3.8}
			e := &Element{Kind: "not-legal", Box: nb, draw: func(c *canvas, e *Element) {
				c.setFill(warnRed())
				c.rrect(e.Box, 0.8, "F")
			}}
			e.add(txt(c, Box{nb.X + 1, nb.Y, nb.W - 2, nb.H}, note, textStyle{"B", 6.5, paperWhite(), "C"}))
			card.add(e)
			b.Y += nb.H + 0.4
			b.H -= nb.H + 0.4
		}
		dash := func(n int) string {
			if n <= 0 {
				return "-"
			}
			return itoa(n)
		}
		move := IconArgs{Ink: ink(), Label: dash(r.MaxSpeed)}
		moveKey := "cinematic"
		if d.Movement == designer.MovementNewtonian {
			moveKey, move.Label = "newtonian", ""
		}
		hullKey := "hull-metallic"
		switch d.Hull {
		case designer.HullTechnological:
			hullKey = "hull-technological"
		case designer.HullBiological:
			hullKey = "hull-biological"
		}
		hullCap := map[string]string{"hull-metallic": "METAL HULL", "hull-technological": "TECH HULL", "hull-biological": "BIO HULL"}[hullKey]
		stats := []struct{ key, value, label, caption string }{
			{"combat-value", dash(r.CV), "", "CV"}, {"tier", "", itoa(r.Tier), "TIER"},
			{"target-rating", itoa(r.TargetRating), "", "TR"}, {"ems", dash(r.EMS), "", "EMS"},
			{"mass-factor", dash(r.MassFactor), "", "MF"}, {"crew-quality", dash(r.Quality.Crew), "", "CREW"},
			{"command-quality", clean(string(r.Quality.Command)), "", "CMD"}, {"damage-control", clean(string(r.Quality.DamageControl)), "", "DC"},
			{moveKey, "", move.Label, strings.ToUpper(moveKey)}, {hullKey, "", "", hullCap},
		}
		const sh = 5.3
		cw := b.W / 2
		capSt := textStyle{"B", 4.4, rgb{110, 110, 115}, "R"}
		for i, sv := range stats {
			sx := b.X + float64(i%2)*cw
			sy := b.Y + float64(i/2)*sh
			g := &Element{Kind: "stat", Box: Box{sx, sy, cw, sh}}
			if i >= 2 {
				g.draw = func(c *canvas, e *Element) {
					c.lineWidth(0.15)
					c.setStroke(rule())
					c.line(e.Box.X+0.5, e.Box.Y, e.Box.Right()-1.5, e.Box.Y)
				}
			}
			ib := Box{sx + 0.3, sy + 0.5, 4.3, 4.3}
			if sv.key == "cinematic" {
				ib = Box{sx + 0.3, sy + 0.5, 7.4, 4.3}
			}
			g.add(iconEl(ib, sv.key, IconArgs{Ink: ink(), Label: sv.label}))
			if sv.value != "" {
				g.add(txt(c, Box{ib.Right() + 1, sy, sx + cw - 13.8 - ib.Right() - 1, sh}, sv.value, textStyle{"B", 10, ink(), "L"}))
			}
			g.add(txt(c, Box{sx + cw - 13.5, sy + sh - 2.6, 12, 2.2}, sv.caption, capSt))
			card.add(g)
		}
		yy := b.Y + 5*sh + 1.2
		heading := func(label string) {
			h := &Element{Kind: "heading", Box: Box{b.X, yy, b.W, 3.4}, draw: func(c *canvas, e *Element) {
				c.setFill(ink())
				c.rect(Box{e.Box.X, e.Box.Bottom() - 0.5, e.Box.W, 0.35}, "F")
			}}
			h.add(txt(c, Box{b.X, yy, b.W, 2.8}, label, textStyle{"B", 5, ink(), "L"}))
			card.add(h)
			yy += 3.8
		}
		heading("SECTIONS  (HULL PER LAYER, ARMOUR, SHIELDS)")
		const secH, wpnH = 3.5, 3.2
		// Sections: hull hits per layer, armour and shields per arc.
		for _, ns := range d.Sections.List() {
			if yy+secH > b.Bottom() {
				break
			}
			g := group("section-line", Box{b.X, yy, b.W, secH})
			card.add(g)
			g.add(iconEl(Box{b.X, yy + 0.2, 3.1, 3.1}, "cardinal", cardArgs(d, ns.Name)))
			var layers []string
			for _, l := range ns.Section.Layers {
				layers = append(layers, itoa(l.HullHits))
			}
			g.add(txt(c, Box{b.X + 4.2, yy, 31, secH}, strings.ToUpper(string(ns.Name))+" "+strings.Join(layers, "/"),
				textStyle{"B", 6, ink(), "L"}))
			ax := b.X + 36.0
			armour, shields, shieldType := 0, 0, "energy"
			for _, arc := range d.Sections.FacedArcs(ns.Name) {
				if a := ns.Section.Armour.Get(arc); a != nil {
					armour = max(armour, a.Rating)
				}
				if sh := ns.Section.Shields.Get(arc); sh != nil && sh.Hits > 0 {
					shields += max(0, min(sh.Hits, 1_000_000))
					if sh.Type == designer.DefenceKinetic || sh.Type == designer.DefenceEnergyKinetic {
						shieldType = sh.Type
					}
				}
			}
			if armour > 0 {
				g.add(iconEl(Box{ax, yy + 0.1, 3.3, 3.3}, "armour", IconArgs{Ink: ink(), Label: itoa(armour)}))
			}
			if shields > 0 {
				g.add(iconEl(Box{ax + 5, yy + 0.2, 3.1, 3.1}, "shield-"+shieldType, IconArgs{Ink: ink()}))
				g.add(txt(c, Box{ax + 8.8, yy, b.Right() - ax - 8.8, secH}, itoa(shields), textStyle{"B", 6.5, ink(), "L"}))
			}
			yy += secH
		}
		// Weapon lines.
		yy += 1
		if len(d.Weapons) > 0 && yy+3.8+wpnH <= b.Bottom() {
			heading("WEAPONS  (DAMAGE, FIRE, RANGE)")
		}
		// Every weapon when they all fit; else as many as leave room for
		// a note pointing to the record sheet.
		show := len(d.Weapons)
		if fit := int((b.Bottom() - yy + 1e-9) / wpnH); fit < show {
			show = max(0, int((b.Bottom()-3.4-yy+1e-9)/wpnH))
		}
		for i := range d.Weapons {
			w := &d.Weapons[i]
			if i >= show {
				rest := len(d.Weapons) - i
				card.add(txt(c, Box{b.X, b.Bottom() - 3.4, b.W, 3.4}, fmt.Sprintf("+ %d more weapons on the record sheet", rest),
					textStyle{"I", 5.5, ink(), "L"}))
				break
			}
			g := group("weapon-line", Box{b.X, yy, b.W, wpnH})
			card.add(g)
			key := "energy"
			if w.DamageType == designer.DamageKinetic {
				key = "kinetic"
			}
			g.add(iconEl(Box{b.X, yy + 0.3, 2.9, 2.9}, key, IconArgs{Ink: ink()}))
			g.add(txt(c, Box{b.X + 3.6, yy, 25, wpnH}, clean(w.Name), textStyle{"B", 6, ink(), "L"}))
			dmg := positive(w.Pulse) + "x" + clean(string(w.Die)) + plus(w.Modifier)
			g.add(txt(c, Box{b.X + 29, yy, 13, wpnH}, dmg, textStyle{"", 6, ink(), "L"}))
			mk := "direct"
			if w.Indirect() {
				mk = "indirect"
			}
			g.add(iconEl(Box{b.X + 42.5, yy + 0.5, 4.4, 2.5}, mk, IconArgs{Ink: ink()}))
			g.add(txt(c, Box{b.X + 47.5, yy, b.Right() - b.X - 47.5, wpnH}, itoa(max(0, w.Range))+" cm", textStyle{"", 6, ink(), "R"}))
			yy += wpnH
		}
		return card
	}
}

// cardArgs is the cardinal diagram of section n of d.
func cardArgs(d *designer.Design, n designer.SectionName) IconArgs {
	sc := &sheetCtx{d: d}
	return sc.cardinalArgs(n)
}
