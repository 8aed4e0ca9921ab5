package sheets

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// Battleshift's printed matter. Players of Battleshift track squadrons,
// not ships (the rules' own aim is ships simple enough to need no record
// sheet), so the matter is:
//
//   - the class sheet (Sheet): a ship class's row as the roster prints
//     it, its other numbers, its weapons with their play profiles, its
//     other systems and a squadron table for one ship up to the most a
//     squadron holds;
//   - the fleet pack (FleetPack): the fleet roster (per task force and
//     squadron the class row, the squadron's numbers, a damage track,
//     suppression boxes, fighters aboard and repair rolls), the
//     task-force order sheet, and the quick reference;
//   - the play aids (Aids): the quick reference and a blank order sheet.
//
// Every number printed is read from the evaluation (battleshift.Result,
// battleshift.FleetResult) or the catalogue; nothing here works one out.
// All pages are landscape, on Letter or A4, in colour or black and white.

// BattleshiftPrinter prints Battleshift's matter through the ruleset
// seam. The zero value is ready to use and safe for concurrent use.
type BattleshiftPrinter struct{}

var (
	_ ruleset.Printer      = BattleshiftPrinter{}
	_ ruleset.FleetPrinter = BattleshiftPrinter{}
	_ ruleset.SVGPrinter   = BattleshiftPrinter{}
)

// bsCatalogue is Battleshift's catalogue, read once: the weapon profiles
// of the quick reference, the size bands of its tables and the plural
// names of systems. It is never written after it is built.
var bsCatalogue = sync.OnceValue(func() *battleshift.Catalogue { return battleshift.New().Catalogue() })

// Sheet prints the class sheet of d, a *battleshift.Class, from ev, its
// *battleshift.Result.
func (BattleshiftPrinter) Sheet(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions) ([]byte, error) {
	return bsClassSheet(d, ev, o, false)
}

// SheetSVG draws the class sheet Sheet prints as one SVG drawing, from
// the same layout (see svg.go).
func (BattleshiftPrinter) SheetSVG(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions) ([]byte, error) {
	return bsClassSheet(d, ev, o, true)
}

// bsClassSheet prints the class sheet as a PDF or an SVG.
func bsClassSheet(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions, svg bool) ([]byte, error) {
	cl, ok := d.(*battleshift.Class)
	if !ok || cl == nil {
		return nil, fmt.Errorf("sheets: battleshift class sheet: the design is a %T, not a Battleshift class", d)
	}
	r, ok := ev.(*battleshift.Result)
	if !ok || r == nil {
		return nil, fmt.Errorf("sheets: battleshift class sheet of %q: the evaluation is a %T, not a Battleshift result", clean(cl.Name), ev)
	}
	newDoc := newBSDoc
	if svg {
		newDoc = newBSSVG
	}
	doc, err := newDoc(o, cl.Name)
	if err != nil {
		return nil, fmt.Errorf("sheets: battleshift class sheet: %w", err)
	}
	doc.c.setTitle(clean(cl.Name)+" - Battleshift class sheet", true)
	doc.model = clean(r.ModelVersion)
	doc.classSheet(cl, r)
	return doc.finish("class sheet of " + clean(cl.Name))
}

// FleetPack prints the pack of f, a *battleshift.Fleet, from ev, its
// *battleshift.FleetResult: the roster, the task-force order sheet and
// the quick reference, in one PDF.
func (BattleshiftPrinter) FleetPack(f ruleset.Fleet, ev ruleset.FleetEvaluation, o ruleset.PrintOptions) ([]byte, error) {
	fl, ok := f.(*battleshift.Fleet)
	if !ok || fl == nil {
		return nil, fmt.Errorf("sheets: battleshift fleet pack: the fleet is a %T, not a Battleshift fleet", f)
	}
	r, ok := ev.(*battleshift.FleetResult)
	if !ok || r == nil {
		return nil, fmt.Errorf("sheets: battleshift fleet pack of %q: the evaluation is a %T, not a Battleshift fleet result", clean(fl.Name), ev)
	}
	doc, err := newBSDoc(o, fl.Name)
	if err != nil {
		return nil, fmt.Errorf("sheets: battleshift fleet pack: %w", err)
	}
	doc.c.setTitle(clean(fl.Name)+" - Battleshift fleet pack", true)
	fp := newBSFleet(fl, r)
	doc.foot = fleetFoot(r)
	doc.model = clean(r.ModelVersion)
	doc.roster(fp)
	doc.orderSheet(fp)
	doc.quickReference()
	return doc.finish("fleet pack of " + clean(fl.Name))
}

