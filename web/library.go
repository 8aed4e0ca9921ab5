package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"strings"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// This file holds the library page and the pieces the other read pages
// share: a design's summary card and the drawing of its sections. Every
// number comes from the stored evaluation; nothing here computes a rule.

// designCard is what a list of designs shows of one design.
type designCard struct {
	ID, Name, Class, Author, Visibility string
	CV, Points                          float64
	Tier, Forks, Version                int
	Drawing                             template.HTML
	Updated                             string
	// Game is the name of the design's game when it is not the first
	// game's (Metaverse's cards look as they always did).
	Game string
	// Nums are the numbers the card shows, in its game's words.
	Nums []cardNum
}

// cardNum is one number of a card.
type cardNum struct{ Label, Value string }

// card summarises d from its stored latest version: the drawing from the
// design's outline when the store gave one, else from the document. A
// design of another game than the first shows its class and the number it
// is priced in (the summary's balancing value, which is its cost for
// Battleshift), named as its game names it.
func (s *Server) card(d *library.Design) designCard {
	author := d.OwnerName
	if author == "" {
		author = "deleted user"
	}
	ev := d.Latest.Evaluation
	c := designCard{
		ID: d.ID, Name: d.Name, Author: author, Visibility: string(d.Visibility),
		CV: ev.CV, Points: ev.Points, Tier: ev.Tier, Forks: d.Forks, Version: d.Version,
		Updated: d.UpdatedAt.UTC().Format("2 Jan 2006"),
	}
	if g, ok := s.game(d.Ruleset); ok && g.ID != s.defaultGame() {
		c.Game, c.Class = g.Name, ev.Hull
		c.Nums = []cardNum{{Label: sentence(g.Value), Value: fmtNum(ev.CV)}}
		return c
	}
	c.Class = strings.TrimSpace(ev.Hull + " hull, " + ev.Movement)
	outline := d.Outline
	if outline == "" {
		outline = library.Outline(d.Latest.Document)
	}
	c.Drawing = sectionsSVG(outline, 56)
	c.Nums = []cardNum{{"CV", fmt.Sprintf("%.0f", ev.CV)}, {"Points", fmt.Sprintf("%.0f", ev.Points)}, {"Tier", fmt.Sprint(ev.Tier)}}
	return c
}

// sentence capitalises the first letter: "cost" -> "Cost".
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// cards summarises designs as u sees them. Lists carry no documents but
// each design's outline, which is all a drawing needs; only a design whose
// store has not computed its outline yet (a library upgraded while its
// backfill runs) has its latest version read for the drawing (a key
// lookup), and one that cannot be read now is shown without one.
func (s *Server) cards(ctx context.Context, u *library.User, ds []*library.Design) []designCard {
	out := make([]designCard, 0, len(ds))
	for _, d := range ds {
		if d.Outline == "" && len(d.Latest.Document) == 0 {
			if full, err := s.lib.Design(ctx, u, d.ID); err == nil {
				d.Latest.Document = full.Latest.Document
			}
		}
		out = append(out, s.card(d))
	}
	return out
}

