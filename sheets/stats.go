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

// StatsFrom converts a costing result into the numbers the sheets print,
// with the points of every squadron definition of d at the crew quality
// the result was priced with.
func StatsFrom(m SquadronPricer, d *designer.Design, r *costing.Result) Stats {
	st := Stats{
		CV: r.CV, Points: r.Points, EMS: r.EMS, TargetRating: r.TargetRating, MassFactor: r.MassFactor,
		Tier: r.Tier, MaxSpeed: r.MaxSpeed, ModelVersion: r.ModelVersion,
		Crew: r.Quality.Crew, Command: r.Quality.Command, DamageControl: r.Quality.DamageControl,
	}
	for _, re := range r.Reactors {
		if re.Virtual {
			continue
		}
		if st.Reactors == nil {
			st.Reactors = map[designer.SectionName]int{}
		}
		st.Reactors[re.Section] = max(st.Reactors[re.Section], re.Rating)
	}
	if d != nil && len(d.Starfighters) > 0 {
		st.SquadronPoints = make(map[string]int, len(d.Starfighters))
		for i := range d.Starfighters {
			sq := &d.Starfighters[i]
			st.SquadronPoints[sq.ID] = m.SquadronPoints(sq, r.Quality.Crew)
		}
	}
	return st
}

// Evaluate prices d with the costing model and returns it as a Ship ready
// to print.
func Evaluate(m *costing.Model, d *designer.Design, opt costing.Options) Ship {
	return Ship{Design: d, Stats: StatsFrom(m, d, m.Evaluate(d, opt))}
}
