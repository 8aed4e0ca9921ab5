package sheets

import (
	"math"
	"sort"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// sheetCtx is what laying out one record sheet needs.
type sheetCtx struct {
	c        *canvas
	s        Ship
	d        *designer.Design
	r        *costing.Result
	cat      *designer.Catalogue
	reactors map[designer.SectionName]string // printed rating of the reactors
	areaW    float64                         // width of the band area
}

// Section cell sizes in millimetres.
const (
	barH      = 5.8
	defenceH  = 4.9
	systemH   = 7.2
	smallIcon = 4.6
)

// sectionCell builds the cell of one section for grid column col.
func (sc *sheetCtx) sectionCell(ns designer.NamedSection, col int, w float64) *cell {
	inner := w - 2*cellPad
	name := strings.ToUpper(string(ns.Name))
	card := sc.cardinalArgs(ns.Name)
	ce := &cell{kind: "section", col: col, headH: barH}
	ce.header = func(x, y, w float64, cont bool) []*Element {
		bar := &Element{Kind: "bar", Box: Box{x, y, w, barH}, draw: func(c *canvas, e *Element) {
			c.setFill(ink())
			c.d.RoundedRect(e.Box.X, e.Box.Y, e.Box.W, e.Box.H, 1.2, "12", "F")
		}}
		label := name
		if cont {
			label += " (CONTINUED)"
		}
		bar.add(txt(sc.c, Box{x + 2, y + 0.4, w - 12, barH - 0.8}, label,
			textStyle{"B", 8.5, paperWhite(), "L"}))
		cb := Box{x + w - barH - 0.6, y + 0.5, barH - 1.0, barH - 1.0}
		bar.add(&Element{Kind: "cardinal", Box: cb, draw: func(c *canvas, e *Element) {
			c.setFill(paperWhite())
			c.rect(e.Box, "F")
			c.drawIcon("cardinal", e.Box.Inset(0.25), card)
		}})
		return []*Element{bar}
	}
	ce.frame = func(c *canvas, e *Element) {
		c.lineWidth(0.35)
		c.setStroke(ink())
		c.setFill(paperWhite())
		c.rrect(e.Box, 1.2, "D")
	}
	sec := ns.Section
	ce.rows = append(ce.rows, sc.defenceRows(ns, inner)...)
	ce.rows = append(ce.rows, sc.hullRows(ns.Name, sec, inner)...)
	ce.rows = append(ce.rows, sc.systemRows(ns, inner)...)
	return ce
}

// cardinalArgs gives the cardinal diagram of section n.
func (sc *sheetCtx) cardinalArgs(n designer.SectionName) IconArgs {
	a := IconArgs{Ink: ink(), Accent: arcGreen()}
	for i, arc := range designer.ArcOrder {
		switch {
		case designer.SectionName(arc) == n:
			a.Cardinal[i] = 2
		case sc.d.Sections.Get(designer.SectionName(arc)) != nil:
			a.Cardinal[i] = 1
		}
	}
	if n == designer.SectionCore {
		a.Label = "core"
	}
	return a
}

// iconLead is a flow lead made of one icon and optional bold text after
// it, at most maxLabel wide: text that does not fit wraps to up to
// maxLines lines (the flow's line must have room for them), and only the
// last line is truncated.
func (sc *sheetCtx) iconLead(key string, size float64, a IconArgs, label string, maxLabel float64, maxLines int) (float64, func(x, y, h float64) []*Element) {
	st := textStyle{"B", 7.5, ink(), "L"}
	lines, lw := labelLines(sc.c, label, st, maxLabel, maxLines)
	w := size
	if lw > 0 {
		w += 0.6 + lw
	}
	return w, func(x, y, h float64) []*Element {
		out := []*Element{iconEl(Box{x, y + (h-size)/2, size, size}, key, a)}
		if lw > 0 {
			out = append(out, txtBlock(sc.c, Box{x + size + 0.6, y, lw, h}, lines, st))
		}
		return out
	}
}

func plainBubble(kind string) func(b Box, i int) *Element {
	return func(b Box, i int) *Element { return bubble(b, kind, paperWhite(), "") }
}

// boxBubble is plainBubble with box ids: bubble i is box id(i+1).
func boxBubble(kind string, id func(n int) string) func(b Box, i int) *Element {
	return func(b Box, i int) *Element {
		e := bubble(b, kind, paperWhite(), "")
		e.BoxID = id(i + 1)
		return e
	}
}

// defenceRows lists, for each arc the section faces, its defences in the
// order fire meets them: deflectors, shields (and adaptation), armour,
// ablative plates.
func (sc *sheetCtx) defenceRows(ns designer.NamedSection, w float64) []rowSpec {
	sec := ns.Section
	var rows []rowSpec
	faced := sc.d.Sections.FacedArcs(ns.Name)
	for _, arc := range faced {
		var items []flowItem
		if ns.Name == designer.SectionCore {
			a := IconArgs{Ink: ink(), Accent: arcGreen()}
			for i, o := range designer.ArcOrder {
				a.Cardinal[i] = 1
				if o == arc {
					a.Cardinal[i] = 2
				}
			}
			lw, lead := sc.iconLead("cardinal", 4.0, a, "", 0, 1)
			items = append(items, flowItem{leadW: lw, lead: lead})
		}
		for _, s := range sec.Systems {
			if s.Kind != "deflector" || !s.Supports(ns.Name, arc) {
				continue
			}
			typ := s.Type
			if typ != designer.DefenceKinetic && typ != designer.DefenceEnergyKinetic {
				typ = designer.DefenceEnergy
			}
			lw, lead := sc.iconLead("deflector-"+typ, smallIcon, IconArgs{Ink: ink()}, itoa(s.Rating), 10, 1)
			items = append(items, flowItem{leadW: lw, lead: lead})
		}
		if sh := sec.Shields.Get(arc); sh != nil && sh.Hits > 0 {
			typ := sh.Type
			if typ != designer.DefenceKinetic && typ != designer.DefenceEnergyKinetic {
				typ = designer.DefenceEnergy
			}
			lw, lead := sc.iconLead("shield-"+typ, smallIcon, IconArgs{Ink: ink()}, "", 0, 1)
			items = append(items, flowItem{leadW: lw, lead: lead, n: clampBubbles(sh.Hits),
				pitch: hullPitch, diam: hullBubble, bub: boxBubble("shield", func(n int) string {
					return designer.ArcBoxID(ns.Name, designer.BoxShield, arc, n)
				})})
			if adapt := sec.AdaptationLimit(ns.Name, arc); adapt > 0 {
				lw, lead := sc.iconLead("adaptation", smallIcon, IconArgs{Ink: ink()}, "", 0, 1)
				items = append(items, flowItem{leadW: lw, lead: lead, n: clampBubbles(adapt),
					pitch: sysPitch, diam: sysBubble, bub: boxBubble("adapt", func(n int) string {
						return designer.ArcBoxID(ns.Name, designer.BoxAdapt, arc, n)
					})})
			}
		}
		if ar := sec.Armour.Get(arc); ar != nil && ar.Rating > 0 {
			glyph := "energy"
			switch ar.Type {
			case designer.DefenceKinetic:
				glyph = "kinetic"
			case designer.DefenceEnergyKinetic:
				glyph = "" // both glyphs, stacked
			}
			rating := itoa(ar.Rating)
			items = append(items, flowItem{leadW: 4.6 + 3.2, lead: func(x, y, h float64) []*Element {
				out := []*Element{iconEl(Box{x, y + (h-4.6)/2, 4.6, 4.6}, "armour", IconArgs{Ink: ink(), Label: rating})}
				gb := Box{x + 4.8, y + (h-3.0)/2, 1.5, 3.0}
				if glyph == "" {
					out = append(out, iconEl(Box{gb.X, gb.Y, 1.5, 1.5}, "energy", IconArgs{Ink: ink()}),
						iconEl(Box{gb.X, gb.Y + 1.5, 1.5, 1.5}, "kinetic", IconArgs{Ink: ink()}))
				} else {
					out = append(out, iconEl(Box{gb.X, gb.Y + 0.2, 2.6, 2.6}, glyph, IconArgs{Ink: ink()}))
				}
				return out
			}})
		}
		if n := sec.Ablative.Get(arc); n != nil && *n > 0 {
			lw, lead := sc.iconLead("ablative", smallIcon, IconArgs{Ink: ink()}, "", 0, 1)
			items = append(items, flowItem{leadW: lw, lead: lead, n: clampBubbles(*n), pitch: sysPitch, diam: sysBubble,
				bub: func(b Box, i int) *Element {
					e := scratchBox(b)
					e.BoxID = designer.ArcBoxID(ns.Name, designer.BoxPlate, arc, i+1)
					return e
				}})
		}
		if ns.Name == designer.SectionCore && len(items) == 1 {
			continue // only the arc marker: nothing defends this arc
		}
		if len(items) == 0 {
			continue
		}
		for _, ln := range layoutFlow(items, w, defenceH) {
			rows = append(rows, lineRow("defence", ln))
		}
	}
	if len(rows) > 0 {
		rows = append(rows, gapRow(1.0))
	}
	return rows
}

// clampBubbles bounds a bubble run so hostile counts cannot explode a
// page; legal designs never reach it (limits: 2,000 hull hits a section).
func clampBubbles(n int) int { return max(0, min(n, 2000)) }

// lineRow turns a flow line into a row.
func lineRow(kind string, ln flowLine) rowSpec {
	return rowSpec{h: ln.h, build: func(x, y, w float64) []*Element {
		g := group(kind, Box{x, y, w, ln.h})
		for _, p := range ln.parts {
			g.add(p(x, y)...)
		}
		return []*Element{g}
	}}
}

// gapRow is empty space between areas of a cell.
func gapRow(h float64) rowSpec {
	return rowSpec{h: h, build: func(x, y, w float64) []*Element { return nil }}
}

// hullRows lays out the hull layers: rows of hull-hit bubbles with every
// fifth numbered in roman numerals, the layer number at the left, a rule
// between layers, and the layer's crew (orange) and marine (yellow)
// parties at the right end.
func (sc *sheetCtx) hullRows(name designer.SectionName, sec *designer.Section, w float64) []rowSpec {
	// Crew and marine parties take up to three columns at the right,
	// only as many as the fullest layer needs.
	perCrew, crewW := 0, 0.0
	for _, l := range sec.Layers {
		perCrew = max(perCrew, min(3, clampBubbles(l.Crew)+clampBubbles(l.Marines)))
	}
	if perCrew > 0 {
		crewW = float64(perCrew)*hullPitch - (hullPitch - hullBubble) + 1.6
	}
	hullW := w - layerLabelW - crewW
	maxRow := max(1, int((hullW+hullPitch-hullBubble)/hullPitch))
	var rows []rowSpec
	for li, l := range sec.Layers {
		hits := clampBubbles(l.HullHits)
		people := make([]string, 0, 8)
		for i := 0; i < clampBubbles(l.Crew); i++ {
			people = append(people, designer.BoxCrew)
		}
		for i := 0; i < clampBubbles(l.Marines); i++ {
			people = append(people, designer.BoxMarine)
		}
		n := max(1, (hits+maxRow-1)/maxRow)
		if perCrew > 0 {
			n = max(n, (len(people)+perCrew-1)/perCrew)
		}
		// Share the hits evenly between the rows: 7 and 6, not 12 and 1.
		perRow := max(1, (hits+n-1)/n)
		for r := 0; r < n; r++ {
			top := 0.0
			if r == 0 && li > 0 {
				top = 1.2
			}
			li, r, top := li, r, top
			lo, hi := r*perRow, min(hits, (r+1)*perRow)
			var ppl []string
			first := 0 // index in people of ppl[0]
			if perCrew > 0 {
				first = min(len(people), r*perCrew)
				ppl = people[first:min(len(people), (r+1)*perCrew)]
			}
			rows = append(rows, rowSpec{h: hullRowH + top, build: func(x, y, w float64) []*Element {
				g := &Element{Kind: "layer", Box: Box{x, y, w, hullRowH + top}}
				if top > 0 {
					g.draw = func(c *canvas, e *Element) {
						c.lineWidth(0.25)
						c.setStroke(rule())
						c.line(e.Box.X, e.Box.Y+top/2, e.Box.Right(), e.Box.Y+top/2)
					}
				}
				by := y + top + (hullRowH-hullBubble)/2
				if r == 0 {
					g.add(txt(sc.c, Box{x, y + top, layerLabelW - 0.6, hullRowH}, roman(li+1),
						textStyle{"B", 6.5, rgb{90, 90, 95}, "C"}))
				}
				for i := lo; i < hi; i++ {
					label := ""
					if (i+1)%5 == 0 {
						label = roman(i + 1)
					}
					bx := x + layerLabelW + float64(i-lo)*hullPitch
					hb := bubble(Box{bx, by, hullBubble, hullBubble}, "hull", paperWhite(), label)
					hb.BoxID = designer.BoxID(name, designer.BoxHull, li+1, i+1)
					g.add(hb)
				}
				cx := x + w - crewW + 1.6
				for j, p := range ppl {
					fill := crewOrange()
					if p == "marine" {
						fill = marineGold()
					}
					lbl := ""
					if sc.c.bw {
						lbl = strings.ToUpper(p[:1])
					}
					pb := bubble(Box{cx + float64(j)*hullPitch, by, hullBubble, hullBubble}, p, fill, lbl)
					n := first + j + 1 // crew first, then marines
					if p == designer.BoxMarine {
						n -= clampBubbles(l.Crew)
					}
					pb.BoxID = designer.BoxID(name, p, li+1, n)
					g.add(pb)
				}
				return []*Element{g}
			}})
		}
	}
	return rows
}

// sysEntry is one thing shown in the systems area.
type sysEntry struct {
	order int // category order
	seq   int // document order
	item  flowItem
}

// systemRows lays out the systems area in the catalogue's category order
// (primary, propulsion, secondary, electronic warfare, hangar bays,
// weapons): each system its badge with rating and one scratch bubble per
// copy, each weapon mount its arc diagram and name.
func (sc *sheetCtx) systemRows(ns designer.NamedSection, w float64) []rowSpec {
	sec := ns.Section
	var entries []sysEntry
	add := func(catID string, it flowItem) {
		order := 99
		if cg := sc.cat.Category(catID); cg != nil {
			order = cg.Order
		}
		entries = append(entries, sysEntry{order: order, seq: len(entries), item: it})
	}
	rateSt := textStyle{"B", 8, ink(), "L"}
	for si, s := range sec.Systems {
		k := sc.cat.Kind(s.Kind)
		catID, key, rating := "", "unknown", ""
		if k != nil {
			catID, key = k.Category, k.Icon
			switch k.Rating.Mode {
			case designer.RatingRange:
				rating = itoa(s.Rating)
			case designer.RatingDerived:
				rating = sc.reactors[ns.Name]
			}
		}
		dir := s.Facing
		switch {
		case s.Axis != "":
			dir = s.Axis
		case s.Kind == "deflector":
			dir = s.Type
		case s.Arc != "":
			dir = s.Arc
		case dir == "" && ns.Name != designer.SectionCore && k != nil && k.Params["arc"] != nil:
			dir = string(ns.Name)
		}
		add(catID, sc.systemItem(catID, key, IconArgs{Dir: dir}, rating, rateSt, s.Count,
			designer.BoxID(ns.Name, designer.BoxSystem, si+1, 0)))
	}
	if ls := lifeSupport(sc.r, ns.Name); ls > 0 {
		if k := sc.cat.Kind("lifeSupport"); k != nil {
			add(k.Category, sc.systemItem(k.Category, k.Icon, IconArgs{}, itoa(ls), rateSt, 1,
				designer.BoxID(ns.Name, designer.BoxLifeSupport, 1, 0)))
		}
	}
	nameSt := textStyle{"B", 6.5, ink(), "L"}
	for hi, h := range sec.Hangars {
		name := h.Bay
		if b := sc.d.HangarBay(h.Bay); b != nil {
			name = b.Name
		}
		add("hangar", sc.systemItem("hangar", "hangar-bay", IconArgs{}, clean(name), nameSt, h.Count,
			designer.BoxID(ns.Name, designer.BoxHangar, hi+1, 0)))
	}
	weaponCol := sc.c.style("weapon").colour
	for mi, m := range sec.Weapons {
		name := m.Weapon
		if wd := sc.d.Weapon(m.Weapon); wd != nil {
			name = wd.Name
		}
		lw, lead := sc.iconLead("weapon-arc", badgeSize, IconArgs{Ink: ink(), Accent: weaponCol, Sectors: m.Sectors},
			clean(name), math.Min(30, w-badgeSize-6), 2)
		it := flowItem{leadW: lw, lead: lead}
		sc.addCount(&it, m.Count, designer.BoxID(ns.Name, designer.BoxWeapon, mi+1, 0))
		add("weapon", it)
	}
	if len(entries) == 0 {
		return nil
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].order < entries[j].order })
	items := make([]flowItem, len(entries))
	for i, e := range entries {
		items[i] = e.item
	}
	rows := []rowSpec{{h: 1.4, build: func(x, y, w float64) []*Element {
		return []*Element{{Kind: "rule", Box: Box{x, y, w, 1.4}, draw: func(c *canvas, e *Element) {
			c.lineWidth(0.2)
			c.setStroke(rule())
			c.d.SetDashPattern([]float64{0.6, 0.6}, 0)
			c.line(e.Box.X, e.Box.Y+0.7, e.Box.Right(), e.Box.Y+0.7)
			c.d.SetDashPattern(nil, 0)
		}}}
	}}}
	for _, ln := range layoutFlow(items, w, systemH) {
		rows = append(rows, lineRow("systems", ln))
	}
	return rows
}

