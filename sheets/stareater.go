package sheets

import (
	"fmt"
	"math"
	"strings"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/stareater"
)

// Star Eater's printed matter: for a loadout its Loadout Mat (the
// colour-coded component slots with their cards, the four corvette slots
// with their call-signs, the momentum track 1-6 and the cooldown track
// with its NEXT space) and its Armour Mat (the hull's hex sections with
// armour boxes, the red damage-flow arrows to Structure, Evasion at the
// top); for a team both teammates' mats; for a card set its cards to print
// and play; and the quick reference with the Icon Key's seven icons.
// Every number is read from the evaluation (stareater.Result) or the
// catalogue; a number not known prints as "?". Nothing here works one
// out. The pages reuse Battleshift's landscape document (title bar,
// footer, finish).

// StareaterPrinter prints Star Eater's matter through the ruleset seam.
// The zero value is ready to use and safe for concurrent use.
type StareaterPrinter struct{}

var (
	_ ruleset.Printer    = StareaterPrinter{}
	_ ruleset.SVGPrinter = StareaterPrinter{}
)

const seGame = "Star Eater"

// Slot colours of the Loadout Mat.
var seSlotColours = map[string]rgb{
	"red": {200, 45, 45}, "yellow": {232, 185, 30}, "green": {55, 150, 75}, "blue": {45, 105, 195}, "pink": {225, 95, 165},
}

func seColour(name string) rgb {
	if c, ok := seSlotColours[name]; ok {
		return c
	}
	return rgb{90, 90, 100}
}

func flowRed() rgb   { return rgb{205, 30, 35} }
func startCyan() rgb { return rgb{0, 180, 210} }

// Sheet prints the mats of a loadout or a team, or the cards of a card
// set, from ev, its *stareater.Result.
func (StareaterPrinter) Sheet(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions) ([]byte, error) {
	return seSheet(d, ev, o, false)
}

// SheetSVG draws what Sheet prints as one SVG drawing, from the same
// layout (the designer's preview).
func (StareaterPrinter) SheetSVG(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions) ([]byte, error) {
	return seSheet(d, ev, o, true)
}

func seSheet(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions, svg bool) ([]byte, error) {
	r, ok := ev.(*stareater.Result)
	if !ok || r == nil || d == nil {
		return nil, fmt.Errorf("sheets: Star Eater: the evaluation is a %T, not a Star Eater result", ev)
	}
	newDoc := newBSDoc
	if svg {
		newDoc = newBSSVG
	}
	doc, err := newDoc(o, d.Head().Name)
	if err != nil {
		return nil, fmt.Errorf("sheets: Star Eater: %w", err)
	}
	doc.game, doc.slug = seGame, "stareater"
	doc.model = clean(r.ModelVersion)
	switch x := d.(type) {
	case *stareater.Loadout, *stareater.Team:
		doc.c.setTitle(clean(d.Head().Name)+" - Star Eater loadout", true)
		for _, l := range r.Loadouts {
			doc.seLoadoutMat(r, l)
			doc.seArmourMat(r, l)
		}
		if len(r.Loadouts) == 0 {
			doc.seNothing(r)
		}
		return doc.finish("loadout of " + clean(d.Head().Name))
	case *stareater.CardSet:
		doc.c.setTitle(clean(x.Name)+" - Star Eater cards", true)
		doc.seCards(x)
		return doc.finish("cards of " + clean(x.Name))
	}
	return nil, fmt.Errorf("sheets: Star Eater: the design is a %T", d)
}

// Aids prints the quick reference.
func (StareaterPrinter) Aids(o ruleset.PrintOptions) ([]byte, error) {
	doc, err := newBSDoc(o, "")
	if err != nil {
		return nil, fmt.Errorf("sheets: Star Eater quick reference: %w", err)
	}
	doc.game, doc.slug = seGame, "stareater"
	doc.c.setTitle("Star Eater quick reference", false)
	doc.foot = "Star Eater quick reference"
	doc.seReference()
	return doc.finish("quick reference")
}

// seShape is an element that draws itself with f.
func seShape(kind string, b Box, f func(c *canvas)) *Element {
	return &Element{Kind: kind, Box: b, draw: func(c *canvas, _ *Element) { f(c) }}
}

// sePara lays out a paragraph of clean text wrapped to w from (x, y): its
// elements and height.
func (d *bsDoc) sePara(kind string, x, y, w float64, s string, st textStyle, maxLines int) ([]*Element, float64) {
	d.c.setFont(st.style, st.size)
	lines := d.c.wrap(s, w, maxLines)
	lh := st.lineH()
	var out []*Element
	for i, l := range lines {
		e := txt(d.c, Box{x, y + float64(i)*lh, w, lh}, l, st)
		e.Kind = kind
		out = append(out, e)
	}
	return out, float64(len(lines)) * lh
}

