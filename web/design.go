package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
	"github.com/slipway/slipway/sim"
)

// versionRow is one line of a design's version history.
type versionRow struct {
	N       int
	CV      float64
	Delta   float64
	First   bool
	Created string
}

// designData is the Data of a design's page.
type designData struct {
	Card   designCard
	D      *library.Design
	Eval   library.Evaluation
	Result *costing.Result
	Chart  template.HTML
	// Game is the design's game; First is set for the first game served
	// (Metaverse), whose page is as it always was.
	Game  gameInfo
	First bool
	// ValueLabel heads the versions' value column: "CV", "Cost".
	ValueLabel string
	// Battleshift is a Battleshift class's stored evaluation.
	Battleshift *battleshift.Result
	// Stats are the panel's numbers of a game with no page of its own
	// (the d6 chapter), read from the stored evaluation by its form's
	// pointers, as the designer's panel and the comparison read them.
	Stats []designStat
	// SheetLabel names the design's sheet: "Class sheet", "Stat block
	// sheet" (the form's own word).
	SheetLabel string
	Versions   []versionRow
	Lineage    *library.Lineage
	SignedIn   bool
	Owner      bool
	Error      string
	Forked     string
	// NameMax is the most characters a name may have in the design's game
	// (its form's name field), which the fork form enforces.
	NameMax int
	// Forecast is the "test against" panel of a legal Metaverse design.
	Forecast *forecastView
	// ShareShown is set for the owner of a private design: the page
	// offers a share link for its printed sheets (Share, when made).
	ShareShown bool
	Share      *library.ShareLink
}

// forecastView is the "test against" panel: the opponents offered, what
// was asked, and the forecast or why there is none.
type forecastView struct {
	DesignID string
	Options  []forecastOption
	Against  string
	Runs     int
	RunsSet  []forecastOption
	Result   *sim.Forecast
	Error    string
}

// forecastOption is one opponent offered: a public design of the game.
type forecastOption struct {
	ID, Label string
}

// designPage serves /designs/{id}: a design as the caller may read it,
// with the numbers, breakdown and tier report of its stored result.
func (s *Server) designPage(w http.ResponseWriter, r *http.Request) {
	s.showDesign(w, r, http.StatusOK, "")
}

func (s *Server) showDesign(w http.ResponseWriter, r *http.Request, status int, errMsg string) {
	u := s.user(r)
	ctx := r.Context()
	d, vs, err := s.lib.Versions(ctx, u, r.PathValue("id"))
	if c := library.ErrorCode(err); c == library.ENotFound || c == library.EInvalid { // EInvalid: no id a design can have
		s.errorPage(w, r, http.StatusNotFound, "Design not found",
			"There is no design at this address that you may see. It may be private, or deleted. Search the library instead.")
		return
	}
	if err != nil {
		panic(err)
	}
	data := designData{Card: s.card(d), D: d, Eval: d.Latest.Evaluation, SignedIn: u != nil, Owner: u != nil && u.ID == d.OwnerID, Error: errMsg,
		ValueLabel: "CV"}
	data.Game, _ = s.game(d.Ruleset)
	if data.Game.ID == "" {
		data.Game, _ = s.game(s.defaultGame())
	}
	data.First = data.Game.ID == s.defaultGame()
	data.NameMax = s.nameMax(data.Game.ID)
	// Every number comes from the stored evaluation, read as its game's
	// result; nothing is computed here.
	switch {
	case data.First:
		var res costing.Result
		if json.Unmarshal(d.Latest.Result, &res) == nil {
			data.Result = &res
			data.Chart = breakdownSVG(res.Explanation, "Terms of the combat value")
		}
	case data.Game.ID == battleshift.ID:
		data.ValueLabel = sentence(data.Game.Value)
		var res battleshift.Result
		if json.Unmarshal(d.Latest.Result, &res) == nil {
			data.Battleshift = &res
			data.Chart = breakdownSVG(s.valueNode(data.Game.ID, res.Explanation), "Terms of the "+data.Game.Value)
		}
	default:
		// A game with no price of its own (the d6 chapter): its panel's
		// numbers, and versions without a value column.
		data.ValueLabel = ""
		data.Stats = s.designStats(data.Game.ID, d.Latest.Result)
	}
	data.SheetLabel = "Class sheet"
	if g, ok := s.games.Get(data.Game.ID); ok && g.Form().Sheet != "" {
		data.SheetLabel = sentence(g.Form().Sheet)
	}
	for i, v := range vs {
		row := versionRow{N: v.N, CV: v.Evaluation.CV, First: i == 0, Created: v.CreatedAt.UTC().Format("2 Jan 2006 15:04")}
		if i > 0 {
			row.Delta = v.Evaluation.CV - vs[i-1].Evaluation.CV
		}
		data.Versions = append(data.Versions, row)
	}
	if data.Lineage, err = s.lib.Lineage(ctx, u, d.ID); err != nil {
		panic(err)
	}
	if data.First && d.Latest.Evaluation.Legal {
		data.Forecast = s.forecastPanel(r, u, d)
	}
	if data.Owner && d.Visibility == library.Private {
		data.ShareShown = true
		if l, err := s.lib.ShareOf(ctx, u, d.ID); err == nil {
			data.Share = l
		} else if library.ErrorCode(err) != library.ENotFound {
			panic(err)
		}
	}
	s.render(w, r, status, "design", Page{Title: d.Name, Nav: "library", Scripts: []string{"js/compare.js", "js/forecast.js"},
		Description: "A starship design for " + data.Game.Name + ": " + d.Name, Data: data})
}

