package sheets

// The task-force order sheet: what a Battleshift player writes in secret
// each turn (lines 29-31, 416-420, 569-574). A grid of turns 1-12 for
// the activation order of the task forces, a table of battleshift plans
// (task force, out turn, return turn, sector and facing), the fleet's
// task forces for reference, and the battlespace's sectors on a 6'x4'
// and an 8'x4' table.

// orderSheet lays out the order sheet of fp, or a blank one without a
// fleet.
func (d *bsDoc) orderSheet(fp *bsFleet) {
	title := "TASK-FORCE ORDERS"
	if fp != nil {
		title += ": " + clean(fp.r.Name)
	}
	_, a := d.newPage(title, "WRITE IN SECRET, REVEAL AS YOU ACTIVATE")
	const gap = 3.0
	leftW := a.w * 0.57
	left := area{x: a.x, w: leftW}
	right := area{x: a.x + leftW + gap, w: a.w - leftW - gap}

	// Left: the activation grid and the battleshift plans share the
	// height, one row height for both.
	slots := 5
	if fp != nil {
		slots = max(3, min(8, len(fp.r.TaskForces)))
	}
	const planRows = 8
	over := 2*(6.4+colLabelH+2*cellPad) + gap
	rh := min(8.0, (a.bot-a.top-over)/float64(bsTurns+planRows))
	inner := leftW - 2*cellPad
	turnW, notesW := 11.0, 30.0
	var cols []gridCol
	cols = append(cols, gridCol{"TURN", turnW})
	ord := []string{"1ST", "2ND", "3RD"}
	for i := 0; i < slots; i++ {
		l := itoa(i+1) + "TH"
		if i < len(ord) {
			l = ord[i]
		}
		cols = append(cols, gridCol{l, (inner - turnW - notesW) / float64(slots)})
	}
	cols = append(cols, gridCol{"NOTES", notesW})
	turns := make([]string, bsTurns)
	for i := range turns {
		turns[i] = itoa(i + 1)
	}
	act := d.bsCell("activation", "ACTIVATION ORDER", "task force names, first to last", []rowSpec{d.gridRows("activation", cols, turns, rh)})
	y := a.top
	d.emit(left.place(&band{full: true, cells: []*cell{act}}, y))
	y += act.height(len(act.rows)) + gap

	pcols := []gridCol{{"TASK FORCE", inner * 0.3}, {"OUT AFTER TURN", inner * 0.13}, {"RETURN ON TURN", inner * 0.13},
		{"SECTOR", inner * 0.12}, {"FACING", inner * 0.12}, {"NOTES", inner * 0.2}}
	plans := d.bsCell("plans", "BATTLESHIFT PLANS", "return at least two turns after leaving", []rowSpec{d.gridRows("plans", pcols, make([]string, planRows), rh)})
	d.emit(left.place(&band{full: true, cells: []*cell{plans}}, y))

	// Right: the sectors and the reminders at the bottom, the task forces
	// above them in the height that is left.
	rw := right.w - 2*cellPad
	sectors := d.bsCell("sectors", "SECTORS", "", d.sectorRows(rw))
	remind := d.bsCell("reminders", "REMINDERS", "", d.lineRows([]bsLine{
		{key: "-", text: "Detached squadrons activate after every task force; they are not written down."},
		{key: "-", text: "A task force cannot shift out on the turn it shifted in, and returns with no suppression markers."},
		{key: "-", text: "A battleshift is revealed only when the task force returns."},
	}, 2.2, rw))
	sh, mh := sectors.height(len(sectors.rows)), remind.height(len(remind.rows))
	tfH := a.bot - a.top - sh - mh - 2*gap
	tfRows := d.forceRows(fp, rw, tfH-6.4-2*cellPad)
	used := 6.4 + 2*cellPad
	for _, r := range tfRows {
		used += r.h
	}
	if tfH > used {
		tfRows = append(tfRows, bsGapRow(tfH-used, false))
	}
	tf := d.bsCell("task-forces", "TASK FORCES", "", tfRows)
	y = a.top
	d.emit(right.place(&band{full: true, cells: []*cell{tf}}, y))
	y = a.bot - sh - mh - gap
	d.emit(right.place(&band{full: true, cells: []*cell{sectors}}, y))
	d.emit(right.place(&band{full: true, cells: []*cell{remind}}, a.bot-mh))
}

