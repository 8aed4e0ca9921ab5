package sheets

import (
	"sort"
	"strings"

	"github.com/slipway/slipway/designer"
)

// Definition lines: weapon definitions, hangar bays and starfighter
// squadrons, each a full-width band below the sections.

const (
	lineH      = 5.6
	lineIcon   = 4.2
	titleH     = 5.2
	colLabelH  = 3.4
	subLineH   = 5.0
	hangarRowH = 10.8
)

// weaponCol is one column of the weapon definition line.
type weaponCol struct {
	label string
	w     float64
	build func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element
}

// weaponCols are the seventeen fields of a weapon line in print order.
// A field the weapon lacks prints nothing, never a zero.
func weaponCols() []weaponCol {
	num := func(s string) func(sc *sheetCtx, b Box) []*Element {
		return func(sc *sheetCtx, b Box) []*Element {
			if s == "" {
				return nil
			}
			return []*Element{txt(sc.c, b, s, textStyle{"B", 8, ink(), "C"})}
		}
	}
	ic := func(b Box, key string, a IconArgs) *Element {
		a.Ink = ink()
		s := min(lineIcon, b.W)
		return iconEl(Box{b.X + (b.W-s)/2, b.Y + (b.H-s)/2, s, s}, key, a)
	}
	return []weaponCol{
		{"WEAPON", 44, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			return []*Element{txt(sc.c, Box{b.X + 0.8, b.Y, b.W - 0.8, b.H}, clean(wd.Name), textStyle{"B", 7.5, ink(), "L"})}
		}},
		{"", 5.5, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			switch wd.DamageType {
			case designer.DamageEnergy:
				return []*Element{ic(b, "energy", IconArgs{})}
			case designer.DamageKinetic:
				return []*Element{ic(b, "kinetic", IconArgs{})}
			}
			return nil
		}},
		{"PULSE", 7, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			return num(positive(wd.Pulse))(sc, b)
		}},
		{"DIE", 8, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			return num(clean(string(wd.Die)))(sc, b)
		}},
		{"MOD", 7, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if wd.Modifier <= 0 {
				return nil
			}
			return num("+"+itoa(wd.Modifier))(sc, b)
		}},
		{"FIRE", 9, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if wd.Indirect() {
				return []*Element{iconEl(Box{b.X + 1, b.Y + 0.4, b.W - 2, b.H - 0.8}, "indirect",
					IconArgs{Ink: ink(), Label: positive(wd.IndirectTurns)})}
			}
			return []*Element{iconEl(Box{b.X + 1, b.Y + (b.H-lineIcon)/2, b.W - 2, lineIcon}, "direct", IconArgs{Ink: ink()})}
		}},
		{"RANGE", 13, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			return []*Element{
				ic(Box{b.X, b.Y, 5, b.H}, "range", IconArgs{}),
				txt(sc.c, Box{b.X + 5.2, b.Y, b.W - 5.2, b.H}, itoa(max(0, wd.Range)), textStyle{"B", 8, ink(), "L"}),
			}
		}},
		{"AREA", 17, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if wd.AoE <= 0 {
				return nil
			}
			return []*Element{
				ic(Box{b.X, b.Y, 5, b.H}, "aoe", IconArgs{}),
				txt(sc.c, Box{b.X + 5.2, b.Y, b.W - 5.2, b.H}, itoa(wd.AoE)+" "+clean(string(wd.AoEDie())),
					textStyle{"B", 8, ink(), "L"}),
			}
		}},
		{"SP", 7, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if wd.ShieldPiercing <= 0 {
				return nil
			}
			return []*Element{ic(Box{b.X, b.Y - 0.3, b.W, b.H + 0.6}, "shield-piercing", IconArgs{Label: itoa(wd.ShieldPiercing)})}
		}},
		{"AP", 7, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if wd.ArmourPiercing <= 0 {
				return nil
			}
			return []*Element{ic(Box{b.X, b.Y - 0.3, b.W, b.H + 0.6}, "armour-piercing", IconArgs{Label: itoa(wd.ArmourPiercing)})}
		}},
		{"DP", 8, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if wd.DeflectionPiercing <= 0 {
				return nil
			}
			return []*Element{iconEl(Box{b.X + 1.2, b.Y + 0.2, b.W - 2.4, b.H - 0.4}, "deflection-piercing",
				IconArgs{Ink: ink(), Label: itoa(wd.DeflectionPiercing)})}
		}},
		{"", 6, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			switch wd.Effect {
			case designer.EffectRaking:
				return []*Element{ic(b, "raking", IconArgs{})}
			case designer.EffectPenetrating:
				return []*Element{ic(b, "penetrating", IconArgs{})}
			}
			return nil
		}},
		{"", 6, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			if !wd.Interceptable {
				return nil
			}
			return []*Element{ic(b, "interceptable", IconArgs{})}
		}},
		{"RATE", 9, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			key := map[string]string{designer.RateUnlimited: "rof-unlimited", designer.RateLimited: "rof-limited",
				designer.RateOneShot: "rof-one-shot"}[wd.RateOfFire]
			if key == "" {
				return nil
			}
			return []*Element{iconEl(Box{b.X + 0.5, b.Y + (b.H-3)/2, b.W - 1, 3}, key, IconArgs{Ink: ink()})}
		}},
		{"TARGETS", 23, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			var out []*Element
			x := b.X + 0.5
			for _, t := range []struct{ id, key string }{
				{designer.TargetsStarships, "target-starships"},
				{designer.TargetsStarfighters, "target-starfighters"},
				{designer.TargetsDirectFire, "target-direct"},
				{designer.TargetsIndirectFire, "target-indirect"},
			} {
				if wd.CanTarget(t.id) {
					out = append(out, ic(Box{x, b.Y, 5.2, b.H}, t.key, IconArgs{}))
					x += 5.6
				}
			}
			return out
		}},
		{"QUALITIES", 0, func(sc *sheetCtx, b Box, wd *designer.WeaponDef) []*Element {
			q := clean(strings.Join(wd.Qualities, " "))
			if q == "" {
				return nil
			}
			return []*Element{txt(sc.c, Box{b.X + 0.5, b.Y, b.W - 0.5, b.H}, q, textStyle{"B", 7.5, ink(), "L"})}
		}},
	}
}

