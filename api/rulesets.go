package api

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sheets"
)

// rulesetJSON describes one game served, with where its form, schema and
// play aids are.
type rulesetJSON struct {
	ruleset.Info
	Rules []ruleset.RuleInfo `json:"rules"`
	Links rulesetLinks       `json:"links"`
}

type rulesetLinks struct {
	Form   string `json:"form"`
	Schema string `json:"schema"`
	Aids   string `json:"aids"`
}

// rulesets answers GET /api/v1/rulesets: every game served, by id.
func (s *Server) rulesets(c *gin.Context) {
	out := struct {
		Rulesets []rulesetJSON `json:"rulesets"`
	}{Rulesets: []rulesetJSON{}}
	for _, r := range s.svc.Rulesets().List() {
		info := r.Info()
		base := "/api/v1/rulesets/" + info.ID
		out.Rulesets = append(out.Rulesets, rulesetJSON{Info: info, Rules: r.Rules(),
			Links: rulesetLinks{Form: base + "/form", Schema: base + "/schema", Aids: base + "/aids.pdf"}})
	}
	c.Header("Cache-Control", "public, no-cache")
	s.json(c, http.StatusOK, out)
}

// rulesetParam is the served ruleset named by the path's id; on failure
// it has answered 404 naming the served ones.
func (s *Server) rulesetParam(c *gin.Context) (ruleset.Ruleset, bool) {
	id := c.Param("ruleset")
	r, ok := s.svc.Rulesets().Get(id)
	if !ok {
		s.problem(c, http.StatusNotFound, "not-found",
			fmt.Sprintf("no ruleset %q is served; served: %s", clip(id, 64), s.svc.Rulesets().Served()), nil)
		return nil, false
	}
	return r, true
}

// clip cuts s to at most n bytes, for echoing a caller's value.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// rulesetAnswers keeps each ruleset's form and schema answers, encoded
// once with their ETags.
var rulesetAnswers sync.Map // "form "+id or "schema "+id -> *encodedAnswer

// rulesetForm answers GET /api/v1/rulesets/{id}/form: the description of
// the designer's form for that game (ruleset.Form).
func (s *Server) rulesetForm(c *gin.Context) {
	r, ok := s.rulesetParam(c)
	if !ok {
		return
	}
	v, _ := rulesetAnswers.LoadOrStore("form "+r.Info().ID+" "+r.Info().ModelVersion, &encodedAnswer{})
	v.(*encodedAnswer).serve(s, c, func() (any, error) { return r.Form(), nil })
}

// rulesetSchema answers GET /api/v1/rulesets/{id}/schema: the JSON Schema
// of that game's design document.
func (s *Server) rulesetSchema(c *gin.Context) {
	r, ok := s.rulesetParam(c)
	if !ok {
		return
	}
	v, _ := rulesetAnswers.LoadOrStore("schema "+r.Info().ID, &encodedAnswer{})
	v.(*encodedAnswer).serve(s, c, func() (any, error) { return rawJSON(r.JSONSchema()), nil })
}

// rawJSON marshals to itself.
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) { return r, nil }

// rulesetAids answers GET /api/v1/rulesets/{id}/aids.pdf: that game's play
// aids and quick reference. No account needed.
func (s *Server) rulesetAids(c *gin.Context) {
	r, ok := s.rulesetParam(c)
	if !ok {
		return
	}
	p, ok := sheets.PrinterFor(r.Info().ID)
	if !ok && r == s.svc.Rulesets().Fallback() {
		s.aidsPDF(c) // Metaverse's, printed by sheets.Aids
		return
	}
	if !ok {
		s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("%s has no printed play aids yet", r.Info().Name), nil)
		return
	}
	id := r.Info().ID
	s.playAids(c, id, "slipway-"+id+"-play-aids.pdf", id+" play aids", func(opt sheets.Options) ([]byte, error) {
		return p.Aids(printOptions(opt, ""))
	})
}

// printOptions are the seam's print options for sheets' options.
func printOptions(o sheets.Options, url string) ruleset.PrintOptions {
	return ruleset.PrintOptions{Paper: o.Paper, BW: o.BW, URL: url}
}
