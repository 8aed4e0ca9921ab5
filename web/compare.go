package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// maxCompare is the most designs a comparison (and the browser's compare
// tray) holds.
const maxCompare = 4

// compareRow is one number across the compared designs of one game.
type compareRow struct {
	Label   string
	Values  []string
	Differs bool
}

// comparedDesign is one design of a comparison: its card and the address
// of the comparison without it.
type comparedDesign struct {
	designCard
	Remove string
}

// compareGroup is the designs of one game, side by side in that game's
// numbers.
type compareGroup struct {
	Game    gameInfo
	Designs []comparedDesign
	Rows    []compareRow
	// Diff attributes the CV difference of exactly two designs of the
	// first game (Metaverse) to their parts.
	Diff *costing.Comparison
}

// compareHit is one design the compare page's search found.
type compareHit struct {
	designCard
	// Add is the address of the comparison with the design added; "" when
	// it is compared already.
	Add string
}

// compareData is the Data of the compare page.
type compareData struct {
	// IDs is the compared designs' ids, comma separated, as the query
	// string gives them once each.
	IDs    string
	Count  int
	Max    int
	Groups []compareGroup
	// Query is the search for designs to add (the no-JavaScript search);
	// Hits what it found.
	Query    string
	Searched bool
	Hits     []compareHit
	// GamesJSON is every game's id and name, for the page's search script;
	// Default the first game's id, whose designs it names no game for.
	GamesJSON, Default string
	Error              string
}

// compareHref is the address of the comparison of ids.
func compareHref(ids []string) string {
	if len(ids) == 0 {
		return "/compare"
	}
	esc := make([]string, len(ids))
	for i, id := range ids {
		esc[i] = urlEscape(id)
	}
	return "/compare?ids=" + strings.Join(esc, ",")
}

