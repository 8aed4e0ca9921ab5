package sheets

import "math"

// pen draws in the unit square of a box: (0,0) is the top-left corner and
// (1,1) the bottom-right, so icon code is independent of icon size.
type pen struct {
	c   *canvas
	b   Box
	ink rgb
}

func (p pen) x(u float64) float64 { return p.b.X + u*p.b.W }
func (p pen) y(v float64) float64 { return p.b.Y + v*p.b.H }

// lw sets a stroke width relative to the box width.
func (p pen) lw(f float64) { p.c.lineWidth(math.Max(0.12, f*p.b.W)) }

// stroke prepares the ink for outlines and fills.
func (p pen) stroke() {
	p.c.setStroke(p.ink)
	p.c.setFill(p.ink)
}

func (p pen) line(u1, v1, u2, v2 float64) { p.c.line(p.x(u1), p.y(v1), p.x(u2), p.y(v2)) }

// path draws an open polyline through unit points.
func (p pen) path(uv ...float64) {
	for i := 0; i+3 < len(uv); i += 2 {
		p.line(uv[i], uv[i+1], uv[i+2], uv[i+3])
	}
}

// poly draws a closed polygon through unit points.
func (p pen) poly(style string, uv ...float64) {
	xy := make([]float64, len(uv))
	for i := 0; i+1 < len(uv); i += 2 {
		xy[i], xy[i+1] = p.x(uv[i]), p.y(uv[i+1])
	}
	p.c.poly(style, xy...)
}

// circle draws a circle of radius r (in box widths) at a unit point.
func (p pen) circle(u, v, r float64, style string) { p.c.circle(p.x(u), p.y(v), r*p.b.W, style) }

// ellipse draws an ellipse with radii in box widths and heights.
func (p pen) ellipse(u, v, ru, rv, rot float64, style string) {
	p.c.d.Ellipse(p.x(u), p.y(v), ru*p.b.W, rv*p.b.H, rot, style)
}

// arc draws part of a circle outline; angles in degrees, counter-clockwise
// from the positive x axis as gofpdf counts them.
func (p pen) arc(u, v, r, a0, a1 float64) {
	p.c.d.Arc(p.x(u), p.y(v), r*p.b.W, r*p.b.W, 0, a0, a1, "D")
}

// rect draws a rectangle given by unit corner and size.
func (p pen) rect(u, v, w, h float64, style string) {
	p.c.rect(Box{p.x(u), p.y(v), w * p.b.W, h * p.b.H}, style)
}

// label prints s centred on a unit point with a font size given as a
// fraction of the box height, bold, in colour col.
func (p pen) label(u, v, frac float64, s string, col rgb) {
	if s == "" {
		return
	}
	size := frac * p.b.H / 0.3528
	p.c.setFont("B", size)
	for size > 3 && p.c.width(s) > p.b.W*0.92 {
		size -= 0.5
		p.c.setFont("B", size)
	}
	p.c.setTextColour(col)
	w := p.c.width(s)
	p.c.text(p.x(u)-w/2, p.y(v)+p.c.capHeight()/2, s)
}

// sub returns a pen for a sub-box in unit coordinates.
func (p pen) sub(u, v, w, h float64) pen {
	return pen{c: p.c, b: Box{p.x(u), p.y(v), w * p.b.W, h * p.b.H}, ink: p.ink}
}

// Shared glyph parts used by several icons.

// bolt is the lightning bolt of energy damage.
func (p pen) bolt(style string) {
	p.poly(style, 0.58, 0.04, 0.22, 0.56, 0.46, 0.56, 0.36, 0.96, 0.78, 0.40, 0.54, 0.40, 0.70, 0.04)
}

// hammer is the hammer of kinetic damage: a handle and a head with a
// flat face and a tapered peen, tilted as if swinging.
func (p pen) hammer(style string) {
	p.rotPoly(style, -20, 0.5, 0.5, 0.12, 0.06, 0.46, 0.06, 0.90, 0.16, 0.90, 0.26, 0.46, 0.36, 0.12, 0.36)
	p.rotPoly(style, -20, 0.5, 0.5, 0.34, 0.36, 0.46, 0.36, 0.46, 0.98, 0.34, 0.98)
}