// gridCol is a column of a write-in grid: its label and width.
type gridCol struct {
	label string
	w     float64
}

// gridRows is a write-in grid as one row: labels, then one ruled row
// per entry of first (printed in the first column), rh tall.
func (d *bsDoc) gridRows(kind string, cols []gridCol, first []string, rh float64) rowSpec {
	h := colLabelH + float64(len(first))*rh
	return rowSpec{h: h, build: func(x, y, w float64) []*Element {
		ws := make([]float64, len(cols))
		labels := make([]string, len(cols))
		aligns := make([]string, len(cols))
		for i, c := range cols {
			ws[i], labels[i], aligns[i] = c.w, c.label, "C"
		}
		g := &Element{Kind: kind + "-grid", Box: Box{x, y, w, h}}
		g.add(bsLabels(d.c, kind+"-labels", x, y, ws, labels, aligns))
		gy := y + colLabelH
		grid := &Element{Kind: "write-grid", Box: Box{x, gy, w, h - colLabelH}, draw: func(c *canvas, e *Element) {
			b := e.Box
			for r := range first {
				if r%2 == 1 {
					c.setFill(rgb{244, 244, 247})
					c.rect(Box{b.X, b.Y + float64(r)*rh, b.W, rh}, "F")
				}
			}
			c.lineWidth(0.2)
			c.setStroke(rule())
			for r := 1; r < len(first); r++ {
				c.line(b.X, b.Y+float64(r)*rh, b.Right(), b.Y+float64(r)*rh)
			}
			cx := b.X
			for i := 0; i+1 < len(ws); i++ {
				cx += ws[i]
				c.line(cx, b.Y, cx, b.Bottom())
			}
			c.lineWidth(0.3)
			c.setStroke(ink())
			c.rect(b, "D")
		}}
		for r, s := range first {
			if s != "" {
				grid.add(txt(d.c, Box{x, gy + float64(r)*rh, ws[0], rh}, s, textStyle{"B", 8, ink(), "C"}))
			}
		}
		g.add(grid)
		return []*Element{g}
	}}
}

// forceRows list the fleet's task forces and what is in them, in at most
// h millimetres; a blank sheet has lines to write them on.
func (d *bsDoc) forceRows(fp *bsFleet, w, h float64) []rowSpec {
	if fp == nil {
		var rows []rowSpec
		for i := 0; i < 6 && float64(i+1)*7 <= h; i++ {
			rows = append(rows, rowSpec{h: 7, build: func(x, y, w float64) []*Element {
				return []*Element{{Kind: "write-line", Box: Box{x, y, w, 7}, draw: func(c *canvas, e *Element) {
					c.lineWidth(0.2)
					c.setStroke(rule())
					c.line(e.Box.X, e.Box.Bottom()-1, e.Box.Right(), e.Box.Bottom()-1)
				}}}
			}})
		}
		return rows
	}
	var lines []bsLine
	printed := make([]bool, len(fp.r.Squadrons))
	for ti := range fp.r.TaskForces {
		tf := &fp.r.TaskForces[ti]
		name := clean(tf.Name)
		if name == "" {
			name = "Task force " + itoa(ti+1)
		}
		head := name
		if si, ok := fp.squad[tf.FlagshipSquadron]; ok {
			head += ", flagship in " + fp.squadronLabel(si)
		}
		lines = append(lines, bsLine{key: itoa(ti + 1), text: head})
		for _, id := range tf.Squadrons {
			if si, ok := fp.squad[id]; ok {
				printed[si] = true
				lines = append(lines, bsLine{key: "-", text: fp.squadronLabel(si) + ": " + fp.crew(si), sub: true})
			}
		}
	}
	var det []bsLine
	for si := range fp.r.Squadrons {
		if !printed[si] {
			det = append(det, bsLine{key: "-", text: fp.squadronLabel(si) + ": " + fp.crew(si), sub: true})
		}
	}
	if len(det) > 0 {
		lines = append(lines, bsLine{key: "D", text: "Detached, activating last"})
		lines = append(lines, det...)
	}
	if len(lines) == 0 {
		lines = append(lines, bsLine{text: "The fleet has no task forces."})
	}
	rows := d.lineRows(lines, 3.2, w)
	used := 0.0
	for i, r := range rows {
		if used+r.h > h {
			more := len(rows) - i + 1
			rows = rows[:max(0, i-1)]
			rows = append(rows, d.lineRows([]bsLine{{text: "and " + plural(more, "more line") + " (see the roster)"}}, 0, w)...)
			break
		}
		used += r.h
	}
	return rows
}

