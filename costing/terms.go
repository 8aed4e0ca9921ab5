package costing

import "strconv"

// mobility is M (rules §7.4): drive and thruster points per mass factor,
// scored the same for both movement methods, times the FTL factor,
// clamped to [0.8, 1.25]. The mass factor here is the defended hull over
// 10 (armour and shields are mass), continuous, so that M never falls
// faster than the defence a hull hit adds.
func (e *eval) mobility() *Node {
	t := e.t
	a := e.r.Acceleration
	side := 0.0
	for _, ns := range e.secs {
		for _, s := range ns.Section.Systems {
			pts := float64(clampCount(s.Count) * clampInt(s.Rating, 0, 1000))
			switch {
			case s.Kind == kindSTLPrimitive && (s.Facing == "port" || s.Facing == "starboard"):
				side += pts
			case s.Kind == kindSTLBasic && s.Axis == axisPortStarboard:
				side += pts
			}
		}
	}
	mfc := max(1, e.defended/t.HullHitsPerMassFactor)
	drive := (a.Forward + a.Reverse) / 2
	turn := (a.Port+a.Starboard)/2 + float64(t.SideDriveWeight*side)
	idx := (drive + turn) / mfc
	move := t.MoveMin + float64(t.MoveSpan*idx)/(idx+t.MoveHalf)

	ftl, ftlWhat := t.FTLNone, "no FTL drive"
	for _, ns := range e.secs {
		for _, s := range ns.Section.Systems {
			f, ok := t.FTLFactor[s.Kind]
			if !ok || s.Count <= 0 {
				continue
			}
			f += float64(t.FTLPerTurn * float64(max(0, t.FTLSlowest-clampInt(s.Rating, 1, t.FTLSlowest))))
			if f > ftl {
				ftl, ftlWhat = f, s.Kind+" rating "+strconv.Itoa(s.Rating)
			}
		}
	}
	m := min(t.MobilityMax, max(t.MobilityMin, float64(move*ftl)))
	n := e.node("mobility", "Mobility M", "clamp(movement x FTL, 0.8, 1.25)", m)
	e.add(n,
		e.node("movement", "Movement", FormatNumber(t.MoveMin)+" + "+FormatNumber(t.MoveSpan)+" x i / (i + "+
			FormatNumber(t.MoveHalf)+"), i = (drive + turning) / MF", move,
			in("drive", drive), in("turning", turn), in("MF (defended hull / 10)", mfc), in("i", idx)),
		e.node("ftl", "FTL: "+ftlWhat, "none 0.9, primitive 0.95, basic 1, advanced 1.05; +0.005 per turn under 10", ftl),
	)
	return n
}

// technology is T = 1 + 0.03 x (TL - 1) (rules §7.4, see docs/costing.md
// "Decisions": the premium is measured from the lowest tech level, not
// from the design's own minimum, so that adding a system never lowers CV).
func (e *eval) technology() *Node {
	t := e.t
	v := max(t.TechFloor, 1+float64(t.TechPremium*float64(e.tl-t.TechBaseline)))
	return e.node("technology", "Technology T", e.m.techFormula, v,
		in("TL", float64(e.tl)), in("minimum TL (legality only)", float64(e.r.MinTechLevel)))
}

// utility is U (rules §7.4): fixed values per system and rating, and per
// marine party.
func (e *eval) utility() *Node {
	t := e.t
	n := e.node("utility", "Utility U", "sum of system values", 0)
	total := 0.0
	for _, ns := range e.secs {
		for i, s := range ns.Section.Systems {
			c := float64(clampCount(s.Count))
			v := 0.0
			formula := ""
			if per, ok := t.UtilityPerRating[s.Kind]; ok {
				v = float64(float64(c*float64(clampInt(s.Rating, 0, 1000))) * per)
				formula = "count x rating x " + FormatNumber(per)
			} else if per, ok := t.UtilityPerSystem[s.Kind]; ok {
				v = float64(c * per)
				formula = "count x " + FormatNumber(per)
			} else {
				continue
			}
			total += v
			path := "sections." + string(ns.Name) + ".systems[" + strconv.Itoa(i) + "]"
			e.add(n, e.node("utility["+path+"]", s.Kind+" ("+path+")", formula, v,
				in("count", c), in("rating", float64(s.Rating))))
		}
	}
	marines := 0
	for _, ns := range e.secs {
		_, m := ns.Section.People()
		marines += clampInt(m, 0, 1_000_000)
	}
	if marines > 0 {
		v := float64(float64(marines) * t.UtilityPerMarine)
		total += v
		e.add(n, e.node("utility[marines]", "Marine parties", "parties x 0.5", v, in("parties", float64(marines))))
	}
	n.Value = total
	return n
}

// points prices the ship (rules §8): round(CV x crew x command x damage
// control) + loadout.
func (e *eval) points() *Node {
	t := e.t
	q := e.r.Quality
	crew := 1 + float64(t.CrewStep*float64(q.Crew-1))
	cmd := t.CommandFactor[string(q.Command)]
	dc := t.DamageControl[string(q.DamageControl)]
	base := float64(float64(float64(float64(e.r.CV)*crew)*cmd) * dc)
	lp, ln := e.loadoutPoints()
	e.r.LoadoutPoints = lp
	e.r.Points = Round(base) + lp
	e.r.Components.Points = base
	n := e.node("points", "Points", "round(CV x crew x command x damage control) + loadout", float64(e.r.Points),
		in("CV", float64(e.r.CV)), in("crew", crew), in("command", cmd), in("damage control", dc), in("unrounded", base))
	if len(ln.Children) > 0 {
		e.add(n, ln)
	}
	return n
}
