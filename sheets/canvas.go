package sheets

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/jung-kurt/gofpdf"

	"github.com/slipway/slipway/designer"
)

// rgb is a colour with 0-255 channels.
type rgb struct{ r, g, b int }

// Fixed inks of the sheets; category colours come from the catalogue.
func ink() rgb        { return rgb{30, 30, 34} }
func paperWhite() rgb { return rgb{255, 255, 255} }
func rule() rgb       { return rgb{150, 150, 155} }
func crewOrange() rgb { return rgb{240, 140, 40} }
func marineGold() rgb { return rgb{245, 210, 40} }
func arcGreen() rgb   { return rgb{60, 170, 80} }
func warnRed() rgb    { return rgb{200, 30, 35} }

// parseHex reads "#RRGGBB"; anything else is mid grey.
func parseHex(s string) rgb {
	s = strings.TrimPrefix(s, "#")
	if len(s) != 6 {
		return rgb{128, 128, 128}
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return rgb{128, 128, 128}
	}
	return rgb{int(v >> 16 & 0xFF), int(v >> 8 & 0xFF), int(v & 0xFF)}
}

// light reports whether dark ink reads better than white on c.
func (c rgb) light() bool {
	return 0.299*float64(c.r)+0.587*float64(c.g)+0.114*float64(c.b) > 150
}

// grey turns a colour into its grey value, for black-and-white output.
func (c rgb) grey() rgb {
	y := int(0.299*float64(c.r) + 0.587*float64(c.g) + 0.114*float64(c.b) + 0.5)
	return rgb{y, y, y}
}

// catStyle is how one system category is told apart on the sheet: its
// colour, and in black and white its letter and hatch pattern.
type catStyle struct {
	id      string
	colour  rgb
	letter  string
	pattern int
}

// canvas is the sheet's drawing vocabulary over a surface: the gofpdf
// document of a PDF, or the SVG writer of a preview. Layout measures text
// with it (the same measure for both) and pages draw themselves on it.
type canvas struct {
	d surface
	// pdf is the document when the canvas prints a PDF (d is then pdf),
	// svg the writer when it draws an SVG; exactly one is set.
	pdf   *gofpdf.Fpdf
	svg   *svgSurface
	bw    bool
	cat   *designer.Catalogue
	cats  map[string]catStyle
	base  paper // the paper, portrait
	fonts *fontSet
	font  string  // current style: "", "B", "I" or "BI"
	size  float64 // current font size in points
	// The font last selected in the PDF, the families added to the
	// document, and whether all text prints in the whole faces.
	pdfFamily, pdfStyle string
	pdfSize             float64
	added               map[string]bool
	preferWhole         bool
	// fbFamily is the family of the fallback face's cut each rune the
	// document prints in it is in (see fallbackText).
	fbFamily map[rune]string
	// marks are the boxes marked in a game, box id to mark (Ship.Marks),
	// drawn over the boxes they name.
	marks map[string]string
}

// newCanvas starts a deterministic landscape or portrait PDF document.
func newCanvas(opt Options, landscape bool) (*canvas, paper, error) {
	p, err := opt.paper()
	if err != nil {
		return nil, p, err
	}
	orient := "P"
	if landscape {
		orient = "L"
	}
	pdf := gofpdf.NewCustom(&gofpdf.InitType{
		OrientationStr: orient,
		UnitStr:        "mm",
		Size:           gofpdf.SizeType{Wd: p.w, Ht: p.h},
	})
	pdf.SetCreationDate(fixedDate())
	pdf.SetModificationDate(fixedDate())
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCreator("Slipway", false)
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	// Fonts are added when text first needs them (see selectFont).
	c := &canvas{d: pdf, pdf: pdf, bw: opt.BW, cat: designer.BuiltinCatalogue(), base: p, fonts: fonts(),
		added: map[string]bool{}}
	c.cats = categoryStyles(c.cat)
	c.setFont("", 8)
	if landscape {
		p.w, p.h = p.h, p.w
	}
	return c, p, nil
}

