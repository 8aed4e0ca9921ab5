package battleshift

import (
	"fmt"
	"strings"
)

// TotalsLine is the fleet's verdict in one line: "legal, 710 points of a
// 750-point limit, 25 ships in 5 squadrons".
func (r *FleetResult) TotalsLine() string {
	verdict := "legal"
	if !r.Legal {
		verdict = "illegal"
	}
	return fmt.Sprintf("%s, %d points of a %d-point limit, %s in %s", verdict, r.Cost, r.PointsLimit,
		plural(r.Ships, "ship"), plural(len(r.Squadrons), "squadron"))
}

// Text is the fleet for a terminal (`slipway fleet eval`): the totals,
// then each task force's squadrons with the numbers a player writes
// beside them, the detached squadrons, and the problems.
func (r *FleetResult) Text() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\n%s\n\n", r.Name, r.TotalsLine())
	names := map[string]string{}
	for _, c := range r.Classes {
		if c.Result != nil {
			names[c.ID] = c.Result.Name
		}
	}
	row := func(s FleetSquadronResult) {
		var cls []string
		for _, id := range s.Classes {
			if n := names[id]; n != "" {
				cls = append(cls, n)
			} else {
				cls = append(cls, id)
			}
		}
		flag := ""
		if s.Flagship {
			flag = "  (flagship)"
		}
		fmt.Fprintf(&sb, "  %-4s %d × %s%s\n", s.ID, s.Ships, strings.Join(cls, " + "), flag)
		fmt.Fprintf(&sb, "       threshold %d   total damage %d   hits to suppress %d   shields %d @ %d   saves on %d   move %d\"   %d points\n",
			s.Threshold, s.TotalDamage, s.HitsToSuppress, s.ShieldDice, s.Hardness, s.DestructionSave, s.Move, s.Cost)
	}
	bySquadron := map[string]FleetSquadronResult{}
	for _, s := range r.Squadrons {
		bySquadron[s.ID] = s
	}
	for _, tf := range r.TaskForces {
		name := tf.Name
		if name == "" {
			name = tf.ID
		}
		fmt.Fprintf(&sb, "Task force %s: %s, %d points\n", name, plural(tf.Ships, "ship"), tf.Cost)
		for _, id := range tf.Squadrons {
			if s, ok := bySquadron[id]; ok {
				row(s)
			}
		}
	}
	first := true
	for _, s := range r.Squadrons {
		if !s.Detached {
			continue
		}
		if first {
			sb.WriteString("Detached squadrons\n")
			first = false
		}
		row(s)
	}
	if len(r.Problems) > 0 {
		sb.WriteString("\n")
		for _, p := range r.Problems {
			fmt.Fprintf(&sb, "  %s\n", p)
		}
	}
	return sb.String()
}
