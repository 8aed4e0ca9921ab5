package sheets

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jung-kurt/gofpdf"
)

// The SVG backend: an svgSurface is a surface that writes SVG elements
// instead of PDF operators, so a page laid out once prints as a PDF and
// shows in the browser as the same drawing (the designer's record sheet
// preview, and later the table mode).
//
// What it writes, and why:
//   - One <svg> document, its user unit the millimetre (viewBox in mm,
//     width and height in mm); the pages one under another with a gap,
//     each a <g class="sheet-page"> on a white sheet of its paper size.
//   - Text as <text> in the family SheetFontFamily, regular or bold, at
//     the size the PDF uses, with textLength set to the width the one
//     text measure (fontSet.textWidth) gives, so a line is exactly as wide
//     as on paper whatever the browser's font metrics, hinting or
//     kerning. The page that shows the SVG serves the same TrueType faces
//     as web fonts (WebFonts) under that family name; an SVG opened on
//     its own falls back to an installed DejaVu Sans Condensed. Italic is
//     the upright face sheared, as in the PDF.
//   - Only presentation attributes: no <style>, no style attribute, no
//     script, no external reference, so the drawing can be put inline in
//     a page whose Content-Security-Policy forbids inline styles and
//     scripts. Every piece of text is escaped and stripped of what XML
//     cannot hold; a name with "<script>" or "]]>" is only text.
//   - The graphics state behaves as gofpdf's: TransformBegin and ClipRect
//     save colours, line width, dash and font, their ends restore them;
//     and text is drawn in the fill colour when gofpdf would (text colour
//     equal to fill colour), so what the PDF viewer shows is what is drawn.
//   - Clip paths get ids derived from the document's content, so two
//     drawings on one page never clash unless they are the same.

// SheetFontFamily is the font family the SVG's text asks for, and
// SheetFallbackFamily the family of what DejaVu lacks (CJK, printed from
// the fallback face): the page showing it declares both with @font-face
// over WebFonts.
const (
	SheetFontFamily     = "Slipway Sheet"
	SheetFallbackFamily = "Slipway Sheet Fallback"
)

// svgPageGap is the gap between stacked pages in millimetres.
const svgPageGap = 8.0

// svgState is the part of gofpdf's graphics state the drawing uses.
type svgState struct {
	fill, stroke rgb
	lw           float64
	dash         []float64
	phase        float64
	family       string // font family as the canvas names it
	style        string // font style, "" or "B"
	size         float64
	textMode     int // text rendering mode: 0 fill, 1 stroke, 2 both
}

// svgFrame is one saved state: by TransformBegin or ClipRect, with the
// groups opened since.
type svgFrame struct {
	saved  svgState
	groups int
}

// svgSurface draws a document's pages as one SVG.
type svgSurface struct {
	title string
	body  bytes.Buffer
	num   []byte // scratch for numbers

	pages        int
	w, y         float64 // widest page; top of the current page
	inPage       bool
	actual       svgState // the state a PDF viewer would have
	text, fillOf rgb      // gofpdf's own idea of the text and fill colours
	drawOf       rgb      // ... of the draw colour
	lwOf         float64  // ... and of the line width
	frames       []svgFrame
	clips        int
}

func newSVGSurface() *svgSurface {
	return &svgSurface{actual: svgState{lw: 0.2, size: 8}, lwOf: 0.2}
}

// beginPage starts a page of w by h millimetres under the previous one.
func (s *svgSurface) beginPage(w, h float64) {
	s.endPage()
	if s.pages > 0 {
		s.y += svgPageGap
	}
	s.pages++
	s.w = max(s.w, w)
	s.body.WriteString(`<g class="sheet-page" data-page="`)
	s.body.WriteString(strconv.Itoa(s.pages))
	s.body.WriteString(`" transform="translate(0 `)
	s.body.Write(s.n(s.y))
	s.body.WriteString(`)"><rect class="sheet-paper" width="`)
	s.body.Write(s.n(w))
	s.body.WriteString(`" height="`)
	s.body.Write(s.n(h))
	s.body.WriteString(`" fill="#fff"/>` + "\n")
	s.y += h
	s.inPage = true
}

// endPage closes what the page left open and the page itself.
func (s *svgSurface) endPage() {
	if !s.inPage {
		return
	}
	for len(s.frames) > 0 {
		s.popFrame()
	}
	s.body.WriteString("</g>\n")
	s.inPage = false
}