func seStat(v *int) string { return stareater.ShowInt(v) }

// seStatsText is a card's stats on one line: "Damage 4 · Cooldown ?".
func seStatsText(stats []stareater.StatValue) string {
	var parts []string
	for _, s := range stats {
		parts = append(parts, s.Name+" "+seStat(s.Value))
	}
	return strings.Join(parts, " · ")
}

// seNothing is the page of a loadout whose ship is not the catalogue's.
func (d *bsDoc) seNothing(r *stareater.Result) {
	_, a := d.newPage("LOADOUT: "+clean(r.Name), "STAR EATER")
	els, _ := d.sePara("note", a.x, a.top, a.w, "This loadout names no Capital Ship of the game, so there is no mat to print. Problems: "+
		clean(problemsLine(r.Problems)), textStyle{"", 9, ink(), "L"}, 20)
	d.emit(els)
}

func problemsLine(ps ruleset.Problems) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Message)
	}
	return strings.Join(out, " ")
}

// seLoadoutMat prints one loadout's Loadout Mat.
func (d *bsDoc) seLoadoutMat(r *stareater.Result, l stareater.LoadoutLine) {
	title := "LOADOUT MAT: " + clean(l.Ship)
	if l.Player != "" {
		title += " (" + clean(l.Player) + ")"
	}
	d.foot = clean(r.Name) + "  |  " + clean(l.Ship)
	_, a := d.newPage(title, "STAR EATER")
	y := a.top
	head := clean(l.Faction) + " · " + clean(l.Ship)
	if l.Class != "" {
		head += " (" + l.Class + ")"
	}
	head += " · card set: " + clean(r.CardSet) + " · descriptive numbers, not official; ? = not known, enter it from your card"
	els, h := d.sePara("head", a.x, y, a.w, head, textStyle{"", 8, ink(), "L"}, 2)
	d.emit(els)
	y += h + 2

	// The five component slots, the Special last.
	slots := append([]stareater.CardLine(nil), l.Components...)
	special := stareater.CardLine{Slot: stareater.SlotSpecial, SlotName: "Special", Colour: "pink", Name: l.Special,
		Stats: []stareater.StatValue{{Stat: "priority", Name: "Priority", Value: l.SpecialPriority}}}
	if special.Name == "" {
		special.Name = "the hull's own (printed on its Armour Mat)"
	}
	slots = append(slots, special)
	gap := 3.0
	n := float64(max(5, len(slots)))
	sw := (a.w - (n-1)*gap) / n
	sh := 58.0
	for i, s := range slots {
		x := a.x + float64(i)*(sw+gap)
		d.emit([]*Element{d.seSlot(Box{x, y, sw, sh}, s)})
	}
	y += sh + 4

	// The four corvette slots.
	d.emit([]*Element{txt(d.c, Box{a.x, y, a.w, 5}, "CORVETTES: call-signs 1 to 4; place each corvette's token on its slot", textStyle{"B", 8.5, ink(), "L"})})
	y += 5.5
	cw := (a.w - 3*gap) / 4
	ch := 30.0
	for i := range 4 {
		var cl *stareater.CardLine
		if i < len(l.Corvettes) {
			cl = &l.Corvettes[i]
		}
		d.emit([]*Element{d.seCorvette(Box{a.x + float64(i)*(cw+gap), y, cw, ch}, i+1, cl)})
	}
	y += ch + 4

	// Momentum and cooldown tracks.
	half := (a.w - gap) / 2
	d.emit([]*Element{d.seTrack(Box{a.x, y, half, a.bot - y}, "MOMENTUM TRACK", []string{"1", "2", "3", "4", "5", "6"},
		"Tokens move the ship in order 1 to 6. At most 4 linear and 2 rotational tokens; more are not added, but still cancel or redirect.")})
	d.emit([]*Element{d.seTrack(Box{a.x + half + gap, y, half, a.bot - y}, "COOLDOWN TRACK", []string{"NEXT", "1", "2", "3", "4", "5"},
		"A used command goes to the space its Cooldown names. Cooldown phase: pick up the cards on NEXT, then move the rest down one space. (The book's space labels were lost; number them as your mat does.)")})
}

