package sheets

// Box is a rectangle in millimetres, measured from the top-left corner of
// the page.
type Box struct{ X, Y, W, H float64 }

// Right is the x of the box's right edge.
func (b Box) Right() float64 { return b.X + b.W }

// Bottom is the y of the box's bottom edge.
func (b Box) Bottom() float64 { return b.Y + b.H }

// Inset shrinks the box by d on every side.
func (b Box) Inset(d float64) Box { return Box{b.X + d, b.Y + d, b.W - 2*d, b.H - 2*d} }

// geomEps absorbs floating-point noise in geometry checks.
const geomEps = 1e-6

// Overlaps reports whether the interiors of b and o intersect.
func (b Box) Overlaps(o Box) bool {
	return b.X < o.Right()-geomEps && o.X < b.Right()-geomEps &&
		b.Y < o.Bottom()-geomEps && o.Y < b.Bottom()-geomEps
}

// Contains reports whether o lies inside b.
func (b Box) Contains(o Box) bool {
	return o.X >= b.X-geomEps && o.Y >= b.Y-geomEps &&
		o.Right() <= b.Right()+geomEps && o.Bottom() <= b.Bottom()+geomEps
}

// Element is one placed thing on a page: what it is (Kind, for tests and
// debugging), where it is, the text it prints if any, its children (which
// lie inside it and do not overlap one another) and how to draw itself.
type Element struct {
	Kind     string
	Box      Box
	Text     string
	Children []*Element
	// BoxID is the id of a box a player marks in play
	// (designer.BoxRef's form, "core.hull.1.3"), on markable elements.
	BoxID string
	draw  func(c *canvas, e *Element)
}

// add appends children and returns e.
func (e *Element) add(kids ...*Element) *Element {
	e.Children = append(e.Children, kids...)
	return e
}

// Page is one laid-out page: its size, printable area and top elements.
type Page struct {
	W, H      float64
	Printable Box
	Elements  []*Element
	// Scale, when above zero, enlarges the drawing about the page centre
	// (a single card printed at full-page size). Geometry is checked
	// before scaling; the layout picks a scale that stays in the margins.
	Scale float64
}

// Walk calls fn for every element of the page, parents before children.
func (p *Page) Walk(fn func(e *Element, parent *Element)) {
	var walk func(e, parent *Element)
	walk = func(e, parent *Element) {
		fn(e, parent)
		for _, k := range e.Children {
			walk(k, e)
		}
	}
	for _, e := range p.Elements {
		walk(e, nil)
	}
}

// markable are the kinds of element a player marks in play: the SVG
// wraps each in a group that names it (data-mark="hull"), for tests and
// for a sheet played on screen.
var markable = map[string]bool{"hull": true, "crew": true, "marine": true, "shield": true,
	"adapt": true, "system": true, "plate": true, "fighter": true}

// render draws a page's elements, parents first.
func (p *Page) render(c *canvas) {
	var draw func(e *Element)
	draw = func(e *Element) {
		mark := c.svg != nil && markable[e.Kind]
		if mark {
			c.svg.beginMark(e.Kind, e.BoxID)
		}
		if e.draw != nil {
			e.draw(c, e)
		}
		if e.BoxID != "" && c.marks != nil {
			if st := c.marks[e.BoxID]; st != "" {
				drawMarked(c, e, st)
			}
		}
		for _, k := range e.Children {
			draw(k)
		}
		if mark {
			c.svg.endMark()
		}
	}
	c.planFonts(p)
	if p.Scale > 0 {
		c.d.TransformBegin()
		c.d.TransformScale(p.Scale*100, p.Scale*100, p.W/2, p.H/2)
	}
	for _, e := range p.Elements {
		draw(e)
	}
	if p.Scale > 0 {
		c.d.TransformEnd()
		c.forgetFont()
	}
}