// bytes finishes the document and returns it: the XML declaration, the
// root element with the size of all pages, the title and the pages.
func (s *svgSurface) bytes() []byte {
	s.endPage()
	body := s.body.Bytes()
	if s.clips > 0 {
		sum := sha256.Sum256(body)
		body = bytes.ReplaceAll(body, []byte{0}, []byte("k"+hex.EncodeToString(sum[:5])+"-"))
	}
	var out bytes.Buffer
	out.Grow(len(body) + 512)
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	out.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="sheet-svg" width="`)
	out.Write(s.n(s.w))
	out.WriteString(`mm" height="`)
	out.Write(s.n(s.y))
	out.WriteString(`mm" viewBox="0 0 `)
	out.Write(s.n(s.w))
	out.WriteByte(' ')
	out.Write(s.n(s.y))
	out.WriteString(`" role="img" data-pages="`)
	out.WriteString(strconv.Itoa(s.pages))
	out.WriteString(`" font-family="` + SheetFontFamily + `, DejaVu Sans Condensed, sans-serif" stroke-linecap="round" stroke-linejoin="round">` + "\n")
	if s.title != "" {
		out.WriteString("<title>")
		escapeXML(&out, s.title)
		out.WriteString("</title>\n")
	}
	out.Write(body)
	out.WriteString("</svg>\n")
	return out.Bytes()
}

// n formats a length in millimetres to a thousandth, without trailing
// zeros; anything not finite is 0 (the drawing stays well formed).
func (s *svgSurface) n(v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	b := strconv.AppendFloat(s.num[:0], v, 'f', 3, 64)
	if bytes.IndexByte(b, '.') >= 0 {
		b = bytes.TrimRight(b, "0")
		b = bytes.TrimSuffix(b, []byte("."))
	}
	if len(b) == 2 && b[0] == '-' && b[1] == '0' {
		b = b[1:]
	}
	s.num = b
	return b
}

// attr writes ` name="v"` with v a length.
func (s *svgSurface) attr(name string, v float64) {
	s.body.WriteByte(' ')
	s.body.WriteString(name)
	s.body.WriteString(`="`)
	s.body.Write(s.n(v))
	s.body.WriteByte('"')
}

func colour(c rgb) string {
	const hexd = "0123456789abcdef"
	b := [7]byte{'#'}
	for i, v := range [3]int{c.r, c.g, c.b} {
		v = min(255, max(0, v))
		b[1+2*i], b[2+2*i] = hexd[v>>4], hexd[v&15]
	}
	return string(b[:])
}

// paint writes the fill and stroke of a shape drawn in style ("D", "F",
// "FD" or "DF"; anything else outlines, as gofpdf's "S").
func (s *svgSurface) paint(style string) {
	st := strings.ToUpper(style)
	fill := strings.Contains(st, "F")
	stroke := !fill || strings.Contains(st, "D")
	if fill {
		s.body.WriteString(` fill="` + colour(s.actual.fill) + `"`)
	} else {
		s.body.WriteString(` fill="none"`)
	}
	if stroke {
		s.strokeAttrs()
	}
}

func (s *svgSurface) strokeAttrs() {
	s.body.WriteString(` stroke="` + colour(s.actual.stroke) + `"`)
	s.attr("stroke-width", s.actual.lw)
	if len(s.actual.dash) > 0 {
		s.body.WriteString(` stroke-dasharray="`)
		for i, d := range s.actual.dash {
			if i > 0 {
				s.body.WriteByte(' ')
			}
			s.body.Write(s.n(d))
		}
		s.body.WriteByte('"')
		if s.actual.phase != 0 {
			s.attr("stroke-dashoffset", s.actual.phase)
		}
	}
}

func (s *svgSurface) SetDrawColor(r, g, b int) {
	s.actual.stroke = rgb{r, g, b}
	s.drawOf = s.actual.stroke
}

func (s *svgSurface) SetFillColor(r, g, b int) {
	s.actual.fill = rgb{r, g, b}
	s.fillOf = s.actual.fill
}

func (s *svgSurface) SetTextColor(r, g, b int) { s.text = rgb{r, g, b} }

func (s *svgSurface) SetLineWidth(w float64) {
	s.actual.lw = w
	s.lwOf = w
}

func (s *svgSurface) GetDrawColor() (int, int, int) { return s.drawOf.r, s.drawOf.g, s.drawOf.b }
func (s *svgSurface) GetTextColor() (int, int, int) { return s.text.r, s.text.g, s.text.b }
func (s *svgSurface) GetLineWidth() float64         { return s.lwOf }