// seSlot is one component slot of the Loadout Mat: its coloured band with
// the slot's name and colour, the card, its stats.
func (d *bsDoc) seSlot(b Box, s stareater.CardLine) *Element {
	col := seColour(s.Colour)
	e := seShape("slot:"+s.Slot, b, func(c *canvas) {
		c.lineWidth(0.5)
		c.setStroke(col)
		c.setFill(paperWhite())
		c.rrect(b, 1.5, "FD")
		c.setFill(col)
		c.rrect(Box{b.X, b.Y, b.W, 8}, 1.5, "F")
	})
	band := strings.ToUpper(s.SlotName) + " (" + s.Colour + ")"
	e.add(txt(d.c, Box{b.X + 2, b.Y, b.W - 4, 8}, band, textStyle{"B", 8, paperWhite(), "L"}))
	name := clean(s.Name)
	if name == "" {
		name = "no card"
	}
	lines, h := d.sePara("card", b.X+2, b.Y+10, b.W-4, name, textStyle{"B", 9, ink(), "L"}, 2)
	e.add(lines...)
	y := b.Y + 11 + h
	if s.Weapon != "" {
		if w := stareater.WeaponOf(s.Weapon); w != nil {
			e.add(txt(d.c, Box{b.X + 2, y, b.W - 4, 4}, w.Name, textStyle{"I", 7, ink(), "L"}))
			y += 4.5
		}
	}
	for _, st := range s.Stats {
		e.add(d.seStatLine(Box{b.X + 2, y, b.W - 4, 5}, st))
		y += 5.2
	}
	if s.DamagePerCooldown != nil {
		e.add(txt(d.c, Box{b.X + 2, b.Bottom() - 5, b.W - 4, 4.5}, "damage per cooldown round "+stareater.ShowFloat(s.DamagePerCooldown)+" (descriptive)", textStyle{"I", 6.2, ink(), "L"}))
	}
	return e
}

// seStatLine is one stat with its icon: icon, name, value.
func (d *bsDoc) seStatLine(b Box, st stareater.StatValue) *Element {
	g := group("stat:"+st.Stat, b)
	g.add(seIcon(Box{b.X, b.Y + 0.4, 4.2, 4.2}, st.Stat))
	g.add(txt(d.c, Box{b.X + 5, b.Y, b.W - 14, b.H}, st.Name, textStyle{"", 7.5, ink(), "L"}))
	g.add(txt(d.c, Box{b.Right() - 9, b.Y, 9, b.H}, seStat(st.Value), textStyle{"B", 8.5, ink(), "R"}))
	return g
}

// seCorvette is one corvette slot: the call-sign, the card, a circle for
// its token.
func (d *bsDoc) seCorvette(b Box, sign int, cl *stareater.CardLine) *Element {
	e := seShape("corvette", b, func(c *canvas) {
		c.lineWidth(0.4)
		c.setStroke(ink())
		c.setFill(paperWhite())
		c.rrect(b, 1.5, "FD")
		c.setFill(ink())
		c.circle(b.X+6, b.Y+6, 4, "F")
		c.setStroke(rule())
		c.lineWidth(0.3)
		c.circle(b.Right()-9, b.Bottom()-9, 7, "D")
	})
	e.add(txt(d.c, Box{b.X + 2, b.Y + 2, 8, 8}, itoa(sign), textStyle{"B", 11, paperWhite(), "C"}))
	e.add(txt(d.c, Box{b.Right() - 16, b.Bottom() - 11, 14, 4}, "token", textStyle{"", 6, rule(), "C"}))
	name, stats := "no corvette", ""
	if cl != nil {
		name, stats = clean(cl.Name), seStatsText(cl.Stats)
	}
	e.add(txt(d.c, Box{b.X + 12, b.Y + 2, b.W - 14, 8}, "CORVETTE "+itoa(sign)+": "+name, textStyle{"B", 8.5, ink(), "L"}))
	lines, _ := d.sePara("stats", b.X+3, b.Y+12, b.W-22, stats, textStyle{"", 7, ink(), "L"}, 4)
	e.add(lines...)
	return e
}

