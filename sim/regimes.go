package sim

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// RegimeConfig asks whether equal CV means an even fight on more than one
// seed and start range: for each seed and each start range, near-equal
// pairs (CV within 10 % under Valuer) of random styles and of each style
// pairing, Duels battles each.
type RegimeConfig struct {
	Seeds   []uint64
	Ranges  []int
	Pairs   int
	Duels   int
	Workers int
	Valuer  Valuer
	// Catalogue and Model compile the designs (nil: the built-in ones).
	Catalogue *designer.Catalogue
	Model     *costing.Model
}

// RegimeCell is one seed at one start range.
type RegimeCell struct {
	Seed  uint64
	Range int
	// Rows are "all styles" (A the side with more hull hits), then the
	// style pairings in StylePairings order.
	Rows []NearEqual
}

// RegimeReport is a regimes run.
type RegimeReport struct {
	Config  RegimeConfig
	Cells   []RegimeCell
	Battles int
}

// Spread is the share of a row's pairs whose own score lies outside
// 25-75 %: near-equal pairs that were not a fair fight one against the
// other, whatever the average says.
func (ne NearEqual) Spread() float64 {
	if len(ne.scores) == 0 {
		return 0
	}
	n := 0
	for _, s := range ne.scores {
		if s < 0.25 || s > 0.75 {
			n++
		}
	}
	return float64(n) / float64(len(ne.scores))
}

// Regimes runs cfg. Each seed draws its own designs once; every start
// range duels the same pairs. The report is the same whatever the number
// of workers.
func Regimes(cfg RegimeConfig) (*RegimeReport, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Model == nil {
		cfg.Model = costing.NewModel(cfg.Catalogue)
	}
	rep := &RegimeReport{Config: cfg}
	for _, seed := range cfg.Seeds {
		made := shipGenerator(seed, cfg.Catalogue, cfg.Model)
		cache := map[[2]int]*Ship{}
		styleIndex := map[Style]int{}
		for i, s := range Styles {
			styleIndex[s] = i
		}
		// Every range duels the same designs: each is made once.
		gen := func(style Style, i int) (*Ship, error) {
			k := [2]int{styleIndex[style], i}
			if s, ok := cache[k]; ok {
				return s, nil
			}
			s, err := made(style, i)
			if err == nil {
				cache[k] = s
			}
			return s, err
		}
		for _, rng := range cfg.Ranges {
			c := &Calibration{Config: CalibrationConfig{Seed: seed, Duels: cfg.Duels, Workers: cfg.Workers, Options: Options{StartRange: rng}, Model: cfg.Model}}
			cell := RegimeCell{Seed: seed, Range: rng}
			ne, err := c.matched(gen, cfg.Valuer, 0, StyleRandom, StyleRandom, cfg.Pairs, "all styles", 1000)
			if err != nil {
				return nil, err
			}
			cell.Rows = append(cell.Rows, ne)
			for pi, sp := range StylePairings {
				ne, err := c.matched(gen, cfg.Valuer, 0, sp[0], sp[1], cfg.Pairs, string(sp[0])+" v "+string(sp[1]), 2000+pi)
				if err != nil {
					return nil, err
				}
				cell.Rows = append(cell.Rows, ne)
			}
			rep.Cells = append(rep.Cells, cell)
			rep.Battles += c.Battles
		}
	}
	return rep, nil
}

// Within counts the cells' rows whose score lies within 50 % ± 5 %, and
// all the rows.
func (r *RegimeReport) Within() (in, all int) {
	for _, c := range r.Cells {
		for _, row := range c.Rows {
			all++
			if row.WinA >= 0.45 && row.WinA <= 0.55 {
				in++
			}
		}
	}
	return in, all
}

// Markdown is the report as docs/calibration.md prints it: a score table
// (rows: pairings; columns: seed and start range) and a spread table.
func (r *RegimeReport) Markdown() string {
	var sb strings.Builder
	cfg := r.Config
	in, all := r.Within()
	fmt.Fprintf(&sb, "Model %s; seeds %s; start ranges %s; %d near-equal pairs a row, %d duels each; %d battles. %d of %d scores within 45-55 %%.\n\n",
		cfg.Valuer.Name, joinUints(cfg.Seeds), rangesText(cfg.Ranges), cfg.Pairs, cfg.Duels, r.Battles, in, all)
	head := func(title string) {
		sb.WriteString("| " + title + " |")
		for _, c := range r.Cells {
			if c.Range == 0 {
				fmt.Fprintf(&sb, " s%d deployed |", c.Seed)
			} else {
				fmt.Fprintf(&sb, " s%d %d cm |", c.Seed, c.Range)
			}
		}
		sb.WriteString("\n|---|")
		for range r.Cells {
			sb.WriteString("---|")
		}
		sb.WriteString("\n")
	}
	if len(r.Cells) == 0 {
		return sb.String()
	}
	head("score of A")
	for i, row := range r.Cells[0].Rows {
		fmt.Fprintf(&sb, "| %s |", row.Label)
		for _, c := range r.Cells {
			s := fmt.Sprintf("%.1f", 100*c.Rows[i].WinA)
			if w := c.Rows[i].WinA; w < 0.45 || w > 0.55 {
				s = "**" + s + "**"
			}
			fmt.Fprintf(&sb, " %s |", s)
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n")
	head("pairs outside 25-75 %")
	for i, row := range r.Cells[0].Rows {
		fmt.Fprintf(&sb, "| %s |", row.Label)
		for _, c := range r.Cells {
			fmt.Fprintf(&sb, " %.0f %% |", 100*c.Rows[i].Spread())
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func joinUints(xs []uint64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// rangesText names the start ranges of a regimes run: "20, 100, 200 cm",
// a range of 0 (the encounter deployment, Options.StartRange) named so.
func rangesText(rs []int) string {
	var fixed []int
	dep := false
	for _, r := range rs {
		if r == 0 {
			dep = true
		} else {
			fixed = append(fixed, r)
		}
	}
	switch {
	case !dep:
		return joinInts(fixed) + " cm"
	case len(fixed) == 0:
		return "deployed by the encounter rules"
	}
	return joinInts(fixed) + " cm and deployed by the encounter rules"
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
