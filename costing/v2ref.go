package costing

import (
	"strconv"

	"github.com/slipway/slipway/designer"
)

// v2ref is what metaverse-cv/2 works out from its constants table alone,
// whatever the design: the reference opponents as the dice roll them,
// their damage against a plain target, the range weights normalised, and
// the explanation's fixed texts. A Model builds it once, from the table
// it was built with (NewModelVersion, NewModelTable); a Model's table is
// a private copy that nothing changes afterwards, so the two always
// agree, and a calibration that mutates a Table gets its own v2ref with
// its own Model. Every number here is computed by the same expressions,
// in the same order, as before it was cached, so results are unchanged
// to the last bit.
type v2ref struct {
	// rw is RangeWeights[i] / (sum of RangeWeights), for Table.Ranges.
	rw []float64
	// strikeDist is the weighted mean reference range a strike mission
	// flies (sum of rw[i] x Ranges[i]).
	strikeDist float64
	opp        []refOpp

	// Formulas of explanation nodes that read only the table.
	offenceFormula, killFormula, defenceFormula string
	mobilityFormula, utilityFormula             string
	cvFormula, odName, ftlFormula               string
}

// refOpp is one reference opponent (V2Table.Opponents[i]) as offence
// and defence read it.
type refOpp struct {
	// arc is the arc it presents (refArc).
	arc defArc
	// critValue is a critical's worth on it, in its hull hits.
	critValue float64
	// pd is its point-defence weapon, which may fire on any hit.
	pd wspec
	// weapons are its weapons (refSpec), in table order.
	weapons []wspec
	// alike numbers each of weapons whose spec another opponent's direct
	// weapon shares (the same number for all of them: the first one's
	// place among all opponents' weapons), and is -1 for the others.
	alike []int
	// missiles is the copies of its indirect weapons.
	missiles    float64
	hasMissiles bool
	// squad is its strike squadron's weapon (when Squadrons > 0).
	squad wspec
	// plain is refPlainRate: its damage a turn against a plain target.
	plain float64
	// ftl is one FTL attack die's pulse against it.
	ftl pulseExp
	// Explanation keys and label.
	offKey, defKey, label string
}