// newSVGCanvas starts an SVG drawing of pages of opt's paper, landscape
// or portrait, laid out exactly as newCanvas's PDF would be.
func newSVGCanvas(opt Options, landscape bool) (*canvas, paper, error) {
	p, err := opt.paper()
	if err != nil {
		return nil, p, err
	}
	sv := newSVGSurface()
	c := &canvas{d: sv, svg: sv, bw: opt.BW, cat: designer.BuiltinCatalogue(), base: p, fonts: fonts(),
		added: map[string]bool{}}
	c.cats = categoryStyles(c.cat)
	c.setFont("", 8)
	if landscape {
		p.w, p.h = p.h, p.w
	}
	return c, p, nil
}

// setTitle names the document: the PDF's title, the SVG's <title>.
func (c *canvas) setTitle(title string, utf8 bool) {
	if c.pdf != nil {
		c.pdf.SetTitle(title, utf8)
		return
	}
	c.svg.title = title
}

// drawPages draws pages, each on a new page: of the PDF, started by
// addPDF, or of the SVG, stacked one under another.
func (c *canvas) drawPages(pages []*Page, addPDF func()) {
	for _, p := range pages {
		if c.svg != nil {
			c.svg.beginPage(p.W, p.H)
		} else {
			addPDF()
		}
		p.render(c)
	}
}

// categoryStyles derives each category's print style from the catalogue:
// its colour, and a distinct letter (the first unused letter of its name)
// and pattern (by order) for black and white.
func categoryStyles(cat *designer.Catalogue) map[string]catStyle {
	out := make(map[string]catStyle, len(cat.Categories))
	used := map[rune]bool{}
	for i, k := range cat.Categories {
		letter := "?"
		for _, r := range strings.ToUpper(k.Name) {
			if r >= 'A' && r <= 'Z' && !used[r] {
				used[r] = true
				letter = string(r)
				break
			}
		}
		out[k.ID] = catStyle{id: k.ID, colour: parseHex(k.Colour), letter: letter, pattern: i}
	}
	return out
}

// style returns the style of category id (mid grey when unknown).
func (c *canvas) style(id string) catStyle {
	if s, ok := c.cats[id]; ok {
		return s
	}
	return catStyle{id: id, colour: rgb{128, 128, 128}, letter: "?"}
}

func (c *canvas) setFill(col rgb) {
	if c.bw {
		col = col.grey()
	}
	c.d.SetFillColor(col.r, col.g, col.b)
}

func (c *canvas) setStroke(col rgb) {
	if c.bw {
		col = col.grey()
	}
	c.d.SetDrawColor(col.r, col.g, col.b)
}

func (c *canvas) setTextColour(col rgb) {
	if c.bw {
		col = col.grey()
	}
	c.d.SetTextColor(col.r, col.g, col.b)
}

func (c *canvas) lineWidth(w float64) { c.d.SetLineWidth(w) }

// setFont selects the embedded face for style ("", "B", "I", "BI") at
// size points, for measuring and for the text drawn next. There are two
// faces: italic is the upright face slanted when drawn (see text).
func (c *canvas) setFont(style string, size float64) {
	c.font = style
	c.size = size
}

// selectFont makes the PDF's current font the one clean text s prints in:
// the current style and size, in the Latin cut of the faces when it has
// all of s (and the document does not prefer the whole faces), else in the
// whole faces. Each pair is added to the document, and embedded, only
// when first needed. Both have the same metrics, so layout never depends
// on which one prints.
func (c *canvas) selectFont(s string) {
	family := latinFontFamily
	if c.preferWhole || c.fonts.family(s) == fontFamily {
		family = fontFamily
	}
	if c.pdf != nil && !c.added[family] {
		regular, bold := regularTTF, boldTTF
		if family == latinFontFamily {
			regular, bold = c.fonts.latinRegular, c.fonts.latinBold
		}
		c.pdf.AddUTF8FontFromBytes(family, "", regular)
		c.pdf.AddUTF8FontFromBytes(family, "B", bold)
		c.added[family] = true
	}
	style := strings.Trim(c.font, "I")
	if family != c.pdfFamily || style != c.pdfStyle || c.size != c.pdfSize {
		c.d.SetFont(family, style, c.size)
		c.pdfFamily, c.pdfStyle, c.pdfSize = family, style, c.size
	}
}

// slant is the tangent of the angle italic text leans by.
const slant = 0.2

func (c *canvas) italic() bool { return strings.Contains(c.font, "I") }