// seTrack is a row of numbered spaces with a note.
func (d *bsDoc) seTrack(b Box, title string, spaces []string, note string) *Element {
	g := group("track", b)
	g.add(txt(d.c, Box{b.X, b.Y, b.W, 5}, title, textStyle{"B", 8.5, ink(), "L"}))
	gap := 1.5
	sw := min(18, (b.W-float64(len(spaces)-1)*gap)/float64(len(spaces)))
	for i, s := range spaces {
		bx := Box{b.X + float64(i)*(sw+gap), b.Y + 6, sw, 14}
		g.add(seShape("space", bx, func(c *canvas) {
			c.lineWidth(0.4)
			c.setStroke(ink())
			c.setFill(paperWhite())
			if s == "NEXT" {
				c.setFill(rgb{225, 225, 230})
			}
			c.rrect(bx, 1, "FD")
		}))
		g.add(txt(d.c, Box{bx.X, bx.Y + 0.5, bx.W, 4}, s, textStyle{"B", 7, ink(), "C"}))
	}
	lines, _ := d.sePara("note", b.X, b.Y+22, b.W, note, textStyle{"", 7, ink(), "L"}, 4)
	g.add(lines...)
	return g
}

// seArmourMat prints one loadout's Armour Mat: Evasion at the top, the
// hull's hex sections with their armour boxes, the red flow arrows to
// Structure, the cyan start hex, and the initial health layout.
func (d *bsDoc) seArmourMat(r *stareater.Result, l stareater.LoadoutLine) {
	title := "ARMOUR MAT: " + clean(l.Ship)
	if l.Player != "" {
		title += " (" + clean(l.Player) + ")"
	}
	_, a := d.newPage(title, "STAR EATER")
	y := a.top
	// Evasion at the top, with Structure, armour and the Special.
	stats := []stat{
		{label: "EVASION", value: seStat(l.Evasion), share: 1},
		{label: "STRUCTURE", value: seStat(l.Structure), share: 1},
		{label: "TOTAL ARMOUR (DESCRIPTIVE)", value: seStat(l.TotalArmour), share: 1.6},
		{label: "SPECIAL PRIORITY", value: seStat(l.SpecialPriority), share: 1.2},
	}
	d.emit([]*Element{statRow(d.c, "numbers", a.x, y, a.w*0.6, bsStatH, stats)})
	y += bsStatH + 3
	cat := stareater.BuiltinCatalogue()
	ship := cat.Ship(l.ShipID)
	if ship == nil {
		return
	}
	// Hex geometry: flat-topped hexes at axial (q, r), prow up.
	minQ, maxQ, minR, maxR := 0.0, 0.0, 0.0, 0.0
	center := func(q, r int) (float64, float64) {
		return 1.5 * float64(q), math.Sqrt(3) * (float64(r) + float64(q)/2)
	}
	hexes := append([]stareater.SectionLine{{ID: stareater.StructureID, Name: "Structure", Armour: l.Structure, Hex: ship.StructureHex}}, l.Sections...)
	for _, s := range hexes {
		x, yy := center(s.Hex[0], s.Hex[1])
		minQ, maxQ, minR, maxR = min(minQ, x), max(maxQ, x), min(minR, yy), max(maxR, yy)
	}
	areaW, areaH := a.w*0.62, a.bot-y-2
	size := min(areaW/(maxQ-minQ+2), areaH/(maxR-minR+math.Sqrt(3)))
	size = min(size, 24)
	ox := a.x + areaW/2 - (maxQ+minQ)/2*size
	oy := y + areaH/2 - (maxR+minR)/2*size
	pos := map[string][2]float64{}
	for _, s := range hexes {
		x, yy := center(s.Hex[0], s.Hex[1])
		pos[s.ID] = [2]float64{ox + x*size, oy + yy*size}
	}
	for _, s := range hexes {
		p := pos[s.ID]
		start := s.ID == ship.Start
		structure := s.ID == stareater.StructureID
		d.emit([]*Element{d.seHex(p[0], p[1], size, s, start, structure)})
	}
	// The red damage-flow arrows across the shared edges, over the hexes.
	for _, s := range l.Sections {
		from, to := pos[s.ID], pos[s.FlowsTo]
		gapC := math.Hypot(to[0]-from[0], to[1]-from[1])
		d.emit([]*Element{seArrow(from[0], from[1], to[0], to[1], gapC/2-size*0.14, gapC/2-size*0.14)})
	}
	// The layout table at the right.
	tx := a.x + areaW + 4
	tw := a.x + a.w - tx
	ty := y
	d.emit([]*Element{txt(d.c, Box{tx, ty, tw, 5}, "INITIAL HEALTH LAYOUT", textStyle{"B", 9, ink(), "L"})})
	ty += 6
	for _, s := range hexes {
		to := "—"
		if s.FlowsTo == stareater.StructureID {
			to = "Structure"
		} else if s.FlowsTo != "" {
			to = sectionName(l, s.FlowsTo)
		}
		what := "armour " + seStat(s.Armour) + ", flows to " + to
		if s.ID == stareater.StructureID {
			what = "Structure " + seStat(s.Armour) + ": at 0 the ship is destroyed"
		}
		els, h := d.sePara("layout", tx, ty, tw, s.Name+": "+what, textStyle{"", 7.5, ink(), "L"}, 2)
		d.emit(els)
		ty += h + 0.6
	}
	ty += 2
	special := l.Special
	if special == "" {
		special = "not known (printed on your Armour Mat)"
	}
	notes := []string{
		"Special: " + clean(special) + ", priority " + seStat(l.SpecialPriority) + ". It cannot be changed.",
		"Damage goes into the hit section's armour; past it, along the red line toward Structure. A hit hurting Structure from several sections deals only the largest.",
		"The cyan section lines up with the board's starting hex.",
		"The sections' shapes, names and flow lines are Slipway's guess, not the book's: the book's mat images were lost. Follow your own mat.",
	}
	for _, n := range notes {
		els, h := d.sePara("note", tx, ty, tw, n, textStyle{"", 7, ink(), "L"}, 5)
		d.emit(els)
		ty += h + 1
	}
}

