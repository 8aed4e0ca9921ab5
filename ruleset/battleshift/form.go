package battleshift

import (
	"strings"
	"sync"

	"github.com/slipway/slipway/data"

	"github.com/slipway/slipway/ruleset"
)

// blank is the document a new ship class starts from: a legal destroyer.
const blank = `{"schema":1,"ruleset":"battleshift","rulesVersion":1,"name":"New destroyer","size":1,` +
	`"systems":[{"kind":"lightBattery","count":1},{"kind":"interceptor","count":1}]}`

// Form describes the designer's form for a ship class: its identity, the
// faction and size, a row per system entry (kind, count, and the payment
// of the either-or kinds), and the panel's numbers. The option lists and
// their help come from the catalogue.
func (r *Ruleset) Form() *ruleset.Form {
	cat := r.cat
	return &ruleset.Form{
		Ruleset: ID,
		Title:   "Ship class",
		Sheet:   "class sheet",
		Intro: "A Battleshift ship is a size and a list of systems. Size gives hull, shields, space units and a base cost of 10 points per size; " +
			"each system fills space units or adds points. Cost is what one ship takes from the fleet's points limit.",
		Blank: ruleset.RawJSON(blank),
		Groups: []ruleset.FieldGroup{
			{Legend: "Identity", Help: "What the class is called and how players find it in the library.", Fields: []ruleset.Field{
				{Name: "name", Kind: ruleset.FieldText, Label: "Class name", Help: "What players call the class, 1-80 characters.", MaxLength: 80},
				{Name: "description", Kind: ruleset.FieldTextarea, Label: "Description", Help: "Anything players should know, up to 4,000 characters.", MaxLength: 4000, Optional: true},
				{Name: "tags", Kind: ruleset.FieldTags, Label: "Tags", Help: "Up to 12 words to find the class by in the library, 1-32 characters each.", MaxLength: 32, MaxItems: 12, Optional: true},
				{Name: "universe", Kind: ruleset.FieldText, Label: "Universe", Help: "The setting the class belongs to, if any.", MaxLength: 80, Optional: true},
			}},
			{Legend: "Ship", Help: "The faction the class serves and its size, which sets everything else.", Fields: []ruleset.Field{
				{Name: "faction", Kind: ruleset.FieldEnum, Label: "Faction", Help: factionHelp(cat), Optional: true, Options: factionOptions(cat)},
				{Name: "size", Kind: ruleset.FieldInteger, Label: "Size", Help: sizeHelp(cat), Min: ruleset.Int(1), Max: ruleset.Int(cat.MaxSize()), Default: ruleset.RawJSON("1")},
			}},
			{Legend: "Systems", Help: "Weapons, defences, drives, hull options and weaknesses: one row per kind.", Fields: []ruleset.Field{
				{Name: "systems", Kind: ruleset.FieldRows, Label: "Systems", Help: "Everything the ship carries beyond its hull: each row is a kind of system and how many.", AddLabel: "Add a system", Columns: []ruleset.Field{
					{Name: "kind", Kind: ruleset.FieldEnum, Label: "System", Help: "What the system is; the list says what each does and what it takes.", Options: kindOptions(cat), Default: ruleset.RawJSON(`"` + cat.Kinds[0].Kind + `"`)},
					{Name: "count", Kind: ruleset.FieldInteger, Label: "Count", Help: "How many, 1-999.", Min: ruleset.Int(1), Max: ruleset.Int(999), Default: ruleset.RawJSON("1")},
					{Name: "pay", Kind: ruleset.FieldEnum, Label: "Pay with", Help: "These systems can fill space units or add points instead.",
						Default: ruleset.RawJSON(`"` + PaySpace + `"`), ShowIf: &ruleset.Condition{Field: "kind", Values: eitherKinds(cat)},
						Options: []ruleset.Option{
							{Value: PaySpace, Label: "Space units", Help: "Fill space units; the cost does not change."},
							{Value: PayCost, Label: "Points", Help: "Add to the cost instead, keeping the space free."},
						}},
				}},
			}},
		},
		Stats:     stats(cat),
		Templates: r.templates(),
		Guide:     starts().guide,
	}
}

// templates are the start file's templates with their headline numbers,
// worked out once.
func (r *Ruleset) templates() []ruleset.Template {
	r.templatesOnce.Do(func() {
		var err error
		if r.templatesNumbered, err = ruleset.WithNumbers(r, stats(r.cat), starts().templates); err != nil {
			panic("battleshift: embedded templates: " + err.Error()) // TestTemplates evaluates them
		}
	})
	return r.templatesNumbered
}

