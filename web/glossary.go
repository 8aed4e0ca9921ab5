package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// This file holds the glossary page: every term a game's designer shows,
// with its help, read from the game's form description.

// glossaryData is the Data of the glossary page.
type glossaryData struct {
	Game     gameInfo
	Games    []gameLink
	Designer string
	Form     *ruleset.Form
	// Sections are the form's groups and its glossary, as the page lists
	// them: a heading, its help and its terms.
	Sections []glossarySection
}

type glossarySection struct {
	ID, Heading, Help string
	Terms             []glossaryTerm
}

type glossaryTerm struct {
	// ID is the term's anchor, set for a rule ("rule-R-SEC-02"): a
	// problem's rule id in the designer links to it.
	ID          string
	Label, Help string
	Options     []ruleset.Option
}

// glossary serves /glossary?ruleset=ID: the terms of a game's designer,
// its fields, choices, catalogue entries and the panel's numbers, each
// with its help. Without ruleset it is the first game's; a game the
// studio does not serve is a 404 naming the ones it does.
func (s *Server) glossary(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("ruleset")
	if id == "" {
		id = s.defaultGame()
	}
	g, ok := s.game(id)
	if !ok {
		var links []link
		for _, x := range s.gameList() {
			links = append(links, link{Href: glossaryHref(x.ID), Text: x.Name + " glossary"})
		}
		s.render(w, r, http.StatusNotFound, "error", Page{Title: "Game not found", Data: errorInfo{
			Status: http.StatusNotFound, Heading: "Game not found",
			Message: "This studio has no game called “" + id + "”. It serves " + s.gameNames() + ": open the glossary of one of them.",
			Links:   links}})
		return
	}
	rs, _ := s.games.Get(id)
	f := rs.Form()
	data := glossaryData{Game: g, Designer: s.designerHref(g.ID), Form: f}
	for _, x := range s.gameList() {
		data.Games = append(data.Games, gameLink{Href: glossaryHref(x.ID), Name: x.Name, Current: x.ID == g.ID})
	}
	n := 0
	next := func() string { n++; return "terms-" + strconv.Itoa(n) }
	var field func(out *[]glossaryTerm, prefix string, fl ruleset.Field)
	field = func(out *[]glossaryTerm, prefix string, fl ruleset.Field) {
		if fl.Kind == ruleset.FieldWidget {
			return // the glossary's own groups list a widget's fields
		}
		*out = append(*out, glossaryTerm{Label: prefix + fl.Label, Help: fl.Help, Options: fl.Options})
		for _, c := range fl.Columns {
			field(out, fl.Label+": ", c)
		}
	}
	for _, grp := range f.Groups {
		sec := glossarySection{ID: next(), Heading: grp.Legend, Help: grp.Help}
		for _, fl := range grp.Fields {
			if fl.Kind == ruleset.FieldWidget && sec.Help == "" {
				sec.Help = fl.Help
			}
			field(&sec.Terms, "", fl)
		}
		if len(sec.Terms) > 0 {
			data.Sections = append(data.Sections, sec)
		}
	}
	for _, grp := range f.Glossary {
		sec := glossarySection{ID: next(), Heading: grp.Heading, Help: grp.Help}
		for _, t := range grp.Terms {
			sec.Terms = append(sec.Terms, glossaryTerm{Label: t.Label, Help: t.Help, Options: t.Options})
		}
		data.Sections = append(data.Sections, sec)
	}
	stats := glossarySection{ID: next(), Heading: "The numbers", Help: "What the designer's panel shows about a design."}
	for _, st := range f.Stats {
		stats.Terms = append(stats.Terms, glossaryTerm{Label: st.Label, Help: st.Help})
	}
	data.Sections = append(data.Sections, stats)
	rules := glossarySection{ID: "rules", Heading: "The construction rules",
		Help: "Each problem the designer shows names the rule it breaks, after its message; the rule's id links here."}
	for _, ru := range rs.Rules() {
		h := ru.Summary
		if h != "" {
			h = strings.ToUpper(h[:1]) + h[1:] + "."
		}
		if ru.Severity == ruleset.Warning {
			h += " (A warning: the design stays legal.)"
		}
		rules.Terms = append(rules.Terms, glossaryTerm{ID: "rule-" + ru.ID, Label: ru.ID, Help: h})
	}
	if len(rules.Terms) > 0 {
		data.Sections = append(data.Sections, rules)
	}
	s.render(w, r, http.StatusOK, "glossary", Page{
		Title:       g.Name + " glossary",
		Nav:         "glossary",
		Description: "Every term of the " + g.Name + " designer in plain words: fields, choices, systems and numbers.",
		Data:        data,
	})
}

// glossaryHref is the address of a game's glossary.
func glossaryHref(id string) string { return "/glossary?ruleset=" + urlEscape(id) }
