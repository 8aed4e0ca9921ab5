package sheets

import "github.com/jung-kurt/gofpdf"

// surface is what the sheets draw on: the drawing half of a page, with
// no notion of documents, pages or files. Layout code runs once; the
// canvas draws its pages on a surface, which is the gofpdf document (PDF,
// *gofpdf.Fpdf implements surface as it is, so the PDF's bytes are what
// they were before there was a second backend) or an svgSurface (the
// record sheet preview). Coordinates are millimetres from the page's
// top-left corner; font sizes are points; style is "D" (outline), "F"
// (fill) or "FD" (both). The methods mean what gofpdf's methods of the
// same names mean, including the graphics state: TransformBegin and
// ClipRect save it (colours, line width, dash, font) and TransformEnd and
// ClipEnd restore it.
type surface interface {
	SetDrawColor(r, g, b int)
	SetFillColor(r, g, b int)
	SetTextColor(r, g, b int)
	SetLineWidth(w float64)
	SetDashPattern(dash []float64, phase float64)
	// SetFont selects the face (family as the canvas registered it,
	// style "" or "B") and size in points of the text drawn next.
	SetFont(family, style string, size float64)

	Line(x1, y1, x2, y2 float64)
	Rect(x, y, w, h float64, style string)
	// RoundedRect rounds the corners named in corners: "1" top left, "2"
	// top right, "3" bottom right, "4" bottom left.
	RoundedRect(x, y, w, h, r float64, corners, style string)
	Circle(x, y, r float64, style string)
	// Ellipse is rotated degRotate degrees counter-clockwise.
	Ellipse(x, y, rx, ry, degRotate float64, style string)
	// Arc draws from degStart to degEnd, counter-clockwise from 3 o'clock.
	Arc(x, y, rx, ry, degRotate, degStart, degEnd float64, style string)
	Polygon(pts []gofpdf.PointType, style string)
	// Text prints clean text with its left end at x and its baseline at y.
	Text(x, y float64, s string)

	// GetDrawColor, GetTextColor and GetLineWidth give what was last set
	// (as gofpdf keeps it: an end of a saved state does not change it).
	GetDrawColor() (int, int, int)
	GetTextColor() (int, int, int)
	GetLineWidth() float64
	// SetTextRenderingMode sets how text is painted: 0 filled, 1 outlined,
	// 2 filled and outlined (in the draw colour and line width).
	SetTextRenderingMode(mode int)

	TransformBegin()
	// TransformScale scales by percentages about x, y.
	TransformScale(scaleWd, scaleHt, x, y float64)
	// TransformSkewX leans what follows by angleX degrees (positive to the
	// right) about x, y.
	TransformSkewX(angleX, x, y float64)
	TransformEnd()
	ClipRect(x, y, w, h float64, outline bool)
	ClipEnd()
}

var _ surface = (*gofpdf.Fpdf)(nil)