// sectorRows are the two battlespace diagrams side by side and how to
// write a sector and a facing.
func (d *bsDoc) sectorRows(w float64) []rowSpec {
	const ft = 5.5 // millimetres per foot on the diagram
	const labW, labH = 3.2, 3.4
	const northW = 4.0 // room for the north mark right of the grid
	diagH := labH + 4*ft + 4.2
	rows := []rowSpec{{h: diagH + 1, build: func(x, y, w float64) []*Element {
		g := group("sector-diagrams", Box{x, y, w, diagH + 1})
		small := labW + 6*ft + northW
		large := labW + 8*ft + northW
		space := (w - small - large) / 3
		g.add(sectorDiagram(Box{x + space, y + 0.5, small, diagH}, 6, 4))
		g.add(sectorDiagram(Box{x + 2*space + small, y + 0.5, large, diagH}, 8, 4))
		return []*Element{g}
	}}}
	rows = append(rows, d.lineRows([]bsLine{
		{text: "Each square is a sector one foot across. The long edge is numbered from the corner 1A and is north. Write a sector as number and letter (5B) and a facing as N, E, S or W."},
	}, 0, w)...)
	return rows
}

// sectorDiagram draws a table of cols x rows feet as a grid of sectors:
// numbers along the north edge, letters down the west edge, a north
// mark right of the grid's top corner, and the table's size under it.
func sectorDiagram(b Box, cols, rows int) *Element {
	caption := itoa(cols) + "' × " + itoa(rows) + "' table"
	return &Element{Kind: "sector-diagram", Box: b, Text: caption, draw: func(c *canvas, e *Element) {
		const labW, labH, northW = 3.2, 3.4, 4.0
		ft := (e.Box.W - labW - northW) / float64(cols)
		gx, gy := e.Box.X+labW, e.Box.Y+labH
		gw, gh := ft*float64(cols), ft*float64(rows)
		c.lineWidth(0.2)
		c.setStroke(rule())
		for i := 1; i < cols; i++ {
			c.line(gx+float64(i)*ft, gy, gx+float64(i)*ft, gy+gh)
		}
		for j := 1; j < rows; j++ {
			c.line(gx, gy+float64(j)*ft, gx+gw, gy+float64(j)*ft)
		}
		c.lineWidth(0.35)
		c.setStroke(ink())
		c.rect(Box{gx, gy, gw, gh}, "D")
		c.setTextColour(ink())
		c.setFont("B", 6)
		for i := 0; i < cols; i++ {
			c.textIn(Box{gx + float64(i)*ft, e.Box.Y, ft, labH}, itoa(i+1), "C")
		}
		for j := 0; j < rows; j++ {
			c.textIn(Box{e.Box.X, gy + float64(j)*ft, labW, ft}, string(rune('A'+j)), "C")
		}
		// North: the numbered edge, marked beside its right end.
		nx, ny := gx+gw+northW/2, gy+1
		c.setFill(ink())
		c.poly("F", nx, ny-1.8, nx-1.1, ny+1.2, nx+1.1, ny+1.2)
		c.setFont("B", 5)
		c.textIn(Box{nx - 2, ny + 1.4, 4, 2}, "N", "C")
		c.setFont("", 6.5)
		c.textIn(Box{e.Box.X, gy + gh + 0.6, e.Box.W, e.Box.Bottom() - gy - gh - 0.6}, e.Text, "C")
	}}
}
