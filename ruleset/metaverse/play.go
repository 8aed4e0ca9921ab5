package metaverse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sim"
)

// Table mode for Metaverse (ruleset.Play): the marks a record sheet's
// boxes take and what the rules derive from them. The numbers come from
// the same places the sheet prints them from: the costing result (the
// reactors' ratings, EMS through costing.EMS), the design's layers and
// shields; the critical hit chart is the simulator's (sim.CriticalChart).

// Marks a box may take.
const (
	MarkHit       = "hit"       // a hull hit, a party lost, a shield hit, an adaptation, a plate used
	MarkDamaged   = "damaged"   // a system disabled (repairable)
	MarkDestroyed = "destroyed" // a system destroyed
	MarkSpent     = "spent"     // a one-use system or a one-shot or limited weapon used
	MarkLaunched  = "launched"  // a squadron carried, launched
	MarkLost      = "lost"      // a squadron carried, lost
)

// oneUse are the system kinds used once: the countermeasure pod (rules
// §3.4.10).
var oneUse = map[string]bool{"cmPod": true}

var _ ruleset.Play = (*Ruleset)(nil)

// CheckMark reports whether box is on d's sheet and takes mark.
func (r *Ruleset) CheckMark(d ruleset.Design, box, mark string) error {
	md, ok := d.(*designer.Design)
	if !ok || md == nil {
		return fmt.Errorf("metaverse: cannot mark a %T", d)
	}
	b, err := designer.ParseBox(box)
	if err != nil {
		return err
	}
	if err := md.CheckBox(b); err != nil {
		return err
	}
	allowed := r.marksOf(md, b)
	if mark == "" {
		return nil
	}
	for _, m := range allowed {
		if m == mark {
			return nil
		}
	}
	return fmt.Errorf("a %s box takes %s, not %q", boxWords(b.Kind), orList(allowed), mark)
}

// marksOf lists the marks box b of md may take.
func (r *Ruleset) marksOf(md *designer.Design, b designer.BoxRef) []string {
	switch b.Kind {
	case designer.BoxSystem:
		if oneUse[md.Sections.Get(b.Section).Systems[b.Index-1].Kind] {
			return []string{MarkSpent, MarkDamaged, MarkDestroyed}
		}
	case designer.BoxWeapon:
		if w := md.Weapon(md.Sections.Get(b.Section).Weapons[b.Index-1].Weapon); w != nil &&
			(w.RateOfFire == designer.RateOneShot || w.RateOfFire == designer.RateLimited) {
			return []string{MarkSpent, MarkDamaged, MarkDestroyed}
		}
	case designer.BoxFighter:
		return []string{MarkLaunched, MarkLost}
	case designer.BoxHangar, designer.BoxLifeSupport:
	default:
		return []string{MarkHit}
	}
	return []string{MarkDamaged, MarkDestroyed}
}

// Choices lists the marks each kind of box takes and, by box id, the
// boxes of one-use systems and one-shot or limited weapons, which may be
// spent.
func (r *Ruleset) Choices(d ruleset.Design) map[string][]string {
	out := map[string][]string{}
	for _, k := range []string{designer.BoxHull, designer.BoxCrew, designer.BoxMarine, designer.BoxShield, designer.BoxAdapt, designer.BoxPlate} {
		out[k] = []string{MarkHit}
	}
	for _, k := range []string{designer.BoxSystem, designer.BoxHangar, designer.BoxWeapon, designer.BoxLifeSupport} {
		out[k] = []string{MarkDamaged, MarkDestroyed}
	}
	out[designer.BoxFighter] = []string{MarkLaunched, MarkLost}
	md, ok := d.(*designer.Design)
	if !ok || md == nil {
		return out
	}
	for _, ns := range md.Sections.List() {
		for i, s := range ns.Section.Systems {
			b := designer.BoxRef{Section: ns.Name, Kind: designer.BoxSystem, Index: i + 1}
			for n := 1; n <= min(s.Count, designer.MaxBoxCopies); n++ {
				b.N = n
				if m := r.marksOf(md, b); len(m) == 3 {
					out[b.String()] = m
				}
			}
		}
		for i, m := range ns.Section.Weapons {
			b := designer.BoxRef{Section: ns.Name, Kind: designer.BoxWeapon, Index: i + 1}
			for n := 1; n <= min(m.Count, designer.MaxBoxCopies); n++ {
				b.N = n
				if ms := r.marksOf(md, b); len(ms) == 3 {
					out[b.String()] = ms
				}
			}
		}
	}
	return out
}

