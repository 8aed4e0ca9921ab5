package web

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// This file holds the fleet pages: the public fleet library (/fleets), a
// fleet's read-only page (/fleets/{id}), its fork form and the fleet
// builder's shell (/fleets/new, /fleets/{id}/edit). Every number comes
// from the library's evaluation of the fleet (package fleet); nothing
// here computes a rule.

// fleetRoutes adds the fleet pages. The builder is a shell over the API
// and is always there; the library and fleet pages need the library.
func (s *Server) fleetRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /fleets/new", s.fleetBuilder)
	if s.lib == nil {
		return
	}
	mux.HandleFunc("GET /fleets", s.fleetsPage)
	mux.HandleFunc("GET /fleets/{id}", s.fleetPage)
	mux.HandleFunc("GET /fleets/{id}/edit", s.fleetBuilder)
	mux.HandleFunc("POST /fleets/{id}/fork", s.forkFleet)
}

// fleetBuilder serves /fleets/new and /fleets/{id}/edit. The page is a
// shell: the builder module reads GET /api/v1/fleet-facts, and with an id
// loads the fleet through the API as the caller may read it (the owner
// edits it; anyone else forks it on saving).
func (s *Server) fleetBuilder(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "fleetbuilder", Page{
		Title:       "Fleet builder",
		Nav:         "fleets",
		Description: "Build a fleet for a game of equal combat value: ships, qualities, loadouts, FTL squadrons and the chain of command, checked as you go.",
		Scripts:     []string{"js/fleet/main.js"},
		Preload: []string{"js/ui.js", "vendor/preact-10.29.8/preact.module.js", "vendor/htm-3.1.1/htm.module.js",
			"js/designer/doc.js", "js/designer/store.js", "js/designer/api.js", "js/session.js",
			"js/fleet/tree.js", "js/fleet/view.js"},
		Wide: true,
		Data: r.PathValue("id"),
	})
}

// fleetCard is what a list of fleets shows of one fleet.
type fleetCard struct {
	ID, Name, Owner, Visibility, Description string
	Summary                                  library.FleetSummary
	Unit                                     string
	Updated                                  string
}

func cardOfFleet(f *library.Fleet) fleetCard {
	owner := f.OwnerName
	if owner == "" {
		owner = "deleted user"
	}
	return fleetCard{ID: f.ID, Name: f.Name, Owner: owner, Visibility: string(f.Visibility), Description: f.Description,
		Summary: f.Latest.Summary, Unit: limitUnit(f.Latest.Summary.LimitKind), Updated: f.UpdatedAt.UTC().Format("2 Jan 2006")}
}

// limitUnit names a limit kind for people.
func limitUnit(kind string) string {
	switch kind {
	case "cv":
		return "CV"
	case "points":
		return "points"
	}
	return ""
}

// fleetsData is the Data of the fleet library page.
type fleetsData struct {
	Get        func(string) string
	Results    []fleetCard
	Next       string
	Error      string
	ErrorField string
	Mine       []fleetCard
	// Sorts, Tiers and LimitKinds are the choices of the search form.
	Sorts, Tiers, LimitKinds []string
}

// fleetSorts lists library.FleetSorts for the form: newest (the
// default) first, then by name.
func fleetSorts() []string {
	out := []string{"newest"}
	for k := range library.FleetSorts {
		if k != "newest" {
			out = append(out, k)
		}
	}
	sort.Strings(out[1:])
	return out
}

// fleetsPage serves /fleets: the public fleets, searched, filtered,
// sorted and paged by the URL's query, which means what it means on
// GET /api/v1/fleet-library (one parser, api.ParseFleetQuery). The form is
// a plain GET form. Signed in, the player's own fleets follow.
func (s *Server) fleetsPage(w http.ResponseWriter, r *http.Request) {
	qv := r.URL.Query()
	data := fleetsData{Get: qv.Get, Sorts: fleetSorts(), Tiers: []string{"1", "2", "3"}, LimitKinds: []string{"cv", "points"}}
	status := http.StatusOK
	q, err := api.ParseFleetQuery(qv.Get)
	var fs []*library.Fleet
	if err == nil {
		if q.Limit == 0 {
			q.Limit = 20
		}
		fs, err = s.lib.FleetLibrary(r.Context(), q)
	}
	if err != nil {
		if library.ErrorCode(err) != library.EInvalid {
			panic(err)
		}
		status = http.StatusBadRequest
		data.ErrorField, data.Error = fieldError(err)
	} else {
		for _, f := range fs {
			data.Results = append(data.Results, cardOfFleet(f))
		}
		if len(fs) == q.Limit {
			next := url.Values{}
			for k, v := range qv {
				if k != "cursor" && len(v) > 0 && v[0] != "" {
					next[k] = v[:1]
				}
			}
			next.Set("cursor", api.EncodeFleetCursor(q, fs[len(fs)-1]))
			data.Next = "/fleets?" + next.Encode()
		}
	}
	if u := s.user(r); u != nil {
		mine, err := s.lib.MyFleets(r.Context(), u)
		if err != nil {
			panic(err)
		}
		for _, f := range mine {
			data.Mine = append(data.Mine, cardOfFleet(f))
		}
	}
	s.render(w, r, status, "fleets", Page{
		Title: "Fleets", Nav: "fleets",
		Description: "Search the public fleets for Metaverse: fleets of equal combat value, ready to print.",
		Data:        data,
	})
}