// Aids prints the quick reference and a blank task-force order sheet.
func (BattleshiftPrinter) Aids(o ruleset.PrintOptions) ([]byte, error) {
	doc, err := newBSDoc(o, "")
	if err != nil {
		return nil, fmt.Errorf("sheets: battleshift play aids: %w", err)
	}
	doc.c.setTitle("Battleshift quick reference", false)
	doc.foot = "Battleshift quick reference"
	doc.quickReference()
	doc.orderSheet(nil)
	return doc.finish("play aids")
}

// bsDoc is one Battleshift document being laid out: its canvas, the
// landscape page and its printable area, and the pages so far. Pages are
// laid out first and drawn at the end, when their count is known for the
// footers.
type bsDoc struct {
	c         *canvas
	pg        paper // landscape
	printable Box
	cat       *battleshift.Catalogue
	pages     []*Page
	// foot is the footer's left text: the name, cost and link.
	foot string
	url  string
	// verify is the address of the page verifying the document, printed
	// as a QR code and a short link above page one's footer ("": none).
	verify string
	// model is the evaluation's model version, for the footer ("" for
	// the play aids, which print no evaluation).
	model string
	// game names the game in the footer ("Battleshift"), slug in errors
	// ("battleshift"): the d6 game's printer lays out on the same page.
	game, slug string
}

// Battleshift page geometry in millimetres.
const (
	bsBarH     = 9.0 // page title bar
	bsGap      = 2.5 // below the title bar
	bsLabelSt  = 4.8 // size of column labels, points
	bsValueH   = 4.8 // one line of a table
	bsStatH    = 9.0 // a row of numbered boxes
	bsTrackBox = 4.0 // a damage-track box
	bsTrackGap = 0.5 // between damage-track boxes
	bsTrackCap = 300 // at most this many boxes print in one track
)

// newBSDoc starts a landscape document of the paper and colours of o.
func newBSDoc(o ruleset.PrintOptions, name string) (*bsDoc, error) {
	c, pg, err := newCanvas(Options{Paper: o.Paper, BW: o.BW}, true)
	if err != nil {
		return nil, err
	}
	return bsDocOn(c, pg, o, name), nil
}

// newBSSVG starts a landscape SVG drawing of the paper and colours of o.
func newBSSVG(o ruleset.PrintOptions, name string) (*bsDoc, error) {
	c, pg, err := newSVGCanvas(Options{Paper: o.Paper, BW: o.BW}, true)
	if err != nil {
		return nil, err
	}
	return bsDocOn(c, pg, o, name), nil
}

func bsDocOn(c *canvas, pg paper, o ruleset.PrintOptions, name string) *bsDoc {
	d := &bsDoc{c: c, pg: pg, cat: bsCatalogue(), url: clean(o.URL), verify: o.Verify, game: "Battleshift", slug: "battleshift"}
	d.printable = Box{printMargin, printMargin, pg.w - 2*printMargin, pg.h - 2*printMargin}
	d.foot = clean(name)
	return d
}

