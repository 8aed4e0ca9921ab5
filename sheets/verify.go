package sheets

import (
	"strings"

	qr "github.com/piglig/go-qr"
)

// The printed verification: a QR code of the address of the public page
// that says what the document printed and whether it still holds, with
// the address as a short link under it for those who type it.
//
// The QR code is drawn as vector squares through the canvas, so the PDF
// and the SVG preview draw the same modules, and the same address always
// gives the same bytes. github.com/piglig/go-qr is a port of Nayuki's
// reference QR Code generator: no dependencies, deterministic mask choice.

// qrModules returns the dark modules of the QR code of s, row by row, at
// error correction level M (15% of the code may be lost to a fold or a
// pencil mark), or nil when s does not fit a QR code.
func qrModules(s string) [][]bool {
	code, err := qr.EncodeText(s, qr.Medium)
	if err != nil {
		return nil
	}
	n := code.Size()
	out := make([][]bool, n)
	for y := range n {
		out[y] = make([]bool, n)
		for x := range n {
			out[y][x] = code.Module(x, y)
		}
	}
	return out
}

// qrQuiet is the light margin around the code, in modules. The standard
// asks for four; the codes are printed on white with nothing drawn
// within the box, and two keep them small.
const qrQuiet = 2

// qrCode is the element drawing the QR code of s in the square at the
// top left of b (side min(b.W, b.H)): each run of dark modules in a row
// is one filled rectangle.
func qrCode(b Box, s string) *Element {
	side := min(b.W, b.H)
	sq := Box{b.X, b.Y, side, side}
	mods := qrModules(s)
	return &Element{Kind: "qr", Box: sq, Text: s, draw: func(c *canvas, e *Element) {
		if len(mods) == 0 {
			return
		}
		c.setFill(paperWhite())
		c.rect(e.Box, "F")
		m := e.Box.W / float64(len(mods)+2*qrQuiet)
		c.setFill(rgb{0, 0, 0})
		for y, row := range mods {
			for x := 0; x < len(row); {
				if !row[x] {
					x++
					continue
				}
				x0 := x
				for x < len(row) && row[x] {
					x++
				}
				c.rect(Box{e.Box.X + float64(x0+qrQuiet)*m, e.Box.Y + float64(y+qrQuiet)*m, float64(x-x0) * m, m}, "F")
			}
		}
	}}
}

// shortLink is the verification address as printed under its code:
// without the scheme, which nobody types.
func shortLink(url string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(url, "https://"), "http://")
	return clean(s)
}

// verifyBlock is a QR code of url filling the width of b, with
// "VERIFY" and the short link under it: the block at the foot of a
// record sheet's column.
func verifyBlock(c *canvas, b Box, url string) *Element {
	g := group("verify", b)
	side := min(b.W, b.H-6.4)
	g.add(qrCode(Box{b.X + (b.W-side)/2, b.Y, side, side}, url))
	link := shortLink(url)
	host, path, ok := strings.Cut(link, "/v/")
	cap := textStyle{"B", 4.8, rgb{100, 100, 105}, "C"}
	if !ok {
		g.add(txt(c, Box{b.X, b.Y + side + 0.3, b.W, 2.8}, "VERIFY: "+link, cap))
		return g
	}
	g.add(txt(c, Box{b.X, b.Y + side + 0.3, b.W, 2.8}, "VERIFY AT "+strings.ToUpper(host), cap))
	g.add(txt(c, Box{b.X, b.Y + side + 3.2, b.W, 3.2}, "/v/"+path, textStyle{"B", 6.5, ink(), "C"}))
	return g
}

// verifyH is the height of a record sheet's verification block.
const verifyH = 30.0

// qrSide is the side of the QR code of s: at least least, and at least
// module millimetres a module (quiet zone included).
func qrSide(s string, least, module float64) float64 {
	n := len(qrModules(s))
	return max(least, float64(n+2*qrQuiet)*module)
}
