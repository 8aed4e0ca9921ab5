package fleet

import (
	"fmt"
	"sort"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// Line is one line of a fleet's printed report: the chain of command,
// ships outside it, tows, squadrons, loadouts, the deployment and the
// problems, each indented by Depth under a Heading.
type Line struct {
	Depth   int
	Text    string
	Heading bool
	Warn    bool
}

// limitUnit is the word of a limit kind: CV or points ("" for none).
func limitUnit(kind string) string { return map[string]string{"cv": "CV", "points": "points"}[kind] }

// amount writes n in a limit kind's unit, the noun agreeing: "400 CV",
// "1 point", "1,000 points".
func amount(n int, kind string) string {
	if kind == "points" {
		return ruleset.Count(n, "point")
	}
	return ruleset.Thousands(n) + " " + limitUnit(kind)
}

// LimitText is the fleet's limit as a player says it: "400 CV",
// "1,000 points" or "no limit".
func (t Totals) LimitText() string {
	unit := limitUnit(t.LimitKind)
	if unit == "" {
		return "no limit"
	}
	return amount(t.Limit, t.LimitKind)
}

// Total is one labelled number of a fleet's totals, as a fleet pack's
// first page prints it.
type Total struct {
	Label, Value string
	Share        float64
	Over         bool // over a limit
}

// PackTotals are the fleet's totals for a fleet pack's first page, each
// labelled with what it counts: the limit, the whole fleet's CV and points
// (its ships and its independent squadrons), what is left of the limit,
// how many ships and squadrons, and the highest tier.
func (r *Result) PackTotals() []Total {
	t := r.Totals
	out := []Total{
		{Label: "LIMIT", Value: t.LimitText(), Share: 0.8},
		{Label: "FLEET TOTAL: SHIPS AND INDEPENDENT SQUADRONS", Value: ruleset.Thousands(t.CV) + " CV, " + ruleset.Count(t.Points, "point"), Share: 1.9},
	}
	if unit := limitUnit(t.LimitKind); unit != "" {
		left := amount(t.Remaining, t.LimitKind) + " left"
		if t.Remaining < 0 {
			left = amount(-t.Remaining, t.LimitKind) + " over"
		}
		out = append(out, Total{Label: "AGAINST THE LIMIT", Value: left, Share: 0.9, Over: t.Remaining < 0})
	}
	out = append(out, Total{Label: "SHIPS AND INDEPENDENT SQUADRONS", Value: ruleset.Count(t.Ships, "ship") + ", " + ruleset.Count(t.Squadrons, "squadron"), Share: 1.4})
	tier := fmt.Sprintf("%d", t.HighestTier)
	if t.TierLimit > 0 {
		tier += fmt.Sprintf(" (limit %d)", t.TierLimit)
	}
	out = append(out, Total{Label: "HIGHEST TIER", Value: tier, Share: 0.8, Over: t.TierLimit > 0 && t.HighestTier > t.TierLimit})
	return out
}

// TotalsLine says the fleet's totals against its limit in one line.
func (r *Result) TotalsLine() string {
	t := r.Totals
	unit := limitUnit(t.LimitKind)
	s := fmt.Sprintf("%d CV, %s", t.CV, ruleset.Count(t.Points, "point"))
	if unit != "" {
		s += fmt.Sprintf(" of a %d %s limit (%d left)", t.Limit, unit, t.Remaining)
	}
	s += fmt.Sprintf("; %s, %s; highest tier %d", ruleset.Count(t.Ships, "ship"), ruleset.Count(t.Squadrons, "squadron"), t.HighestTier)
	if t.TierLimit > 0 {
		s += fmt.Sprintf(" (limit %d)", t.TierLimit)
	}
	if r.Legal {
		return s + "; legal"
	}
	return s + "; NOT LEGAL"
}

// Report lays out what a fleet pack prints about f beyond its ships.
func (r *Result) Report(f *Fleet) []Line {
	var out []Line
	label := map[string]string{}
	byID := map[string]*ShipResult{}
	for i := range r.Ships {
		s := &r.Ships[i]
		l := s.Label()
		if l == "" {
			l = s.ID
		}
		label[s.ID], byID[s.ID] = l, s
	}
	name := func(id string) string {
		if l, ok := label[id]; ok {
			return l
		}
		return id
	}
	out = append(out, Line{Text: "Chain of command", Heading: true})
	var walk func(c *Command, depth int)
	walk = func(c *Command, depth int) {
		if c == nil || depth > MaxCommandDepth {
			return
		}
		what := strings.ToUpper(c.Level) + " COMMANDER"
		if depth == 0 {
			what += ", FLAGSHIP"
		}
		cic := 0
		if s := byID[c.Ship]; s != nil {
			cic = s.CiC
		}
		out = append(out, Line{Depth: depth, Text: fmt.Sprintf("%s: %s (CiC %d, %s)", what, name(c.Ship), cic, ruleset.Count(c.Units(), "unit"))})
		for _, id := range c.Ships {
			out = append(out, Line{Depth: depth + 1, Text: "squadron: " + name(id)})
		}
		for _, sub := range c.Commands {
			walk(sub, depth+1)
		}
	}
	if len(f.Command) == 0 {
		out = append(out, Line{Text: "none: every ship fights at crew quality - 1"})
	}
	for _, c := range f.Command {
		walk(c, 0)
	}
	var unled []string
	for _, s := range r.Ships {
		if !s.InChain && len(f.Command) > 0 {
			unled = append(unled, name(s.ID))
		}
	}
	if len(unled) > 0 {
		out = append(out, Line{Text: "Outside the chain of command (crew quality - 1)", Heading: true})
		for _, u := range unled {
			out = append(out, Line{Depth: 1, Text: u})
		}
	}
	if len(r.Tows) > 0 {
		out = append(out, Line{Text: "Tows (deploy within 5 cm of the tow)", Heading: true})
		for _, t := range r.Tows {
			out = append(out, Line{Depth: 1, Text: fmt.Sprintf("%s towed by %s (grappler %d)", name(t.Ship), name(t.By), t.Grappler)})
		}
	}
	var loads []Line
	for _, s := range r.Ships {
		bays := make([]string, 0, len(s.Loadout))
		for b := range s.Loadout {
			bays = append(bays, b)
		}
		sort.Strings(bays)
		for _, b := range bays {
			types := make([]string, 0, len(s.Loadout[b]))
			for t := range s.Loadout[b] {
				types = append(types, fmt.Sprintf("%d %s", s.Loadout[b][t], t))
			}
			sort.Strings(types)
			loads = append(loads, Line{Depth: 1, Text: fmt.Sprintf("%s, bay %s: %s per bay", name(s.ID), b, strings.Join(types, ", "))})
		}
	}
	if len(loads) > 0 {
		out = append(out, Line{Text: "Hangar loadouts chosen", Heading: true})
		out = append(out, loads...)
	}
	if len(r.Squadrons) > 0 {
		out = append(out, Line{Text: "Independent FTL squadrons", Heading: true})
		for i, s := range r.Squadrons {
			q := f.Squadrons[i]
			t := fmt.Sprintf("%d x %s, crew %d, command %s: %s each, %s", s.Count, s.Name, q.CrewQuality, q.CommandQuality, ruleset.Count(s.PointsEach, "point"), ruleset.Count(s.Points, "point"))
			if s.Breaching {
				t += " (breaching, by FTL: double)"
			}
			if s.AssignedTo != "" {
				t += "; assigned to " + name(s.AssignedTo)
			} else {
				t += "; fixed starting mission"
			}
			out = append(out, Line{Depth: 1, Text: t})
		}
	}
	if d := f.Deployment; d != nil && len(r.Deployment) > 0 {
		enc := d.Encounter
		if e := MetaverseFacts().Encounter(enc); e != nil {
			enc = e.Name
		}
		out = append(out, Line{Text: fmt.Sprintf("Deployment: %s, as %s", enc, d.Role), Heading: true})
		for _, z := range r.Deployment {
			names := make([]string, 0, len(z.Ships))
			for _, id := range z.Ships {
				names = append(names, name(id))
			}
			out = append(out, Line{Depth: 1, Text: fmt.Sprintf("%s: %d CV (%.0f%% of at most %d%%): %s", z.Zone, z.CV, z.Share, z.MaxShare, strings.Join(names, ", "))})
		}
	}
	if len(r.Problems) > 0 {
		out = append(out, Line{Text: "Problems", Heading: true})
		for _, p := range r.Problems {
			// As a player reads it, as the Battleshift roster prints it:
			// severity and rule, the message and the hint; no JSON path.
			text := string(p.Severity) + " " + p.Rule + ": " + p.Message
			if p.Hint != "" {
				text += " (" + p.Hint + ")"
			}
			out = append(out, Line{Depth: 1, Text: text, Warn: p.Severity == "error"})
		}
	}
	return out
}
