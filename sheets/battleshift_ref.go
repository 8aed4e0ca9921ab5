package sheets

import (
	"regexp"
	"strings"

	"github.com/slipway/slipway/ruleset/battleshift"
)

// The quick reference: the rules a Battleshift player looks up during a
// game, written in Slipway's own words from the facts of the rules'
// quick reference sheet (V1.07) and body. Its tables come from the
// catalogue: the size bands (movement, facing, hits to suppress), the
// weapons' play profiles, the hardness and destruction saves the hull
// and shield options set. Where the rules give a range two ways, the
// weapon table prints the catalogue's value with a footnote giving both.

// quickReference lays out the quick reference: turn and activation with
// the movement table; combat with the suppression table; missiles,
// fighters, interceptors, repair and battleshifting; then the weapons.
func (d *bsDoc) quickReference() {
	first := true
	newPage := func() area {
		t := "QUICK REFERENCE"
		if !first {
			t += " (CONTINUED)"
		}
		first = false
		_, a := d.newPage(t, "BATTLESHIFT")
		return a
	}
	a := area{x: d.printable.X, w: d.printable.W}
	_, cw := a.colBox(false, 0)
	inner := cw - 2*cellPad
	full := a.w - 2*cellPad
	bands := []*band{
		{cells: []*cell{
			col(d.bsCell("reference", "TURN AND ACTIVATION", "", d.turnRows(inner)), 0),
			col(d.bsCell("reference", "COMBAT", "", d.combatRows(inner)), 1),
			col(d.bsCell("reference", "MISSILES, FIGHTERS, INTERCEPTORS", "", d.supportRows(inner)), 2),
		}},
		{full: true, cells: []*cell{d.bsCell("reference", "WEAPONS", "power comes off the target's shield hardness", d.weaponRows(full))}},
		{cells: []*cell{
			col(d.bsCell("reference", "END OF AN ACTIVATION", "", d.endRows(inner)), 0),
			col(d.bsCell("reference", "BATTLESHIFTING", "", d.shiftRows(inner)), 1),
			col(d.bsCell("reference", "FLEETS", "", d.fleetRows(inner)), 2),
		}},
	}
	paginate(bands, newPage, d.emit)
}

// col puts a cell in grid column i.
func col(c *cell, i int) *cell {
	c.col = i
	return c
}

// turnRows: the turn, the activation of a task force, movement by size.
func (d *bsDoc) turnRows(w float64) []rowSpec {
	cmd := bsInches(bsCommandRange)
	var rows []rowSpec
	rows = append(rows, d.headingRow("EACH TURN", true))
	rows = append(rows, d.lineRows([]bsLine{
		{key: "1", text: "Arrivals: task forces due this turn come onto the table in the sector and facing written for them, their squadrons in any formation."},
		{key: "2", text: "Orders: each player writes in secret the order their task forces will activate in, and any battleshift: who leaves, the turn they return, their sector and facing. Detached squadrons are not written down."},
		{key: "3", text: "Initiative: each player rolls a die, +1 for the player with more task forces on the table. The higher roll chooses to activate first or second."},
		{key: "4", text: "Task forces: the players take turns activating one task force each, in their written order."},
		{key: "5", text: "Detached squadrons: then the players take turns activating these, in any order."},
		{key: "6", text: "Victory: check the victory conditions; if no side has won, play another turn."},
	}, 3.2, w)...)
	rows = append(rows, d.headingRow("ACTIVATING A TASK FORCE", false))
	rows = append(rows, d.lineRows([]bsLine{
		{key: "1", text: "Launch missiles: choose each squadron's target; the missiles wait beside a launching ship."},
		{key: "2", text: "Fire the weapons that fire before moving (heavy batteries)."},
		{key: "3", text: "Move the squadrons; during the move launch and recover fighters and fire light batteries and interceptors."},
		{key: "a", text: "Command: one ship of each squadron stays within " + cmd + " of the flagship.", sub: true},
		{key: "b", text: "Formation: a squadron's ships stay within 6\" of each other, or each within 2\" of another; all end facing the same way.", sub: true},
		{key: "c", text: "Movement arc and facing change by size: the table below.", sub: true},
		{key: "4", text: "Fighters move and attack; the enemy may answer with fighters and interceptors."},
		{key: "5", text: "Missiles move and strike."},
		{key: "6", text: "Boarding actions (experimental)."},
		{key: "7", text: "Recover from suppression, then repair."},
	}, 3.2, w)...)
	rows = append(rows, d.headingRow("MOVEMENT BY SIZE", false))
	var cells [][]string
	for _, b := range d.cat.Sizes {
		cells = append(cells, []string{sizeRange(b.From, b.To), clean(b.ClassName), bsInches(b.Move), clean(b.MovementArc), clean(b.FacingChange)})
	}
	rows = append(rows, d.tableRows("movement", []bsCol{
		{"SIZE", 0.7, "L", true}, {"CLASS", 1.2, "L", false}, {"MOVE", 0.7, "C", false},
		{"MOVEMENT ARC", 1.5, "L", false}, {"FACING CHANGE", 1.2, "L", false},
	}, cells, w)...)
	note := "Ships move straight, end inside their movement arc facing the way they moved, then turn by at most the facing change."
	var mods []string
	for _, k := range d.cat.Kinds {
		// A change of move the same for every size prints as it is.
		if m := k.Gives.Move; m.Base != 0 && m == (battleshift.Coef{Base: m.Base}) {
			mods = append(mods, clean(k.Name)+" "+signed(m.Base)+"\"")
		}
	}
	if len(mods) > 0 {
		note += " " + strings.Join(mods, ", ") + "."
	}
	rows = append(rows, bsGapRow(0.8, true))
	rows = append(rows, d.lineRows([]bsLine{{text: note}}, 0, w)...)
	return rows
}

