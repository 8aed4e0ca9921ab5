package web

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/ruleset/metaverse"
)

// This file holds the designer page and what the pages know of the games
// served: their ids, names and the name of the number a design is priced
// in, all read from the rulesets' Info.

// gameInfo is what a page shows of one game.
type gameInfo struct {
	ID, Name string
	// Value names the number a design is priced in: "combat value", "cost".
	Value string
}

// registryOf is the games the pages serve: the library's when there is
// one, else every game Slipway knows (the API handler serves the same).
func registryOf(cfg Config) *ruleset.Registry {
	if cfg.Library != nil {
		return cfg.Library.Rulesets()
	}
	model := costing.NewModel(designer.BuiltinCatalogue())
	return ruleset.NewRegistry(append([]ruleset.Ruleset{metaverse.New(model.Catalogue(), model)}, games.Extra()...)...)
}

// gameList is every served game, sorted by id.
func (s *Server) gameList() []gameInfo {
	var out []gameInfo
	for _, r := range s.games.List() {
		i := r.Info()
		out = append(out, gameInfo{ID: i.ID, Name: i.Name, Value: i.Value})
	}
	return out
}

// game returns the served game id, or false.
func (s *Server) game(id string) (gameInfo, bool) {
	r, ok := s.games.Get(id)
	if !ok {
		return gameInfo{}, false
	}
	i := r.Info()
	return gameInfo{ID: i.ID, Name: i.Name, Value: i.Value}, true
}

// defaultGame is the game of a document that names none: Metaverse, the
// first game Slipway served.
func (s *Server) defaultGame() string { return s.games.Fallback().Info().ID }

// gameNames lists the served games' names for a sentence: "Battleshift
// and Metaverse".
func (s *Server) gameNames() string {
	var names []string
	for _, g := range s.gameList() {
		names = append(names, g.Name)
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// designerHref is the address of a game's designer.
func (s *Server) designerHref(id string) string {
	if id == s.defaultGame() {
		return "/designer"
	}
	return "/designer?ruleset=" + urlEscape(id)
}

// gameLink is one entry of the designer's game switcher.
type gameLink struct {
	Href, Name string
	Current    bool
}

// designerData is the Data of the designer page.
type designerData struct {
	Game gameInfo
	// Default is the game of the designer without ?ruleset=, whose new
	// draft keeps the local-storage slot it always had.
	Default string
	Games   []gameLink
	// GamesJSON is every game's id and name for the page's script.
	GamesJSON string
	// Forecast is set when the simulator plays the game's designs (the
	// first game, Metaverse): the designer offers "Test against…".
	Forecast bool
}

// designer serves /designer, /designer?ruleset=ID and /designer?from=ID.
// The page is a shell: the designer module draws the game's form from
// GET /api/v1/rulesets/{ruleset}/form (Metaverse's widgets also from GET
// /api/v1/catalogue) and, with ?from=, loads the design through the API as
// the caller may read it. A design the caller may read names its game; a
// ruleset the studio does not serve is a 404 naming the ones it does.
func (s *Server) designer(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("ruleset")
	if from := q.Get("from"); from != "" && s.lib != nil {
		if d, err := s.lib.Design(r.Context(), s.user(r), from); err == nil && d.Ruleset != "" {
			id = d.Ruleset
		}
	}
	if id == "" {
		id = s.defaultGame()
	}
	g, ok := s.game(id)
	if !ok {
		var links []link
		for _, x := range s.gameList() {
			links = append(links, link{Href: s.designerHref(x.ID), Text: x.Name + " designer"})
		}
		s.render(w, r, http.StatusNotFound, "error", Page{Title: "Game not found", Data: errorInfo{
			Status: http.StatusNotFound, Heading: "Game not found",
			Message: "This studio has no game called “" + id + "”. It serves " + s.gameNames() + ": open the designer of one of them.",
			Links:   links}})
		return
	}
	data := designerData{Game: g, Default: s.defaultGame(), Forecast: g.ID == s.defaultGame() && s.lib != nil}
	type idName struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	var js []idName
	for _, x := range s.gameList() {
		data.Games = append(data.Games, gameLink{Href: s.designerHref(x.ID), Name: x.Name, Current: x.ID == g.ID})
		js = append(js, idName{x.ID, x.Name})
	}
	b, _ := json.Marshal(js)
	data.GamesJSON = string(b)
	s.render(w, r, http.StatusOK, "designer", Page{
		Title:       g.Name + " designer",
		Nav:         "designer",
		Description: "Design a starship for " + g.Name + ": every part of the design, with its " + g.Value + " and every problem as you type.",
		Scripts:     []string{"js/designer/main.js"},
		Preload: []string{"js/ui.js", "vendor/preact-10.29.8/preact.module.js", "vendor/htm-3.1.1/htm.module.js",
			"js/designer/doc.js", "js/designer/store.js", "js/designer/api.js", "js/designer/form.js",
			"js/designer/fields.js", "js/designer/widgets.js", "js/designer/ready.js", "js/designer/panel.js", "js/designer/dialogs.js",
			"js/dialog.js", "js/session.js", "js/compare.js"},
		Wide: true,
		Data: data,
	})
}
