package d6ship

import (
	"fmt"
	"strings"
	"sync"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// blank is the document a new stat block starts from: a legal Class I
// ship with a standard crew and one gun.
const blank = `{"schema":1,"ruleset":"d6ship","rulesVersion":1,"name":"New ship","class":"I","crew":"standard",` +
	`"speed":4,"defense":12,"eDefense":12,"shields":{"forward":1,"port":1,"starboard":1,"aft":1},"armour":0,` +
	`"superstructure":10,"cpu":5,"power":10,"ftl":true,` +
	`"weapons":[{"name":"Laser","type":"energy","damage":2,"range":3,"arcs":["forward"]}]}`

// Form describes the designer's form for a stat block. Its option lists
// and their help come from the chapter's tables (table.go).
func (r *Ruleset) Form() *ruleset.Form {
	f := r.formWithout()
	f.Templates = templates()
	f.Guide = starts().guide
	return f
}

// formWithout is the form without its templates and guided path.
func (r *Ruleset) formWithout() *ruleset.Form {
	num := func(name, label, help string, lo, hi, def int) ruleset.Field {
		return ruleset.Field{Name: name, Kind: ruleset.FieldInteger, Label: label, Help: help, Min: ruleset.Int(lo), Max: ruleset.Int(hi),
			Default: ruleset.RawJSON(itoa(def))}
	}
	opt := func(f ruleset.Field) ruleset.Field { f.Optional = true; return f }
	var shields []ruleset.Field
	for _, a := range Arcs {
		shields = append(shields, num("shields."+a.ID, a.Name+" shield SOAK",
			fmt.Sprintf("Damage the %s shield takes off each hit on that side, before the rest reaches SUPERSTRUCTURE. It drops by 1 each time a hit gets through it.", strings.ToLower(a.Name)),
			0, MaxStat, 0))
	}
	return &ruleset.Form{
		Ruleset: ID,
		Title:   "Stat block",
		Sheet:   "stat block sheet",
		Intro: "A starship of the d6 roleplaying game's starship chapter, as the stat block a game master runs a fight from. " +
			"The chapter has no construction rules and no points: enter the numbers your table uses, and Slipway checks what the chapter fixes and works out what its rules make of them.",
		Blank: ruleset.RawJSON(blank),
		Groups: []ruleset.FieldGroup{
			{Legend: "Identity", Help: "What the ship is called and how players find it in the library.", Fields: []ruleset.Field{
				{Name: "name", Kind: ruleset.FieldText, Label: "Ship name", Help: "What the ship or its class is called, 1-80 characters.", MaxLength: 80},
				{Name: "description", Kind: ruleset.FieldTextarea, Label: "Description", Help: "Anything the game master should know, up to 4,000 characters.", MaxLength: 4000, Optional: true},
				{Name: "tags", Kind: ruleset.FieldTags, Label: "Tags", Help: "Up to 12 words to find the ship by in the library, 1-32 characters each.", MaxLength: 32, MaxItems: 12, Optional: true},
				{Name: "universe", Kind: ruleset.FieldText, Label: "Universe", Help: "The setting the ship belongs to, if any.", MaxLength: 80, Optional: true},
			}},
			{Legend: "Ship", Help: "Class and crew set how much the ship does in a turn and how well; the rest are its defences and its hit points.", Fields: []ruleset.Field{
				{Name: "class", Kind: ruleset.FieldEnum, Label: "Class", Options: classOptions(), Default: ruleset.RawJSON(`"I"`),
					Help: "The ship's size, in Roman numerals. It is the number of actions the ship takes each turn beside its move, the rounds its FTL drive needs to spool, what it multiplies its velocity by when it rams, and its countdown pool when it is destroyed."},
				{Name: "crew", Kind: ruleset.FieldEnum, Label: "Crew rating", Options: crewOptions(), Default: ruleset.RawJSON(`"standard"`),
					Help: "How good the crew is. The crew rolls this one dice pool for every action it takes (attacks, repairs, scans) and for the ship's INITIATIVE; its fighters use it too."},
				num("speed", "SPEED", "How much the ship may raise or lower its current speed at the start of its turn. It then moves exactly its current speed in hexes (1 hex is 1 km), turning one hex side for free.", 0, MaxStat, 4),
				num("defense", "DEFENSE", "The target number attacks and sensor scans against the ship must reach.", 0, MaxStat, 12),
				num("eDefense", "E-DEFENSE", "The target number electronic attacks and jamming against the ship must reach.", 0, MaxStat, 12),
				num("armour", "Armour SOAK", "Damage the hull's armour takes off every hit, whichever side it lands on, on top of that side's shield.", 0, MaxStat, 0),
				num("superstructure", "SUPERSTRUCTURE", "The ship's hit points (SS). At 0 it starts a fast countdown and then explodes.", 1, MaxStat, 10),
				num("cpu", "CPU", "The computer's CPU cycles. Electronic attacks take 1d6 off them; at 0 the computer shuts down and the ship goes offline. It can fall below 0.", 0, MaxStat, 5),
				num("power", "Total power", "The power of all the ship's engines together: the damage its explosion does in its own hex, halved for every hex (km) further away.", 0, MaxStat, 10),
				{Name: "ftl", Kind: ruleset.FieldBoolean, Label: "FTL drive", Help: "Whether the ship can jump faster than light. Spooling the drive takes as many rounds as its class, flying straight and at a steady speed.", Default: ruleset.RawJSON("true")},
			}},
			{Legend: "Shields", Help: "Each of the four sides has its own shield. A player may move power from one shield to another once a turn, but never to more than double a shield.", Fields: shields},
			{Legend: "Point defence and fighters", Help: "Close-in guns that hurt anything near the ship, and the fighter squadrons it launches.", Fields: []ruleset.Field{
				opt(num("pointDefence", "Point-defence aura", "The aura's range in hexes; 0 for none. A ship that enters the aura or starts its turn in it takes 1d6 damage, and a fighter squadron 1d6 casualties.", 0, MaxSmall, 0)),
				opt(num("pointDefenceBonus", "Point-defence bonus", "The DEFENSE bonus the aura gives against missiles and fighters. The chapter does not say how big it is: enter your table's.", 0, MaxSmall, 0)),
				opt(num("squadrons", "Fighter squadrons", "How many fighter squadrons the ship carries; launching one takes an action. A squadron has SPEED 10, 1 action and range increment 3, and rolls the ship's crew pool.", 0, MaxSmall, 0)),
				opt(num("fighters", "Fighters per squadron", "Fighters in each squadron: its HEALTH, and the flat damage it does to anything but another squadron.", 0, MaxSmall, 0)),
			}},
			{Legend: "Weapons", Help: "One row per weapon or bank, as the stat block lists them.", Fields: []ruleset.Field{
				{Name: "weapons", Kind: ruleset.FieldRows, Label: "Weapons", Help: "The ship's weapons. Each fires at a target in one of its arcs with an attack roll against the target's DEFENSE.", AddLabel: "Add a weapon", Columns: []ruleset.Field{
					{Name: "type", Kind: ruleset.FieldEnum, Label: "Type", Help: "What kind of weapon it is: it decides the attribute it is fired with and how its damage behaves.", Options: typeOptions(), Default: ruleset.RawJSON(`"energy"`)},
					{Name: "name", Kind: ruleset.FieldText, Label: "Name", Help: "What the stat block calls the weapon, 1-60 characters.", MaxLength: 60, Default: ruleset.RawJSON(`"Weapon"`)},
					num("damage", "Damage (d6)", "Dice of damage rolled on a hit. The target's SOAK on that side is taken off, and the rest reaches SUPERSTRUCTURE.", 1, MaxSmall, 2),
					num("range", "Range increment", "Hexes (km) per range increment. Each increment past the first takes 1d6 off the attack, and energy weapons lose 1d6 of damage too.", 1, MaxStat, 3),
					{Name: "arcs", Kind: ruleset.FieldTags, Label: "Arcs", Help: "The arcs the weapon fires through: forward, port, starboard or aft. A turret has more than one. Forward mounts add 1d6 to the attack, aft mounts take 1d6 off.", MaxLength: 9, MaxItems: len(Arcs), Default: ruleset.RawJSON(`["forward"]`)},
					opt(num("bank", "Bank size", "For a bank or array, how many weapons fire together with one attack roll, by one gunner: 2 or more. Leave it empty for a single weapon.", 0, MaxSmall, 0)),
				}},
			}},
		},
		Stats: []ruleset.Stat{
			{Pointer: "/actions", Label: "Actions", Headline: true, Help: "Actions a turn beside the move: the class, or for a ship crewed by player characters one per player if that is more. The chapter has no points and no combat value, so the panel shows what its rules make of the stat block instead."},
			{Pointer: "/crewDice", Label: "Crew dice", Unit: "d6", Help: "The crew's dice pool for every action and for INITIATIVE, from its rating."},
			{Pointer: "/ftlSpool", Label: "FTL spool", Help: "Rounds the FTL drive takes to engage: the class (0 without a drive)."},
			{Pointer: "/countdown", Label: "Countdown pool", Help: "At 0 SUPERSTRUCTURE the ship rolls a fast countdown from this pool, the class, and then explodes."},
			{Pointer: "/collision", Label: "Collision damage", Help: "Damage the ship does to what it hits: class × velocity, here at its SPEED."},
			{Pointer: "/velocity", Label: "At velocity", Help: "The velocity the collision damage is worked out at: the ship's SPEED unless another is asked for."},
		},
	}
}

// starts reads the templates (the samples renamed "New <label>") and the
// guided path of data/d6ship/start.json once.
var starts = sync.OnceValue(func() (s struct {
	templates []ruleset.Template
	guide     []ruleset.GuideStep
}) {
	var err error
	s.templates, s.guide, err = ruleset.ReadStart(data.D6ship(), "start.json")
	if err != nil {
		panic("d6ship: embedded start.json: " + err.Error()) // TestTemplates reads it
	}
	return s
})

// templates are the start file's templates with their headline numbers,
// worked out once.
var templates = sync.OnceValue(func() []ruleset.Template {
	r := New()
	f := *r.formWithout()
	ts, err := ruleset.WithNumbers(r, f.Stats, starts().templates)
	if err != nil {
		panic("d6ship: embedded templates: " + err.Error()) // TestTemplates evaluates them
	}
	return ts
})

func classOptions() []ruleset.Option {
	var out []ruleset.Option
	for n := MinClass; n <= MaxClass; n++ {
		out = append(out, ruleset.Option{Value: Roman(n), Label: "Class " + Roman(n),
			Help: fmt.Sprintf("%s a turn, %s of FTL spool, %d × velocity in a collision.", ruleset.Count(n, "action"), ruleset.Count(n, "round"), n)})
	}
	return out
}

func crewOptions() []ruleset.Option {
	var out []ruleset.Option
	for _, c := range CrewRatings {
		out = append(out, ruleset.Option{Value: c.ID, Label: fmt.Sprintf("%s (%dd6)", c.Name, c.Dice), Help: c.Help})
	}
	return out
}

func typeOptions() []ruleset.Option {
	var out []ruleset.Option
	for _, t := range WeaponTypes {
		out = append(out, ruleset.Option{Value: t.ID, Label: t.Name, Help: t.Help})
	}
	return out
}
