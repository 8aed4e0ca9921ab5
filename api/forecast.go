package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// forecastBudget is the longest a forecast may play; past it the
// request ends with 503 (the work bound keeps any accepted request well
// inside it on one core).
const forecastBudget = 20 * time.Second

// forecastSide is one side of POST /forecast: exactly one of a library
// design (and version, 0 the latest), a design document, a library fleet,
// or a fleet document.
type forecastSide struct {
	Design        string          `json:"design"`
	Version       int             `json:"version" validate:"gte=0"`
	Document      json.RawMessage `json:"document"`
	Fleet         string          `json:"fleet"`
	FleetDocument json.RawMessage `json:"fleetDocument"`
}

// forecastRequest is the body of POST /forecast.
type forecastRequest struct {
	A     forecastSide `json:"a"`
	B     forecastSide `json:"b"`
	Runs  int          `json:"runs"`
	Seed  int64        `json:"seed" validate:"gte=0"`
	Range int          `json:"range"`
	Turns int          `json:"turns"`
}

// forecast answers POST /api/v1/forecast: what CV says of a matchup,
// what simulated battles give and why.
func (s *Server) forecast(c *gin.Context) {
	var req forecastRequest
	if !s.decodeBody(c, &req) {
		return
	}
	lr := library.ForecastRequest{Runs: req.Runs, Seed: uint64(req.Seed), Range: req.Range, Turns: req.Turns}
	for i, side := range []forecastSide{req.A, req.B} {
		field := []string{"a", "b"}[i]
		ls := library.ForecastSide{Design: side.Design, Version: side.Version, Fleet: side.Fleet}
		if len(side.Document) > 0 && string(side.Document) != "null" {
			d, err := designer.DecodeDesign(side.Document)
			if err != nil {
				s.sideDecodeProblem(c, field+".document", err)
				return
			}
			ls.Document = d
		}
		if len(side.FleetDocument) > 0 && string(side.FleetDocument) != "null" {
			f, err := fleet.Decode(side.FleetDocument)
			if err != nil {
				s.sideDecodeProblem(c, field+".fleetDocument", err)
				return
			}
			ls.FleetDocument = f
		}
		if i == 0 {
			lr.A = ls
		} else {
			lr.B = ls
		}
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), forecastBudget)
	defer cancel()
	f, err := s.svc.Forecast(ctx, caller(c), lr)
	if errors.Is(err, context.DeadlineExceeded) {
		c.Header("Retry-After", "10")
		s.problem(c, http.StatusServiceUnavailable, "busy", "the forecast took longer than the server allows; ask for fewer battles", nil)
		return
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, max-age=300")
	c.JSON(http.StatusOK, f)
}

// sideDecodeProblem answers a side's document that does not decode,
// naming the side's field before the place in the document.
func (s *Server) sideDecodeProblem(c *gin.Context, field string, err error) {
	var de *designer.DecodeError
	if !errors.As(err, &de) {
		s.fail(c, err)
		return
	}
	p := de.Problem()
	p.Path = field + pathJoin(p.Path)
	s.problem(c, http.StatusBadRequest, "malformed", field+": "+de.Error(), designer.Problems{p})
}

// pathJoin appends a document path to a field: ".name", "[0]" or "".
func pathJoin(p string) string {
	if p == "" || p[0] == '[' {
		return p
	}
	return "." + p
}