// positive prints n when it is above zero, else nothing.
func positive(n int) string {
	if n <= 0 {
		return ""
	}
	return itoa(n)
}

// titledCell makes a full-width cell with a title strip and optional
// column labels under it.
func (sc *sheetCtx) titledCell(kind, title string, labels func(x, y, w float64) []*Element) *cell {
	headH := titleH
	if labels != nil {
		headH += colLabelH
	}
	return &cell{kind: kind, headH: headH,
		header: func(x, y, w float64, cont bool) []*Element {
			t := title
			if cont {
				t += " (CONTINUED)"
			}
			bar := &Element{Kind: "bar", Box: Box{x, y, w, titleH}, draw: func(c *canvas, e *Element) {
				c.setFill(ink())
				c.d.RoundedRect(e.Box.X, e.Box.Y, e.Box.W, e.Box.H, 1.2, "12", "F")
			}}
			bar.add(txt(sc.c, Box{x + 2, y, w - 4, titleH}, t, textStyle{"B", 8, paperWhite(), "L"}))
			out := []*Element{bar}
			if labels != nil {
				out = append(out, labels(x+cellPad, y+titleH, w-2*cellPad)...)
			}
			return out
		},
		frame: func(c *canvas, e *Element) {
			c.lineWidth(0.35)
			c.setStroke(ink())
			c.rrect(e.Box, 1.2, "D")
		},
	}
}

