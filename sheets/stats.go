package sheets

import (
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// SquadronPricer prices a starfighter squadron at a crew quality;
// *costing.Model is one.
type SquadronPricer interface {
	SquadronPoints(sq *designer.SquadronDef, crewQuality int) int
}

// Pricer evaluates a design and prices its squadrons; *costing.Model is
// one.
type Pricer interface {
	SquadronPricer
	Evaluate(d *designer.Design, opt costing.Options) *costing.Result
}

// NewShip returns d ready to print with its costing result r, and the
// points of every squadron definition of d at the crew quality r was
// priced at, from m.
func NewShip(m SquadronPricer, d *designer.Design, r *costing.Result) Ship {
	s := Ship{Design: d, Result: r}
	if d != nil && r != nil && len(d.Starfighters) > 0 {
		s.SquadronPoints = make(map[string]int, len(d.Starfighters))
		for i := range d.Starfighters {
			sq := &d.Starfighters[i]
			s.SquadronPoints[sq.ID] = m.SquadronPoints(sq, r.Quality.Crew)
		}
	}
	return s
}

// Evaluate prices d with the costing model m and returns it as a Ship
// ready to print.
func Evaluate(m Pricer, d *designer.Design, opt costing.Options) Ship {
	return NewShip(m, d, m.Evaluate(d, opt))
}

// reactorLabels gives the printed rating of the reactors of each section
// as costing derived them: "4", or "4/3" when the section's copies split
// its rating unevenly. A virtual reactor (a core reactor the design
// lacks, counted for EMS) is not printed.
func reactorLabels(r *costing.Result) map[designer.SectionName]string {
	out := map[designer.SectionName]string{}
	for _, re := range r.Reactors {
		if re.Virtual || re.Rating <= 0 {
			continue
		}
		if l := out[re.Section]; l != "" {
			out[re.Section] = l + "/" + itoa(re.Rating)
		} else {
			out[re.Section] = itoa(re.Rating)
		}
	}
	return out
}

// lifeSupport returns the life-support rating costing derived for
// section n, or 0 when it has none.
func lifeSupport(r *costing.Result, n designer.SectionName) int {
	for _, ls := range r.LifeSupport {
		if ls.Section == n {
			return ls.Rating
		}
	}
	return 0
}

// Legality returns what the printed matter says of a design costing
// found illegal: "NOT LEGAL: 3 problems", counting the errors among its
// problems (warnings do not make a design illegal; "100+ problems" when
// validation stopped listing them), or "" for a legal design. The page,
// the card, the pack summary and the command line's warning all use it.
func Legality(r *costing.Result) string {
	if r == nil {
		return ""
	}
	return Verdict(r.Legal, r.Problems)
}

// Verdict is Legality's words for anything judged by a list of problems:
// a design, or a whole fleet (its own problems and its ships'), which a
// fleet pack's first page prints in the same red box as a sheet.
func Verdict(legal bool, ps designer.Problems) string {
	if legal {
		return ""
	}
	n, more := 0, false
	for _, p := range ps {
		switch {
		case p.Severity != designer.Error:
		case p.Rule == designer.RuleProblemCap:
			more = true
		default:
			n++
		}
	}
	switch {
	case more:
		return "NOT LEGAL: " + itoa(n) + "+ problems"
	case n > 0:
		return "NOT LEGAL: " + plural(n, "problem")
	}
	return "NOT LEGAL"
}