func boxWords(kind string) string {
	switch kind {
	case designer.BoxHull:
		return "hull hit"
	case designer.BoxCrew:
		return "crew party"
	case designer.BoxMarine:
		return "marine party"
	case designer.BoxShield:
		return "shield hit"
	case designer.BoxAdapt:
		return "shield adaptation"
	case designer.BoxPlate:
		return "ablative plate"
	case designer.BoxLifeSupport:
		return "life support"
	case designer.BoxFighter:
		return "squadron"
	}
	return kind
}

func orList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// Criticals is the rulebook's critical hit chart (sim.CriticalChart).
func (r *Ruleset) Criticals() []ruleset.CriticalCategory {
	ch := sim.CriticalChart()
	out := make([]ruleset.CriticalCategory, len(ch))
	for i, c := range ch {
		out[i] = ruleset.CriticalCategory{Roll: c.Roll, Name: c.Name, Effects: append([]string(nil), c.Effects[:]...)}
	}
	return out
}

// Derive works out a ship's state from its marks (rules §1.3, §2.3.2):
// hull left in each section. What a layer whose last hull hit is crossed
// off, or a section whose last layer goes, means is the simulator's
// (sim.Losses applies sim.LayerLost and sim.SectionLost, which the battle
// applies as damage lands): a layer is destroyed with its crew and marine
// parties and calls for a critical on its section; a section is destroyed,
// its shields and systems with it, and calls for a critical on the core
// and a morale check; the core's loss destroys the ship. A disabled or
// destroyed reactor no longer counts towards EMS (costing.EMS of the
// reactors left).
func (r *Ruleset) Derive(d ruleset.Design, ev ruleset.Evaluation, marks map[string]string) (*ruleset.ShipState, error) {
	md, ok := d.(*designer.Design)
	e, ok2 := ev.(*Evaluation)
	if !ok || !ok2 || md == nil || e == nil || e.Result == nil {
		return nil, fmt.Errorf("metaverse: cannot derive the state of a %T evaluated as %T", d, ev)
	}
	res := e.Result
	st := &ruleset.ShipState{Numbers: []ruleset.StateNumber{}, Notes: []string{}}
	num := func(key, label string, start, now int) {
		st.Numbers = append(st.Numbers, ruleset.StateNumber{Key: key, Label: label, Start: start, Now: max(0, now)})
	}
	// Layers and sections lost: the simulator's consequences (sim.Losses,
	// sim.LayerLost, sim.SectionLost), from the hull, crew and marine
	// boxes marked.
	list := md.Sections.List()
	nLayers := 0
	for _, ns := range list {
		nLayers += len(ns.Section.Layers)
	}
	secs := make([]sim.SectionStanding, 0, len(list))
	layers := make([]sim.LayerStanding, 0, nLayers)
	for _, ns := range list {
		from := len(layers)
		for li, l := range ns.Section.Layers {
			layers = append(layers, sim.LayerStanding{
				Hits: l.HullHits, HitsTaken: countMarked(marks, ns.Name, designer.BoxHull, li+1, l.HullHits),
				Crew: l.Crew, CrewLost: countMarked(marks, ns.Name, designer.BoxCrew, li+1, l.Crew),
				Marines: l.Marines, MarinesLost: countMarked(marks, ns.Name, designer.BoxMarine, li+1, l.Marines),
			})
		}
		secs = append(secs, sim.SectionStanding{Name: ns.Name, Layers: layers[from:len(layers):len(layers)]})
	}
	loss := sim.Losses(secs)
	st.Destroyed = loss.Destroyed
	lost := map[designer.SectionName]bool{}
	crits := map[designer.SectionName]int{}
	hullStart, hullNow := 0, 0
	for _, s := range loss.Sections {
		lost[s.Name] = s.Lost
		crits[s.Name] = s.Criticals
		hullStart += s.Hull
		hullNow += s.Left
	}
	num("hull", "Hull hits left", hullStart, hullNow)
	for _, s := range loss.Sections {
		num("hull."+string(s.Name), sectionTitle(s.Name)+" hull", s.Hull, s.Left)
	}
	// Shields by arc: the hits each arc's shields stop, lost with their section.
	for _, arc := range designer.ArcOrder {
		start, now := 0, 0
		for _, ns := range md.Sections.List() {
			sh := ns.Section.Shields.Get(arc)
			if sh == nil || sh.Hits <= 0 {
				continue
			}
			start += sh.Hits
			if !lost[ns.Name] {
				now += sh.Hits - countArc(marks, ns.Name, designer.BoxShield, arc, sh.Hits)
			}
		}
		if start > 0 {
			num("shields."+string(arc), "Shields "+string(arc), start, now)
		}
	}
	// EMS from the reactors left: a copy disabled or destroyed, or in a lost section, counts nothing.
	sumStart, sumNow := 0, 0
	for _, re := range res.Reactors {
		for c := 0; c < re.Copies; c++ {
			sumStart += re.Rating
			if re.Virtual {
				sumNow += re.Rating
				continue
			}
			if !lost[re.Section] && !reactorOut(md, marks, re.Section, re.Index+c) {
				sumNow += re.Rating
			}
		}
	}
	num("ems", "EMS", res.EMS, costing.EMS(sumNow))
	if sumNow < sumStart {
		st.Notes = append(st.Notes, fmt.Sprintf("Reactor rating left: %d of %d, so the EMS is %d (it was %d).",
			sumNow, sumStart, costing.EMS(sumNow), res.EMS))
	}
	num("crew", "Crew parties", loss.Crew, loss.CrewLeft)
	num("marines", "Marine parties", loss.Marines, loss.MarinesLeft)
	// Systems out: copies marked, and every copy in a lost section.
	sysStart, sysOut := 0, 0
	for _, ns := range md.Sections.List() {
		for si, s := range ns.Section.Systems {
			n := max(0, s.Count)
			sysStart += n
			if lost[ns.Name] {
				sysOut += n
				continue
			}
			sysOut += countMarked(marks, ns.Name, designer.BoxSystem, si+1, min(n, designer.MaxBoxCopies))
		}
	}
	num("systems", "Systems working", sysStart, sysStart-sysOut)
	// Squadrons carried in the hangar bays' own loadouts: aboard until
	// launched or lost.
	if runs := md.FighterRuns(); len(runs) > 0 {
		total, launched, gone := 0, 0, 0
		for ri, r := range runs {
			total += r.Boxes
			for n := 1; n <= r.Boxes; n++ {
				switch marks[designer.BoxID(designer.BoxHangars, designer.BoxFighter, ri+1, n)] {
				case MarkLaunched:
					launched++
				case MarkLost:
					gone++
				}
			}
		}
		if total > 0 {
			num("squadrons", "Squadrons aboard", total, total-launched-gone)
			if launched+gone > 0 {
				st.Notes = append(st.Notes, fmt.Sprintf("Squadrons: %d launched, %d lost.", launched, gone))
			}
		}
	}
	if st.Destroyed {
		st.Notes = append(st.Notes, "The core is destroyed: the ship is destroyed.")
		return st, nil
	}
	for _, n := range loss.Lost {
		st.Notes = append(st.Notes, fmt.Sprintf("The %s section is destroyed: its systems and shields are lost.", n))
	}
	var critNotes []string
	for _, n := range designer.SectionOrder {
		if c := crits[n]; c > 0 && !lost[n] {
			critNotes = append(critNotes, fmt.Sprintf("%s on the %s", plural(c, "critical"), n))
		}
	}
	if len(critNotes) > 0 {
		st.Notes = append(st.Notes, "Criticals to roll for destroyed layers and sections: "+strings.Join(critNotes, ", ")+".")
	}
	if k := loss.Morale; k > 0 {
		st.MoraleChecks = k
		cmd := res.Quality.Command
		if cmd == "" {
			cmd = md.CommandQuality
		}
		st.Notes = append(st.Notes, fmt.Sprintf("Morale check due at the morale step: %s. Roll the command die (%s) with -1 for each condition met before this one; below 1 the ship leaves play.",
			plural(k, "section destroyed"), cmd))
	}
	return st, nil
}