// weaponsCell lists the weapon definitions, one iconographic line each.
func (sc *sheetCtx) weaponsCell() *cell {
	cols := weaponCols()
	widths := func(w float64) []float64 {
		out := make([]float64, len(cols))
		used := 0.0
		for i, c := range cols {
			out[i] = c.w
			used += c.w
		}
		out[len(cols)-1] = max(0, w-used)
		return out
	}
	ce := sc.titledCell("weapons", "WEAPON DEFINITIONS", func(x, y, w float64) []*Element {
		g := group("labels", Box{x, y, w, colLabelH})
		ws := widths(w)
		cx := x
		for i, c := range cols {
			if c.label != "" && ws[i] > 0 {
				align := "C"
				if i == 0 || i == len(cols)-1 {
					align = "L"
				}
				pad := 0.0
				if align == "L" {
					pad = 0.8
				}
				g.add(txt(sc.c, Box{cx + pad, y, ws[i] - pad, colLabelH}, c.label, textStyle{"B", 4.8, rgb{110, 110, 115}, align}))
			}
			cx += ws[i]
		}
		return []*Element{g}
	})
	for i := range sc.d.Weapons {
		wd := &sc.d.Weapons[i]
		odd := i%2 == 1
		ce.rows = append(ce.rows, rowSpec{h: lineH, build: func(x, y, w float64) []*Element {
			g := &Element{Kind: "weapon-line", Box: Box{x, y, w, lineH}}
			if odd {
				g.draw = zebra
			}
			ws := widths(w)
			cx := x
			for j, c := range cols {
				if ws[j] > 0 {
					g.add(c.build(sc, Box{cx, y, ws[j], lineH}, wd)...)
				}
				cx += ws[j]
			}
			return []*Element{g}
		}})
	}
	return ce
}

// zebra shades alternate lines for the eye.
func zebra(c *canvas, e *Element) {
	c.setFill(rgb{242, 242, 245})
	c.rect(e.Box, "F")
}

// hangarsCell lists each hangar bay definition the ship mounts: its icon
// and name, the number of such bays, launch and carry capacity, and the
// squadrons on board (a fixed loadout as scratch bubbles) or else the
// types it may carry with their points.
func (sc *sheetCtx) hangarsCell() *cell {
	counts := map[string]int{}
	for _, ns := range sc.d.Sections.List() {
		for _, h := range ns.Section.Hangars {
			counts[h.Bay] += max(0, min(h.Count, 999))
		}
	}
	ce := sc.titledCell("hangars", "HANGAR BAYS", nil)
	for i := range sc.d.HangarBays {
		hb := &sc.d.HangarBays[i]
		n := counts[hb.ID]
		if n == 0 {
			continue
		}
		ce.rows = append(ce.rows, sc.hangarRows(hb, n)...)
	}
	if len(ce.rows) == 0 {
		return nil
	}
	return ce
}