func (s *svgSurface) SetTextRenderingMode(mode int) {
	if mode >= 0 && mode <= 2 {
		s.actual.textMode = mode
	}
}

func (s *svgSurface) SetDashPattern(dash []float64, phase float64) {
	s.actual.dash = append([]float64(nil), dash...)
	s.actual.phase = phase
}

func (s *svgSurface) SetFont(family, style string, size float64) {
	s.actual.family = family
	s.actual.style = strings.Trim(style, "I")
	s.actual.size = size
}

func (s *svgSurface) Line(x1, y1, x2, y2 float64) {
	s.body.WriteString("<line")
	s.attr("x1", x1)
	s.attr("y1", y1)
	s.attr("x2", x2)
	s.attr("y2", y2)
	s.strokeAttrs()
	s.body.WriteString("/>\n")
}

func (s *svgSurface) Rect(x, y, w, h float64, style string) {
	if w < 0 {
		x, w = x+w, -w
	}
	if h < 0 {
		y, h = y+h, -h
	}
	s.body.WriteString("<rect")
	s.attr("x", x)
	s.attr("y", y)
	s.attr("width", w)
	s.attr("height", h)
	s.paint(style)
	s.body.WriteString("/>\n")
}

func (s *svgSurface) RoundedRect(x, y, w, h, r float64, corners, style string) {
	if strings.Contains(corners, "1") && strings.Contains(corners, "2") &&
		strings.Contains(corners, "3") && strings.Contains(corners, "4") && w >= 0 && h >= 0 {
		s.body.WriteString("<rect")
		s.attr("x", x)
		s.attr("y", y)
		s.attr("width", w)
		s.attr("height", h)
		s.attr("rx", r)
		s.paint(style)
		s.body.WriteString("/>\n")
		return
	}
	rad := func(c string) float64 {
		if strings.Contains(corners, c) {
			return r
		}
		return 0
	}
	tl, tr, br, bl := rad("1"), rad("2"), rad("3"), rad("4")
	s.body.WriteString(`<path d="M`)
	s.pt(x+tl, y)
	s.body.WriteString("L")
	s.pt(x+w-tr, y)
	s.corner(tr, x+w, y+tr)
	s.body.WriteString("L")
	s.pt(x+w, y+h-br)
	s.corner(br, x+w-br, y+h)
	s.body.WriteString("L")
	s.pt(x+bl, y+h)
	s.corner(bl, x, y+h-bl)
	s.body.WriteString("L")
	s.pt(x, y+tl)
	s.corner(tl, x+tl, y)
	s.body.WriteString(`Z"`)
	s.paint(style)
	s.body.WriteString("/>\n")
}

// corner writes a clockwise quarter circle of radius r to x, y (nothing
// for a square corner).
func (s *svgSurface) corner(r, x, y float64) {
	if r == 0 {
		return
	}
	s.body.WriteString("A")
	s.pt(r, r)
	s.body.WriteString("0 0 1 ")
	s.pt(x, y)
}

// pt writes "x y " for a path.
func (s *svgSurface) pt(x, y float64) {
	s.body.Write(s.n(x))
	s.body.WriteByte(' ')
	s.body.Write(s.n(y))
	s.body.WriteByte(' ')
}

func (s *svgSurface) Circle(x, y, r float64, style string) {
	s.body.WriteString("<circle")
	s.attr("cx", x)
	s.attr("cy", y)
	s.attr("r", math.Abs(r))
	s.paint(style)
	s.body.WriteString("/>\n")
}

func (s *svgSurface) Ellipse(x, y, rx, ry, degRotate float64, style string) {
	s.body.WriteString("<ellipse")
	s.attr("cx", x)
	s.attr("cy", y)
	s.attr("rx", math.Abs(rx))
	s.attr("ry", math.Abs(ry))
	if degRotate != 0 {
		s.body.WriteString(` transform="rotate(`)
		s.pt(-degRotate, x)
		s.body.Write(s.n(y))
		s.body.WriteString(`)"`)
	}
	s.paint(style)
	s.body.WriteString("/>\n")
}

