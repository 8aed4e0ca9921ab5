package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// decodeDesign reads the body as one bare design document.
func (s *Server) decodeDesign(c *gin.Context) (*designer.Design, bool) {
	b, ok := s.readBody(c)
	if !ok {
		return nil, false
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		s.decodeProblem(c, err)
		return nil, false
	}
	return d, true
}

// evaluate answers POST /evaluate?tier=&crew=&command=&damageControl=
// with the costing result, as `slipway eval --json` prints it (less the
// file name). It needs no account.
func (s *Server) evaluate(c *gin.Context) {
	var o costing.Options
	var ok bool
	if o.TierLimit, ok = s.intQuery(c, "tier", 1, 3); !ok {
		return
	}
	if o.CrewQuality, ok = s.intQuery(c, "crew", 1, 5); !ok {
		return
	}
	o.CommandQuality = designer.Die(strings.ToUpper(c.Query("command")))
	o.DamageControl = designer.Die(strings.ToUpper(c.Query("damageControl")))
	for _, q := range []struct {
		name string
		die  designer.Die
	}{{"command", o.CommandQuality}, {"damageControl", o.DamageControl}} {
		if q.die != "" && !q.die.Valid() {
			s.problem(c, http.StatusBadRequest, "bad-query", "query parameter "+q.name+": must be a die such as D4", nil)
			return
		}
	}
	d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	s.json(c, http.StatusOK, s.eval.Evaluate(d, o))
}

// intQuery reads an optional whole-number query parameter in [lo, hi];
// absent is 0.
func (s *Server) intQuery(c *gin.Context, name string, lo, hi int) (int, bool) {
	v := c.Query(name)
	if v == "" {
		return 0, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		s.problem(c, http.StatusBadRequest, "bad-query", fmt.Sprintf("query parameter %s: must be a whole number from %d to %d", name, lo, hi), nil)
		return 0, false
	}
	return n, true
}

// validateReport is the answer of POST /validate, the shape of one entry
// of `slipway validate --json` without the file name.
type validateReport struct {
	Readable bool                 `json:"readable"`
	Legal    bool                 `json:"legal"`
	Tier     *designer.TierReport `json:"tier,omitempty"`
	Problems designer.Problems    `json:"problems"`
}

// validateDesign answers POST /validate?tier=N.
func (s *Server) validateDesign(c *gin.Context) {
	tier, ok := s.intQuery(c, "tier", 1, 3)
	if !ok {
		return
	}
	d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	probs := s.cat.Validate(d, designer.Options{TierLimit: tier})
	if probs == nil {
		probs = designer.Problems{}
	}
	t := s.cat.Tier(d)
	s.json(c, http.StatusOK, validateReport{Readable: true, Legal: probs.Legal(), Tier: &t, Problems: probs})
}