func (sc *sheetCtx) hangarRows(hb *designer.HangarBayDef, bays int) []rowSpec {
	const leadW = 62.0
	small := textStyle{"B", 5, rgb{110, 110, 115}, "C"}
	big := textStyle{"B", 9, ink(), "C"}
	// The bay's name under its icon, on a second line when it is too long
	// for one; the row grows by that line.
	bayNameSt := textStyle{"B", 6, ink(), "C"}
	name, _ := labelLines(sc.c, clean(hb.Name), bayNameSt, 22, 2)
	nameH := 3.2 + float64(max(0, len(name)-1))*bayNameSt.lineH()
	rowH := hangarRowH + nameH - 3.2
	head := func(x, y float64) []*Element {
		return []*Element{
			badge(sc.c, Box{x + 7.8, y + 0.4, 6.4, 6.4}, "hangar", "hangar-bay", IconArgs{}),
			txtBlock(sc.c, Box{x, y + 7.1, 22, nameH}, name, bayNameSt),
			txt(sc.c, Box{x + 23, y + 0.8, 10, 3}, "BAYS", small),
			txt(sc.c, Box{x + 23, y + 3.9, 10, 5}, itoa(bays), big),
			txt(sc.c, Box{x + 34, y + 0.8, 12, 3}, "LAUNCH", small),
			txt(sc.c, Box{x + 34, y + 3.9, 12, 5}, itoa(hb.Launch), big),
			txt(sc.c, Box{x + 47, y + 0.8, 12, 3}, "CARRY", small),
			txt(sc.c, Box{x + 47, y + 3.9, 12, 5}, itoa(hb.Capacity), big),
		}
	}
	// What is on board, as a flow to the right of the head.
	var items []flowItem
	nameSt := textStyle{"B", 7, ink(), "L"}
	loadout := hb.Loadout
	own := len(loadout) > 0
	if !own {
		loadout = sc.s.Loadout[hb.ID]
	}
	var runs []designer.FighterRun
	if own {
		runs = sc.d.FighterRuns()
	}
	if len(loadout) > 0 {
		ids := make([]string, 0, len(loadout))
		for id := range loadout {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			name := id
			if sq := sc.d.Squadron(id); sq != nil {
				name = sq.Name
			}
			label := clean(name)
			lw := min(txtW(sc.c, label, nameSt)+0.3, 40)
			it := flowItem{leadW: 4.6 + 0.6 + lw, lead: func(x, y, h float64) []*Element {
				return []*Element{
					iconEl(Box{x, y + (h-4.6)/2, 4.6, 4.6}, "target-starfighters", IconArgs{Ink: ink()}),
					txt(sc.c, Box{x + 5.2, y, lw, h}, label, nameSt),
				}
			}}
			sc.addCount(&it, max(0, min(loadout[id], 999))*bays, "")
			if own && it.bub != nil { // the design's own loadout: boxes a player marks
				for ri, r := range runs {
					if r.Bay == hb.ID && r.Squadron == id {
						stem := strings.TrimSuffix(designer.BoxID(designer.BoxHangars, designer.BoxFighter, ri+1, 0), "0")
						it.bub = boxBubble(designer.BoxFighter, func(n int) string { return stem + itoa(n) })
					}
				}
			}
			items = append(items, it)
		}
	} else {
		st := textStyle{"", 7, ink(), "L"}
		for _, id := range hb.Carries {
			name := id
			if sq := sc.d.Squadron(id); sq != nil {
				name = sq.Name
			}
			label := clean(name)
			if p, ok := sc.s.SquadronPoints[id]; ok {
				label += " (" + itoa(p) + " pts)"
			}
			lw := min(txtW(sc.c, label, st)+0.3, 60)
			items = append(items, flowItem{leadW: lw, lead: func(x, y, h float64) []*Element {
				return []*Element{txt(sc.c, Box{x, y, lw, h}, label, st)}
			}})
		}
	}
	lines := layoutFlow(items, sc.hangarFlowW(leadW), 5)
	// The head row holds the first two lines of the flow; further lines
	// follow as rows of their own.
	placeLine := func(ln flowLine, x, y, w float64) *Element {
		lg := group("loadout", Box{x + leadW, y, w - leadW, ln.h})
		for _, p := range ln.parts {
			lg.add(p(x+leadW, y)...)
		}
		return lg
	}
	rows := []rowSpec{{h: rowH, build: func(x, y, w float64) []*Element {
		g := group("hangar", Box{x, y, w, rowH})
		g.add(head(x, y)...)
		for i := 0; i < len(lines) && i < 2; i++ {
			g.add(placeLine(lines[i], x, y+0.4+float64(i)*5.2, w))
		}
		return []*Element{g}
	}}}
	for i := 2; i < len(lines); i++ {
		ln := lines[i]
		rows = append(rows, rowSpec{h: ln.h + 0.5, build: func(x, y, w float64) []*Element {
			return []*Element{placeLine(ln, x, y, w)}
		}})
	}
	return rows
}

// hangarFlowW is the width available to a hangar's loadout flow.
func (sc *sheetCtx) hangarFlowW(leadW float64) float64 {
	return sc.areaW - 2*cellPad - leadW
}

// squadronsCell lists the starfighter squadron definitions: a main line
// (name, tier, strength, speed, defence, target rating, qualities) and one
// line per weapon.
func (sc *sheetCtx) squadronsCell() *cell {
	ce := sc.titledCell("squadrons", "STARFIGHTER SQUADRONS", nil)
	for i := range sc.d.Starfighters {
		sq := &sc.d.Starfighters[i]
		ce.rows = append(ce.rows, rowSpec{h: lineH, keepNext: len(sq.Weapons) > 0, build: func(x, y, w float64) []*Element {
			return []*Element{sc.squadronLine(sq, Box{x, y, w, lineH})}
		}})
		for j := range sq.Weapons {
			fw := &sq.Weapons[j]
			ce.rows = append(ce.rows, rowSpec{h: subLineH, keepNext: j < len(sq.Weapons)-1 && j < 5, build: func(x, y, w float64) []*Element {
				return []*Element{sc.fighterWeaponLine(fw, Box{x, y, w, subLineH})}
			}})
		}
		ce.rows = append(ce.rows, gapRow(0.8))
	}
	return ce
}