// Arc draws as gofpdf does: counter-clockwise on the page from degStart
// to degEnd, the whole ellipse rotated by degRotate about its centre.
func (s *svgSurface) Arc(x, y, rx, ry, degRotate, degStart, degEnd float64, style string) {
	rot := -degRotate * math.Pi / 180
	at := func(deg float64) (float64, float64) {
		t := deg * math.Pi / 180
		dx, dy := rx*math.Cos(t), -ry*math.Sin(t)
		return x + dx*math.Cos(rot) - dy*math.Sin(rot), y + dx*math.Sin(rot) + dy*math.Cos(rot)
	}
	span := degEnd - degStart
	if math.IsNaN(span) || math.IsInf(span, 0) {
		return
	}
	// An arc of a full turn or more is drawn as halves (an SVG arc whose
	// ends meet draws nothing).
	steps := max(1, int(math.Ceil(math.Abs(span)/180)))
	steps = min(steps, 8)
	s.body.WriteString(`<path d="M`)
	x0, y0 := at(degStart)
	s.pt(x0, y0)
	sweep := "0 "
	if span < 0 {
		sweep = "1 "
	}
	for i := 1; i <= steps; i++ {
		xi, yi := at(degStart + span*float64(i)/float64(steps))
		s.body.WriteString("A")
		s.pt(math.Abs(rx), math.Abs(ry))
		s.body.Write(s.n(-degRotate))
		s.body.WriteString(" 0 ")
		s.body.WriteString(sweep)
		s.pt(xi, yi)
	}
	s.body.WriteByte('"')
	s.paint(style)
	s.body.WriteString("/>\n")
}

func (s *svgSurface) Polygon(pts []gofpdf.PointType, style string) {
	if len(pts) <= 2 { // as gofpdf: nothing
		return
	}
	s.body.WriteString(`<polygon points="`)
	for _, p := range pts {
		s.pt(p.X, p.Y)
	}
	s.body.WriteByte('"')
	s.paint(style)
	s.body.WriteString("/>\n")
}

// Text writes s at x, y. gofpdf prints text in the text colour when it
// differs from the fill colour it last set, else in the current fill.
func (s *svgSurface) Text(x, y float64, txt string) {
	col := s.actual.fill
	if s.text != s.fillOf {
		col = s.text
	}
	size := s.actual.size
	s.body.WriteString("<text")
	s.attr("x", x)
	s.attr("y", y)
	s.attr("font-size", size*25.4/72)
	if strings.HasPrefix(s.actual.family, fallbackFamily) {
		s.body.WriteString(` font-family="` + SheetFallbackFamily + `, sans-serif"`)
	}
	if s.actual.style == "B" {
		s.body.WriteString(` font-weight="bold"`)
	}
	switch s.actual.textMode {
	case 1:
		s.body.WriteString(` fill="none"`)
		s.strokeAttrs()
	case 2:
		s.body.WriteString(` fill="` + colour(col) + `"`)
		s.strokeAttrs()
	default:
		s.body.WriteString(` fill="` + colour(col) + `"`)
	}
	if hasRTL(txt) {
		// The text is already in the order and letter forms it is drawn
		// in (visual, bidi.go), as the PDF has it: the browser must not
		// reorder it again.
		s.body.WriteString(` direction="ltr" unicode-bidi="bidi-override"`)
	}
	if strings.Contains(txt, "  ") || strings.HasPrefix(txt, " ") || strings.HasSuffix(txt, " ") {
		// Spaces the layout measured, kept (a footer's "v3  |  111 pts").
		s.body.WriteString(` xml:space="preserve"`)
	}
	if utf8.RuneCountInString(txt) > 1 {
		s.attr("textLength", fonts().textWidth(s.actual.style, size, txt))
		s.body.WriteString(` lengthAdjust="spacingAndGlyphs"`)
	}
	s.body.WriteByte('>')
	escapeXML(&s.body, txt)
	s.body.WriteString("</text>\n")
}

func (s *svgSurface) TransformBegin() {
	s.frames = append(s.frames, svgFrame{saved: s.actual})
}

func (s *svgSurface) transform(a, b, c, d, e, f float64) {
	if len(s.frames) == 0 {
		return // as gofpdf: a transformation needs TransformBegin
	}
	s.body.WriteString(`<g transform="matrix(`)
	for _, v := range [...]float64{a, b, c, d, e} {
		s.body.Write(s.n(v))
		s.body.WriteByte(' ')
	}
	s.body.Write(s.n(f))
	s.body.WriteString(`)">` + "\n")
	s.frames[len(s.frames)-1].groups++
}

func (s *svgSurface) TransformScale(scaleWd, scaleHt, x, y float64) {
	sx, sy := scaleWd/100, scaleHt/100
	s.transform(sx, 0, 0, sy, x-sx*x, y-sy*y)
}

func (s *svgSurface) TransformSkewX(angleX, x, y float64) {
	if angleX <= -90 || angleX >= 90 {
		return
	}
	c := math.Tan(angleX * math.Pi / 180)
	s.transform(1, 0, -c, 1, c*y, 0)
}

