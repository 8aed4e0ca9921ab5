package battleshift

import (
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// CatalogueTable lists every system kind: its payment, space and points
// (per size where they grow with it), limits and, for weapons, range.
func (r *Ruleset) CatalogueTable() ruleset.Table {
	t := ruleset.Table{Header: []string{"KIND", "NAME", "PAYMENT", "SPACE", "POINTS", "LIMITS", "RANGE"}}
	for _, k := range r.cat.Kinds {
		var limits []string
		if k.Limits.MinSize > 1 {
			limits = append(limits, "size "+itoa(k.Limits.MinSize)+"+")
		}
		switch k.Limits.Size1 {
		case Size1Refused:
			if k.Limits.MinSize <= 1 {
				limits = append(limits, "not on size 1")
			}
		case Size1BuiltIn:
			limits = append(limits, "built into size 1")
		}
		if k.Limits.Once {
			limits = append(limits, "once")
		}
		if len(k.Limits.NotWith) > 0 {
			names := make([]string, 0, len(k.Limits.NotWith))
			for _, id := range k.Limits.NotWith {
				if o := r.cat.Kind(id); o != nil {
					names = append(names, o.Name)
				} else {
					names = append(names, id)
				}
			}
			limits = append(limits, "not with "+strings.Join(names, ", "))
		}
		if k.Limits.Experimental {
			limits = append(limits, "experimental")
		}
		rng := ""
		if k.Weapon != nil {
			rng = k.Weapon.Range
		}
		t.Rows = append(t.Rows, []string{k.Kind, k.Name, k.Payment, coefText(k.Space), coefText(k.Points), strings.Join(limits, "; "), rng})
	}
	return t
}

// CatalogueData is the catalogue (data/battleshift/catalogue.json).
func (r *Ruleset) CatalogueData() any { return r.cat }

// coefText writes a coefficient as players read it: "2", "1 per size",
// "⌈size/2⌉", "-" for none.
func coefText(c Coef) string {
	if c.IsZero() {
		return "-"
	}
	var parts []string
	if c.Base != 0 {
		parts = append(parts, itoa(c.Base))
	}
	if c.PerSize != 0 {
		parts = append(parts, itoa(c.PerSize)+"/size")
	}
	if c.PerHalfSize != 0 {
		parts = append(parts, itoa(c.PerHalfSize)+"×⌈size/2⌉")
	}
	if c.PerThirdSize != 0 {
		parts = append(parts, itoa(c.PerThirdSize)+"×⌈size/3⌉")
	}
	return strings.Join(parts, " + ")
}

// Explained is the cost and the other derived numbers explained term by
// term (for `slipway eval --explain`).
func (r *Result) Explained() *ruleset.Node { return r.Explanation }
