package d6ship

import "strings"

// The chapter's tables, in one place: the form, the schema, validation,
// the evaluation, the sheets and docs/d6ship.md read them from here.

// CrewRating is one of the chapter's five crew ratings and its dice pool.
type CrewRating struct {
	ID   string
	Name string
	Dice int
	Help string
}

// CrewRatings are the chapter's crew ratings, poorest first ("A ship's
// crew has a dice pool based on its rating").
var CrewRatings = []CrewRating{
	{"poor", "Poor", 3, "A green or half-trained crew: 3d6 for every action it takes."},
	{"standard", "Standard", 4, "The typical crew of the chapter: 4d6 for every action it takes."},
	{"experienced", "Experienced", 5, "A crew that has seen service: 5d6 for every action it takes."},
	{"veteran", "Veteran", 6, "A crew hardened by many fights: 6d6 for every action it takes."},
	{"elite", "Elite", 7, "The best crews there are: 7d6 for every action it takes."},
}

// WeaponType is one of the chapter's weapon types: the attribute a
// character fires it with and how its damage behaves.
type WeaponType struct {
	ID   string
	Name string
	// Attribute is LOG (missiles: plotting trajectories) or INT.
	Attribute string
	// Falloff is true when the weapon loses 1d6 of damage per range
	// increment (energy weapons, ion weapons among them).
	Falloff bool
	// Split is true when the damage is halved between SUPERSTRUCTURE and
	// CPU (ion weapons).
	Split bool
	Help  string
}

// WeaponTypes are the chapter's weapon types.
var WeaponTypes = []WeaponType{
	{TypeMissile, "Missile", "LOG", false, false, "Missiles and torpedoes, fired with LOG: long range and heavy damage, but point defences stop them more easily, and beyond 10 hexes they take two rounds to arrive (10 hexes a round)."},
	{TypeEnergy, "Energy", "INT", true, false, "Lasers, phasers, blasters, disruptors, fired with INT: they lose 1d6 of damage for each range increment past the first."},
	{TypeIon, "Ion", "INT", true, true, "Ion guns, fired with INT: energy weapons that lose 1d6 per range increment past the first, and whose damage is split, half to SUPERSTRUCTURE and half to CPU."},
	{TypeBallistic, "Ballistic", "INT", false, false, "Mass drivers and cannon, fired with INT: their damage does not fall off with range."},
}

// Arc is one of the four arcs, of fire and of shields, with the attack
// modifier a weapon fired through it takes.
type Arc struct {
	ID       string
	Name     string
	Modifier int // in d6: forward-mounted +1d6, aft-mounted −1d6
	Help     string
}

// Arcs are the four arcs, in the chapter's order.
var Arcs = []Arc{
	{ArcForward, "Forward", 1, "Ahead of the ship. A forward-mounted weapon adds 1d6 to its attack."},
	{ArcPort, "Port", 0, "To the ship's left. No modifier to attacks."},
	{ArcStarboard, "Starboard", 0, "To the ship's right. No modifier to attacks."},
	{ArcAft, "Aft", -1, "Behind the ship. An aft-mounted weapon takes 1d6 off its attack."},
}

// The chapter's fixed numbers.
const (
	// MinClass and MaxClass bound a class: the chapter's stellar objects
	// run "from Class I all the way up to Class 30".
	MinClass = 1
	MaxClass = 30
	// MissileHexesPerRound is how far a missile flies in a round.
	MissileHexesPerRound = 10
	// Squadron statistics: SPEED 10, 1 action, attack range increment 3.
	SquadronSpeed   = 10
	SquadronActions = 1
	SquadronRange   = 3
	// CasualtyDamage is the damage after SOAK from which a hit causes
	// casualties.
	CasualtyDamage = 5
)

// Slipway's bounds where the chapter gives none (docs/d6ship.md,
// Decisions).
const (
	MaxStat       = 999 // SPEED, DEFENSE, E-DEFENSE, SOAK, armour, SS, CPU, power
	MaxSmall      = 99  // damage dice, bank size, aura range and bonus, squadrons, fighters
	MaxWeapons    = 100
	MaxPlayers    = 20
	MaxVelocity   = 999
	MaxIncrements = 6  // range increments the pool tables show
	MaxDistance   = 10 // km the explosion table shows at most
)

func crewRating(id string) *CrewRating {
	for i := range CrewRatings {
		if CrewRatings[i].ID == id {
			return &CrewRatings[i]
		}
	}
	return nil
}

func weaponType(id string) *WeaponType {
	for i := range WeaponTypes {
		if WeaponTypes[i].ID == id {
			return &WeaponTypes[i]
		}
	}
	return nil
}

func arc(id string) *Arc {
	for i := range Arcs {
		if Arcs[i].ID == id {
			return &Arcs[i]
		}
	}
	return nil
}

// Roman writes n (1-3999) as a Roman numeral: 5 "V", 14 "XIV".
func Roman(n int) string {
	if n < 1 || n > 3999 {
		return ""
	}
	var sb strings.Builder
	for _, r := range romans {
		for n >= r.v {
			sb.WriteString(r.s)
			n -= r.v
		}
	}
	return sb.String()
}

var romans = []struct {
	v int
	s string
}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"}, {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}}

// ParseClass reads a class as the chapter writes it, a Roman numeral in
// its usual form ("V", "XIV"); it returns the number and whether s was
// one within MinClass-MaxClass. Lower case is read too, and reported as
// not the usual form (ok false) with the number, so a hint can name it.
func ParseClass(s string) (n int, ok bool) {
	if len(s) == 0 || len(s) > 12 {
		return 0, false
	}
	up := strings.ToUpper(s)
	total, i := 0, 0
	for _, r := range romans {
		for strings.HasPrefix(up[i:], r.s) {
			total += r.v
			i += len(r.s)
		}
	}
	if i != len(up) || total == 0 {
		return 0, false
	}
	// A numeral in another form than the usual one ("IIII", "VX") reads
	// as a number but is not the chapter's way to write it.
	canon := Roman(total)
	return total, canon == s && total >= MinClass && total <= MaxClass
}
