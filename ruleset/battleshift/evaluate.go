package battleshift

import (
	"github.com/slipway/slipway/ruleset"
)

// entry is one system entry as the evaluation reads it: its catalogue
// row (nil for an unknown kind), how it is paid, and what it fills and
// adds.
type entry struct {
	kind *Kind
	// pay is the effective payment: PaySpace or PayCost for an either-or
	// kind (space when "pay" is missing or unknown, so that the numbers
	// stay meaningful while BS-PAY-01 asks for it), else "".
	pay    string
	space  int // space units filled
	points int // points added (negative for a weakness)
}

// paysSpace and paysPoints report whether the entry fills space or adds
// points.
func (e *entry) paysSpace() bool {
	switch e.kind.Payment {
	case PaymentSpace, PaymentBoth:
		return true
	case PaymentEither:
		return e.pay == PaySpace
	}
	return false
}

func (e *entry) paysPoints() bool {
	switch e.kind.Payment {
	case PaymentPoints, PaymentBoth:
		return true
	case PaymentEither:
		return e.pay == PayCost
	}
	return false
}

// evaluation is one EvaluateClass: the class, its entries and the result
// being filled.
type evaluation struct {
	cat     *Catalogue
	c       *Class
	res     *Result
	band    *SizeBand
	entries []entry
	// words is how messages name the ship: "this cruiser".
	words string
}

// EvaluateClass validates c and computes every derived number. It never
// panics on a decoded document, and every number is finite however odd
// its values: sums saturate, and a size outside 1-21 takes the nearest
// size band's class name, move and suppression.
func (r *Ruleset) EvaluateClass(c *Class) *Result {
	ev := &evaluation{cat: r.cat, c: c}
	ev.res = &Result{Ruleset: ID, ModelVersion: ModelVersion, Name: c.Name, Size: c.Size}
	ev.numbers()
	ev.res.Problems = ev.validate()
	ev.res.Legal = ev.res.Problems.Legal()
	ev.lines()
	ev.squadrons()
	ev.explain()
	return ev.res
}

// nearestBand is the size band of size, or of the nearest size that has
// one.
func (c *Catalogue) nearestBand(size int) *SizeBand {
	if b := c.Band(size); b != nil {
		return b
	}
	if size < 1 {
		return &c.Sizes[0]
	}
	return &c.Sizes[len(c.Sizes)-1]
}

// numbers resolves the entries and computes the ship's numbers.
func (ev *evaluation) numbers() {
	cat, c, res := ev.cat, ev.c, ev.res
	size := c.Size
	ev.band = cat.nearestBand(size)
	ev.words = "this " + ev.band.ClassName
	if size < 1 || size > cat.MaxSize() {
		ev.words = "this ship"
	}
	res.ClassName = ev.band.ClassName
	res.MovementArc, res.FacingChange = ev.band.MovementArc, ev.band.FacingChange
	res.HitsToSuppress = ev.band.HitsToSuppress
	res.MaxPerSquadron = cat.MaxPerSquadron(size)

	res.Cost = cat.Base.Cost.At(size)
	res.Hull = cat.Base.Hull.At(size)
	res.Shields = cat.Base.Shields.At(size)
	res.Space = cat.Base.Space.At(size)
	res.Hardness = cat.Base.Hardness
	res.DestructionSave = cat.Base.DestructionSave
	res.Move = ev.band.Move

	ev.entries = make([]entry, len(c.Systems))
	for i := range c.Systems {
		s := &c.Systems[i]
		e := &ev.entries[i]
		e.kind = cat.Kind(s.Kind)
		k := e.kind
		if k == nil {
			continue
		}
		if k.Either() {
			e.pay = PaySpace
			if s.Pay == PayCost {
				e.pay = PayCost
			}
		}
		if e.paysSpace() {
			e.space = smul(s.Count, k.Space.At(size))
			res.SpaceUsed = sadd(res.SpaceUsed, e.space)
		}
		if e.paysPoints() {
			e.points = smul(s.Count, k.Points.At(size))
			res.Cost = sadd(res.Cost, e.points)
		}
		g := &k.Gives
		res.Hull = sadd(res.Hull, smul(s.Count, g.Hull.At(size)))
		res.Shields = sadd(res.Shields, smul(s.Count, g.Shields.At(size)))
		res.Space = sadd(res.Space, smul(s.Count, g.Space.At(size)))
		res.Move = sadd(res.Move, smul(s.Count, g.Move.At(size)))
		res.FighterWings = sadd(res.FighterWings, smul(s.Count, g.FighterWings.At(size)))
		res.RepairRolls = sadd(res.RepairRolls, smul(s.Count, g.RepairRolls.At(size)))
		res.EngulfCapacity = sadd(res.EngulfCapacity, smul(s.Count, g.Engulf.At(size)))
		if g.Hardness != 0 {
			res.Hardness = g.Hardness
		}
		if g.DestructionSave != 0 {
			res.DestructionSave = g.DestructionSave
		}
		if k.Limits.Experimental {
			res.Experimental = true
		}
	}
}

