package sheets

// A flow lays out items left to right in lines of a fixed width, like
// words in a paragraph. An item is a lead (an icon with its rating or
// name) followed by a run of bubbles; a run too long for one line
// continues on the next, so a 60-hit shield never leaves its box.

// flowItem is one entry of a flow.
type flowItem struct {
	leadW  float64                          // width of the lead
	lead   func(x, y, h float64) []*Element // builds the lead at x, y
	n      int                              // bubbles after the lead
	pitch  float64                          // bubble pitch
	diam   float64                          // bubble diameter
	bub    func(b Box, i int) *Element      // builds bubble i (0-based)
	after  func(x, y, h float64) []*Element // optional trailer (count text)
	afterW float64
}

// flowLine is one laid-out line of a flow: its height and its builders.
type flowLine struct {
	h     float64
	parts []func(x0, y float64) []*Element
}

// flowGap is the space between items on a line.
const flowGap = 2.2

// layoutFlow breaks items into lines of width w with line height h.
func layoutFlow(items []flowItem, w, h float64) []flowLine {
	var lines []flowLine
	cur := flowLine{h: h}
	x := 0.0
	newLine := func() {
		if len(cur.parts) > 0 {
			lines = append(lines, cur)
		}
		cur = flowLine{h: h}
		x = 0
	}
	for _, it := range items {
		it := it
		minW := it.leadW
		fullW := it.leadW + it.afterW
		if it.n > 0 {
			minW += 0.6 + it.pitch
			fullW += 0.6 + float64(it.n)*it.pitch - (it.pitch - it.diam)
		}
		minW += it.afterW
		// Wrap before an item that would split but fits whole on a line.
		if x > 0 && (x+minW > w || (x+fullW > w && fullW <= w)) {
			newLine()
		}
		// Lead.
		lx := x
		if it.lead != nil {
			cur.parts = append(cur.parts, func(x0, y float64) []*Element { return it.lead(x0+lx, y, h) })
		}
		x += it.leadW
		if it.n > 0 {
			x += 0.6
		}
		// Bubbles, continuing on new lines as needed.
		for i := 0; i < it.n; {
			fit := int((w - x - it.afterW + it.pitch - it.diam) / it.pitch)
			if fit <= 0 {
				newLine()
				x = 0
				continue
			}
			k := min(fit, it.n-i)
			start, bx := i, x
			cur.parts = append(cur.parts, func(x0, y float64) []*Element {
				out := make([]*Element, 0, k)
				for j := 0; j < k; j++ {
					b := Box{x0 + bx + float64(j)*it.pitch, y + (h-it.diam)/2, it.diam, it.diam}
					out = append(out, it.bub(b, start+j))
				}
				return out
			})
			x += float64(k)*it.pitch - (it.pitch - it.diam)
			i += k
			if i < it.n {
				newLine()
			}
		}
		if it.after != nil {
			ax := x + 0.4
			cur.parts = append(cur.parts, func(x0, y float64) []*Element { return it.after(x0+ax, y, h) })
			x = ax + it.afterW
		}
		x += flowGap
	}
	newLine()
	return lines
}