func sectionName(l stareater.LoadoutLine, id string) string {
	for _, s := range l.Sections {
		if s.ID == id {
			return s.Name
		}
	}
	return id
}

// seArrow is a red damage-flow arrow from (x1, y1) toward (x2, y2),
// starting off0 from the first and ending off1 short of the second.
func seArrow(x1, y1, x2, y2, off0, off1 float64) *Element {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 {
		return group("flow", Box{x1, y1, 0, 0})
	}
	ux, uy := dx/l, dy/l
	ax, ay := x1+ux*off0, y1+uy*off0
	bx, by := x2-ux*off1, y2-uy*off1
	b := Box{min(ax, bx), min(ay, by), math.Abs(bx - ax), math.Abs(by - ay)}
	return seShape("flow", b, func(c *canvas) {
		c.lineWidth(0.9)
		c.setStroke(flowRed())
		c.setFill(flowRed())
		c.line(ax, ay, bx, by)
		hl, hw := 2.6, 1.4
		c.poly("F", bx, by, bx-ux*hl-uy*hw, by-uy*hl+ux*hw, bx-ux*hl+uy*hw, by-uy*hl-ux*hw)
	})
}

// seHex is one section hex: its outline (cyan on the start side), name,
// armour and a box per armour token (blank boxes to fill in when the
// armour is not known).
func (d *bsDoc) seHex(x, y, size float64, s stareater.SectionLine, start, structure bool) *Element {
	r := size * 0.97
	pts := make([]float64, 0, 12)
	for i := range 6 {
		ang := math.Pi / 3 * float64(i)
		pts = append(pts, x+r*math.Cos(ang), y+r*math.Sin(ang))
	}
	b := Box{x - r, y - r, 2 * r, 2 * r}
	e := seShape("hex:"+s.ID, b, func(c *canvas) {
		c.lineWidth(0.5)
		c.setStroke(ink())
		if structure {
			c.setFill(rgb{235, 235, 240})
		} else {
			c.setFill(paperWhite())
		}
		c.poly("FD", pts...)
		if start {
			// The bottom half of the border in cyan: the start hex.
			c.lineWidth(1.2)
			c.setStroke(startCyan())
			for i := 0; i < 3; i++ {
				c.line(pts[2*i], pts[2*i+1], pts[2*i+2], pts[2*i+3])
			}
		}
	})
	w := r * 1.5
	e.add(txt(d.c, Box{x - w/2, y - r*0.72, w, 4}, strings.ToUpper(s.Name), textStyle{"B", 6.5, ink(), "C"}))
	label := "ARMOUR " + seStat(s.Armour)
	if structure {
		label = "STRUCTURE " + seStat(s.Armour)
	}
	e.add(txt(d.c, Box{x - w/2, y - r*0.72 + 4, w, 4}, label, textStyle{"", 6.5, ink(), "C"}))
	n, known := 6, false
	if s.Armour != nil {
		n, known = min(*s.Armour, 24), true
	}
	box, pitch := 2.6, 3.1
	perRow := max(1, min(n, int(w/pitch)))
	rows := (n + perRow - 1) / max(1, perRow)
	by := y + 0.5
	for i := range n {
		row, colN := i/perRow, i%perRow
		inRow := min(perRow, n-row*perRow)
		bx := x - float64(inRow)*pitch/2 + float64(colN)*pitch + (pitch-box)/2
		bb := Box{bx, by + float64(row)*pitch, box, box}
		e.add(seShape("armour-box", bb, func(c *canvas) {
			c.lineWidth(0.25)
			c.setStroke(ink())
			c.setFill(paperWhite())
			if !known {
				c.setStroke(rule())
			}
			c.rect(bb, "FD")
		}))
	}
	if !known {
		e.add(txt(d.c, Box{x - w/2, by + float64(rows)*pitch + 0.3, w, 3}, "enter from your mat", textStyle{"I", 5, rule(), "C"}))
	}
	return e
}