// width measures clean text in the current font, in millimetres, as it
// prints (in visual order, Arabic letters joined), with the advance
// widths of the faces each character prints in (fontSet.textWidth, the
// one measure the PDF and the SVG share). Italic text is wider by how far
// its capitals lean.
func (c *canvas) width(s string) float64 {
	s = visual(s)
	mm := c.fonts.textWidth(c.font, c.size, s)
	if c.italic() && s != "" {
		mm += slant * c.capHeight()
	}
	return mm
}

// capHeight is the height of capitals of the current font in millimetres.
func (c *canvas) capHeight() float64 {
	return c.size * ptToMM * float64(c.fonts.face(c.font).capHeight) / 1000
}

// fit truncates clean text with an ellipsis so it is at most w wide.
func (c *canvas) fit(s string, w float64) string {
	if c.width(s) <= w {
		return s
	}
	ew := c.width(ellipsis)
	if ew > w {
		return ""
	}
	if hasRTL(s) {
		// Joined letters change width with their neighbours: measure
		// each prefix as it would print.
		cut := 0
		for i, r := range s {
			if i > 0 && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Me, r) {
				if c.width(s[:i]) > w-ew+1e-9 {
					break
				}
				cut = i
			}
		}
		return strings.TrimRight(s[:cut], " ") + ellipsis
	}
	// The longest prefix, on a rune boundary and not ending inside a
	// letter's marks, that fits with the ellipsis.
	unit := c.size * ptToMM / 1000
	room := w - ew
	sum, cut := 0, 0
	for i, r := range s {
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
			continue
		}
		if float64(sum)*unit > room+1e-9 {
			break
		}
		cut = i
		_, a := c.fonts.source(c.font, r)
		sum += a
	}
	if float64(sum)*unit <= room+1e-9 {
		cut = len(s)
	}
	return strings.TrimRight(s[:cut], " ") + ellipsis
}