// signed prints n with its sign: +6, -6.
func signed(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

// sizeRange prints a size band: "1", "6-7".
func sizeRange(from, to int) string {
	if from == to {
		return itoa(from)
	}
	return itoa(from) + "-" + itoa(to)
}

// combatRows: the seven steps of resolving an attack, hits to suppress,
// shields and destruction tests, firing to disable.
func (d *bsDoc) combatRows(w float64) []rowSpec {
	cat := d.cat
	hard, save := itoa(cat.Base.Hardness), itoa(cat.Base.DestructionSave)
	var rows []rowSpec
	rows = append(rows, d.headingRow("RESOLVING AN ATTACK, STEP BY STEP", true))
	rows = append(rows, d.lineRows([]bsLine{
		{key: "1", text: "Target: choose an enemy squadron. Squadrons of the active task force may fire together at it. If one ship has range, arc and line of sight, its whole squadron fires."},
		{key: "2", text: "Roll: one die per weapon; a roll at or under the weapon's targeting hits. -1 when some firing ships cannot see the target; -1 for each dust cloud or enemy task force in the way; -1 per suppression marker on the firing squadron. A 1 always hits."},
		{key: "3", text: "Suppression: when the hits reach the target squadron's hits to suppress (the table below, per ship), it takes one marker; at most one per enemy task-force activation."},
		{key: "4", text: "Shields: the target rolls one die per shield of the ships hit (with fewer hits than ships, only that many ships' shields). A die saves at or under its hardness minus the weapon's power."},
		{key: "5", text: "Damage: every hit not saved is one point on the squadron's damage track."},
		{key: "6", text: "Threshold: for each multiple of the threshold the attack reaches, one destruction test; a d6 at or under the save keeps the ship, else one ship is lost. This holds up to the total damage."},
		{key: "7", text: "Beyond the total: every further point of damage is one destruction test."},
	}, 3.2, w)...)
	rows = append(rows, d.headingRow("HITS TO SUPPRESS, PER SHIP", false))
	var cells [][]string
	for i := 0; i < len(cat.Sizes); {
		j := i
		for j+1 < len(cat.Sizes) && cat.Sizes[j+1].HitsToSuppress == cat.Sizes[i].HitsToSuppress {
			j++
		}
		cells = append(cells, []string{"size " + sizeRange(cat.Sizes[i].From, cat.Sizes[j].To), itoa(cat.Sizes[i].HitsToSuppress)})
		i = j + 1
	}
	rows = append(rows, d.tableRows("suppression", []bsCol{{"SHIP SIZE", 1, "L", true}, {"HITS PER SHIP", 1, "C", false}}, cells, w)...)
	rows = append(rows, bsGapRow(0.8, true))
	rows = append(rows, d.lineRows([]bsLine{{text: "A squadron's hits to suppress are the sum over its ships; the roster prints them."}}, 0, w)...)
	rows = append(rows, d.headingRow("SHIELDS AND DESTRUCTION TESTS", false))
	shield := "Shields save at or under hardness minus power. Hardness " + hard
	if alt := d.kindValues(func(k *battleshift.Kind) int { return k.Gives.Hardness }); alt != "" {
		shield += "; " + alt
	}
	shield += ". Fighters allow one save per hit, at full hardness, whatever the shields."
	test := "Destruction test: a d6 at or under " + save + " keeps the ship"
	if alt := d.kindValues(func(k *battleshift.Kind) int { return k.Gives.DestructionSave }); alt != "" {
		test += "; " + alt
	}
	test += ". The roster prints each squadron's."
	rows = append(rows, d.lineRows([]bsLine{{key: "", text: shield}, {text: test}}, 0, w)...)
	rows = append(rows, d.headingRow("FIRING TO DISABLE", false))
	rows = append(rows, d.lineRows([]bsLine{
		{text: "Declared before rolling, at -1 to hit. A failed destruction test then destroys the ship only on a 1; otherwise it is disabled: it cannot move or fire until repaired, and can be boarded, engulfed or captured. Ion beams always fire to disable, without the -1."},
	}, 0, w)...)
	return rows
}

// kindValues lists the kinds that set a number, with it:
// "Weak Shields 3, No Shields 2".
func (d *bsDoc) kindValues(v func(k *battleshift.Kind) int) string {
	var parts []string
	for i := range d.cat.Kinds {
		k := &d.cat.Kinds[i]
		if n := v(k); n != 0 {
			parts = append(parts, clean(k.Name)+" "+itoa(n))
		}
	}
	return strings.Join(parts, ", ")
}

// dashRows is a headed block of lines, each after a dash.
func (d *bsDoc) dashRows(head string, first bool, w float64, lines ...string) []rowSpec {
	rows := []rowSpec{d.headingRow(head, first)}
	ls := make([]bsLine, len(lines))
	for i, l := range lines {
		ls[i] = bsLine{key: "-", text: l}
	}
	return append(rows, d.lineRows(ls, 2.2, w)...)
}

// supportRows: missiles, fighters and interceptors.
func (d *bsDoc) supportRows(w float64) []rowSpec {
	var rows []rowSpec
	add := func(head string, first bool, lines ...string) {
		rows = append(rows, d.dashRows(head, first, w, lines...)...)
	}
	add("MISSILES", true,
		"Launched at step 1 by every ship that makes its lock roll (5 or less, with the usual modifiers; a 1 always locks). A ship that fails launches none of its missiles this turn.",
		"A squadron's missiles all go at one target, from beside one of its ships in range.",
		"They move at step 5, straight at the target, and hit when they arrive.",
		"On the way, interceptors of enemy squadrons within 1\" may fire at them, and those of the target's task force within 3\" of the target; fighters within 6\" may intercept (1\" if their carriers have left).",
		"Through planets, asteroids or dust, half of them are lost.")
	add("FIGHTERS", false,
		"Each fighter bay carries one wing. A squadron's wings fly as one or two flights, the wings of a flight touching.",
		"Launched during the move, they fly after it, up to 24\" with one change of course, and must touch what they attack.",
		"Batteries cannot target them; interceptors, missiles and fighters can. A flight dodges each hit on a 3 or less.",
		"They suppress as other weapons do and are never suppressed.",
		"Once per enemy activation a flight may move 6\" to intercept missiles or fighters (1\" when its carriers have left the table).",
		"A carrier squadron with no flight out that launched none may roll for each carrier after moving: a 3 or less recovers one lost fighter. Lost carriers take their share of the fighters aboard with them.")
	add("INTERCEPTORS", false,
		"Only against missiles and fighters, once per enemy task-force activation: at targets within 1\" of the squadron, or 3\" when guarding a squadron of its own task force. A 4 or less kills one, -1 per suppression marker.",
		"A destroyer's light batteries may fire as interceptors at targeting 3, but not as both in one activation.")
	return rows
}

// weaponRows: the weapons table from the catalogue's play profiles, with
// the notes and the footnotes on ranges the rules give two ways.
func (d *bsDoc) weaponRows(w float64) []rowSpec {
	var cells [][]string
	var notes []bsLine
	for i := range d.cat.Kinds {
		k := &d.cat.Kinds[i]
		wp := k.Weapon
		if wp == nil {
			continue
		}
		name := clean(k.Name)
		if wp.Fires != "" {
			name = clean(wp.Fires)
		}
		cells = append(cells, append([]string{name}, weaponCells(name, wp, k.Limits.Experimental, &notes)...))
	}
	rows := d.tableRows("weapons", bsWeaponCols(false), cells, w)
	rows = append(rows, bsGapRow(1, true))
	rows = append(rows, d.lineRows([]bsLine{{text: "Targeting: roll at or under to hit (missiles: to lock on). Power: taken off the target's shield hardness. A 1 always hits. Range and arc: one ship of the squadron in range and arc lets the whole squadron fire."}}, 0, w)...)
	if len(notes) > 0 {
		rows = append(rows, bsGapRow(0.6, true))
		rows = append(rows, d.lineRows(notes, 5, w)...)
	}
	return rows
}

// Line references in the catalogue's conflict notes ("(lines 211-213
// and 1759-1761)", ", line 229") and its remark on what the quick
// reference does: a player reads neither.
var (
	conflictRefs  = regexp.MustCompile(`\s*\((?:spec [^)]*|lines? [0-9][0-9,\- and]*)\)`)
	conflictInner = regexp.MustCompile(`,\s*lines? [0-9][0-9,\- and]*\)`)
)

// conflictText is a weapon's conflict note as a player reads it: the two
// values, without the rules' line numbers.
func conflictText(s string) string {
	s = clean(s)
	if i := strings.Index(strings.ToLower(s), "; the quick reference"); i >= 0 {
		s = s[:i]
	}
	s = conflictInner.ReplaceAllString(s, ")")
	s = conflictRefs.ReplaceAllString(s, "")
	return strings.TrimSpace(s)
}

// endRows: what a task force does when its activation ends.
func (d *bsDoc) endRows(w float64) []rowSpec {
	cmd := bsInches(bsCommandRange)
	rows := d.dashRows("SUPPRESSION", true, w,
		"Roll a d6 for each marker on the squadron: each 3 or less removes one when a ship of it is within "+cmd+" of its flagship; 2 or less when farther away or detached.",
		"Suppression costs -1 to hit with batteries and -1 to missile locks per marker.")
	rows = append(rows, d.dashRows("REPAIR", false, w,
		"Each ship of a damaged squadron rolls one die, but no more dice than the squadron has points of damage; each 1 mends one point.",
		"Each repair system gives its ship one more roll; the roster prints a squadron's extra rolls.",
		"A successful repair roll also brings a disabled ship back into action.")...)
	rows = append(rows, d.dashRows("JOINING", false, w,
		"Squadrons within "+cmd+" of the flagship may then join the task force, up to its limit of squadrons.")...)
	return rows
}

// shiftRows: battleshifting out and back, and the emergency shift.
func (d *bsDoc) shiftRows(w float64) []rowSpec {
	rows := d.dashRows("LEAVING AND RETURNING", true, w,
		"Planned in the turn's written orders: the task force (or a detached squadron) acts as usual, then leaves the table at the end of its activation.",
		"It spends at least one full turn in hyperspace and returns at least two turns after it left, at the start of the turn written, in the sector and facing written, with no suppression markers.",
		"It cannot shift out on the turn it shifted in, nor within 1' of a planet or in a moon's sector, unless a friendly hyperspace gate helps.")
	rows = append(rows, d.dashRows("EMERGENCY SHIFT", false, w,
		"At the start of its move a squadron may leave the battle for good. If its damage is past its total, each ship that escapes gives the enemy half its victory points.")...)
	rows = append(rows, d.dashRows("SECTORS", false, w,
		"The table is cut into sectors one foot square: the long edge numbered, the short edge lettered, the numbered edge north. The order sheet has both tables drawn.")...)
	return rows
}

// fleetRows: how a fleet is organised.
func (d *bsDoc) fleetRows(w float64) []rowSpec {
	sq := d.cat.Squadron
	cmd := bsInches(bsCommandRange)
	rows := d.dashRows("SQUADRONS", true, w,
		"1 to "+itoa(sq.MaxShips)+" ships of one class and at most "+itoa(sq.MaxSizeUnits)+" size units. Its ships stay within 6\" of each other and end every move facing the same way.",
		"It fires and is fired at as one target, and takes damage as one: its threshold is one ship's hull, its total damage the sum of its ships' hulls.")
	rows = append(rows, d.dashRows("TASK FORCES", false, w,
		"Up to "+itoa(battleshift.DefaultSquadronsPerTaskForce)+" squadrons ("+itoa(battleshift.MaxSquadronsPerTaskForce)+" if the players agree), named for the written orders. One of its largest ships is the flagship.",
		"Each squadron keeps a ship within "+cmd+" of the flagship and ends its move able to head the flagship's way.",
		"If the flagship is lost before command passes to another ship as large, the task force breaks up and its squadrons are detached.")...)
	rows = append(rows, d.dashRows("DETACHED SQUADRONS", false, w,
		"A squadron in no task force, or out of command range, fires alone and recovers suppression only on a 2 or less. Squadrons in no task force activate after every task force.")...)
	return rows
}
