package sim

import (
	"fmt"
	"math"
	"strings"

	"github.com/slipway/slipway/costing"
)

// Markdown renders the calibration as the tables of docs/calibration.md.
func (c *Calibration) Markdown() string {
	var b strings.Builder
	cfg := c.Config
	fmt.Fprintf(&b, "Seed %d: %d random pairs x %d duels; %d near-equal pairs and %d per style pairing for each model, %d duels each; %d 3-v-3 fleet pairs x %d battles. %d battles, %d ship-turns in all.\n\n",
		cfg.Seed, cfg.Pairs, cfg.Duels, cfg.NearPairs, cfg.StylePairs, cfg.Duels, cfg.Fleets, cfg.FleetBattles, c.Battles, c.ShipTurn)
	ref := costing.DefaultVersion
	v2 := -1
	for i, f := range c.Fits {
		if f.Name == ref {
			v2 = i
		}
	}
	b.WriteString("### Predicting the random pairs\n\n")
	fmt.Fprintf(&b, "P(A wins) = 1 / (1 + (value B / value A)^beta), beta fitted by maximum likelihood; draws count half. Brier is per duel (lower is better); resolution is the mean squared gap between predicted and observed win rate per pair. The margin is the model's Brier less %s's, with a 95 %% paired bootstrap interval over pairs (positive: %s is better).\n\n", ref, ref)
	fmt.Fprintf(&b, "| valuer | beta | Brier | resolution | margin over %s |\n|---|---|---|---|---|\n", ref)
	for i, f := range c.Fits {
		m := "-"
		if v2 >= 0 && i != v2 {
			d, lo, hi := c.BrierMargin(v2, i)
			m = fmt.Sprintf("%+.4f [%+.4f, %+.4f]", d, lo, hi)
		}
		fmt.Fprintf(&b, "| %s | %.3f | %.4f | %.4f | %s |\n", f.Name, f.Beta, f.Brier, f.Resolution, m)
	}
	b.WriteString("\n### Near-equal pairs (CV within 10 %)\n\n")
	b.WriteString("Score is the A side's wins plus half its draws, over all duels, with a 95 % interval over pairs. A is the first style of a style pairing; for random styles and fleets it is the side with more hull hits, so a model that overrates size (or underrates it) shows as a score away from 50 %. \"Higher CV\" is the score of the side the model rates higher.\n\n")
	b.WriteString("| model | pairing | pairs | score of A | 95 % | higher CV | draws |\n|---|---|---|---|---|---|---|\n")
	for _, name := range c.Valuers {
		ne, ok := c.Near[name]
		if !ok {
			continue
		}
		rows := append([]NearEqual{ne}, c.Styles[name]...)
		rows = append(rows, c.Fleets[name])
		for _, r := range rows {
			hc := "-"
			if !math.IsNaN(r.HigherCV) {
				hc = fmt.Sprintf("%.1f %%", 100*r.HigherCV)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %.1f %% | %.1f-%.1f | %s | %.1f %% |\n", name, r.Label, r.Pairs, 100*r.WinA, 100*r.Lo, 100*r.Hi, hc, 100*r.Draws)
		}
	}
	return b.String()
}

// ReliabilitySVG plots each valuer's predicted win probability (decile
// bins) against the observed win rate on the random pairs.
func (c *Calibration) ReliabilitySVG() []byte {
	const w, h, m = 520.0, 420.0, 50.0
	var b strings.Builder
	svgHead(&b, w, h, "Predicted against observed win rate (random pairs, decile bins)")
	x := func(p float64) float64 { return m + p*(w-2*m) }
	y := func(p float64) float64 { return h - m - p*(h-2*m) }
	axes(&b, w, h, m, "predicted P(A wins)", "observed")
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999" stroke-dasharray="4 3"/>`+"\n", x(0), y(0), x(1), y(1))
	for i, f := range c.Fits {
		col := palette[i%len(palette)]
		var pts []string
		for k := range f.BinN {
			if f.BinN[k] == 0 {
				continue
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(f.BinPred[k]), y(f.BinObs[k])))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x(f.BinPred[k]), y(f.BinObs[k]), col)
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), col)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="12" fill="%s">%s (Brier %.4f)</text>`+"\n", m+10, m+14+16*float64(i), col, esc(f.Name), f.Brier)
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// RatioSVG plots, for valuer vi, each random pair's observed win rate
// against the log of its value ratio, with the fitted logistic curve.
func (c *Calibration) RatioSVG(vi int) []byte {
	const w, h, m = 520.0, 420.0, 50.0
	f := c.Fits[vi]
	var b strings.Builder
	svgHead(&b, w, h, fmt.Sprintf("%s: win rate against value ratio", f.Name))
	lim := 3.0
	x := func(l float64) float64 { return m + (max(-lim, min(lim, l))+lim)/(2*lim)*(w-2*m) }
	y := func(p float64) float64 { return h - m - p*(h-2*m) }
	axes(&b, w, h, m, "ln(value A / value B), clipped to ±3", "observed A score")
	col := palette[vi%len(palette)]
	// At most ratioPoints pairs are drawn (every k-th, a fixed choice) so
	// that the file stays small; the binned means use every pair.
	step := max(1, (len(c.Random)+ratioPoints-1)/ratioPoints)
	for k := 0; k < len(c.Random); k += step {
		p := &c.Random[k]
		l := math.Log(p.VA[vi] / p.VB[vi])
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="1.8" fill="%s" fill-opacity="0.45"/>`+"\n", x(l), y(p.Observed()), col)
	}
	const bins = 24
	var sum [bins]float64
	var cnt [bins]int
	for k := range c.Random {
		p := &c.Random[k]
		l := max(-lim, min(lim, math.Log(p.VA[vi]/p.VB[vi])))
		i := min(bins-1, int((l+lim)/(2*lim)*bins))
		sum[i] += p.Observed()
		cnt[i]++
	}
	var mean []string
	for i := range sum {
		if cnt[i] >= 5 {
			l := -lim + 2*lim*(float64(i)+0.5)/bins
			mean = append(mean, fmt.Sprintf("%.1f,%.1f", x(l), y(sum[i]/float64(cnt[i]))))
		}
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="5 3"/>`+"\n", strings.Join(mean, " "), col)
	var pts []string
	for k := 0; k <= 60; k++ {
		l := -lim + 2*lim*float64(k)/60
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(l), y(1/(1+math.Exp(-f.Beta*l)))))
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#222" stroke-width="2"/>`+"\n", strings.Join(pts, " "))
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="12">beta %.3f, Brier %.4f; dashed: observed mean per bin (all %d pairs; %d drawn)</text>`+"\n", m+10, m+14, f.Beta, f.Brier, len(c.Random), (len(c.Random)+step-1)/step)
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

// ratioPoints is the most pairs RatioSVG draws as points.
const ratioPoints = 400

var palette = []string{"#c0392b", "#2471a3", "#7d8c8d", "#b9770e", "#6c3483"}

func svgHead(b *strings.Builder, w, h float64, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n", w, h, w, h)
	fmt.Fprintf(b, `<rect width="100%%" height="100%%" fill="white"/><text x="%.1f" y="22" font-size="14" text-anchor="middle">%s</text>`+"\n", w/2, esc(title))
}

func axes(b *strings.Builder, w, h, m float64, xl, yl string) {
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#333"/>`+"\n", m, m, w-2*m, h-2*m)
	for k := 0; k <= 4; k++ {
		f := float64(k) / 4
		yy := h - m - f*(h-2*m)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="end">%.2f</text>`+"\n", m-4, yy+3, f)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>`+"\n", m, yy, w-m, yy)
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="12" text-anchor="middle">%s</text>`+"\n", w/2, h-14, esc(xl))
	fmt.Fprintf(b, `<text x="14" y="%.1f" font-size="12" text-anchor="middle" transform="rotate(-90 14 %.1f)">%s</text>`+"\n", h/2, h/2, esc(yl))
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
