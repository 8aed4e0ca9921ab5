package metaverse

import (
	"encoding/json"
	"fmt"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// helpTable is data/metaverse-help.json: the player's words for every
// field, choice, system kind and number of Metaverse's designer form.
// The form description carries them; nothing else holds them.
type helpTable struct {
	// Groups is each fieldset's help, by legend.
	Groups map[string]string `json:"groups"`
	// Fields is each plain or widget field's help, by member name.
	Fields map[string]string `json:"fields"`
	// Stats is each panel number's help, by JSON pointer.
	Stats map[string]string `json:"stats"`
	// Options is each choice's label and help, by field pattern (as the
	// catalogue answer's choices) and value.
	Options map[string]map[string]optionHelp `json:"options"`
	// Kinds is each system kind's help, by kind.
	Kinds map[string]string `json:"kinds"`
	// Glossary is the widgets' fields, grouped as the glossary lists them.
	Glossary []ruleset.TermGroup `json:"glossary"`
}

type optionHelp struct {
	Label string `json:"label,omitempty"`
	Help  string `json:"help"`
}

func loadHelp() (*helpTable, error) {
	var h helpTable
	if err := json.Unmarshal(data.MetaverseHelpJSON(), &h); err != nil {
		return nil, fmt.Errorf("metaverse help: %w", err)
	}
	return &h, nil
}

// options returns the choices at pattern, each with its label and help.
// A value the table gives no label is labelled as it is written.
func (h *helpTable) options(pattern string, values []any) []ruleset.Option {
	out := make([]ruleset.Option, 0, len(values))
	for _, v := range values {
		s := fmt.Sprint(v)
		o := h.Options[pattern][s]
		label := o.Label
		if label == "" {
			label = s
		}
		out = append(out, ruleset.Option{Value: s, Label: label, Help: o.Help})
	}
	return out
}

// glossary fills the table's glossary terms with their options: the
// values the validator accepts (the catalogue answer's choices), the
// catalogue's system kinds, or the values a kind's parameter takes.
func (h *helpTable) glossary(a *CatalogueAnswer) []ruleset.TermGroup {
	params := map[string][]any{}
	for _, k := range a.Catalogue.Kinds {
		for name, p := range k.Params {
			pattern := "sections.*.systems[]." + name
			for _, v := range p.Values {
				if !contains(params[pattern], v) {
					params[pattern] = append(params[pattern], v)
				}
			}
		}
	}
	out := make([]ruleset.TermGroup, len(h.Glossary))
	for i, g := range h.Glossary {
		out[i] = ruleset.TermGroup{Heading: g.Heading, Help: g.Help, Terms: make([]ruleset.Term, len(g.Terms))}
		for j, t := range g.Terms {
			switch {
			case t.Path == "sections.*.systems[].kind":
				for _, k := range a.Catalogue.Kinds {
					help := h.Kinds[k.Kind]
					if help != "" {
						help += fmt.Sprintf(" Tier %d.", k.Tier)
					}
					t.Options = append(t.Options, ruleset.Option{Value: k.Kind, Label: k.Name, Help: help})
				}
			case len(a.Choices[t.Path]) > 0 && len(h.Options[t.Path]) > 0:
				t.Options = h.options(t.Path, a.Choices[t.Path])
			case len(params[t.Path]) > 0:
				t.Options = h.options(t.Path, params[t.Path])
			}
			out[i].Terms[j] = t
		}
	}
	return out
}

func contains(list []any, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
