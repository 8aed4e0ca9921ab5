package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/game"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sheets"
)

// Table games (docs/table.md): start a game, read it, send marks over the
// revision they were made on, watch it read-only, print a ship as it
// stands.

// logShown is how many of the latest log entries a game answer carries.
const logShown = 50

type gameSideIn struct {
	Name          string          `json:"name,omitempty" validate:"max=80"`
	Fleet         string          `json:"fleet,omitempty"`
	FleetDocument *fleet.Fleet    `json:"fleetDocument,omitempty"`
	Design        string          `json:"design,omitempty"`
	Document      json.RawMessage `json:"document,omitempty"`
}

type gameStart struct {
	Name  string       `json:"name,omitempty" validate:"max=80"`
	Sides []gameSideIn `json:"sides" validate:"required,min=1,max=2,dive"`
}

type gameMarks struct {
	Base *int      `json:"base" validate:"required,min=0"`
	Ops  []game.Op `json:"ops" validate:"required,min=1,max=200"`
}

type gameShipJSON struct {
	Key     string              `json:"key"`
	Side    int                 `json:"side"`
	Name    string              `json:"name"`
	Class   string              `json:"class"`
	Ruleset string              `json:"ruleset"`
	Marks   map[string]string   `json:"marks"`
	Choices map[string][]string `json:"choices"`
	State   *ruleset.ShipState  `json:"state"`
}

type gameJSON struct {
	ID        string                     `json:"id"`
	Name      string                     `json:"name"`
	Rev       int                        `json:"rev"`
	Turn      int                        `json:"turn"`
	ReadOnly  bool                       `json:"readOnly"`
	Watch     string                     `json:"watch,omitempty"`
	Sides     []game.Side                `json:"sides"`
	Ships     []gameShipJSON             `json:"ships"`
	Log       []game.Entry               `json:"log"`
	LogTotal  int                        `json:"logTotal"`
	Undo      string                     `json:"undo,omitempty"`
	Redo      string                     `json:"redo,omitempty"`
	Criticals []ruleset.CriticalCategory `json:"criticals"`
	UpdatedAt time.Time                  `json:"updatedAt"`
}

