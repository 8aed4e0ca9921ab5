package sheets

import (
	"fmt"
	"strings"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/d6ship"
)

// The d6 starship chapter's printed matter: the stat block sheet a game
// master runs a fight from (the ship's numbers, the four shield arcs to
// tick down, the SUPERSTRUCTURE and CPU tracks, the crew's thresholds and
// the weapon table with the crew's attack pools) and a one-page quick
// reference of the chapter's actions and modifiers. Every number is read
// from the evaluation (d6ship.Result) or the chapter's tables in
// ruleset/d6ship; nothing here works one out. The pages reuse
// Battleshift's landscape layout pieces (cells, rows, tables, footers).

// D6shipPrinter prints the d6 chapter's matter through the ruleset seam.
// The zero value is ready to use and safe for concurrent use.
type D6shipPrinter struct{}

var _ ruleset.Printer = D6shipPrinter{}

// d6TrackCap is the most boxes a SUPERSTRUCTURE or CPU track prints.
const d6TrackCap = 300

// d6Game is the game's name on its printed pages.
const d6Game = "d6 Starships"

// Sheet prints the stat block sheet of d, a *d6ship.Ship, from ev, its
// *d6ship.Result.
func (D6shipPrinter) Sheet(d ruleset.Design, ev ruleset.Evaluation, o ruleset.PrintOptions) ([]byte, error) {
	s, ok := d.(*d6ship.Ship)
	if !ok || s == nil {
		return nil, fmt.Errorf("sheets: d6 stat block: the design is a %T, not a d6 stat block", d)
	}
	r, ok := ev.(*d6ship.Result)
	if !ok || r == nil {
		return nil, fmt.Errorf("sheets: d6 stat block of %q: the evaluation is a %T, not a d6 result", clean(s.Name), ev)
	}
	doc, err := newBSDoc(o, s.Name)
	if err != nil {
		return nil, fmt.Errorf("sheets: d6 stat block: %w", err)
	}
	doc.game, doc.slug = d6Game, "d6"
	doc.c.pdf.SetTitle(clean(s.Name)+" - d6 starship stat block", true)
	doc.model = clean(r.ModelVersion)
	doc.d6Sheet(s, r)
	return doc.finish("stat block of " + clean(s.Name))
}

// Aids prints the quick reference.
func (D6shipPrinter) Aids(o ruleset.PrintOptions) ([]byte, error) {
	doc, err := newBSDoc(o, "")
	if err != nil {
		return nil, fmt.Errorf("sheets: d6 quick reference: %w", err)
	}
	doc.game, doc.slug = d6Game, "d6"
	doc.c.pdf.SetTitle("d6 Starships quick reference", false)
	doc.foot = "d6 Starships quick reference"
	doc.d6Reference()
	return doc.finish("quick reference")
}

