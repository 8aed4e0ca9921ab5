package sheets

import (
	"fmt"
	"io"
	"strings"
)

// aidLine is one entry of a play-aid card: an optional bold key (a code,
// a die roll, a condition) and its text, which wraps with a hanging
// indent.
type aidLine struct{ key, text string }

// aidBlock is a headed group of lines on a play-aid card.
type aidBlock struct {
	heading string
	lines   []aidLine
}

// aid is one play aid: its number and title and its content. An aid too
// long for one card continues on the next, numbered (1/2), (2/2).
type aid struct {
	number int
	title  string
	keyW   float64 // width of the key column in mm
	blocks []aidBlock
}

// playAids returns the text play aids 1-6 and 8 of the quick-reference
// set, written in the project's own words from the facts of the source
// rules. Aid 7, the icon legend, is generated from the icon registry.
func playAids() []aid {
	return []aid{
		{1, "Turn sequence", 8, []aidBlock{
			{"MOVEMENT PHASE", []aidLine{
				{"1", "Plot: every player writes secret orders for every ship at once."},
				{"2", "Indirect movement: salvos on the table turn up to 45 degrees, then move up to their speed."},
				{"3", "Starship movement: all ships carry out their plots together."},
				{"4", "Starfighter operations: launch, rearm and recover squadrons; set their missions."},
				{"5", "Starfighter movement: strikes move first, then intercepts, by ascending crew quality."},
			}},
			{"COMBAT PHASE", []aidLine{
				{"1", "Electronic warfare: switch EW systems on or off, lowest crew quality first."},
				{"2", "Starship combat: ships fire by descending crew quality."},
				{"3", "Starfighter combat: squadrons fire by descending strength."},
				{"4", "Indirect combat: salvos strike targets in reach (15 cm, -1 per target EW rating)."},
				{"5", "Boarding combat: resolve boarding actions."},
			}},
			{"END PHASE", []aidLine{
				{"1", "Repair: put crew on systems, roll damage-control die, regrow shield hits."},
				{"2", "Morale: ships test with their command-quality die."},
			}},
		}},
		{2, "Special manoeuvres", 8.6, []aidBlock{
			{"", []aidLine{
				{"RL", "Roll: 1 thruster point each side. Port and starboard swap; +1 movement rating."},
				{"FL", "Flip (newtonian): 3 thruster points each side or 2 drive points fore and aft. Fore and aft swap; +1 movement rating."},
				{"CS", "Corkscrew: 1 thruster point each side. Both broadsides fire from one side; hits land on a random side; +2 movement rating."},
				{"EM#", "Evasive x E: 2^E thruster points each side. TR + (speed / 10, rounded down) x E; movement rating + E."},
				{"EP", "Emergency power: chosen drives give double; then 1D6 above crew quality disables them."},
				{"ET", "Emergency thrust: as EP, for thrusters."},
				{"RM", "Ram. Command die must beat crew quality (+1 per lost section); within 5 cm, more unused thrust + crew quality wins. Each takes the other's mass factor x closing speed. TR -2."},
				{"FTL#", "Warm-up for turns equal to the FTL rating; then jump or retreat at once, or take 1D20 hull hits."},
				{"FTL-R", "Retreat (any charged FTL): the ship leaves the game."},
				{"FTL-S", "Strategic jump (basic or advanced FTL): off table; back after 1D8 - crew quality turns (min 1) at +2 TR and movement rating."},
				{"FTL-T#", "Tactical jump (advanced FTL): move speed + # D10 (at least 6), +2 TR and movement rating."},
				{"-A", "FTL attack with a jump: within 10 cm, a sensor roll; then mass factor D6 on every outer section."},
			}},
		}},
		{3, "Fire modifiers", 24, []aidBlock{
			{"TARGET RATING (THE TARGET)", []aidLine{
				{"FTL jump", "+2 on the turn of a tactical or strategic jump"},
				{"Evasive", "+ (speed / 10, rounded down) x evasives"},
				{"Drift", "-1 with a blank plot"},
				{"Momentum 0", "-1"},
				{"RAM order", "-2"},
				{"Kinetic", "+1 per range band to the target"},
			}},
			{"MOVEMENT RATING (THE FIRER)", []aidLine{
				{"Corkscrew", "+2"},
				{"Roll, flip", "+1"},
				{"FTL jump", "+2"},
				{"Evasive", "+1 per evasive"},
				{"Drift", "-1"},
				{"Momentum 0", "-1"},
			}},
			{"THE HIT RULE", []aidLine{
				{"", "Sensor profile = sensor rating - target EW. Target profile = target rating + firer movement rating."},
				{"", "Roll 1D20: a hit needs at most the sensor profile and more than the target profile."},
				{"", "When the target profile reaches the sensor profile, only a roll equal to the sensor rating hits."},
			}},
		}},
		{4, "Damage", 14, []aidBlock{
			{"", []aidLine{
				{"Dice", "Roll pulse x damage die; add the modifier to each die. D1 always rolls 1 and counts as even."},
				{"Odd/even", "The face decides, not the result after modifiers. Apply dice lowest first."},
				{"Energy", "-1 damage per die per range band."},
				{"Kinetic", "Full damage, but +1 target rating per range band."},
				{"Raking", "Each die strikes along the top unbroken layer, left to right."},
				{"Penetrate", "Each die strikes one hit per layer, top down, then on into the core and beyond."},
				{"Shields", "Take damage first on their arc; no armour, no criticals."},
				{"Armour", "Cuts each die by its rating (+1 per ablative plate); a core behind a lost section has armour 1."},
				{"Deflector", "Ignores dice up to its rating; the top face always gets through."},
				{"Piercing", "AP ignores armour, SP bleeds past shields, DP lowers deflectors."},
				{"Critical", "When a layer's last hull hit goes; when a penetrating die reaches the bottom layer; the core when a section is lost."},
			}},
		}},
		{5, "Critical hits", 7, criticalBlocks()},
		{6, "Weapon quality codes", 7, []aidBlock{
			{"", []aidLine{
				{"AM", "Antimatter: + target EMS on odd dice, up to the modifier. Ships only."},
				{"DM", "Dimensional: odd dice deal double to hull or strength; the extra goes to the next section through."},
				{"DS", "Disruptive: + target mass factor on odd dice, up to the modifier. Ships only."},
				{"GR", "Gravitational: a missed sensor roll may be rolled once more; indirect salvos strike within 20 cm."},
				{"IO", "Ionized: double damage to hull or strength."},
				{"ML", "Molecular: odd dice go straight to the hull, past shields. Ships only."},
				{"PH", "Phased: double damage to shields. Ships only."},
				{"PO", "Polarized: an indirect salvo may strike at any moment of the movement phase."},
				{"PR", "Proximity: odd dice count double (not the modifier)."},
				{"QM", "Quantum: each odd die rolls again, ignoring armour but not range."},
				{"RT", "Reactive: after a hit, targets within 5 cm of the line of fire take half damage."},
				{"SP", "Spinal: + target armour rating (not plates) or defence on each die, up to the modifier."},
				{"TM", "Temporal: per odd die that hurts the hull roll 1D6; each 6 is a critical. Ships only."},
				{"UN", "Unstable: when intercepted at 0 cm it still deals half damage (or rolls its area)."},
			}},
		}},
		{8, "Encounters and terrain", 8, []aidBlock{
			{"INITIATIVE", []aidLine{
				{"", "Roll the flagship's command die (D1 without one), +2 if the foe has a ship without FTL. The winner picks by the margin; a tie is a meeting engagement."},
				{"1", "Meeting engagement"},
				{"2", "... or flank attack"},
				{"3", "... or divided"},
				{"4", "... or rear attack"},
				{"5+", "... or surrounded"},
			}},
			{"TERRAIN (1D12, OR 1D20 FOR ADVENTURE)", []aidLine{
				{"1-5", "Void"},
				{"6", "1D6 asteroid clusters (10 cm max)"},
				{"7", "1D12 asteroid clusters (10 cm max)"},
				{"8", "Asteroid field 10-20 cm wide, edge to edge"},
				{"9", "Asteroid field 20-40 cm wide, edge to edge"},
				{"10", "Small planet or moon (20 cm max)"},
				{"11", "Medium planet (20-50 cm)"},
				{"12", "Large planet (50-100 cm)"},
				{"13", "Protoplanetary nebula (50 cm+)"},
				{"14", "Planetary nebula (50 cm+)"},
				{"15", "Dark nebula (50 cm+)"},
				{"16", "Supernova remnant (50 cm+)"},
				{"17", "Dwarf star (100-500 cm, may sit off table)"},
				{"18", "Giant star (500 cm+, may sit off table)"},
				{"19", "Neutron star, pulsar or magnetar (D6 x 5 cm)"},
				{"20", "Singularity (D6 x 5 cm)"},
			}},
		}},
	}
}

