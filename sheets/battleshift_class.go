package sheets

import (
	"strings"

	"github.com/slipway/slipway/ruleset/battleshift"
)

// The class sheet: one Battleshift ship class for players browsing the
// library. Its row as the roster prints it, its other numbers, its
// weapons with their play profiles, its other systems with how they are
// paid, and what a squadron of one to the most ships of the class
// writes beside it.

// classSheet lays out the class sheet of cl from its evaluation r.
func (d *bsDoc) classSheet(cl *battleshift.Class, r *battleshift.Result) {
	d.foot = clean(cl.Name) + "  |  " + plural(r.Cost, "point")
	title := "SHIP CLASS: " + clean(cl.Name)
	first := true
	newPage := func() area {
		t := title
		if !first {
			t += " (CONTINUED)"
		}
		p, a := d.newPage(t, "BATTLESHIFT CLASS SHEET")
		if first {
			first = false
			if desc := cleanText(cl.Description); desc != "" {
				st := textStyle{"I", 7.5, ink(), "L"}
				d.c.setFont(st.style, st.size)
				lines := d.c.wrap(desc, a.w-2, 3)
				h := float64(len(lines)) * st.lineH()
				p.Elements = append(p.Elements, txtBlock(d.c, Box{a.x + 1, a.top, a.w - 2, h}, lines, st))
				a.top += h + 1.5
			}
		}
		return a
	}
	w := d.printable.W - 2*cellPad
	var bands []*band
	add := func(c *cell) { bands = append(bands, &band{full: true, list: true, cells: []*cell{c}}) }

	add(d.bsCell("class", "THE CLASS ROW", "as the fleet roster prints it", []rowSpec{d.classLabelRow(), d.classRow(r, "", w, false)}))
	add(d.bsCell("numbers", "NUMBERS", "", d.classNumbers(cl, r)))
	add(d.bsCell("weapons", "WEAPONS", "power comes off the target's shield hardness", d.classWeapons(r, w)))
	add(d.bsCell("systems", "OTHER SYSTEMS", "space used "+itoa(r.SpaceUsed)+" of "+itoa(r.Space), d.classSystems(r, w)))
	add(d.bsCell("squadrons", "SQUADRONS OF THIS CLASS", "what a squadron writes beside it", d.classSquadrons(r, w)))
	if len(r.Problems) > 0 {
		add(d.problemsCell(r.Problems))
	}
	paginate(bands, newPage, d.emit)
}

// classNumbers are the class's derived numbers in two rows of boxes.
func (d *bsDoc) classNumbers(cl *battleshift.Class, r *battleshift.Result) []rowSpec {
	faction := "generic"
	if f := d.cat.Faction(cl.Faction); f != nil {
		faction = clean(f.Name)
	} else if cl.Faction != "" {
		faction = clean(cl.Faction)
	}
	engulf := "none"
	if r.EngulfCapacity > 0 {
		engulf = "up to size " + itoa(r.EngulfCapacity) + ", if smaller"
	}
	experimental := "no"
	if r.Experimental {
		experimental = "yes: the fleet must allow it"
	}
	legal, warn := "legal", false
	if l := bsLegality(r.Problems); l != "" {
		legal, warn = l, true
	}
	most := itoa(r.MaxPerSquadron)
	if r.MaxPerSquadron <= 0 {
		most = "none: too large"
	}
	rows := [][]stat{
		{
			{"CLASS", clean(r.ClassName), 1, false},
			{"COST", plural(r.Cost, "point"), 1, false},
			{"SPACE USED", itoa(r.SpaceUsed) + " of " + itoa(r.Space), 0.9, false},
			{"DESTRUCTION SAVE (D6)", bsSave(r.DestructionSave), 1.1, false},
			{"MOVEMENT ARC", clean(r.MovementArc), 1.1, false},
			{"FACING CHANGE", clean(r.FacingChange), 0.9, false},
			{"HITS TO SUPPRESS, PER SHIP", itoa(r.HitsToSuppress), 1.2, false},
			{"MOST SHIPS IN A SQUADRON", most, 1.2, false},
		},
		{
			{"FACTION", faction, 1, false},
			{"FIGHTER WINGS", itoa(r.FighterWings), 0.9, false},
			{"ENGULFS SHIPS", engulf, 1.3, false},
			{"EXTRA REPAIR ROLLS, PER SHIP", itoa(r.RepairRolls), 1.3, false},
			{"EXPERIMENTAL", experimental, 1.5, false},
			{"RULES", legal, 1.3, warn},
		},
	}
	out := make([]rowSpec, 0, len(rows))
	for i, st := range rows {
		st := st
		out = append(out, rowSpec{h: bsStatH + 1, keepNext: i+1 < len(rows), build: func(x, y, w float64) []*Element {
			return []*Element{statRow(d.c, "class-numbers", x, y+0.5, w, bsStatH, st)}
		}})
	}
	return out
}