// d6Sheet lays out the stat block sheet.
func (d *bsDoc) d6Sheet(s *d6ship.Ship, r *d6ship.Result) {
	d.foot = clean(s.Name)
	if r.ClassName != "" {
		d.foot += "  |  " + r.ClassName
	}
	title := "STAT BLOCK: " + clean(s.Name)
	first := true
	newPage := func() area {
		t := title
		if !first {
			t += " (CONTINUED)"
		}
		first = false
		_, a := d.newPage(t, "D6 STARSHIPS")
		return a
	}
	w := d.printable.W - 2*cellPad
	var bands []*band
	add := func(c *cell) { bands = append(bands, &band{full: true, list: true, cells: []*cell{c}}) }

	crew := "?"
	for _, c := range d6ship.CrewRatings {
		if c.ID == s.Crew {
			crew = c.Name + " " + itoa(c.Dice) + "d6"
		}
	}
	class := r.ClassName
	if class == "" {
		class = "?"
	}
	ftl := "none"
	if s.FTL {
		ftl = plural(r.FTLSpool, "round")
	}
	numbers := []rowSpec{
		{h: bsStatH, build: func(x, y, w float64) []*Element {
			return []*Element{statRow(d.c, "numbers", x, y, w, bsStatH, []stat{
				{label: "CLASS", value: class, share: 1.2}, {label: "CREW", value: crew, share: 1.6},
				{label: "ACTIONS", value: itoa(r.Actions), share: 1}, {label: "SPEED", value: itoa(s.Speed), share: 1},
				{label: "DEFENSE", value: itoa(s.Defense), share: 1}, {label: "E-DEFENSE", value: itoa(s.EDefense), share: 1},
				{label: "ARMOUR SOAK", value: itoa(s.Armour), share: 1.2}, {label: "FTL SPOOL", value: ftl, share: 1.2},
				{label: "COUNTDOWN", value: itoa(r.Countdown) + "d6", share: 1.1},
				{label: "RAM AT " + itoa(r.Velocity), value: itoa(r.Collision), share: 1.1},
			})}
		}},
	}
	add(d.bsCell("numbers", "THE SHIP", "no points: the chapter has none", numbers))

	var shield [][]string
	for _, a := range r.Soak {
		shield = append(shield, []string{strings.ToUpper(a.Arc), itoa(a.Shield), itoa(a.Total), d6Boxes(a.Shield)})
	}
	add(d.bsCell("shields", "SHIELDS", "tick a box each time a hit gets through: the shield loses 1 SOAK", d.tableRows("shields", []bsCol{
		{"ARC", 0.8, "L", true}, {"SHIELD SOAK", 0.9, "C", false}, {"WITH ARMOUR", 0.9, "C", false}, {"TRACK", 6, "L", false},
	}, shield, w)))

	var tracks []rowSpec
	tracks = append(tracks, d.headingRow("SUPERSTRUCTURE "+itoa(s.Superstructure)+": at 0 roll the countdown from "+itoa(r.Countdown)+"d6, then the ship explodes", true))
	tracks = append(tracks, d.wrapRows(d6Boxes(s.Superstructure), bsCellSt, w, 0, false)...)
	tracks = append(tracks, d.headingRow("CPU "+itoa(s.CPU)+": at 0 the computer shuts down and the ship is offline; it can fall below 0", false))
	tracks = append(tracks, d.wrapRows(d6Boxes(s.CPU)+"   below 0: [ ] [ ] [ ] [ ] [ ] [ ]", bsCellSt, w, 0, false)...)
	tracks = append(tracks, d.headingRow("CREW", false))
	tracks = append(tracks, d.lineRows([]bsLine{
		{key: "5+", text: "A hit of 5 or more damage after SOAK: each player character rolls 1d6 and takes 2d6 on a 6; the rest of the crew take 1d6 casualties."},
		{key: "−1d6", text: "Below the minimum crew complement: −1d6 to every action. Below half of it: −2d6. Below a tenth: the ship cannot function."},
	}, 8, w)...)
	add(d.bsCell("tracks", "DAMAGE", "", tracks))

	var wp [][]string
	for _, x := range r.Weapons {
		bank := ""
		if x.Weapons > 1 {
			bank = itoa(x.Weapons)
		}
		dmg := itoa(x.Damage) + "d6"
		if len(x.DamageByIncrement) > 1 && x.DamageByIncrement[1] != x.Damage {
			dmg += " (" + d6Numbers(x.DamageByIncrement) + ")"
		}
		for i, p := range x.Pools {
			name, typ, attr := clean(x.Name), clean(x.Type), x.Attribute
			if i > 0 {
				name, typ, attr, dmg, bank = "", "", "", "", ""
			}
			wp = append(wp, []string{name, typ, attr, dmg, bank, itoa(x.Range), strings.ToUpper(p.Arc), d6Numbers(p.ByIncrement)})
		}
		if len(x.Pools) == 0 {
			wp = append(wp, []string{clean(x.Name), clean(x.Type), x.Attribute, dmg, bank, itoa(x.Range), "no arc", ""})
		}
	}
	if len(wp) == 0 {
		wp = append(wp, []string{"no weapons", "", "", "", "", "", "", ""})
	}
	add(d.bsCell("weapons", "WEAPONS", "pool: the crew's dice at range increments 1 to 6", d.tableRows("weapons", []bsCol{
		{"WEAPON", 2.2, "L", true}, {"TYPE", 0.9, "L", false}, {"ROLL", 0.5, "C", false}, {"DAMAGE", 1.6, "L", false},
		{"BANK", 0.5, "C", false}, {"RANGE", 0.6, "C", false}, {"ARC", 0.9, "L", false}, {"POOL (d6)", 1.6, "L", false},
	}, wp, w)))

	var other []bsLine
	var blast []string
	for _, b := range r.Explosion {
		blast = append(blast, itoa(b.Distance)+" km "+itoa(b.Damage))
	}
	other = append(other, bsLine{key: "Explosion", text: strings.Join(blast, ", ") + " (total power, halved each km)."})
	if s.PointDefence > 0 {
		other = append(other, bsLine{key: "Point defence", text: "Aura " + ruleset.Count(s.PointDefence, "hex") + ": 1d6 to a ship that enters it or starts its turn in it, 1d6 casualties to a squadron; +" + itoa(s.PointDefenceBonus) + " DEFENSE against missiles and fighters."})
	}
	if q := r.Squadrons; q != nil {
		other = append(other, bsLine{key: "Fighters", text: plural(q.Count, "squadron") + " of " + plural(q.Fighters, "fighter") + ": SPEED " + itoa(q.Speed) + ", " + plural(q.Actions, "action") + ", pool " + itoa(q.Pool) + "d6, HEALTH " + itoa(q.Health) + ", range increment " + itoa(q.Range) + ", damage " + itoa(q.Damage) + " (1d6 up to " + itoa(q.Fighters) + " against squadrons)."})
	}
	add(d.bsCell("other", "ALSO", "", d.lineRows(other, 20, w)))
	if len(r.Problems) > 0 {
		add(d.problemsCell(r.Problems))
	}
	paginate(bands, newPage, d.emit)
}