func (s *svgSurface) TransformEnd() { s.popFrame() }

func (s *svgSurface) ClipRect(x, y, w, h float64, outline bool) {
	s.clips++
	id := "\x00" + strconv.Itoa(s.clips)
	s.body.WriteString(`<clipPath id="` + id + `"><rect`)
	s.attr("x", x)
	s.attr("y", y)
	s.attr("width", math.Abs(w))
	s.attr("height", math.Abs(h))
	s.body.WriteString("/></clipPath>\n")
	if outline {
		s.Rect(x, y, w, h, "D")
	}
	s.frames = append(s.frames, svgFrame{saved: s.actual, groups: 1})
	s.body.WriteString(`<g clip-path="url(#` + id + `)">` + "\n")
}

func (s *svgSurface) ClipEnd() { s.popFrame() }

// beginMark opens a group around a markable element (layout.go's
// markable); endMark closes it.
func (s *svgSurface) beginMark(kind, box string) {
	s.body.WriteString(`<g data-mark="`)
	escapeXML(&s.body, kind)
	if box != "" {
		s.body.WriteString(`" data-box="`)
		escapeXML(&s.body, box)
	}
	s.body.WriteString(`">` + "\n")
}

func (s *svgSurface) endMark() { s.body.WriteString("</g>\n") }

// popFrame closes the groups of the innermost saved state and restores
// it; with none saved it does nothing (gofpdf records an error).
func (s *svgSurface) popFrame() {
	if len(s.frames) == 0 {
		return
	}
	f := s.frames[len(s.frames)-1]
	s.frames = s.frames[:len(s.frames)-1]
	for range f.groups {
		s.body.WriteString("</g>\n")
	}
	s.actual = f.saved
}

// escapeXML writes text escaped for XML character data and attribute
// values, leaving out every character XML 1.0 cannot hold (controls other
// than tab and line breaks, U+FFFE, U+FFFF, invalid UTF-8), so any text at
// all gives a well-formed document.
func escapeXML(b *bytes.Buffer, s string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			continue
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&#39;")
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r < 0xE000):
			continue
		default:
			b.WriteRune(r)
		}
	}
}

// WebFont is a face the page showing an SVG sheet serves and declares
// with @font-face under SheetFontFamily: the TrueType bytes the PDF
// embeds, so the browser draws the glyphs and widths the paper has.
type WebFont struct {
	Family string // SheetFontFamily or SheetFallbackFamily
	File   string // a file name for the face, e.g. "sheet-latin-bold.ttf"
	Weight string // the CSS font-weight: "normal" or "bold"
	// UnicodeRange is the CSS unicode-range the face is used for; "" for
	// every character. The Latin cut is declared after the whole face, so
	// a browser fetches the whole face (680 KB) only for text the cut
	// lacks.
	UnicodeRange string
	TTF          []byte
}

// latinUnicodeRange is inLatinCut as a CSS unicode-range.
const latinUnicodeRange = "U+20-24F, U+2000-21FF, U+FFFD"

// WebFonts lists the faces of the SVG sheets, whole faces first, then
// the fallback face (one weight: its bold is drawn outlined, as in the
// PDF; 3.9 MB, which a browser fetches only for text that needs it).
func WebFonts() []WebFont {
	fs := fonts()
	return []WebFont{
		{Family: SheetFontFamily, File: "sheet-regular.ttf", Weight: "normal", TTF: regularTTF},
		{Family: SheetFontFamily, File: "sheet-bold.ttf", Weight: "bold", TTF: boldTTF},
		{Family: SheetFontFamily, File: "sheet-latin-regular.ttf", Weight: "normal", UnicodeRange: latinUnicodeRange, TTF: fs.latinRegular},
		{Family: SheetFontFamily, File: "sheet-latin-bold.ttf", Weight: "bold", UnicodeRange: latinUnicodeRange, TTF: fs.latinBold},
		{Family: SheetFallbackFamily, File: "sheet-fallback.ttf", Weight: "normal", TTF: fallbackTTF()},
	}
}

// fallbackTTF is the fallback face's TrueType bytes, decompressed once
// (without reading its tables, which fallback does).
var fallbackTTF = sync.OnceValue(func() []byte {
	zr, err := gzip.NewReader(bytes.NewReader(fallbackGz))
	if err != nil {
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(zr, 16<<20))
	if err != nil {
		return nil
	}
	return b
})
