package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// decodeDesign reads the body as one bare design document of any
// ruleset served, picked by its "ruleset" member.
func (s *Server) decodeDesign(c *gin.Context) (ruleset.Ruleset, ruleset.Design, bool) {
	b, ok := s.readBody(c)
	if !ok {
		return nil, nil, false
	}
	r, d, err := s.svc.Rulesets().Decode(b)
	if err != nil {
		s.decodeProblem(c, err)
		return nil, nil, false
	}
	return r, d, true
}

// queryOptions are the request's query parameters as evaluation options,
// each parameter's first value.
func queryOptions(c *gin.Context) ruleset.Options {
	q := c.Request.URL.Query()
	o := make(ruleset.Options, len(q))
	for k, v := range q {
		if len(v) > 0 {
			o[k] = v[0]
		}
	}
	return o
}

// evaluate answers POST /evaluate with the design's evaluation by its
// ruleset, as `slipway eval --json` prints it (less the file name): for
// Metaverse the costing result, with the options
// ?tier=&crew=&command=&damageControl=. It needs no account.
func (s *Server) evaluate(c *gin.Context) {
	_, d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	ev, err := s.svc.EvaluateDesign(d, queryOptions(c))
	if err != nil {
		s.optionFail(c, err)
		return
	}
	s.json(c, http.StatusOK, ev)
}

// optionFail answers a bad evaluation option as a bad query parameter,
// any other error as fail does.
func (s *Server) optionFail(c *gin.Context, err error) {
	var le *library.Error
	if errors.As(err, &le) && le.Code == library.EInvalid && le.Field != "" && le.Field != "ruleset" && le.Field != "design" {
		s.queryError(c, le.Field, le.Message)
		return
	}
	s.fail(c, err)
}

// validateDesign answers POST /validate with the same report as one
// entry of `slipway validate --json` (less the file name); for Metaverse
// ?tier=N sets a tier limit and the report has the design's tier.
func (s *Server) validateDesign(c *gin.Context) {
	_, d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	r, err := s.svc.ValidateDesign(d, queryOptions(c))
	if err != nil {
		s.optionFail(c, err)
		return
	}
	s.json(c, http.StatusOK, validateReport{Readable: true, Decoded: true, Validation: r})
}

// validateReport is the answer of POST /validate: one entry of
// `slipway validate --json` without the file name. A body that is not a
// structurally sound document is a 400 problem instead.
type validateReport struct {
	Readable bool `json:"readable"`
	Decoded  bool `json:"decoded"`
	*ruleset.Validation
}
