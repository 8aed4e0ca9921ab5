package metaverse

import (
	"fmt"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// CatalogueTable lists every system kind with its category, tier, rating
// range and parameters.
func (r *Ruleset) CatalogueTable() ruleset.Table {
	t := ruleset.Table{Header: []string{"KIND", "NAME", "CATEGORY", "TIER", "RATING", "PARAMETERS"}}
	for _, k := range r.cat.Kinds {
		rating := k.Rating.Mode
		if k.Rating.Mode == designer.RatingRange {
			rating = fmt.Sprintf("%d-%d", k.Rating.Min, k.Rating.Max)
		}
		params := ""
		for _, p := range designer.ParamNames {
			if spec := k.Params[p]; spec != nil {
				if params != "" {
					params += " "
				}
				params += fmt.Sprintf("%s=%v", p, spec.Values)
			}
		}
		t.Rows = append(t.Rows, []string{k.Kind, k.Name, k.Category, fmt.Sprint(k.Tier), rating, params})
	}
	return t
}

// CatalogueData is the systems catalogue (data/catalogue.json).
func (r *Ruleset) CatalogueData() any { return r.cat }