// shipRow is one ship on a fleet's page.
type shipRow struct {
	ID, Name, Class, Design string
	Version                 int
	CV, Points, Tier        int
	Crew                    int
	Command, DamageControl  string
	Level                   string
	InChain, Legal, FTL     bool
	Loadout                 string
	Latest                  int
}

// chainNode is one command of the chain as the page draws it.
type chainNode struct {
	Level, Ship string
	CiC         int
	Flagship    bool
	Members     []string
	Sub         []chainNode
}

// fleetData is the Data of a fleet's page.
type fleetData struct {
	F        *library.Fleet
	Doc      *fleet.Fleet
	R        *fleet.Result
	Card     fleetCard
	Ships    []shipRow
	Chain    []chainNode
	Unled    []string
	Percent  int
	Over     bool
	Owner    bool
	SignedIn bool
	Updates  int
	Error    string
	Tows     []towRow
	Deploy   *deployView
	// Model is the combat value model the numbers are priced with (the
	// fleet's pin or the current one); Current, for a fleet pinned to
	// another, what the current model says, and Now its name.
	Model   string
	Current *fleet.Result
	Now     string
	// ShareShown is set for the owner of a private fleet: the page offers
	// its share link (Share, nil while it has none).
	ShareShown bool
	Share      *library.FleetShareLink
}

// towRow is one ship towed into the game (F-07), by the ships' labels.
type towRow struct {
	Ship, By string
	Grappler int
	Chosen   bool
}

// deployView is the fleet's deployment: the encounter, the role and each
// zone's ships and share of the fleet's CV, as the evaluation summed them.
type deployView struct {
	Encounter, Role string
	Zones           []zoneRow
}

type zoneRow struct {
	Zone     string
	Ships    []string
	CV       int
	Share    string // percent, one decimal
	MaxShare int
	Over     bool
}

// fleetPage serves /fleets/{id}: a fleet as the caller may read it, with
// the totals, chain of command and ships of its evaluation.
func (s *Server) fleetPage(w http.ResponseWriter, r *http.Request) {
	s.showFleet(w, r, http.StatusOK, "")
}