// lines fills the weapon and system lines, by kind in catalogue order
// (the other systems by kind and payment).
func (ev *evaluation) lines() {
	res := ev.res
	res.Weapons, res.Systems = []WeaponLine{}, []SystemLine{}
	for ki := range ev.cat.Kinds {
		k := &ev.cat.Kinds[ki]
		for _, pay := range [2]string{PaySpace, PayCost} {
			var count, space, points int
			found := false
			for i := range ev.entries {
				e := &ev.entries[i]
				if e.kind != k || (k.Either() && e.pay != pay) {
					continue
				}
				found = true
				count = sadd(count, ev.c.Systems[i].Count)
				space, points = sadd(space, e.space), sadd(points, e.points)
			}
			if found {
				if k.Weapon != nil {
					res.Weapons = append(res.Weapons, WeaponLine{Kind: k.Kind, Name: k.Name, Count: count, Space: space, Points: points, Weapon: *k.Weapon})
				} else {
					line := SystemLine{Kind: k.Kind, Name: k.Name, Count: count, Space: space, Points: points}
					if k.Either() {
						line.Pay = pay
					}
					res.Systems = append(res.Systems, line)
				}
			}
			if !k.Either() {
				break
			}
		}
	}
}

// squadrons fills one row per squadron size from 1 to MaxPerSquadron.
func (ev *evaluation) squadrons() {
	res := ev.res
	res.Squadrons = make([]SquadronRow, res.MaxPerSquadron)
	for n := 1; n <= res.MaxPerSquadron; n++ {
		res.Squadrons[n-1] = SquadronRow{
			Ships:          n,
			Threshold:      res.Hull,
			TotalDamage:    smul(n, res.Hull),
			HitsToSuppress: smul(n, res.HitsToSuppress),
			ShieldDice:     smul(n, res.Shields),
			Cost:           smul(n, res.Cost),
		}
	}
}