// newV2Ref works out t's v2ref; nil for a table without V2.
func newV2Ref(t *Table) *v2ref {
	v := t.V2
	if v == nil {
		return nil
	}
	ref := &v2ref{rw: make([]float64, len(v.RangeWeights)), opp: make([]refOpp, len(v.Opponents))}
	wsum := t.rangeWeightSum()
	for i := range v.RangeWeights {
		ref.rw[i] = v.RangeWeights[i] / wsum
	}
	for i, d := range t.Ranges {
		ref.strikeDist += ref.rw[i] * float64(d)
	}
	for i := range v.Opponents {
		r := &v.Opponents[i]
		o := &ref.opp[i]
		o.arc = refArc(r)
		o.critValue = v.critValue(float64(r.EMS))
		o.pd = refSpec(r.PD)
		o.pd.interceptable = true
		for _, w := range r.Weapons {
			o.weapons = append(o.weapons, refSpec(w))
			if w.Indirect {
				o.missiles += float64(w.Count)
				o.hasMissiles = true
			}
		}
		if r.Squadrons > 0 {
			sq := r.Squadron
			o.squad = wspec{bit: damageMask(sq.Type), pulse: sq.Pulse, sides: designer.Die(sq.Die).Sides(), mod: sq.Mod, rof: 1, tShips: true}
		}
		o.plain = refPlainRate(t, r)
		die := ftlDie()
		o.ftl = expectPulse(&die, &o.arc, 0, r.EMS, r.MF)
		o.offKey, o.defKey, o.label = "offence["+r.Name+"]", "defence["+r.Name+"]", "Against the reference "+r.Name
	}
	// Direct weapons alike across opponents roll the same pulses against
	// the same arc: survive works them out once (pulseCache).
	for i := range ref.opp {
		o := &ref.opp[i]
		o.alike = make([]int, len(o.weapons))
		for wi := range o.weapons {
			o.alike[wi] = -1
			if o.weapons[wi].indirect {
				continue
			}
			// The first weapon of this spec, of any opponent; alike when
			// another opponent has one too.
			first, others, at := -1, false, 0
			for j := range ref.opp {
				for wj := range ref.opp[j].weapons {
					if x := &ref.opp[j].weapons[wj]; !x.indirect && *x == o.weapons[wi] {
						if first < 0 {
							first = at
						}
						others = others || j != i
					}
					at++
				}
			}
			if others {
				o.alike[wi] = first
			}
		}
	}
	ref.offenceFormula = "weighted mean over reference opponents of (shields + hull) / (turns to destroy + " +
		FormatNumber(v.KillTurns0) + "), best firing sector"
	ref.killFormula = "(shields + hull) / (turns to destroy + " + FormatNumber(v.KillTurns0) + ")"
	ref.defenceFormula = "weighted mean over reference attackers of H x (1 - exp(-turns survived / H)) x their plain damage a turn, H = " +
		FormatNumber(v.HorizonTurns)
	ref.mobilityFormula = "clamp(1 + " + FormatNumber(v.SpeedWeight) + " x (speed - " + FormatNumber(v.SpeedRef) + ") / " +
		FormatNumber(v.SpeedRef) + " + " + FormatNumber(v.TurnWeight) + " x (min(1, turn steps / 2) - 0.5), 0.8, 1.25)"
	ref.utilityFormula = "CiC: " + FormatNumber(v.CiCPerUnit) + " per unit commanded, up to " + strconv.Itoa(v.CiCUnits) +
		" units; at most " + FormatNumber(v.UtilityCap) + " x the rest of CV"
	a := v.OffenceShare
	ref.odName = "O^" + FormatNumber(a) + " x D^" + FormatNumber(1-a)
	ref.cvFormula = "round(k x " + ref.odName + " x M x T + min(U, " + FormatNumber(v.UtilityCap) + " x the rest))"
	ref.ftlFormula = "P(hit) x MF D6 on each section / (charge + turns away)"
	if v3 := t.V3; v3 != nil {
		s := "s^" + FormatNumber(v3.SizePower) + ", s = hull hits / " + FormatNumber(v3.SizeRef)
		ref.offenceFormula = "weighted mean over reference opponents scaled to the ship's size of (shields + hull) / (turns to destroy + " +
			FormatNumber(v.KillTurns0) + " / " + s + "), best firing sector"
		ref.killFormula = "(shields + hull) / (turns to destroy + " + FormatNumber(v.KillTurns0) + " / " + s + ")"
		ref.defenceFormula = "weighted mean over reference attackers scaled to the ship's size of H x (1 - exp(-turns survived / H)) x their plain damage a turn, H = " +
			"min(" + FormatNumber(v.HorizonTurns) + " x " + s + ", " + FormatNumber(v3.GameTurns) + ")"
		ref.cvFormula = "round((k x " + ref.odName + " x M x T + min(U, " + FormatNumber(v.UtilityCap) + " x the rest)) x Q)"
		ref.ftlFormula = "P(hit) x min(MF D6 on each section, the opponent) / (charge + turns away + " + FormatNumber(v3.FTLDelay) + ")"
		if v3.EnemyFTLShare > 0 {
			ref.defenceFormula += "; turns survived count the FTL attacks of " + FormatNumber(v3.EnemyFTLShare) +
				" of each attacker (a rating-" + strconv.Itoa(v3.EnemyFTLRating) + " basic drive: its mass factor D6 on every section), less what a gravity well stops"
		}
		if v3.OutlastCountsGame {
			ref.defenceFormula += "; an attacker that cannot destroy the ship counts a whole game, " + FormatNumber(v3.GameTurns) + " turns, in place of H x (1 - exp(-turns survived / H))"
		}
	}
	return ref
}

// ftlDie is the die of an FTL attack: one energy D6 pulse.
func ftlDie() wspec { return wspec{bit: maskEnergy, pulse: 1, sides: 6} }