// criticalBlocks is the critical-hit chart: 1D8 for the category, 1D6
// for the result within it.
func criticalBlocks() []aidBlock {
	cat := func(n int, name string, r ...string) aidBlock {
		b := aidBlock{heading: fmt.Sprintf("%d  %s", n, name)}
		for i, t := range r {
			b.lines = append(b.lines, aidLine{itoa(i + 1), t})
		}
		return b
	}
	return []aidBlock{
		cat(1, "SECONDARY", "Engineering disrupted: lose 1 teleporter, grappler or gravity well",
			"Command net disrupted: lose 1 hangar, CiC or SoC", "Standoff disrupted: lose 1 shield generator or deflector",
			"Engineering failure: lose all teleporters, grapplers, gravity wells",
			"Command net failure: lose all hangars, CiCs, SoCs", "Standoff failure: lose all shield generators, deflectors"),
		cat(2, "ELECTRONIC WARFARE", "Secondary EW overload: lose all cloak and stealth generators",
			"Defence array overload: lose 1D2 EW, ECM arrays or pods", "Sensor node overload: lose 1D2 sensors, ELINT, targeting, ansibles",
			"Defence array failure: lose 1D4 EW, ECM arrays or pods", "Sensor node failure: lose 1D4 sensors, ELINT, targeting, ansibles",
			"Massive EW failure: lose 1D8 EW systems"),
		cat(3, "PROPULSION", "Drive housing: lose 1D3 STL drives", "Thruster manifold: lose 1D3 thrusters",
			"FTL core disruption: lose 1 FTL drive", "Catastrophic drive damage: lose all STL drives",
			"Massive thruster damage: lose all thrusters", "FTL core implosion: lose the largest FTL and EMS hull hits"),
		cat(4, "WEAPONS", "Mounting damaged: lose 1 weapon", "Minor power loss: lose EMS weapons",
			"Containment failure: lose 2 weapons and EMS hull hits", "Power node burnout: lose 2 x EMS weapons",
			"Feed detonation: lose 3 weapons and 2 x EMS hull hits", "Cascade power failure: lose 3 x EMS weapons"),
		cat(5, "CREW", "Minor bulkhead failure: lose 1 x life support in parties",
			"Minor venting: lose 2 x life support in parties", "Major bulkhead failure: lose 3 x life support in parties",
			"Major venting: lose 4 x life support in parties", "Catastrophic bulkhead failure: lose 5 x life support in parties",
			"Total evacuation: lose every crew and marine party"),
		cat(6, "PRIMARY", "Power fluctuation: reactor off until end of turn", "Bridge damage: lose 1 bridge",
			"Coolant leak: lose the reactor", "Internal malfunction: lose life support",
			"Meltdown: the reactor explodes unless repaired", "Implosion: the reactor explodes"),
		cat(7, "STRUCTURE", "Minor hull breach: EMS hull hits", "Internal buckling: 2 x EMS hull hits",
			"Major plasma fire: the current layer is lost", "Structural failure: 3 x EMS hull hits",
			"Major hull breach: 4 x EMS hull hits", "Cascade collapse: the section is lost"),
		cat(8, "COMPOUND (ROLL BOTH)", "Secondary and electronic warfare", "Secondary and propulsion",
			"Electronic warfare and weapons", "Weapons and structure", "Crew and structure", "Primary and structure"),
	}
}

