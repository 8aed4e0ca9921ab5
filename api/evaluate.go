package api

import (
	"fmt"
	"strconv"
	"strings"

	"net/http"

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
	if o.TierLimit, ok = s.intQuery(c, "tier", designer.Tiers); !ok {
		return
	}
	if o.CrewQuality, ok = s.intQuery(c, "crew", designer.CrewQualities); !ok {
		return
	}
	if o.CommandQuality, ok = s.dieQuery(c, "command", designer.CommandQualities); !ok {
		return
	}
	if o.DamageControl, ok = s.dieQuery(c, "damageControl", designer.DamageControls); !ok {
		return
	}
	d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	s.json(c, http.StatusOK, s.svc.Evaluate(d, o))
}

// dieQuery reads an optional die query parameter in rg (e.g. D2-D6);
// absent is "".
func (s *Server) dieQuery(c *gin.Context, name string, rg designer.DieRange) (designer.Die, bool) {
	v := strings.ToUpper(c.Query(name))
	if v == "" {
		return "", true
	}
	d := designer.Die(v)
	if !rg.Has(d) {
		s.queryError(c, name, fmt.Sprintf("must be a die from %s to %s (you gave %q)", rg.Lo, rg.Hi, c.Query(name)))
		return "", false
	}
	return d, true
}

// intQuery reads an optional whole-number query parameter in rg; absent
// is 0.
func (s *Server) intQuery(c *gin.Context, name string, rg designer.Range) (int, bool) {
	v := c.Query(name)
	if v == "" {
		return 0, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || !rg.Has(n) {
		s.queryError(c, name, fmt.Sprintf("must be a whole number from %d to %d", rg.Lo, rg.Hi))
		return 0, false
	}
	return n, true
}

// validateDesign answers POST /validate?tier=N with the same report as
// one entry of `slipway validate --json` (less the file name).
func (s *Server) validateDesign(c *gin.Context) {
	tier, ok := s.intQuery(c, "tier", designer.Tiers)
	if !ok {
		return
	}
	d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	r := s.svc.Validate(d, tier)
	s.json(c, http.StatusOK, validateReport{Readable: true, Decoded: true, Legal: r.Legal, Tier: &r.Tier, Problems: r.Problems})
}

// validateReport is the answer of POST /validate: one entry of
// `slipway validate --json` without the file name. A body that is not a
// structurally sound document is a 400 problem instead.
type validateReport struct {
	Readable bool                 `json:"readable"`
	Decoded  bool                 `json:"decoded"`
	Legal    bool                 `json:"legal"`
	Tier     *designer.TierReport `json:"tier,omitempty"`
	Problems designer.Problems    `json:"problems"`
}
