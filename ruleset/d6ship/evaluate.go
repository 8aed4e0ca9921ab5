package d6ship

import (
	"fmt"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// Result is the evaluation of one stat block: whether it is legal, every
// number the chapter's rules derive from it, explained, and its problems.
// The chapter has no points and no combat value, so there is none here.
type Result struct {
	// Ruleset is always "d6ship".
	Ruleset      string `json:"ruleset"`
	ModelVersion string `json:"modelVersion"`
	Name         string `json:"name"`
	Legal        bool   `json:"legal"`
	// Class is the class as a number (0 when the class cannot be read).
	Class int `json:"class"`
	// ClassName is "Class V".
	ClassName string `json:"className"`
	// CrewDice is the crew's dice pool: 3 (poor) to 7 (elite) d6.
	CrewDice int `json:"crewDice"`
	// Players is the player characters aboard (the option; 0 for a ship
	// the game master runs).
	Players int `json:"players"`
	// Actions per turn beside its move: the class, or for a player-crewed
	// ship the larger of the class and the players.
	Actions int `json:"actions"`
	// CrewActions are the actions the crew takes once every player has
	// taken one.
	CrewActions int `json:"crewActions"`
	// FTLSpool is the rounds to engage the FTL drive (the class); 0
	// without one.
	FTLSpool int `json:"ftlSpool"`
	// Countdown is the pool the destruction countdown is rolled from at 0
	// SUPERSTRUCTURE: the class.
	Countdown int `json:"countdown"`
	// Velocity is the speed the collision damage is worked out at.
	Velocity int `json:"velocity"`
	// Collision is the damage the ship deals in a collision at Velocity:
	// class × velocity.
	Collision int `json:"collision"`
	// Explosion is the explosion's damage by distance in hexes (km).
	Explosion []Blast `json:"explosion"`
	// Soak is the SOAK a hit on each arc meets: shield plus armour.
	Soak []ArcSoak `json:"soak"`
	// Weapons are the weapons with their attack pools and damage.
	Weapons []WeaponLine `json:"weapons"`
	// Squadrons are the fighter squadrons' statistics, or nil.
	Squadrons *SquadronLine `json:"squadrons"`
	// Explanation is every number with its formula.
	Explanation *ruleset.Node `json:"explanation"`
	// Problems are the validation problems, never nil.
	Problems ruleset.Problems `json:"problems"`
}

// Blast is the explosion's damage at one distance.
type Blast struct {
	Distance int `json:"distance"`
	Damage   int `json:"damage"`
}

// ArcSoak is the SOAK of one arc.
type ArcSoak struct {
	Arc    string `json:"arc"`
	Shield int    `json:"shield"`
	Armour int    `json:"armour"`
	Total  int    `json:"total"`
}

// WeaponLine is one weapon of the stat block with what the rules make of
// it.
type WeaponLine struct {
	Name string `json:"name"`
	Type string `json:"type"`
	// Attribute is what a character fires it with: LOG or INT.
	Attribute string `json:"attribute"`
	// Damage is the dice rolled on a hit; Weapons are how many fire with
	// one attack roll (a bank's size, else 1).
	Damage  int `json:"damage"`
	Weapons int `json:"weapons"`
	// Range is the range increment in hexes.
	Range int `json:"range"`
	// DamageByIncrement is the dice of damage at range increments 1, 2,
	// … (energy and ion weapons lose 1d6 per increment past the first).
	DamageByIncrement []int `json:"damageByIncrement"`
	// Pools are the crew's attack pool through each arc the weapon fires.
	Pools []ArcPool `json:"pools"`
}

// ArcPool is a weapon's attack pool, in d6, through one arc at range
// increments 1, 2, … (0: no dice left to roll).
type ArcPool struct {
	Arc         string `json:"arc"`
	Modifier    int    `json:"modifier"`
	ByIncrement []int  `json:"byIncrement"`
}

// SquadronLine is the chapter's fighter squadron as this ship launches it.
type SquadronLine struct {
	Count    int `json:"count"`
	Fighters int `json:"fighters"`
	// Pool is the attack and INITIATIVE pool: the host's crew dice.
	Pool    int `json:"pool"`
	Health  int `json:"health"`
	Speed   int `json:"speed"`
	Actions int `json:"actions"`
	Range   int `json:"range"`
	// Damage is the flat damage against anything but a squadron: the
	// number of fighters.
	Damage int `json:"damage"`
}

// Summary is what the library stores: the class as the hull, whether it
// carries fighters; no CV and no points, which the chapter does not have.
func (r *Result) Summary() ruleset.Summary {
	return ruleset.Summary{Hull: r.ClassName, CarriesFighters: r.Squadrons != nil, Legal: r.Legal, ModelVersion: r.ModelVersion}
}

// Findings are the stat block's problems, never nil.
func (r *Result) Findings() ruleset.Problems {
	if r.Problems == nil {
		return ruleset.Problems{}
	}
	return r.Problems
}

// Explained is the explanation tree.
func (r *Result) Explained() *ruleset.Node { return r.Explanation }

// EvaluateShip validates s and derives every number. It never panics on a
// decoded document; numbers out of bounds are clamped to the bounds
// validation names, so every number stays small and finite.
func EvaluateShip(s *Ship, o Options) *Result {
	res := &Result{Ruleset: ID, ModelVersion: ModelVersion, Name: s.Name}
	res.Problems = validate(s).Capped(ruleset.MaxProblems)
	res.Legal = res.Problems.Legal()

	class, ok := ParseClass(s.Class)
	if !ok {
		class = 0 // D6-CLASS-01 asks for it; nothing is derived from a class that cannot be read
	}
	res.Class = class
	if class > 0 {
		res.ClassName = "Class " + Roman(class)
	}
	crew := crewRating(s.Crew)
	if crew != nil {
		res.CrewDice = crew.Dice
	}
	root := &ruleset.Node{Key: "statBlock", Label: "Stat block (the chapter has no points and no combat value)", Value: float64(class),
		Formula: "class", Inputs: []ruleset.Input{{Name: "class", Value: float64(class)}}}
	add := func(n *ruleset.Node) *ruleset.Node { root.Children = append(root.Children, n); return n }

	// Actions.
	res.Players = clamp(o.Players, 0, MaxPlayers)
	res.Actions = class
	an := &ruleset.Node{Key: "actions", Label: "Actions per turn, beside the move", Value: float64(class), Formula: "class",
		Inputs: []ruleset.Input{{Name: "class", Value: float64(class)}}}
	if res.Players > 0 {
		res.Actions = max(class, res.Players)
		res.CrewActions = res.Actions - res.Players
		an.Formula = "max(class, players): one action per player character or per class, whichever is higher"
		an.Value = float64(res.Actions)
		an.Inputs = append(an.Inputs, ruleset.Input{Name: "players", Value: float64(res.Players)})
		an.Children = []*ruleset.Node{{Key: "crewActions", Label: "Actions left to the crew", Value: float64(res.CrewActions),
			Formula: "actions − players", Inputs: []ruleset.Input{{Name: "actions", Value: float64(res.Actions)}, {Name: "players", Value: float64(res.Players)}}}}
	} else {
		res.CrewActions = class
	}
	add(an)

	// Crew pool.
	cn := add(&ruleset.Node{Key: "crewPool", Label: "Crew dice pool (d6), for every crew action and INITIATIVE", Value: float64(res.CrewDice),
		Formula: "crew rating: poor 3, standard 4, experienced 5, veteran 6, elite 7"})
	if crew != nil {
		cn.Formula = "crew rating " + strings.ToLower(crew.Name) + " = " + itoa(crew.Dice) + "d6"
	}

	// FTL spool and countdown.
	if s.FTL {
		res.FTLSpool = class
		add(&ruleset.Node{Key: "ftlSpool", Label: "FTL spool time (rounds on a straight vector)", Value: float64(class), Formula: "class",
			Inputs: []ruleset.Input{{Name: "class", Value: float64(class)}}})
	} else {
		add(&ruleset.Node{Key: "ftlSpool", Label: "FTL spool time (rounds)", Value: 0, Formula: "no FTL drive"})
	}
	res.Countdown = class
	add(&ruleset.Node{Key: "countdown", Label: "Destruction countdown pool at 0 SUPERSTRUCTURE", Value: float64(class), Formula: "class",
		Inputs: []ruleset.Input{{Name: "class", Value: float64(class)}}})

	// Collision.
	res.Velocity = o.Velocity
	if res.Velocity < 0 {
		res.Velocity = clamp(s.Speed, 0, MaxStat)
	}
	res.Velocity = clamp(res.Velocity, 0, MaxVelocity)
	res.Collision = class * res.Velocity
	vwhy := "velocity"
	if o.Velocity < 0 {
		vwhy = "velocity (the ship's SPEED, unless another is asked for)"
	}
	add(&ruleset.Node{Key: "collision", Label: fmt.Sprintf("Collision damage dealt at velocity %d", res.Velocity), Value: float64(res.Collision),
		Formula: "class × " + vwhy, Inputs: []ruleset.Input{{Name: "class", Value: float64(class)}, {Name: "velocity", Value: float64(res.Velocity)}}})

	// Explosion.
	power := clamp(s.Power, 0, MaxStat)
	xn := add(&ruleset.Node{Key: "explosion", Label: "Explosion damage in the ship's own hex", Value: float64(power),
		Formula: "total power, halved for each hex (km) of distance, rounded down", Inputs: []ruleset.Input{{Name: "power", Value: float64(power)}}})
	for d := 0; d <= MaxDistance; d++ {
		dmg := power >> d
		res.Explosion = append(res.Explosion, Blast{Distance: d, Damage: dmg})
		if d > 0 {
			xn.Children = append(xn.Children, &ruleset.Node{Key: fmt.Sprintf("explosion[%d]", d), Label: fmt.Sprintf("at %d km", d), Value: float64(dmg),
				Formula: fmt.Sprintf("⌊power ÷ 2^%d⌋", d), Inputs: []ruleset.Input{{Name: "power", Value: float64(power)}}})
		}
		if dmg == 0 {
			break
		}
	}

	// SOAK per arc.
	armour := clamp(s.Armour, 0, MaxStat)
	sn := add(&ruleset.Node{Key: "soak", Label: "Armour SOAK, on every arc", Value: float64(armour), Formula: "armour"})
	for _, a := range Arcs {
		sh := clamp(s.Shields.Shield(a.ID), 0, MaxStat)
		res.Soak = append(res.Soak, ArcSoak{Arc: a.ID, Shield: sh, Armour: armour, Total: sh + armour})
		sn.Children = append(sn.Children, &ruleset.Node{Key: "soak." + a.ID, Label: a.Name + " SOAK (shield + armour)", Value: float64(sh + armour),
			Formula: a.ID + " shield + armour; the shield loses 1 each time it is penetrated",
			Inputs:  []ruleset.Input{{Name: a.ID + " shield", Value: float64(sh)}, {Name: "armour", Value: float64(armour)}}})
	}

	// Weapons.
	res.Weapons = []WeaponLine{}
	for i := range s.Weapons[:min(len(s.Weapons), MaxWeapons)] {
		line, node := weaponLine(&s.Weapons[i], i, res.CrewDice)
		res.Weapons = append(res.Weapons, line)
		add(node)
	}

	// Fighters.
	if s.Squadrons > 0 {
		f := clamp(s.Fighters, 0, MaxSmall)
		sq := &SquadronLine{Count: clamp(s.Squadrons, 0, MaxSmall), Fighters: f, Pool: res.CrewDice, Health: f,
			Speed: SquadronSpeed, Actions: SquadronActions, Range: SquadronRange, Damage: f}
		res.Squadrons = sq
		add(&ruleset.Node{Key: "squadrons", Label: "Fighter squadrons", Value: float64(sq.Count), Formula: "squadrons carried; launching one takes an action",
			Children: []*ruleset.Node{
				{Key: "squadron.pool", Label: "Squadron attack and INITIATIVE pool (d6)", Value: float64(sq.Pool), Formula: "the host ship's crew pool"},
				{Key: "squadron.health", Label: "Squadron HEALTH", Value: float64(f), Formula: "fighters in the squadron"},
				{Key: "squadron.damage", Label: "Squadron damage to anything but a squadron", Value: float64(f), Formula: "fighters in the squadron (flat)"},
			}})
	}
	res.Explanation = root
	return res
}

// weaponLine derives one weapon's numbers: the attack pool through each
// of its arcs and the damage at each range increment, increments 1 to
// MaxIncrements.
func weaponLine(w *Weapon, i, crew int) (WeaponLine, *ruleset.Node) {
	t := weaponType(w.Type)
	dmg := clamp(w.Damage, 0, MaxSmall)
	line := WeaponLine{Name: w.Name, Type: w.Type, Damage: dmg, Weapons: 1, Range: clamp(w.Range, 0, MaxStat), Pools: []ArcPool{}}
	if w.Bank >= 2 {
		line.Weapons = clamp(w.Bank, 2, MaxSmall)
	}
	label := fmt.Sprintf("Weapon %d (%s)", i+1, w.Name)
	node := &ruleset.Node{Key: fmt.Sprintf("weapons[%d]", i), Label: label + ", damage on a hit (d6)", Value: float64(dmg), Formula: "damage dice",
		Inputs: []ruleset.Input{{Name: "damage", Value: float64(dmg)}}}
	falloff := t != nil && t.Falloff
	if t != nil {
		line.Attribute = t.Attribute
	}
	for n := 1; n <= MaxIncrements; n++ {
		d := dmg
		if falloff {
			d = max(0, dmg-(n-1))
		}
		line.DamageByIncrement = append(line.DamageByIncrement, d)
	}
	if falloff {
		node.Formula = "damage dice − 1d6 per range increment past the first (energy weapons)"
		node.Children = append(node.Children, &ruleset.Node{Key: node.Key + ".falloff", Label: fmt.Sprintf("damage at increment %d (%d hexes)", MaxIncrements, MaxIncrements*line.Range),
			Value: float64(line.DamageByIncrement[MaxIncrements-1]), Formula: fmt.Sprintf("max(0, damage − %d)", MaxIncrements-1),
			Inputs: []ruleset.Input{{Name: "damage", Value: float64(dmg)}}})
	}
	if t != nil && t.Split {
		node.Children = append(node.Children, &ruleset.Node{Key: node.Key + ".ion", Label: "ion: the total rolled is halved, half to SUPERSTRUCTURE and half to CPU", Value: float64(dmg), Formula: "damage dice; total ÷ 2 to SS and ÷ 2 to CPU"})
	}
	seen := map[string]bool{}
	for _, id := range w.Arcs {
		a := arc(id)
		if a == nil || seen[id] || len(line.Pools) == len(Arcs) {
			continue
		}
		seen[id] = true
		p := ArcPool{Arc: id, Modifier: a.Modifier}
		for n := 1; n <= MaxIncrements; n++ {
			p.ByIncrement = append(p.ByIncrement, max(0, crew+a.Modifier-(n-1)))
		}
		line.Pools = append(line.Pools, p)
		pn := &ruleset.Node{Key: node.Key + ".pool." + id, Label: fmt.Sprintf("%s attack pool through the %s arc, first range increment (d6)", label, id),
			Value: float64(p.ByIncrement[0]), Formula: "crew pool " + signedDice(a.Modifier) + " (" + a.ID + " mount)",
			Inputs: []ruleset.Input{{Name: "crew", Value: float64(crew)}, {Name: "arc", Value: float64(a.Modifier)}}}
		pn.Children = append(pn.Children, &ruleset.Node{Key: pn.Key + ".far", Label: fmt.Sprintf("at increment %d (up to %d hexes)", MaxIncrements, MaxIncrements*line.Range),
			Value: float64(p.ByIncrement[MaxIncrements-1]), Formula: fmt.Sprintf("max(0, crew pool %s − 1d6 per range increment past the first)", signedDice(a.Modifier)),
			Inputs: []ruleset.Input{{Name: "crew", Value: float64(crew)}, {Name: "arc", Value: float64(a.Modifier)}, {Name: "increments past the first", Value: MaxIncrements - 1}}})
		node.Children = append(node.Children, pn)
	}
	return line, node
}

func signedDice(n int) string {
	switch {
	case n > 0:
		return "+ " + itoa(n) + "d6"
	case n < 0:
		return "− " + itoa(-n) + "d6"
	}
	return "+ 0d6"
}

func clamp(n, lo, hi int) int { return max(lo, min(hi, n)) }

func itoa(n int) string { return fmt.Sprint(n) }
