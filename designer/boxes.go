package designer

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A record sheet's boxes, named: every bubble or scratch box a player
// marks in play has an id that says where it is on the design ("core.hull.2.7",
// the seventh hull hit of the core's second layer). The sheet prints the id
// on each box it draws (package sheets), a game records marks by it, and
// the rules read damage from it. This file is the one place the ids are
// made and read.

// Box kinds, as a box id names them.
const (
	BoxHull        = "hull"        // a hull hit of a layer (Index: layer)
	BoxCrew        = "crew"        // a crew party of a layer (Index: layer)
	BoxMarine      = "marine"      // a marine party of a layer (Index: layer)
	BoxShield      = "shield"      // a shield hit of an arc (Arc)
	BoxAdapt       = "adapt"       // an adaptation bubble of an arc's shields (Arc)
	BoxPlate       = "plate"       // an ablative plate of an arc (Arc)
	BoxSystem      = "system"      // a copy of a system (Index: the system's place in the section)
	BoxHangar      = "hangar"      // a hangar bay (Index: the hangar mount)
	BoxWeapon      = "weapon"      // a weapon on a mount (Index: the mount)
	BoxLifeSupport = "lifeSupport" // the section's life support (Index 1)
	// BoxFighter is a squadron a hangar bay carries in its permanent
	// loadout: ship-wide, so its "section" is BoxHangars, and Index is
	// the run of boxes in the sheet's order (FighterRuns).
	BoxFighter = "fighter"
)

// BoxHangars stands in a fighter box's id for the section: the sheet
// lists the squadrons carried ship-wide, "hangars.fighter.1.2".
const BoxHangars SectionName = "hangars"

// MaxBoxCopies is the most copies of a system, bay or weapon printed as
// one box each; a part with more prints its count and has no boxes.
const MaxBoxCopies = 40

// BoxRef names one box of a design's record sheet. Index and N count from 1.
type BoxRef struct {
	Section SectionName
	Kind    string
	Arc     Arc // shield, adapt and plate boxes
	Index   int // layer, system, hangar or mount (not for arcs)
	N       int // the box in its run
}

// String is the box's id.
func (b BoxRef) String() string {
	mid := string(b.Arc)
	if b.Arc == "" {
		mid = strconv.Itoa(b.Index)
	}
	return string(b.Section) + "." + b.Kind + "." + mid + "." + strconv.Itoa(b.N)
}

// BoxID is BoxRef{...}.String() for a box counted by layer, system or mount.
func BoxID(sec SectionName, kind string, index, n int) string {
	return BoxRef{Section: sec, Kind: kind, Index: index, N: n}.String()
}

// ArcBoxID is the id of a shield, adaptation or ablative plate box.
func ArcBoxID(sec SectionName, kind string, arc Arc, n int) string {
	return BoxRef{Section: sec, Kind: kind, Arc: arc, N: n}.String()
}

// maxBoxIDLen bounds a box id: the longest real one is far shorter.
const maxBoxIDLen = 40

// ParseBox reads a box id. It checks the id's form, not that the design
// has the box (Design.CheckBox does).
func ParseBox(id string) (BoxRef, error) {
	bad := func(why string) (BoxRef, error) {
		return BoxRef{}, fmt.Errorf("%s: a box is named section.kind.place.number, such as core.hull.1.3 or fore.shield.aft.2", why)
	}
	if len(id) > maxBoxIDLen {
		return bad(fmt.Sprintf("is %d characters long", len(id)))
	}
	parts := strings.Split(id, ".")
	if len(parts) != 4 {
		return bad(fmt.Sprintf("%q is not a box", id))
	}
	b := BoxRef{Section: SectionName(parts[0]), Kind: parts[1]}
	known := b.Section == BoxHangars && b.Kind == BoxFighter
	for _, n := range SectionOrder {
		known = known || n == b.Section && b.Kind != BoxFighter
	}
	if !known {
		return bad(fmt.Sprintf("%q is not a section (fighters are hangars.fighter.run.number)", parts[0]))
	}
	n, err := strconv.Atoi(parts[3])
	if err != nil || n < 1 || n > 100000 || strconv.Itoa(n) != parts[3] {
		return bad(fmt.Sprintf("%q is not a box number", parts[3]))
	}
	b.N = n
	switch b.Kind {
	case BoxShield, BoxAdapt, BoxPlate:
		a := Arc(parts[2])
		if a != ArcFore && a != ArcAft && a != ArcPort && a != ArcStarboard {
			return bad(fmt.Sprintf("%q is not an arc", parts[2]))
		}
		b.Arc = a
	case BoxHull, BoxCrew, BoxMarine, BoxSystem, BoxHangar, BoxWeapon, BoxLifeSupport, BoxFighter:
		i, err := strconv.Atoi(parts[2])
		if err != nil || i < 1 || i > 100000 || strconv.Itoa(i) != parts[2] {
			return bad(fmt.Sprintf("%q is not a place number", parts[2]))
		}
		b.Index = i
	default:
		return bad(fmt.Sprintf("%q is not a kind of box (hull, crew, marine, shield, adapt, plate, system, hangar, weapon, lifeSupport, fighter)", b.Kind))
	}
	return b, nil
}