// sectionsSVG draws a design's sections from its outline (library.Outline
// of its stored document): the core in the middle and each outboard
// section on its side, each square sized by its hull hits (area
// proportional). No rule is computed. An outline with nothing to draw, or
// none, draws nothing.
func sectionsSVG(outline string, size int) template.HTML {
	secs, most, ok := library.ParseOutline(outline)
	if !ok || outline == "-" {
		return ""
	}
	hits := map[string]int{}
	for _, sec := range secs {
		hits[sec.Name] = sec.HullHits
	}
	cell := float64(size) / 3
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="ship-drawing" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="Sections: `, size, size, size, size)
	order := []struct {
		name   string
		cx, cy float64
	}{{"core", 1.5, 1.5}, {"fore", 1.5, 0.5}, {"aft", 1.5, 2.5}, {"port", 0.5, 1.5}, {"starboard", 2.5, 1.5}}
	var label []string
	for _, o := range order {
		if h, ok := hits[o.name]; ok {
			label = append(label, fmt.Sprintf("%s %d hull hits", o.name, h))
		}
	}
	b.WriteString(template.HTMLEscapeString(strings.Join(label, ", ")))
	b.WriteString(`">`)
	for _, o := range order {
		h, ok := hits[o.name]
		if !ok {
			continue
		}
		side := cell * (0.35 + 0.6*math.Sqrt(float64(h)/float64(most)))
		cls := "sec-out"
		if o.name == "core" {
			cls = "sec-core"
		}
		fmt.Fprintf(&b, `<rect class="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="2"/>`,
			cls, o.cx*cell-side/2, o.cy*cell-side/2, side, side)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// fieldError is a refusal the page shows: the field it names, if any,
// and the Service's message.
func fieldError(err error) (field, msg string) {
	var e *library.Error
	if errors.As(err, &e) {
		return e.Field, e.Message
	}
	return "", "the server failed; try again"
}

// libraryData is the Data of the library page.
type libraryData struct {
	Query      url.Values
	Get        func(string) string
	Results    []designCard
	Next       string
	Error      string
	ErrorField string
	Sorts      []string
	Tiers      []string
	Movements  []string
	Games      []gameInfo
}

// libraryPage serves /library: the public library, searched, filtered,
// sorted and paged by the URL's query, which means what it means on
// /api/v1/library. The form is a plain GET form.
func (s *Server) libraryPage(w http.ResponseWriter, r *http.Request) {
	qv := r.URL.Query()
	data := libraryData{Query: qv, Get: qv.Get, Sorts: []string{"newest", "cv", "points", "name", "forks"},
		Tiers: []string{"1", "2", "3", "4"}, Movements: []string{designer.MovementCinematic, designer.MovementNewtonian}, Games: s.gameList()}
	status := http.StatusOK
	q, err := api.ParseLibraryQuery(qv.Get)
	var page *library.LibraryPage
	if err == nil {
		if q.Limit == 0 {
			q.Limit = 20
		}
		page, err = s.lib.Library(r.Context(), q)
	}
	if err != nil {
		if library.ErrorCode(err) != library.EInvalid {
			panic(err)
		}
		status = http.StatusBadRequest
		data.ErrorField, data.Error = fieldError(err)
	} else {
		data.Results = s.cards(r.Context(), nil, page.Designs)
		if page.Next != nil {
			next := url.Values{}
			for k, v := range qv {
				if k != "cursor" && len(v) > 0 && v[0] != "" {
					next[k] = v[:1]
				}
			}
			next.Set("cursor", api.EncodeLibraryCursor(q, *page.Next))
			data.Next = "/library?" + next.Encode()
		}
	}
	s.render(w, r, status, "library", Page{
		Title: "Library", Nav: "library", Scripts: []string{"js/compare.js"},
		Description: "Search the public library of starship designs for " + s.gameNames() + ".",
		Data:        data,
	})
}

// readingRoutes adds the pages that read and change the library: the
// library, a design's page, compare and the account pages. Without a
// library service there are none.
func (s *Server) readingRoutes(mux *http.ServeMux) {
	if s.lib == nil {
		return
	}
	mux.HandleFunc("GET /library", s.libraryPage)
	mux.HandleFunc("GET /compare", s.comparePage)
	mux.HandleFunc("GET /designs/{id}", s.designPage)
	mux.HandleFunc("POST /designs/{id}/fork", s.forkDesign)
	mux.HandleFunc("GET /login", s.loginPage)
	mux.HandleFunc("POST /login", s.loginPage)
	mux.HandleFunc("GET /register", s.registerPage)
	mux.HandleFunc("POST /register", s.registerPage)
	mux.HandleFunc("POST /logout", s.logout)
	mux.HandleFunc("GET /account", s.accountPage)
	mux.HandleFunc("POST /account/{action}", s.accountAction)
}

// homeData is the home page's recent and top public designs, or nil
// without a library.
type homeLists struct {
	Recent, Top []designCard
	// TopGame names the game whose designs Top ranks by combat value.
	TopGame string
}

func (s *Server) homeData(r *http.Request) *homeLists {
	if s.lib == nil {
		return nil
	}
	ctx := r.Context()
	recent, err1 := s.lib.Library(ctx, library.LibraryQuery{Sort: "newest", Desc: true, Limit: 4})
	// Combat value ranks one game's ships: the first game's (Metaverse),
	// whose value it is.
	game := s.lib.Rulesets().Fallback().Info()
	top, err2 := s.lib.Library(ctx, library.LibraryQuery{Sort: "cv", Desc: true, Limit: 4, Ruleset: game.ID})
	if err1 != nil || err2 != nil || len(recent.Designs) == 0 {
		return nil
	}
	return &homeLists{Recent: s.cards(ctx, nil, recent.Designs), Top: s.cards(ctx, nil, top.Designs), TopGame: game.Name}
}