func (s *Server) showFleet(w http.ResponseWriter, r *http.Request, status int, errMsg string) {
	u := s.user(r)
	v, err := s.lib.Fleet(r.Context(), u, r.PathValue("id"))
	if c := library.ErrorCode(err); c == library.ENotFound || c == library.EInvalid { // EInvalid: no id a fleet can have
		s.errorPage(w, r, http.StatusNotFound, "Fleet not found",
			"There is no fleet at this address that you may see. It may be private, or deleted. Search the fleets instead.")
		return
	}
	if err != nil {
		panic(err)
	}
	res, doc := v.Result, v.Document
	data := fleetData{F: v.Fleet, Doc: doc, R: res, Card: cardOfFleet(v.Fleet), SignedIn: u != nil,
		Owner: u != nil && u.ID == v.Fleet.OwnerID, Error: errMsg, Model: v.Model, Current: v.Current,
		Now: s.lib.FleetEvaluator().Model().Version()}
	latest := map[string]int{}
	for _, up := range v.Updates {
		latest[up.Ship] = up.Latest
	}
	data.Updates = len(v.Updates)
	label := map[string]string{}
	for i, sr := range res.Ships {
		row := shipRow{ID: sr.ID, Name: sr.Name, Class: sr.Class, CV: sr.CV, Points: sr.Points, Tier: sr.Tier,
			Crew: sr.Quality.Crew, Command: string(sr.Quality.Command), DamageControl: string(sr.Quality.DamageControl),
			Level: sr.Level, InChain: sr.InChain, Legal: sr.Legal, FTL: sr.FTL, Latest: latest[sr.ID]}
		if sr.Ref != nil {
			row.Design, row.Version = sr.Ref.Design, sr.Ref.Version
		}
		if row.Class == "" {
			row.Class = "design not readable"
		}
		if len(sr.Loadout) > 0 {
			row.Loadout = loadoutText(sr.Loadout)
		}
		if i < len(doc.Ships) && row.Name == "" {
			row.Name = doc.Ships[i].ID
		}
		l := sr.Label()
		if l == "" {
			l = sr.ID
		}
		label[sr.ID] = l
		data.Ships = append(data.Ships, row)
	}
	name := func(id string) string {
		if l, ok := label[id]; ok {
			return l
		}
		return id
	}
	cic := map[string]int{}
	for _, sr := range res.Ships {
		cic[sr.ID] = sr.CiC
	}
	var build func(c *fleet.Command, depth int) chainNode
	build = func(c *fleet.Command, depth int) chainNode {
		n := chainNode{Level: c.Level, Ship: name(c.Ship), CiC: cic[c.Ship]}
		for _, id := range c.Ships {
			n.Members = append(n.Members, name(id))
		}
		if depth < fleet.MaxCommandDepth {
			for _, sub := range c.Commands {
				if sub != nil {
					n.Sub = append(n.Sub, build(sub, depth+1))
				}
			}
		}
		return n
	}
	for i, c := range doc.Command {
		if c != nil {
			n := build(c, 0)
			n.Flagship = i == 0
			data.Chain = append(data.Chain, n)
		}
	}
	for _, sr := range res.Ships {
		if !sr.InChain {
			data.Unled = append(data.Unled, name(sr.ID))
		}
	}
	for _, tw := range res.Tows {
		data.Tows = append(data.Tows, towRow{Ship: name(tw.Ship), By: name(tw.By), Grappler: tw.Grappler, Chosen: tw.Chosen})
	}
	if d := doc.Deployment; d != nil {
		dv := &deployView{Encounter: d.Encounter, Role: d.Role}
		if e := s.lib.FleetEvaluator().Facts().Encounter(d.Encounter); e != nil {
			dv.Encounter = e.Name
		}
		for _, z := range res.Deployment {
			row := zoneRow{Zone: z.Zone, CV: z.CV, Share: strconv.FormatFloat(z.Share, 'f', 1, 64), MaxShare: z.MaxShare,
				Over: z.MaxShare > 0 && z.Share > float64(z.MaxShare)}
			for _, id := range z.Ships {
				row.Ships = append(row.Ships, name(id))
			}
			dv.Zones = append(dv.Zones, row)
		}
		data.Deploy = dv
	}
	if t := res.Totals; t.Limit > 0 {
		data.Percent = min(100, max(0, t.Used*100/t.Limit))
		data.Over = t.Used > t.Limit
	}
	if data.Owner && v.Fleet.Visibility == library.Private {
		data.ShareShown = true
		if l, err := s.lib.FleetShareOf(r.Context(), u, v.Fleet.ID); err == nil {
			data.Share = l
		} else if library.ErrorCode(err) != library.ENotFound {
			panic(err)
		}
	}
	s.render(w, r, status, "fleet", Page{Title: v.Fleet.Name, Nav: "fleets",
		Description: "A fleet for Metaverse: " + v.Fleet.Name, Data: data})
}

// loadoutText says a chosen loadout in one line: "bay: 2 lancer, 1 warden".
func loadoutText(lo map[string]map[string]int) string {
	bays := make([]string, 0, len(lo))
	for b := range lo {
		bays = append(bays, b)
	}
	sort.Strings(bays)
	var parts []string
	for _, b := range bays {
		types := make([]string, 0, len(lo[b]))
		for t, n := range lo[b] {
			types = append(types, fmt.Sprintf("%d %s", n, t))
		}
		sort.Strings(types)
		parts = append(parts, b+": "+strings.Join(types, ", "))
	}
	return strings.Join(parts, "; ")
}

// forkFleet serves POST /fleets/{id}/fork: a private copy of the fleet
// for the signed-in player, who is sent to it.
func (s *Server) forkFleet(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+urlEscape("/fleets/"+r.PathValue("id")), http.StatusSeeOther)
		return
	}
	v, err := s.lib.ForkFleet(r.Context(), u, r.PathValue("id"), library.ForkRequest{Name: strings.TrimSpace(r.PostFormValue("name")), Visibility: library.Private})
	if err != nil {
		if library.ErrorCode(err) == "" {
			panic(err)
		}
		_, msg := fieldError(err)
		s.showFleet(w, r, http.StatusBadRequest, "Fork refused: "+msg)
		return
	}
	http.Redirect(w, r, "/fleets/"+v.Fleet.ID, http.StatusSeeOther)
}