// newPage starts a page with a title bar: title on the left, a tag on the
// right. It returns the area below the bar and above the footer.
func (d *bsDoc) newPage(title, tag string) (*Page, area) {
	p := &Page{W: d.pg.w, H: d.pg.h, Printable: d.printable}
	d.pages = append(d.pages, p)
	x, y, w := d.printable.X, d.printable.Y, d.printable.W
	bar := &Element{Kind: "bar", Box: Box{x, y, w, bsBarH}, draw: func(c *canvas, e *Element) {
		c.setFill(ink())
		c.rrect(e.Box, 1.2, "F")
	}}
	tagSt := textStyle{"B", 8, paperWhite(), "R"}
	tw := 0.0
	if tag != "" {
		tw = min(txtW(d.c, tag, tagSt)+0.5, w/3)
		bar.add(txt(d.c, Box{x + w - 3 - tw, y, tw, bsBarH}, tag, tagSt))
		tw += 4
	}
	bar.add(txt(d.c, Box{x + 3, y, w - 6 - tw, bsBarH}, title, textStyle{"B", 12, paperWhite(), "L"}))
	p.Elements = append(p.Elements, bar)
	bot := d.printable.Bottom() - footerH - 1
	if d.verify != "" && len(d.pages) == 1 {
		bot -= bsVerifyH + 1
		p.Elements = append(p.Elements, d.verifyBlock(Box{x, bot + 1, w, bsVerifyH}))
	}
	return p, area{x: x, w: w, top: y + bsBarH + bsGap, bot: bot}
}

// bsVerifyH is the height of page one's verification block.
const bsVerifyH = 20.0

// verifyBlock is page one's QR code at the right end of b, with its
// short link beside it.
func (d *bsDoc) verifyBlock(b Box) *Element {
	g := group("verify", b)
	side := b.H
	x := b.Right() - side
	g.add(qrCode(Box{x, b.Y, side, side}, d.verify))
	host, path, _ := strings.Cut(shortLink(d.verify), "/v/")
	lb := Box{x - 61, b.Y, 60, b.H}
	cap := textStyle{"B", 5.5, rgb{100, 100, 105}, "R"}
	g.add(txt(d.c, Box{lb.X, lb.Y + b.H/2 - 5, lb.W, 3}, "VERIFY THIS SHEET AT", cap))
	g.add(txt(d.c, Box{lb.X, lb.Y + b.H/2 - 2, lb.W, 3}, strings.ToUpper(host), cap))
	g.add(txt(d.c, Box{lb.X, lb.Y + b.H/2 + 1.2, lb.W, 3.6}, "/v/"+path, textStyle{"B", 7.5, ink(), "R"}))
	return g
}

// emit adds elements to the last page.
func (d *bsDoc) emit(els []*Element) {
	d.pages[len(d.pages)-1].Elements = append(d.pages[len(d.pages)-1].Elements, els...)
}

// finish adds the footers, draws every page and returns the PDF.
func (d *bsDoc) finish(what string) ([]byte, error) {
	if len(d.pages) == 0 {
		return nil, errors.New("sheets: " + d.slug + " " + what + ": nothing to print")
	}
	b := Box{d.printable.X, d.printable.Bottom() - footerH, d.printable.W, footerH}
	for i, p := range d.pages {
		p.Elements = append(p.Elements, d.footer(b, i+1, len(d.pages)))
	}
	// Every page is laid out before any is drawn: one cut of the
	// fallback face for the whole document (see planFallback).
	var texts []string
	for _, p := range d.pages {
		p.Walk(func(e, _ *Element) {
			if e.Text != "" {
				texts = append(texts, e.Text)
			}
		})
	}
	d.c.planFallback(nil, texts...)
	d.c.drawPages(d.pages, func() { d.c.addPage(true) })
	if d.c.svg != nil {
		return d.c.svg.bytes(), nil
	}
	var buf bytes.Buffer
	if err := d.c.writeTagged(&buf); err != nil {
		return nil, fmt.Errorf("sheets: %s %s: %w", d.slug, what, err)
	}
	return buf.Bytes(), nil
}

// footer prints the document's name, cost and link on the left, the
// game, the evaluation's model version and the page number on the right.
func (d *bsDoc) footer(b Box, page, pages int) *Element {
	f := &Element{Kind: "footer", Box: b, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.25)
		c.setStroke(ink())
		c.line(e.Box.X, e.Box.Y+0.3, e.Box.Right(), e.Box.Y+0.3)
	}}
	left := d.foot
	if d.url != "" {
		if left != "" {
			left += "  |  "
		}
		left += d.url
	}
	right := d.game
	if d.model != "" {
		right += ", " + d.model
	}
	right += "  |  Slipway  |  page " + itoa(page) + " of " + itoa(pages)
	rs := textStyle{"", 6.5, rgb{70, 70, 75}, "R"}
	rw := txtW(d.c, right, rs) + 0.5
	f.add(txt(d.c, Box{b.X, b.Y + 0.8, b.W - rw - 4, b.H - 0.8}, left, textStyle{"B", 6.5, ink(), "L"}))
	f.add(txt(d.c, Box{b.Right() - rw, b.Y + 0.8, rw, b.H - 0.8}, right, rs))
	return f
}

