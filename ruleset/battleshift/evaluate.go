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
	ev.res.Problems = ev.validate().Capped(ruleset.MaxProblems)
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

// explainer hands out the explanation's nodes, inputs and child lists
// from three blocks sized for the class, so that the tree costs three
// allocations whatever the number of systems.
type explainer struct {
	nodes  []ruleset.Node
	inputs []ruleset.Input
	kids   []*ruleset.Node
}

func (x *explainer) node(key, label, formula string, v int, inputs ...ruleset.Input) *ruleset.Node {
	x.nodes = append(x.nodes, ruleset.Node{Key: key, Label: label, Formula: formula, Value: float64(v)})
	n := &x.nodes[len(x.nodes)-1]
	if len(inputs) > 0 {
		start := len(x.inputs)
		x.inputs = append(x.inputs, inputs...)
		n.Inputs = x.inputs[start:len(x.inputs):len(x.inputs)]
	}
	return n
}

// input adds one input to n, which must be the last node given inputs.
func (x *explainer) input(n *ruleset.Node, name string, v int) {
	x.inputs = append(x.inputs, ruleset.Input{Name: name, Value: float64(v)})
	n.Inputs = x.inputs[len(x.inputs)-len(n.Inputs)-1 : len(x.inputs) : len(x.inputs)]
}

// children gives n room for k children.
func (x *explainer) children(n *ruleset.Node, k int) {
	start := len(x.kids)
	x.kids = x.kids[:start+k]
	n.Children = x.kids[start:start:(start + k)]
}

// explainNodes is the number of nodes of an explanation besides one per
// system paid in points; explainInputs is the number of inputs besides
// those the systems add.
const explainNodes, explainInputs = 16, 16

// explain builds the explanation: the cost term by term, then every other
// derived number with what it read.
func (ev *evaluation) explain() {
	cat, c, res := ev.cat, ev.c, ev.res
	fm := &cat.formulas
	n := len(ev.entries)
	x := &explainer{
		nodes:  make([]ruleset.Node, 0, explainNodes+n),
		inputs: make([]ruleset.Input, 0, explainInputs+2*n+gainsInputs(ev)),
		kids:   make([]*ruleset.Node, 0, explainNodes+1+n),
	}
	root := x.node("evaluation", "Evaluation of \""+c.Name+"\"", ModelVersion, res.Cost)
	x.children(root, explainNodes)

	paid := 0
	for i := range ev.entries {
		if e := &ev.entries[i]; e.kind != nil && e.paysPoints() {
			paid++
		}
	}
	cost := x.node("cost", "Cost", "base + systems paid in points − weakness discounts", res.Cost)
	x.children(cost, 1+paid)
	cost.Children = append(cost.Children, x.node("cost.base", "Base cost", fm.cost, cat.Base.Cost.At(c.Size), ruleset.Input{Name: "size", Value: float64(c.Size)}))
	for i := range ev.entries {
		e := &ev.entries[i]
		if e.kind == nil || !e.paysPoints() {
			continue
		}
		cost.Children = append(cost.Children, x.node(systemKey(i), e.kind.text.costLabel, e.kind.text.costFormula, e.points,
			ruleset.Input{Name: "count", Value: float64(c.Systems[i].Count)}, ruleset.Input{Name: "size", Value: float64(c.Size)}))
	}
	root.Children = append(root.Children, cost)

	gives := func(key, label, formula string, value int, baseName string, base int, pick func(*Gives) Coef) {
		nd := x.node(key, label, formula, value, ruleset.Input{Name: baseName, Value: float64(base)})
		for i := range ev.entries {
			if e := &ev.entries[i]; e.kind != nil && !pick(&e.kind.Gives).IsZero() {
				x.input(nd, e.kind.Name, smul(c.Systems[i].Count, pick(&e.kind.Gives).At(c.Size)))
			}
		}
		root.Children = append(root.Children, nd)
	}
	sets := func(key, label, formula string, value, base int, pick func(*Gives) int) {
		nd := x.node(key, label, formula, value, ruleset.Input{Name: "base", Value: float64(base)})
		for i := range ev.entries {
			if e := &ev.entries[i]; e.kind != nil && pick(&e.kind.Gives) != 0 {
				x.input(nd, e.kind.Name, pick(&e.kind.Gives))
			}
		}
		root.Children = append(root.Children, nd)
	}
	gives("hull", "Hull", fm.hull, res.Hull, "base", cat.Base.Hull.At(c.Size), func(g *Gives) Coef { return g.Hull })
	gives("shields", "Shields", fm.shields, res.Shields, "base", cat.Base.Shields.At(c.Size), func(g *Gives) Coef { return g.Shields })
	sets("hardness", "Shield hardness (saves on this or less)", "the base, or what a system sets", res.Hardness, cat.Base.Hardness, func(g *Gives) int { return g.Hardness })
	sets("destructionSave", "Destruction save (passes on this or less)", "the base, or what a system sets", res.DestructionSave, cat.Base.DestructionSave, func(g *Gives) int { return g.DestructionSave })
	gives("move", "Move (inches)", "the size band's move + what systems add", res.Move, ev.band.moveBase, ev.band.Move, func(g *Gives) Coef { return g.Move })
	gives("space", "Space units", fm.space, res.Space, "base", cat.Base.Space.At(c.Size), func(g *Gives) Coef { return g.Space })

	used := x.node("spaceUsed", "Space units used", "Σ systems paid in space", res.SpaceUsed)
	for i := range ev.entries {
		if e := &ev.entries[i]; e.kind != nil && e.paysSpace() {
			if used.Inputs == nil {
				used.Inputs = x.inputs[len(x.inputs):len(x.inputs):len(x.inputs)]
			}
			x.input(used, e.kind.Plural, e.space)
		}
	}
	root.Children = append(root.Children, used,
		x.node("hitsToSuppress", "Hits per ship to suppress", cat.suppressFormula, res.HitsToSuppress, ruleset.Input{Name: "size", Value: float64(c.Size)}),
		x.node("maxPerSquadron", "Most ships per squadron", fm.maxPerSquadron, res.MaxPerSquadron, ruleset.Input{Name: "size", Value: float64(c.Size)}))
	gives("fighterWings", "Fighter wings", "what systems give", res.FighterWings, "base", 0, func(g *Gives) Coef { return g.FighterWings })
	gives("engulfCapacity", "Engulf capacity (largest size engulfed)", "what systems give", res.EngulfCapacity, "base", 0, func(g *Gives) Coef { return g.Engulf })
	gives("repairRolls", "Extra repair rolls per ship", "what systems give", res.RepairRolls, "base", 0, func(g *Gives) Coef { return g.RepairRolls })
	res.Explanation = root
}

// gainsInputs counts the inputs the systems add to the explanation: one
// per number each entry's kind changes.
func gainsInputs(ev *evaluation) int {
	n := 0
	for i := range ev.entries {
		if k := ev.entries[i].kind; k != nil {
			n += k.text.gives
		}
	}
	return n
}

// systemKeys are the explanation keys of the first entries.
var systemKeys = func() (keys [MaxSystems]string) {
	for i := range keys {
		keys[i] = "cost.systems[" + itoa(i) + "]"
	}
	return keys
}()

func systemKey(i int) string {
	if i < len(systemKeys) {
		return systemKeys[i]
	}
	return "cost.systems[" + itoa(i) + "]"
}
