package costing

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/slipway/slipway/designer"
)

// Comparison is what changed between two designs and how much each change
// moved the published numbers. The changes are applied to A one at a
// time in a fixed order (definitions, then sections in section order,
// then the design's options) and each is credited with the difference it
// made at that point, so the parts add up exactly to the total.
type Comparison struct {
	ModelVersion string   `json:"modelVersion"`
	A            Summary  `json:"a"`
	B            Summary  `json:"b"`
	Total        Delta    `json:"total"`
	Changes      []Change `json:"changes"`
}

// Summary is the headline numbers of one design.
type Summary struct {
	Name         string  `json:"name"`
	CV           int     `json:"cv"`
	Points       int     `json:"points"`
	EMS          int     `json:"ems"`
	TargetRating int     `json:"targetRating"`
	CVExact      float64 `json:"cvExact"`
	Legal        bool    `json:"legal"`
}

// Delta is a difference of the headline numbers.
type Delta struct {
	CV           int     `json:"cv"`
	Points       int     `json:"points"`
	EMS          int     `json:"ems"`
	TargetRating int     `json:"targetRating"`
	CVExact      float64 `json:"cvExact"`
}

// Change is one difference between the designs with the part of the
// total it accounts for.
type Change struct {
	Path        string `json:"path"`
	Kind        string `json:"kind"` // added, removed or changed
	Description string `json:"description"`
	Delta       Delta  `json:"delta"`
}

func summarize(r *Result) Summary {
	return Summary{Name: r.Name, CV: r.CV, Points: r.Points, EMS: r.EMS, TargetRating: r.TargetRating, CVExact: r.Components.CV, Legal: r.Legal}
}

func sub(a, b Summary) Delta {
	return Delta{CV: b.CV - a.CV, Points: b.Points - a.Points, EMS: b.EMS - a.EMS, TargetRating: b.TargetRating - a.TargetRating, CVExact: b.CVExact - a.CVExact}
}

// step is one change and how to apply it to the working copy.
type step struct {
	path, kind, desc string
	apply            func(d *designer.Design)
}

// Compare explains the difference between a and b. Nil designs count as
// empty ones.
func (m *Model) Compare(a, b *designer.Design) *Comparison {
	if a == nil {
		a = &designer.Design{}
	}
	if b == nil {
		b = &designer.Design{}
	}
	ra, rb := m.Evaluate(a, Options{}), m.Evaluate(b, Options{})
	c := &Comparison{ModelVersion: m.Version(), A: summarize(ra), B: summarize(rb), Changes: []Change{}}
	c.Total = sub(c.A, c.B)

	cur := cloneDesign(a)
	prev := c.A
	steps := diffSteps(a, b)
	for i, s := range steps {
		s.apply(cur)
		now := summarize(m.Evaluate(cur, Options{}))
		if i == len(steps)-1 && sameNumbers(now, c.B) {
			now = c.B // the same design up to list order and float rounding
		}
		c.Changes = append(c.Changes, Change{Path: s.path, Kind: s.kind, Description: s.desc, Delta: sub(prev, now)})
		prev = now
	}
	if !sameNumbers(prev, c.B) || prev.CVExact != c.B.CVExact {
		// Differences the steps do not model (they should not exist):
		// credited to one residual change so the parts still add up.
		c.Changes = append(c.Changes, Change{Path: "", Kind: "changed", Description: "other differences", Delta: sub(prev, c.B)})
	}
	return c
}

// close reports whether two summaries agree on every published number
// and on the unrounded CV to 1e-9.
func sameNumbers(a, b Summary) bool {
	return a.CV == b.CV && a.Points == b.Points && a.EMS == b.EMS && a.TargetRating == b.TargetRating &&
		math.Abs(a.CVExact-b.CVExact) <= 1e-9
}

// cloneDesign deep-copies a design through its JSON form.
func cloneDesign(d *designer.Design) *designer.Design {
	b, err := json.Marshal(d)
	var c designer.Design
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil {
		return &designer.Design{} // unreachable: every field marshals
	}
	return &c
}

func same(a, b any) bool { return reflect.DeepEqual(a, b) }

