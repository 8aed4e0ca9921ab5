package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

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

// evaluate answers POST /evaluate with the costing result, exactly as
// `slipway eval --json` prints it. It needs no account.
func (s *Server) evaluate(c *gin.Context) {
	d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	s.json(c, http.StatusOK, s.eval.Evaluate(d))
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
	tier := 0
	if v := c.Query("tier"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 3 {
			s.problem(c, http.StatusBadRequest, "bad-query", "query parameter tier: must be 1, 2 or 3", nil)
			return
		}
		tier = n
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