// Aids writes the quick-reference play aids 1-8 as cards (nine
// poker-size cards to a page with cut marks, or one card per page with
// opt.OnePerPage), followed by the plotting chart on a landscape page.
func Aids(w io.Writer, opt Options) error {
	c, pg, err := newCanvas(opt, false)
	if err != nil {
		return fmt.Errorf("sheets: aids: %w", err)
	}
	c.setTitle("Metaverse play aids", false)
	cards := aidCards(c)
	for _, p := range layoutCards(pg, cards, opt.OnePerPage) {
		c.addPage(false)
		p.render(c)
	}
	chartPage(c, c.addPage(true)).render(c)
	if err := c.writeTagged(w); err != nil {
		return fmt.Errorf("sheets: aids: %w", err)
	}
	return nil
}

// aidCards builds every play-aid card, in number order, the legend (7)
// from the icon registry.
func aidCards(c *canvas) []cardFunc {
	var out []cardFunc
	for _, a := range playAids() {
		if a.number == 8 {
			out = append(out, legendCards(c)...)
		}
		out = append(out, textCards(c, a)...)
	}
	return out
}

// cardRow is one row of text-card content: its height and builder.
type cardRow struct {
	h       float64
	heading bool    // starts a block, kept with what follows
	blockH  float64 // for a heading: the height of its block's lines
	build   func(x, y, w float64) []*Element
}

