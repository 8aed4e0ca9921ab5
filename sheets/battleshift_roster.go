package sheets

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// The fleet roster: the sheet a Battleshift player keeps beside the
// table. A header with the fleet's cost against its limit, then per task
// force its name, flagship and command range, and per squadron the class
// row, the squadron's numbers, a damage track marked at every threshold,
// suppression boxes, fighters aboard for carriers and its repair rolls.
// Squadrons in no task force follow as detached squadrons.

// bsCommandRange is the command range of a task force's flagship, in
// inches (lines 80-83 and the quick reference's step 3a).
const bsCommandRange = 8

// bsSuppressionBoxes is how many suppression markers a squadron's row
// has boxes for: at three, battery weapons hit only on a 1.
const bsSuppressionBoxes = 6

// bsRowLabelW is the width of the labels at the left of a squadron's
// rows of boxes (DAMAGE, SUPPRESSION, FIGHTERS).
const bsRowLabelW = 19.0

// bsTurns is the number of turns the order sheet and the fighter boxes
// have room for.
const bsTurns = 12

// bsMaxProblems is the most problems a roster lists, each in full; the
// rest are counted. It is every problem an evaluation lists (it lists at
// most ruleset.MaxProblems and one counting the rest), so a pack prints
// them all; the bound holds for any list handed to it.
const bsMaxProblems = ruleset.MaxProblems + 1

// bsFleet is a fleet and its evaluation, indexed for the roster: each
// class's evaluation and each squadron by id, squadrons numbered in
// document order so a player reads "Squadron 3", never an id.
type bsFleet struct {
	f       *battleshift.Fleet
	r       *battleshift.FleetResult
	classes map[string]*battleshift.Result
	squad   map[string]int // squadron id to its index in r.Squadrons
}

func newBSFleet(f *battleshift.Fleet, r *battleshift.FleetResult) *bsFleet {
	fp := &bsFleet{f: f, r: r, classes: map[string]*battleshift.Result{}, squad: map[string]int{}}
	for _, c := range r.Classes {
		if _, dup := fp.classes[c.ID]; !dup && c.Result != nil {
			fp.classes[c.ID] = c.Result
		}
	}
	for i, s := range r.Squadrons {
		if _, dup := fp.squad[s.ID]; !dup {
			fp.squad[s.ID] = i
		}
	}
	return fp
}

// squadronLabel is "Squadron 3", or the squadron's own name.
func (fp *bsFleet) squadronLabel(i int) string {
	if n := clean(fp.r.Squadrons[i].Name); n != "" {
		return n
	}
	return "Squadron " + itoa(i+1)
}

// members are the class entries of squadron i as its document lists
// them: class id and count.
func (fp *bsFleet) members(i int) []battleshift.FleetShips {
	s := &fp.r.Squadrons[i]
	if i < len(fp.f.Squadrons) && fp.f.Squadrons[i].ID == s.ID {
		return fp.f.Squadrons[i].Ships
	}
	out := make([]battleshift.FleetShips, 0, len(s.Classes))
	for _, c := range s.Classes {
		out = append(out, battleshift.FleetShips{Class: c, Count: 0})
	}
	return out
}

// className is the name of class id, or a plain word when the fleet
// has no evaluation of it.
func (fp *bsFleet) className(id string) string {
	if r := fp.classes[id]; r != nil {
		if n := clean(r.Name); n != "" {
			return n
		}
	}
	return "unknown class"
}

// crew is what squadron i is made of in words: "5 Fleet Cruisers",
// "2 Fleet Destroyers, 3 Fleet Cruisers".
func (fp *bsFleet) crew(i int) string {
	var parts []string
	for _, m := range fp.members(i) {
		name := fp.className(m.Class)
		if m.Count <= 0 {
			parts = append(parts, name)
			continue
		}
		parts = append(parts, itoa(m.Count)+" "+pluralName(name, m.Count))
	}
	if len(parts) == 0 {
		return "no ships"
	}
	return strings.Join(parts, ", ")
}