// seIcon draws the Icon Key's icon of a stat.
func seIcon(b Box, stat string) *Element {
	return seShape("icon:"+stat, b, func(c *canvas) {
		cx, cy, r := b.X+b.W/2, b.Y+b.H/2, min(b.W, b.H)/2
		c.lineWidth(0.3)
		c.setStroke(ink())
		c.setFill(ink())
		switch stat {
		case "damage": // a starburst
			var pts []float64
			for i := range 16 {
				rr := r
				if i%2 == 1 {
					rr = r * 0.45
				}
				a := math.Pi / 8 * float64(i)
				pts = append(pts, cx+rr*math.Sin(a), cy-rr*math.Cos(a))
			}
			c.setFill(warnRed())
			c.setStroke(warnRed())
			c.poly("FD", pts...)
		case "range": // an arrow with a tick at each end
			c.lineWidth(0.45)
			c.line(b.X+0.3, cy, b.Right()-0.6, cy)
			c.line(b.X+0.3, cy-r*0.6, b.X+0.3, cy+r*0.6)
			c.poly("F", b.Right(), cy, b.Right()-r*0.7, cy-r*0.45, b.Right()-r*0.7, cy+r*0.45)
		case "cooldown": // a clock
			c.lineWidth(0.4)
			c.circle(cx, cy, r*0.9, "D")
			c.line(cx, cy, cx, cy-r*0.6)
			c.line(cx, cy, cx+r*0.45, cy)
		case "speed": // two chevrons
			c.lineWidth(0.5)
			for _, dx := range []float64{-r * 0.45, r * 0.25} {
				c.line(cx+dx-r*0.3, cy-r*0.7, cx+dx+r*0.3, cy)
				c.line(cx+dx+r*0.3, cy, cx+dx-r*0.3, cy+r*0.7)
			}
		case "turns": // a hexagon with a turning arrow
			c.lineWidth(0.4)
			c.sector(cx, cy, r*0.85, 0, 300, "D")
			c.poly("F", cx, cy-r*0.85-r*0.3, cx-r*0.45, cy-r*0.85, cx, cy-r*0.85+r*0.3)
		case "accuracy": // a crosshair
			c.lineWidth(0.35)
			c.circle(cx, cy, r*0.65, "D")
			c.line(cx-r, cy, cx+r, cy)
			c.line(cx, cy-r, cx, cy+r)
		case "evasion": // a swerving arrow
			c.lineWidth(0.45)
			c.line(b.X+0.3, cy+r*0.6, cx, cy+r*0.6)
			c.line(cx, cy+r*0.6, cx+r*0.3, cy-r*0.3)
			c.poly("F", cx+r*0.55, cy-r, cx+r*0.75, cy-r*0.1, cx-r*0.05, cy-r*0.4)
		case "tokens": // a stack of tokens
			for i := range 3 {
				c.circle(cx, cy+r*0.5-float64(i)*r*0.45, r*0.55, "D")
			}
		case "weaponSpeed":
			c.lineWidth(0.5)
			c.line(cx-r*0.3, cy-r*0.7, cx+r*0.3, cy)
			c.line(cx+r*0.3, cy, cx-r*0.3, cy+r*0.7)
			c.circle(cx-r*0.6, cy, r*0.25, "F")
		case "priority": // a number badge
			c.rrect(Box{b.X + 0.2, b.Y + 0.6, b.W - 0.4, b.H - 1.2}, 0.6, "D")
			c.line(cx-r*0.3, cy+r*0.3, cx+r*0.3, cy+r*0.3)
		default:
			c.circle(cx, cy, r*0.5, "D")
		}
	})
}