// bsWeaponCols are the columns of a weapons table; count adds a column
// for how many the class carries.
func bsWeaponCols(count bool) []bsCol {
	cols := []bsCol{{"WEAPON", 1.3, "L", true}}
	if count {
		cols = append(cols, bsCol{"COUNT", 0.5, "C", true})
	}
	return append(cols, bsCol{"RANGE", 1.2, "L", false}, bsCol{"ARC", 1.0, "L", false}, bsCol{"TARGETING", 0.9, "C", false},
		bsCol{"POWER", 0.5, "C", false}, bsCol{"WHEN IT FIRES", 1.7, "L", false}, bsCol{"NOTE", 2.6, "L", false})
}

// weaponCells are a weapon's profile as table cells (after its name and
// count): range, arc, targeting, power, timing and note. A range the
// rules give two ways gets a footnote, added to notes.
func weaponCells(name string, wp *battleshift.Weapon, experimental bool, notes *[]bsLine) []string {
	rng := clean(wp.Range)
	if c := conflictText(wp.Conflict); c != "" {
		n := "[" + itoa(len(*notes)+1) + "]"
		rng += " " + n
		*notes = append(*notes, bsLine{key: n, text: name + ", range: the rules give " + c + ". Agree which before the game."})
	}
	note := clean(wp.Note)
	if experimental {
		note = strings.TrimSuffix("experimental; "+note, "; ")
	}
	return []string{rng, clean(wp.Arc), clean(wp.Targeting), clean(wp.Power), clean(wp.Timing), note}
}

// classWeapons is the table of the class's weapons.
func (d *bsDoc) classWeapons(r *battleshift.Result, w float64) []rowSpec {
	if len(r.Weapons) == 0 {
		return []rowSpec{d.textRow("text", "No weapons.", textStyle{"I", 7.5, ink(), "L"}, 5, false)}
	}
	var cells [][]string
	var notes []bsLine
	for i := range r.Weapons {
		wl := &r.Weapons[i]
		name := clean(wl.Name)
		if wl.Weapon.Fires != "" {
			name += " (" + clean(wl.Weapon.Fires) + ")"
		}
		exp := false
		if k := d.cat.Kind(wl.Kind); k != nil {
			exp = k.Limits.Experimental
		}
		cells = append(cells, append([]string{name, itoa(wl.Count)}, weaponCells(name, &wl.Weapon, exp, &notes)...))
	}
	rows := d.tableRows("weapons", bsWeaponCols(true), cells, w)
	if len(notes) > 0 {
		rows = append(rows, bsGapRow(0.8, true))
		rows = append(rows, d.lineRows(notes, 5, w)...)
	}
	return rows
}

// classSystems is the table of the class's other systems: how many, how
// paid, the space they fill and the points they add.
func (d *bsDoc) classSystems(r *battleshift.Result, w float64) []rowSpec {
	if len(r.Systems) == 0 {
		return []rowSpec{d.textRow("text", "No other systems.", textStyle{"I", 7.5, ink(), "L"}, 5, false)}
	}
	dash := func(n int) string {
		if n == 0 {
			return "-"
		}
		return signed(n)
	}
	var cells [][]string
	for _, s := range r.Systems {
		help := ""
		paid := ""
		switch s.Pay {
		case battleshift.PaySpace:
			paid = "space (chosen)"
		case battleshift.PayCost:
			paid = "points (chosen)"
		}
		if k := d.cat.Kind(s.Kind); k != nil {
			help = clean(k.Help)
			if paid == "" {
				paid = map[string]string{battleshift.PaymentSpace: "space", battleshift.PaymentPoints: "points",
					battleshift.PaymentBoth: "space and points", battleshift.PaymentNone: "neither"}[k.Payment]
			}
		}
		space := dash(s.Space)
		if s.Space > 0 {
			space = itoa(s.Space)
		}
		cells = append(cells, []string{clean(s.Name), itoa(s.Count), paid, space, dash(s.Points), help})
	}
	return d.tableRows("systems", []bsCol{{"SYSTEM", 1.3, "L", true}, {"COUNT", 0.5, "C", true}, {"PAID WITH", 1, "L", false},
		{"SPACE", 0.5, "C", false}, {"POINTS", 0.5, "C", false}, {"WHAT IT DOES", 5.2, "L", false}}, cells, w)
}

// classSquadrons is the squadron table: one row per squadron size.
func (d *bsDoc) classSquadrons(r *battleshift.Result, w float64) []rowSpec {
	if len(r.Squadrons) == 0 {
		return []rowSpec{d.textRow("text", "A ship this large fits no squadron.", textStyle{"I", 7.5, ink(), "L"}, 5, false)}
	}
	var cells [][]string
	for _, s := range r.Squadrons {
		cells = append(cells, []string{plural(s.Ships, "ship"), itoa(s.Threshold), itoa(s.TotalDamage), itoa(s.HitsToSuppress),
			bsShields(s.ShieldDice, r.Hardness), itoa(s.Cost)})
	}
	return d.tableRows("squadrons", []bsCol{{"SQUADRON OF", 1, "L", true}, {"THRESHOLD", 1, "C", false}, {"TOTAL DAMAGE", 1, "C", false},
		{"HITS TO SUPPRESS", 1, "C", false}, {"SHIELD DICE @ HARDNESS", 1.2, "C", false}, {"COST", 1, "C", true}}, cells, w)
}