// systemItem is a badge with its rating or name and a bubble per copy.
// box is the id of its box 0 (designer.BoxID with n 0), or "" for none:
// copy n's box is the id with its last number n.
func (sc *sheetCtx) systemItem(catID, key string, a IconArgs, label string, st textStyle, count int, box string) flowItem {
	lines, lw := labelLines(sc.c, label, st, 22, 2)
	w := badgeSize
	if lw > 0 {
		w += 0.6 + lw
	}
	it := flowItem{leadW: w, lead: func(x, y, h float64) []*Element {
		out := []*Element{badge(sc.c, Box{x, y + (h-badgeSize)/2, badgeSize, badgeSize}, catID, key, a)}
		if lw > 0 {
			out = append(out, txtBlock(sc.c, Box{x + badgeSize + 0.6, y, lw, h}, lines, st))
		}
		return out
	}}
	sc.addCount(&it, count, box)
	return it
}

// addCount gives an item one scratch bubble per copy, or a written count
// when there are more copies than anyone would strike out.
// box names the boxes as systemItem's box does.
func (sc *sheetCtx) addCount(it *flowItem, count int, box string) {
	if count <= maxBubbles {
		it.n = max(count, 0)
		it.pitch, it.diam = sysPitch, sysBubble
		it.bub = plainBubble("system")
		if box != "" {
			stem := strings.TrimSuffix(box, "0")
			it.bub = boxBubble("system", func(n int) string { return stem + itoa(n) })
		}
		return
	}
	label := "x" + itoa(min(count, 999999))
	st := textStyle{"B", 8, ink(), "L"}
	it.afterW = txtW(sc.c, label, st) + 0.3
	it.after = func(x, y, h float64) []*Element {
		return []*Element{txt(sc.c, Box{x, y, it.afterW, h}, label, st)}
	}
}
