package sheets

import (
	"fmt"
	"strings"
)

// legendCards lists every icon of the registry with its name, under its
// group, in two columns per card: the legend cannot drift from the sheet
// because it is drawn by the same functions.
func legendCards(c *canvas) []cardFunc {
	type item struct {
		heading string
		icon    *Icon
	}
	var items []item
	last := ""
	for i := range iconTable {
		ic := &iconTable[i]
		if ic.Group != last {
			last = ic.Group
			items = append(items, item{heading: strings.ToUpper(last)})
		}
		items = append(items, item{icon: ic})
	}
	body := cardBody(0, 0)
	colW := (body.W - 2) / 2
	const rowH = 4.6
	perCol := int(body.H / rowH)
	perCard := 2 * perCol
	var chunks [][]item
	for i := 0; i < len(items); i += perCard {
		chunks = append(chunks, items[i:min(len(items), i+perCard)])
	}
	out := make([]cardFunc, 0, len(chunks))
	for ci, ch := range chunks {
		title := fmt.Sprintf("ICON LEGEND (%d/%d)", ci+1, len(chunks))
		out = append(out, func(x, y float64) *Element {
			card := cardFrame(c, x, y, title, "7", "Slipway play aid")
			b := cardBody(x, y)
			for k, it := range ch {
				cx := b.X + float64(k/perCol)*(colW+2)
				cy := b.Y + float64(k%perCol)*rowH
				if it.icon == nil {
					card.add(txt(c, Box{cx, cy + 1.2, colW, rowH - 1.2}, it.heading, textStyle{"B", 5.2, rgb{70, 70, 75}, "L"}))
					continue
				}
				g := group("legend-entry", Box{cx, cy, colW, rowH})
				ib := Box{cx, cy + 0.2, 4.2, 4.2}
				g.add(legendIcon(c, it.icon, ib))
				c.setFont("", 5)
				lines := c.wrap(clean(it.icon.Name), colW-5.2, 2)
				lh := 5 * ptToMM * 1.15
				ty := cy + (rowH-float64(len(lines))*lh)/2
				for _, l := range lines {
					g.add(txt(c, Box{cx + 5.2, ty, colW - 5.2, lh}, l, textStyle{"", 5, ink(), "L"}))
					ty += lh
				}
				card.add(g)
			}
			return card
		})
	}
	return out
}

// legendIcon draws a registry icon as it appears on the sheet: system
// icons on their category badge, the rest in ink, with sample values
// where the icon holds one.
func legendIcon(c *canvas, ic *Icon, b Box) *Element {
	a := IconArgs{Ink: ink(), Accent: arcGreen()}
	switch ic.Key {
	case "tier":
		a.Label = "2"
	case "cinematic":
		a.Label = "20"
		b = Box{b.X, b.Y + 0.8, b.W, b.H - 1.6}
	case "indirect":
		a.Label = "3"
	case "weapon-arc":
		a.Sectors, a.Accent = []int{7, 0, 1}, c.style("weapon").colour
	case "cardinal":
		a.Cardinal = [4]int{2, 1, 0, 1}
	case "stl-primitive", "thruster":
		a.Dir = "starboard"
	case "shield-basic", "shield-adaptive", "shield-modulated", "energy-grappler":
		a.Dir = "fore"
	}
	if ic.Group == groupSystems {
		for _, k := range c.cat.Kinds {
			if k.Icon == ic.Key {
				return badge(c, b, k.Category, ic.Key, a)
			}
		}
		if ic.Key == "hangar-bay" {
			return badge(c, b, "hangar", ic.Key, a)
		}
	}
	return iconEl(b, ic.Key, a)
}