// forecastRuns are the numbers of battles the panel offers.
var forecastRuns = []int{500, 1000, 2000}

// forecastPanel offers the game's public designs as opponents and, when
// the query names one (against), plays the forecast through the library,
// the same as POST /api/v1/forecast answers.
func (s *Server) forecastPanel(r *http.Request, u *library.User, d *library.Design) *forecastView {
	ctx := r.Context()
	v := &forecastView{DesignID: d.ID, Runs: library.DefaultForecastRuns, Against: r.URL.Query().Get("against")}
	for _, n := range forecastRuns {
		v.RunsSet = append(v.RunsSet, forecastOption{ID: fmt.Sprint(n), Label: ruleset.Thousands(n)})
	}
	if page, err := s.lib.Library(ctx, library.LibraryQuery{Ruleset: d.Ruleset, Sort: "name", Limit: 60}); err == nil {
		for _, o := range page.Designs {
			if o.Latest.Evaluation.Legal {
				v.Options = append(v.Options, forecastOption{ID: o.ID, Label: fmt.Sprintf("%s (CV %.0f)", o.Name, o.Latest.Evaluation.CV)})
			}
		}
	}
	if v.Against == "" {
		return v
	}
	for _, n := range forecastRuns {
		if r.URL.Query().Get("runs") == fmt.Sprint(n) {
			v.Runs = n
		}
	}
	f, err := s.lib.Forecast(ctx, u, library.ForecastRequest{
		A: library.ForecastSide{Design: d.ID, Version: d.Version}, B: library.ForecastSide{Design: v.Against}, Runs: v.Runs, Seed: 1})
	switch {
	case err == nil:
		v.Result = f
	case library.ErrorCode(err) == library.ENotFound:
		v.Error = "That opponent is not in the library, or you may not see it; choose another."
	case library.ErrorCode(err) == library.EBusy:
		v.Error = "The server is busy playing other forecasts; try again in a few seconds."
	case library.ErrorCode(err) != "":
		_, msg := fieldError(err)
		v.Error = "No forecast: " + msg
	default:
		panic(err)
	}
	return v
}

