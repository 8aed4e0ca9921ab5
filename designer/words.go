package designer

import (
	"strconv"

	"github.com/slipway/slipway/ruleset"
)

// fieldLabels are the designer form's labels of the document's members
// where they differ from the member's own words ("hullHits" reads "hull
// hits" without help): what a player sees beside the field.
var fieldLabels = map[string]string{
	"name":          "name",
	"hull":          "hull type",
	"scale":         "scale",
	"aoe":           "area of effect",
	"targetMethod":  "targeting",
	"interceptable": "can be intercepted",
	"sectors":       "firing sectors",
	"layers":        "hull layers",
	"weapons":       "weapon mounts",
	"systems":       "systems",
	"hangars":       "hangar bays",
	"rating":        "rating",
	"count":         "count",
	"carries":       "carries",
}

// Place names the place path points at in d, in the designer form's
// words: "sections.core.systems[3].axis" is "Core section, basic STL
// drive, axis" (a system by its kind's catalogue name, with its number
// when the section has more than one of the kind), a weapon definition,
// squadron or hangar bay by its name. d may be nil (a document that could
// not be read): entries are then named by their number.
func (c *Catalogue) Place(d *Design, path string) string {
	return ruleset.Place(path, func(steps []ruleset.PathStep, i int) string { return c.name(d, steps, i) })
}

func (c *Catalogue) name(d *Design, steps []ruleset.PathStep, i int) string {
	s := steps[i]
	top := steps[0].Key
	if s.Index < 0 {
		if i == 0 && s.Key == "name" {
			return "class name"
		}
		if i == 0 && s.Key == "weapons" {
			return "weapon definitions"
		}
		if i == 0 && s.Key == "starfighters" {
			return "squadron definitions"
		}
		if i == 0 && s.Key == "hangarBays" {
			return "hangar bay definitions"
		}
		if i == 0 && s.Key == "tags" {
			return "tags"
		}
		if s.Key == "loadout" && i+1 < len(steps) {
			return "-" // its entry says "loadout of"
		}
		if i > 0 && steps[i-1].Key == "loadout" {
			return "loadout of ‘" + s.Key + "’"
		}
		if s.Key == "weapons" && top == "starfighters" {
			return "weapons"
		}
		if l, ok := fieldLabels[s.Key]; ok {
			return l
		}
		return ""
	}
	list := steps[i-1].Key
	n := strconv.Itoa(s.Index + 1)
	switch {
	case top == "sections" && i == 3 && list == "systems":
		if d == nil {
			return ""
		}
		sec := d.Sections.Get(SectionName(steps[1].Key))
		if sec == nil || s.Index >= len(sec.Systems) {
			return ""
		}
		k := c.Kind(sec.Systems[s.Index].Kind)
		if k == nil {
			return "system " + n
		}
		same := 0
		for _, x := range sec.Systems {
			if x.Kind == k.Kind {
				same++
			}
		}
		if same > 1 {
			return ruleset.Lower(k.Name) + " (system " + n + ")"
		}
		return ruleset.Lower(k.Name)
	case top == "sections" && i == 3 && list == "weapons":
		if d != nil {
			if sec := d.Sections.Get(SectionName(steps[1].Key)); sec != nil && s.Index < len(sec.Weapons) {
				if w := d.Weapon(sec.Weapons[s.Index].Weapon); w != nil && w.Name != "" {
					return "mount " + n + " (" + w.Name + ")"
				}
			}
		}
		return "mount " + n
	case top == "sections" && i == 3 && list == "hangars":
		return "hangar " + n
	case list == "sectors":
		return "firing sectors"
	case i == 1 && top == "weapons":
		if d != nil && s.Index < len(d.Weapons) && d.Weapons[s.Index].Name != "" {
			return "weapon " + d.Weapons[s.Index].Name
		}
		return "weapon definition " + n
	case i == 1 && top == "starfighters":
		if d != nil && s.Index < len(d.Starfighters) && d.Starfighters[s.Index].Name != "" {
			return "squadron " + d.Starfighters[s.Index].Name
		}
		return "squadron definition " + n
	case i == 3 && top == "starfighters" && list == "weapons":
		if d != nil && steps[1].Index < len(d.Starfighters) {
			if ws := d.Starfighters[steps[1].Index].Weapons; s.Index < len(ws) && ws[s.Index].Name != "" {
				return "weapon " + ws[s.Index].Name
			}
		}
		return "weapon " + n
	case i == 1 && top == "hangarBays":
		if d != nil && s.Index < len(d.HangarBays) && d.HangarBays[s.Index].Name != "" {
			return "hangar bay " + d.HangarBays[s.Index].Name
		}
		return "hangar bay definition " + n
	case list == "carries":
		return "squadron type " + n
	}
	return ""
}