// pluralName is a class name for n ships: "Fleet Cruisers" for several
// (English rules on the last word), the name as it is for one or when
// it does not end in a lower-case letter ("Mk II").
func pluralName(name string, n int) string {
	if n == 1 || name == "" {
		return name
	}
	last, _ := utf8.DecodeLastRuneInString(name)
	if last > unicode.MaxASCII || !unicode.IsLower(last) {
		return name
	}
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "z"),
		strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return name + "es"
	case strings.HasSuffix(lower, "y") && len(lower) > 1 && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return name[:len(name)-1] + "ies"
	}
	return name + "s"
}

// bsLegality is "" for legal problems, else "NOT LEGAL: 2 errors".
func bsLegality(ps ruleset.Problems) string {
	n := 0
	for _, p := range ps {
		if p.Severity == ruleset.Error {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return "NOT LEGAL: " + plural(n, "error")
}

// fleetFoot is the footer's left text of a fleet pack.
func fleetFoot(r *battleshift.FleetResult) string {
	return fleetName(r.Name) + "  |  " + itoa(r.Cost) + " of " + itoa(r.PointsLimit) + " points"
}

// roster lays out the roster pages.
func (d *bsDoc) roster(fp *bsFleet) {
	r := fp.r
	title := "FLEET ROSTER: " + fleetName(r.Name)
	first := true
	newPage := func() area {
		t := title
		if !first {
			t += " (CONTINUED)"
		}
		p, a := d.newPage(t, "BATTLESHIFT")
		if first {
			first = false
			a.top = d.rosterSummary(p, a, fp)
		}
		return a
	}
	var bands []*band
	printed := make([]bool, len(r.Squadrons))
	for ti := range r.TaskForces {
		tf := &r.TaskForces[ti]
		var rows []rowSpec
		for _, id := range tf.Squadrons {
			si, ok := fp.squad[id]
			if !ok {
				continue
			}
			printed[si] = true
			rows = append(rows, d.squadronRows(fp, si, len(rows) > 0)...)
		}
		if len(rows) == 0 {
			rows = append(rows, d.textRow("text", "No squadrons.", textStyle{"I", 7.5, ink(), "L"}, 6, false))
		}
		name := clean(tf.Name)
		if name == "" {
			name = "Task force " + itoa(ti+1)
		}
		bands = append(bands, &band{full: true, list: true, cells: []*cell{
			d.bsCell("task-force", "TASK FORCE: "+name, d.taskForceNote(fp, tf), rows)}})
	}
	var rows []rowSpec
	for si := range r.Squadrons {
		if !printed[si] {
			rows = append(rows, d.squadronRows(fp, si, len(rows) > 0)...)
		}
	}
	if len(rows) > 0 {
		bands = append(bands, &band{full: true, list: true, cells: []*cell{
			d.bsCell("detached", "DETACHED SQUADRONS",
				"activate after every task force; remove suppression markers on a 2 or less", rows)}})
	}
	if ps := r.Problems; len(ps) > 0 {
		bands = append(bands, &band{full: true, list: true, cells: []*cell{d.problemsCell(ps)}})
	}
	if len(bands) == 0 {
		bands = append(bands, &band{full: true, list: true, cells: []*cell{
			d.bsCell("squadrons", "SQUADRONS", "", []rowSpec{d.textRow("text", "The fleet has no squadrons.", textStyle{"I", 7.5, ink(), "L"}, 6, false)})}})
	}
	paginate(bands, newPage, d.emit)
}

// rosterSummary puts the fleet's totals under the first page's title and
// returns where the squadrons start.
func (d *bsDoc) rosterSummary(p *Page, a area, fp *bsFleet) float64 {
	r := fp.r
	legal := "legal"
	if l := bsLegality(r.Problems); l != "" {
		legal = l
	}
	row := statRow(d.c, "fleet-totals", a.x, a.top, a.w, bsStatH, []stat{
		{"COST", itoa(r.Cost) + " of " + itoa(r.PointsLimit) + " points", 1.4, false},
		{"SHIPS", itoa(r.Ships), 0.7, false},
		{"SQUADRONS", itoa(len(r.Squadrons)), 0.7, false},
		{"TASK FORCES", itoa(len(r.TaskForces)), 0.7, false},
		{"COMMAND RANGE", bsInches(bsCommandRange) + " from the flagship", 1.2, false},
		{"RULES", legal, 1.2, !r.Legal},
	})
	p.Elements = append(p.Elements, row)
	return a.top + bsStatH + bandGap
}

// taskForceNote is the right end of a task force's bar: its flagship,
// command range, ships and cost.
func (d *bsDoc) taskForceNote(fp *bsFleet, tf *battleshift.FleetTaskForceResult) string {
	var parts []string
	if si, ok := fp.squad[tf.FlagshipSquadron]; ok {
		flag := "flagship: "
		if tf.FlagshipClass != "" {
			flag += fp.className(tf.FlagshipClass) + " in "
		}
		parts = append(parts, flag+fp.squadronLabel(si))
	}
	parts = append(parts, "command range "+bsInches(bsCommandRange),
		plural(tf.Ships, "ship"), plural(tf.Cost, "point"))
	return strings.Join(parts, "  |  ")
}

// squadronRows are the rows of squadron i: its head, class rows, numbers,
// damage track and boxes. Every row but the last keeps with the next, so
// a squadron never splits across pages; sep draws a rule above it.
func (d *bsDoc) squadronRows(fp *bsFleet, i int, sep bool) []rowSpec {
	s := &fp.r.Squadrons[i]
	var rows []rowSpec
	if sep {
		rows = append(rows, rowSpec{h: 2.4, keepNext: true, build: func(x, y, w float64) []*Element {
			return []*Element{{Kind: "rule", Box: Box{x, y, w, 2.4}, draw: func(c *canvas, e *Element) {
				c.lineWidth(0.3)
				c.setStroke(rule())
				c.line(e.Box.X, e.Box.Y+1.2, e.Box.Right(), e.Box.Y+1.2)
			}}}
		}})
	}
	// Head: label, what it is made of, flagship.
	label := fp.squadronLabel(i)
	what := fp.crew(i)
	flag := s.Flagship
	rows = append(rows, rowSpec{h: 5.6, keepNext: true, build: func(x, y, w float64) []*Element {
		g := group("squadron-head", Box{x, y, w, 5.6})
		lst := textStyle{"B", 9, ink(), "L"}
		lw := min(txtW(d.c, label, lst)+0.5, w/3)
		g.add(txt(d.c, Box{x, y, lw, 5.6}, label, lst))
		fw := 0.0
		if flag {
			fw = 17
			g.add(&Element{Kind: "flagship", Box: Box{x + w - fw, y + 0.8, fw, 4}, Text: "FLAGSHIP", draw: func(c *canvas, e *Element) {
				c.setFill(ink())
				c.rrect(e.Box, 0.8, "F")
				c.setFont("B", 6.5)
				c.setTextColour(paperWhite())
				c.textIn(e.Box, e.Text, "C")
			}})
			fw += 2
		}
		g.add(txt(d.c, Box{x + lw + 2, y, max(0, w-lw-2-fw), 5.6}, what, textStyle{"", 8.5, ink(), "L"}))
		return []*Element{g}
	}})
	// The class row of each of its classes.
	w := d.printable.W - 2*cellPad
	rows = append(rows, d.classLabelRow())
	n := 0
	for _, m := range fp.members(i) {
		cr := fp.classes[m.Class]
		if cr == nil {
			continue
		}
		prefix := ""
		if s.Mixed && m.Count > 0 {
			prefix = itoa(m.Count) + " x"
		}
		rows = append(rows, d.classRow(cr, prefix, w, n%2 == 1))
		n++
	}
	// The squadron's numbers.
	hard := bsShields(s.ShieldDice, s.Hardness)
	stats := []stat{
		{"SHIPS", itoa(s.Ships), 0.6, false},
		{"THRESHOLD", itoa(s.Threshold), 0.8, false},
		{"TOTAL DAMAGE", itoa(s.TotalDamage), 0.9, false},
		{"HITS TO SUPPRESS", itoa(s.HitsToSuppress), 1, false},
		{"SHIELD DICE @ HARDNESS", hard, 1.2, false},
		{"DESTRUCTION SAVE (D6)", bsSave(s.DestructionSave), 1.2, false},
		{"MOVE", bsInches(s.Move), 0.6, false},
		{"COST", itoa(s.Cost), 0.6, false},
	}
	rows = append(rows, rowSpec{h: bsStatH + 1, keepNext: true, build: func(x, y, w float64) []*Element {
		return []*Element{statRow(d.c, "squadron-numbers", x, y+0.5, w, bsStatH, stats)}
	}})
	rows = append(rows, d.trackRows(s.TotalDamage, s.Threshold, w)...)
	rows = append(rows, d.markerRows(s, w)...)
	rows[len(rows)-1].keepNext = false
	return rows
}

// trackRows are the damage track of a squadron: one box per point of
// damage from 1 to its total, a heavy mark on each multiple of the
// threshold (a destruction test when an attack crosses it), and after
// the last box the rule for damage beyond it. A track too long for one
// line continues on the next; one longer than bsTrackCap boxes prints
// that many and says how far it goes.
func (d *bsDoc) trackRows(total, threshold int, w float64) []rowSpec {
	const labelW = bsRowLabelW
	const rowH = bsTrackBox + 1.6
	pitch := bsTrackBox + bsTrackGap
	boxes := max(0, min(total, bsTrackCap))
	rest := "every point beyond " + itoa(total) + ": one destruction test"
	switch {
	case total <= 0:
		rest = "no hull: every point of damage is a destruction test"
	case total > boxes:
		rest = "the track goes on to " + itoa(total) + "; " + rest
	}
	restSt := textStyle{"I", 7, ink(), "L"}
	restW := txtW(d.c, rest, restSt) + 1.5
	perLine := max(1, int((w-labelW+bsTrackGap)/pitch))
	lines := (boxes + perLine - 1) / perLine
	lastCount := boxes - (lines-1)*perLine
	inline := boxes > 0 && labelW+float64(lastCount)*pitch+restW <= w
	label := func(g *Element, x, y float64) {
		g.add(txt(d.c, Box{x, y, labelW - 1, rowH}, "DAMAGE", textStyle{"B", 6.5, ink(), "L"}))
	}
	var rows []rowSpec
	for li := 0; li < lines; li++ {
		start, k := li*perLine, min(perLine, boxes-li*perLine)
		first, withRest := li == 0, inline && li == lines-1
		rows = append(rows, rowSpec{h: rowH, keepNext: true, build: func(x, y, w float64) []*Element {
			g := group("damage-track", Box{x, y, w, rowH})
			if first {
				label(g, x, y)
			}
			bx := x + labelW
			for j := 0; j < k; j++ {
				n := start + j + 1
				g.add(damageBox(Box{bx, y + 0.8, bsTrackBox, bsTrackBox}, itoa(n), threshold > 0 && n%threshold == 0))
				bx += pitch
			}
			if withRest {
				g.add(txt(d.c, Box{bx + 1, y, max(0, x+w-bx-1), rowH}, rest, restSt))
			}
			return []*Element{g}
		}})
	}
	if !inline {
		rows = append(rows, rowSpec{h: rowH, keepNext: true, build: func(x, y, w float64) []*Element {
			g := group("damage-track", Box{x, y, w, rowH})
			if boxes == 0 {
				label(g, x, y)
			}
			g.add(txt(d.c, Box{x + labelW, y, w - labelW, rowH}, rest, restSt))
			return []*Element{g}
		}})
	}
	return rows
}

// damageBox is one box of a damage track, numbered; a heavy box ends a
// threshold: a thick frame and a bar on its right.
func damageBox(b Box, label string, heavy bool) *Element {
	return &Element{Kind: "damage-box", Box: b, Text: label, draw: func(c *canvas, e *Element) {
		bb := e.Box
		c.setStroke(ink())
		c.setFill(paperWhite())
		if heavy {
			c.lineWidth(0.6)
		} else {
			c.lineWidth(0.22)
		}
		c.rect(bb.Inset(0.2), "FD")
		size := 4.2
		st := ""
		col := rgb{120, 120, 125}
		if heavy {
			st, col = "B", ink()
		}
		c.setFont(st, size)
		for size > 2.6 && c.width(e.Text) > bb.W-0.8 {
			size -= 0.2
			c.setFont(st, size)
		}
		c.setTextColour(col)
		c.textIn(bb, e.Text, "C")
	}}
}

// markerRows are the boxes a player writes in during play: suppression
// markers and repair rolls, and for carriers the fighter wings aboard at
// the start of each turn.
func (d *bsDoc) markerRows(s *battleshift.FleetSquadronResult, w float64) []rowSpec {
	const rowH = 6.4
	recover := "remove each on a d6 of 3 or less within " + bsInches(bsCommandRange) + " of the flagship, else 2 or less"
	if s.Detached {
		recover = "detached: remove each on a d6 of 2 or less"
	}
	repair := "REPAIR: one die per damaged ship, a 1 mends a point"
	if s.RepairRolls > 0 {
		repair += "; " + plural(s.RepairRolls, "extra roll") + " from repair systems"
	}
	rows := []rowSpec{{h: rowH, keepNext: true, build: func(x, y, w float64) []*Element {
		g := group("markers", Box{x, y, w, rowH})
		const labelW = bsRowLabelW
		g.add(txt(d.c, Box{x, y, labelW - 1, rowH}, "SUPPRESSION", textStyle{"B", 6.5, ink(), "L"}))
		bx := x + labelW
		for j := 0; j < bsSuppressionBoxes; j++ {
			g.add(&Element{Kind: "suppression-box", Box: Box{bx, y + 0.9, 4.6, 4.6}, draw: func(c *canvas, e *Element) {
				c.lineWidth(0.3)
				c.setStroke(ink())
				c.setFill(paperWhite())
				c.circle(e.Box.X+e.Box.W/2, e.Box.Y+e.Box.H/2, e.Box.W/2-0.15, "FD")
			}})
			bx += 5.2
		}
		half := (x + w - bx) * 0.5
		g.add(txt(d.c, Box{bx + 1, y, half - 2, rowH}, recover, textStyle{"I", 6.5, ink(), "L"}))
		g.add(txt(d.c, Box{bx + half + 1, y, x + w - bx - half - 1, rowH}, repair, textStyle{"B", 6.5, ink(), "L"}))
		return []*Element{g}
	}}}
	if s.FighterWings > 0 {
		wings := s.FighterWings
		rows = append(rows, rowSpec{h: rowH + 0.4, keepNext: true, build: func(x, y, w float64) []*Element {
			g := group("fighters", Box{x, y, w, rowH + 0.4})
			const labelW = bsRowLabelW
			g.add(txt(d.c, Box{x, y, labelW - 1, rowH}, "FIGHTERS", textStyle{"B", 6.5, ink(), "L"}))
			bx := x + labelW
			for t := 1; t <= bsTurns; t++ {
				g.add(turnBox(Box{bx, y + 0.6, 9, 5.4}, itoa(t)))
				bx += 9.6
			}
			note := plural(wings, "wing") + " aboard at the start; write the wings aboard each turn"
			g.add(txt(d.c, Box{bx + 1, y, max(0, x+w-bx-1), rowH}, note, textStyle{"I", 6.5, ink(), "L"}))
			return []*Element{g}
		}})
	}
	return rows
}

// turnBox is a box to write in, with its turn number small in the
// top-left corner.
func turnBox(b Box, label string) *Element {
	return &Element{Kind: "turn-box", Box: b, Text: label, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.25)
		c.setStroke(ink())
		c.setFill(paperWhite())
		c.rect(e.Box, "FD")
		c.setFont("B", 4.4)
		c.setTextColour(rgb{120, 120, 125})
		c.text(e.Box.X+0.5, e.Box.Y+0.4+c.capHeight(), e.Text)
	}}
}

// problemsCell lists problems: severity and rule, message and hint,
// each in full (wrapped over as many lines as it needs, continued on the
// next page), at most bsMaxProblems of them.
func (d *bsDoc) problemsCell(ps ruleset.Problems) *cell {
	var rows []rowSpec
	w := d.printable.W - 2*cellPad
	st := textStyle{"", 7.5, ink(), "L"}
	for i, p := range ps {
		if i == bsMaxProblems {
			rows = append(rows, d.textRow("text", "and "+plural(len(ps)-i, "more problem"), textStyle{"I", 7.5, ink(), "L"}, st.lineH()+0.8, false))
			break
		}
		text := cleanText(string(p.Severity) + " " + p.Rule + ": " + p.Message)
		if h := cleanText(p.Hint); h != "" {
			text += " (" + h + ")"
		}
		s := st
		if p.Severity == ruleset.Error {
			s.col = warnRed()
		}
		rows = append(rows, d.wrapRows(text, s, w, 0, false)...)
		rows = append(rows, bsGapRow(0.8, false))
	}
	note := bsLegality(ps)
	if note == "" {
		note = "legal; warnings only"
	}
	return d.bsCell("problems", "PROBLEMS", note, rows)
}