// rotPoly draws a polygon of unit points rotated by deg about (cu, cv).
func (p pen) rotPoly(style string, deg, cu, cv float64, uv ...float64) {
	a := deg * math.Pi / 180
	cs, sn := math.Cos(a), math.Sin(a)
	out := make([]float64, len(uv))
	for i := 0; i+1 < len(uv); i += 2 {
		du, dv := uv[i]-cu, uv[i+1]-cv
		out[i], out[i+1] = cu+du*cs-dv*sn, cv+du*sn+dv*cs
	}
	p.poly(style, out...)
}

// shieldShape is the heater shield outline.
func (p pen) shieldShape(style string) {
	p.poly(style, 0.12, 0.10, 0.50, 0.02, 0.88, 0.10, 0.86, 0.50, 0.72, 0.76, 0.50, 0.96, 0.28, 0.76, 0.14, 0.50)
}

// die draws a D6 outline with a number or pips.
func (p pen) die(n string, bg rgb) {
	p.lw(0.07)
	p.c.setStroke(p.ink)
	p.c.setFill(bg)
	p.c.rrect(Box{p.x(0.1), p.y(0.1), 0.8 * p.b.W, 0.8 * p.b.H}, 0.14*p.b.W, "FD")
	if n == "" {
		p.c.setFill(p.ink)
		for _, d := range [][2]float64{{0.3, 0.3}, {0.7, 0.7}, {0.5, 0.5}} {
			p.circle(d[0], d[1], 0.07, "F")
		}
		return
	}
	p.label(0.5, 0.5, 0.5, n, p.ink)
}

// arrowHead draws a filled arrow head at (u,v) pointing at angle deg
// (0 = right, 90 = down).
func (p pen) arrowHead(u, v, size, deg float64) {
	a := deg * math.Pi / 180
	bx, by := u-size*math.Cos(a), v-size*math.Sin(a)
	nx, ny := -math.Sin(a)*size*0.6, math.Cos(a)*size*0.6
	p.poly("F", u, v, bx+nx, by+ny, bx-nx, by-ny)
}

// arrow draws a straight arrow from (u1,v1) to (u2,v2).
func (p pen) arrow(u1, v1, u2, v2, head float64) {
	deg := math.Atan2(v2-v1, u2-u1) * 180 / math.Pi
	a := deg * math.Pi / 180
	p.line(u1, v1, u2-head*0.8*math.Cos(a), v2-head*0.8*math.Sin(a))
	p.arrowHead(u2, v2, head, deg)
}

// wavy draws a wavy arrow from left to right at height v.
func (p pen) wavy(u1, u2, v, amp float64) {
	n := 24
	prevU, prevV := u1, v
	end := u2 - 0.16
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := u1 + (end-u1)*t
		vv := v + amp*math.Sin(t*2.5*2*math.Pi)
		p.line(prevU, prevV, u, vv)
		prevU, prevV = u, vv
	}
	p.line(prevU, prevV, end, v)
	p.arrowHead(u2, v, 0.18, 0)
}

// rocket is the starship target glyph.
func (p pen) rocket(style string) {
	p.poly(style, 0.5, 0.04, 0.64, 0.22, 0.64, 0.66, 0.36, 0.66, 0.36, 0.22)
	p.poly(style, 0.36, 0.46, 0.20, 0.72, 0.36, 0.66)
	p.poly(style, 0.64, 0.46, 0.80, 0.72, 0.64, 0.66)
	p.poly(style, 0.42, 0.70, 0.58, 0.70, 0.50, 0.94)
}

// jet is the starfighter glyph, nose up.
func (p pen) jet(style string) {
	p.poly(style, 0.50, 0.04, 0.57, 0.30, 0.94, 0.58, 0.94, 0.66, 0.57, 0.56, 0.56, 0.80, 0.70, 0.92,
		0.30, 0.92, 0.44, 0.80, 0.43, 0.56, 0.06, 0.66, 0.06, 0.58, 0.43, 0.30)
}

// deflectorShape is the deflector symbol: a curved plate with a glancing
// arrow.
func (p pen) deflectorShape() {
	p.poly("F", 0.46, 0.06, 0.58, 0.10, 0.62, 0.5, 0.58, 0.90, 0.46, 0.94, 0.50, 0.5)
	p.lw(0.08)
	p.line(0.04, 0.16, 0.40, 0.48)
	p.arrow(0.40, 0.52, 0.08, 0.86, 0.16)
}