// starts reads the templates (sample classes renamed "New <class>") and
// the guided path of data/battleshift/start.json once.
var starts = sync.OnceValue(func() (s struct {
	templates []ruleset.Template
	guide     []ruleset.GuideStep
}) {
	var err error
	s.templates, s.guide, err = ruleset.ReadStart(data.Battleshift(), "start.json")
	if err != nil {
		panic("battleshift: embedded start.json: " + err.Error()) // TestTemplates reads it
	}
	return s
})

// stats are the panel's numbers, their help written from the catalogue.
func stats(cat *Catalogue) []ruleset.Stat {
	b := &cat.Base
	var moves []string
	for i := 0; i < len(cat.Sizes); {
		j := i
		for j+1 < len(cat.Sizes) && cat.Sizes[j+1].Move == cat.Sizes[i].Move {
			j++
		}
		switch {
		case j == len(cat.Sizes)-1:
			moves = append(moves, itoa(cat.Sizes[i].Move)+" from a "+cat.Sizes[i].ClassName+" up")
		case cat.Sizes[j].ClassName == cat.Sizes[i].ClassName:
			moves = append(moves, itoa(cat.Sizes[i].Move)+" for a "+cat.Sizes[i].ClassName)
		default:
			moves = append(moves, itoa(cat.Sizes[i].Move)+" from a "+cat.Sizes[i].ClassName+" to a "+cat.Sizes[j].ClassName)
		}
		i = j + 1
	}
	return []ruleset.Stat{
		{Pointer: "/cost", Label: "Cost", Headline: true,
			Help: "Points one ship takes from the fleet's limit: " + points(b.Cost.PerSize) + " per size, plus systems paid in points, less weakness discounts. It is also the class's balancing value."},
		{Pointer: "/hull", Label: "Hull", Help: "Damage one ship absorbs, and its squadron's threshold: " + b.Hull.Formula() + gains(cat, func(g *Gives) Coef { return g.Hull }) + "."},
		{Pointer: "/shields", Label: "Shields", Help: "Shield dice per ship: " + b.Shields.Formula() + gains(cat, func(g *Gives) Coef { return g.Shields }) + "."},
		{Pointer: "/hardness", Label: "Shield hardness", Help: "A shield die saves on this or less, less the weapon's power: " + itoa(b.Hardness) + sets(cat, func(g *Gives) int { return g.Hardness }) + "."},
		{Pointer: "/destructionSave", Label: "Destruction save", Help: "A destruction test is passed on this or less: " + itoa(b.DestructionSave) + sets(cat, func(g *Gives) int { return g.DestructionSave }) + "."},
		{Pointer: "/move", Label: "Move", Unit: "\"", Help: "Inches a turn: " + strings.Join(moves, ", ") + gains(cat, func(g *Gives) Coef { return g.Move }) + "."},
		{Pointer: "/spaceUsed", Label: "Space used", Help: "Space units the systems paid in space fill."},
		{Pointer: "/space", Label: "Space", Help: "Space units the ship has: " + b.Space.Formula() + gains(cat, func(g *Gives) Coef { return g.Space }) + "."},
		{Pointer: "/hitsToSuppress", Label: "Hits to suppress", Help: "Hits per ship to put a suppression marker on its squadron, " + cat.suppressFormula + "."},
		{Pointer: "/maxPerSquadron", Label: "Most per squadron", Help: "A squadron holds at most " + itoa(cat.Squadron.MaxShips) + " ships and " + itoa(cat.Squadron.MaxSizeUnits) + " size units."},
	}
}

// gains lists what kinds add to a number: "; Reinforced Hull +1".
func gains(cat *Catalogue, pick func(*Gives) Coef) string {
	var s []string
	for i := range cat.Kinds {
		k := &cat.Kinds[i]
		c := pick(&k.Gives)
		switch {
		case c.IsZero():
			continue
		case c == (Coef{Base: c.Base}):
			s = append(s, k.Name+" "+signed(c.Base))
		default:
			s = append(s, k.Name+" +"+c.Formula())
		}
	}
	if len(s) == 0 {
		return ""
	}
	return "; " + strings.Join(s, ", ")
}

// sets lists what kinds set a number to: "; Weak Shields 3, No Shields 2".
func sets(cat *Catalogue, pick func(*Gives) int) string {
	var s []string
	for i := range cat.Kinds {
		if v := pick(&cat.Kinds[i].Gives); v != 0 {
			s = append(s, cat.Kinds[i].Name+" "+itoa(v))
		}
	}
	if len(s) == 0 {
		return ""
	}
	return "; " + strings.Join(s, ", ")
}

// eitherKinds lists the kinds whose entries choose their payment.
func eitherKinds(cat *Catalogue) []string {
	var out []string
	for i := range cat.Kinds {
		if cat.Kinds[i].Either() {
			out = append(out, cat.Kinds[i].Kind)
		}
	}
	return out
}