// diffSteps lists the changes from a to b in application order.
func diffSteps(a, b *designer.Design) []step {
	// New and changed definitions come first and removed ones last, so
	// that mounts and hangars are credited with their own weapons and
	// squadrons.
	w, wr := defSteps("weapons", ids(a.Weapons, func(w designer.WeaponDef) string { return w.ID }),
		ids(b.Weapons, func(w designer.WeaponDef) string { return w.ID }),
		func(d *designer.Design, id string) any { return d.Weapon(id) },
		func(d *designer.Design, id string, from *designer.Design) {
			setByID(&d.Weapons, from.Weapons, id, func(w designer.WeaponDef) string { return w.ID })
		}, a, b)
	f, fr := defSteps("starfighters", ids(a.Starfighters, func(s designer.SquadronDef) string { return s.ID }),
		ids(b.Starfighters, func(s designer.SquadronDef) string { return s.ID }),
		func(d *designer.Design, id string) any { return d.Squadron(id) },
		func(d *designer.Design, id string, from *designer.Design) {
			setByID(&d.Starfighters, from.Starfighters, id, func(s designer.SquadronDef) string { return s.ID })
		}, a, b)
	h, hr := defSteps("hangarBays", ids(a.HangarBays, func(h designer.HangarBayDef) string { return h.ID }),
		ids(b.HangarBays, func(h designer.HangarBayDef) string { return h.ID }),
		func(d *designer.Design, id string) any { return d.HangarBay(id) },
		func(d *designer.Design, id string, from *designer.Design) {
			setByID(&d.HangarBays, from.HangarBays, id, func(h designer.HangarBayDef) string { return h.ID })
		}, a, b)
	var steps []step
	steps = append(append(append(steps, w...), f...), h...)
	for _, n := range designer.SectionOrder {
		steps = append(steps, sectionSteps(n, a.Sections.Get(n), b.Sections.Get(n))...)
	}
	steps = append(append(append(steps, wr...), fr...), hr...)
	opt := func(path string, va, vb any, apply func(d *designer.Design)) {
		if !same(va, vb) {
			steps = append(steps, step{path, "changed", fmt.Sprintf("%s %v -> %v", path, va, vb), apply})
		}
	}
	opt("techLevel", a.TechLevel, b.TechLevel, func(d *designer.Design) { d.TechLevel = b.TechLevel })
	opt("movement", a.Movement, b.Movement, func(d *designer.Design) { d.Movement = b.Movement })
	opt("hull", a.Hull, b.Hull, func(d *designer.Design) { d.Hull = b.Hull })
	opt("crewQuality", a.CrewQuality, b.CrewQuality, func(d *designer.Design) { d.CrewQuality = b.CrewQuality })
	opt("commandQuality", a.CommandQuality, b.CommandQuality, func(d *designer.Design) { d.CommandQuality = b.CommandQuality })
	opt("damageControl", a.DamageControl, b.DamageControl, func(d *designer.Design) { d.DamageControl = b.DamageControl })
	return steps
}

