package costing

import (
	"fmt"
	"math"
	"sort"

	"github.com/slipway/slipway/designer"
)

// squadronOffence is the expected hull damage per turn of one squadron
// against the reference target (rules §7.2): its best crewQuality weapons
// that can target starships, each pulse x E[pulse] x hit chance x rate of
// fire, times speed / 20 and its survival, strength x (1 + defence / 3),
// normalised by a strength-6 squadron.
func (t *Table) squadronOffence(s *designer.SquadronDef, crew int) float64 {
	q := t.Qualities()
	vals := make([]float64, 0, len(s.Weapons))
	for i := range s.Weapons {
		w := &s.Weapons[i]
		if !containsString(w.Targets, designer.FighterTargetsStarships) {
			continue
		}
		a := Attack{
			Sides: w.Die.Sides(), Modifier: clampInt(w.Modifier, -100, 100), Armour: t.Target.Armour,
			PR: containsString(w.Qualities, "PR"), QM: containsString(w.Qualities, "QM"),
			IO: containsString(w.Qualities, "IO"), DM: containsString(w.Qualities, "DM"),
			ML: containsString(w.Qualities, "ML"), TM: containsString(w.Qualities, "TM"),
			AMBonus: bonusIf(containsString(w.Qualities, "AM"), t.Target.EMS),
			DSBonus: bonusIf(containsString(w.Qualities, "DS"), t.Target.MassFactor),
		}
		hit := t.FighterHitChance
		if w.Indirect {
			hit = t.FighterIndirect
		}
		rof, ok := t.RateOfFire[w.RateOfFire]
		if !ok {
			rof = t.RateOfFire[designer.RateOneShot]
		}
		v := float64(float64(float64(float64(clampInt(w.Pulse, 0, 1000))*PulseDamage(a, q))*hit) * rof)
		vals = append(vals, v)
	}
	sort.SliceStable(vals, func(i, j int) bool { return vals[i] > vals[j] })
	sum := 0.0
	for i := 0; i < len(vals) && i < crew; i++ {
		sum += vals[i]
	}
	speed := float64(clampInt(s.Speed, 0, 1000)) / t.FighterSpeedNorm
	return float64(float64(sum*speed) * t.squadronSurvival(s))
}

// squadronSurvival is strength x (1 + defence / 3) / 6.
func (t *Table) squadronSurvival(s *designer.SquadronDef) float64 {
	str := float64(clampInt(s.Strength, 0, 1000))
	def := float64(clampInt(s.Defence, 0, 100))
	return float64(str*(1+def/t.FighterDefenceDiv)) / t.FighterSurvivalNorm
}

// squadronDefence is strength x (1 + defence / 3) x (1 + 0.1 x (TR - 4)):
// hits to destroy, made harder to land by defence and target rating.
func (t *Table) squadronDefence(s *designer.SquadronDef) float64 {
	str := float64(clampInt(s.Strength, 0, 1000))
	def := float64(clampInt(s.Defence, 0, 100))
	tr := float64(clampInt(s.TargetRating, 0, 100) - t.FighterBaseTR)
	return float64(float64(str*(1+def/t.FighterDefenceDiv)) * max(0, 1+float64(t.FighterTRStep*tr)))
}

// SquadronPoints is the points of one squadron flown at the given crew
// quality: round(k x sqrt(O_f x D_f)) on the ship model's scale (rules §8).
func (m *Model) SquadronPoints(s *designer.SquadronDef, crew int) int {
	if s == nil {
		return 0
	}
	t := m.t
	o := t.squadronOffence(s, clampInt(crew, 1, 5))
	d := t.squadronDefence(s)
	return Round(float64(t.K * math.Sqrt(float64(o*d))))
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// carried is a group of identical squadrons aboard.
type carried struct {
	sq    *designer.SquadronDef
	n     int
	value float64 // offence of one squadron
	path  string
}

// fighters is the offence of the carried starfighters (rules §7.2): the
// permanent loadout of each bay, or else the bay filled with the best
// type it carries up to what it can launch in FighterLaunchTurns turns;
// capped by the SoC's missions, best squadrons first.
func (e *eval) fighters() (float64, *Node) {
	t := e.t
	var groups []carried
	missions := 0
	for _, ns := range e.secs {
		for _, s := range ns.Section.Systems {
			if s.Kind == kindSoC {
				missions += clampCount(s.Count) * clampInt(s.Rating, 0, 1000)
			}
		}
		for i, h := range ns.Section.Hangars {
			bay := e.d.HangarBay(h.Bay)
			if bay == nil || h.Count <= 0 {
				continue
			}
			e.r.CarriesFighters = true
			count := clampCount(h.Count)
			path := fmt.Sprintf("sections.%s.hangars[%d]", ns.Name, i)
			if len(bay.Loadout) > 0 {
				ids := make([]string, 0, len(bay.Loadout))
				for id := range bay.Loadout {
					ids = append(ids, id)
				}
				sort.Strings(ids)
				for _, id := range ids {
					sq := e.d.Squadron(id)
					if sq == nil || !containsString(bay.Carries, id) {
						continue
					}
					groups = append(groups, carried{sq, count * clampInt(bay.Loadout[id], 0, 1000), t.squadronOffence(sq, e.crw), path})
				}
				continue
			}
			var best *designer.SquadronDef
			bestV := -1.0
			for _, id := range bay.Carries {
				sq := e.d.Squadron(id)
				if sq == nil {
					continue
				}
				if v := t.squadronOffence(sq, e.crw); v > bestV {
					best, bestV = sq, v
				}
			}
			if best == nil {
				continue
			}
			n := min(clampInt(bay.Capacity, 0, 1000), clampInt(bay.Launch, 0, 1000)*t.FighterLaunchTurns)
			groups = append(groups, carried{best, count * n, bestV, path})
		}
	}
	if len(groups) == 0 {
		return 0, nil
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].value > groups[j].value })
	n := e.node("fighters", "Starfighters", "best squadrons first, up to the SoC's missions: n x O_f", 0,
		in("SoC missions", float64(missions)))
	left := missions
	total := 0.0
	for _, g := range groups {
		flown := min(left, g.n)
		left -= flown
		v := float64(float64(flown) * g.value)
		total += v
		e.add(n, e.node("squadron["+g.sq.ID+"]", fmt.Sprintf("%d of %d x %s (%s)", flown, g.n, g.sq.Name, g.path),
			"flown x O_f", v, in("O_f", g.value), in("aboard", float64(g.n)), in("flown", float64(flown))))
	}
	n.Value = total
	return total, n
}

// loadoutPoints is the points of every squadron permanently loaded
// (rules §8), bays in section order, squadron ids sorted.
func (e *eval) loadoutPoints() (int, *Node) {
	n := e.node("loadout", "Loadout points", "sum of count x squadron points", 0)
	total := 0
	for _, ns := range e.secs {
		for _, h := range ns.Section.Hangars {
			bay := e.d.HangarBay(h.Bay)
			if bay == nil || h.Count <= 0 {
				continue
			}
			ids := make([]string, 0, len(bay.Loadout))
			for id := range bay.Loadout {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				sq := e.d.Squadron(id)
				if sq == nil {
					continue
				}
				k := clampCount(h.Count) * clampInt(bay.Loadout[id], 0, 1000)
				p := e.m.SquadronPoints(sq, e.crw)
				total += k * p
				e.add(n, e.node("loadout["+id+"]", fmt.Sprintf("%d x %s", k, sq.Name), "count x round(k x sqrt(O_f x D_f))",
					float64(k*p), in("points each", float64(p))))
			}
		}
	}
	n.Value = float64(total)
	return total, n
}
