package api

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"

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

// bind hands d the library documents it names that the caller may read
// (library.Service.Bind); false when it failed and the answer is sent.
func (s *Server) bind(c *gin.Context, d ruleset.Design) (ruleset.Design, bool) {
	b, err := s.svc.Bind(c.Request.Context(), caller(c), d)
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	return b, true
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
	if d, ok = s.bind(c, d); !ok {
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
	if d, ok = s.bind(c, d); !ok {
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

// changeRequest is the body of POST /evaluate/change.
type changeRequest struct {
	// Before is the document the panel showed; After the one to evaluate.
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after" validate:"required"`
}

// changeAnswer is the answer of POST /evaluate/change.
type changeAnswer struct {
	Evaluation ruleset.Evaluation `json:"evaluation"`
	// Change is nil when before is missing, unreadable or of another
	// game, or when the game does not explain its value.
	Change *ruleset.Change `json:"change"`
}

// evaluateChange answers POST /evaluate/change: after's evaluation, as
// POST /evaluate answers it, with what moved the game's value since
// before and why (ruleset.Difference over the two explanation trees).
// The designer's panel sends this after each edit. A bad after is
// answered as /evaluate answers a bad body; a bad before only leaves the
// change out.
func (s *Server) evaluateChange(c *gin.Context) {
	var req changeRequest
	if !s.decodeBody(c, &req) {
		return
	}
	rs, d, err := s.svc.Rulesets().Decode(req.After)
	if err != nil {
		s.decodeProblem(c, err)
		return
	}
	d, ok := s.bind(c, d)
	if !ok {
		return
	}
	o := queryOptions(c)
	ev, err := s.svc.EvaluateDesign(d, o)
	if err != nil {
		s.optionFail(c, err)
		return
	}
	ans := changeAnswer{Evaluation: ev}
	if len(req.Before) > 0 {
		if rb, db, err := s.svc.Rulesets().Decode(req.Before); err == nil && rb == rs {
			if db, err = s.svc.Bind(c.Request.Context(), caller(c), db); err != nil {
				s.fail(c, err)
				return
			}
			if evb, err := s.svc.EvaluateDesign(db, o); err == nil {
				xa, oka := ev.(ruleset.Explained)
				xb, okb := evb.(ruleset.Explained)
				if oka && okb {
					ans.Change = ruleset.Difference(xb.Explain(), xa.Explain(), headlineKey(rs))
				}
			}
		}
	}
	s.json(c, http.StatusOK, ans)
}

// headlineKey is the explanation key of a game's first headline number:
// the last step of its pointer ("/cv" is "cv"), the key its term has in
// the explanation tree.
func headlineKey(r ruleset.Ruleset) string {
	if k, ok := headlineKeys.Load(r); ok {
		return k.(string)
	}
	k := ""
	for _, st := range r.Form().Stats {
		if st.Headline {
			k = st.Pointer[strings.LastIndex(st.Pointer, "/")+1:]
			break
		}
	}
	headlineKeys.Store(r, k)
	return k
}

// headlineKeys caches headlineKey per ruleset: a form is built per call
// by some games.
var headlineKeys sync.Map // ruleset.Ruleset -> string
