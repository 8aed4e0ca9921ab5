package api

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/game"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/sheets"
)

// A game kept in the browser only (docs/table.md, "Playing without an
// account"): the page sends the sides it started from and every change
// made since; the server keeps nothing and answers the game as a stored
// game's route would, worked out by the same functions
// (library.Service.LocalGame: game.New, game.Book.Apply, ruleset.Play).

type localGameIn struct {
	Name  string        `json:"name,omitempty" validate:"max=80"`
	Sides []localSideIn `json:"sides" validate:"required,min=1,max=2,dive"`
	Ops   []game.Op     `json:"ops,omitempty" validate:"max=1000"`
}

type localSideIn struct {
	Name   string `json:"name,omitempty" validate:"max=80"`
	Fleet  string `json:"fleet,omitempty"`
	Design string `json:"design,omitempty"`
}

func localSides(in []localSideIn) []library.GameSide {
	out := make([]library.GameSide, len(in))
	for i, sd := range in {
		out[i] = library.GameSide{Name: sd.Name, Fleet: sd.Fleet, Design: sd.Design}
	}
	return out
}

// localGameJSON is a game kept in the browser: no id, no watch link.
func localGameJSON(v *library.GameView) gameJSON {
	out := toGameJSON(v, true)
	out.ID, out.Watch = "", ""
	return out
}

func (s *Server) deriveLocalGame(c *gin.Context) {
	var req localGameIn
	if !s.decodeBody(c, &req) {
		return
	}
	v, err := s.svc.LocalGame(c.Request.Context(), caller(c), req.Name, localSides(req.Sides), req.Ops)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	s.json(c, http.StatusOK, localGameJSON(v))
}

// localGameSheet draws a ship of a game kept in the browser, started
// from the sides named in the query: side=fleet:ID or side=design:ID,
// once or twice, in order. The sheet is blank (the page marks it), so
// the address alone says what it draws and the service worker keeps it.
func (s *Server) localGameSheet(c *gin.Context) {
	q := c.Request.URL.Query()
	opt, err := sheets.OptionsFromQuery(q)
	if err != nil {
		s.optionsError(c, err)
		return
	}
	var sides []localSideIn
	for i, v := range q["side"] {
		kind, id, _ := strings.Cut(v, ":")
		switch {
		case i >= 2:
			s.problem(c, http.StatusBadRequest, "bad-query", "side: a game has one side or two; give side=fleet:ID or side=design:ID once or twice", nil)
			return
		case kind == "fleet" && id != "":
			sides = append(sides, localSideIn{Fleet: id})
		case kind == "design" && id != "":
			sides = append(sides, localSideIn{Design: id})
		default:
			s.problem(c, http.StatusBadRequest, "bad-query", fmt.Sprintf("side: %q is not a side; give fleet:ID or design:ID", clipText(v)), nil)
			return
		}
	}
	if len(sides) == 0 {
		s.problem(c, http.StatusBadRequest, "bad-query", "side: give the side the game started from, side=fleet:ID or side=design:ID", nil)
		return
	}
	v, err := s.svc.LocalGame(c.Request.Context(), caller(c), "", localSides(sides), nil)
	if err != nil {
		s.fail(c, err)
		return
	}
	sh := v.Game.Ship(c.Param("ship"))
	if sh == nil {
		s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("the game has no ship %q; its ships are s1 to s%d", clipText(c.Param("ship")), len(v.Game.Ships)), nil)
		return
	}
	s.drawGameSheet(c, v, sh, true, opt)
}
