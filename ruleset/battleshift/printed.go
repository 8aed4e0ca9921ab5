package battleshift

import (
	"strconv"

	"github.com/slipway/slipway/ruleset"
)

// PrintedNumbers are the numbers the fleet pack's roster prints: the
// fleet's cost against its limit and its ships, squadrons and task
// forces; each class's cost, size, hull, shields at their hardness and
// move; each squadron's ships, cost and the damage that tests and
// destroys it. A class or squadron is labelled by its name and what it
// is ("Fleet Cruiser (class)"), with its id when two share a name; an
// unnamed squadron by its place ("Squadron 2"). ruleset.NumberedFleet.
func (r *FleetResult) PrintedNumbers() []ruleset.PrintedValue {
	itoa := strconv.Itoa
	out := []ruleset.PrintedValue{
		{Label: "Fleet cost", Value: itoa(r.Cost) + " of " + ruleset.Count(r.PointsLimit, "point")},
		{Label: "Ships", Value: itoa(r.Ships)},
		{Label: "Squadrons", Value: itoa(len(r.Squadrons))},
		{Label: "Task forces", Value: itoa(len(r.TaskForces))},
	}
	names := map[string]int{}
	for _, c := range r.Classes {
		if c.Result != nil {
			names[c.Name]++
		}
	}
	for _, c := range r.Classes {
		if c.Result == nil {
			continue
		}
		label := c.Name + " (class)"
		if c.Name == "" || names[c.Name] > 1 {
			label = c.Name + " (class " + c.ID + ")"
		}
		out = append(out, ruleset.PrintedValue{Label: label, Value: ruleset.Count(c.Cost, "point") + ", size " + itoa(c.Size) +
			", hull " + itoa(c.Hull) + ", shields " + itoa(c.Shields) + " @ " + itoa(c.Hardness) + ", move " + itoa(c.Move) + "\""})
	}
	sq := map[string]int{}
	for _, s := range r.Squadrons {
		sq[s.Name]++
	}
	for i, s := range r.Squadrons {
		label := s.Name + " (squadron)"
		switch {
		case s.Name == "":
			label = "Squadron " + itoa(i+1)
		case sq[s.Name] > 1:
			label = s.Name + " (squadron " + s.ID + ")"
		}
		out = append(out, ruleset.PrintedValue{Label: label, Value: ruleset.Count(s.Ships, "ship") + ", " + ruleset.Count(s.Cost, "point") +
			", threshold " + itoa(s.Threshold) + ", destroyed at " + itoa(s.TotalDamage) + " damage"})
	}
	return out
}

var _ ruleset.NumberedFleet = (*FleetResult)(nil)