// CheckBox reports whether the design's record sheet has box b: nil, or an
// error in a player's words that says what the design has there.
func (d *Design) CheckBox(b BoxRef) error {
	if b.Kind == BoxFighter {
		runs := d.FighterRuns()
		if b.Index > len(runs) {
			return fmt.Errorf("%s carries %s in its hangar bays' own loadouts", d.Name, plural(len(runs), "kind of squadron"))
		}
		if n := runs[b.Index-1].Boxes; b.N > n {
			return fmt.Errorf("%s carries %s of that kind; box %d is not on its sheet", d.Name, plural(n, "squadron"), b.N)
		}
		return nil
	}
	sec := d.Sections.Get(b.Section)
	if sec == nil {
		return fmt.Errorf("%s has no %s section", d.Name, b.Section)
	}
	within := func(n, of int, what string) error {
		if n > of {
			return fmt.Errorf("the %s section of %s has %s; box %d is not on its sheet", b.Section, d.Name, plural(of, what), n)
		}
		return nil
	}
	layer := func() (*Layer, error) {
		if b.Index > len(sec.Layers) {
			return nil, fmt.Errorf("the %s section of %s has %s", b.Section, d.Name, plural(len(sec.Layers), "hull layer"))
		}
		return &sec.Layers[b.Index-1], nil
	}
	switch b.Kind {
	case BoxHull:
		l, err := layer()
		if err != nil {
			return err
		}
		return within(b.N, l.HullHits, "hull hit")
	case BoxCrew:
		l, err := layer()
		if err != nil {
			return err
		}
		return within(b.N, l.Crew, "crew party")
	case BoxMarine:
		l, err := layer()
		if err != nil {
			return err
		}
		return within(b.N, l.Marines, "marine party")
	case BoxShield:
		n := 0
		if sh := sec.Shields.Get(b.Arc); sh != nil {
			n = sh.Hits
		}
		return within(b.N, n, "shield hit on its "+string(b.Arc)+" arc")
	case BoxAdapt:
		return within(b.N, sec.AdaptationLimit(b.Section, b.Arc), "adaptation bubble on its "+string(b.Arc)+" arc")
	case BoxPlate:
		n := 0
		if p := sec.Ablative.Get(b.Arc); p != nil {
			n = *p
		}
		return within(b.N, n, "ablative plate on its "+string(b.Arc)+" arc")
	case BoxSystem:
		if b.Index > len(sec.Systems) {
			return fmt.Errorf("the %s section of %s has %s", b.Section, d.Name, plural(len(sec.Systems), "system"))
		}
		return within(b.N, boxCopies(sec.Systems[b.Index-1].Count), "copy of that system")
	case BoxHangar:
		if b.Index > len(sec.Hangars) {
			return fmt.Errorf("the %s section of %s has %s", b.Section, d.Name, plural(len(sec.Hangars), "hangar"))
		}
		return within(b.N, boxCopies(sec.Hangars[b.Index-1].Count), "bay in that hangar")
	case BoxWeapon:
		if b.Index > len(sec.Weapons) {
			return fmt.Errorf("the %s section of %s has %s", b.Section, d.Name, plural(len(sec.Weapons), "weapon mount"))
		}
		return within(b.N, boxCopies(sec.Weapons[b.Index-1].Count), "weapon on that mount")
	case BoxLifeSupport:
		if b.Index != 1 || b.N != 1 {
			return fmt.Errorf("a section's life support is one box, %s.lifeSupport.1.1", b.Section)
		}
		return nil
	}
	return fmt.Errorf("%q is not a kind of box", b.Kind)
}

// FighterRun is one run of squadron boxes on the sheet: the squadrons of
// one kind a hangar bay definition carries in its permanent loadout, in
// all the bays of that definition the ship mounts.
type FighterRun struct {
	Bay, Squadron string
	// Boxes is how many boxes the run prints (0 when it prints a count).
	Boxes int
}

// FighterRuns lists the runs of squadron boxes in the sheet's order: the
// hangar bay definitions in document order (those the ship mounts and
// that have a loadout of their own), each's squadrons by id.
func (d *Design) FighterRuns() []FighterRun {
	counts := map[string]int{}
	for _, ns := range d.Sections.List() {
		for _, h := range ns.Section.Hangars {
			counts[h.Bay] += max(0, min(h.Count, 999))
		}
	}
	var out []FighterRun
	for i := range d.HangarBays {
		hb := &d.HangarBays[i]
		n := counts[hb.ID]
		if n == 0 || len(hb.Loadout) == 0 {
			continue
		}
		ids := make([]string, 0, len(hb.Loadout))
		for id := range hb.Loadout {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			out = append(out, FighterRun{Bay: hb.ID, Squadron: id, Boxes: boxCopies(max(0, min(hb.Loadout[id], 999)) * n)})
		}
	}
	return out
}

// boxCopies is how many boxes a part of count copies prints.
func boxCopies(count int) int {
	if count > MaxBoxCopies {
		return 0
	}
	return max(count, 0)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	switch {
	case strings.HasSuffix(what, "y of that system"):
		return strconv.Itoa(n) + " copies of that system"
	case strings.Contains(what, " on its "):
		i := strings.Index(what, " on its ")
		return strconv.Itoa(n) + " " + what[:i] + "s" + what[i:]
	case what == "kind of squadron":
		return strconv.Itoa(n) + " kinds of squadron"
	case strings.Contains(what, " in that "):
		i := strings.Index(what, " in that ")
		return strconv.Itoa(n) + " " + what[:i] + "s" + what[i:]
	case strings.Contains(what, " on that "):
		i := strings.Index(what, " on that ")
		return strconv.Itoa(n) + " " + what[:i] + "s" + what[i:]
	}
	return strconv.Itoa(n) + " " + what + "s"
}