// wrap breaks clean text into at most maxLines lines of width w, the
// last one truncated with an ellipsis when the text is longer. With
// maxLines 0 there is no limit and nothing is cut: a word wider than the
// line is broken across lines.
func (c *canvas) wrap(s string, w float64, maxLines int) []string {
	words := strings.Fields(s)
	var lines []string
	cur := ""
	for i := 0; i < len(words); i++ {
		word := words[i]
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if c.width(try) <= w {
			cur = try
			continue
		}
		if cur == "" && maxLines <= 0 { // a word wider than the line, broken
			head, rest := c.breakWord(word, w)
			lines = append(lines, head)
			if rest != "" {
				words[i] = rest
				i--
			}
		} else if cur == "" { // a single word wider than the line
			lines = append(lines, c.fit(word, w))
		} else {
			lines = append(lines, cur)
			cur = ""
			i--
		}
		if len(lines) == maxLines {
			rest := strings.Join(words[i+1:], " ")
			if rest != "" || cur != "" {
				lines[maxLines-1] = c.fit(lines[maxLines-1]+" "+rest, w)
				if !strings.HasSuffix(lines[maxLines-1], ellipsis) {
					lines[maxLines-1] = c.fit(lines[maxLines-1]+" "+ellipsis+ellipsis, w)
				}
			}
			return lines
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// text prints s with its left end at x and baseline at y. Text reaching
// the PDF must be clean; anything else is cleaned here as a last guard,
// so no rune outside the faces is ever written. Italic text is the
// upright face sheared about its baseline.
func (c *canvas) text(x, y float64, s string) {
	if !printable(s) {
		s = clean(s)
	}
	c.drawText(x, y, visual(s))
}

// textIn prints s in box b, aligned "L", "C" or "R", vertically centred
// on capitals, truncated to fit.
func (c *canvas) textIn(b Box, s, align string) {
	s = c.fit(s, b.W)
	w := c.width(s)
	x := b.X
	switch align {
	case "C":
		x = b.X + (b.W-w)/2
	case "R":
		x = b.X + b.W - w
	}
	c.text(x, b.Y+b.H/2+c.capHeight()/2, s)
}

// rect draws a rectangle: style "D" outline, "F" fill, "FD" both.
func (c *canvas) rect(b Box, style string) { c.d.Rect(b.X, b.Y, b.W, b.H, style) }

// rrect draws a rounded rectangle with corner radius r.
func (c *canvas) rrect(b Box, r float64, style string) {
	c.d.RoundedRect(b.X, b.Y, b.W, b.H, r, "1234", style)
}

func (c *canvas) line(x1, y1, x2, y2 float64) { c.d.Line(x1, y1, x2, y2) }

func (c *canvas) circle(x, y, r float64, style string) { c.d.Circle(x, y, r, style) }

// poly draws a closed polygon through points given as x, y pairs.
func (c *canvas) poly(style string, xy ...float64) {
	pts := make([]gofpdf.PointType, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, gofpdf.PointType{X: xy[i], Y: xy[i+1]})
	}
	c.d.Polygon(pts, style)
}

// sector draws a pie slice centred on x, y from angle a0 to a1 degrees,
// measured clockwise from straight up (the bow).
func (c *canvas) sector(x, y, r, a0, a1 float64, style string) {
	pts := []gofpdf.PointType{{X: x, Y: y}}
	steps := int(math.Max(2, math.Ceil((a1-a0)/10)))
	for i := 0; i <= steps; i++ {
		a := (a0 + (a1-a0)*float64(i)/float64(steps)) * math.Pi / 180
		pts = append(pts, gofpdf.PointType{X: x + r*math.Sin(a), Y: y - r*math.Cos(a)})
	}
	c.d.Polygon(pts, style)
}

// hatch fills box b with the black-and-white pattern n, clipped to b.
func (c *canvas) hatch(b Box, n int) {
	c.d.ClipRect(b.X, b.Y, b.W, b.H, false)
	c.lineWidth(0.15)
	c.setStroke(rgb{120, 120, 120})
	step := 1.0
	switch n % 6 {
	case 0: // dots
		for y := b.Y + step/2; y < b.Y+b.H; y += step {
			for x := b.X + step/2; x < b.X+b.W; x += step {
				c.setFill(rgb{120, 120, 120})
				c.circle(x, y, 0.12, "F")
			}
		}
	case 1: // horizontal lines
		for y := b.Y + step/2; y < b.Y+b.H; y += step {
			c.line(b.X, y, b.X+b.W, y)
		}
	case 2: // rising diagonals
		for d := -b.H; d < b.W; d += step {
			c.line(b.X+d, b.Y+b.H, b.X+d+b.H, b.Y)
		}
	case 3: // vertical lines
		for x := b.X + step/2; x < b.X+b.W; x += step {
			c.line(x, b.Y, x, b.Y+b.H)
		}
	case 4: // cross-hatch
		for d := -b.H; d < b.W; d += step * 1.4 {
			c.line(b.X+d, b.Y+b.H, b.X+d+b.H, b.Y)
			c.line(b.X+d, b.Y, b.X+d+b.H, b.Y+b.H)
		}
	default: // falling diagonals
		for d := -b.H; d < b.W; d += step {
			c.line(b.X+d, b.Y, b.X+d+b.H, b.Y+b.H)
		}
	}
	c.d.ClipEnd()
	c.forgetFont()
}

// planFonts looks at the text of a document's first page before any is
// drawn: when some of it needs the whole faces, the document prints all
// its text in them, embedding two fonts rather than four. Text the page
// does not show in advance (or later pages) still gets the faces it needs.
//
// It also gathers the characters of each page that print in the fallback
// face and the document has no cut of yet, and adds one cut with all of
// them, so a page needs one new cut at most.
func (c *canvas) planFonts(p *Page) {
	first := !c.added[fontFamily] && !c.added[latinFontFamily]
	var need []rune
	p.Walk(func(e, _ *Element) {
		if first && !c.preferWhole && c.fonts.family(e.Text) == fontFamily {
			c.preferWhole = true
		}
		for _, r := range e.Text {
			if r >= 0x80 && !c.fonts.covered.has(r) {
				if _, ok := c.fbFamily[r]; !ok {
					if src, _ := c.fonts.source(c.font, r); src == srcFallback {
						need = append(need, r)
					}
				}
			}
		}
	})
	if len(need) > 0 {
		c.cutFallback(need)
	}
}

// forgetFont is called after a graphics state is restored (Q), which
// restores the PDF's font too: the next text selects its font again.
func (c *canvas) forgetFont() { c.pdfFamily = "" }