// Shared pieces: the class row, numbered boxes, text lines.

// bsInches prints a distance in inches: 12".
func bsInches(n int) string { return itoa(n) + "\"" }

// bsSystemText lists systems as players write them: "2 Heavy
// Batteries, 1 Light Battery", a single once-only system by its name
// alone ("Fast Drives"). Names come from the catalogue (its plural for
// several); an unknown kind prints the result's name.
func bsSystemText(cat *battleshift.Catalogue, kind, name string, count int) string {
	k := cat.Kind(kind)
	if k != nil {
		name = k.Name
		if count != 1 {
			name = k.Plural
		}
	}
	name = clean(name)
	if count == 1 && k != nil && k.Limits.Once {
		return name
	}
	return itoa(count) + " " + name
}

// bsWeaponsText is a class's weapons in one line, "none" without any.
func bsWeaponsText(cat *battleshift.Catalogue, r *battleshift.Result) string {
	parts := make([]string, 0, len(r.Weapons))
	for _, w := range r.Weapons {
		parts = append(parts, bsSystemText(cat, w.Kind, w.Name, w.Count))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// bsOtherText is a class's other systems in one line, each kind once
// however it is paid, "none" without any.
func bsOtherText(cat *battleshift.Catalogue, r *battleshift.Result) string {
	var parts []string
	counts := map[string]int{}
	var order []battleshift.SystemLine
	for _, s := range r.Systems {
		if _, seen := counts[s.Kind]; !seen {
			order = append(order, s)
		}
		counts[s.Kind] = sadd(counts[s.Kind], s.Count)
	}
	for _, s := range order {
		parts = append(parts, bsSystemText(cat, s.Kind, s.Name, counts[s.Kind]))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// bsMaxText bounds the user text a page prints in one block (a
// description, a problem), in runes.
const bsMaxText = 2000

// cleanText is clean for text longer than one line: each word cleaned
// (a word longer than the maxTextRunes clean bounds a piece of text to is
// cleaned in pieces, so it is kept whole), at most bsMaxText runes in
// all. Layouts wrap it, and those with a line limit truncate it.
func cleanText(s string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(s) {
		space := n > 0
		for w != "" && n < bsMaxText {
			piece := w
			if k := runeOffset(w, maxTextRunes); k < len(w) {
				piece, w = w[:k], w[k:]
			} else {
				w = ""
			}
			c := clean(piece)
			if c == "" {
				continue
			}
			if space {
				b.WriteByte(' ')
				n++
				space = false
			}
			b.WriteString(c)
			n += utf8.RuneCountInString(c)
		}
		if n >= bsMaxText {
			break
		}
	}
	return b.String()
}

// runeOffset is the byte offset of rune n of s, or len(s).
func runeOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// sadd adds two counts without overflowing.
func sadd(a, b int) int {
	const lim = 1 << 50
	return max(-lim, min(lim, max(-lim, min(lim, a))+max(-lim, min(lim, b))))
}

// bsShields prints shields at their hardness: "2 @ 4".
func bsShields(n, hardness int) string { return itoa(n) + " @ " + itoa(hardness) }

// bsClassCols are the columns of the class row, as the rules' own sample
// tables have them: Name | Cost | Size | Hull | Shields @ hardness |
// Weapons | Other systems | Move. Widths of 0 share what is left, the
// weapons three parts to the other systems' two.
var bsClassCols = []struct {
	label string
	w     float64
	align string
}{
	{"CLASS", 44, "L"}, {"COST", 12, "C"}, {"SIZE", 10, "C"}, {"HULL", 10, "C"}, {"SHIELDS @ HARDNESS", 22, "C"},
	{"WEAPONS", 0, "L"}, {"OTHER SYSTEMS", 0, "L"}, {"MOVE", 12, "C"},
}

// bsClassWidths returns the column widths of a class row w wide.
func bsClassWidths(w float64) []float64 {
	out := make([]float64, len(bsClassCols))
	fixed := 0.0
	for i, k := range bsClassCols {
		out[i] = k.w
		fixed += k.w
	}
	rest := max(0, w-fixed)
	out[5], out[6] = rest*0.6, rest*0.4
	return out
}

// bsLabels is a row of small grey column labels.
func bsLabels(c *canvas, kind string, x, y float64, widths []float64, labels []string, aligns []string) *Element {
	total := 0.0
	for _, w := range widths {
		total += w
	}
	g := group(kind, Box{x, y, total, colLabelH})
	cx := x
	for i, l := range labels {
		if l != "" && widths[i] > 1.2 {
			g.add(txt(c, Box{cx + 0.6, y, widths[i] - 1.2, colLabelH}, l, textStyle{"B", bsLabelSt, rgb{100, 100, 105}, aligns[i]}))
		}
		cx += widths[i]
	}
	return g
}

// classLabelRow is the labels of the class row.
func (d *bsDoc) classLabelRow() rowSpec {
	return rowSpec{h: colLabelH, keepNext: true, build: func(x, y, w float64) []*Element {
		ws := bsClassWidths(w)
		labels := make([]string, len(bsClassCols))
		aligns := make([]string, len(bsClassCols))
		for i, k := range bsClassCols {
			labels[i], aligns[i] = k.label, k.align
		}
		return []*Element{bsLabels(d.c, "class-labels", x, y, ws, labels, aligns)}
	}}
}

// classRow is one class's row, w wide: its weapons and other systems
// wrap to a second and third line when they need them. prefix goes before
// the name ("5 x" in a mixed squadron).
func (d *bsDoc) classRow(r *battleshift.Result, prefix string, w float64, shade bool) rowSpec {
	name := clean(r.Name)
	if prefix != "" {
		name = prefix + " " + name
	}
	vals := []string{name, itoa(r.Cost), itoa(r.Size), itoa(r.Hull), bsShields(r.Shields, r.Hardness),
		bsWeaponsText(d.cat, r), bsOtherText(d.cat, r), bsInches(r.Move)}
	st := textStyle{"", 7.5, ink(), "L"}
	ws := bsClassWidths(w)
	wrapped := make([][]string, len(vals))
	lines := 1
	for i, v := range vals {
		v = clean(v)
		if i == 5 || i == 6 {
			wrapped[i], _ = labelLines(d.c, v, st, ws[i]-1.2, 3)
		} else {
			wrapped[i] = []string{v}
		}
		lines = max(lines, len(wrapped[i]))
	}
	lh := st.lineH()
	h := max(bsValueH, float64(lines)*lh+1.2)
	return rowSpec{h: h, keepNext: true, build: func(x, y, w float64) []*Element {
		ws := bsClassWidths(w)
		g := &Element{Kind: "class-row", Box: Box{x, y, w, h}}
		if shade {
			g.draw = zebra
		}
		cx := x
		for i, k := range bsClassCols {
			s := st
			s.align = k.align
			if i == 0 {
				s.style = "B"
			}
			if i == 1 {
				s.style = "B"
			}
			b := Box{cx + 0.6, y, ws[i] - 1.2, h}
			if ws[i] > 1.2 {
				if len(wrapped[i]) == 1 {
					g.add(txt(d.c, Box{b.X, y + 0.6, b.W, lh}, wrapped[i][0], s))
				} else {
					g.add(txtBlock(d.c, Box{b.X, y + 0.6, b.W, float64(len(wrapped[i])) * lh}, wrapped[i], s))
				}
			}
			cx += ws[i]
		}
		return []*Element{g}
	}}
}

// statBox is a framed box with a small label over a bold value.
func statBox(c *canvas, b Box, label, value string, warn bool) *Element {
	e := &Element{Kind: "stat", Box: b, Text: value, draw: func(c *canvas, e *Element) {
		c.lineWidth(0.25)
		c.setStroke(rule())
		c.rrect(e.Box, 0.8, "D")
	}}
	e.add(txt(c, Box{b.X + 0.8, b.Y + 0.4, b.W - 1.6, 2.8}, label, textStyle{"B", bsLabelSt, rgb{100, 100, 105}, "L"}))
	col := ink()
	if warn {
		col = warnRed()
	}
	e.add(txt(c, Box{b.X + 0.8, b.Y + 3.2, b.W - 1.6, b.H - 3.6}, value, textStyle{"B", 9, col, "L"}))
	return e
}

// stat is one numbered box of a stat row: its label, value and the
// share of the row's width it takes.
type stat struct {
	label, value string
	share        float64
	warn         bool // the value prints in red
}

// statRow lays stats side by side across w, each as wide as its share.
func statRow(c *canvas, kind string, x, y, w, h float64, stats []stat) *Element {
	g := group(kind, Box{x, y, w, h})
	total := 0.0
	for _, s := range stats {
		total += s.share
	}
	const gap = 1.2
	avail := w - gap*float64(max(0, len(stats)-1))
	cx := x
	for _, s := range stats {
		sw := avail * s.share / total
		g.add(statBox(c, Box{cx, y, sw, h}, s.label, s.value, s.warn))
		cx += sw + gap
	}
	return g
}

// bsSave prints a d6 roll that succeeds at or under n: "3 or less".
func bsSave(n int) string { return itoa(n) + " or less" }

// textRow is a row of one line of text in style st, h tall.
func (d *bsDoc) textRow(kind, s string, st textStyle, h float64, keepNext bool) rowSpec {
	return rowSpec{h: h, keepNext: keepNext, build: func(x, y, w float64) []*Element {
		return []*Element{txt(d.c, Box{x, y, w, h}, s, st)}
	}}
}

// wrapRows wraps clean text s in style st to width w, one row per line.
func (d *bsDoc) wrapRows(s string, st textStyle, w float64, maxLines int, keepNext bool) []rowSpec {
	d.c.setFont(st.style, st.size)
	lines := d.c.wrap(s, w, maxLines)
	out := make([]rowSpec, 0, len(lines))
	for i, l := range lines {
		out = append(out, d.textRow("text", l, st, st.lineH(), keepNext || i < len(lines)-1))
	}
	return out
}

// gapRow is an empty row h tall.
func bsGapRow(h float64, keepNext bool) rowSpec {
	return rowSpec{h: h, keepNext: keepNext, build: func(x, y, w float64) []*Element { return nil }}
}

// bsCell is a full-width cell with a title bar, a note at the bar's
// right end, over its rows. A part continuing on a later page says so.
func (d *bsDoc) bsCell(kind, title, note string, rows []rowSpec) *cell {
	const barH = 6.4
	return &cell{kind: kind, headH: barH, rows: rows,
		header: func(x, y, w float64, cont bool) []*Element {
			t := title
			if cont {
				t += " (CONTINUED)"
			}
			bar := &Element{Kind: "bar", Box: Box{x, y, w, barH}, draw: func(c *canvas, e *Element) {
				c.setFill(ink())
				c.d.RoundedRect(e.Box.X, e.Box.Y, e.Box.W, e.Box.H, 1.2, "12", "F")
			}}
			titleSt := textStyle{"B", 9, paperWhite(), "L"}
			noteSt := textStyle{"", 7, paperWhite(), "R"}
			tw := min(txtW(d.c, t, titleSt)+0.5, w-4)
			bar.add(txt(d.c, Box{x + 2, y, tw, barH}, t, titleSt))
			if room := w - 4 - tw - 4; note != "" && room > 10 {
				nw := min(txtW(d.c, note, noteSt)+0.5, room)
				bar.add(txt(d.c, Box{x + w - 2 - nw, y, nw, barH}, note, noteSt))
			}
			return []*Element{bar}
		},
		frame: func(c *canvas, e *Element) {
			c.lineWidth(0.35)
			c.setStroke(ink())
			c.rrect(e.Box, 1.2, "D")
		},
	}
}