// reactorOut reports whether reactor copy n (from 1, over the section's
// reactor systems in document order) is marked disabled or destroyed.
func reactorOut(md *designer.Design, marks map[string]string, sec designer.SectionName, n int) bool {
	s := md.Sections.Get(sec)
	if s == nil {
		return false
	}
	for si, sys := range s.Systems {
		if sys.Kind != "reactor" {
			continue
		}
		if n <= sys.Count {
			return marks[designer.BoxID(sec, designer.BoxSystem, si+1, n)] != ""
		}
		n -= sys.Count
	}
	return false
}

func countMarked(marks map[string]string, sec designer.SectionName, kind string, index, n int) int {
	c := 0
	for i := 1; i <= n; i++ {
		if marks[designer.BoxID(sec, kind, index, i)] != "" {
			c++
		}
	}
	return c
}

func countArc(marks map[string]string, sec designer.SectionName, kind string, arc designer.Arc, n int) int {
	c := 0
	for i := 1; i <= n; i++ {
		if marks[designer.ArcBoxID(sec, kind, arc, i)] != "" {
			c++
		}
	}
	return c
}

func sectionTitle(n designer.SectionName) string {
	s := string(n)
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if i := strings.IndexByte(what, ' '); i > 0 {
		return strconv.Itoa(n) + " " + what[:i] + "s" + what[i:]
	}
	return strconv.Itoa(n) + " " + what + "s"
}