func ids[T any](xs []T, id func(T) string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

// setByID makes the definition with the given id in *list what it is in
// from: replaced, appended or removed.
func setByID[T any](list *[]T, from []T, id string, key func(T) string) {
	var src *T
	for i := range from {
		if key(from[i]) == id {
			src = &from[i]
			break
		}
	}
	for i := range *list {
		if key((*list)[i]) == id {
			if src == nil {
				*list = append((*list)[:i:i], (*list)[i+1:]...)
			} else {
				(*list)[i] = *src
			}
			return
		}
	}
	if src != nil {
		*list = append(*list, *src)
	}
}

// defSteps diffs one list of definitions by id: a's order, then b's new ids.
func defSteps(field string, aIDs, bIDs []string, get func(*designer.Design, string) any,
	set func(*designer.Design, string, *designer.Design), a, b *designer.Design) (steps, removals []step) {
	all := append([]string{}, aIDs...)
	for _, id := range bIDs {
		if !containsString(all, id) {
			all = append(all, id)
		}
	}
	for _, id := range all {
		va, vb := get(a, id), get(b, id)
		inA, inB := containsString(aIDs, id), containsString(bIDs, id)
		path := fmt.Sprintf("%s[%s]", field, id)
		id := id
		apply := func(d *designer.Design) { set(d, id, b) }
		switch {
		case inA && !inB:
			removals = append(removals, step{path, "removed", "definition " + id + " removed", apply})
		case !inA && inB:
			steps = append(steps, step{path, "added", "definition " + id + " added", apply})
		case !same(va, vb):
			steps = append(steps, step{path, "changed", "definition " + id + " changed", apply})
		}
	}
	return steps, removals
}

// sectionSteps diffs one section: whole when added or removed, else part
// by part, with system, mount and hangar entries matched by value.
func sectionSteps(n designer.SectionName, a, b *designer.Section) []step {
	base := "sections." + string(n)
	switch {
	case a == nil && b == nil:
		return nil
	case a == nil:
		return []step{{base, "added", "section " + string(n) + " added", func(d *designer.Design) { d.Sections.Set(n, cloneSection(b)) }}}
	case b == nil:
		return []step{{base, "removed", "section " + string(n) + " removed", func(d *designer.Design) { d.Sections.Set(n, nil) }}}
	}
	var steps []step
	part := func(path string, va, vb any, desc string, apply func(s *designer.Section)) {
		if same(va, vb) {
			return
		}
		steps = append(steps, step{base + "." + path, "changed", desc, func(d *designer.Design) {
			if s := d.Sections.Get(n); s != nil {
				apply(s)
			}
		}})
	}
	part("layers", a.Layers, b.Layers, fmt.Sprintf("%s hull: %d -> %d hull hits in %d -> %d layers", n, a.HullHits(), b.HullHits(), len(a.Layers), len(b.Layers)),
		func(s *designer.Section) { s.Layers = append([]designer.Layer(nil), b.Layers...) })
	part("armour", a.Armour, b.Armour, string(n)+" armour changed", func(s *designer.Section) { s.Armour = cloneSection(b).Armour })
	part("ablative", a.Ablative, b.Ablative, string(n)+" ablative plates changed", func(s *designer.Section) { s.Ablative = cloneSection(b).Ablative })
	part("shields", a.Shields, b.Shields, string(n)+" shields changed", func(s *designer.Section) { s.Shields = cloneSection(b).Shields })
	steps = append(steps, listSteps(n, base+".systems", a.Systems, b.Systems, describeSystem,
		func(s *designer.Section) *[]designer.System { return &s.Systems })...)
	steps = append(steps, listSteps(n, base+".weapons", a.Weapons, b.Weapons, describeMount,
		func(s *designer.Section) *[]designer.Mount { return &s.Weapons })...)
	steps = append(steps, listSteps(n, base+".hangars", a.Hangars, b.Hangars, func(h designer.HangarMount) string {
		return fmt.Sprintf("%d x hangar bay %s", h.Count, h.Bay)
	}, func(s *designer.Section) *[]designer.HangarMount { return &s.Hangars })...)
	return steps
}

// listSteps matches entries by value: each entry of a without a match in
// b is removed, each entry of b without a match in a is added. The last
// step of a list also puts the entries in b's order.
func listSteps[T any](n designer.SectionName, path string, a, b []T, describe func(T) string, list func(*designer.Section) *[]T) []step {
	usedB := make([]bool, len(b))
	var removed []T
	for _, x := range a {
		found := false
		for j, y := range b {
			if !usedB[j] && same(x, y) {
				usedB[j], found = true, true
				break
			}
		}
		if !found {
			removed = append(removed, x)
		}
	}
	var steps []step
	with := func(f func(l *[]T)) func(d *designer.Design) {
		return func(d *designer.Design) {
			if s := d.Sections.Get(n); s != nil {
				f(list(s))
			}
		}
	}
	for _, x := range removed {
		x := x
		steps = append(steps, step{path, "removed", describe(x) + " removed", with(func(l *[]T) {
			for i := range *l {
				if same((*l)[i], x) {
					*l = append((*l)[:i:i], (*l)[i+1:]...)
					return
				}
			}
		})})
	}
	for j, y := range b {
		if usedB[j] {
			continue
		}
		y := y
		steps = append(steps, step{path, "added", describe(y) + " added", with(func(l *[]T) { *l = append(*l, y) })})
	}
	if len(steps) > 0 {
		last := steps[len(steps)-1].apply
		steps[len(steps)-1].apply = func(d *designer.Design) {
			last(d)
			if s := d.Sections.Get(n); s != nil {
				*list(s) = append([]T(nil), b...)
			}
		}
	}
	return steps
}

func describeSystem(s designer.System) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d x %s", s.Count, s.Kind)
	if s.Rating != 0 {
		fmt.Fprintf(&sb, " rating %d", s.Rating)
	}
	for _, p := range []string{s.Facing, s.Axis, s.Arc, s.Type} {
		if p != "" {
			sb.WriteString(" " + p)
		}
	}
	return sb.String()
}

func describeMount(m designer.Mount) string {
	return fmt.Sprintf("%d x %s on sectors %v", m.Count, m.Weapon, m.Sectors)
}

func cloneSection(s *designer.Section) *designer.Section {
	d := cloneDesign(&designer.Design{Sections: designer.Sections{Core: s}})
	return d.Sections.Core
}