func (sc *sheetCtx) squadronLine(sq *designer.SquadronDef, b Box) *Element {
	g := &Element{Kind: "squadron", Box: b, draw: zebra}
	st := textStyle{"B", 8, ink(), "L"}
	g.add(txt(sc.c, Box{b.X + 0.8, b.Y, 43, b.H}, clean(sq.Name), textStyle{"B", 7.5, ink(), "L"}))
	x := b.X + 45
	tier, _ := designer.SquadronTier(sq)
	g.add(iconEl(Box{x, b.Y + 0.4, 4.8, 4.8}, "tier", IconArgs{Ink: ink(), Label: itoa(tier)}))
	x += 7
	stat := func(key string, v string, withIcon bool) {
		if withIcon {
			g.add(iconEl(Box{x, b.Y + (b.H-lineIcon)/2, lineIcon, lineIcon}, key, IconArgs{Ink: ink()}))
			g.add(txt(sc.c, Box{x + lineIcon + 0.5, b.Y, 7, b.H}, v, st))
			x += lineIcon + 8.5
			return
		}
		g.add(iconEl(Box{x, b.Y + 0.3, 5.0, 5.0}, key, IconArgs{Ink: ink(), Label: v}))
		x += 7.5
	}
	stat("strength", itoa(sq.Strength), true)
	stat("speed", itoa(sq.Speed), true)
	stat("defence", itoa(sq.Defence), false)
	stat("sf-target-rating", itoa(sq.TargetRating), true)
	for _, q := range []struct{ id, key string }{
		{designer.SquadronFTL, "ftl-capable"}, {designer.SquadronBreaching, "breaching"}, {designer.SquadronECM, "sf-ecm"},
	} {
		if sq.Has(q.id) && x+lineIcon <= b.Right() {
			g.add(iconEl(Box{x, b.Y + (b.H-lineIcon)/2, lineIcon, lineIcon}, q.key, IconArgs{Ink: ink()}))
			x += lineIcon + 1.2
		}
	}
	return g
}

func (sc *sheetCtx) fighterWeaponLine(fw *designer.FighterWeapon, b Box) *Element {
	g := group("fighter-weapon", b)
	st := textStyle{"B", 7, ink(), "C"}
	s := 3.6
	iy := b.Y + (b.H-s)/2
	g.add(txt(sc.c, Box{b.X + 5, b.Y, 38, b.H}, clean(fw.Name), textStyle{"", 7, ink(), "L"}))
	x := b.X + 45
	switch fw.DamageType {
	case designer.DamageEnergy:
		g.add(iconEl(Box{x, iy, s, s}, "energy", IconArgs{Ink: ink()}))
	case designer.DamageKinetic:
		g.add(iconEl(Box{x, iy, s, s}, "kinetic", IconArgs{Ink: ink()}))
	}
	x += 5.5
	for _, v := range []string{positive(fw.Pulse), clean(string(fw.Die)), plus(fw.Modifier)} {
		if v != "" {
			g.add(txt(sc.c, Box{x, b.Y, 7, b.H}, v, st))
		}
		x += 7.5
	}
	key := "direct"
	if fw.Indirect {
		key = "indirect"
	}
	g.add(iconEl(Box{x, iy, 6.5, s}, key, IconArgs{Ink: ink()}))
	x += 8
	rof := "rof-unlimited"
	if fw.RateOfFire == designer.RateOneShot {
		rof = "rof-one-shot"
	}
	g.add(iconEl(Box{x, b.Y + (b.H-2.6)/2, 8, 2.6}, rof, IconArgs{Ink: ink()}))
	x += 9.5
	for _, t := range fw.Targets {
		k := ""
		switch t {
		case designer.FighterTargetsStarships:
			k = "target-starships"
		case designer.FighterTargetsOther:
			k = "target-starfighters"
		}
		if k != "" && x+s <= b.Right() {
			g.add(iconEl(Box{x, iy, s, s}, k, IconArgs{Ink: ink()}))
			x += s + 1.2
		}
	}
	x = max(x, b.X+45+5.5+3*7.5+8+9.5+2*(s+1.2)) + 1
	if q := clean(strings.Join(fw.Qualities, " ")); q != "" && x < b.Right()-2 {
		g.add(txt(sc.c, Box{x, b.Y, b.Right() - x, b.H}, q, textStyle{"B", 7, ink(), "L"}))
	}
	return g
}

// plus prints a positive modifier as +n, else nothing.
func plus(n int) string {
	if n <= 0 {
		return ""
	}
	return "+" + itoa(n)
}