// explain builds the explanation: the cost term by term, then every other
// derived number with what it read.
func (ev *evaluation) explain() {
	cat, c, res := ev.cat, ev.c, ev.res
	size := float64(c.Size)
	root := &ruleset.Node{Key: "evaluation", Label: "Evaluation of " + quote(c.Name), Formula: ModelVersion, Value: float64(res.Cost)}

	cost := &ruleset.Node{Key: "cost", Label: "Cost", Formula: "base + systems paid in points − weakness discounts", Value: float64(res.Cost)}
	cost.Children = append(cost.Children, &ruleset.Node{Key: "cost.base", Label: "Base cost", Formula: cat.Base.Cost.Formula(),
		Value: float64(cat.Base.Cost.At(c.Size)), Inputs: []ruleset.Input{{Name: "size", Value: size}}})
	for i := range ev.entries {
		e := &ev.entries[i]
		if e.kind == nil || !e.paysPoints() {
			continue
		}
		s := &c.Systems[i]
		label := e.kind.Count(s.Count) + ", paid in points"
		switch {
		case e.kind.Payment == PaymentBoth:
			label = e.kind.Count(s.Count) + ", space and points"
		case e.kind.Points.At(c.Size) < 0:
			label = e.kind.Name + " (weakness discount)"
		}
		cost.Children = append(cost.Children, &ruleset.Node{Key: "cost.systems[" + itoa(i) + "]", Label: label,
			Formula: "count × " + e.kind.Points.Formula(), Value: float64(e.points),
			Inputs: []ruleset.Input{{Name: "count", Value: float64(s.Count)}, {Name: "size", Value: size}}})
	}
	root.Children = append(root.Children, cost)

	gives := func(key, label, formula string, value int, base ruleset.Input, pick func(*Gives) Coef) {
		n := &ruleset.Node{Key: key, Label: label, Formula: formula, Value: float64(value), Inputs: []ruleset.Input{base}}
		for i := range ev.entries {
			e := &ev.entries[i]
			if e.kind == nil || pick(&e.kind.Gives).IsZero() {
				continue
			}
			n.Inputs = append(n.Inputs, ruleset.Input{Name: e.kind.Name, Value: float64(smul(c.Systems[i].Count, pick(&e.kind.Gives).At(c.Size)))})
		}
		root.Children = append(root.Children, n)
	}
	sets := func(key, label, formula string, value, base int, pick func(*Gives) int) {
		n := &ruleset.Node{Key: key, Label: label, Formula: formula, Value: float64(value), Inputs: []ruleset.Input{{Name: "base", Value: float64(base)}}}
		for i := range ev.entries {
			if e := &ev.entries[i]; e.kind != nil && pick(&e.kind.Gives) != 0 {
				n.Inputs = append(n.Inputs, ruleset.Input{Name: e.kind.Name, Value: float64(pick(&e.kind.Gives))})
			}
		}
		root.Children = append(root.Children, n)
	}
	gives("hull", "Hull", cat.Base.Hull.Formula()+" + what systems add", res.Hull,
		ruleset.Input{Name: "base", Value: float64(cat.Base.Hull.At(c.Size))}, func(g *Gives) Coef { return g.Hull })
	gives("shields", "Shields", cat.Base.Shields.Formula()+" + what systems add", res.Shields,
		ruleset.Input{Name: "base", Value: float64(cat.Base.Shields.At(c.Size))}, func(g *Gives) Coef { return g.Shields })
	sets("hardness", "Shield hardness (saves on this or less)", "base, or what a weakness sets", res.Hardness, cat.Base.Hardness, func(g *Gives) int { return g.Hardness })
	sets("destructionSave", "Destruction save (passes on this or less)", "base, or what the hull sets", res.DestructionSave, cat.Base.DestructionSave, func(g *Gives) int { return g.DestructionSave })
	gives("move", "Move (inches)", "the size band's move + what drives add", res.Move,
		ruleset.Input{Name: "base for a " + ev.band.ClassName, Value: float64(ev.band.Move)}, func(g *Gives) Coef { return g.Move })
	gives("space", "Space units", cat.Base.Space.Formula()+" + what systems add", res.Space,
		ruleset.Input{Name: "base", Value: float64(cat.Base.Space.At(c.Size))}, func(g *Gives) Coef { return g.Space })

	used := &ruleset.Node{Key: "spaceUsed", Label: "Space units used", Formula: "Σ systems paid in space", Value: float64(res.SpaceUsed)}
	for i := range ev.entries {
		if e := &ev.entries[i]; e.kind != nil && e.paysSpace() {
			used.Inputs = append(used.Inputs, ruleset.Input{Name: e.kind.Count(c.Systems[i].Count), Value: float64(e.space)})
		}
	}
	root.Children = append(root.Children,
		used,
		&ruleset.Node{Key: "hitsToSuppress", Label: "Hits per ship to suppress", Formula: cat.suppressFormula,
			Value: float64(res.HitsToSuppress), Inputs: []ruleset.Input{{Name: "size", Value: size}}},
		&ruleset.Node{Key: "maxPerSquadron", Label: "Most ships per squadron", Formula: "min(" + itoa(cat.Squadron.MaxShips) + ", ⌊" + itoa(cat.Squadron.MaxSizeUnits) + " / size⌋)",
			Value: float64(res.MaxPerSquadron), Inputs: []ruleset.Input{{Name: "size", Value: size}}})
	gives("fighterWings", "Fighter wings", "what systems give", res.FighterWings, ruleset.Input{Name: "base", Value: 0}, func(g *Gives) Coef { return g.FighterWings })
	gives("engulfCapacity", "Engulf capacity (largest size engulfed)", "what systems give", res.EngulfCapacity, ruleset.Input{Name: "base", Value: 0}, func(g *Gives) Coef { return g.Engulf })
	gives("repairRolls", "Extra repair rolls per ship", "what systems give", res.RepairRolls, ruleset.Input{Name: "base", Value: 0}, func(g *Gives) Coef { return g.RepairRolls })
	res.Explanation = root
}