// comparePage serves /compare?ids=a,b[,c,d]: up to four designs the
// caller may read side by side, from their stored evaluations, grouped by
// game, each group in its own game's numbers. For two Metaverse designs
// the costing comparison attributes the CV difference to its parts. With
// fewer than two designs it is the page to add more: a search of the
// library (&q=) whose results add a design by a link, which the page's
// script runs as you type against GET /api/v1/library.
func (s *Server) comparePage(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	ctx := r.Context()
	qv := r.URL.Query()
	data := compareData{Max: maxCompare, Query: strings.TrimSpace(qv.Get("q")), Default: s.defaultGame()}
	type idName struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	var js []idName
	for _, g := range s.gameList() {
		js = append(js, idName{g.ID, g.Name})
	}
	b, _ := json.Marshal(js)
	data.GamesJSON = string(b)
	var ids []string
	for _, id := range strings.Split(qv.Get("ids"), ",") {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	status := http.StatusOK
	render := func() {
		s.render(w, r, status, "compare", Page{Title: "Compare designs", Nav: "library",
			Description: "Compare up to four starship designs side by side, each in its own game's numbers.",
			Scripts:     []string{"js/compare-page.js"}, Preload: []string{"js/compare.js"}, Data: data})
	}
	if len(ids) > maxCompare {
		status = http.StatusBadRequest
		data.Error = fmt.Sprintf("A comparison holds at most %d designs; the address names %d. Remove some and open it again.", maxCompare, len(ids))
		render()
		return
	}
	var (
		found   []*library.Design
		missing []string
	)
	for _, id := range ids {
		d, err := s.lib.Design(ctx, u, id)
		if c := library.ErrorCode(err); c == library.ENotFound || c == library.EInvalid { // EInvalid: no id a design can have
			missing = append(missing, id)
			continue
		}
		if err != nil {
			panic(err)
		}
		found = append(found, d)
	}
	ids = ids[:0]
	for _, d := range found {
		ids = append(ids, d.ID)
	}
	data.IDs, data.Count = strings.Join(ids, ","), len(ids)
	if len(missing) > 0 {
		status = http.StatusNotFound
		data.Error = "There is no design " + strings.Join(missing, ", ") + " that you may see (it may be private or deleted); it is left out."
	}
	for _, d := range found {
		gi, ok := s.game(d.Ruleset)
		if !ok {
			gi, _ = s.game(s.defaultGame())
		}
		i := slices.IndexFunc(data.Groups, func(g compareGroup) bool { return g.Game.ID == gi.ID })
		if i < 0 {
			data.Groups = append(data.Groups, compareGroup{Game: gi})
			i = len(data.Groups) - 1
		}
		others := slices.DeleteFunc(slices.Clone(ids), func(x string) bool { return x == d.ID })
		data.Groups[i].Designs = append(data.Groups[i].Designs, comparedDesign{designCard: s.card(d), Remove: compareHref(others)})
	}
	for i := range data.Groups {
		g := &data.Groups[i]
		var ds []*library.Design
		for _, d := range found {
			for _, c := range g.Designs {
				if c.ID == d.ID {
					ds = append(ds, d)
				}
			}
		}
		g.Rows = s.compareRows(g.Game.ID, ds)
		if g.Game.ID == s.defaultGame() && len(ds) == 2 {
			a, errA := library.DecodeVersion(&ds[0].Latest)
			b, errB := library.DecodeVersion(&ds[1].Latest)
			if errA == nil && errB == nil {
				g.Diff = s.lib.Compare(a, b)
			}
		}
	}
	if data.Query != "" {
		data.Searched = true
		page, err := s.lib.Library(ctx, library.LibraryQuery{Q: data.Query, Sort: "newest", Desc: true, Limit: 10})
		if err != nil && library.ErrorCode(err) != library.EInvalid {
			panic(err)
		}
		if err == nil {
			for _, c := range s.cards(ctx, nil, page.Designs) {
				h := compareHit{designCard: c}
				if !slices.Contains(ids, c.ID) && len(ids) < maxCompare {
					h.Add = compareHref(append(slices.Clone(ids), c.ID))
				}
				data.Hits = append(data.Hits, h)
			}
		}
	}
	render()
}

// compareRows is the numbers of one game's designs, one row a number,
// each read from the design's stored evaluation (never recomputed). The
// first game (Metaverse) shows the library's summary; Battleshift its
// class's numbers as its design page shows them; another game the stats
// its form names, read by their JSON pointers.
func (s *Server) compareRows(game string, ds []*library.Design) []compareRow {
	var rows []compareRow
	row := func(label string, f func(d *library.Design) string) {
		rw := compareRow{Label: label}
		for _, d := range ds {
			v := f(d)
			rw.Differs = rw.Differs || (len(rw.Values) > 0 && v != rw.Values[0])
			rw.Values = append(rw.Values, v)
		}
		rows = append(rows, rw)
	}
	yesNo := func(b bool) string { return map[bool]string{true: "yes", false: "no"}[b] }
	switch {
	case game == s.defaultGame():
		ev := func(f func(e library.Evaluation) string) func(d *library.Design) string {
			return func(d *library.Design) string { return f(d.Latest.Evaluation) }
		}
		row("CV", ev(func(e library.Evaluation) string { return fmtNum(e.CV) }))
		row("Points", ev(func(e library.Evaluation) string { return fmtNum(e.Points) }))
		row("EMS", ev(func(e library.Evaluation) string { return fmtNum(e.EMS) }))
		row("Target rating", ev(func(e library.Evaluation) string { return fmtNum(e.TargetRating) }))
		row("Mass factor", ev(func(e library.Evaluation) string { return fmtNum(e.MassFactor) }))
		row("Tech level", ev(func(e library.Evaluation) string { return fmt.Sprint(e.TechLevel) }))
		row("Tier", ev(func(e library.Evaluation) string { return fmt.Sprint(e.Tier) }))
		row("Movement", ev(func(e library.Evaluation) string { return e.Movement }))
		row("Hull", ev(func(e library.Evaluation) string { return e.Hull }))
		row("Carries fighters", ev(func(e library.Evaluation) string { return yesNo(e.CarriesFighters) }))
		row("Legal", ev(func(e library.Evaluation) string { return yesNo(e.Legal) }))
	case game == battleshift.ID:
		res := map[string]*battleshift.Result{}
		for _, d := range ds {
			var r battleshift.Result
			if json.Unmarshal(d.Latest.Result, &r) == nil {
				res[d.ID] = &r
			}
		}
		bs := func(f func(r *battleshift.Result) string) func(d *library.Design) string {
			return func(d *library.Design) string {
				if r := res[d.ID]; r != nil {
					return f(r)
				}
				return "–"
			}
		}
		itoa := strconv.Itoa
		row("Cost", bs(func(r *battleshift.Result) string { return itoa(r.Cost) }))
		row("Size", bs(func(r *battleshift.Result) string { return strings.TrimSpace(itoa(r.Size) + " " + r.ClassName) }))
		row("Hull", bs(func(r *battleshift.Result) string { return itoa(r.Hull) }))
		row("Shields", bs(func(r *battleshift.Result) string { return itoa(r.Shields) + " @ " + itoa(r.Hardness) }))
		row("Move", bs(func(r *battleshift.Result) string { return itoa(r.Move) + `"` }))
		row("Space used", bs(func(r *battleshift.Result) string { return itoa(r.SpaceUsed) + " of " + itoa(r.Space) }))
		row("Hits to suppress", bs(func(r *battleshift.Result) string { return itoa(r.HitsToSuppress) }))
		row("Destruction save", bs(func(r *battleshift.Result) string { return itoa(r.DestructionSave) }))
		row("Legal", func(d *library.Design) string { return yesNo(d.Latest.Evaluation.Legal) })
	default:
		g, ok := s.games.Get(game)
		if !ok {
			return nil
		}
		for _, st := range g.Form().Stats {
			row(st.Label, func(d *library.Design) string {
				var doc any
				if json.Unmarshal(d.Latest.Result, &doc) != nil {
					return "–"
				}
				v, ok := ruleset.Pointer(doc, st.Pointer)
				if !ok {
					return "–"
				}
				if v == nil {
					return "—" // not known, as the designer's panel shows it
				}
				if f, isNum := v.(float64); isNum {
					return fmtNum(f) + st.Unit
				}
				return fmt.Sprint(v) + st.Unit
			})
		}
		row("Legal", func(d *library.Design) string { return yesNo(d.Latest.Evaluation.Legal) })
	}
	return rows
}