// textCards flows an aid's blocks into as many cards as it needs.
func textCards(c *canvas, a aid) []cardFunc {
	body := cardBody(0, 0)
	var rows []cardRow
	keySt := textStyle{"B", aidFont, ink(), "L"}
	bodySt := textStyle{"", aidFont, ink(), "L"}
	headSt := textStyle{"B", 6.2, rgb{70, 70, 75}, "L"}
	for bi, bl := range a.blocks {
		head := -1
		if bl.heading != "" {
			head = len(rows)
			h := 3.6
			if bi > 0 {
				h += 1.2
			}
			heading := bl.heading
			rows = append(rows, cardRow{h: h, heading: true, build: func(x, y, w float64) []*Element {
				g := &Element{Kind: "heading", Box: Box{x, y, w, h}, draw: func(c *canvas, e *Element) {
					c.lineWidth(0.2)
					c.setStroke(rule())
					c.line(e.Box.X, e.Box.Bottom()-0.3, e.Box.Right(), e.Box.Bottom()-0.3)
				}}
				g.add(txt(c, Box{x, y + h - 3.4, w, 2.8}, heading, headSt))
				return []*Element{g}
			}})
		}
		for _, ln := range bl.lines {
			key, text := clean(ln.key), clean(ln.text)
			kw := 0.0
			if key != "" {
				kw = a.keyW
			}
			c.setFont(bodySt.style, bodySt.size)
			wrapped := c.wrap(text, body.W-kw, 8)
			h := float64(max(1, len(wrapped)))*aidLineH + 0.5
			rows = append(rows, cardRow{h: h, build: func(x, y, w float64) []*Element {
				g := group("aid-line", Box{x, y, w, h})
				if key != "" {
					g.add(txt(c, Box{x, y, kw - 0.6, aidLineH}, key, keySt))
				}
				for i, l := range wrapped {
					g.add(txt(c, Box{x + kw, y + float64(i)*aidLineH, w - kw, aidLineH}, l, bodySt))
				}
				return []*Element{g}
			}})
		}
		if head >= 0 {
			for _, r := range rows[head+1:] {
				rows[head].blockH += r.h
			}
		}
	}
	// Chunk rows into cards.
	var chunks [][]cardRow
	var cur []cardRow
	used := 0.0
	for i, r := range rows {
		need := r.h
		if r.heading {
			// Keep a block whole when it fits on a card, else at least
			// keep its heading with its first line.
			need = r.h + r.blockH
			if need > body.H && i+1 < len(rows) {
				need = r.h + rows[i+1].h
			}
		}
		if used+need > body.H && len(cur) > 0 {
			chunks = append(chunks, cur)
			cur, used = nil, 0
		}
		cur = append(cur, r)
		used += r.h
	}
	if len(cur) > 0 {
		chunks = append(chunks, cur)
	}
	out := make([]cardFunc, 0, len(chunks))
	for i, ch := range chunks {
		title := strings.ToUpper(a.title)
		if len(chunks) > 1 {
			title += fmt.Sprintf(" (%d/%d)", i+1, len(chunks))
		}
		out = append(out, func(x, y float64) *Element {
			card := cardFrame(c, x, y, title, itoa(a.number), "Slipway play aid")
			b := cardBody(x, y)
			ry := b.Y
			for _, r := range ch {
				card.add(r.build(b.X, ry, b.W)...)
				ry += r.h
			}
			return card
		})
	}
	return out
}