// forkDesign serves POST /designs/{id}/fork: a copy of the design for the
// signed-in player, who is sent to it.
func (s *Server) forkDesign(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+urlEscape("/designs/"+r.PathValue("id")), http.StatusSeeOther)
		return
	}
	name := strings.TrimSpace(r.PostFormValue("name"))
	// The library renames a fork as asked; the name's limits are the
	// game's, which its form carries: a copy's name is held to them here,
	// before a copy that breaks them is made.
	if d, err := s.lib.Design(r.Context(), u, r.PathValue("id")); err == nil {
		game := d.Ruleset
		if _, ok := s.games.Get(game); !ok {
			game = s.defaultGame()
		}
		if max := s.nameMax(game); max > 0 && utf8.RuneCountInString(name) > max {
			s.showDesign(w, r, http.StatusBadRequest, fmt.Sprintf("Fork refused: the name of the copy may have 1 to %d characters; it has %d.", max, utf8.RuneCountInString(name)))
			return
		}
	}
	nd, err := s.lib.Fork(r.Context(), u, r.PathValue("id"), library.ForkRequest{Name: name})
	if err != nil {
		if library.ErrorCode(err) == "" {
			panic(err)
		}
		_, msg := fieldError(err)
		s.showDesign(w, r, http.StatusBadRequest, "Fork refused: "+msg)
		return
	}
	http.Redirect(w, r, "/designs/"+nd.ID, http.StatusSeeOther)
}

// designStat is one number of a design page's panel.
type designStat struct{ Label, Value, Help string }

// designStats reads the form's panel numbers of game from a stored
// evaluation.
func (s *Server) designStats(game string, result []byte) []designStat {
	g, ok := s.games.Get(game)
	if !ok {
		return nil
	}
	var doc any
	if json.Unmarshal(result, &doc) != nil {
		return nil
	}
	var out []designStat
	for _, st := range g.Form().Stats {
		v, ok := ruleset.Pointer(doc, st.Pointer)
		if !ok {
			continue
		}
		val := fmt.Sprint(v) + st.Unit
		switch f := v.(type) {
		case float64:
			val = fmtNum(f) + st.Unit
		case nil:
			val = "—" // a number the document does not give, as the designer's panel shows it
		}
		out = append(out, designStat{Label: st.Label, Value: val, Help: st.Help})
	}
	return out
}

// valueNode is the node of an explanation that explains the game's
// headline number: the child keyed as the form's first headline stat
// names it ("/cost" -> "cost"), or nil.
func (s *Server) valueNode(game string, root *ruleset.Node) *ruleset.Node {
	g, ok := s.games.Get(game)
	if !ok || root == nil {
		return nil
	}
	for _, st := range g.Form().Stats {
		if !st.Headline {
			continue
		}
		key := strings.TrimPrefix(st.Pointer, "/")
		for _, c := range root.Children {
			if c.Key == key {
				return c
			}
		}
		return nil
	}
	return nil
}

// breakdownSVG draws the terms of a stored explanation as a horizontal
// bar chart: each child of root with its value; title names the chart.
func breakdownSVG(root *costing.Node, title string) template.HTML {
	if root == nil || len(root.Children) == 0 {
		return ""
	}
	most := 0.0
	for _, c := range root.Children {
		most = math.Max(most, math.Abs(c.Value))
	}
	if most == 0 {
		most = 1
	}
	const rowH, labelW, barW = 26, 170, 300
	h := rowH*len(root.Children) + 8
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %d %d" role="img" aria-labelledby="chart-title"><title id="chart-title">%s</title>`, labelW+barW+70, h, template.HTMLEscapeString(title))
	for i, c := range root.Children {
		y := 4 + i*rowH
		wd := math.Max(1, barW*math.Abs(c.Value)/most)
		cls := "bar"
		if c.Value < 0 {
			cls = "bar neg"
		}
		fmt.Fprintf(&b, `<text x="0" y="%d">%s</text><rect class="%s" x="%d" y="%d" width="%.1f" height="%d"/><text x="%.1f" y="%d">%s</text>`,
			y+16, template.HTMLEscapeString(c.Label), cls, labelW, y+3, wd, rowH-8, float64(labelW)+wd+6, y+16, fmtNum(c.Value))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// fmtNum prints a stored number with at most two decimals.
func fmtNum(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// nameMax is the most characters the name field of a game's form takes,
// or 0 when the form sets no limit.
func (s *Server) nameMax(game string) int {
	g, ok := s.games.Get(game)
	if !ok {
		return 0
	}
	for _, grp := range g.Form().Groups {
		for _, f := range grp.Fields {
			if f.Name == "name" {
				return f.MaxLength
			}
		}
	}
	return 0
}