// d6Boxes is n boxes to tick, at most d6TrackCap.
func d6Boxes(n int) string {
	if n <= 0 {
		return "none"
	}
	s := strings.TrimSpace(strings.Repeat("[ ] ", min(n, d6TrackCap)))
	if n > d6TrackCap {
		s += " (" + itoa(n) + " in all)"
	}
	return s
}

// d6Numbers joins numbers: "7 6 5 4 3 2".
func d6Numbers(ns []int) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = itoa(n)
	}
	return strings.Join(out, " ")
}

// d6Reference is the one-page quick reference: the turn, the actions and
// the modifiers, in Slipway's words from the chapter.
func (d *bsDoc) d6Reference() {
	newPage := func() area { _, a := d.newPage("QUICK REFERENCE", "D6 STARSHIPS"); return a }
	a := area{x: d.printable.X, w: d.printable.W}
	_, cw := a.colBox(false, 0)
	inner := cw - 2*cellPad
	var crews []string
	for _, c := range d6ship.CrewRatings {
		crews = append(crews, c.Name+" "+itoa(c.Dice)+"d6")
	}
	turn := []bsLine{
		{key: "1", text: "Ambush: attribute checks against the enemy's sensors, if it applies."},
		{key: "2", text: "INITIATIVE every round: each player character, and each ship on its crew pool less its size penalty."},
		{key: "3", text: "Move: change speed by up to SPEED, then move exactly that many hexes (1 km each), one free hex-side turn."},
		{key: "4", text: "Actions: as many as the class; a player-crewed ship one per player if that is more, the crew taking the rest."},
		{key: "Crew", text: strings.Join(crews, ", ") + ": one pool for every crew action."},
		{key: "FTL", text: "Spool for as many rounds as the class, flying straight at a steady speed."},
	}
	actions := []bsLine{
		{key: "Attack", text: "LOG (missiles) or INT (energy, ion, ballistic) + gunnery vs DEFENSE; the target must be in the weapon's arc."},
		{key: "Electronic", text: "LOG vs E-DEFENSE: 1d6 CPU damage. Jamming: comms down until your next turn."},
		{key: "Repair", text: "Difficult [16] LOG: 2 SS or 1d6 CPU, or 1 shield SOAK."},
		{key: "Scan", text: "LOG vs DEFENSE: ask one question."},
		{key: "Spot", text: "INT (perception) vs DEFENSE: allies aboard +1d6 against that target until your next turn."},
		{key: "Shields", text: "Move power between arcs once a turn, never past double a shield."},
		{key: "Medical", text: "Challenging [13] LOG to return a casualty to duty; a failure makes it permanent."},
		{key: "Launch", text: "A shuttle or a fighter squadron takes one action."},
	}
	mods := []bsLine{
		{key: "+1d6", text: "Stationary target; rear attack; forward-mounted weapon; a spotter's call."},
		{key: "−1d6", text: "Aft-mounted weapon; each range increment past the first; crew below its minimum complement (−2d6 below half)."},
		{key: "Damage", text: "Roll the weapon's dice, take off the arc's shield SOAK and the armour SOAK, the rest to SUPERSTRUCTURE. A shield hit through loses 1 SOAK."},
		{key: "Energy", text: "−1d6 damage per range increment past the first. Ion: half to SS, half to CPU."},
		{key: "Missiles", text: "10 hexes a round: two rounds to reach a target beyond 10 hexes."},
		{key: "Banks", text: "One attack roll fires every weapon of the bank."},
		{key: "Fighters", text: "Other weapons do 1 damage to a squadron; squadrons do their fighters in flat damage, 1d6 to squadrons."},
		{key: "Ram", text: "Class × velocity to each other. Explosion: total power, halved each km."},
	}
	bands := []*band{{cells: []*cell{
		col(d.bsCell("reference", "THE TURN", "", d.lineRows(turn, 9, inner)), 0),
		col(d.bsCell("reference", "ACTIONS", "", d.lineRows(actions, 14, inner)), 1),
		col(d.bsCell("reference", "MODIFIERS AND DAMAGE", "", d.lineRows(mods, 14, inner)), 2),
	}}}
	paginate(bands, newPage, d.emit)
}