type gameListItem struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Rev       int       `json:"rev"`
	Ships     int       `json:"ships"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// toGameJSON is the answer for a game; the watch link only for its owner.
func toGameJSON(v *library.GameView, owner bool) gameJSON {
	g := v.Game
	out := gameJSON{ID: v.Stored.ID, Name: g.Name, Rev: g.Rev, Turn: g.Turn, ReadOnly: !owner, Sides: g.Sides,
		LogTotal: len(g.Log), Criticals: []ruleset.CriticalCategory{}, UpdatedAt: v.Stored.UpdatedAt.UTC()}
	if owner {
		out.Watch = "/play/watch/" + v.Stored.Watch
	}
	if out.ReadOnly {
		out.ID = "" // the watch link is the way in; the id opens nothing to a watcher
	}
	state := map[string]*ruleset.ShipState{}
	for _, s := range v.State {
		state[s.Key] = s.ShipState
	}
	for _, s := range g.Ships {
		m := g.Marks[s.Key]
		if m == nil {
			m = map[string]string{}
		}
		out.Ships = append(out.Ships, gameShipJSON{Key: s.Key, Side: s.Side, Name: s.Name, Class: s.Class,
			Ruleset: s.Ruleset, Marks: m, Choices: v.Book.Choices(s.Key), State: state[s.Key]})
	}
	if len(g.Ships) > 0 {
		if cr := v.Book.Criticals(g.Ships[0].Key); cr != nil {
			out.Criticals = cr
		}
	}
	from := max(0, len(g.Log)-logShown)
	out.Log = append([]game.Entry{}, g.Log[from:]...)
	if n := len(g.Undo); n > 0 && owner {
		out.Undo = g.Undo[n-1].Text
	}
	if n := len(g.Redo); n > 0 && owner {
		out.Redo = g.Redo[n-1].Text
	}
	return out
}

func (s *Server) answerGame(c *gin.Context, status int, v *library.GameView, owner bool) {
	c.Header("Cache-Control", "private, no-store")
	s.json(c, status, toGameJSON(v, owner))
}

func (s *Server) myGames(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	gs, err := s.svc.MyGames(c.Request.Context(), u)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := struct {
		Games []gameListItem `json:"games"`
	}{Games: []gameListItem{}}
	for _, g := range gs {
		out.Games = append(out.Games, gameListItem{ID: g.ID, Name: g.Name, Rev: g.Rev, Ships: g.Ships,
			CreatedAt: g.CreatedAt.UTC(), UpdatedAt: g.UpdatedAt.UTC()})
	}
	c.Header("Cache-Control", "private, no-store")
	s.json(c, http.StatusOK, out)
}

func (s *Server) startGame(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req gameStart
	if !s.decodeBody(c, &req) {
		return
	}
	sides := make([]library.GameSide, len(req.Sides))
	for i, sd := range req.Sides {
		sides[i] = library.GameSide{Name: sd.Name, Fleet: sd.Fleet, FleetDocument: sd.FleetDocument, Design: sd.Design, Document: sd.Document}
	}
	v, err := s.svc.StartGame(c.Request.Context(), caller(c), req.Name, sides)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/games/"+v.Stored.ID)
	s.answerGame(c, http.StatusCreated, v, true)
}

func (s *Server) getGame(c *gin.Context) {
	v, err := s.svc.Game(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answerGame(c, http.StatusOK, v, true)
}

func (s *Server) deleteGame(c *gin.Context) {
	if err := s.svc.DeleteGame(c.Request.Context(), caller(c), c.Param("id")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) watchGame(c *gin.Context) {
	v, err := s.svc.WatchGame(c.Request.Context(), c.Param("token"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Referrer-Policy", "no-referrer")
	s.answerGame(c, http.StatusOK, v, false)
}

// gameConflictJSON is the 409 answer to marks made on an older revision:
// a problem with both states, the game as it stands and the changes sent.
type gameConflictJSON struct {
	Problem
	Current gameJSON  `json:"current"`
	Base    int       `json:"base"`
	Ops     []game.Op `json:"ops"`
}

func (s *Server) playGame(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req gameMarks
	if !s.decodeBody(c, &req) {
		return
	}
	v, err := s.svc.PlayGame(c.Request.Context(), caller(c), c.Param("id"), *req.Base, req.Ops)
	if cf, ok := err.(*library.GameConflict); ok {
		p := gameConflictJSON{Problem: newProblem(c, http.StatusConflict, "game-conflict", fmt.Sprintf("The game changed on another device: it is at change %d and these marks were made at change %d. Nothing was applied; choose to apply them on top or keep the game as it is.", cf.Current.Game.Rev, cf.Base)),
			Current: toGameJSON(cf.Current, true), Base: cf.Base, Ops: req.Ops}
		b, _ := json.Marshal(p)
		c.Header("Cache-Control", "no-store")
		c.Data(http.StatusConflict, "application/problem+json", b)
		return
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answerGame(c, http.StatusOK, v, true)
}

// gameShip finds the ship of the request's game, by the owner's id or a
// watch secret.
func (s *Server) gameShip(c *gin.Context) (*library.GameView, *game.Ship, bool) {
	var v *library.GameView
	var err error
	if t := c.Param("token"); t != "" {
		v, err = s.svc.WatchGame(c.Request.Context(), t)
	} else {
		v, err = s.svc.Game(c.Request.Context(), caller(c), c.Param("id"))
	}
	if err != nil {
		s.fail(c, err)
		return nil, nil, false
	}
	sh := v.Game.Ship(c.Param("ship"))
	if sh == nil {
		s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("the game has no ship %q; its ships are s1 to s%d", clipText(c.Param("ship")), len(v.Game.Ships)), nil)
		return nil, nil, false
	}
	return v, sh, true
}

func clipText(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// gameSheet draws a ship of a game: its record sheet as SVG (the boxes
// blank: the page marks them) or as PDF with its marks filled.
func (s *Server) gameSheet(c *gin.Context, svg bool) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.optionsError(c, err)
		return
	}
	v, sh, ok := s.gameShip(c)
	if !ok {
		return
	}
	s.drawGameSheet(c, v, sh, svg, opt)
}

// drawGameSheet draws ship sh of game v (stored, watched or kept in the
// browser only).
func (s *Server) drawGameSheet(c *gin.Context, v *library.GameView, sh *game.Ship, svg bool, opt sheets.Options) {
	d, _, _ := v.Book.Design(sh.Key)
	dd, isMV := d.(*designer.Design)
	if !isMV {
		s.problem(c, http.StatusNotFound, "not-found", "this ship's game has no record sheet to play on yet", nil)
		return
	}
	ship := sheets.Evaluate(s.svc.Evaluator(), dd, costing.Options{})
	if !svg {
		ship.Marks = v.Game.Marks[sh.Key]
	}
	var b []byte
	err := s.prints.Do(c.Request.Context(), func() error {
		var buf bytes.Buffer
		var err error
		if svg {
			err = sheets.RecordSheetSVG(&buf, ship, opt)
		} else {
			err = sheets.RecordSheet(&buf, ship, opt)
		}
		b = buf.Bytes()
		return err
	})
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render the sheet of a game's ship: %w", err)
		}
		s.fail(c, err)
		return
	}
	name := sheets.SafeFileName(sh.Name) + "-turn-" + fmt.Sprint(v.Game.Turn)
	if !svg {
		c.Header("Cache-Control", "private, no-store")
		s.pdf(c, name+".pdf", b)
		return
	}
	// The blank sheet of a ship never changes within a game: a page
	// caches it, and the service worker keeps it for use offline.
	c.Header("Cache-Control", "private, max-age=86400")
	s.svg(c, name, b)
}

func (s *Server) gameSheetSVG(c *gin.Context) { s.gameSheet(c, true) }
func (s *Server) gameSheetPDF(c *gin.Context) { s.gameSheet(c, false) }

// newProblem is the problem document problem writes, for an answer that
// extends it.
func newProblem(c *gin.Context, status int, slug, detail string) Problem {
	return Problem{Type: problemTypeBase + slug, Title: http.StatusText(status), Status: status, Detail: detail,
		Instance: c.Request.URL.Path, RequestID: requestID(c.Request.Context())}
}