// seCards prints a card set's cards to cut out: eight to a page, each
// with its slot's colour, its faction, its stats with their icons and its
// effect.
func (d *bsDoc) seCards(cs *stareater.CardSet) {
	d.foot = clean(cs.Name) + "  |  print and play"
	cat := stareater.BuiltinCatalogue()
	type pc struct {
		card    stareater.Card
		faction string
	}
	var cards []pc
	for _, c := range cs.Cards[:min(len(cs.Cards), stareater.MaxCards)] {
		full := c
		for _, k := range cat.Cards {
			if k.Faction == c.Faction && k.Card.Card == c.Card {
				if full.Name == "" {
					full.Name = k.Name
				}
				if full.Slot == "" {
					full.Slot = k.Slot
				}
				if full.Weapon == "" {
					full.Weapon = k.Weapon
				}
			}
		}
		f := cat.Faction(c.Faction)
		name := c.Faction
		if f != nil {
			name = f.Name
		}
		cards = append(cards, pc{full, name})
	}
	const cw, ch, gap = 62.0, 84.0, 3.0
	var a area
	cols, per := 1, 1
	for k, c := range cards {
		if k%per == 0 {
			_, a = d.newPage("CARDS: "+clean(cs.Name), "STAR EATER")
			cols = max(1, int((a.w+gap)/(cw+gap)))
			per = cols * max(1, int((a.bot-a.top+gap)/(ch+gap)))
		}
		i := k % per
		col, row := i%cols, i/cols
		d.emit([]*Element{d.seCard(Box{a.x + float64(col)*(cw+gap), a.top + float64(row)*(ch+gap), cw, ch}, c.card, c.faction, clean(cs.Name))})
	}
	if len(cards) == 0 {
		_, a = d.newPage("CARDS: "+clean(cs.Name), "STAR EATER")
		d.emit([]*Element{txt(d.c, Box{a.x, a.top, a.w, 6}, "The card set has no cards.", textStyle{"", 9, ink(), "L"})})
	}
}

// seCard is one print-and-play card.
func (d *bsDoc) seCard(b Box, c stareater.Card, faction, set string) *Element {
	slot := stareater.SlotOf(c.Slot)
	slotName, colour := "Card", ""
	if slot != nil {
		slotName, colour = slot.Name, slot.Colour
	}
	col := seColour(colour)
	e := seShape("card", b, func(cv *canvas) {
		cv.lineWidth(0.3)
		cv.setStroke(rule())
		cv.setFill(paperWhite())
		cv.rrect(b, 2.5, "FD")
		cv.setFill(col)
		cv.rrect(Box{b.X + 2, b.Y + 2, b.W - 4, 9}, 1.5, "F")
	})
	band := strings.ToUpper(slotName)
	if colour != "" {
		band += " (" + colour + ")"
	}
	e.add(txt(d.c, Box{b.X + 4, b.Y + 2, b.W - 8, 9}, band, textStyle{"B", 7.5, paperWhite(), "L"}))
	lines, h := d.sePara("card-name", b.X+4, b.Y+13, b.W-8, clean(c.Name), textStyle{"B", 10, ink(), "L"}, 2)
	e.add(lines...)
	y := b.Y + 14 + h
	sub := faction
	if w := stareater.WeaponOf(c.Weapon); w != nil {
		sub += " · " + w.Name
	}
	e.add(txt(d.c, Box{b.X + 4, y, b.W - 8, 4}, sub, textStyle{"I", 7, ink(), "L"}))
	y += 5
	for _, id := range seCardStats(c) {
		st := stareater.StatOf(id)
		v := cardStat(c, id)
		e.add(d.seStatLine(Box{b.X + 4, y, b.W - 8, 5}, stareater.StatValue{Stat: id, Name: st.Name, Value: v}))
		y += 5.2
	}
	if c.Effect != "" {
		ls, _ := d.sePara("effect", b.X+4, y+1, b.W-8, clean(c.Effect), textStyle{"", 7, ink(), "L"}, max(1, int((b.Bottom()-8-y)/3)))
		e.add(ls...)
	}
	e.add(txt(d.c, Box{b.X + 4, b.Bottom() - 6, b.W - 8, 4}, set, textStyle{"", 5.5, rule(), "L"}))
	return e
}

// seCardStats are the stats a card prints: those of its kind, copies
// last.
func seCardStats(c stareater.Card) []string {
	if w := stareater.WeaponOf(c.Weapon); w != nil {
		out := append([]string(nil), w.Stats...)
		if c.Slot == stareater.SlotSpecial {
			out = append(out, "priority")
		}
		return append(out, "copies")
	}
	var out []string
	for _, s := range stareater.Stats {
		if cardStat(c, s.ID) != nil {
			out = append(out, s.ID)
		}
	}
	return out
}