func factionOptions(cat *Catalogue) []ruleset.Option {
	out := []ruleset.Option{{Value: "", Label: "Generic", Help: "No faction: any systems."}}
	for _, f := range cat.Factions {
		out = append(out, ruleset.Option{Value: f.ID, Label: f.Name, Help: f.Help})
	}
	return out
}

// factionHelp says what each faction requires, from the catalogue.
func factionHelp(cat *Catalogue) string {
	parts := make([]string, len(cat.Factions))
	for i, f := range cat.Factions {
		names := make([]string, len(f.Requires))
		for j, r := range f.Requires {
			names[j] = cat.Kind(r).Name
		}
		parts[i] = f.Name + " ships carry " + ruleset.List(names, "and")
	}
	return "A faction's ships carry its traits: " + strings.Join(parts, "; ") + ". A generic ship may carry anything."
}

// sizeHelp says what size means, from the catalogue.
func sizeHelp(cat *Catalogue) string {
	var classes []string
	for i := 0; i < len(cat.Sizes); {
		j := i
		for j+1 < len(cat.Sizes) && cat.Sizes[j+1].ClassName == cat.Sizes[i].ClassName {
			j++
		}
		r := itoa(cat.Sizes[i].From)
		switch {
		case j == len(cat.Sizes)-1:
			r += " and up"
		case cat.Sizes[j].To != cat.Sizes[i].From:
			r += "-" + itoa(cat.Sizes[j].To)
		}
		classes = append(classes, r+" a "+cat.Sizes[i].ClassName)
		i = j + 1
	}
	return "Size sets everything else: " + strings.Join(classes, ", ") + ". Each size unit gives " + units(cat.Base.Space.PerSize) +
		" and costs " + points(cat.Base.Cost.PerSize) + ". A squadron holds at most " + itoa(cat.Squadron.MaxSizeUnits) +
		" size units, so " + itoa(cat.MaxSize()) + " is the largest ship."
}

// kindOptions are the catalogue's kinds, each with its help, price and
// limits in plain words.
func kindOptions(cat *Catalogue) []ruleset.Option {
	out := make([]ruleset.Option, len(cat.Kinds))
	for i := range cat.Kinds {
		k := &cat.Kinds[i]
		out[i] = ruleset.Option{Value: k.Kind, Label: k.Name, Help: k.Help + " " + k.priceWords() + k.limitWords(cat)}
	}
	return out
}

// priceWords says how the kind is paid: "Takes 1 space unit.", "Takes 1
// space unit, or +5 points instead.", "Takes 4 points per size off the cost."
func (k *Kind) priceWords() string {
	space := "Takes " + spaceWords(k.Space)
	switch k.Payment {
	case PaymentSpace:
		return space + "."
	case PaymentEither:
		return space + ", or costs " + pointWords(k.Points) + " instead."
	case PaymentBoth:
		return space + " and costs " + pointWords(k.Points) + "."
	case PaymentPoints:
		if k.Points.At(1) < 0 {
			return "Takes " + pointWords(Coef{Base: -k.Points.Base, PerSize: -k.Points.PerSize, PerHalfSize: -k.Points.PerHalfSize, PerThirdSize: -k.Points.PerThirdSize}) + " off the cost."
		}
		return "Costs " + pointWords(k.Points) + "."
	}
	return "Costs neither space nor points."
}

func spaceWords(c Coef) string {
	if c == (Coef{Base: c.Base}) {
		return units(c.Base)
	}
	return "space units equal to " + c.Price()
}

func pointWords(c Coef) string {
	if c == (Coef{Base: c.Base}) {
		return points(c.Base)
	}
	if c == (Coef{PerSize: c.PerSize}) {
		return points(c.PerSize) + " per size"
	}
	return "points equal to " + c.Formula()
}

// limitWords says the kind's limits: " Size 2 or more. Once per ship."
func (k *Kind) limitWords(cat *Catalogue) string {
	var s []string
	switch {
	case k.Limits.Size1 == Size1BuiltIn:
		s = append(s, "Built in on a destroyer (size 1).")
	case k.Limits.MinSize > 1:
		s = append(s, "Size "+itoa(k.Limits.MinSize)+" or more.")
	case k.Limits.Size1 == Size1Refused:
		s = append(s, "Not on a destroyer (size 1).")
	}
	if k.Limits.Once {
		s = append(s, "Once per ship.")
	}
	for _, p := range k.Limits.NotWith {
		s = append(s, "Not with "+cat.Kind(p).Name+".")
	}
	if k.Limits.Experimental {
		s = append(s, "Experimental: a fleet must allow it.")
	}
	if len(s) == 0 {
		return ""
	}
	return " " + strings.Join(s, " ")
}
