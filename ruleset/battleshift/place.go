package battleshift

import (
	"strconv"

	"github.com/slipway/slipway/ruleset"
)

// Place names the place path points at in c, in the class form's words:
// "systems[3].pay" is "System 4 (Fast Drive), pay with", a system by its
// row and the catalogue's name of its kind (the form's choice). c may be
// nil (a document that could not be read): a system is then named by its
// row alone.
func (cat *Catalogue) Place(c *Class, path string) string {
	return ruleset.Place(path, func(steps []ruleset.PathStep, i int) string { return cat.name(c, steps, i) })
}

// formLabels are the class form's labels of the members a problem can
// name (form.go), where they differ from the member's own words.
var formLabels = map[string]string{"name": "class name", "pay": "pay with"}

func (cat *Catalogue) name(c *Class, steps []ruleset.PathStep, i int) string {
	s := steps[i]
	if s.Index < 0 {
		if i == 0 && s.Key == "systems" && len(steps) == 1 {
			return "-" // the ship's systems as a whole: the message says "this cruiser"
		}
		if i == 2 && steps[0].Key == "systems" && s.Key == "kind" {
			return "-" // the system's own name says it
		}
		return formLabels[s.Key]
	}
	if i != 1 || steps[0].Key != "systems" {
		return ""
	}
	label := "system " + strconv.Itoa(s.Index+1)
	if c != nil && s.Index < len(c.Systems) {
		if k := cat.Kind(c.Systems[s.Index].Kind); k != nil {
			label += " (" + k.Name + ")"
		}
	}
	return label
}