func cardStat(c stareater.Card, id string) *int {
	switch id {
	case "damage":
		return c.Damage
	case "range":
		return c.Range
	case "cooldown":
		return c.Cooldown
	case "speed":
		return c.Speed
	case "turns":
		return c.Turns
	case "accuracy":
		return c.Accuracy
	case "evasion":
		return c.Evasion
	case "tokens":
		return c.Tokens
	case "weaponSpeed":
		return c.WeaponSpeed
	case "priority":
		return c.Priority
	case "copies":
		return c.Copies
	}
	return nil
}

// seReference is the quick reference: round order, the Icon Key's seven
// icons, corvette movement, weapon rules, collisions and the board edge,
// in Slipway's words from the rule book.
func (d *bsDoc) seReference() {
	_, a := d.newPage("QUICK REFERENCE", "STAR EATER")
	gap := 5.0
	cw := (a.w - 2*gap) / 3
	head := textStyle{"B", 9.5, ink(), "L"}
	body := textStyle{"", 7.8, ink(), "L"}
	column := func(x float64, blocks [][2]string) {
		y := a.top
		for _, bl := range blocks {
			if bl[0] != "" {
				d.emit([]*Element{txt(d.c, Box{x, y, cw, 5}, bl[0], head)})
				y += 5.5
			}
			els, h := d.sePara("ref", x, y, cw, bl[1], body, 12)
			d.emit(els)
			y += h + 2
		}
	}
	column(a.x, [][2]string{
		{"ROUND ORDER", "1. Commitment: set your Engine Card and two Commands face down."},
		{"", "2. Movement: reveal Engine Cards, add Momentum tokens and move the Capital Ships token by token; then move Projectiles, then Torpedoes, then every Corvette one hex forward."},
		{"", "3. Action: reveal the first Commands, resolve them lowest priority first and put them on the Cooldown track; then the second."},
		{"", "4. Cooldown: pick up the Commands on NEXT, move the rest down one space, and return one Targeting token."},
		{"CORVETTE MOVEMENT", "For each activation: turn up to Turns times, move forward up to Speed hexes, then use the turns left. A corvette cannot turn in place: it must move at least one hex to turn."},
		{"EDGE OF THE BOARD", "A Momentum token that would move you off the board is removed instead, and every hull section along the edge takes 2 Damage."},
	})
	// The Icon Key.
	x := a.x + cw + gap
	y := a.top
	d.emit([]*Element{txt(d.c, Box{x, y, cw, 5}, "ICON KEY", head)})
	y += 6.5
	key := [][3]string{
		{"damage", "Damage", "Damage a weapon deals when it hits."},
		{"range", "Range", "How far a Beam, Direct Fire or Point Defence weapon attacks."},
		{"cooldown", "Cooldown", "The space on the Cooldown track the command goes to after use."},
		{"speed", "Speed", "Hexes a Torpedo, Projectile or Corvette moves per movement."},
		{"turns", "Turns", "How many times a Corvette may turn before and after it moves."},
		{"accuracy", "Accuracy", "Must be at least the target's Evasion to attack it."},
		{"evasion", "Evasion", "What an attacker's Accuracy must reach."},
	}
	for _, k := range key {
		d.emit([]*Element{seIcon(Box{x, y, 8, 8}, k[0])})
		d.emit([]*Element{txt(d.c, Box{x + 10, y, cw - 10, 4.5}, k[1], textStyle{"B", 8.5, ink(), "L"})})
		els, h := d.sePara("ref", x+10, y+4.5, cw-10, k[2], body, 3)
		d.emit(els)
		y += max(10, 4.5+h) + 1.5
	}
	column(a.x+2*(cw+gap), [][2]string{
		{"WEAPON RULES", "Beam: hits a straight line Range hexes long at once, destroying every Projectile, Torpedo and Corvette on it; stops at the first Capital Ship hull section."},
		{"", "Direct Fire (corvettes): hits the first target in a straight line Range long if Accuracy is at least its Evasion; does not pierce."},
		{"", "Point Defence: for a Targeting token, hits the first Corvette or Torpedo within Range in any direction if Accuracy reaches its Evasion; each extra token +1 Accuracy."},
		{"", "Cannon: fires a Projectile moving Speed hexes a round. Torpedo: fires a Torpedo moving Speed hexes a round, turning to face an enemy Capital Ship seen ahead-left or ahead-right."},
		{"COLLISIONS BETWEEN CAPITAL SHIPS", "1. Damage at every overlapping section: the higher count of the relevant Momentum tokens (for linear movement, ignore matching tokens across the ships)."},
		{"", "2. Undo the last movement step and remove the token that caused it. 3. Swap the remaining tokens of that type (flip them after a rotation). 4. Resume movement."},
	})
}
